// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses (round 33).
// EXERCISE 06-shortcut — answer a miss without touching the disk.
//
// `knownNames` is the `maybeCached` set: the file names this cache has seen (nil if it could not
// be built). A name not in it is certainly not cached — answer false without calling `fileExists`.
// A name in it is only "maybe": ask the disk. With no set at all, ask the disk.
// Read: Chapters/06-maybe-cached/README.md, Sources/KFDCache/DiskStorageBackend.swift (`shortcutAllows`).
// Check: swift run workbook check 06-shortcut      Hint: swift run workbook hint 06-shortcut

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        guard let knownNames else { return fileExists(name) }
        return knownNames.contains(name) && fileExists(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

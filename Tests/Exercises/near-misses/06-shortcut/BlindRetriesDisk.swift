// NEAR-MISS: asks the disk a second time when it says no, in case the file was still being written (written blind)

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        if let knownNames, !knownNames.contains(name) { return false }
        return fileExists(name) || fileExists(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

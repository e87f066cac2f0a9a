// NEAR-MISS: treats a missing set (nil) as an empty one: every name becomes a miss when the set could not be built.

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        guard let knownNames, knownNames.contains(name) else { return false }
        return fileExists(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

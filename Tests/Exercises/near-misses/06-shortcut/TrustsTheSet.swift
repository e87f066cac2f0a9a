// NEAR-MISS: a name in the set is answered "cached" without the disk: a deleted file is reported cached.

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        guard let knownNames else { return fileExists(name) }
        return knownNames.contains(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

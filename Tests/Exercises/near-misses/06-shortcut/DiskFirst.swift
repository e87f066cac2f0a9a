// NEAR-MISS: asks the disk first and the set after: right answers, but every miss still touches the disk.

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        let exists = fileExists(name)
        if let knownNames, !knownNames.contains(name) { return false }
        return exists
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

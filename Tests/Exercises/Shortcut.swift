// Reference solution of 06-shortcut. Kept apart from the stub: try first.

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        if let knownNames, !knownNames.contains(name) { return false }
        return fileExists(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

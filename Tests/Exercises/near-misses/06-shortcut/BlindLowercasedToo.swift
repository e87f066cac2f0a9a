// NEAR-MISS: also tries the name lowercased in the set: "Photo-A" against ["photo-a"] asks the disk (case-insensitive one way) (written blind)

import ExerciseChecks

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        if let knownNames, !knownNames.contains(name), !knownNames.contains(name.lowercased()) { return false }
        return fileExists(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

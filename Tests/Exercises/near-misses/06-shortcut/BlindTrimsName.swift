// NEAR-MISS: looks the name up in the set with its whitespace trimmed: " a" counts as in a set holding "a" (written blind)

import ExerciseChecks
import Foundation

public enum Shortcut {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        if let knownNames, !knownNames.contains(name.trimmingCharacters(in: .whitespaces)) { return false }
        return fileExists(name)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

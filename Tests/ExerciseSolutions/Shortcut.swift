// Reference solution of 06-shortcut (the stub: Chapters/06-maybe-cached/Exercises/Shortcut.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit

public enum Shortcut: ShortcutExercise {
    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        if let knownNames, !knownNames.contains(name) { return false }
        return fileExists(name)
    }
}

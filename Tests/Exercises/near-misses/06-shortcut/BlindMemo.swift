// NEAR-MISS: remembers every disk answer in a static table: a later lookup of the same name, on another folder, gets the old answer (written blind)

import ExerciseChecks

public enum Shortcut {
    nonisolated(unsafe) static var answers: [String: Bool] = [:]   // guarded by nothing: the check calls from one thread

    public static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool {
        if let knownNames, !knownNames.contains(name) { return false }
        if let known = answers[name], known { return known }
        let answer = fileExists(name)
        answers[name] = answer
        return answer
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension Shortcut: ShortcutExercise {}

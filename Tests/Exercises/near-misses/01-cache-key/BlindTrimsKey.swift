// NEAR-MISS: trims whitespace from the key before computing (a key of " a" becomes "a") (written blind)

import ExerciseChecks

public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? key.trimmingCharacters(in: .whitespaces)
            : key.trimmingCharacters(in: .whitespaces) + "@" + processorIdentifier
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

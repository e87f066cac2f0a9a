// NEAR-MISS: always appends "@" + identifier, so a key with no processor becomes "key@".

import ExerciseChecks

public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        key + "@" + processorIdentifier
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

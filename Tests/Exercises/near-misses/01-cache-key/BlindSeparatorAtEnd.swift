// NEAR-MISS: a key already ending in "@" gets no second one: "a@" with "p" gives "a@p", not "a@@p" (written blind)

import ExerciseChecks

public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? key : (key.hasSuffix("@") ? key : key + "@") + processorIdentifier
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

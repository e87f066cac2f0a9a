// NEAR-MISS: an empty key stays empty whatever the processor: "" with "round(8)" gives "", not "@round(8)" (written blind)

import ExerciseChecks

public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        processorIdentifier.isEmpty || key.isEmpty ? key : key + "@" + processorIdentifier
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

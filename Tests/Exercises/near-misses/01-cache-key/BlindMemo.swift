// NEAR-MISS: remembers each key's computed key in a static table, keyed by the key alone: a second identifier gets the first one's answer (written blind)

import ExerciseChecks

public enum CacheKeys {
    nonisolated(unsafe) static var computed: [String: String] = [:]   // guarded by nothing: the check calls from one thread

    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        if let known = computed[key], !processorIdentifier.isEmpty { return known }
        let result = processorIdentifier.isEmpty ? key : key + "@" + processorIdentifier
        if !processorIdentifier.isEmpty { computed[key] = result }
        return result
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

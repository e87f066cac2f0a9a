// Reference solution of 01-cache-key (the stub: Chapters/01-namespace-enums/Exercises/CacheKey.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit

public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? key : key + "@" + processorIdentifier
    }
}

public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

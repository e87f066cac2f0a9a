// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses.
// EXERCISE 01-cache-key — a namespace for computed cache keys.
//
// Kingfisher stores a processed image under a *computed* key: the original key when the processor
// identifier is empty, otherwise key + "@" + identifier. Put that function in a caseless-enum
// namespace `CacheKeys` (a static function), and make it compute the key correctly.
// Read: Chapters/01-namespace-enums/README.md; Kingfisher: Sources/Cache/ImageCache.swift (computedKey).
// Check: swift run workbook check 01-cache-key      Hint: swift run workbook hint 01-cache-key

import ExerciseChecks

// TODO: make `CacheKeys` a namespace (no values), and compute the key as Kingfisher does.
public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? key : key + "@" + processorIdentifier
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

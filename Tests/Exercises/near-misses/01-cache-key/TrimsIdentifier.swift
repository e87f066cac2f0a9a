// NEAR-MISS: trims the identifier first, so an identifier of spaces counts as no processor.

import ExerciseChecks
import Foundation

public enum CacheKeys {
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        let identifier = processorIdentifier.trimmingCharacters(in: .whitespaces)
        return identifier.isEmpty ? key : key + "@" + identifier
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum CacheKey: CacheKeyExercise {
    public typealias Namespace = CacheKeys
    public static func computedKey(_ key: String, processorIdentifier: String) -> String {
        CacheKeys.computedKey(key, processorIdentifier: processorIdentifier)
    }
}

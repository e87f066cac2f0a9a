// NEAR-MISS: the struct is untouched; the protected typealias points at another, caseless enum.

import ExerciseChecks

public struct ThumbnailStorage {
    public init() {}

    public struct Config {
        public var limit: Int
        public init(limit: Int) { self.limit = limit }
    }
}

public enum SomethingElse {}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum NamespaceEnum: NamespaceEnumExercise {
    public typealias Namespace = SomethingElse
    public static func makeConfig(limit: Int) -> (limit: Int, typeName: String) {
        let config = ThumbnailStorage.Config(limit: limit)
        return (config.limit, String(describing: ThumbnailStorage.Config.self))
    }
}

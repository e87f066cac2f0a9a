// NEAR-MISS: an enum with a case and a public init: ThumbnailStorage() still compiles.

import ExerciseChecks

public enum ThumbnailStorage {
    case instance
    public init() { self = .instance }

    public struct Config {
        public var limit: Int
        public init(limit: Int) { self.limit = limit }
    }

    public final class Backend {
        public let config: Config
        public init(config: Config) { self.config = config }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum NamespaceEnum: NamespaceEnumExercise {
    public typealias Namespace = ThumbnailStorage
    public static func makeConfig(limit: Int) -> (limit: Int, typeName: String) {
        let config = ThumbnailStorage.Config(limit: limit)
        return (config.limit, String(describing: ThumbnailStorage.Config.self))
    }
}

// Reference solution of 01-namespace-enum (the stub: Chapters/01-namespace-enums/Exercises/NamespaceEnum.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit

public enum ThumbnailStorage {

    public struct Config {
        public var limit: Int
        public init(limit: Int) { self.limit = limit }
    }

    public final class Backend {
        public let config: Config
        public init(config: Config) { self.config = config }
    }
}

public enum NamespaceEnum: NamespaceEnumExercise {
    public typealias Namespace = ThumbnailStorage
    public static func makeConfig(limit: Int) -> (limit: Int, typeName: String) {
        let config = ThumbnailStorage.Config(limit: limit)
        return (config.limit, String(describing: ThumbnailStorage.Config.self))
    }
}

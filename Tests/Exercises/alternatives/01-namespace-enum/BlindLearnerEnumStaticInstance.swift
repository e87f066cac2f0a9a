// RIGHT ANSWER: another way, written by a learner who never saw the reference solution.
// EXERCISE 01-namespace-enum — turn a struct with an init into a namespace enum.
//
// `ThumbnailStorage` only exists to group `Config` and `Backend`, yet anyone can write
// `ThumbnailStorage()`. Make it a namespace nobody can instantiate, as `MemoryStorage` is.
// Read: Chapters/01-namespace-enums/README.md, Sources/KFDCache/MemoryStorage.swift (top).
// Check: swift run workbook check 01-namespace-enum      Hint: swift run workbook hint 01-namespace-enum

import ExerciseChecks

// TODO: make `ThumbnailStorage` a namespace that cannot be instantiated; keep Config and Backend inside.
public enum ThumbnailStorage {
    public static func makeDefault() -> Backend { Backend(config: Config(limit: 0)) }

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

// The exercises, from workbook.json. Each is one file the learner edits, in its chapter's
// Exercises/ folder; beside its reference solution (Tests/Exercises/<id>/) sit the shipped copy of
// that file (for `workbook reset` and `verify`) and the near-misses its check must reject.

public struct ExerciseInfo: Sendable, Equatable {
    public let name: String
    public let chapter: Int
    public let title: String
    public let file: String
    public let type: String
    public let check: String
    public let glue: String
    public let isConcurrency: Bool
    public let hints: [String]

    /// The file the learner edits, relative to the package root.
    public var stub: String {
        let folder = Catalog.chapter(named: "\(chapter)")?.folder ?? "Chapters"
        return "\(folder)/Exercises/\(file)"
    }
    /// The folder of its solution, shipped copy and near-misses, relative to the package root.
    public var folder: String { "Tests/Exercises/\(name)" }
    public var solution: String { "\(folder)/\(file)" }
    public var shipped: String { "\(folder)/shipped/\(file)" }
    public var nearMisses: String { "\(folder)/near-misses" }
    /// The fewest near-misses its corpus must hold.
    public var minimumNearMisses: Int { isConcurrency ? 3 : 2 }
}

public enum ExerciseCatalog {
    public static let exercises: [ExerciseInfo] = Manifest.current.chapters.flatMap { chapter in
        chapter.exercises.map {
            ExerciseInfo(name: $0.id, chapter: chapter.number, title: $0.title, file: $0.file, type: $0.type,
                         check: $0.check, glue: $0.glue, isConcurrency: $0.concurrency ?? false, hints: $0.hints)
        }
    }

    /// The exercise named `name`, or the exercises of chapter `name` ("4", "04").
    public static func select(_ name: String) -> [ExerciseInfo]? {
        if let exact = exercises.first(where: { $0.name == name.lowercased() }) { return [exact] }
        if let chapter = Catalog.chapter(named: name) {
            return exercises.filter { $0.chapter == chapter.number }
        }
        return nil
    }
}

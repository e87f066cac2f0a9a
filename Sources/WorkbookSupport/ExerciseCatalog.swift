// The exercises, from workbook.json. Each is one file the learner edits, in its chapter's
// Exercises/ folder. In Tests/Exercises/ sit its reference solution (same file name), the shipped
// copy of the stub (shipped/, for `workbook reset` and `verify`) and the near-misses its check must
// reject (near-misses/<id>/).

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
    /// The title and hints in Korean, from workbook.json (`title_ko`, `hints_ko`), if written.
    public var koreanTitle: String? = nil
    public var koreanHints: [String]? = nil
    /// The DO NOT EDIT digests of earlier versions of this exercise (see Manifest's `earlierGlue`).
    public var earlierGlue: [String] = []

    /// The title as `language` reads it (English when there is no Korean).
    public func title(in language: Language) -> String { language == .ko ? koreanTitle ?? title : title }
    /// The hints as `language` reads them: each Korean hint where there is one, else the English.
    public func hints(in language: Language) -> [String] {
        guard language == .ko, let korean = koreanHints else { return hints }
        return hints.indices.map { $0 < korean.count ? korean[$0] : hints[$0] }
    }

    /// The file the learner edits, relative to the package root.
    public var stub: String {
        let folder = Catalog.chapter(named: "\(chapter)")?.folder ?? "Chapters"
        return "\(folder)/Exercises/\(file)"
    }
    /// Its reference solution, the shipped stub and its near-misses' folder, relative to the package root.
    public var solution: String { "Tests/Exercises/\(file)" }
    public var shipped: String { "Tests/Exercises/shipped/\(file)" }
    public var nearMisses: String { "Tests/Exercises/near-misses/\(name)" }
    /// The fewest near-misses its corpus must hold.
    public var minimumNearMisses: Int { isConcurrency ? 3 : 2 }
}

public enum ExerciseCatalog {
    public static let exercises: [ExerciseInfo] = Manifest.current.chapters.flatMap { chapter in
        chapter.exercises.map {
            ExerciseInfo(name: $0.id, chapter: chapter.number, title: $0.title, file: $0.file, type: $0.type,
                         check: $0.check, glue: $0.glue, isConcurrency: $0.concurrency ?? false, hints: $0.hints,
                         koreanTitle: $0.koreanTitle, koreanHints: $0.koreanHints, earlierGlue: $0.earlierGlue ?? [])
        }
    }

    /// The exercise to go on with once `exercise` has passed: the first one not done after it in
    /// workbook order, then (wrapping round) the first not done before it; nil when all are done.
    public static func next(after exercise: ExerciseInfo, in list: [ExerciseInfo] = exercises,
                            isDone: (ExerciseInfo) -> Bool) -> ExerciseInfo? {
        guard let index = list.firstIndex(where: { $0.name == exercise.name }) else { return list.first { !isDone($0) } }
        return (list[(index + 1)...] + list[...index]).first { !isDone($0) }
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

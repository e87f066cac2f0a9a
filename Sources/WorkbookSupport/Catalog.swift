// The table of contents, from workbook.json: every chapter's number, slug, title and summary,
// read by `workbook list`, by each chapter's banner and by the manifest tests.

public struct ChapterInfo: Sendable, Equatable {
    public let number: Int
    public let slug: String
    public let title: String
    public let summary: String
    /// Whether its demos race on purpose: ThreadSanitizer runs skip it.
    public var deliberatelyRacy = false
    /// The title and summary in Korean, from workbook.json (`title_ko`, `summary_ko`), if written.
    public var koreanTitle: String?
    public var koreanSummary: String?

    /// The title and summary as `language` reads them (English when there is no Korean).
    public func title(in language: Language) -> String { language == .ko ? koreanTitle ?? title : title }
    public func summary(in language: Language) -> String { language == .ko ? koreanSummary ?? summary : summary }

    /// "04"
    public var paddedNumber: String { number < 10 ? "0\(number)" : "\(number)" }
    /// The executable's name, e.g. "ch04-issue-1233".
    public var executable: String { "ch\(paddedNumber)-\(slug)" }
    /// The chapter's folder, e.g. "Chapters/04-issue-1233".
    public var folder: String { "Chapters/\(paddedNumber)-\(slug)" }
}

public enum Catalog {
    public static let chapters: [ChapterInfo] = Manifest.current.chapters.map {
        ChapterInfo(number: $0.number, slug: $0.slug, title: $0.title, summary: $0.summary, deliberatelyRacy: $0.deliberatelyRacy,
                    koreanTitle: $0.koreanTitle, koreanSummary: $0.koreanSummary)
    }

    /// The chapter for "4", "04", "ch04", "issue-1233", "04-issue-1233" or "ch04-issue-1233".
    public static func chapter(named name: String) -> ChapterInfo? {
        let lowered = name.lowercased()
        let digits = lowered.hasPrefix("ch") ? String(lowered.dropFirst(2)) : lowered
        if let number = Int(digits) { return chapters.first { $0.number == number } }
        return chapters.first {
            lowered == $0.slug || lowered == "\($0.paddedNumber)-\($0.slug)" || lowered == $0.executable
        }
    }
}

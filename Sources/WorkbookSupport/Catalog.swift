// The table of contents: every chapter's number, slug, title and one-line summary, in one place,
// read by `workbook list`, by each chapter's banner and by the README check in the tests.

public struct ChapterInfo: Sendable, Equatable {
    public let number: Int
    public let slug: String
    public let title: String
    public let summary: String

    /// "04"
    public var paddedNumber: String { number < 10 ? "0\(number)" : "\(number)" }
    /// The executable's name, e.g. "ch04-issue-1233".
    public var executable: String { "ch\(paddedNumber)-\(slug)" }
    /// The chapter's folder, e.g. "Chapters/04-issue-1233".
    public var folder: String { "Chapters/\(paddedNumber)-\(slug)" }
}

public enum Catalog {
    public static let chapters: [ChapterInfo] = [
        ChapterInfo(number: 1, slug: "namespace-enums", title: "Namespace enums",
                    summary: "Why MemoryStorage and DiskStorage are caseless enums: the compiler's own words."),
        ChapterInfo(number: 2, slug: "kfd-wrapper", title: "The kfd wrapper trick",
                    summary: "KFDWrapper, two Compatible protocols, the empty set {}, and the collision it avoids."),
        ChapterInfo(number: 3, slug: "config-queue", title: "config / _config and the property queue",
                    summary: "A torn config, a self-reading property's stack overflow, and the += the queue cannot save."),
        ChapterInfo(number: 4, slug: "issue-1233", title: "The race behind issue #1233",
                    summary: "The 5.7.0 eviction delegate crashes here; PR #1255's fix survives the same stress."),
        ChapterInfo(number: 5, slug: "ceil-dates", title: "ceil and file-date precision",
                    summary: "Dates written as file times come back early; ceil fixes it; Linux's creationDate is ctime."),
        ChapterInfo(number: 6, slug: "maybe-cached", title: "maybeCached false positives",
                    summary: "The shortcut set's false positives and negatives counted, its payoff timed, and a Bloom filter."),
        ChapterInfo(number: 7, slug: "lock-vs-queue", title: "Lock vs serial queue",
                    summary: "NSLock, Mutex, queue and actor timed; a caller blocked by disk I/O; one queue for a multi-step job."),
        ChapterInfo(number: 8, slug: "hybrid-cache", title: "The hybrid cache (ImageCache's design)",
                    summary: "Memory hit, disk hit and miss timed side by side; warming; fromMemoryCacheOrRefresh; ioQueue order."),
        ChapterInfo(number: 9, slug: "three-caches", title: "Three caches compared",
                    summary: "Kingfisher's design vs two learners' (002, 003): one workload, the same faults, the differences printed."),
    ]

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

// workbook.json, read once: the single source of truth for chapters and exercises. Package.swift
// reads the same file; Tests/ExerciseTests/ManifestTests.swift fails, with the fix, when a folder,
// a file, a README row or a CI step disagrees with it.

import Foundation

/// The decoded manifest.
public struct WorkbookManifest: Decodable, Sendable {
    public struct Chapter: Decodable, Sendable {
        public let number: Int
        public let slug: String
        public let title: String
        public let summary: String
        /// Whether its demos race on purpose (ThreadSanitizer would report them): CI skips it under TSan.
        public let deliberatelyRacy: Bool
        public let exercises: [Exercise]
        /// The title and summary in Korean (`title_ko`, `summary_ko`); nil: the English is shown.
        public let koreanTitle: String?
        public let koreanSummary: String?

        enum CodingKeys: String, CodingKey {
            case number, slug, title, summary, deliberatelyRacy, exercises
            case koreanTitle = "title_ko", koreanSummary = "summary_ko"
        }
    }

    public struct Exercise: Decodable, Sendable {
        public let id: String
        public let title: String
        /// The file's name, the same in the chapter's Exercises/ folder, in Tests/Exercises/ and in its shipped/.
        public let file: String
        /// The type the check runs against, declared in the file.
        public let type: String
        /// The check function, `ChapterNChecks.name`, in Sources/ExerciseChecks.
        public let check: String
        /// The SHA-256 of the file's protected (DO NOT EDIT) lines: see ExerciseKit's `Glue`.
        public let glue: String
        /// The digests earlier versions of the workbook shipped for these lines (`glue_earlier`): a
        /// learner's file carrying one is from before the change, not edited by the learner.
        public let earlierGlue: [String]?
        /// Whether the mistakes it is about are concurrency mistakes (three near-misses at least).
        public let concurrency: Bool?
        public let hints: [String]
        /// The title and hints in Korean (`title_ko`, `hints_ko`, one for each English hint, in order).
        public let koreanTitle: String?
        public let koreanHints: [String]?

        enum CodingKeys: String, CodingKey {
            case id, title, file, type, check, glue, concurrency, hints
            case koreanTitle = "title_ko", koreanHints = "hints_ko", earlierGlue = "glue_earlier"
        }
    }

    public let chapters: [Chapter]
}

public enum Manifest {
    /// The package's root folder: where this file was built from (any local build), else the
    /// nearest folder at or above the current one that holds workbook.json.
    public static let root: URL? = {
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: built.appendingPathComponent("workbook.json").path) { return built }
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for _ in 0..<12 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("workbook.json").path) { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }()

    /// The manifest. A workbook without its manifest cannot say what it contains: that stops here,
    /// with the reason and exit status 1 — a clear error, not a trap.
    public static let current: WorkbookManifest = {
        guard let root else {
            stop("workbook.json not found (looked beside the sources and above \(FileManager.default.currentDirectoryPath)): "
                 + "run the workbook from its folder, and check that you may read it")
        }
        do {
            return try JSONDecoder().decode(WorkbookManifest.self, from: Data(contentsOf: root.appendingPathComponent("workbook.json")))
        } catch {
            stop("workbook.json cannot be read: \(error.localizedDescription)")
        }
    }()
}

/// Prints `message` as an error and exits with status 1.
private func stop(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

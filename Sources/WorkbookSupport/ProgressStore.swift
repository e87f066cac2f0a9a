// The learner's progress on disk: one JSON file, one entry per exercise. Several workbook processes
// use it at once (the README's way of working is `watch` in one pane and `check`, `hint` or `reset`
// in another), so no process keeps a copy to write back: every change takes a lock, re-reads the
// file, changes only its own entry and replaces the file atomically. Nothing another process
// recorded in the meantime is lost.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is known about one exercise.
public struct ProgressEntry: Codable, Equatable, Sendable {
    public var passed = false
    /// The SHA-256 of the file when it was last checked ("" when never checked).
    public var fileSHA256 = ""
    public var hintsSeen = 0

    public init(passed: Bool = false, fileSHA256: String = "", hintsSeen: Int = 0) {
        self.passed = passed
        self.fileSHA256 = fileSHA256
        self.hintsSeen = hintsSeen
    }

    /// Missing fields take their defaults, so a file written by an older or newer workbook still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        passed = try container.decodeIfPresent(Bool.self, forKey: .passed) ?? false
        fileSHA256 = try container.decodeIfPresent(String.self, forKey: .fileSHA256) ?? ""
        hintsSeen = try container.decodeIfPresent(Int.self, forKey: .hintsSeen) ?? 0
    }
}

/// Why progress could not be read or recorded, in words for the learner.
public struct ProgressError: Error, CustomStringConvertible {
    public let description: String
}

/// The progress file, read and changed safely by any number of processes.
public struct ProgressStore: Sendable {
    /// The JSON file: `[exercise id: entry]`.
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The lock file beside it. The JSON file itself cannot carry the lock: an atomic write
    /// replaces it with a new file, and a lock held on the old one would guard nothing.
    public var lockURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    /// Every entry, as the file holds it now (none when there is no file yet). Needs no lock: the
    /// file is only ever replaced whole, so a reader sees the old version or the new one.
    public func entries() throws(ProgressError) -> [String: ProgressEntry] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return [:] }
            throw ProgressError(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
        if data.isEmpty { return [:] }
        do { return try JSONDecoder().decode([String: ProgressEntry].self, from: data) } catch {
            throw ProgressError(description: "\(url.path) is not a progress file this workbook can read "
                                + "(it is left as it is: fix it, or delete it to start your progress afresh)")
        }
    }

    /// Changes the entry for `key` (nil: none yet; set it to nil to remove it) and writes the file,
    /// all under the lock, so that concurrent updates from other processes are kept. Returns every
    /// entry as written.
    @discardableResult
    public func update(_ key: String, _ change: (inout ProgressEntry?) -> Void) throws(ProgressError) -> [String: ProgressEntry] {
        try withLock { () throws(ProgressError) -> [String: ProgressEntry] in
            var all = try entries()
            var entry = all[key]
            change(&entry)
            all[key] = entry
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try encoder.encode(all).write(to: url, options: .atomic)
            } catch {
                throw ProgressError(description: "cannot write \(url.path): \(error.localizedDescription)")
            }
            return all
        }
    }

    /// Runs `body` holding an exclusive `flock` on the lock file; waits for any other holder.
    private func withLock<T>(_ body: () throws(ProgressError) -> T) throws(ProgressError) -> T {
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ProgressError(description: "cannot open the lock file \(lockURL.path): \(String(cString: strerror(errno)))")
        }
        // Closing the descriptor releases the lock too, also when `body` throws.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ProgressError(description: "cannot lock \(lockURL.path): \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}

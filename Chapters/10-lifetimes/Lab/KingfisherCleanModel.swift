// A model of Kingfisher 8.11.0's disk clean: `ImageCache.cleanExpiredDiskCache` and the three
// `DiskStorage.Backend` scans it runs. Written here, step for step, on real files; each step names
// the lines it models (Kingfisher 8.11.0, `git show 8.11.0:Sources/Cache/…`). Two faults of 8.11
// live in it (parts `cleanNeverReturns` and `trimSubfolders`):
//   • ImageCache.swift:896–917 — the removals, the notification and the completion handler share
//     one `do { … } catch {}`: a `removeFile` that throws skips the handler, and
//     `cleanExpiredDiskCache() async` (1430–1434) never returns;
//   • DiskStorage.swift:465–497 — the size trim lists through a recursive enumerator and, unlike
//     the expired pass (445: `if meta.isDirectory { return false }`), keeps folders and what is
//     in them.

import Dispatch
import Foundation
import WorkbookSupport

final class KingfisherCleanModel: Sendable {
    let directoryURL: URL
    /// `config.sizeLimit` (0: no limit, as Kingfisher's default).
    let sizeLimit: UInt
    let ioQueue = DispatchQueue(label: "model.ImageCache.ioQueue")
    /// Stands in for `DispatchQueue.main`, where Kingfisher sends the notification and the handler:
    /// this chapter's main thread is busy writing the report, so the real main queue never runs.
    let mainQueue = DispatchQueue(label: "model.main")
    /// Between the expired pass's listing and its first removal (armed only in the forced run).
    let beforeRemoving: PausePoint
    /// What `.KingfisherDidCleanDiskCache` would carry: the removed names (ImageCache.swift:903–911).
    let onCleaned: @Sendable ([String]) -> Void

    init(directoryURL: URL, sizeLimit: UInt, beforeRemoving: PausePoint = PausePoint(),
         onCleaned: @escaping @Sendable ([String]) -> Void = { _ in }) {
        self.directoryURL = directoryURL
        self.sizeLimit = sizeLimit
        self.beforeRemoving = beforeRemoving
        self.onCleaned = onCleaned
    }

    struct EnumeratorFailed: Error {}

    /// DiskStorage.swift:412–425, `allFileURLs(for:)`: `fileManager.enumerator(at: directoryURL,
    /// includingPropertiesForKeys: propertyKeys, options: .skipsHiddenFiles)` — which descends
    /// into sub-folders (only `.skipsSubdirectoryDescendants` would stop it).
    func allFileURLs(for keys: [URLResourceKey]) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directoryURL, includingPropertiesForKeys: keys,
                                                              options: .skipsHiddenFiles),
              let urls = enumerator.allObjects as? [URL] else { throw EnumeratorFailed() }
        return urls
    }

    /// DiskStorage.swift:434–457. A folder is skipped (445); a file whose metadata cannot be read
    /// counts as expired (449: `catch { return true }`); then `try expiredFiles.forEach { url in
    /// try removeFile(at: url) }` (453–455), `removeFile` being `fileManager.removeItem(at:)` (357–359).
    func removeExpiredValues(referenceDate: Date = Date()) throws -> [URL] {
        let keys: Set<URLResourceKey> = [.isDirectoryKey, .contentModificationDateKey]
        let urls = try allFileURLs(for: Array(keys))
        let expired = urls.filter { url in
            do {
                let values = try url.resourceValues(forKeys: keys)
                if values.isDirectory ?? false { return false }
                // FileMeta.expired (628–630) and Date.isPast (ExtensionHelpers.swift:107–109).
                return values.contentModificationDate.map { $0.timeIntervalSince(referenceDate) <= 0 } ?? true
            } catch {
                return true
            }
        }
        beforeRemoving.pass()
        try expired.forEach { try FileManager.default.removeItem(at: $0) }
        return expired
    }

    /// One entry of the trim's list (DiskStorage.swift:591–626, `FileMeta`: last access is the
    /// creation date).
    struct Meta {
        let url: URL
        let lastAccess: Date?
        let fileSize: Int
    }

    /// DiskStorage.swift:465–497: `if size < config.sizeLimit { return [] }` (470); every URL the
    /// enumerator gave whose metadata reads is a candidate (480–485) — folders too; newest first
    /// (487), then `while size > target, let meta = pendings.popLast()` removes (491–495).
    func removeSizeExceededValues() throws -> [URL] {
        if sizeLimit == 0 { return [] }
        var size = try totalSize()
        if size < sizeLimit { return [] }
        let keys: Set<URLResourceKey> = [.isDirectoryKey, .creationDateKey, .fileSizeKey]
        var pendings: [Meta] = try allFileURLs(for: Array(keys)).compactMap { url in
            guard let values = try? url.resourceValues(forKeys: keys) else { return nil }
            return Meta(url: url, lastAccess: values.creationDate, fileSize: values.fileSize ?? 0)
        }
        // FileMeta.lastAccessDate (600–602): most recent first.
        pendings.sort { ($0.lastAccess ?? .distantPast) > ($1.lastAccess ?? .distantPast) }
        var removed: [URL] = []
        let target = sizeLimit / 2
        while size > target, let meta = pendings.popLast() {
            size -= UInt(meta.fileSize)
            try FileManager.default.removeItem(at: meta.url)
            removed.append(meta.url)
        }
        return removed
    }

    /// DiskStorage.swift:500–513: the sum of `fileSize` over every URL the enumerator gave.
    func totalSize() throws -> UInt {
        try allFileURLs(for: [.fileSizeKey]).reduce(0) { size, url in
            size + UInt((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) ?? 0)
        }
    }

    /// ImageCache.swift:894–918, `cleanExpiredDiskCache(completion:)`, with its one catch:
    ///     do { … if let handler = handler { DispatchQueue.main.async { handler() } } } catch {}
    func cleanExpiredDiskCache(completion handler: (@Sendable () -> Void)? = nil) {
        ioQueue.async {
            do {
                var removed: [URL] = []
                removed.append(contentsOf: try self.removeExpiredValues())
                removed.append(contentsOf: try self.removeSizeExceededValues())
                if !removed.isEmpty {
                    self.mainQueue.async { [removed] in self.onCleaned(removed.map { $0.lastPathComponent }) }
                }
                if let handler {
                    self.mainQueue.async { handler() }
                }
            } catch {}
        }
    }

    /// ImageCache.swift:1430–1434:
    ///     await withCheckedContinuation { continuation in
    ///         cleanExpiredDiskCache { continuation.resume() }
    func cleanExpiredDiskCache() async {
        await withCheckedContinuation { continuation in
            cleanExpiredDiskCache { continuation.resume() }
        }
    }

    /// Returns once every block queued so far has run: the clean on `ioQueue`, then whatever it
    /// sent to the main queue's stand-in. From synchronous code only.
    func drain() {
        ioQueue.sync {}
        mainQueue.sync {}
    }
}

// A file's lifetime on disk: the dates that are its metadata, what a clean removes, and which
// lookups extend a lifetime (000 §3-2, 004 §6; 000 Q8).
//
// Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift: `removeExpiredValues`,
// `removeSizeExceededValues` (least recently accessed first, down to `sizeLimit / 2`),
// `value(forKey:referenceDate:actuallyLoad:…)` (`if !actuallyLoad { return T.empty }`
// before any byte is read), and `isCached(forKey:referenceDate:)` (`actuallyLoad: false,
// extendingExpiration: .none`). Sources/Cache/ImageCache.swift: `cleanExpiredDiskCache` posts
// `.KingfisherDidCleanDiskCache` when it removed files; `clearDiskCache` posts nothing.

import Foundation
import KFDCache
import WorkbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's two dates as the library keeps them: last access (creation date on Apple platforms,
/// atime on Linux: `LastAccessAttribute.platformDefault`) and expiration (modification date).
struct FileDatesOnDisk: Equatable, Sendable {
    let lastAccess: Date
    let expiration: Date

    /// Reads the dates of the file at `path` (whole seconds).
    static func read(_ path: String) throws -> FileDatesOnDisk {
        #if canImport(Darwin)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        func seconds(_ key: FileAttributeKey) -> Date {
            Date(timeIntervalSince1970: ((attributes[key] as? Date) ?? .distantPast).timeIntervalSince1970.rounded(.down))
        }
        return FileDatesOnDisk(lastAccess: seconds(.creationDate), expiration: seconds(.modificationDate))
        #else
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return FileDatesOnDisk(lastAccess: Date(timeIntervalSince1970: TimeInterval(info.st_atim.tv_sec)),
                               expiration: Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)))
        #endif
    }

    /// Writes both dates (whole seconds), as time passing would have left them.
    func write(to path: String) throws {
        #if canImport(Darwin)
        try FileManager.default.setAttributes([.creationDate: lastAccess, .modificationDate: expiration], ofItemAtPath: path)
        #else
        var times = [timespec(tv_sec: Int(lastAccess.timeIntervalSince1970), tv_nsec: 0),
                     timespec(tv_sec: Int(expiration.timeIntervalSince1970), tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
        #endif
    }
}

// MARK: Cleaning

/// One file of the cleaning demo, and what the clean did to it.
struct CleanedFile: Sendable {
    let key: String
    /// Minutes since its last access (the LRU order).
    let accessedMinutesAgo: Int
    /// Minutes until it expires (negative: expired already).
    let expiresInMinutes: Int
    /// "kept", "expired", or "trimmed #n" (the n-th file the size trim removed).
    var outcome = "kept"
}

struct CleaningRun: Sendable {
    var files: [CleanedFile]
    var sizeBefore: UInt = 0
    var sizeAfter: UInt = 0
    var sizeLimit: UInt = 0
    /// Notifications posted by cleanExpiredDiskCache (files removed), a second one (nothing left to
    /// remove), and clearDiskCache.
    var postsByClean = 0, postsBySecondClean = 0, postsByClear = 0
    var filesAfterClear = 0

    /// Ten 1000-byte files, size limit 6000: two expired, eight alive whose last accesses are
    /// minutes apart. `cleanExpiredDiskCache` removes the expired, then trims to half the limit.
    static func measure(in folder: URL) throws -> CleaningRun {
        let minutesAgo = [30, 5, 50, 10, 40, 20, 60, 1, 15, 45]
        let expiresIn = [60, 60, -10, 60, 60, -1, 60, 60, 60, 60]
        var run = CleaningRun(files: (0..<10).map {
            CleanedFile(key: "image-\($0)", accessedMinutesAgo: minutesAgo[$0], expiresInMinutes: expiresIn[$0])
        })
        run.sizeLimit = 6_000
        let disk = try DiskStorage.Backend<Data>(config: .init(name: "ch10-clean", sizeLimit: run.sizeLimit, directory: folder))
        let cache = HybridCache<Data>(memoryStorage: .init(config: .init(totalCostLimit: 0)), diskStorage: disk,
                                      serializer: DataTransformableSerializer<Data>())
        let now = Date().timeIntervalSince1970.rounded(.down)
        for file in run.files {
            try disk.store(value: Data(repeating: 1, count: 1_000), forKey: file.key)
            try FileDatesOnDisk(lastAccess: Date(timeIntervalSince1970: now - Double(file.accessedMinutesAgo * 60)),
                                expiration: Date(timeIntervalSince1970: now + Double(file.expiresInMinutes * 60)))
                .write(to: disk.cacheFileURL(forKey: file.key).path)
        }
        run.sizeBefore = try disk.totalSize()

        let posted = LockedList<[String]>()
        let observer = NotificationCenter.default.addObserver(forName: .KFDDidCleanDiskCache, object: cache, queue: nil) { note in
            posted.append(note.userInfo?[KFDDiskCacheCleanedHashKey] as? [String] ?? [])
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        _ = waitForCallback(timeout: 30) { done in cache.cleanExpiredDiskCache { done(()) } }
        run.postsByClean = posted.values.count
        run.sizeAfter = try disk.totalSize()
        let removed = posted.values.first ?? []
        for index in run.files.indices {
            let name = disk.cacheFileURL(forKey: run.files[index].key).deletingPathExtension().lastPathComponent
            guard let position = removed.firstIndex(of: name) else { continue }
            let expiredCount = run.files.filter { $0.expiresInMinutes <= 0 }.count
            run.files[index].outcome = run.files[index].expiresInMinutes <= 0 ? "expired" : "trimmed #\(position - expiredCount + 1)"
        }

        _ = waitForCallback(timeout: 30) { done in cache.cleanExpiredDiskCache { done(()) } }
        run.postsBySecondClean = posted.values.count - run.postsByClean
        _ = waitForCallback(timeout: 30) { done in cache.clearDiskCache { done(()) } }
        run.postsByClear = posted.values.count - run.postsByClean - run.postsBySecondClean
        run.filesAfterClear = (try? FileManager.default.contentsOfDirectory(atPath: disk.directoryURL.path).count) ?? -1
        return run
    }
}

// MARK: The two lookups

/// Bytes that decode only if they start with "PNG": a value whose decoding can fail.
struct PNGBytes: DataTransformable, Sendable {
    let data: Data
    func toData() throws -> Data { data }
    static func fromData(_ data: Data) throws -> PNGBytes {
        guard data.starts(with: Data("PNG".utf8)) else { throw CocoaError(.fileReadCorruptFile) }
        return PNGBytes(data: data)
    }
    static var empty: PNGBytes { PNGBytes(data: Data()) }
}

/// What `isCached(forKey:referenceDate:)` and `value(forKey:)` read and change.
struct LookupRun: Sendable {
    var before: FileDatesOnDisk
    var isCachedNow = false
    var afterIsCached: FileDatesOnDisk
    var isCachedIn10Minutes = false
    var valueFound = false
    var afterValue: FileDatesOnDisk
    var valueMoment: Date
    var corruptIsCached = false
    var corruptValueError = ""

    static func measure(in folder: URL) throws -> LookupRun {
        let disk = try DiskStorage.Backend<PNGBytes>(config: .init(name: "ch10-lookups", sizeLimit: 0, directory: folder))
        try disk.store(value: PNGBytes(data: Data("PNG good".utf8)), forKey: "good")
        let path = disk.cacheFileURL(forKey: "good").path
        // Stored 5 minutes ago with a lifetime of 10 minutes: 5 minutes left.
        let now = Date().timeIntervalSince1970.rounded(.down)
        let before = FileDatesOnDisk(lastAccess: Date(timeIntervalSince1970: now - 300), expiration: Date(timeIntervalSince1970: now + 300))
        try before.write(to: path)

        let isCachedNow = disk.isCached(forKey: "good")
        let isCachedLater = disk.isCached(forKey: "good", referenceDate: Date(timeIntervalSince1970: now + 600))
        disk.waitForMetadataUpdates()
        let afterIsCached = try FileDatesOnDisk.read(path)
        let moment = Date()
        let found = try disk.value(forKey: "good") != nil
        disk.waitForMetadataUpdates()
        let afterValue = try FileDatesOnDisk.read(path)

        try disk.store(value: PNGBytes(data: Data("PNG".utf8)), forKey: "corrupt")
        let corruptPath = disk.cacheFileURL(forKey: "corrupt").path
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: corruptPath))
        try before.write(to: corruptPath)   // the write reset its dates; give it back its 5 minutes
        let corruptIsCached = disk.isCached(forKey: "corrupt")
        var corruptError = "none"
        do { _ = try disk.value(forKey: "corrupt") } catch CacheError.cannotConvertFromData {
            corruptError = "CacheError.cannotConvertFromData"
        } catch { corruptError = "\(error)" }
        return LookupRun(before: before, isCachedNow: isCachedNow, afterIsCached: afterIsCached, isCachedIn10Minutes: isCachedLater,
                         valueFound: found, afterValue: afterValue, valueMoment: moment, corruptIsCached: corruptIsCached,
                         corruptValueError: corruptError)
    }
}

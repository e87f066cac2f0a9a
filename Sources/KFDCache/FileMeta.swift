// The two dates a disk cache file carries, read and written the same way on every path.

import Foundation

extension DiskStorage {

    /// What the storage knows about one file from its metadata, without reading its bytes, in
    /// Kingfisher 8.11's shape (`DiskStorage.FileMeta`: its memberwise init and its ordering are
    /// what its tests reach). The scans themselves read `ScannedFile`s, which need no `URL`.
    struct FileMeta {
        let url: URL
        let lastAccessDate: Date?
        let estimatedExpirationDate: Date?
        let isDirectory: Bool
        let fileSize: Int

        /// Kingfisher's ordering, for `sorted(by:)`: the most recently accessed first (a file
        /// without a date last). Its trim sorts so and removes from the end.
        static func lastAccessDate(lhs: FileMeta, rhs: FileMeta) -> Bool {
            (lhs.lastAccessDate ?? .distantPast) > (rhs.lastAccessDate ?? .distantPast)
        }

        /// Kingfisher's memberwise initializer.
        init(fileURL: URL, lastAccessDate: Date?, estimatedExpirationDate: Date?, isDirectory: Bool, fileSize: Int) {
            self.url = fileURL
            self.lastAccessDate = lastAccessDate
            self.estimatedExpirationDate = estimatedExpirationDate
            self.isDirectory = isDirectory
            self.fileSize = fileSize
        }

        /// The resource keys `init(fileURL:attribute:)` asks for.
        static func resourceKeys(_ attribute: LastAccessAttribute) -> Set<URLResourceKey> {
            [lastAccessKey(attribute), .contentModificationDateKey, .isDirectoryKey, .fileSizeKey, .isSymbolicLinkKey]
        }

        private static func lastAccessKey(_ attribute: LastAccessAttribute) -> URLResourceKey {
            switch attribute {
            case .creationDate: return .creationDateKey
            case .contentAccessDate: return .contentAccessDateKey
            }
        }

        /// - Throws: when the entry cannot be read — and `fileNoSuchFile` for a symbolic link
        ///   whose target is gone: the cache never writes links, and a link is followed (as
        ///   Kingfisher's `fileExists` does), so a dangling one is a miss. Kingfisher 8.11 instead
        ///   throws `cannotLoadDataFromDisk` from its read; `value`/`isCached` here agree: nil, false.
        init(fileURL: URL, attribute: LastAccessAttribute) throws {
            // A fresh URL: on Apple platforms a URL caches resource values it has read once.
            let url = URL(fileURLWithPath: fileURL.path)
            var values = try url.resourceValues(forKeys: Self.resourceKeys(attribute))
            if values.isSymbolicLink == true {
                let target = url.resolvingSymlinksInPath()
                guard target.path != url.path, FileManager.default.fileExists(atPath: target.path) else {
                    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
                }
                values = try target.resourceValues(forKeys: Self.resourceKeys(attribute))
            }
            self.url = fileURL
            switch attribute {
            case .creationDate: lastAccessDate = values.creationDate
            case .contentAccessDate: lastAccessDate = values.contentAccessDate
            }
            estimatedExpirationDate = values.contentModificationDate
            isDirectory = values.isDirectory ?? false
            fileSize = values.fileSize ?? 0
        }

        /// Whether the file's value has expired at `referenceDate`. A file without an expiration
        /// date counts as expired: we cannot tell it is still valid.
        func expired(referenceDate: Date) -> Bool {
            guard let expiration = estimatedExpirationDate else { return true }
            return expiration <= referenceDate
        }

        /// Rewrites the dates after a hit, as `extendingExpiration` says (see `FileDates.extend`).
        func extendExpiration(_ extending: ExpirationExtending, now: Date,
                              attribute: LastAccessAttribute, fileManager: FileManager) throws {
            guard let lastAccess = lastAccessDate, let expiration = estimatedExpirationDate else { return }
            try FileDates.extend(path: url.path, lastAccess: lastAccess, expiration: expiration, extending: extending,
                                 now: now, attribute: attribute, fileManager: fileManager)
        }
    }

    /// Writes the two dates where the chosen attribute says, always rounded up to whole seconds,
    /// and always inside the range every cache file system keeps as written.
    enum FileDates {
        /// The latest date a file is given: 2200-01-01T00:00:00Z. `.never` is
        /// `Date.distantFuture` (year 4001), as in Kingfisher, and no file system keeps that as
        /// it is: ext4 clamps it to 2446 (measured here); APFS keeps signed 64-bit nanoseconds
        /// since 1970 (to year 2262) and what Foundation does past that is undocumented — clamped,
        /// wrapped into the past, or refused. A date we choose, inside every such range, keeps
        /// the promise ("far in the future") the same on every platform, and a `.cacheTime` hit
        /// on it (lifetime = expiration − last access) stays far in the future too.
        static let latestKept = Date(timeIntervalSince1970: 7_258_118_400)
        /// The earliest date a file is given: 1970-01-01T00:00:00Z, for `.expired`
        /// (`Date.distantPast`, year 1) and any date before it. Year 1 is outside APFS's range
        /// too (1678 on), and a wrapped value could come back as a *future* date: an expired entry
        /// that reads as valid. Every file system keeps 0.
        static let earliestKept = Date(timeIntervalSince1970: 0)

        /// `date` rounded up to a whole second (`fileAttributeDate`) and brought inside the kept range.
        static func kept(_ date: Date) -> Date {
            min(latestKept, max(earliestKept, date.fileAttributeDate))
        }

        /// The dates after a hit at `now`. `.cacheTime` restarts the *original* lifetime, recovered
        /// as expiration − last access; that difference stays exact only because both dates are
        /// whole seconds (`fileAttributeDate`).
        static func extend(path: String, lastAccess: Date, expiration: Date, extending: ExpirationExtending, now: Date,
                           attribute: LastAccessAttribute, fileManager: FileManager) throws {
            let newExpiration: StorageExpiration
            switch extending {
            case .none:
                return
            case .cacheTime:
                newExpiration = .seconds(expiration.timeIntervalSince(lastAccess))
            case .expirationTime(let replacement):
                newExpiration = replacement
            }
            try write(lastAccess: now, expiration: newExpiration.estimatedExpirationSince(now),
                      toPath: path, attribute: attribute, fileManager: fileManager)
        }

        static func write(lastAccess: Date, expiration: Date, to url: URL,
                          attribute: LastAccessAttribute, fileManager: FileManager) throws {
            try write(lastAccess: lastAccess, expiration: expiration, toPath: url.path, attribute: attribute, fileManager: fileManager)
        }

        static func write(lastAccess: Date, expiration: Date, toPath path: String,
                          attribute: LastAccessAttribute, fileManager: FileManager) throws {
            let lastAccess = kept(lastAccess)
            let expiration = kept(expiration)
            switch attribute {
            case .creationDate:
                // Kingfisher's write. On Linux the creation date is silently ignored.
                try fileManager.setAttributes([.creationDate: lastAccess, .modificationDate: expiration], ofItemAtPath: path)
            case .contentAccessDate:
                // Both times in one system call: setting the modification date alone through
                // FileManager would overwrite the access time too.
                try FileSystem.setTimes(path, access: lastAccess, modification: expiration)
            }
        }
    }
}

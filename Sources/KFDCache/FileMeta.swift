// The two dates a disk cache file carries, read and written the same way on every path.

import Foundation

extension DiskStorage {

    /// What the storage knows about one file from its metadata, without reading its bytes.
    struct FileMeta {
        let url: URL
        let lastAccessDate: Date?
        let estimatedExpirationDate: Date?
        let isDirectory: Bool
        let fileSize: Int

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

        /// Rewrites the dates after a hit, as `extendingExpiration` says. `.cacheTime` restarts
        /// the *original* lifetime, recovered as expiration − last access; that difference stays
        /// exact only because both dates are whole seconds (`fileAttributeDate`).
        func extendExpiration(_ extending: ExpirationExtending, now: Date,
                              attribute: LastAccessAttribute, fileManager: FileManager) throws {
            guard let lastAccess = lastAccessDate, let expiration = estimatedExpirationDate else { return }
            let newExpiration: StorageExpiration
            switch extending {
            case .none:
                return
            case .cacheTime:
                newExpiration = .seconds(expiration.timeIntervalSince(lastAccess))
            case .expirationTime(let replacement):
                newExpiration = replacement
            }
            try FileDates.write(lastAccess: now, expiration: newExpiration.estimatedExpirationSince(now),
                                to: url, attribute: attribute, fileManager: fileManager)
        }
    }

    /// Writes the two dates where the chosen attribute says, always rounded up to whole seconds.
    enum FileDates {
        static func write(lastAccess: Date, expiration: Date, to url: URL,
                          attribute: LastAccessAttribute, fileManager: FileManager) throws {
            let lastAccess = lastAccess.fileAttributeDate
            let expiration = expiration.fileAttributeDate
            switch attribute {
            case .creationDate:
                // Kingfisher's write. On Linux the creation date is silently ignored.
                try fileManager.setAttributes(
                    [.creationDate: lastAccess, .modificationDate: expiration], ofItemAtPath: url.path)
            case .contentAccessDate:
                // Both dates in one call: setting the modification date alone through
                // FileManager would overwrite the access time too.
                var values = URLResourceValues()
                values.contentAccessDate = lastAccess
                values.contentModificationDate = expiration
                var target = url
                try target.setResourceValues(values)
            }
        }
    }
}

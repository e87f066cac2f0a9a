// One error type for the whole library. Kingfisher nests these under
// `KingfisherError.CacheErrorReason`; we keep one flat enum because the library has one job.

import Foundation

/// Everything that can go wrong in the storages, each case saying what and where.
public enum CacheError: Error, Sendable, CustomStringConvertible {
    /// The storage's directory could not be created or reached when the backend was made, so
    /// the backend answers every call with this error instead of touching the disk.
    case storageNotReady(directory: URL)
    /// The directory (or one of its parents) could not be created.
    case cannotCreateDirectory(path: String, underlying: any Error)
    /// The value could not be turned into bytes (`DataTransformable.toData()` threw).
    case cannotConvertToData(key: String, underlying: any Error)
    /// The bytes on disk could not be turned back into a value (`fromData(_:)` threw).
    case cannotConvertFromData(key: String, fileURL: URL, underlying: any Error)
    /// The cache file could not be written.
    case cannotCreateCacheFile(key: String, fileURL: URL, underlying: any Error)
    /// The cache file exists but could not be read.
    case cannotLoadDataFromDisk(fileURL: URL, underlying: any Error)
    /// The file's dates (last access, expiration) could not be read or written.
    case cannotAccessFileAttributes(fileURL: URL, underlying: any Error)
    /// The cache file could not be removed.
    case cannotRemoveFile(fileURL: URL, underlying: any Error)
    /// The directory's contents could not be listed.
    case cannotListDirectory(directory: URL, underlying: any Error)
    /// The key cannot be used as a file name (only with `usesHashedFileName = false`).
    case invalidKey(key: String, reason: String)
    /// A cache needs a non-empty name: it names the disk folder.
    case invalidCacheName

    public var description: String {
        switch self {
        case .storageNotReady(let directory):
            return "disk storage is not ready: its directory \(directory.path) could not be created"
        case .cannotCreateDirectory(let path, let error):
            return "cannot create the cache directory at \(path): \(Self.describe(error))"
        case .cannotConvertToData(let key, let error):
            return "cannot convert the value for key \"\(key)\" to data: \(Self.describe(error))"
        case .cannotConvertFromData(let key, let url, let error):
            return "cannot decode the file \(url.lastPathComponent) for key \"\(key)\": \(Self.describe(error))"
        case .cannotCreateCacheFile(let key, let url, let error):
            return "cannot write the cache file \(url.path) for key \"\(key)\": \(Self.describe(error))"
        case .cannotLoadDataFromDisk(let url, let error):
            return "cannot read the cache file \(url.path): \(Self.describe(error))"
        case .cannotAccessFileAttributes(let url, let error):
            return "cannot read or set the dates of \(url.path): \(Self.describe(error))"
        case .cannotRemoveFile(let url, let error):
            return "cannot remove \(url.path): \(Self.describe(error))"
        case .cannotListDirectory(let url, let error):
            return "cannot list the cache directory \(url.path): \(Self.describe(error))"
        case .invalidKey(let key, let reason):
            return "the key \(key.debugDescription) cannot be used as a file name: \(reason)"
        case .invalidCacheName:
            return "a cache's name must not be empty: it names the disk folder"
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let cacheError = error as? CacheError { return cacheError.description }
        let ns = error as NSError
        return "\(ns.localizedDescription) (\(ns.domain) \(ns.code))"
    }
}

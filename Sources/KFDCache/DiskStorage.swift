// Disk storage: Kingfisher 8's `Sources/Cache/DiskStorage.swift`, rebuilt to be true on Linux.
//
// Each value is one file in one folder. There is no database: the file's own dates *are* the
// metadata (chapter 5 writes and reads both dates, and shows why each lives where it does):
//   • "last access"          → the date Kingfisher keeps in `creationDate`; here, where the
//                              platform can really write it (see `LastAccessAttribute`);
//   • "estimated expiration" → the file's `modificationDate`, a date in the future.
// The backend lives in DiskStorageBackend.swift, the per-file metadata in FileMeta.swift.

import Foundation

/// A namespace for the disk storage's types (chapter 1): it has no cases, so it has no values.
public enum DiskStorage {}

extension DiskStorage {

    /// Which file date holds a value's "last access" time.
    ///
    /// Kingfisher keeps it in `creationDate`, which Apple's file systems let you set. On Linux,
    /// `FileManager.setAttributes([.creationDate: …])` succeeds and does nothing, and the
    /// `creationDate` Foundation reads back is the inode's *change* time (ctime), which moves on
    /// every write, chmod, rename or xattr change. A straight port therefore lets `.cacheTime`
    /// lifetimes creep up on every read and lets unrelated metadata changes reorder trimming.
    /// Chapter 5 runs both choices side by side.
    public enum LastAccessAttribute: Sendable, Equatable {
        /// The file's creation date (Kingfisher's choice; only writable on Apple platforms).
        case creationDate
        /// The file's access time (`atime`), written explicitly on each hit. Reads made by the
        /// storage itself use `O_NOATIME` on Linux, so the kernel does not move it behind our back.
        ///
        /// `O_NOATIME` exists only on Linux. On Apple platforms the storage reads plainly, and
        /// whether a read moves atime is the volume's policy (APFS may update it on read, as
        /// `relatime` does), so there a read with `.none` could still move "last access" — one
        /// reason `.creationDate` is the Apple default: no read ever moves a creation date.
        /// `LastAccessTests.readKeepsAccessTime` records which happened on the machine it runs on.
        case contentAccessDate

        /// The attribute this platform can really write.
        public static var platformDefault: LastAccessAttribute {
            #if canImport(Darwin)
            return .creationDate
            #else
            return .contentAccessDate
            #endif
        }
    }

    /// The settings of a disk storage.
    ///
    /// `@unchecked Sendable` because of `fileManager`: `FileManager` is Sendable in corelibs
    /// (Linux) but not in Apple's SDK, so a checked `Sendable` here does not compile on a Mac.
    /// Kingfisher 8 declares its `Config` the same way. `.ci/darwin-check` keeps this honest.
    // @unchecked Sendable: every field is a value except `fileManager`, whose methods Apple
    // documents as safe to call from several threads; nothing here mutates it.
    public struct Config: @unchecked Sendable {
        /// The size, in bytes, that `removeSizeExceededValues()` trims down from (0: no limit).
        public var sizeLimit: UInt
        /// The expiration a value gets when `store` is called without one. Default: 7 days.
        public var expiration: StorageExpiration = .days(7)
        /// An extension appended to every file name (`nil`: none).
        public var pathExtension: String? = nil
        /// Whether file names are the SHA-256 of the key (default) or the key itself.
        /// Keys used as file names are validated: see `CacheError.invalidKey`.
        public var usesHashedFileName = true
        /// With hashed names, whether to keep the key's own extension (`"a.png"` → `"<hash>.png"`).
        public var autoExtAfterHashedFileName = false
        /// Builds the storage folder from the base folder and the cache name. Called once, by the
        /// backend's initializer, which then sets it to `nil`: a closure kept in a long-lived config
        /// could hold on to whatever it captured (Kingfisher drops it after use too).
        public var cachePathBlock: (@Sendable (_ directory: URL, _ cacheName: String) -> URL)? = {
            directory, cacheName in directory.appendingPathComponent(cacheName, isDirectory: true)
        }
        /// Where "last access" is kept. Default: what this platform can write.
        public var lastAccessAttribute: LastAccessAttribute = .platformDefault

        /// The storage's name; the folder name is derived from it.
        public let name: String
        /// The file manager for the storage's folder-level and rare steps — not for every file
        /// operation, as in Kingfisher. Exactly these go through it:
        /// - finding the user's caches folder when no `directory` is given (`urls(for:in:)`);
        /// - making the folder and asking whether it exists (`fileExists(atPath:isDirectory:)`,
        ///   `createDirectory(atPath:…)`): at init, before the first scan, when a store finds it gone;
        /// - the first scan's listing (`contentsOfDirectory(atPath:)`), when the file manager is a
        ///   subclass (a plain `FileManager` lists as `readdir` does, so `readdir` it is);
        /// - `remove(forKey:)` and `removeAll()` (`removeItem(at:)`);
        /// - after a read or `isCached` fails for a reason other than a missing file, confirming
        ///   the file exists (`fileExists(atPath:)`): not confirmed is a miss, confirmed an error
        ///   (Kingfisher 8.11's rule);
        /// - writing the dates with `LastAccessAttribute.creationDate` (`setAttributes`).
        ///
        /// Everything on the hot path and in the scans is a system call instead (FileSystem.swift):
        /// reads (`open`/`fstat`/`read`), `isCached` (`stat`), stores (`open`/`write`/`futimens`/
        /// `rename`), `.contentAccessDate` date writes (`utimensat`), and the cleaning and size
        /// scans (`readdir` + `fstatat`, and `unlink` for the files a clean removes). A file manager
        /// that overrides other methods is therefore not consulted for those.
        public let fileManager: FileManager
        let directory: URL?

        /// - Parameters:
        ///   - name: names the folder; must not be empty.
        ///   - sizeLimit: bytes; 0 means no limit.
        ///   - fileManager: the file manager to use.
        ///   - directory: the base folder; `nil` means the user's caches folder.
        public init(name: String, sizeLimit: UInt, fileManager: FileManager = .default, directory: URL? = nil) {
            self.name = name
            self.sizeLimit = sizeLimit
            self.fileManager = fileManager
            self.directory = directory
        }
    }

    /// Works out the storage's folder from a config (Kingfisher's `DiskStorage.Creation`).
    struct Creation {
        let directoryURL: URL
        let cacheName: String

        init(_ config: Config) {
            let base: URL
            if let directory = config.directory {
                base = directory
            } else {
                // On Apple platforms: Library/Caches, which the system may purge when space runs
                // low — so a cache must treat a vanished folder as normal (chapter 9, part 3).
                // On Linux: $XDG_CACHE_HOME or ~/.cache.
                base = config.fileManager.urls(for: .cachesDirectory, in: .userDomainMask).first
                    ?? URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            }
            cacheName = "com.kfdcache.DiskStorage.\(config.name)"
            let block = config.cachePathBlock ?? { directory, name in
                directory.appendingPathComponent(name, isDirectory: true)
            }
            directoryURL = block(base, cacheName)
        }
    }
}

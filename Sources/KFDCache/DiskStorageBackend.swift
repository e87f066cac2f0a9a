// The disk storage backend. What guards what (chapters 3, 6 and 7):
//   propertyQueue             — `_config` (chapter 3: Kingfisher's design) and, here only,
//                               `storageReady`: Kingfisher 8.11.0's queue guards `_config` alone
//                               (`Sources/Cache/DiskStorage.swift` lines 48–57) and its
//                               `storageReady` is a plain `var` (line 73, set at line 140);
//                               each set also publishes an immutable `Settings` snapshot
//   settings (a lock)         — the snapshot the hot path reads: one lock, no queue hop
//   shortcut (a lock)         — the `maybeCached` set (chapter 6); its first scan runs on
//                               `maybeCachedCheckingQueue`, off the caller's thread
//   metaChangingQueue         — date rewrites after a hit, off the caller's thread (chapter 7)
// File reads and writes themselves run on the caller's thread, on system calls (FileSystem.swift):
// the file system is the arbiter.

import Dispatch
import Foundation
import Synchronization

extension DiskStorage {

    /// A thread-safe store of values as files in one folder.
    // @unchecked Sendable: `_config` and `_storageReady` are only touched on `propertyQueue`; the
    // settings snapshot and the shortcut set are inside `Locked`s; everything else is immutable or atomic.
    public final class Backend<T: DataTransformable & Sendable>: @unchecked Sendable {

        private let propertyQueue = DispatchQueue(label: "com.kfdcache.DiskStorage.Backend.propertyQueue")
        private var _config: Config
        private var _storageReady = true

        /// The storage's settings. Reads and writes go through `propertyQueue`, so a config set on
        /// one thread is never seen half-written on another. Each get or set is atomic on its own;
        /// `config.x += 1` is a get *then* a set, and is not (chapter 3 counts the lost updates).
        ///
        /// What we did instead of Kingfisher on the hot path, and why: Kingfisher's `value` and
        /// `isCached` read `config` through `propertyQueue.sync` too, and that hop cost more than
        /// the `stat` it guarded (Experiments/disk-overhead: `isCached` 2.4× a `stat`). Here a set,
        /// still on `propertyQueue` (so sets stay ordered and chapter 3's lesson holds), also
        /// publishes an immutable `Settings` snapshot; `store`, `value`, `isCached` and the scans
        /// take that snapshot under a lock (tens of nanoseconds, no thread handoff) and never see a
        /// config half-written, because nobody writes a snapshot: a set replaces it.
        public var config: Config {
            get { propertyQueue.sync { _config } }
            set { propertyQueue.sync { _config = newValue; publishSettings() } }
        }

        /// The config and readiness as of the last set; replaced whole, never changed.
        typealias Settings = BackendSettings
        /// The current snapshot. Written only from `propertyQueue` (by `publishSettings`).
        private let settings: Locked<Settings>

        /// Replaces the snapshot with `_config` and `_storageReady`. Call on `propertyQueue` only.
        private func publishSettings() {
            let fresh = Settings(config: _config, ready: _storageReady)
            settings.withLock { $0 = fresh }
        }

        /// The folder holding the files. Fixed at init: `cachePathBlock` is not consulted again.
        public let directoryURL: URL

        let metaChangingQueue: DispatchQueue
        /// The thread running a block on `metaChangingQueue` now (0: none), so that waiting for the
        /// queue from a block already on it is skipped instead of trapping (a serial queue cannot
        /// wait for itself). Kept by hand, not with `DispatchQueue.getSpecific`: under many threads
        /// that corrupted the heap here (corelibs, Linux; measured in the exercise probes).
        private let metaChangingRunner = Atomic<UInt>(0)
        /// Date rewrites queued and not yet done: waiting is skipped (no queue hop) when none are.
        private let pendingMetaChanges = Atomic<Int>(0)

        /// Tells a test when the initial folder scan runs, and whether the folder existed then
        /// (Kingfisher's tests watch it through a `FileManager` subclass whose
        /// `contentsOfDirectory(atPath:)` they delay, which works here too: see `initialFileNames`).
        /// Set once, by `init`.
        private let scanObserver: (@Sendable (ScanEvent) -> Void)?

        /// The folder's path, for the system calls (built once: `URL` work costs microseconds).
        let directoryPath: String

        /// The names of the files that may exist: built once on a background queue when the
        /// backend is made, then added to on every store. *Not* removed from on remove (a stale
        /// name only costs one `stat`), so "not in the set" means "not cached" and "in the set"
        /// means "maybe". Unknown (every check asks the disk) while the first scan runs, or when
        /// the folder could not be listed.
        ///
        /// Kingfisher reads it through `maybeCachedCheckingQueue.sync`. A lookup is a few hash
        /// operations, where a queue hop costs several times an uncontended lock (chapter 7 times
        /// NSLock, Mutex, a queue and an actor side by side), so a lock guards it here (`Locked`
        /// says why an NSLock rather than a Mutex).
        let shortcut = Locked(Shortcut())
        /// Runs the first folder scan, off the caller's thread.
        let maybeCachedCheckingQueue = DispatchQueue(label: "com.kfdcache.DiskStorage.Backend.maybeCachedCheckingQueue")

        /// The `maybeCached` set and what happens to it while the first scan runs.
        struct Shortcut {
            /// nil: unknown.
            var names: Set<String>?
            var scanning = true
            /// Stored while the scan ran: added to its result.
            var storedDuringScan = Set<String>()
            /// `removeAll` ran while the scan ran: its listing is stale.
            var clearedDuringScan = false

            /// false: certainly not stored; true: maybe.
            func allows(_ name: String) -> Bool { scanning ? true : (names?.contains(name) ?? true) }
            mutating func stored(_ name: String) {
                if scanning { storedDuringScan.insert(name) } else { names?.insert(name) }
            }
            mutating func clear() {
                if scanning { clearedDuringScan = true; storedDuringScan = [] } else { names = [] }
            }
            mutating func scanned(_ listed: Set<String>?) {
                names = clearedDuringScan ? storedDuringScan : listed.map { $0.union(storedDuringScan) }
                scanning = false
                storedDuringScan = []
            }
        }

        /// The clock. Tests replace it to move through lifetimes without sleeping.
        let now: @Sendable () -> Date

        /// The hashes of the keys asked lately (RecentHashes.swift): a key asked again is not
        /// hashed again. Holds at most 1,024 keys.
        let recentHashes = RecentHashes()

        /// Makes a backend and its folder.
        /// - Throws: `CacheError.cannotCreateDirectory` when the folder cannot be made.
        public convenience init(config: Config) throws {
            self.init(unpreparedConfig: config, now: { Date() }, scanObserver: nil)
            // The folder first, then the scan that lists it (Kingfisher 8.11's order, fbf573d7).
            try prepareDirectory()
            setupCacheChecking()
        }

        /// Makes a backend that never throws. When `creatingDirectory` is true and the folder cannot
        /// be made, the backend is *not ready*: every call then throws `CacheError.storageNotReady`.
        public convenience init(noThrowConfig config: Config, creatingDirectory: Bool) {
            self.init(noThrowConfig: config, creatingDirectory: creatingDirectory, now: { Date() })
        }

        convenience init(noThrowConfig config: Config, creatingDirectory: Bool, now: @escaping @Sendable () -> Date,
                         scanObserver: (@Sendable (ScanEvent) -> Void)? = nil) {
            self.init(unpreparedConfig: config, now: now, scanObserver: scanObserver)
            if creatingDirectory { try? prepareDirectory() }
            // Queued whether or not the folder was made: a folder that is not there holds no
            // files, and the stores that make it later add their names.
            setupCacheChecking()
        }

        /// Sets the fields only: no folder made, no scan queued (the convenience inits do both, in
        /// that order).
        private init(unpreparedConfig config: Config, now: @escaping @Sendable () -> Date,
                     scanObserver: (@Sendable (ScanEvent) -> Void)?) {
            var config = config
            let creation = Creation(config)
            directoryURL = creation.directoryURL
            directoryPath = creation.directoryURL.path
            // Break any retain cycle the caller's closure may have made (Kingfisher does the same).
            config.cachePathBlock = nil
            _config = config
            settings = Locked(Settings(config: config, ready: true))
            self.now = now
            self.scanObserver = scanObserver
            metaChangingQueue = DispatchQueue(label: creation.cacheName)
        }

        /// What the initial folder scan saw.
        struct ScanEvent: Sendable, Equatable {
            /// Whether the folder existed when the scan ran (the inits make it first; it is missing
            /// only when it could not be made, or when `creatingDirectory` was false).
            let folderExisted: Bool
            /// The names found; nil when the listing failed (then every check asks the disk).
            let names: Set<String>?
        }

        /// Makes every later call fail with `storageNotReady` (a cache that could not be set up).
        func markNotReady() { storageReady = false }

        private var storageReady: Bool {
            get { propertyQueue.sync { _storageReady } }
            set { propertyQueue.sync { _storageReady = newValue; publishSettings() } }
        }

        private func setupCacheChecking() {
            maybeCachedCheckingQueue.async {
                let existed = self.folderExists()
                let listed: Set<String>?
                do {
                    listed = existed ? try self.initialFileNames() : []
                } catch {
                    // An unreadable folder: no shortcut, every check goes to the disk.
                    listed = nil
                }
                let names = self.shortcut.withLock { shortcut in
                    shortcut.scanned(listed)
                    return shortcut.names
                }
                self.scanObserver?(ScanEvent(folderExisted: existed, names: names))
            }
        }

        /// The first scan's listing: `readdir` for a plain `FileManager`, whose listing it matches;
        /// the file manager's own `contentsOfDirectory(atPath:)` for a subclass, which may override
        /// it (Kingfisher lists through `config.fileManager`, and its tests watch the scan there).
        private func initialFileNames() throws -> Set<String> {
            let fileManager = currentConfig.fileManager
            guard type(of: fileManager) != FileManager.self else { return try fileNames() }
            do {
                // Hidden names (the stores' temporary files) left out, as `readdir`'s listing does.
                return Set(try fileManager.contentsOfDirectory(atPath: directoryPath).filter { !$0.hasPrefix(".") })
            } catch {
                throw CacheError.cannotListDirectory(directory: directoryURL, underlying: error)
            }
        }

        private func prepareDirectory() throws {
            let fileManager = currentConfig.fileManager
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: directoryURL.path, isDirectory: &isDirectory), isDirectory.boolValue {
                storageReady = true
                return
            }
            do {
                try fileManager.createDirectory(atPath: directoryPath, withIntermediateDirectories: true, attributes: nil)
                storageReady = true
            } catch {
                storageReady = false
                throw CacheError.cannotCreateDirectory(path: directoryURL.path, underlying: error)
            }
        }

        /// The config from the snapshot (no queue hop), for the library's own reads.
        private var currentConfig: Config { settings.withLock { $0 }.config }

        /// The config, if the storage is ready: both from one snapshot (see `config`), no queue hop.
        @discardableResult
        private func ensureReady() throws -> Config {
            try readySettings().config
        }

        /// The snapshot itself, if the storage is ready: the hot path reads its fields in place
        /// instead of copying the whole `Config` (each copy retains and releases its references).
        private func readySettings() throws -> Settings {
            let current = settings.withLock { $0 }
            guard current.ready else { throw CacheError.storageNotReady(directory: directoryURL) }
            return current
        }

        // MARK: Store

        /// Writes `value` to the file for `key`, expiring after `expiration` (or `config.expiration`).
        ///
        /// The bytes go to a hidden temporary file first; its dates are set; then one `rename`
        /// puts it in place. So a reader never sees half a file, and a concurrent
        /// `removeExpiredValues()` never sees a new file before its dates (a file whose expiration
        /// is still the write time looks expired, and would be deleted). `writeOptions` apply to
        /// the temporary file; with `.withoutOverwriting` an existing file is left alone and the
        /// store fails. If the folder has vanished (the system purged it, or a user deleted it), it
        /// is made again and the write retried once.
        public func store(value: T, forKey key: String, expiration: StorageExpiration? = nil,
                          writeOptions: Data.WritingOptions = [], forcedExtension: String? = nil) throws {
            let config = try ensureReady()
            let expiration = expiration ?? config.expiration
            // An already expired value is not written: it could never be read back.
            guard !expiration.isExpired else { return }

            let name = try cacheFileName(forKey: key, forcedExtension: forcedExtension, config: config)
            let path = directoryPath + "/" + name
            let data: Data
            do { data = try value.toData() } catch {
                throw CacheError.cannotConvertToData(key: key, underlying: error)
            }
            // Other writing options have no meaning for a file written with `open` and `write`
            // (`.atomic`: the rename below is what makes the store atomic).
            let keepExisting = writeOptions.contains(.withoutOverwriting)
            let temporary = directoryPath + "/.kfd-\(UUID().uuidString).tmp"
            let now = self.now()
            // Whole seconds, inside the range every file system keeps (FileDates.kept says why).
            let lastAccess = FileDates.kept(now)
            let expires = FileDates.kept(expiration.estimatedExpirationSince(now))
            // The access time is set on the open file (futimens); a creation date only Foundation
            // can write, on Apple platforms (see LastAccessAttribute).
            let times = config.lastAccessAttribute == .contentAccessDate ? (access: lastAccess, modification: expires) : nil

            do {
                try FileSystem.writeNewFile(temporary, data: data, times: times)
            } catch {
                // A vanished folder (the system purged it, or a user deleted it): make it again,
                // and retry once. Asking the file system whether the folder exists is how we tell.
                guard !folderExists() else {
                    throw CacheError.cannotCreateCacheFile(key: key, fileURL: URL(fileURLWithPath: path), underlying: error)
                }
                try prepareDirectory()
                do { try FileSystem.writeNewFile(temporary, data: data, times: times) } catch {
                    throw CacheError.cannotCreateCacheFile(key: key, fileURL: URL(fileURLWithPath: path), underlying: error)
                }
            }
            do {
                if times == nil {
                    try FileDates.write(lastAccess: lastAccess, expiration: expires, toPath: temporary,
                                        attribute: config.lastAccessAttribute, fileManager: config.fileManager)
                }
                if keepExisting, (try? FileSystem.status(path)) != nil {
                    throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
                }
                try FileSystem.rename(temporary, to: path)
            } catch {
                unlink(temporary)
                throw CacheError.cannotCreateCacheFile(key: key, fileURL: URL(fileURLWithPath: path), underlying: error)
            }
            shortcut.withLock { $0.stored(name) }
        }

        private func folderExists() -> Bool {
            var isDirectory: ObjCBool = false
            return currentConfig.fileManager.fileExists(atPath: directoryURL.path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }

        // MARK: Read

        /// The value for `key`, or `nil` when there is no file or it has expired.
        ///
        /// A hit extends the expiration as `extendingExpiration` says. The extension is written on
        /// `metaChangingQueue`, after the value is returned: the caller does not wait for a
        /// metadata write it does not need. `isCached` and cleaning (`removeExpiredValues`,
        /// trimming, `removeAll`) wait for pending extensions first, so they see every earlier
        /// hit's extension. Hits do not wait, as in Kingfisher — a hit right after another may read
        /// the dates from before the first one's extension. Making hits wait made every hit pay
        /// for the previous hit's date write (measured: Experiments/disk-overhead).
        /// `waitForMetadataUpdates()` waits on purpose.
        /// - Throws: when the file exists but cannot be read or decoded.
        public func value(forKey key: String, forcedExtension: String? = nil,
                          extendingExpiration: ExpirationExtending = .cacheTime) throws -> T? {
            try value(forKey: key, referenceDate: now(), purpose: .load,
                      extendingExpiration: extendingExpiration, forcedExtension: forcedExtension)
        }

        /// The snapshot and the path of `key`'s file; nil when the shortcut says it is certainly not
        /// stored (a certain miss is answered here: no URL built, no system call made).
        private func candidatePath(forKey key: String, forcedExtension: String?) throws -> (settings: Settings, path: String)? {
            let settings = try readySettings()
            let name = try cacheFileName(forKey: key, forcedExtension: forcedExtension, naming: settings.naming)
            guard shortcutAllows(name) else { return nil }
            return (settings, path(ofFileNamed: name))
        }

        /// `directoryPath + "/" + name`, written into one allocation of the right size: the two
        /// appends cost about 1,750 instructions (callgrind), a third of an `isCached` hit.
        private func path(ofFileNamed name: String) -> String {
            var folder = directoryPath, name = name
            let count = folder.utf8.count + 1 + name.utf8.count
            return folder.withUTF8 { folderBytes in
                name.withUTF8 { nameBytes in
                    String(unsafeUninitializedCapacity: count) { buffer in
                        _ = buffer.initialize(fromContentsOf: folderBytes)
                        buffer[folderBytes.count] = UInt8(ascii: "/")
                        _ = buffer[(folderBytes.count + 1)...].initialize(fromContentsOf: nameBytes)
                        return count
                    }
                }
            }
        }

        /// Whether the file at `path` is there and valid at `referenceDate`, from its dates alone
        /// (`isCached`): it waits for pending date writes, so it sees earlier hits' extensions.
        /// Errors follow the rule in `value(forKey:referenceDate:purpose:…)`.
        private func validFileExists(atPath path: String, referenceDate: Date, settings: Settings) throws -> Bool {
            waitForMetadataUpdates()
            let status: FileSystem.Status
            do { status = try FileSystem.status(path) } catch {
                if Self.isNoSuchFile(error) || !settings.config.fileManager.fileExists(atPath: path) { return false }
                throw CacheError.cannotAccessFileAttributes(fileURL: URL(fileURLWithPath: path), underlying: error)
            }
            return !status.isDirectory && status.modificationDate > referenceDate
        }

        /// What a lookup is for: the value itself, or only whether a valid file exists (`isCached`:
        /// it waits for pending date writes, and neither reads, decodes nor extends anything).
        enum LookupPurpose { case load, existence }

        func value(forKey key: String, referenceDate: Date, purpose: LookupPurpose,
                   extendingExpiration: ExpirationExtending, forcedExtension: String?) throws -> T? {
            guard let (settings, path) = try candidatePath(forKey: key, forcedExtension: forcedExtension) else { return nil }

            // The rule (the same for `value`, `isCached` and the hybrid cache's retrieve): what the
            // cache cannot see is a miss — no file, an expired one, a folder that vanished, one we
            // may not search (`config.fileManager.fileExists` says false: Kingfisher 8.11 asks it
            // after any failure but a missing file, and so do we; up to 8.10 it asked it first —
            // commit e381d730), a dangling link (a difference: Kingfisher reads the link's own dates
            // and then fails to load). What it can see but not read is an error: a file whose
            // metadata or bytes fail, or that cannot be decoded.
            if purpose == .existence {
                return try validFileExists(atPath: path, referenceDate: referenceDate, settings: settings) ? T.empty : nil
            }

            let found: (data: Data, status: FileSystem.Status)?
            do {
                found = try FileSystem.withOpenFile(path) { fd, status in
                    if status.isDirectory || status.modificationDate <= referenceDate { return nil }
                    return (try FileSystem.readAll(fd, size: status.size, path: path), status)
                }
            } catch {
                // Gone (or removed this instant by a clean): a miss, with no second system call.
                if Self.isNoSuchFile(error) { return nil }
                // Any other failure, Kingfisher 8.11's rule (`value(forKey:referenceDate:actuallyLoad:…)`):
                // a file `config.fileManager` cannot confirm is a miss (a folder we may not search);
                // one it confirms is an error — `cannotAccessFileAttributes` (Kingfisher's
                // `invalidURLResource`) when its metadata cannot be read either, else
                // `cannotLoadDataFromDisk` (it can be seen but not opened). Only failures pay for this.
                let url = URL(fileURLWithPath: path)
                guard settings.config.fileManager.fileExists(atPath: path) else { return nil }
                do { _ = try FileSystem.status(path) } catch {
                    throw CacheError.cannotAccessFileAttributes(fileURL: url, underlying: error)
                }
                throw CacheError.cannotLoadDataFromDisk(fileURL: url, underlying: error)
            }
            guard let found else { return nil }
            let object: T
            do { object = try T.fromData(found.data) } catch {
                throw CacheError.cannotConvertFromData(key: key, fileURL: URL(fileURLWithPath: path), underlying: error)
            }
            if extendingExpiration != .none {
                let attribute = settings.config.lastAccessAttribute
                let lastAccess = found.status.lastAccess(attribute), expiration = found.status.modificationDate
                let now = self.now()
                // The snapshot is captured, not its FileManager: FileManager is not Sendable in
                // Apple's SDK (.ci/darwin-check).
                onMetaChangingQueue {
                    // Best effort: a file removed in the meantime has nothing left to extend.
                    try? FileDates.extend(path: path, lastAccess: lastAccess, expiration: expiration,
                                          extending: extendingExpiration, now: now,
                                          attribute: attribute, fileManager: settings.config.fileManager)
                }
            }
            return object
        }

        /// Blocks until every extension queued by earlier reads has been written. Safe from any
        /// queue: called from a block on the metadata queue itself, there is nothing earlier left
        /// to wait for (the queue is serial), and waiting would trap.
        public func waitForMetadataUpdates() {
            // None queued (the common case for isCached): their writes are visible already.
            if pendingMetaChanges.load(ordering: .acquiring) == 0 { return }
            if metaChangingRunner.load(ordering: .acquiring) == Self.currentThread { return }
            metaChangingQueue.sync {}
        }

        /// Runs `work` on `metaChangingQueue`, later; every block goes through here, so the queue
        /// knows which thread runs it (see `metaChangingRunner`).
        func onMetaChangingQueue(_ work: @escaping @Sendable () -> Void) {
            pendingMetaChanges.add(1, ordering: .relaxed)
            metaChangingQueue.async {
                self.metaChangingRunner.store(Self.currentThread, ordering: .releasing)
                defer {
                    self.metaChangingRunner.store(0, ordering: .releasing)
                    self.pendingMetaChanges.subtract(1, ordering: .releasing)
                }
                work()
            }
        }

        /// The calling thread's pthread handle, as a number.
        private static var currentThread: UInt {
            #if canImport(Darwin)
            return UInt(bitPattern: pthread_self())
            #else
            return UInt(pthread_self())
            #endif
        }

        private func shortcutAllows(_ fileName: String) -> Bool {
            shortcut.withLock { $0.allows(fileName) }
        }

        /// Returns once the first folder scan has run (for study: chapter 6 opens the window the
        /// scan leaves; a cache itself never needs to wait for it).
        package func waitForInitialScan() {
            maybeCachedCheckingQueue.sync {}
        }

        /// The `maybeCached` shortcut's answer alone, without asking the disk: `false` means
        /// "certainly not cached by this instance's knowledge", `true` means "maybe". For study
        /// (chapter 6); `isCached` is the real question.
        package func isMaybeCached(forKey key: String, forcedExtension: String? = nil) -> Bool {
            guard let name = try? cacheFileName(forKey: key, forcedExtension: forcedExtension, config: settings.withLock { $0 }.config)
            else { return false }
            return shortcutAllows(name)
        }

        // Kingfisher 8.11's names for the shortcut (`maybeCached`, `maybeCachedSetupCompleted`),
        // so that a test written against Kingfisher with `@testable import` reaches it. Kingfisher
        // keeps them as stored properties touched on `maybeCachedCheckingQueue`; here they are
        // views of `shortcut`, each get or set one step under its lock. The first scan runs *on*
        // `maybeCachedCheckingQueue`, so `maybeCachedCheckingQueue.sync { … }` sees it finished,
        // as Kingfisher's tests expect.

        /// The names that may be stored (nil: unknown, every check asks the disk).
        var maybeCached: Set<String>? {
            get { shortcut.withLock { $0.names } }
            set { shortcut.withLock { $0.names = newValue } }
        }

        /// Whether the first scan's result is in use. Setting it to true by hand (as Kingfisher's
        /// tests do) ends the scanning state: names stored meanwhile join `maybeCached`.
        var maybeCachedSetupCompleted: Bool {
            get { shortcut.withLock { !$0.scanning } }
            set {
                shortcut.withLock { shortcut in
                    if newValue, shortcut.scanning {
                        shortcut.names = shortcut.names?.union(shortcut.storedDuringScan)
                        shortcut.storedDuringScan = []
                    }
                    shortcut.scanning = !newValue
                }
            }
        }

        /// Whether a value that has not expired is stored for `key`. Never throws, never decodes.
        public func isCached(forKey key: String, forcedExtension: String? = nil) -> Bool {
            isCached(forKey: key, referenceDate: now(), forcedExtension: forcedExtension)
        }

        /// Whether a value stored for `key` will still be valid at `referenceDate`. Lets a caller
        /// (or a test) ask about the future without waiting for it.
        public func isCached(forKey key: String, referenceDate: Date, forcedExtension: String? = nil) -> Bool {
            // Not through `value(…, purpose: .existence)`: its `T?` result needs `Optional<T>`'s
            // metadata, a run-time lookup on every call (about 330 instructions, callgrind).
            guard let candidate = try? candidatePath(forKey: key, forcedExtension: forcedExtension) else { return false }
            return (try? validFileExists(atPath: candidate.path, referenceDate: referenceDate, settings: candidate.settings)) ?? false
        }

        // MARK: Remove

        /// Removes the file for `key`. Removing a key that is not stored is not an error.
        public func remove(forKey key: String, forcedExtension: String? = nil) throws {
            let config = try ensureReady()
            let fileURL = try validatedFileURL(forKey: key, forcedExtension: forcedExtension, config: config)
            try removeFile(at: fileURL)
        }

        func removeFile(at url: URL) throws {
            do { try currentConfig.fileManager.removeItem(at: url) } catch {
                if Self.isNoSuchFile(error) { return }
                throw CacheError.cannotRemoveFile(fileURL: url, underlying: error)
            }
        }

        /// Removes every file, and the folder with them, then makes the folder again.
        public func removeAll() throws {
            try removeAll(skipCreatingDirectory: false)
        }

        /// Removes every file and the folder; makes the folder again unless `skipCreatingDirectory`
        /// (then the next store makes it, as after the system purged it).
        public func removeAll(skipCreatingDirectory: Bool) throws {
            try ensureReady()
            waitForMetadataUpdates()
            do { try currentConfig.fileManager.removeItem(at: directoryURL) } catch {
                if !Self.isNoSuchFile(error) {
                    throw CacheError.cannotRemoveFile(fileURL: directoryURL, underlying: error)
                }
            }
            if !skipCreatingDirectory { try prepareDirectory() }
            shortcut.withLock { $0.clear() }
        }

        // MARK: File names

        /// The URL of the file that holds (or would hold) the value for `key`.
        ///
        /// For a key that cannot be a file name (only possible with `usesHashedFileName = false`,
        /// see `CacheError.invalidKey`), this falls back to the key's hashed name, so the URL is
        /// always inside `directoryURL`; `store`, `value` and `remove` reject such a key instead.
        public func cacheFileURL(forKey key: String, forcedExtension: String? = nil) -> URL {
            directoryURL.appendingPathComponent(cacheFileName(forKey: key, forcedExtension: forcedExtension), isDirectory: false)
        }

        /// The file name for `key` (Kingfisher's internal `cacheFileName(forKey:forcedExtension:)`,
        /// reached by its tests): the name `cacheFileURL` ends with, including its fallback to the
        /// hashed name for a key that cannot be a file name.
        func cacheFileName(forKey key: String, forcedExtension: String? = nil) -> String {
            (try? cacheFileName(forKey: key, forcedExtension: forcedExtension, config: currentConfig)) ?? key.kfd.sha256
        }

        private func validatedFileURL(forKey key: String, forcedExtension: String?, config: Config) throws -> URL {
            let name = try cacheFileName(forKey: key, forcedExtension: forcedExtension, config: config)
            return directoryURL.appendingPathComponent(name, isDirectory: false)
        }

        private func cacheFileName(forKey key: String, forcedExtension: String?, config: Config) throws -> String {
            try cacheFileName(forKey: key, forcedExtension: forcedExtension, naming: FileNaming(config))
        }

        /// The file name for `key` under `naming`: the hot path passes its snapshot's, so that
        /// the whole `Config` is not copied for three of its fields (callgrind: ~780 instructions).
        private func cacheFileName(forKey key: String, forcedExtension: String?, naming config: FileNaming) throws -> String {
            let baseName = config.usesHashedFileName ? recentHashes.sha256(of: key) : key
            if let ext = forcedExtension ?? config.pathExtension {
                return try FileNameRules.validated("\(baseName).\(ext)", key: key)
            }
            if config.usesHashedFileName, config.autoExtAfterHashedFileName, let ext = key.kfd.ext {
                // The extension comes from the key (often a URL): keep it only if it is a safe name.
                let candidate = "\(baseName).\(ext)"
                if (try? FileNameRules.validated(candidate, key: key)) != nil { return candidate }
                return baseName
            }
            // A hashed name is 64 hex digits: always a safe name, nothing to validate.
            return config.usesHashedFileName ? baseName : try FileNameRules.validated(baseName, key: key)
        }

        // MARK: Cleaning

        /// What a scan needs of one file: its name, size and two dates (from one `fstatat`).
        struct ScannedFile {
            let name: String
            let size: Int
            let lastAccess: Date
            let expiration: Date
        }

        /// Lists the folder on the system calls (`FileSystem.forEachEntry`: `readdir` + one
        /// `fstatat` a file, no `URL` built), with the hot path's rules: hidden names (the stores'
        /// temporary files) skipped; a vanished folder holds nothing — a normal state for a cache
        /// (the system may purge Library/Caches), so sizes are 0 and cleans find nothing, as in
        /// Kingfisher; an entry the read path would call a miss (gone since the listing, a
        /// dangling link, one we may not look at) skipped; sub-folders skipped. A folder that
        /// exists but cannot be listed is an error.
        ///
        /// Kingfisher lists through `FileManager.enumerator` with resource keys: about 50 µs a file
        /// on Linux, where this costs within 2× of a bare `readdir` + `fstatat` loop
        /// (Experiments/scaling measures both in one run).
        func scanFolder(attribute: LastAccessAttribute) throws -> [ScannedFile] {
            var files: [ScannedFile] = []
            try listFolder(withStatus: true) { name, status in
                guard let status, !status.isDirectory else { return }
                files.append(ScannedFile(name: name, size: status.size, lastAccess: status.lastAccess(attribute),
                                         expiration: status.modificationDate))
            }
            return files
        }

        /// The visible names in the folder, without their metadata (the first `maybeCached` scan).
        func fileNames() throws -> Set<String> {
            var names = Set<String>()
            try listFolder(withStatus: false) { name, _ in names.insert(name) }
            return names
        }

        private func listFolder(withStatus: Bool, _ body: (String, FileSystem.Status?) throws -> Void) throws {
            do { try FileSystem.forEachEntry(inFolder: directoryPath, withStatus: withStatus, body) } catch {
                if Self.isNoSuchFile(error) { return }
                throw CacheError.cannotListDirectory(directory: directoryURL, underlying: error)
            }
        }

        /// Removes the scanned file `name` (one `unlink`; already gone is fine) and returns its URL.
        /// Not through `config.fileManager`: a scan only removes regular files and links it has
        /// just listed, and `removeItem` costs several system calls' worth a file.
        private func removeScanned(_ name: String) throws -> URL {
            // From the path: `appendingPathComponent` costs about twice `fileURLWithPath` in
            // corelibs (4.6 µs against 2.4 µs, measured), paid once per removed file.
            let path = directoryPath + "/" + name
            let url = URL(fileURLWithPath: path, isDirectory: false)
            do { try FileSystem.unlinkIfPresent(path) } catch {
                throw CacheError.cannotRemoveFile(fileURL: url, underlying: error)
            }
            return url
        }

        /// Removes every file that has expired at `referenceDate`, and returns their URLs.
        /// Complexity: O(n) in the number of files (one `fstatat` each).
        @discardableResult
        public func removeExpiredValues(referenceDate: Date) throws -> [URL] {
            let config = try ensureReady()
            waitForMetadataUpdates()
            return try scanFolder(attribute: config.lastAccessAttribute)
                .filter { $0.expiration <= referenceDate }
                .map { try removeScanned($0.name) }
        }

        /// Removes every file that has expired now, and returns their URLs.
        @discardableResult
        public func removeExpiredValues() throws -> [URL] {
            try removeExpiredValues(referenceDate: now())
        }

        /// When the files take `config.sizeLimit` bytes or more, removes the least recently
        /// accessed ones until they take at most half of it, and returns their URLs. At the limit
        /// exactly, as Kingfisher 8.11.0 does (`if size < config.sizeLimit { return [] }`, line 470
        /// of `Sources/Cache/DiskStorage.swift`).
        ///
        /// Why half: no store trims. Only `HybridCache.cleanExpiredDiskCache` calls this (Kingfisher
        /// 8.11.0: only `ImageCache.cleanExpiredDiskCache`, on terminate, background or resign-active,
        /// or when called), so the folder grows unchecked between cleans; half is the headroom until
        /// the next one. Complexity: O(n log n) in the file count.
        @discardableResult
        public func removeSizeExceededValues() throws -> [URL] {
            let config = try ensureReady()
            waitForMetadataUpdates()
            let sizeLimit = config.sizeLimit
            guard sizeLimit > 0 else { return [] }
            let files = try scanFolder(attribute: config.lastAccessAttribute)
            var size = files.reduce(UInt(0)) { $0 + UInt($1.size) }
            guard size >= sizeLimit else { return [] }
            let target = sizeLimit / 2
            // Oldest access first (Kingfisher sorts newest first with `FileMeta.lastAccessDate`
            // and takes from the end: the same order of removal) — where "access" is the earlier
            // of the last access and the expiration. On a Mac, setting a modification time
            // earlier than the birth time moves the birth time back to it (reported by the Mac
            // review of issue 25; FreeBSD's `setutimes`, whose lineage XNU shares, does so — not
            // measured on a Mac here): an expiration written before the last access
            // (`.expirationTime(.date(past))`, `.expired`) drags the creation date — our last
            // access there — back with it. Sorting by the earlier of the two gives that order on
            // every platform whether or not it happens, and an already expired entry goes first.
            let oldestFirst = files.sorted { min($0.lastAccess, $0.expiration) < min($1.lastAccess, $1.expiration) }
            var removed: [URL] = []
            for file in oldestFirst where size > target {
                removed.append(try removeScanned(file.name))
                size -= UInt(file.size)
            }
            return removed
        }

        /// The bytes the files take (their exact sizes; sub-folders are not counted).
        /// Complexity: O(n) in the number of files.
        public func totalSize() throws -> UInt {
            let config = try ensureReady()
            return try scanFolder(attribute: config.lastAccessAttribute).reduce(0) { $0 + UInt($1.size) }
        }

        // MARK: Errors

        /// Whether `error` means "there is no such file", as either platform reports it.
        static func isNoSuchFile(_ error: any Error) -> Bool {
            let ns = error as NSError
            if ns.domain == NSCocoaErrorDomain,
               ns.code == CocoaError.fileReadNoSuchFile.rawValue || ns.code == CocoaError.fileNoSuchFile.rawValue {
                return true
            }
            if ns.domain == NSPOSIXErrorDomain, ns.code == Int(ENOENT) || ns.code == Int(ENOTDIR) { return true }
            if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return isNoSuchFile(underlying) }
            return false
        }
    }
}

// A memory + disk cache with `ImageCache`'s behaviour (Kingfisher 8, `Sources/Cache/ImageCache.swift`),
// generic over the value it caches: memory keeps the decoded value, disk keeps its bytes through a
// serializer. The asymmetry is the design: memory is synchronous under a lock (nanoseconds), disk
// is asynchronous on one serial `ioQueue` (microseconds to milliseconds) — chapter 8 measures it.

import Dispatch
import Foundation

/// Options for storing and retrieving (the cache-related part of Kingfisher's options).
public struct CacheOptions: Sendable {
    /// Stored and looked up under `key@processorIdentifier` (empty: the key itself).
    public var processorIdentifier = ""
    /// Only look in memory; a memory miss is reported as `.none` without touching the disk
    /// (the caller will fetch a fresh value anyway).
    public var fromMemoryCacheOrRefresh = false
    /// Read the disk on the calling thread, before the call returns, as Kingfisher does — used to
    /// avoid a flash of placeholder in UI. Not through `ioQueue`: a read made from a completion
    /// handler (which runs on `ioQueue` with the default `.untouch`) would wait for itself and
    /// trap. The disk storage is thread-safe on its own; what is given up is only the ordering
    /// with writes still queued on `ioQueue` (exercise 08-sync-read-anywhere).
    public var loadDiskFileSynchronously = false
    /// Only store in memory.
    public var cacheMemoryOnly = false
    public var memoryCacheExpiration: StorageExpiration? = nil
    public var diskCacheExpiration: StorageExpiration? = nil
    public var memoryCacheAccessExtendingExpiration: ExpirationExtending = .cacheTime
    public var diskCacheAccessExtendingExpiration: ExpirationExtending = .cacheTime
    public var callbackQueue: CallbackQueue = .untouch
    public var writeOptions: Data.WritingOptions = []
    /// An extension for the disk file's name instead of the disk storage's own rule (Kingfisher's
    /// `forcedExtension`); the same value must be given to read it back.
    public var forcedExtension: String? = nil

    public init() {}
}

/// Memory first, then disk; a disk hit warms memory.
// @unchecked Sendable: the storages are Sendable themselves; every disk step runs on `ioQueue`;
// `serializer` is immutable and Sendable.
public final class HybridCache<Value: CacheCostCalculable & Sendable>: @unchecked Sendable {
    public let memoryStorage: MemoryStorage.Backend<Value>
    public let diskStorage: DiskStorage.Backend<Data>
    public let serializer: any CacheSerializer<Value>
    /// Every disk operation — serialize → write → callback, read → decode → warm → callback,
    /// remove, clean — is one block on this queue, so they happen in the order they were asked for
    /// (chapter 7, part 3).
    let ioQueue: DispatchQueue
    /// How many disk removals have completed, and the lock that makes "no removal since my read
    /// began → warm memory" one step. A synchronous read (`loadDiskFileSynchronously`) runs on the
    /// caller's thread, outside `ioQueue`'s order, so a `removeImage` can finish between its disk
    /// read and its warm — Kingfisher 8.11.0's fault in every read (chapter 8, `warmUndoesRemove`).
    private let removals = Locked<UInt64>(0)
    private var lifecycleObservers: [any NSObjectProtocol] = []

    /// The memory limit Kingfisher picks: a quarter of the physical memory, in bytes of cost.
    public static var defaultMemoryCostLimit: Int { memoryCostLimit(fractionOfPhysicalMemory: 0.25) }

    /// `fraction` of the physical memory, in bytes (002's choice is 0.05), at most `Int.max`.
    /// A fraction that is not a number, or not above 0, gives 0 — NSCache's "no limit" — instead
    /// of trapping in `Int(_:)`, as it would on NaN.
    public static func memoryCostLimit(fractionOfPhysicalMemory fraction: Double) -> Int {
        let bytes = Double(ProcessInfo.processInfo.physicalMemory) * fraction
        guard bytes > 0 else { return 0 }   // false for NaN too
        return bytes >= Double(Int.max) ? Int.max : Int(bytes)
    }

    /// A cache whose disk folder is named after `name`, under `directory` (default: the user's
    /// caches folder), with Kingfisher's default limits unless given.
    /// - Throws: `CacheError.invalidCacheName` for an empty name; `cannotCreateDirectory`.
    public convenience init(name: String, serializer: some CacheSerializer<Value>, directory: URL? = nil,
                            memoryCostLimit: Int = HybridCache.defaultMemoryCostLimit, diskSizeLimit: UInt = 0) throws {
        guard !name.isEmpty else { throw CacheError.invalidCacheName }
        let memory = MemoryStorage.Backend<Value>(config: .init(totalCostLimit: memoryCostLimit))
        let disk = try DiskStorage.Backend<Data>(config: .init(name: name, sizeLimit: diskSizeLimit, directory: directory))
        self.init(memoryStorage: memory, diskStorage: disk, serializer: serializer)
    }

    /// A cache that never throws (Kingfisher's `init(name:)`): when its folder cannot be made, or
    /// `name` is empty, the disk layer is *not ready* — every disk call reports
    /// `CacheError.storageNotReady`, and nothing retries the folder later — and memory works as
    /// usual. Folder: the user's caches folder. (Kingfisher 8.11 calls `fatalError` on an empty
    /// name, in `Sources/Cache/ImageCache.swift`; here bad input is an error, not a trap.)
    public convenience init(name: String, serializer: some CacheSerializer<Value>) {
        let memory = MemoryStorage.Backend<Value>(config: .init(totalCostLimit: HybridCache.defaultMemoryCostLimit))
        let disk = DiskStorage.Backend<Data>(noThrowConfig: .init(name: name, sizeLimit: 0), creatingDirectory: !name.isEmpty)
        if name.isEmpty { disk.markNotReady() }
        self.init(memoryStorage: memory, diskStorage: disk, serializer: serializer)
    }

    /// Builds the disk folder's URL from the base folder and the storage's folder name
    /// (Kingfisher's `ImageCache.DiskCachePathClosure`).
    public typealias DiskCachePathClosure = @Sendable (URL, String) -> URL

    /// Kingfisher's `ImageCache(name:cacheDirectoryURL:diskCachePathClosure:)`, with a serializer
    /// (this cache is generic; for `Bitmap` the serializer can be left out). The folder is
    /// `diskCachePathClosure(cacheDirectoryURL ?? the user's caches folder, "com.kfdcache.DiskStorage.<name>")`.
    /// - Throws: `CacheError.invalidCacheName` for an empty name (Kingfisher traps);
    ///   `cannotCreateDirectory`.
    public convenience init(name: String, serializer: some CacheSerializer<Value>, cacheDirectoryURL: URL?,
                            diskCachePathClosure: DiskCachePathClosure? = nil) throws {
        guard !name.isEmpty else { throw CacheError.invalidCacheName }
        let memory = MemoryStorage.Backend<Value>(config: .init(totalCostLimit: HybridCache.defaultMemoryCostLimit))
        var config = DiskStorage.Config(name: name, sizeLimit: 0, directory: cacheDirectoryURL)
        if let diskCachePathClosure { config.cachePathBlock = diskCachePathClosure }
        let disk = try DiskStorage.Backend<Data>(config: config)
        self.init(memoryStorage: memory, diskStorage: disk, serializer: serializer)
    }

    public init(memoryStorage: MemoryStorage.Backend<Value>, diskStorage: DiskStorage.Backend<Data>,
                serializer: some CacheSerializer<Value>) {
        self.memoryStorage = memoryStorage
        self.diskStorage = diskStorage
        self.serializer = serializer
        ioQueue = DispatchQueue(label: "com.kfdcache.HybridCache.ioQueue.\(UUID().uuidString)")
        lifecycleObservers = Lifecycle.observe(self)
    }

    deinit {
        lifecycleObservers.forEach(NotificationCenter.default.removeObserver)
    }

    // MARK: Store

    /// Stores `value` in memory now, and (unless `toDisk` is false or `cacheMemoryOnly`) its bytes
    /// on disk in the background; `completionHandler` runs once both are done.
    public func store(_ value: Value, original: Data? = nil, forKey key: String, options: CacheOptions = .init(),
                      toDisk: Bool = true, completionHandler: (@Sendable (CacheStoreResult) -> Void)? = nil) {
        let computedKey = key.computedKey(with: options.processorIdentifier)
        memoryStorage.store(value: value, forKey: computedKey, expiration: options.memoryCacheExpiration)
        guard toDisk, !options.cacheMemoryOnly else {
            if let completionHandler {
                let result = CacheStoreResult(memoryCacheResult: .success(()), diskCacheResult: .success(()))
                options.callbackQueue.execute { completionHandler(result) }
            }
            return
        }
        let serializer = self.serializer
        ioQueue.async {
            let diskResult: Result<(), any Error>
            do {
                let data: Data
                do { data = try serializer.data(with: value, original: original) } catch {
                    throw CacheError.cannotConvertToData(key: computedKey, underlying: error)
                }
                try self.diskStorage.store(value: data, forKey: computedKey, expiration: options.diskCacheExpiration,
                                           writeOptions: options.writeOptions, forcedExtension: options.forcedExtension)
                diskResult = .success(())
            } catch {
                diskResult = .failure(error)
            }
            if let completionHandler {
                let result = CacheStoreResult(memoryCacheResult: .success(()), diskCacheResult: diskResult)
                options.callbackQueue.execute { completionHandler(result) }
            }
        }
    }

    /// Stores bytes on disk only (Kingfisher's `storeToDisk`).
    public func storeToDisk(_ data: Data, forKey key: String, processorIdentifier: String = "", forcedExtension: String? = nil,
                            expiration: StorageExpiration? = nil, callbackQueue: CallbackQueue = .untouch,
                            completionHandler: (@Sendable (CacheStoreResult) -> Void)? = nil) {
        let computedKey = key.computedKey(with: processorIdentifier)
        ioQueue.async {
            let diskResult: Result<(), any Error> = Result {
                try self.diskStorage.store(value: data, forKey: computedKey, expiration: expiration, forcedExtension: forcedExtension)
            }
            if let completionHandler {
                let result = CacheStoreResult(memoryCacheResult: .success(()), diskCacheResult: diskResult)
                callbackQueue.execute { completionHandler(result) }
            }
        }
    }

    // MARK: Retrieve

    /// Memory first; on a memory miss (unless `fromMemoryCacheOrRefresh`), disk, warming memory
    /// with what the disk had. A disk error reaches `completionHandler` once, as `.failure`.
    public func retrieveImage(forKey key: String, options: CacheOptions = .init(),
                              completionHandler: @escaping @Sendable (Result<ImageCacheResult<Value>, any Error>) -> Void) {
        if let value = retrieveImageInMemoryCache(forKey: key, options: options) {
            options.callbackQueue.execute { completionHandler(.success(.memory(value))) }
            return
        }
        if options.fromMemoryCacheOrRefresh {
            options.callbackQueue.execute { completionHandler(.success(.none)) }
            return
        }
        readDisk(forKey: key, options: options, warmMemory: true) { result in
            options.callbackQueue.execute { completionHandler(result.map { $0.map(ImageCacheResult.disk) ?? .none }) }
        }
    }

    /// The value in memory, if any. Synchronous.
    public func retrieveImageInMemoryCache(forKey key: String, options: CacheOptions = .init()) -> Value? {
        memoryStorage.value(forKey: key.computedKey(with: options.processorIdentifier),
                            extendingExpiration: options.memoryCacheAccessExtendingExpiration)
    }

    /// The value on disk, decoded, without touching memory.
    public func retrieveImageInDiskCache(forKey key: String, options: CacheOptions = .init(),
                                         completionHandler: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
        readDisk(forKey: key, options: options, warmMemory: false) { result in
            options.callbackQueue.execute { completionHandler(result) }
        }
    }

    /// Reads and decodes on `ioQueue` (or, with `loadDiskFileSynchronously`, on the caller's
    /// thread), and warms memory in the same block — so a remove queued after an asynchronous read
    /// also removes the warmed value, and no stale value outlives a completed remove. A
    /// synchronous read warms only if no removal completed since it began (`removals`).
    private func readDisk(forKey key: String, options: CacheOptions, warmMemory: Bool,
                          then finish: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
        let computedKey = key.computedKey(with: options.processorIdentifier)
        let work: @Sendable () -> Void = {
            let removalsBefore = self.removals.withLock { $0 }
            let result: Result<Value?, any Error> = Result {
                guard let data = try self.diskStorage.value(forKey: computedKey, forcedExtension: options.forcedExtension,
                                                            extendingExpiration: options.diskCacheAccessExtendingExpiration)
                else { return nil }
                do { return try self.serializer.value(with: data) } catch {
                    throw CacheError.cannotConvertFromData(key: computedKey, fileURL: self.diskStorage.cacheFileURL(forKey: computedKey),
                                                           underlying: error)
                }
            }
            // Warm memory only if nothing newer was stored there meanwhile (a store puts its
            // value in memory at once, before its disk write is even queued).
            // And only if no removal completed since the read began: checked and stored under the
            // same lock the removal takes, so a warm either precedes it (and is removed by it) or
            // sees its count.
            if warmMemory, case .success(let value?) = result {
                self.removals.withLock { completed in
                    guard completed == removalsBefore, !self.memoryStorage.isCached(forKey: computedKey) else { return }
                    self.memoryStorage.store(value: value, forKey: computedKey, expiration: options.memoryCacheExpiration)
                }
            }
            finish(result)
        }
        // Synchronously: on the caller's thread, never `ioQueue.sync` — the caller may be a block
        // on `ioQueue` itself (any completion handler, with `.untouch`), and would trap.
        if options.loadDiskFileSynchronously { work() } else { ioQueue.async(execute: work) }
    }

    // MARK: Remove and clean

    /// Removes the value from memory now and from disk on `ioQueue`; memory is cleared again in
    /// that block, so a disk read queued before the remove cannot leave its warmed copy behind.
    public func removeImage(forKey key: String, processorIdentifier: String = "", fromMemory: Bool = true,
                            fromDisk: Bool = true, callbackQueue: CallbackQueue = .untouch,
                            completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let computedKey = key.computedKey(with: processorIdentifier)
        if fromMemory { memoryStorage.remove(forKey: computedKey) }
        ioQueue.async {
            var failure: (any Error)?
            if fromDisk {
                do { try self.diskStorage.remove(forKey: computedKey) } catch { failure = error }
            }
            // After the file is gone: count the removal and clear memory in one step, so a
            // synchronous read that found the file either warmed before this (cleared here) or
            // sees the count and does not warm.
            self.removals.withLock { completed in
                completed &+= 1
                if fromMemory { self.memoryStorage.remove(forKey: computedKey) }
            }
            if let completionHandler {
                let reported = failure
                callbackQueue.execute { completionHandler(reported) }
            }
        }
    }

    /// Empties memory. Synchronous.
    public func clearMemoryCache() { memoryStorage.removeAll() }

    /// Empties the disk folder on `ioQueue`.
    public func clearDiskCache(completion: (@Sendable () -> Void)? = nil) {
        ioQueue.async {
            try? self.diskStorage.removeAll()
            completion?()
        }
    }

    /// Clears memory and disk.
    public func clearCache(completion: (@Sendable () -> Void)? = nil) {
        clearMemoryCache()
        clearDiskCache(completion: completion)
    }

    /// Removes expired values from memory. Synchronous.
    public func cleanExpiredMemoryCache() { memoryStorage.removeExpired() }

    /// Removes expired files, then trims to half the size limit if over it, on `ioQueue`; posts
    /// `.KFDDidCleanDiskCache` with the removed files' hashes when any were removed (from `ioQueue`:
    /// observers run there, not on the main queue as in Kingfisher).
    public func cleanExpiredDiskCache(completion: (@Sendable () -> Void)? = nil) {
        ioQueue.async {
            var removed: [URL] = []
            removed += (try? self.diskStorage.removeExpiredValues()) ?? []
            removed += (try? self.diskStorage.removeSizeExceededValues()) ?? []
            if !removed.isEmpty {
                let hashes = removed.map { $0.deletingPathExtension().lastPathComponent }
                NotificationCenter.default.post(name: .KFDDidCleanDiskCache, object: self,
                                                userInfo: [KFDDiskCacheCleanedHashKey: hashes])
            }
            completion?()
        }
    }

    /// Removes expired values from memory and disk.
    public func cleanExpiredCache(completion: (@Sendable () -> Void)? = nil) {
        cleanExpiredMemoryCache()
        cleanExpiredDiskCache(completion: completion)
    }

    // MARK: Queries

    /// Where a value for `key` is cached right now (memory wins). Reads the disk's metadata on the
    /// calling thread; `imageCachedTypeAsync` asks on `ioQueue` instead.
    public func imageCachedType(forKey key: String, processorIdentifier: String = "",
                                forcedExtension: String? = nil) -> CacheType {
        let computedKey = key.computedKey(with: processorIdentifier)
        if memoryStorage.isCached(forKey: computedKey) { return .memory }
        if diskStorage.isCached(forKey: computedKey, forcedExtension: forcedExtension) { return .disk }
        return .none
    }

    /// `imageCachedType`, asked as Kingfisher 8.11 asks it (`Sources/Cache/ImageCache.swift`): memory
    /// at once, on the calling thread — it needs no I/O —, otherwise the disk on `ioQueue`, after
    /// every disk operation queued before it. The answer goes through `callbackQueue`; its default
    /// here is `.untouch` (a memory hit is answered before this returns), 8.11's is
    /// `.mainCurrentOrAsync` (line 1021), and only 8.11's `async` overload passes `.untouch`.
    public func imageCachedTypeAsync(forKey key: String, processorIdentifier: String = "", forcedExtension: String? = nil,
                                     callbackQueue: CallbackQueue = .untouch,
                                     completionHandler: @escaping @Sendable (CacheType) -> Void) {
        let computedKey = key.computedKey(with: processorIdentifier)
        if memoryStorage.isCached(forKey: computedKey) {
            callbackQueue.execute { completionHandler(.memory) }
            return
        }
        ioQueue.async {
            let type: CacheType = self.diskStorage.isCached(forKey: computedKey, forcedExtension: forcedExtension) ? .disk : .none
            callbackQueue.execute { completionHandler(type) }
        }
    }

    /// The total cost of the values in memory now (Kingfisher's `memoryStorageCacheCost`).
    public var memoryStorageCacheCost: Int { memoryStorage.totalCacheCost() }

    public func isCached(forKey key: String, processorIdentifier: String = "", forcedExtension: String? = nil) -> Bool {
        imageCachedType(forKey: key, processorIdentifier: processorIdentifier, forcedExtension: forcedExtension).cached
    }

    /// The file name the value for `key` is stored under (the SHA-256 of the computed key).
    public func hash(forKey key: String, processorIdentifier: String = "", forcedExtension: String? = nil) -> String {
        diskStorage.cacheFileURL(forKey: key.computedKey(with: processorIdentifier), forcedExtension: forcedExtension).lastPathComponent
    }

    /// The path of the file that holds (or would hold) the value for `key`.
    public func cachePath(forKey key: String, processorIdentifier: String = "", forcedExtension: String? = nil) -> String {
        diskStorage.cacheFileURL(forKey: key.computedKey(with: processorIdentifier), forcedExtension: forcedExtension).path
    }

    /// The file's URL when a valid value for `key` is on disk now, else nil.
    public func possibleCacheFileURLIfOnDisk(forKey key: String, processorIdentifier: String = "",
                                             forcedExtension: String? = nil) -> URL? {
        let computedKey = key.computedKey(with: processorIdentifier)
        guard diskStorage.isCached(forKey: computedKey, forcedExtension: forcedExtension) else { return nil }
        return diskStorage.cacheFileURL(forKey: computedKey, forcedExtension: forcedExtension)
    }

    /// The bytes the disk folder takes, computed on `ioQueue`.
    public func calculateDiskStorageSize(completion: @escaping @Sendable (Result<UInt, any Error>) -> Void) {
        ioQueue.async { completion(Result { try self.diskStorage.totalSize() }) }
    }
}

extension HybridCache where Value == Bitmap {
    /// A shared cache named "default" in the user's caches folder (Kingfisher's `ImageCache.default`).
    /// A generic class cannot hold a static stored property, so it is given for `Bitmap`, the value
    /// this workbook caches; make your own `HybridCache(name:serializer:)` for other values.
    public static var `default`: HybridCache<Bitmap> { DefaultHybridCache.shared }

    /// Kingfisher's `ImageCache(name:cacheDirectoryURL:diskCachePathClosure:)`, exactly as its
    /// tests call it: a `Bitmap` cache with the PPM serializer.
    public convenience init(name: String, cacheDirectoryURL: URL?, diskCachePathClosure: DiskCachePathClosure? = nil) throws {
        try self.init(name: name, serializer: PPMSerializer(), cacheDirectoryURL: cacheDirectoryURL,
                      diskCachePathClosure: diskCachePathClosure)
    }
}

private enum DefaultHybridCache {
    static let shared = HybridCache<Bitmap>(name: "default", serializer: PPMSerializer())
}

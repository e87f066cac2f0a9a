import Foundation
import Synchronization
import Testing
@testable import KFDCache
import WorkbookSupport

/// Waits for a callback-based operation (bounded, so a broken callback fails instead of hanging).
func awaitCallback<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) throws -> T {
    guard let value = waitForCallback(timeout: 30, start) else { throw CallbackNeverCame() }
    return value
}
struct CallbackNeverCame: Error {}

struct FailingSerializer: CacheSerializer {
    struct Refused: Error {}
    func data(with value: Bitmap, original: Data?) throws -> Data { throw Refused() }
    func value(with data: Data) throws -> Bitmap { throw Refused() }
}

@Suite("HybridCache (ImageCache's design)")
struct HybridCacheTests {
    let picture = Bitmap.gradient(width: 8, height: 4, seed: 3)

    func makeCache(_ folder: TemporaryFolder, clock: ManualClock? = nil) throws -> HybridCache<Bitmap> {
        let disk: DiskStorage.Backend<Data> = try makeDiskStorage(folder, name: "hybrid", clock: clock)
        let memory = MemoryStorage.Backend<Bitmap>(config: .init(totalCostLimit: 1 << 20))
        return HybridCache(memoryStorage: memory, diskStorage: disk, serializer: PPMSerializer())
    }

    @Test("store: memory at once, disk when the completion runs; a disk hit warms memory")
    func storeAndWarm() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let result: CacheStoreResult = try awaitCallback { done in cache.store(picture, forKey: "k", completionHandler: done) }
        #expect(throws: Never.self) { try result.diskCacheResult.get() }
        #expect(cache.imageCachedType(forKey: "k") == .memory)
        cache.clearMemoryCache()
        #expect(cache.imageCachedType(forKey: "k") == .disk)
        let retrieved: Result<ImageCacheResult<Bitmap>, any Error> = try awaitCallback { cache.retrieveImage(forKey: "k", completionHandler: $0) }
        #expect(try retrieved.get().cacheType == .disk)
        #expect(try retrieved.get().image == picture)
        #expect(cache.imageCachedType(forKey: "k") == .memory, "a disk hit must warm memory")
    }

    @Test("the file on disk is a real PPM of the picture")
    func diskHoldsEncodedBytes() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "k", completionHandler: $0) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cache.cachePath(forKey: "k")))
        #expect(bytes.starts(with: Data("P6\n8 4\n255\n".utf8)))
        #expect(bytes.count == 11 + picture.pixels.count)
        #expect(cache.hash(forKey: "k") == "k".kfd.sha256)
    }

    @Test("processor identifiers make computed keys")
    func computedKeys() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        var options = CacheOptions()
        options.processorIdentifier = "round(4)"
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "k", options: options, completionHandler: $0) }
        #expect(!cache.isCached(forKey: "k"))
        #expect(cache.isCached(forKey: "k", processorIdentifier: "round(4)"))
        #expect(cache.hash(forKey: "k", processorIdentifier: "round(4)") == "k@round(4)".kfd.sha256)
        #expect("k".computedKey(with: "") == "k")
    }

    @Test("fromMemoryCacheOrRefresh skips the disk; loadDiskFileSynchronously answers before returning")
    func retrieveOptions() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "k", completionHandler: $0) }
        cache.clearMemoryCache()
        var memoryOnly = CacheOptions()
        memoryOnly.fromMemoryCacheOrRefresh = true
        let skipped: Result<ImageCacheResult<Bitmap>, any Error> = try awaitCallback { cache.retrieveImage(forKey: "k", options: memoryOnly, completionHandler: $0) }
        #expect(try skipped.get().cacheType == .none)

        var synchronous = CacheOptions()
        synchronous.loadDiskFileSynchronously = true
        let answered = Mutex<CacheType?>(nil)
        cache.retrieveImage(forKey: "k", options: synchronous) { result in answered.withLock { $0 = try? result.get().cacheType } }
        #expect(answered.withLock { $0 } == .disk, "the completion must have run before retrieveImage returned")
    }

    @Test("a serializer that fails: memory succeeds, the disk result carries the error")
    func storeResultPerLayer() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let disk: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        let cache = HybridCache(memoryStorage: .init(config: .init(totalCostLimit: 0)), diskStorage: disk, serializer: FailingSerializer())
        let result: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "k", completionHandler: $0) }
        // memoryCacheResult is Result<(), Never>: it cannot fail, and the type says so.
        #expect(throws: CacheError.self) { try result.diskCacheResult.get() }
        #expect(cache.imageCachedType(forKey: "k") == .memory)
    }

    @Test("disk failing: the folder removed, an undecodable file — memory keeps serving, the error arrives once")
    func diskFailures() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "hot", completionHandler: $0) }
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "cold", completionHandler: $0) }
        cache.memoryStorage.remove(forKey: "cold")

        // Corrupt "cold" on disk but keep its dates valid.
        let url = URL(fileURLWithPath: cache.cachePath(forKey: "cold"))
        let meta = try fileMeta(cache.diskStorage, "cold")
        try Data("not a picture".utf8).write(to: url)
        try DiskStorage.FileDates.write(lastAccess: try #require(meta.lastAccessDate), expiration: try #require(meta.estimatedExpirationDate),
                                        to: url, attribute: cache.diskStorage.config.lastAccessAttribute, fileManager: .default)
        let calls = Tally()
        let result: Result<ImageCacheResult<Bitmap>, any Error> = try awaitCallback { done in
            cache.retrieveImage(forKey: "cold") { calls.add(1); done($0) }
        }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(calls.value == 1)
        #expect {
            _ = try result.get()
        } throws: { error in
            guard case CacheError.cannotConvertFromData(let key, _, _) = error else { return false }
            return key == "cold"
        }

        try FileManager.default.removeItem(at: cache.diskStorage.directoryURL)
        #expect(cache.retrieveImageInMemoryCache(forKey: "hot") == picture, "memory keeps serving with the disk gone")
        let after: Result<ImageCacheResult<Bitmap>, any Error> = try awaitCallback { cache.retrieveImage(forKey: "cold", completionHandler: $0) }
        #expect(try after.get().cacheType == .none)
        let stored: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "again", completionHandler: $0) }
        #expect(throws: Never.self) { try stored.diskCacheResult.get() }
    }

    @Test("cleanExpiredDiskCache removes expired files and posts their hashes")
    func cleanNotification() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let clock = ManualClock(Date())
        let cache = try makeCache(folder, clock: clock)
        var shortLived = CacheOptions()
        shortLived.diskCacheExpiration = .seconds(10)
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "old", options: shortLived, completionHandler: $0) }
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "new", completionHandler: $0) }
        clock.advance(60)
        let posted = Mutex<[String]?>(nil)
        let observer = NotificationCenter.default.addObserver(forName: .KFDDidCleanDiskCache, object: cache, queue: nil) { note in
            let hashes = note.userInfo?[KFDDiskCacheCleanedHashKey] as? [String]
            posted.withLock { $0 = hashes }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let _: Bool = try awaitCallback { done in cache.cleanExpiredDiskCache { done(true) } }
        #expect(posted.withLock { $0 } == [cache.hash(forKey: "old")])
        #expect(cache.diskStorage.isCached(forKey: "new"))
    }

    @Test("after a remove completes, no retrieve returns the removed value — even with disk reads in flight")
    func noStaleValueAfterRemove() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        for round in 0..<30 {
            let key = "k\(round)"
            let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: key, completionHandler: $0) }
            cache.clearMemoryCache()
            for _ in 0..<3 { cache.retrieveImage(forKey: key) { _ in } }   // disk reads queued, will warm memory
            let _: (any Error)? = try awaitCallback { done in cache.removeImage(forKey: key) { done($0) } }
            let after: Result<ImageCacheResult<Bitmap>, any Error> = try awaitCallback { cache.retrieveImage(forKey: key, completionHandler: $0) }
            #expect(try after.get().cacheType == .none, "round \(round): a removed value came back")
        }
    }

    @Test("many threads store, retrieve, remove and clean: no crash, every value intact")
    func concurrentStress() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let pictures = (0..<4).map { Bitmap.gradient(width: 4, height: 4, seed: $0) }
        let wrong = Tally()
        let group = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var generator = SeededGenerator(seed: UInt64(worker) + 7)
            for _ in 0..<150 {
                let key = "k\(generator.next() % 6)"
                switch generator.next() % 6 {
                case 0, 1:
                    group.enter()
                    cache.retrieveImage(forKey: key) { result in
                        if case .success(let found) = result, let image = found.image, !pictures.contains(image) { wrong.add(1) }
                        if case .failure = result { wrong.add(1) }
                        group.leave()
                    }
                case 2, 3: cache.store(pictures[Int(generator.next() % 4)], forKey: key)
                case 4: cache.removeImage(forKey: key)
                default: cache.cleanExpiredCache()
                }
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(wrong.value == 0)
    }

    @Test("many tasks through the async API: no crash, no wrong value, no error")
    func concurrentTasks() async throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let pictures = (0..<4).map { Bitmap.gradient(width: 4, height: 4, seed: $0) }
        let problems = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(worker) + 100)
                    var problems = 0
                    for _ in 0..<60 {
                        let key = "k\(generator.next() % 5)"
                        switch generator.next() % 4 {
                        case 0: try await cache.store(pictures[Int(generator.next() % 4)], forKey: key)
                        case 1: try await cache.removeImage(forKey: key)
                        case 2: await cache.cleanExpiredDiskCache()
                        default:
                            if let image = try await cache.retrieveImage(forKey: key).image, !pictures.contains(image) { problems += 1 }
                        }
                    }
                    return problems
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(problems == 0)
    }

    @Test("async/await wrappers")
    func asyncAPI() async throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        try await cache.store(picture, forKey: "k")
        #expect(try await cache.diskStorageSize == UInt(11 + picture.pixels.count))
        cache.clearMemoryCache()
        #expect(try await cache.retrieveImage(forKey: "k").cacheType == .disk)
        #expect(try await cache.retrieveImageInDiskCache(forKey: "k") == picture)
        try await cache.removeImage(forKey: "k")
        #expect(try await cache.retrieveImage(forKey: "k").cacheType == .none)
        await cache.clearDiskCache()
        await cache.cleanExpiredDiskCache()
    }

    @Test("limits: a quarter of physical memory by default, 002's 5% a call away; empty names refused")
    func limitsAndNames() throws {
        let physical = Double(ProcessInfo.processInfo.physicalMemory)
        #expect(Double(HybridCache<Bitmap>.defaultMemoryCostLimit) == (physical * 0.25).rounded(.down))
        #expect(Double(HybridCache<Bitmap>.memoryCostLimit(fractionOfPhysicalMemory: 0.05)) == (physical * 0.05).rounded(.down))
        // Any Double, never a trap: too large is Int.max; not a number, or not above 0, is 0 (no limit).
        #expect(HybridCache<Bitmap>.memoryCostLimit(fractionOfPhysicalMemory: .infinity) == Int.max)
        #expect(HybridCache<Bitmap>.memoryCostLimit(fractionOfPhysicalMemory: 1e300) == Int.max)
        for fraction: Double in [.nan, -Double.infinity, -0.5, 0, -0.0] {
            #expect(HybridCache<Bitmap>.memoryCostLimit(fractionOfPhysicalMemory: fraction) == 0, "fraction \(fraction)")
        }
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        #expect(throws: CacheError.self) { _ = try HybridCache(name: "", serializer: PPMSerializer(), directory: folder.url) }
        let named = try HybridCache(name: "named", serializer: PPMSerializer(), directory: folder.url)
        #expect(named.memoryStorage.config.totalCostLimit == HybridCache<Bitmap>.defaultMemoryCostLimit)
    }

    @Test("lifecycle hooks: a memory warning empties memory, not disk")
    func lifecycleHooks() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try makeCache(folder)
        let _: CacheStoreResult = try awaitCallback { cache.store(picture, forKey: "k", completionHandler: $0) }
        cache.handleMemoryWarning()
        #expect(cache.imageCachedType(forKey: "k") == .disk)
        let _: Bool = try awaitCallback { done in cache.handleEnteringBackground { done(true) } }
        #expect(cache.imageCachedType(forKey: "k") == .disk)
    }

    @Test("PPM: round trip, and clear errors for bad bytes")
    func ppm() throws {
        let serializer = PPMSerializer()
        #expect(try serializer.value(with: serializer.data(with: picture, original: nil)) == picture)
        #expect(try serializer.value(with: Data("P6\n# a comment\n1 1\n255\n\u{1}\u{2}\u{3}".utf8)).pixels == [1, 2, 3])
        for bad in ["", "P5\n1 1\n255\n...", "P6\n2 2\n255\nabc", "P6\n-1 1\n255\n", "P6\n1 1\n65535\nabcdef"] {
            #expect(throws: PPMSerializer.InvalidPPM.self) { try serializer.value(with: Data(bad.utf8)) }
        }
        #expect(Bitmap(width: 2, height: 2, pixels: [1]) == nil)
    }
}

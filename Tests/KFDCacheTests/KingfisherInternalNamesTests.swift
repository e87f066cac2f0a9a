// The internal names Kingfisher 8.11's own tests reach with `@testable import Kingfisher`, used
// the way those tests use them (Tests/KingfisherTests/DiskStorageTests.swift,
// MemoryStorageTests.swift and ImageCacheTests.swift at tag 8.11.0), so that a port of them
// compiles against KFDCache with mechanical renames only.

import Foundation
import Testing
@testable import KFDCache

@Suite("Kingfisher 8.11's internal names")
struct KingfisherInternalNamesTests {

    /// DiskStorageTests' `waitUntilMaybeCachedIsReady`: the shortcut is ready once the first scan
    /// has run, read on `maybeCachedCheckingQueue`.
    @Test("maybeCached and maybeCachedSetupCompleted, read on maybeCachedCheckingQueue")
    func maybeCachedReady() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let storage: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        let isReady = storage.maybeCachedCheckingQueue.sync {
            storage.maybeCachedSetupCompleted && storage.maybeCached != nil
        }
        #expect(isReady, "the first scan runs on maybeCachedCheckingQueue: a sync on it sees it done")
        try storage.store(value: Data("1".utf8), forKey: "1")
        #expect(storage.maybeCached?.contains(storage.cacheFileName(forKey: "1")) == true)
    }

    /// DiskStorageTests' `testMissForUnknownKeyAfterInitialScanApplied`: the scan bookkeeping set by hand.
    @Test("setting maybeCached = [] and maybeCachedSetupCompleted = true makes an unknown key a miss")
    func maybeCachedDrivenByHand() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let storage: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        storage.maybeCachedCheckingQueue.sync {
            storage.maybeCached = []
            storage.maybeCachedSetupCompleted = true
        }
        #expect(!storage.isCached(forKey: "never-stored"))
        #expect(try storage.value(forKey: "never-stored") == nil)
        #expect(!storage.isMaybeCached(forKey: "never-stored"))
    }

    /// DiskStorageTests' `testConfigUsesHashedFileName…`.
    @Test("cacheFileName(forKey:) follows usesHashedFileName and autoExtAfterHashedFileName")
    func cacheFileNames() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let storage: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        storage.config.usesHashedFileName = true
        #expect(storage.cacheFileName(forKey: "test") == "test".kfd.sha256)
        storage.config.usesHashedFileName = false
        #expect(storage.cacheFileName(forKey: "test") == "test")

        let key = "test.jpeg@com.onevcat.Kingfisher.DownsamplingImageProcessor"
        storage.config.usesHashedFileName = true
        storage.config.autoExtAfterHashedFileName = true
        #expect(storage.cacheFileName(forKey: key) == key.kfd.sha256 + ".jpeg")
        #expect(storage.cacheFileName(forKey: "https://example.com/image.jpg?v=2") == "https://example.com/image.jpg?v=2".kfd.sha256)
        #expect(storage.cacheFileName(forKey: key, forcedExtension: "png") == key.kfd.sha256 + ".png")
        storage.config.usesHashedFileName = false
        #expect(storage.cacheFileName(forKey: key) == key)
        #expect(storage.cacheFileURL(forKey: key).lastPathComponent == storage.cacheFileName(forKey: key))
    }

    /// DiskStorageTests' `testFileMetaOrder`.
    @Test("FileMeta's memberwise init, and sorted(by: FileMeta.lastAccessDate) puts the newest first")
    func fileMetaOrder() {
        let urls = [URL(string: "test1")!, URL(string: "test2")!, URL(string: "test3")!]
        let now = Date()
        let metas = (0..<3).map { i in
            DiskStorage.FileMeta(fileURL: urls[i], lastAccessDate: now.addingTimeInterval(Double(i)),
                                 estimatedExpirationDate: now.addingTimeInterval(Double(i + 1)),
                                 isDirectory: false, fileSize: 1)
        }
        let ordered = [metas[1], metas[0], metas[2]].sorted(by: DiskStorage.FileMeta.lastAccessDate)
        #expect(ordered[0].lastAccessDate! > ordered[1].lastAccessDate!)
        #expect(ordered[1].lastAccessDate! > ordered[2].lastAccessDate!)
        #expect(ordered.map(\.url) == [urls[2], urls[1], urls[0]])
    }

    /// MemoryStorageTests' `testStorageObject` (its 0.5 s sleep replaced by reading the dates).
    @Test("MemoryStorage.StorageObject(_:expiration:) and extendExpiration()")
    func storageObject() {
        let before = Date()
        let object = MemoryStorage.StorageObject(1, expiration: .seconds(1))
        let after = Date()
        #expect(object.value == 1)
        #expect(object.estimatedExpiration >= before.addingTimeInterval(1))
        #expect(object.estimatedExpiration <= after.addingTimeInterval(1))
        let first = object.estimatedExpiration
        object.extendExpiration()
        #expect(object.estimatedExpiration >= first, "restarts the one-second lifetime from now")
        object.extendExpiration(.expirationTime(.seconds(60)))
        #expect(object.estimatedExpiration > after.addingTimeInterval(59))
    }

    /// ImageCacheTests' `testCustomCachePathByBlock`.
    @Test("HybridCache(name:cacheDirectoryURL:diskCachePathClosure:) builds the folder with the closure")
    func customCachePathByBlock() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try HybridCache(name: "test", cacheDirectoryURL: folder.url, diskCachePathClosure: { url, path in
            url.appendingPathComponent(path + "-modified", isDirectory: true)
        })
        #expect(cache.diskStorage.directoryURL.path
                == (folder.url.path as NSString).appendingPathComponent("com.kfdcache.DiskStorage.test-modified"))
        let plain = try HybridCache(name: "plain", cacheDirectoryURL: folder.url)
        #expect(plain.diskStorage.directoryURL.lastPathComponent == "com.kfdcache.DiskStorage.plain")
        #expect(throws: CacheError.self) { try HybridCache(name: "", cacheDirectoryURL: folder.url) }
    }

    /// ImageCacheTests' `testMemoryStorageCacheCost`.
    @Test("memoryStorageCacheCost follows stores and clearMemoryCache")
    func memoryStorageCacheCost() async throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try HybridCache(name: "cost", cacheDirectoryURL: folder.url)
        let picture = Bitmap.gradient(width: 4, height: 4, seed: 3)
        #expect(cache.memoryStorageCacheCost == 0)
        try await cache.store(picture, forKey: "a", toDisk: false)
        #expect(cache.memoryStorageCacheCost == picture.cacheCost)
        try await cache.store(picture, forKey: "b", toDisk: false)
        #expect(cache.memoryStorageCacheCost == picture.cacheCost * 2)
        cache.clearMemoryCache()
        #expect(cache.memoryStorageCacheCost == 0)
    }
}

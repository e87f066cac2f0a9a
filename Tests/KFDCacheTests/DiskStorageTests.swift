import Foundation
import Testing
@testable import KFDCache

@Suite("DiskStorage.Backend")
struct DiskStorageTests {
    /// A fake clock in the past: the kernel's own times (ctime, a read's atime) are "now", so
    /// any date that leaks from them instead of from the backend shows up as a wrong order.
    let clock = ManualClock(Date(timeIntervalSinceNow: -100_000).fileAttributeDate + 0.25)

    @Test func configDefaults() {
        let config = DiskStorage.Config(name: "x", sizeLimit: 0)
        #expect(config.expiration == .days(7))
        #expect(config.usesHashedFileName)
        #expect(!config.autoExtAfterHashedFileName)
        #expect(config.pathExtension == nil)
        #expect(config.cachePathBlock != nil)
    }

    @Test func storeValueRemove() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data("hello".utf8), forKey: "a")
        #expect(try backend.value(forKey: "a") == Data("hello".utf8))
        #expect(backend.isCached(forKey: "a"))
        #expect(!backend.isCached(forKey: "b"))
        #expect(try backend.value(forKey: "b") == nil)
        try backend.remove(forKey: "a")
        #expect(!backend.isCached(forKey: "a"))
        try backend.remove(forKey: "never-stored")  // not an error
    }

    @Test("file names: sha256 of the key, extensions as configured")
    func fileNames() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        let hash = "https://a.example/photo.png".kfd.sha256
        #expect(backend.cacheFileURL(forKey: "https://a.example/photo.png").lastPathComponent == hash)
        #expect(backend.cacheFileURL(forKey: "k", forcedExtension: "jpg").lastPathComponent == "k".kfd.sha256 + ".jpg")
        backend.config.autoExtAfterHashedFileName = true
        #expect(backend.cacheFileURL(forKey: "https://a.example/photo.png").lastPathComponent == hash + ".png")
        backend.config.pathExtension = "dat"
        #expect(backend.cacheFileURL(forKey: "https://a.example/photo.png").lastPathComponent == hash + ".dat")
        backend.config.usesHashedFileName = false
        #expect(backend.cacheFileURL(forKey: "plain").lastPathComponent == "plain.dat")
        #expect(backend.cacheFileURL(forKey: "x").deletingLastPathComponent().standardizedFileURL
                == backend.directoryURL.standardizedFileURL)
    }

    @Test("an extension taken from the key is dropped when it is not a safe name")
    func unsafeAutoExtension() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder) { $0.autoExtAfterHashedFileName = true }
        let key = "https://a.example/x.png/../../../escape"
        #expect(backend.cacheFileURL(forKey: key).lastPathComponent == key.kfd.sha256)
    }

    @Test("the folder is named after the config and built by cachePathBlock, which is then released")
    func cachePathBlockUsedOnceAndReleased() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        final class Owner: Sendable {}
        weak var weakOwner: Owner?
        let backend: DiskStorage.Backend<Data>
        do {
            let owner = Owner()
            weakOwner = owner
            var config = DiskStorage.Config(name: "named", sizeLimit: 0, directory: folder.url)
            config.cachePathBlock = { directory, name in
                _ = owner  // captures the owner strongly, as a careless caller might
                return directory.appendingPathComponent("custom-\(name)", isDirectory: true)
            }
            backend = try DiskStorage.Backend(config: config)
        }
        #expect(weakOwner == nil)
        #expect(backend.config.cachePathBlock == nil)
        #expect(backend.directoryURL.lastPathComponent == "custom-com.kfdcache.DiskStorage.named")
    }

    @Test("expiration is checked against referenceDate")
    func expirationWithReferenceDate() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([1]), forKey: "a", expiration: .seconds(10))
        // Written rounded up: 10 s from a time at .25 past the second expires at the next
        // whole second + 10, never earlier.
        #expect(backend.isCached(forKey: "a", referenceDate: clock.now + 10))
        #expect(!backend.isCached(forKey: "a", referenceDate: clock.now + 11))
        try backend.store(value: Data([1]), forKey: "gone", expiration: .expired)
        #expect(!FileManager.default.fileExists(atPath: backend.cacheFileURL(forKey: "gone").path))
    }

    @Test(".cacheTime keeps the original lifetime across many reads (no creep)")
    func cacheTimeKeepsLifetime() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([1]), forKey: "a", expiration: .seconds(20))
        for _ in 0..<30 {
            clock.advance(1.7)
            #expect(try backend.value(forKey: "a") != nil)
            backend.waitForMetadataUpdates()   // extensions are written asynchronously
        }
        let meta = try fileMeta(backend, "a")
        let lifetime = try #require(meta.estimatedExpirationDate).timeIntervalSince(try #require(meta.lastAccessDate))
        #expect(lifetime == 20)
        #expect(try #require(meta.lastAccessDate) == clock.now.fileAttributeDate)
        #expect(backend.isCached(forKey: "a", referenceDate: clock.now + 19))
        #expect(!backend.isCached(forKey: "a", referenceDate: clock.now + 21))
    }

    @Test(".none leaves both dates alone; .expirationTime replaces the lifetime")
    func otherExtensions() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([1]), forKey: "a", expiration: .seconds(20))
        let before = try fileMeta(backend, "a")
        clock.advance(5)
        _ = try backend.value(forKey: "a", extendingExpiration: .none)
        let after = try fileMeta(backend, "a")
        #expect(after.lastAccessDate == before.lastAccessDate)
        #expect(after.estimatedExpirationDate == before.estimatedExpirationDate)

        _ = try backend.value(forKey: "a", extendingExpiration: .expirationTime(.seconds(500)))
        #expect(backend.isCached(forKey: "a", referenceDate: clock.now + 499))
    }

    @Test("isCached neither reads nor extends")
    func isCachedHasNoSideEffects() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([1]), forKey: "a", expiration: .seconds(20))
        let before = try fileMeta(backend, "a")
        clock.advance(10)
        #expect(backend.isCached(forKey: "a"))
        let after = try fileMeta(backend, "a")
        #expect(after.lastAccessDate == before.lastAccessDate)
    }

    @Test("removeExpiredValues removes exactly the expired files")
    func removeExpired() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([1]), forKey: "short", expiration: .seconds(5))
        try backend.store(value: Data([2]), forKey: "long", expiration: .seconds(500))
        try backend.store(value: Data([3]), forKey: "forever", expiration: .never)
        let removed = try backend.removeExpiredValues(referenceDate: clock.now + 100)
        #expect(removed.map(\.lastPathComponent) == ["short".kfd.sha256])
        #expect(backend.isCached(forKey: "long") && backend.isCached(forKey: "forever"))
    }

    /// `.never` is written as `Date.distantFuture` (year 4001), which no file system keeps as it
    /// is: ext4 clamps it to 2446, and what APFS does is not documented. Whatever the file system
    /// makes of it, a `.never` entry must read back as far in the future — not an exact date.
    @Test(".never reads back as far in the future, whatever the file system makes of year 4001")
    func neverReadsBackFarAhead() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([3]), forKey: "forever", expiration: .never)
        let expiration = try #require(try fileMeta(backend, "forever").estimatedExpirationDate)
        let century = 100 * 365 * 86_400.0
        #expect(expiration > Date().addingTimeInterval(century), "read back: \(expiration)")
        #expect(try backend.value(forKey: "forever") == Data([3]))
        #expect(try backend.removeExpiredValues(referenceDate: Date().addingTimeInterval(century)).isEmpty)
    }

    @Test("totalSize counts exact file sizes and skips sub-folders")
    func totalSize() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data(count: 1000), forKey: "a")
        try backend.store(value: Data(count: 234), forKey: "b")
        try FileManager.default.createDirectory(at: backend.directoryURL.appendingPathComponent("sub"),
                                                withIntermediateDirectories: false)
        #expect(try backend.totalSize() == 1234)
    }

    @Test("trimming removes the least recently accessed files, down to half the limit, even after chmod and rename")
    func sizeTrimmingIsLRU() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, sizeLimit: 4_000, clock: clock)
        for i in 0..<5 {
            try backend.store(value: Data(count: 1_000), forKey: "k\(i)")
            clock.advance(10)
        }
        clock.advance(100)
        _ = try backend.value(forKey: "k0")  // k0 becomes the most recently accessed
        backend.waitForMetadataUpdates()

        // Unrelated metadata changes on the oldest files: they move ctime (Kingfisher's "last
        // access" on Linux) to the real now, which is later than every date the fake clock wrote.
        let fileManager = FileManager.default
        let k1 = backend.cacheFileURL(forKey: "k1").path, k2 = backend.cacheFileURL(forKey: "k2").path
        try fileManager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: k1)
        try fileManager.moveItem(atPath: k2, toPath: k2 + "-moving")
        try fileManager.moveItem(atPath: k2 + "-moving", toPath: k2)

        let removed = try backend.removeSizeExceededValues()
        #expect(removed.map(\.lastPathComponent) == ["k1", "k2", "k3"].map(\.kfd.sha256))
        #expect(try backend.totalSize() == 2_000)
        #expect(backend.isCached(forKey: "k0") && backend.isCached(forKey: "k4"))
    }

    @Test("keys equal as Swift strings but not in bytes (NFC and NFD) keep two files, asked in either order, again and again")
    func canonicallyEquivalentKeys() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        let composed = "caf\u{E9}.png", decomposed = "cafe\u{301}.png"
        #expect(composed == decomposed)   // Swift's String ==: canonical equivalence
        for _ in 0..<3 {   // again and again: the table of recent keys must not answer one for the other
            #expect(backend.cacheFileURL(forKey: composed).lastPathComponent == composed.kfd.sha256)
            #expect(backend.cacheFileURL(forKey: decomposed).lastPathComponent == decomposed.kfd.sha256)
        }
        try backend.store(value: Data([1]), forKey: composed)
        #expect(try backend.value(forKey: decomposed) == nil)
        #expect(!backend.isCached(forKey: decomposed))
        try backend.store(value: Data([2]), forKey: decomposed)
        #expect(try backend.value(forKey: composed) == Data([1]))
        #expect(try backend.value(forKey: decomposed) == Data([2]))
    }

    @Test(".never and .expired are written inside the range every file system keeps (2200 and 1970)")
    func datesInsideTheKeptRange() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock)
        try backend.store(value: Data([1]), forKey: "forever", expiration: .never)
        try backend.store(value: Data([2]), forKey: "year5000", expiration: .date(Date(timeIntervalSince1970: 9e10)))
        let kept = DiskStorage.FileDates.latestKept
        #expect(try fileMeta(backend, "forever").estimatedExpirationDate == kept)
        #expect(try fileMeta(backend, "year5000").estimatedExpirationDate == kept)
        // A hit that replaces the expiration with `.expired` writes 1970, never year 1.
        _ = try backend.value(forKey: "forever", extendingExpiration: .expirationTime(.expired))
        backend.waitForMetadataUpdates()
        #expect(try fileMeta(backend, "forever").estimatedExpirationDate == DiskStorage.FileDates.earliestKept)
        #expect(try backend.value(forKey: "forever") == nil)
    }

    @Test("the trim takes an entry whose expiration precedes its last access by its expiration (the order a Mac's birth-time rule gives)")
    func trimOrdersByTheEarlierDate() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, sizeLimit: 2_500, clock: clock)
        for i in 0..<3 {
            try backend.store(value: Data(count: 1_000), forKey: "k\(i)", expiration: .seconds(10_000))
            clock.advance(10)
        }
        // k2 is read last, and the read sets its expiration into the past: most recently accessed,
        // already expired. It goes first; then k0, the least recently accessed.
        _ = try backend.value(forKey: "k2", extendingExpiration: .expirationTime(.date(clock.now - 1_000)))
        backend.waitForMetadataUpdates()
        let removed = try backend.removeSizeExceededValues()
        #expect(removed.map(\.lastPathComponent) == ["k2", "k0"].map(\.kfd.sha256))
    }

    @Test("under the limit, trimming removes nothing; at the limit exactly it trims, as Kingfisher 8.11.0 does")
    func noTrimUnderLimit() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, sizeLimit: 2_000)
        try backend.store(value: Data(count: 1_000), forKey: "a")
        try backend.store(value: Data(count: 999), forKey: "b")
        #expect(try backend.removeSizeExceededValues().isEmpty)
        try backend.store(value: Data(count: 1_000), forKey: "b")
        #expect(try backend.removeSizeExceededValues().count == 1)
    }

    @Test("removeAll empties the folder and the storage keeps working")
    func removeAllThenStore() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        for i in 0..<5 { try backend.store(value: Data([UInt8(i)]), forKey: "\(i)") }
        try backend.removeAll()
        #expect(try backend.totalSize() == 0)
        #expect(!backend.isCached(forKey: "1"))
        try backend.store(value: Data([9]), forKey: "after")
        #expect(try backend.value(forKey: "after") == Data([9]))
    }
}

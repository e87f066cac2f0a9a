// Kingfisher 8.11's own behaviour, as its test suite pins it down, written here in our own words:
// where KFDCache matches it, and where it differs on purpose (each difference says so).
//
// The differences, all of them (each pinned below):
//   • a dangling symbolic link is a miss here; Kingfisher reads the link's own dates and then
//     throws `cannotLoadDataFromDisk` (section 5);
//   • `config.fileManager` is asked only for the folder-level steps (the first scan's listing too,
//     when it is a subclass), removals by key, and the confirmation after a failed metadata read;
//     reads, stores, `isCached` and the cleaning scans are system calls, so a `FileManager`
//     subclass does not see them (section 11). Kingfisher sends every file operation through it.
// Matched since the last port: unreadable metadata on an existing file (section 9) and
// `imageCachedTypeAsync` on a memory hit (section 10).

import Foundation
import Synchronization
import Testing
@testable import KFDCache
import WorkbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Kingfisher 8.11's behaviour")
struct KingfisherBehaviourTests {

    // MARK: 1. String.kfd.ext

    @Test("kfd.ext cuts at the first @, then keeps only a short letters-and-digits extension", arguments: [
        ("https://example.com/image", nil),
        ("https://a.example.net/57373197@300-1720981878.jpg", nil),
        ("test.jpeg@com.onevcat.Kingfisher.DownsamplingImageProcessor", "jpeg"),
        ("https://a.example/200.jpg?v=2", nil),
        ("https://a.example/photo.png", "png"),
        ("icon.jpg@2x", "jpg"),
        ("archive.tar.gz", "gz"),
        ("trailing.", nil),
        ("a.abcdefghijklmnopqrstu", nil),   // 21 characters: too long to be an extension
        ("a.abcdefghijklmnopqrst", "abcdefghijklmnopqrst"),
    ] as [(String, String?)])
    func ext(key: String, expected: String?) {
        #expect(key.kfd.ext == expected)
    }

    @Test("with autoExtAfterHashedFileName no ?, # or / reaches a file name")
    func extendedNamesStaySafe() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder) { $0.autoExtAfterHashedFileName = true }
        for key in ["https://a.example/200.jpg?v=2", "https://a.example/x.png#frag", "https://example.com/image"] {
            let name = backend.cacheFileURL(forKey: key).lastPathComponent
            #expect(name == key.kfd.sha256, "\(key) gave the file name \(name)")
            try backend.store(value: Data("x".utf8), forKey: key)
        }
        #expect(backend.cacheFileURL(forKey: "https://a.example/p.png").lastPathComponent == "https://a.example/p.png".kfd.sha256 + ".png")
    }

    // MARK: 2. A synchronous disk read from a completion handler

    @Test("a synchronous disk read inside a store's completion (on ioQueue) returns, it does not trap")
    func syncReadFromCompletion() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let disk: DiskStorage.Backend<Data> = try makeDiskStorage(folder, name: "hybrid")
        let cache = HybridCache(memoryStorage: MemoryStorage.Backend<Bitmap>(config: .init(totalCostLimit: 1 << 20)),
                                diskStorage: disk, serializer: PPMSerializer())
        let picture = Bitmap.gradient(width: 4, height: 4, seed: 1)
        let synchronous: CacheOptions = {
            var options = CacheOptions()
            options.loadDiskFileSynchronously = true
            return options
        }()
        let found: Bitmap? = try awaitCallback { done in
            cache.store(picture, forKey: "k") { _ in
                // Runs on ioQueue (callbackQueue .untouch). Kingfisher reads on this thread here.
                let delivered = Mutex<Bitmap?>(nil)
                cache.retrieveImageInDiskCache(forKey: "k", options: synchronous) { result in
                    delivered.withLock { $0 = (try? result.get()) ?? nil }
                }
                done(delivered.withLock { $0 })
            }
        }
        #expect(found == picture, "the synchronous read must deliver before returning, from any queue")
    }

    // MARK: 3. A vanished folder is an empty cache

    @Test("after the folder vanished: size 0, nothing expired, and the next store makes it again")
    func vanishedFolder() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data("x".utf8), forKey: "a")
        try FileManager.default.removeItem(at: backend.directoryURL)
        #expect(try backend.totalSize() == 0)
        #expect(try backend.removeExpiredValues(referenceDate: .distantFuture).isEmpty)
        #expect(try backend.removeSizeExceededValues().isEmpty)
        #expect(try backend.value(forKey: "a") == nil)
        try backend.store(value: Data("y".utf8), forKey: "b")
        #expect(try backend.value(forKey: "b") == Data("y".utf8))
    }

    // MARK: 4. An unreadable folder is a miss

    /// The rule (DiskStorageBackend.swift, `value`): what the cache cannot see is a miss. CI runs
    /// as root, for whom permission 000 means nothing: there the check runs in a child process
    /// that drops to user `nobody` first, so it is not vacuous.
    @Test("a folder we may not search: value is nil, isCached is false, no error")
    func unreadableFolderIsAMiss() async throws {
        if getuid() != 0 {
            #expect(Self.unreadableFolderScenario())
            return
        }
        #if compiler(>=6.2) && os(Linux)
        await #expect(processExitsWith: .success) {
            guard setgid(65534) == 0, setuid(65534) == 0 else { exit(2) }
            exit(KingfisherBehaviourTests.unreadableFolderScenario() ? 0 : 1)
        }
        #endif
    }

    /// Stores a value, makes the folder unsearchable (000), and asks for it. True when every
    /// answer is a miss and nothing threw. Runs as the calling user.
    static func unreadableFolderScenario() -> Bool {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kfd-perm-\(UUID().uuidString)")
        defer {
            chmod(base.appendingPathComponent("com.kfdcache.DiskStorage.perm").path, 0o700)
            try? FileManager.default.removeItem(at: base)
        }
        guard let backend = try? DiskStorage.Backend<Data>(config: .init(name: "perm", sizeLimit: 0, directory: base)),
              (try? backend.store(value: Data("x".utf8), forKey: "a")) != nil else { return false }
        guard chmod(backend.directoryURL.path, 0) == 0 else { return false }
        do {
            let value = try backend.value(forKey: "a")
            return value == nil && !backend.isCached(forKey: "a")
        } catch {
            return false
        }
    }

    // MARK: 5. A dangling symbolic link

    @Test("a dangling symbolic link in the folder is a miss: value nil, isCached false (Kingfisher: throws)")
    func danglingSymlink() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        let url = backend.cacheFileURL(forKey: "link")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: folder.url.appendingPathComponent("nowhere").path)
        // A deliberate difference: links are followed (as Kingfisher's fileExists does), and there
        // is nothing behind this one. Kingfisher 8.11 on Linux throws cannotLoadDataFromDisk.
        #expect(try backend.value(forKey: "link") == nil)
        #expect(!backend.isCached(forKey: "link", referenceDate: .distantPast))
        // A link to a real file is followed: its target's dates and bytes.
        try backend.store(value: Data("target".utf8), forKey: "real")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: backend.cacheFileURL(forKey: "real").path)
        let relinked: DiskStorage.Backend<Data> = try makeDiskStorage(folder)   // its scan sees the link
        #expect(try relinked.value(forKey: "link") == Data("target".utf8))
    }

    // MARK: 6. API Kingfisher 8.11 has

    @Test("MemoryStorage: totalCacheCost, storeNoThrow, a settable cleanInterval")
    func memoryAPI() async throws {
        let backend = MemoryStorage.Backend<Payload>(config: .init(totalCostLimit: 0, cleanInterval: 0))
        backend.storeNoThrow(value: Payload(1, cost: 3), forKey: "a")
        backend.store(value: Payload(2, cost: 4), forKey: "b")
        #expect(backend.totalCacheCost() == 7)
        backend.remove(forKey: "a")
        #expect(backend.totalCacheCost() == 4)
        // No timer at first (0); a new interval arms one, which then cleans.
        backend.store(value: Payload(3), forKey: "short", expiration: .seconds(0.05))
        var config = backend.config
        config.cleanInterval = 0.02
        backend.config = config
        for _ in 0..<250 where backend.keys.contains("short") { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!backend.keys.contains("short"), "the re-armed clean timer should have removed the expired value")
    }

    @Test("keepWhenEnteringBackground: values stored with it survive entering the background")
    func keepWhenEnteringBackground() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let disk: DiskStorage.Backend<Data> = try makeDiskStorage(folder, name: "bg")
        let memory = MemoryStorage.Backend<Bitmap>(config: .init(totalCostLimit: 1 << 20))
        let cache = HybridCache(memoryStorage: memory, diskStorage: disk, serializer: PPMSerializer())
        let picture = Bitmap.gradient(width: 2, height: 2, seed: 2)
        cache.store(picture, forKey: "dropped", toDisk: false)
        var config = memory.config
        config.keepWhenEnteringBackground = true
        memory.config = config
        cache.store(picture, forKey: "kept", toDisk: false)
        let _: Void = try awaitCallback { done in cache.handleEnteringBackground { done(()) } }
        #expect(!memory.isCached(forKey: "dropped"))
        #expect(memory.isCached(forKey: "kept"))
    }

    @Test("DiskStorage.removeAll(skipCreatingDirectory:) leaves no folder; the next store makes it")
    func removeAllSkippingFolder() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data("x".utf8), forKey: "a")
        try backend.removeAll(skipCreatingDirectory: true)
        #expect(!FileManager.default.fileExists(atPath: backend.directoryURL.path))
        try backend.store(value: Data("y".utf8), forKey: "b")
        #expect(try backend.value(forKey: "b") == Data("y".utf8))
        try backend.removeAll()
        #expect(FileManager.default.fileExists(atPath: backend.directoryURL.path))
    }

    @Test("HybridCache: forcedExtension end to end, possibleCacheFileURLIfOnDisk, imageCachedTypeAsync")
    func hybridAPI() async throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try HybridCache(name: "api", serializer: PPMSerializer(), directory: folder.url)
        let picture = Bitmap.gradient(width: 2, height: 2, seed: 5)
        var options = CacheOptions()
        options.forcedExtension = "ppm"
        try await cache.store(picture, forKey: "k", options: options)
        #expect(cache.cachePath(forKey: "k", forcedExtension: "ppm").hasSuffix(".ppm"))
        #expect(cache.possibleCacheFileURLIfOnDisk(forKey: "k", forcedExtension: "ppm")?.pathExtension == "ppm")
        #expect(cache.possibleCacheFileURLIfOnDisk(forKey: "k") == nil, "without the extension it is another file, not on disk")
        cache.clearMemoryCache()
        #expect(await cache.imageCachedTypeAsync(forKey: "k", forcedExtension: "ppm") == .disk)
        #expect(await cache.imageCachedTypeAsync(forKey: "k") == .none)
        #expect(try await cache.retrieveImageInDiskCache(forKey: "k", options: options) == picture)
    }

    @Test("HybridCache(name:serializer:) never throws; an empty name gives a cache whose disk is not ready")
    func nonThrowingInit() async throws {
        let cache = HybridCache<Bitmap>(name: "", serializer: PPMSerializer())
        let picture = Bitmap.gradient(width: 2, height: 2, seed: 6)
        let result: CacheStoreResult = try awaitCallback { done in cache.store(picture, forKey: "k", completionHandler: done) }
        #expect(throws: CacheError.self) { try result.diskCacheResult.get() }
        #expect(cache.retrieveImageInMemoryCache(forKey: "k") == picture, "memory works without a disk")
    }

    // MARK: 7. The initial folder scan, observed

    @Test("the initial scan runs once, after the folder is made, and always yields a set")
    func initialScan() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let events = Mutex<[DiskStorage.Backend<Data>.ScanEvent]>([])
        let config = DiskStorage.Config(name: "scan", sizeLimit: 0, directory: folder.url)
        let backend = DiskStorage.Backend<Data>(noThrowConfig: config, creatingDirectory: true, now: { Date() },
                                                scanObserver: { event in events.withLock { $0.append(event) } })
        backend.maybeCachedCheckingQueue.sync {}   // the scan was queued first: it has run
        let seen = events.withLock { $0 }
        #expect(seen == [.init(folderExisted: true, names: [])], "the folder is made before the scan is queued")
        // A second backend on a folder with a file finds it; that folder existed before the scan.
        try backend.store(value: Data("x".utf8), forKey: "a")
        let again = Mutex<[DiskStorage.Backend<Data>.ScanEvent]>([])
        let second = DiskStorage.Backend<Data>(noThrowConfig: config, creatingDirectory: true, now: { Date() },
                                               scanObserver: { event in again.withLock { $0.append(event) } })
        second.maybeCachedCheckingQueue.sync {}
        #expect(again.withLock { $0 } == [.init(folderExisted: true, names: ["a".kfd.sha256])])
    }

    // MARK: 8. No sync-on-self traps

    @Test("waiting for metadata writes from the metadata queue itself returns (no sync on self)")
    func noSyncOnSelf() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data("x".utf8), forKey: "a")
        // Code running on the metadata queue (every block there goes through onMetaChangingQueue)
        // asks isCached, which waits for pending metadata writes: it must answer, not trap.
        let answered = Mutex<Bool?>(nil)
        let nested = DispatchSemaphore(value: 0)
        backend.onMetaChangingQueue {
            answered.withLock { $0 = backend.isCached(forKey: "a") }
            nested.signal()
        }
        #expect(nested.wait(timeout: .now() + 10) == .success)
        #expect(answered.withLock { $0 } == true)
    }
}

// MARK: 9. Metadata that cannot be read, on a file that exists (Kingfisher 8.11's rule, matched)

extension KingfisherBehaviourTests {

    /// Kingfisher 8.11 (`DiskStorage.Backend.value(forKey:referenceDate:actuallyLoad:…)`): when
    /// reading a file's metadata fails for a reason other than a missing file, it asks
    /// `config.fileManager.fileExists`; not confirmed is a miss, confirmed is an error
    /// (`invalidURLResource`; ours: `cannotAccessFileAttributes`). A link that points at itself
    /// fails every `stat` with ELOOP, even for root, and `FileManager.fileExists` says false for it.
    @Test("a file whose metadata fails (ELOOP) and that the file manager cannot confirm is a miss")
    func unreadableMetadataUnconfirmedIsAMiss() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data("x".utf8), forKey: "loop")
        let url = backend.cacheFileURL(forKey: "loop")
        try FileManager.default.removeItem(at: url)
        #expect(symlink(url.lastPathComponent, url.path) == 0)   // a link to itself
        #expect(try backend.value(forKey: "loop") == nil)
        #expect(!backend.isCached(forKey: "loop"))
    }

    @Test("a file whose metadata fails and that the file manager confirms throws cannotAccessFileAttributes")
    func unreadableMetadataConfirmedThrows() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let lying = FileExistsLyingFileManager()
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder) {
            $0 = DiskStorage.Config(name: $0.name, sizeLimit: 0, fileManager: lying, directory: folder.url)
        }
        try backend.store(value: Data("x".utf8), forKey: "loop")
        let url = backend.cacheFileURL(forKey: "loop")
        try FileManager.default.removeItem(at: url)
        #expect(symlink(url.lastPathComponent, url.path) == 0)
        lying.lieAboutExistence(ofPath: url.path)
        #expect {
            try backend.value(forKey: "loop")
        } throws: { error in
            guard case CacheError.cannotAccessFileAttributes = error else { return false }
            return true
        }
        #expect(!backend.isCached(forKey: "loop"), "isCached turns the error into false, as Kingfisher's does")
    }

    /// Kingfisher's own test of the same rule (`testValueWithUnreadableMetadataOnExistingFileThrows`):
    /// a folder we may not search, and a file manager that confirms the file anyway. As root
    /// (CI) the scenario runs in a child process that drops to `nobody` first.
    @Test("Kingfisher's scenario: an unsearchable folder, a file manager that confirms the file: an error")
    func unsearchableFolderConfirmedThrows() async throws {
        if getuid() != 0 {
            #expect(Self.unsearchableConfirmedScenario())
            return
        }
        #if compiler(>=6.2) && os(Linux)
        await #expect(processExitsWith: .success) {
            guard setgid(65534) == 0, setuid(65534) == 0 else { exit(2) }
            exit(KingfisherBehaviourTests.unsearchableConfirmedScenario() ? 0 : 1)
        }
        #endif
    }

    /// True when the read throws `cannotAccessFileAttributes`. Runs as the calling user.
    static func unsearchableConfirmedScenario() -> Bool {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kfd-lie-\(UUID().uuidString)")
        let lying = FileExistsLyingFileManager()
        guard let backend = try? DiskStorage.Backend<Data>(config: .init(name: "lie", sizeLimit: 0, fileManager: lying, directory: base)),
              (try? backend.store(value: Data("x".utf8), forKey: "a")) != nil else { return false }
        defer {
            chmod(backend.directoryURL.path, 0o700)
            try? FileManager.default.removeItem(at: base)
        }
        lying.lieAboutExistence(ofPath: backend.cacheFileURL(forKey: "a").path)
        guard chmod(backend.directoryURL.path, 0) == 0 else { return false }
        do {
            _ = try backend.value(forKey: "a")
            return false
        } catch CacheError.cannotAccessFileAttributes {
            return true
        } catch {
            return false
        }
    }

    // MARK: 10. imageCachedTypeAsync on a memory hit (Kingfisher 8.11, matched)

    @Test("imageCachedTypeAsync answers a memory hit at once, on the calling thread (.untouch)")
    func cachedTypeAsyncMemoryHitIsImmediate() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let cache = try HybridCache(name: "type", serializer: PPMSerializer(), directory: folder.url)
        let picture = Bitmap.gradient(width: 2, height: 2, seed: 9)
        let stored: CacheStoreResult = try awaitCallback { done in cache.store(picture, forKey: "k", completionHandler: done) }
        try stored.diskCacheResult.get()
        // Block ioQueue: an answer that went through it could not arrive before the gate opens,
        // so an answer already there when the call returns was given on this thread, inside it.
        let gate = DispatchSemaphore(value: 0)
        cache.ioQueue.async { gate.wait() }
        let answer = Mutex<CacheType?>(nil)
        cache.imageCachedTypeAsync(forKey: "k") { type in answer.withLock { $0 = type } }
        #expect(answer.withLock { $0 } == .memory, "answered before imageCachedTypeAsync returned")
        // Not in memory: the disk is asked on ioQueue, after the gate.
        cache.clearMemoryCache()
        let later = Mutex<CacheType?>(nil)
        let done = DispatchSemaphore(value: 0)
        cache.imageCachedTypeAsync(forKey: "k") { type in later.withLock { $0 = type }; done.signal() }
        #expect(later.withLock { $0 } == nil, "a disk question waits for ioQueue")
        gate.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(later.withLock { $0 } == .disk)
    }
}

// MARK: 11. What the file manager is asked (a difference, pinned)

extension KingfisherBehaviourTests {
    @Test("the hot path and the cleaning scans never ask config.fileManager; remove(forKey:) does")
    func fileManagerScope() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let recording = RecordingFileManager()
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder) {
            $0 = DiskStorage.Config(name: $0.name, sizeLimit: 1, fileManager: recording, directory: folder.url)
            // The access time, written with system calls on both platforms (a creation date is
            // written through the file manager: that is on the list, and Darwin's default).
            $0.lastAccessAttribute = .contentAccessDate
        }
        backend.waitForInitialScan()
        // The first scan listed through it (a subclass may override the listing): not the question here.
        #expect(recording.calls.contains("contentsOfDirectory(atPath:)"))
        recording.reset()
        try backend.store(value: Data("xx".utf8), forKey: "a")
        #expect(try backend.value(forKey: "a", extendingExpiration: .none) == Data("xx".utf8))
        #expect(backend.isCached(forKey: "a"))
        #expect(!backend.isCached(forKey: "b"))
        #expect(try backend.value(forKey: "b") == nil)
        #expect(try backend.totalSize() == 2)
        #expect(try backend.removeExpiredValues().isEmpty)
        #expect(recording.calls.isEmpty, "asked: \(recording.calls)")
        #expect(try backend.removeSizeExceededValues().count == 1, "2 bytes over a 1-byte limit: trimmed to 0")
        #expect(recording.calls.isEmpty, "a clean removes with unlink: \(recording.calls)")
        try backend.store(value: Data("y".utf8), forKey: "c")
        try backend.remove(forKey: "c")
        // First the removal itself (Foundation may call its own methods from inside it).
        #expect(recording.calls.first == "removeItem(at:)")
    }
}

/// Records the calls a backend makes to the `FileManager` methods Kingfisher sends file work to.
// @unchecked Sendable: `recorded` is only read or written inside its lock (`Mutex`).
final class RecordingFileManager: FileManager, @unchecked Sendable {
    private let recorded = Mutex<[String]>([])
    var calls: [String] { recorded.withLock { $0 } }
    func reset() { recorded.withLock { $0 = [] } }
    private func note(_ call: String) { recorded.withLock { $0.append(call) } }

    override func fileExists(atPath path: String) -> Bool {
        note("fileExists(atPath:)")
        return super.fileExists(atPath: path)
    }
    override func contentsOfDirectory(atPath path: String) throws -> [String] {
        note("contentsOfDirectory(atPath:)")
        return try super.contentsOfDirectory(atPath: path)
    }
    override func removeItem(at url: URL) throws {
        note("removeItem(at:)")
        try super.removeItem(at: url)
    }
    override func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any] {
        note("attributesOfItem(atPath:)")
        return try super.attributesOfItem(atPath: path)
    }
}

/// Kingfisher's test helper of the same name: a file manager that says a chosen path exists.
// @unchecked Sendable: `lies` is only read or written inside its lock (`Mutex`).
final class FileExistsLyingFileManager: FileManager, @unchecked Sendable {
    private let lies = Mutex<Set<String>>([])

    func lieAboutExistence(ofPath path: String) { lies.withLock { _ = $0.insert(path) } }

    override func fileExists(atPath path: String) -> Bool {
        lies.withLock { $0.contains(path) } || super.fileExists(atPath: path)
    }
}

// Tests from Kingfisher 8.11.0's own suite, ported under their own names
// (Tests/KingfisherTests/DiskStorageTests.swift and MemoryStorageTests.swift at tag 8.11.0).
// What changed in the port, and why:
//   • values are `Data`, not `String` (our library does not make `String` a `DataTransformable`);
//   • a test's storage lives in a fresh temporary folder, removed afterwards;
//   • `waitUntilMaybeCachedIsReady` waits on `maybeCachedCheckingQueue` (our first scan runs on
//     it) instead of polling every millisecond;
//   • `delay(0.2) { … }` on the main queue became a sleep on the test's thread (no main run loop
//     here); the assertion is on what the cache holds after it, not on a time taken.

import Foundation
import Testing
@testable import KFDCache

@Suite("Kingfisher 8.11's tests, ported")
struct KingfisherPortedTests {

    // MARK: DiskStorageTests

    /// Kingfisher's helper of the same name. Our first scan is queued on `maybeCachedCheckingQueue`
    /// by `init`, so once a block queued after it has run, the scan is done.
    private func waitUntilMaybeCachedIsReady(for storage: DiskStorage.Backend<Data>) -> Bool {
        storage.maybeCachedCheckingQueue.sync {
            storage.maybeCachedSetupCompleted && storage.maybeCached != nil
        }
    }

    @Test("a store made while the first scan lists the folder is kept when the scan finishes")
    func testStoreAndGetWhenInitialCacheScanFinishesAfterStore() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let fileManager = DelayedDirectoryScanFileManager()
        let config = DiskStorage.Config(name: "test-\(UUID().uuidString)", sizeLimit: 5, fileManager: fileManager,
                                        directory: folder.url)
        let storage = try DiskStorage.Backend<Data>(config: config)
        defer { try? storage.removeAll(skipCreatingDirectory: true) }

        // The scan is held inside `contentsOfDirectory(atPath:)` until released: the store below
        // lands while it runs, every time.
        #expect(fileManager.waitUntilScanStarts())

        try storage.store(value: Data("1".utf8), forKey: "1")
        fileManager.finishDelayedScan(returning: [])

        #expect(waitUntilMaybeCachedIsReady(for: storage))
        #expect(storage.isCached(forKey: "1"))
        #expect(try storage.value(forKey: "1") == Data("1".utf8))
    }

    @Test("the folder exists when the first scan lists it")
    func testDirectoryIsPreparedBeforeInitialCacheScan() throws {
        let fileManager = DirectoryPreparationTrackingFileManager()
        let rootURL = FileManager.default.temporaryDirectory.appendingPathComponent("test-\(UUID().uuidString)")
        let config = DiskStorage.Config(name: "test", sizeLimit: 5, fileManager: fileManager, directory: rootURL)
        let storage = try DiskStorage.Backend<Data>(config: config)
        defer {
            try? storage.removeAll(skipCreatingDirectory: true)
            try? FileManager.default.removeItem(at: rootURL)
        }

        #expect(waitUntilMaybeCachedIsReady(for: storage))
        #expect(fileManager.directoryExistedWhenScanStarted == true)
    }

    // MARK: MemoryStorageTests

    @Test("the clean timer removes a value that expired, with its key, by the second tick")
    func testAutoCleanExpiredMemory() {
        let config = MemoryStorage.Config(totalCostLimit: 3, cleanInterval: 0.1)
        let storage = MemoryStorage.Backend<Data>(config: config)

        storage.store(value: Data([1]), forKey: "1", expiration: .seconds(0.1))
        #expect(storage.isCached(forKey: "1"))
        #expect(storage.keys.count == 1)

        Thread.sleep(forTimeInterval: 0.2)
        #expect(!storage.isCached(forKey: "1"))
        #expect(storage.storage.object(forKey: "1") == nil)
        #expect(storage.keys.count == 0)
    }
}

/// Kingfisher's test helper of the same name: holds the first `contentsOfDirectory(atPath:)` until
/// the test releases it, and then answers with the listing the test gives.
// @unchecked Sendable: `state` is only touched inside its lock (`Locked`, an NSLock ThreadSanitizer sees); the semaphores are thread-safe.
private final class DelayedDirectoryScanFileManager: FileManager, @unchecked Sendable {
    private let scanStarted = DispatchSemaphore(value: 0)
    private let releaseScan = DispatchSemaphore(value: 0)
    private let state = Locked((shouldDelayNextScan: true, delayedResult: [String]()))

    override func contentsOfDirectory(atPath path: String) throws -> [String] {
        let shouldDelay = state.withLock { state in
            defer { state.shouldDelayNextScan = false }
            return state.shouldDelayNextScan
        }
        guard shouldDelay else { return try super.contentsOfDirectory(atPath: path) }
        scanStarted.signal()
        releaseScan.wait()
        return state.withLock { $0.delayedResult }
    }

    /// Bounded: a scan that never starts fails the test instead of hanging it.
    func waitUntilScanStarts(timeout: TimeInterval = 10) -> Bool {
        scanStarted.wait(timeout: .now() + timeout) == .success
    }

    func finishDelayedScan(returning result: [String]) {
        state.withLock { $0.delayedResult = result }
        releaseScan.signal()
    }
}

/// Kingfisher's test helper of the same name: records whether the folder existed when the first
/// listing ran. Its first `createDirectory` gives a scan queued *before* it half a second to start
/// (the order up to 8.10); with the folder made first, no scan can start then, and the wait runs out.
// @unchecked Sendable: `state` is only touched inside its lock (`Locked`, an NSLock ThreadSanitizer sees); the semaphore is thread-safe.
private final class DirectoryPreparationTrackingFileManager: FileManager, @unchecked Sendable {
    private let scanStarted = DispatchSemaphore(value: 0)
    private let state = Locked((shouldCoordinateDirectoryCreation: true, directoryExistedWhenScanStarted: Bool?.none))

    var directoryExistedWhenScanStarted: Bool? { state.withLock { $0.directoryExistedWhenScanStarted } }

    override func contentsOfDirectory(atPath path: String) throws -> [String] {
        let directoryExisted = super.fileExists(atPath: path)
        state.withLock { $0.directoryExistedWhenScanStarted = directoryExisted }
        scanStarted.signal()
        return try super.contentsOfDirectory(atPath: path)
    }

    override func createDirectory(atPath path: String, withIntermediateDirectories createIntermediates: Bool,
                                  attributes: [FileAttributeKey: Any]? = nil) throws {
        let shouldCoordinate = state.withLock { state in
            defer { state.shouldCoordinateDirectoryCreation = false }
            return state.shouldCoordinateDirectoryCreation
        }
        if shouldCoordinate { _ = scanStarted.wait(timeout: .now() + 0.5) }
        try super.createDirectory(atPath: path, withIntermediateDirectories: createIntermediates, attributes: attributes)
    }
}

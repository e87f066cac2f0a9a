import Foundation
import Synchronization
@testable import KFDCache

/// A fresh folder under the system's temporary directory, removed by `cleanUp()`.
struct TemporaryFolder {
    let url: URL

    init(_ label: String = #function) throws {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("kfdcache-tests-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: url) }

    /// Every path below the folder, relative to it, sorted.
    func allRelativePaths() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }
}

/// A clock the test moves by hand. Starts at `start`.
final class ManualClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
    func set(_ date: Date) { current.withLock { $0 = date } }
    var closure: @Sendable () -> Date { { self.now } }
}

/// A value with a cost, for memory storage tests. `check` lets a test detect a torn value.
struct Payload: CacheCostCalculable, Sendable, Equatable {
    let id: Int
    let check: Int
    var cacheCost: Int
    init(_ id: Int, cost: Int = 1) { self.id = id; self.check = id &* 31 &+ 7; self.cacheCost = cost }
    var isIntact: Bool { check == id &* 31 &+ 7 }
}

/// A value that refuses bytes it did not write, for "undecodable file" tests.
struct StrictText: DataTransformable, Sendable, Equatable {
    struct NotOurs: Error {}
    let text: String
    func toData() throws -> Data { Data(("kfd:" + text).utf8) }
    static func fromData(_ data: Data) throws -> StrictText {
        guard let string = String(data: data, encoding: .utf8), string.hasPrefix("kfd:") else { throw NotOurs() }
        return StrictText(text: String(string.dropFirst(4)))
    }
    static var empty: StrictText { StrictText(text: "") }
}

func makeDiskStorage<T: DataTransformable & Sendable>(_ folder: TemporaryFolder, name: String = "test", sizeLimit: UInt = 0,
                        clock: ManualClock? = nil, configure: (inout DiskStorage.Config) -> Void = { _ in })
    throws -> DiskStorage.Backend<T> {
    var config = DiskStorage.Config(name: name, sizeLimit: sizeLimit, directory: folder.url)
    configure(&config)
    var now: @Sendable () -> Date = { Date() }
    if let clock { now = clock.closure }
    let backend = DiskStorage.Backend<T>(noThrowConfig: config, creatingDirectory: true, now: now)
    guard FileManager.default.fileExists(atPath: backend.directoryURL.path) else {
        throw CacheError.storageNotReady(directory: backend.directoryURL)
    }
    return backend
}

/// The dates a stored file carries, as the backend reads them.
func fileMeta<T: DataTransformable & Sendable>(_ backend: DiskStorage.Backend<T>, _ key: String) throws -> DiskStorage.FileMeta {
    backend.waitForMetadataUpdates()
    return try DiskStorage.FileMeta(fileURL: backend.cacheFileURL(forKey: key),
                                    attribute: backend.config.lastAccessAttribute)
}

// Source document 003's design, beside 002's (Learner002Cache.swift), to compare with Kingfisher's (chapter 9): any
// `Hashable & Codable` key (not just String), `Codable` values, one serial queue per storage
// (memory and disk each serialize their own operations, nothing spans both), and a stream of
// changes. 003 used Combine's publisher; Combine is not on Linux, so changes are an `AsyncStream`.

import Dispatch
import Foundation
import KFDCache

/// A change a `KeyedCacheStorage` announces.
public enum KeyedCacheChange<Key: Sendable, Value: Sendable>: Sendable {
    case saved(Key, Value)
    case removed(Key)
    case removedAll
    case failed(key: Key?, message: String)
}

/// Memory (NSCache) and disk (one JSON file per key) behind one API, each on its own serial queue.
// @unchecked Sendable: `storage` is NSCache (thread-safe) and only used on `memoryQueue`; files are
// only touched on `diskQueue`; `subscribers` only under `subscribersLock`.
public final class KeyedCacheStorage<Key: Hashable & Codable & Sendable, Value: Codable & Sendable>: @unchecked Sendable {

    /// 003's `NSCacheKey`: any Hashable key, boxed as the NSObject that NSCache wants.
    final class KeyBox: NSObject {
        let key: Key
        init(_ key: Key) { self.key = key }
        override var hash: Int { key.hashValue }
        override func isEqual(_ object: Any?) -> Bool { (object as? KeyBox)?.key == key }
    }

    /// 003's `NSCacheObject`: the value with its expiration, also the on-disk JSON form.
    struct Entry: Codable {
        let value: Value
        let expiresAt: Date
    }
    final class EntryBox: NSObject {
        let entry: Entry
        init(_ entry: Entry) { self.entry = entry }
    }

    /// The two operations that touch both storages, for `pauseBetweenStorages`.
    public enum TwoStepOperation: Sendable { case save, remove }

    public let directoryURL: URL
    public let defaultExpiration: TimeInterval
    /// Called after an operation's memory step and before its disk step (for study: chapter 9's
    /// `twoQueues` part parks one operation there to force an interleaving). Nil: no pause.
    let pauseBetweenStorages: (@Sendable (TwoStepOperation) -> Void)?
    private let storage = NSCache<KeyBox, EntryBox>()
    private let memoryQueue = DispatchQueue(label: "com.kfdcache.KeyedCacheStorage.memory")
    private let diskQueue = DispatchQueue(label: "com.kfdcache.KeyedCacheStorage.disk")
    private let subscribersLock = NSLock()
    private var subscribers: [UUID: AsyncStream<KeyedCacheChange<Key, Value>>.Continuation] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]   // so a dictionary key always names the same file
        return encoder
    }()

    public convenience init(directory: URL, countLimit: Int = 0, defaultExpiration: TimeInterval = 86_400) throws {
        try self.init(directory: directory, countLimit: countLimit, defaultExpiration: defaultExpiration, pauseBetweenStorages: nil)
    }

    init(directory: URL, countLimit: Int = 0, defaultExpiration: TimeInterval = 86_400,
         pauseBetweenStorages: (@Sendable (TwoStepOperation) -> Void)?) throws {
        directoryURL = directory
        self.pauseBetweenStorages = pauseBetweenStorages
        self.defaultExpiration = defaultExpiration
        storage.countLimit = countLimit
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw CacheError.cannotCreateDirectory(path: directory.path, underlying: error)
        }
    }

    /// A new stream of every change from now on (one per subscriber; 003 used a Combine publisher).
    public func changes() -> AsyncStream<KeyedCacheChange<Key, Value>> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<KeyedCacheChange<Key, Value>>.makeStream()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.subscribersLock.withLock { _ = self.subscribers.removeValue(forKey: id) }
        }
        subscribersLock.withLock { subscribers[id] = continuation }
        return stream
    }

    private func announce(_ change: KeyedCacheChange<Key, Value>) {
        for continuation in subscribersLock.withLock({ Array(subscribers.values) }) { continuation.yield(change) }
    }

    /// The file that holds `key`'s value: the SHA-256 of the key's JSON (sorted keys, so a
    /// dictionary key always names the same file; a `Set` key would not — its order varies).
    public func fileURL(for key: Key) throws -> URL {
        let json = String(decoding: try encoder.encode([key]), as: UTF8.self)
        return directoryURL.appendingPathComponent(json.kfd.sha256)
    }

    /// Saves to memory, then to disk — two queues, one after the other.
    public func save(_ value: Value, forKey key: Key, expiration: TimeInterval? = nil) throws {
        let entry = Entry(value: value, expiresAt: Date().addingTimeInterval(expiration ?? defaultExpiration))
        memoryQueue.sync { storage.setObject(EntryBox(entry), forKey: KeyBox(key)) }
        pauseBetweenStorages?(.save)
        do {
            try diskQueue.sync {
                let data = try encoder.encode(entry)
                try data.write(to: try fileURL(for: key), options: .atomic)
            }
        } catch {
            announce(.failed(key: key, message: "\(error)"))
            throw error
        }
        announce(.saved(key, value))
    }

    /// Memory first, then disk; a disk hit is put back in memory. Expired entries read as nil.
    public func retrieve(forKey key: Key) throws -> Value? {
        let now = Date()
        if let box = memoryQueue.sync(execute: { storage.object(forKey: KeyBox(key)) }) {
            if box.entry.expiresAt > now { return box.entry.value }
        }
        let entry: Entry? = try diskQueue.sync {
            let url = try fileURL(for: key)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try JSONDecoder().decode(Entry.self, from: Data(contentsOf: url))
        }
        guard let entry, entry.expiresAt > now else { return nil }
        memoryQueue.sync { storage.setObject(EntryBox(entry), forKey: KeyBox(key)) }
        return entry.value
    }

    /// Whether the memory layer holds `key` now (for study; `retrieve` is the real question).
    public func isInMemory(forKey key: Key) -> Bool {
        memoryQueue.sync { storage.object(forKey: KeyBox(key)) != nil }
    }

    /// Empties the memory layer only (what a memory warning would do; 003 has no such call).
    public func clearMemoryForStudy() {
        memoryQueue.sync { storage.removeAllObjects() }
    }

    /// Whether the disk layer holds a file for `key` now (for study), asked on `diskQueue`.
    public func isOnDisk(forKey key: Key) -> Bool {
        diskQueue.sync { (try? fileURL(for: key)).map { FileManager.default.fileExists(atPath: $0.path) } ?? false }
    }

    public func remove(forKey key: Key) throws {
        memoryQueue.sync { storage.removeObject(forKey: KeyBox(key)) }
        pauseBetweenStorages?(.remove)
        try diskQueue.sync {
            let url = try fileURL(for: key)
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        }
        announce(.removed(key))
    }

    public func removeAll() throws {
        memoryQueue.sync { storage.removeAllObjects() }
        try diskQueue.sync {
            for name in try FileManager.default.contentsOfDirectory(atPath: directoryURL.path) {
                try FileManager.default.removeItem(at: directoryURL.appendingPathComponent(name))
            }
        }
        announce(.removedAll)
    }
}

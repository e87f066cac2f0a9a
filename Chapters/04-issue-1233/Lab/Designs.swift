// Two designs of the memory backend's `keys` index, side by side.
//
// `Design570` is Kingfisher 5.7.0's (and every tag's from 5.0.0, commit e8e3a376): an NSCache
// delegate removes a key from `keys` when its value is evicted — *without* the backend's lock,
// because the delegate is called by NSCache, whenever NSCache decides. `Design1255` is the fix of
// PR #1255, which is also what Sources/KFDCache/MemoryStorage.swift does: no delegate; `keys` may
// name evicted values for a while, and `removeExpired()` reconciles it under the lock.
//
// On Apple platforms NSCache evicts on its own (memory pressure, the app going to the background),
// on threads of its own, when it likes: its limits are advisory. swift-corelibs' NSCache never does:
// it evicts only inside `setObject`, on the inserting thread. Apple's NSCache also calls the
// delegate on `removeObject`/`removeAllObjects`; corelibs' never does. So that both platforms run
// the same interleavings, nothing here waits for NSCache to evict: `purge(key:)` plays NSCache's
// own eviction — it removes the object and then runs the eviction callback once, from whatever
// thread calls it, without the backend's lock, exactly as NSCache would.

import Foundation

/// A value with its expiration date.
final class Entry: NSObject, Sendable {
    let key: String
    let value: Int
    let expiresAt: Date
    init(key: String, value: Int, expiresAt: Date) {
        self.key = key
        self.value = value
        self.expiresAt = expiresAt
    }
}

/// The lock a design uses; `NSRecursiveLock` is one of the alternatives chapter 4 tries.
protocol BackendLock: Sendable {
    func lock()
    func unlock()
}
extension NSLock: BackendLock {}
extension NSRecursiveLock: BackendLock {}

/// What both designs offer the stress test.
protocol KeyIndexedCache: AnyObject, Sendable {
    func store(_ value: Int, forKey key: String, expiresAt: Date)
    func removeExpired(at date: Date)
    /// Plays NSCache's own eviction of `key` (see the file comment); `between` runs after the
    /// object is gone and before the eviction callback, to force an interleaving.
    func purge(key: String, between: () -> Void)
    var keysSnapshot: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
}

/// Kingfisher 5.7.0's design.
// @unchecked Sendable: NOT fully guarded, on purpose — `keys` is mutated under `lock` by store
// and removeExpired, and without it by the eviction callback. That is issue #1233.
final class Design570: KeyIndexedCache, @unchecked Sendable {
    let storage = NSCache<NSString, Entry>()
    var keys = Set<String>()
    let lock: any BackendLock
    /// Whether the eviction callback takes `lock` (the alternative chapter 4, part 4 tries).
    let delegateTakesLock: Bool
    private let delegate: EvictionDelegate

    init(countLimit: Int, lock: any BackendLock = NSLock(), delegateTakesLock: Bool = false) {
        self.lock = lock
        self.delegateTakesLock = delegateTakesLock
        delegate = EvictionDelegate()
        storage.countLimit = countLimit
        storage.delegate = delegate
        delegate.owner = self
    }

    func store(_ value: Int, forKey key: String, expiresAt: Date) {
        lock.lock(); defer { lock.unlock() }
        storage.setObject(Entry(key: key, value: value, expiresAt: expiresAt), forKey: key as NSString)
        keys.insert(key)
    }

    func removeExpired(at date: Date) {
        lock.lock(); defer { lock.unlock() }
        for key in keys {   // iterates a copy of the set: the copy shares storage until a write
            guard let entry = storage.object(forKey: key as NSString) else { keys.remove(key); continue }
            if entry.expiresAt <= date {
                storage.removeObject(forKey: key as NSString)
                keys.remove(key)
            }
        }
    }

    /// The eviction callback, as 5.7.0's `CacheDelegate.cache(_:willEvictObject:)`.
    func willEvict(_ entry: Entry) {
        if delegateTakesLock { lock.lock() }
        keys.remove(entry.key)
        if delegateTakesLock { lock.unlock() }
    }

    func purge(key: String, between: () -> Void) {
        guard let entry = storage.object(forKey: key as NSString) else { return }
        #if canImport(Darwin)
        // Apple's NSCache calls the delegate from `removeObject` too (corelibs' never does). This
        // removal plays an eviction whose callback comes *after* `between`, so the delegate's own
        // call is muted on this thread: the callback runs once, at the moment chosen below.
        EvictionDelegate.muted(true)
        storage.removeObject(forKey: key as NSString)
        EvictionDelegate.muted(false)
        #else
        storage.removeObject(forKey: key as NSString)
        #endif
        between()
        willEvict(entry)
    }

    var keysSnapshot: Set<String> { lock.lock(); defer { lock.unlock() }; return keys }
    func isInStorage(_ key: String) -> Bool { storage.object(forKey: key as NSString) != nil }
}

/// NSCache calls this; it forwards to the backend. (A separate object, as in Kingfisher, because
/// the delegate must be an NSObject and must not retain the backend.)
// @unchecked Sendable: `owner` is set once in Design570.init, before the cache can call back.
final class EvictionDelegate: NSObject, NSCacheDelegate, @unchecked Sendable {
    weak var owner: Design570?
    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        guard let entry = obj as? Entry, !Self.isMuted else { return }
        owner?.willEvict(entry)
    }

    /// Per thread: whether NSCache's calls to this delegate are ignored (see `Design570.purge`).
    private static let mutedKey = "chapter4.EvictionDelegate.muted"
    static func muted(_ on: Bool) { Thread.current.threadDictionary[mutedKey] = on ? true : nil }
    private static var isMuted: Bool { Thread.current.threadDictionary[mutedKey] != nil }
}

/// PR #1255's design (and the library's): no delegate; reconcile in `removeExpired`.
// @unchecked Sendable: `keys` is only touched while holding `lock`; NSCache is thread-safe.
final class Design1255: KeyIndexedCache, @unchecked Sendable {
    let storage = NSCache<NSString, Entry>()
    var keys = Set<String>()
    let lock = NSLock()

    init(countLimit: Int) { storage.countLimit = countLimit }

    func store(_ value: Int, forKey key: String, expiresAt: Date) {
        lock.withLock {
            storage.setObject(Entry(key: key, value: value, expiresAt: expiresAt), forKey: key as NSString)
            keys.insert(key)
        }
    }

    func removeExpired(at date: Date) {
        lock.withLock {
            for key in keys {
                guard let entry = storage.object(forKey: key as NSString) else {
                    keys.remove(key)   // evicted behind our back: catch up here
                    continue
                }
                if entry.expiresAt <= date {
                    storage.removeObject(forKey: key as NSString)
                    keys.remove(key)
                }
            }
        }
    }

    func purge(key: String, between: () -> Void) {
        storage.removeObject(forKey: key as NSString)   // NSCache evicts; nobody is told
        between()
    }

    var keysSnapshot: Set<String> { lock.withLock { keys } }
    func isInStorage(_ key: String) -> Bool { storage.object(forKey: key as NSString) != nil }
}

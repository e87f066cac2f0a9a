// NEAR-MISS: expired values lose their keys but stay in the cache: ghosts nobody can clean.

import ExerciseChecks
import Foundation

// @unchecked Sendable: `_keys` is only touched while holding `lock`; the cache is thread-safe.
public final class ReconcileKeys: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; they behave as NSCache and NSLock — the check also
    // plays NSCache's own eviction, which it never waits for)
    private let storage = WatchedCache<ExpiringItem>()
    private let lock = WatchedLock()
    private var _keys = Set<String>() { didSet { lock.requireHeld("keys was changed without holding lock") } }
    // END DO NOT EDIT

    public init() {}

    public func store(_ value: Int, forKey key: String, expiresAt: Date) {
        lock.withLock {
            storage.setObject(ExpiringItem(value, expiresAt), forKey: key as NSString)
            _keys.insert(key)
        }
    }

    public func removeExpired(at date: Date) {
        lock.withLock {
            for key in _keys {
                guard let item = storage.object(forKey: key as NSString) else {
                    _keys.remove(key)
                    continue
                }
                if item.expiresAt <= date {
                    _keys.remove(key)
                }
            }
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension ReconcileKeys: ReconcileKeysExercise {
    public var keys: Set<String> { lock.withLock { _keys } }
    public func isInStorage(_ key: String) -> Bool { storage.contains(key) }
    public var probes: (lock: WatchedLock, storage: WatchedCache<ExpiringItem>) { (lock, storage) }
}

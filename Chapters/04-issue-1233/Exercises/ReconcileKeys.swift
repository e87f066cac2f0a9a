// EXERCISE 04-reconcile-keys — reconcile `keys` in removeExpired, as Kingfisher does.
//
// Without an eviction delegate, NSCache drops values on its own (its limits, memory pressure) and
// nobody removes their keys. `removeExpired` is where `keys` catches up: a key whose value is gone
// must be removed too. This version skips such keys, so `keys` grows forever. (Kingfisher's
// removeExpired has reconciled so since 5.0.0, commit e8e3a376, beside the eviction delegate; PR #1255,
// released in 5.7.1, removed the delegate, leaving this the only place keys catch up.)
// Read: Chapters/04-issue-1233/README.md (parts 2 and 3: the ghost entry), then `removeExpired` in
// Kingfisher 8.11.0's Sources/Cache/MemoryStorage.swift (Kingfisher's repository, not this one).
// Check: swift run workbook check 04-reconcile-keys      Hint: swift run workbook hint 04-reconcile-keys

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

    // TODO: a key whose value NSCache no longer has must leave `keys` too.
    public func removeExpired(at date: Date) {
        lock.withLock {
            for key in _keys {
                guard let item = storage.object(forKey: key as NSString) else { continue }
                if item.expiresAt <= date {
                    storage.removeObject(forKey: key as NSString)
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

// EXERCISE 04-reconcile-keys — reconcile `keys` in removeExpired, as PR #1255 does.
//
// Without an eviction delegate, NSCache drops values (here: over `countLimit`) and nobody
// removes their keys. `removeExpired` is where `keys` catches up: a key whose value is gone must
// be removed too. This version skips such keys, so `keys` grows forever.
// Read: Chapters/04-issue-1233/README.md, Sources/KFDCache/MemoryStorage.swift (`removeExpired`).
// Check: swift run workbook check 04-reconcile-keys      Hint: swift run workbook hint 04-reconcile-keys

import ExerciseKit
import Foundation

// @unchecked Sendable: `_keys` is only touched while holding `lock`; NSCache is thread-safe.
public final class ReconcileKeys: ReconcileKeysExercise, @unchecked Sendable {
    private final class Item: Sendable {
        let value: Int
        let expiresAt: Date
        init(_ value: Int, _ expiresAt: Date) { self.value = value; self.expiresAt = expiresAt }
    }

    private let storage = NSCache<NSString, Item>()
    private var _keys = Set<String>()
    private let lock = NSLock()

    public init(countLimit: Int) { storage.countLimit = countLimit }

    public func store(_ value: Int, forKey key: String, expiresAt: Date) {
        lock.withLock {
            storage.setObject(Item(value, expiresAt), forKey: key as NSString)
            _keys.insert(key)
        }
    }

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

    public var keys: Set<String> { lock.withLock { _keys } }
    public func isInStorage(_ key: String) -> Bool { storage.object(forKey: key as NSString) != nil }
}

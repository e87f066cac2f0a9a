// Reference solution of 04-reconcile-keys (the stub: Chapters/04-issue-1233/Exercises/ReconcileKeys.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

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
                guard let item = storage.object(forKey: key as NSString) else {
                    _keys.remove(key)
                    continue
                }
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

// Reference solution of 04-one-critical-section (the stub: Chapters/04-issue-1233/Exercises/OneCriticalSection.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit
import Foundation

// @unchecked Sendable: `keys` is only touched while holding `lock`; NSCache is thread-safe.
public final class OneCriticalSection: OneCriticalSectionExercise, @unchecked Sendable {
    private let storage = NSCache<NSString, NSNumber>()
    private var _keys = Set<String>()
    private let lock = NSLock()

    public init() {}

    public func store(_ value: Int, forKey key: String) {
        lock.withLock {
            storage.setObject(NSNumber(value: value), forKey: key as NSString)
            _keys.insert(key)
        }
    }

    public func remove(forKey key: String, pause: () -> Void) {
        lock.withLock {
            storage.removeObject(forKey: key as NSString)
            pause()
            _keys.remove(key)
        }
    }

    public var keys: Set<String> { lock.withLock { _keys } }
    public func isInStorage(_ key: String) -> Bool { storage.object(forKey: key as NSString) != nil }
}

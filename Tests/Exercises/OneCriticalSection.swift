// Reference solution of 04-one-critical-section. Kept apart from the stub: try first.

import ExerciseChecks
import Foundation

// @unchecked Sendable: `_keys` is only touched while holding `lock`; the cache is thread-safe.
public final class OneCriticalSection: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; they behave as NSCache and NSLock)
    private let storage = WatchedCache<NSNumber>()
    private let lock = WatchedLock()
    private var _keys = Set<String>() { didSet { lock.requireHeld("keys was changed without holding lock") } }
    // END DO NOT EDIT

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
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension OneCriticalSection: OneCriticalSectionExercise {
    public var keys: Set<String> { lock.withLock { _keys } }
    public func isInStorage(_ key: String) -> Bool { storage.contains(key) }
    public var probes: (lock: WatchedLock, storage: WatchedCache<NSNumber>) { (lock, storage) }
}

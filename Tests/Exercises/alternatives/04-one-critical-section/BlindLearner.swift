// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses.
// EXERCISE 04-one-critical-section — remove from the cache and from `keys` in one step.
//
// `remove` takes the lock twice: once to remove the value, once to remove the key. If another
// thread stores the same key in between, the key of the *new* value is removed: a value in the
// cache that `keys` no longer names — the ghost of chapter 4. Make it one critical section.
// Keep calling `pause()` between the two steps: the check uses it to force the interleaving.
// Read: Chapters/04-issue-1233/README.md, Sources/KFDCache/MemoryStorage.swift (`remove`).
// Check: swift run workbook check 04-one-critical-section      Hint: swift run workbook hint 04-one-critical-section

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

    // TODO: remove the value, call pause(), remove the key — all in one critical section.
    public func remove(forKey key: String, pause: () -> Void) {
        lock.withLock {
            storage.removeObject(forKey: key as NSString)
            pause()
            _ = _keys.remove(key)
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension OneCriticalSection: OneCriticalSectionExercise {
    public var keys: Set<String> { lock.withLock { _keys } }
    public func isInStorage(_ key: String) -> Bool { storage.contains(key) }
    public var probes: (lock: WatchedLock, storage: WatchedCache<NSNumber>) { (lock, storage) }
}

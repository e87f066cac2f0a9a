// EXERCISE 03-apply-limits — setting the limits must update NSCache's limits.
//
// MemoryStorage.Backend's `config` is settable, and a new config must take effect at once:
// `storage.totalCostLimit` and `storage.countLimit` must follow it. This one stores the new limits
// and forgets to apply them. A reader holding the lock must never see the two disagree.
// Read: Chapters/03-config-queue/README.md (why a guard), then `config`'s `didSet` in Kingfisher
// 8.11.0's Sources/Cache/MemoryStorage.swift (Kingfisher's repository): what it applies, and that it
// applies it with no lock at all.
// Check: swift run workbook check 03-apply-limits      Hint: swift run workbook hint 03-apply-limits

import ExerciseChecks
import Foundation

// @unchecked Sendable: `_limits` and the cache's limits are only touched while holding `lock`.
public final class ApplyLimits: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; they behave as NSCache and NSLock)
    private let storage = WatchedCache<NSString>()
    private let lock = WatchedLock()
    private var _limits: Limits { didSet { lock.requireHeld("_limits was changed without holding lock") } }
    // END DO NOT EDIT

    public init(limits: Limits) {
        _limits = limits
        storage.totalCostLimit = limits.totalCostLimit
        storage.countLimit = limits.countLimit
    }

    public var limits: Limits {
        get { lock.withLock { _limits } }
        // TODO: the new limits must reach NSCache too, in the same critical section.
        set { lock.withLock { _limits = newValue } }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension ApplyLimits: ApplyLimitsExercise {
    public var appliedLimits: Limits {
        lock.withLock { Limits(totalCostLimit: storage.totalCostLimit, countLimit: storage.countLimit) }
    }
    public var snapshot: (stored: Limits, applied: Limits) {
        lock.withLock { (_limits, Limits(totalCostLimit: storage.totalCostLimit, countLimit: storage.countLimit)) }
    }
    public var probes: (lock: WatchedLock, storage: WatchedCache<NSString>) { (lock, storage) }
}

// NEAR-MISS: applies totalCostLimit under the lock, and forgets countLimit.

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
        set {
            lock.withLock {
                _limits = newValue
                storage.totalCostLimit = newValue.totalCostLimit
            }
        }
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

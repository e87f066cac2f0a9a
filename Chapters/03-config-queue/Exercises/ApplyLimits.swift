// EXERCISE 03-apply-limits — setting the limits must update NSCache's limits.
//
// MemoryStorage.Backend's `config` is settable, and a new config must take effect at once:
// `storage.totalCostLimit` and `storage.countLimit` must follow it. This one stores the new limits
// and forgets to apply them.
// Read: Chapters/03-config-queue/README.md, Sources/KFDCache/MemoryStorage.swift (`config`).
// Check: swift run workbook check 03-apply-limits      Hint: swift run workbook hint 03-apply-limits

import ExerciseKit
import Foundation

// @unchecked Sendable: `_limits` and the cache's limits are only touched while holding `lock`.
public final class ApplyLimits: ApplyLimitsExercise, @unchecked Sendable {
    private let storage = NSCache<NSString, NSString>()
    private let lock = NSLock()
    private var _limits: Limits

    public init(limits: Limits) {
        _limits = limits
        storage.totalCostLimit = limits.totalCostLimit
        storage.countLimit = limits.countLimit
    }

    public var limits: Limits {
        get { lock.withLock { _limits } }
        set { lock.withLock { _limits = newValue } }
    }

    public var appliedLimits: Limits {
        lock.withLock { Limits(totalCostLimit: storage.totalCostLimit, countLimit: storage.countLimit) }
    }
}

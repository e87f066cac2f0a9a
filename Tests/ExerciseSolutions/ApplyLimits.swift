// Reference solution of 03-apply-limits (the stub: Chapters/03-config-queue/Exercises/ApplyLimits.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

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
        set {
            lock.withLock {
                _limits = newValue
                storage.totalCostLimit = newValue.totalCostLimit
                storage.countLimit = newValue.countLimit
            }
        }
    }

    public var appliedLimits: Limits {
        lock.withLock { Limits(totalCostLimit: storage.totalCostLimit, countLimit: storage.countLimit) }
    }
}

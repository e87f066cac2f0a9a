// Chapter 3's checks: one critical section for a read-modify-write, and limits applied under the
// lock that guards them. Each check first asks the probes (deterministic: where did each change
// happen?), then forces the interleaving that loses, then stresses from several threads.

import Dispatch
import ExerciseKit
import WorkbookSupport
import Foundation

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

/// Two counters a settings holder keeps.
public struct Counters: Sendable, Equatable {
    public var hits = 0
    public var misses = 0
    public init() {}
}

public protocol AtomicUpdateExercise: AnyObject, Sendable {
    init()
    var settings: Counters { get }
    func update(_ body: (inout Counters) -> Void)
    /// The property queue, watched: `_settings` reports changes made off it.
    var propertyQueueProbe: WatchedQueue { get }
}

public struct Limits: Sendable, Equatable {
    public var totalCostLimit: Int
    public var countLimit: Int
    public init(totalCostLimit: Int, countLimit: Int) {
        self.totalCostLimit = totalCostLimit
        self.countLimit = countLimit
    }
}

public protocol ApplyLimitsExercise: AnyObject, Sendable {
    init(limits: Limits)
    var limits: Limits { get set }
    /// What the underlying NSCache is really limited to.
    var appliedLimits: Limits { get }
    /// The stored limits and NSCache's, read in one critical section.
    var snapshot: (stored: Limits, applied: Limits) { get }
    var probes: (lock: WatchedLock, storage: WatchedCache<NSString>) { get }
}

// MARK: The checks

public enum Chapter3Checks {
    /// 03-atomic-update: `update` is one trip through the property queue.
    public static func atomicUpdate<E: AtomicUpdateExercise>(_: E.Type, _ run: CheckRun) {
        // 1. Alone: every change of `_settings` happens on the property queue.
        let single = E()
        single.update { $0.hits += 1 }
        run.expectNone(single.propertyQueueProbe.violations, "update: ")
        run.expect(single.settings.hits == 1, "one update { $0.hits += 1 } left hits at \(single.settings.hits)")
        guard run.passed else { return }

        // 2. Forced: A's body pauses; B's update must wait for A (one critical section). If B runs
        //    to completion meanwhile, A's write-back loses it.
        let box = E()
        let aInBody = DispatchSemaphore(value: 0), bFinished = DispatchSemaphore(value: 0)
        let bRanInside = Flag()
        let a = spawn {
            box.update { counters in
                counters.hits += 1
                aInBody.signal()
                if signalled(bFinished, within: 0.5) { bRanInside.set() }
            }
        }
        guard run.wait(aInBody, seconds: 2, orFail: "update never ran its body") else { return }
        let b = spawn {
            box.update { $0.hits += 1 }
            bFinished.signal()
        }
        run.wait(a, seconds: 3, orFail: "the first update never returned: a deadlock?")
        run.wait(b, seconds: 3, orFail: "the second update never returned: a deadlock?")
        run.expect(!bRanInside.isSet, "a second update ran to completion while the first was still inside its body: "
                   + "the read, the change and the write-back are not one critical section")
        run.expect(box.settings.hits == 2, "two updates ran but hits is \(box.settings.hits): one was lost between read and write-back")
        run.expectNone(box.propertyQueueProbe.violations, "update: ")
        guard run.passed else { return }

        // 3. Stress: 4 threads × 500 updates.
        let stressed = E()
        let done = spawn { DispatchQueue.concurrentPerform(iterations: 4) { _ in for _ in 0..<500 { stressed.update { $0.misses += 1 } } } }
        guard run.wait(done, seconds: 10, orFail: "4 threads × 500 updates did not finish in 10 s") else { return }
        run.expect(stressed.settings.misses == 2_000, "4 threads × 500 updates should give 2000, got \(stressed.settings.misses)")
    }

    /// 03-apply-limits: a new `limits` reaches NSCache in the same critical section that stores it.
    public static func applyLimits<E: ApplyLimitsExercise>(_: E.Type, _ run: CheckRun) {
        // 1. Alone: the values, and where each change happened.
        let holder = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
        run.expect(holder.appliedLimits == Limits(totalCostLimit: 100, countLimit: 10),
                   "after init, NSCache is limited to \(holder.appliedLimits): init must apply the limits")
        let (lock, storage) = holder.probes
        storage.watch { event in if event == .limits { lock.requireHeld("NSCache's limits were set without holding lock") } }
        let before = lock.acquisitions
        holder.limits = Limits(totalCostLimit: 7, countLimit: 3)
        let taken = lock.acquisitions - before
        run.expect(holder.limits == Limits(totalCostLimit: 7, countLimit: 3), "limits reads back as \(holder.limits) after setting (7, 3)")
        run.expect(holder.appliedLimits == Limits(totalCostLimit: 7, countLimit: 3),
                   "after setting limits (7, 3), NSCache is limited to \(holder.appliedLimits): apply both limits")
        run.expectNone(lock.violations, "setting limits: ")
        run.expect(taken == 1, "setting limits took the lock \(taken) times: storing and applying must be one critical section, "
                   + "or a reader in between sees new limits stored and old ones applied")
        guard run.passed else { return }

        // 2. Stress: writers set (10n, n); readers must never see stored and applied disagree.
        let stressed = E(limits: Limits(totalCostLimit: 0, countLimit: 0))
        let mismatches = Tally(), reads = Tally()
        let stop = Flag()
        let done = spawn {
            DispatchQueue.concurrentPerform(iterations: 4) { role in
                var n = role
                while !stop.isSet {
                    if role < 2 {
                        n += 2
                        stressed.limits = Limits(totalCostLimit: n * 10, countLimit: n)
                    } else {
                        let seen = stressed.snapshot
                        reads.add()
                        if seen.stored != seen.applied { mismatches.add() }
                    }
                }
            }
        }
        Thread.sleep(forTimeInterval: 0.3)
        stop.set()
        run.wait(done, seconds: 5, orFail: "the stress run did not stop: a deadlock?")
        run.expect(mismatches.value == 0, "\(mismatches.value) of \(reads.value) reads under the lock saw stored limits "
                   + "that NSCache did not have yet")
    }
}

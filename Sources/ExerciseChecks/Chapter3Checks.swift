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
    /// Read and set through the property queue, like `update`.
    var settings: Counters { get set }
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

        // 3. Held: while the property queue is busy, reading `settings` must wait for it: a read
        //    that skips the queue (or goes through a queue of its own) sees half-made updates.
        let read = E()
        guard let busy = Holding(read.propertyQueueProbe, run) else { return }
        let reader = returns(within: 0.3) { _ = read.settings }
        busy.release()
        run.expect(!reader.returned, "reading `settings` returned while the property queue was busy: the getter must read "
                   + "`_settings` inside propertyQueue.sync, the queue every change goes through")
        run.wait(reader.done, seconds: 3, orFail: "reading `settings` never returned after the property queue was free again")
        guard run.passed else { return }

        // 4. Forced: while an update is inside its body, `settings = …` from another thread must
        //    wait as well. An update guarded by a lock of its own (or one that copies the value out,
        //    changes it, and writes it back) lets the setter in, then overwrites it.
        let mixed = E()
        let inBody = DispatchSemaphore(value: 0), setterFinished = DispatchSemaphore(value: 0)
        let setInside = Flag()
        let updater = spawn {
            mixed.update { counters in
                counters.hits += 1
                inBody.signal()
                if signalled(setterFinished, within: 0.5) { setInside.set() }
            }
        }
        guard run.wait(inBody, seconds: 2, orFail: "update never ran its body") else { return }
        let setter = spawn {
            var fresh = Counters()
            fresh.misses = 7
            mixed.settings = fresh
            setterFinished.signal()
        }
        run.wait(updater, seconds: 3, orFail: "update never returned while another thread set `settings`: a deadlock?")
        run.wait(setter, seconds: 3, orFail: "`settings = …` never returned while an update ran: a deadlock?")
        run.expect(!setInside.isSet, "`settings = …` on another thread completed while update was still inside its body: "
                   + "update and the setter must go through the same property queue, and update must stay on it from read to write-back")
        let final = mixed.settings
        run.expect(final.misses == 7 && final.hits == 0, "update, then `settings = (hits 0, misses 7)` from another thread, left "
                   + "(hits \(final.hits), misses \(final.misses)): the setter's value was overwritten by the update's write-back")
        run.expectNone(mixed.propertyQueueProbe.violations, "settings = …: ")
        guard run.passed else { return }

        // 5. Stress: 4 threads × 500 updates.
        let stressed = E()
        let done = concurrently(4) { _ in for _ in 0..<500 { stressed.update { $0.misses += 1 } } }
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
        // NSCache first, before anything reads `limits` back: a setter that only stores, with a
        // getter that applies "when they differ", brings NSCache up to date on a later call.
        let applied = holder.appliedLimits
        run.expect(applied == Limits(totalCostLimit: 7, countLimit: 3),
                   "right after setting limits (7, 3), NSCache is limited to \(applied): the setter itself must apply the new "
                   + "values of both limits, at once (not the old ones, not on some later call)")
        run.expect(holder.limits == Limits(totalCostLimit: 7, countLimit: 3), "limits reads back as \(holder.limits) after setting (7, 3)")
        run.expectNone(lock.violations, "setting limits: ")
        run.expect(taken == 1, "setting limits took the lock \(taken) times: storing and applying must be one critical section, "
                   + "or a reader in between sees new limits stored and old ones applied")
        guard run.passed else { return }

        // 2. Held: while the lock is taken, reading `limits` must wait for it: a read that skips
        //    the lock (or takes a lock of its own) can see a half-written value.
        guard let busy = Holding(lock, run) else { return }
        let reader = returns(within: 0.3) { _ = holder.limits }
        busy.release()
        run.expect(!reader.returned, "reading `limits` returned while lock was held by another thread: the getter must read "
                   + "`_limits` under the same lock the setter takes")
        run.wait(reader.done, seconds: 3, orFail: "reading `limits` never returned after the lock was free again")
        guard run.passed else { return }

        // 3. Stress: writers set (10n, n); readers must never see stored and applied disagree.
        let stressed = E(limits: Limits(totalCostLimit: 0, countLimit: 0))
        let mismatches = Tally(), reads = Tally()
        let stop = Flag()
        let done = concurrently(4) { role in
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
        Thread.sleep(forTimeInterval: 0.3)
        stop.set()
        run.wait(done, seconds: 5, orFail: "the stress run did not stop: a deadlock?")
        run.expect(reads.value > 0, "the stress run's readers never ran (the writers held the lock the whole time?)")
        run.expect(mismatches.value == 0, "\(mismatches.value) of \(reads.value) reads under the lock saw stored limits "
                   + "that NSCache did not have yet")
    }
}

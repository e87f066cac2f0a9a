// Chapter 3's checks: one critical section for a read-modify-write, and limits applied under the
// lock that guards them. Each check first asks the probes (deterministic: where did each change
// happen?). Each then explores every schedule of a few threads (ExerciseKit's
// ScheduleExplorer): its verdict never rests on which interleaving the machine happened to run.

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

        // 2. Explored: every schedule of two updates (≤ 2 preemptions, then seeded random ones).
        //    A split read-modify-write loses one in some schedule, whichever order the
        //    machine happens to favour.
        run.explore("two updates") { world in
            let box = E()
            let a = world.spawn("update A") { box.update { $0.hits += 1 } }
            let b = world.spawn("update B") { box.update { $0.hits += 1 } }
            world.join(a)
            world.join(b)
            let hits = box.settings.hits
            world.expect(hits == 2, "two updates { $0.hits += 1 } on two threads left hits at \(hits): one update was lost "
                         + "between its read and its write-back")
            world.expect(box.propertyQueueProbe.violations.isEmpty, "update: \(box.propertyQueueProbe.violations.joined(separator: "; "))")
        }
        guard run.passed else { return }

        // 3. Explored: a read of `settings` must not return while an update is inside its body
        //    (the getter goes through the queue every change goes through), and a setter on
        //    another thread must not be overwritten by an update's write-back.
        run.explore("an update and a read") { world in
            let box = E()
            let inBody = Flag(), readInside = Flag()
            let a = updateWithPause(box, inBody, world)
            let r = world.spawn("a read of settings") {
                _ = box.settings
                if inBody.isSet { readInside.set() }
            }
            world.join(a)
            world.join(r)
            world.expect(!readInside.isSet, "reading `settings` returned while an update was inside its body: the getter "
                         + "must read `_settings` inside propertyQueue.sync, the queue every change goes through")
        }
        guard run.passed else { return }
        run.explore("an update and a setter") { world in
            let box = E()
            let inBody = Flag(), setInside = Flag()
            let a = updateWithPause(box, inBody, world)
            let c = world.spawn("settings = (hits 0, misses 7)") {
                var fresh = Counters()
                fresh.misses = 7
                box.settings = fresh
                if inBody.isSet { setInside.set() }
            }
            world.join(a)
            world.join(c)
            let final = box.settings
            world.expect(!setInside.isSet, "`settings = …` on another thread completed while update was still inside its body: "
                         + "update and the setter must go through the same property queue, and update must stay on it from read to write-back")
            world.expect(final.misses == 7, "update, and `settings = (hits 0, misses 7)` from another thread, left "
                         + "(hits \(final.hits), misses \(final.misses)): the setter's value was overwritten by the update's write-back")
            world.expect(box.propertyQueueProbe.violations.isEmpty, "settings = …: \(box.propertyQueueProbe.violations.joined(separator: "; "))")
        }
    }

    /// "update A": one update whose body pauses (a scheduling point), `inBody` raised meanwhile.
    private static func updateWithPause<E: AtomicUpdateExercise>(_ box: E, _ inBody: Flag, _ world: ScheduleWorld) -> ScheduledHandle {
        world.spawn("update A") {
            box.update { counters in
                inBody.set()
                counters.hits += 1
                world.step("is inside its body")
                inBody.clear()
            }
        }
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

        // 2. Explored: while another thread holds the lock, a read of `limits` must not get
        //    through (a getter that skips the lock, or takes one of its own, can see a
        //    half-written value).
        run.explore("a read while the lock is held") { world in
            let holder = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
            let lock = holder.probes.lock
            let held = Flag(), readInside = Flag()
            let keeper = world.spawn("a thread holding lock") {
                lock.withLock({
                    held.set()
                    world.step("holds lock")
                    held.clear()
                }, line: 0)
            }
            // Started while the lock was held and back while it still is: the read never waited.
            let reader = world.spawn("a read of limits") {
                let startedInside = held.isSet
                _ = holder.limits
                if startedInside, held.isSet { readInside.set() }
            }
            world.join(keeper)
            world.join(reader)
            world.expect(!readInside.isSet, "reading `limits` returned while lock was held by another thread: the getter must "
                         + "read `_limits` under the same lock the setter takes")
        }
        guard run.passed else { return }

        // 3. Explored: a writer sets (10, 1) then (20, 2) while a reader takes two snapshots under
        //    the lock; no snapshot may see stored limits NSCache does not have yet.
        run.explore("a writer and a reader") { world in
            let stressed = E(limits: Limits(totalCostLimit: 0, countLimit: 0))
            let mismatch = LockedList<String>()
            let writer = world.spawn("the writer") {
                stressed.limits = Limits(totalCostLimit: 10, countLimit: 1)
                stressed.limits = Limits(totalCostLimit: 20, countLimit: 2)
            }
            let reader = world.spawn("the reader") {
                for _ in 0..<2 {
                    let seen = stressed.snapshot
                    if seen.stored != seen.applied {
                        mismatch.append("stored (\(seen.stored.totalCostLimit), \(seen.stored.countLimit)) but NSCache limited to "
                                        + "(\(seen.applied.totalCostLimit), \(seen.applied.countLimit))")
                    }
                }
            }
            world.join(writer)
            world.join(reader)
            if let first = mismatch.values.first {
                world.fail("a read under the lock saw \(first): store the limits and apply them to NSCache in one critical section")
            }
            world.expect(stressed.appliedLimits == Limits(totalCostLimit: 20, countLimit: 2),
                         "after setting (10, 1) then (20, 2), NSCache is limited to \(stressed.appliedLimits)")
        }
    }
}

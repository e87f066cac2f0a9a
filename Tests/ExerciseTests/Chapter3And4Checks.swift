import Exercises
import ExerciseKit
import ExerciseSolutions
import Foundation
import Testing

func checkAtomicUpdate<E: AtomicUpdateExercise>(_: E.Type) {
    // Forced interleaving: A's update pauses inside its body until B's update has finished (or
    // 0.5 s have passed). With one critical section B cannot run during A's body; without it,
    // B's increment lands between A's read and A's write-back, and A overwrites it.
    let box = E()
    let bFinished = DispatchSemaphore(value: 0), aInBody = DispatchSemaphore(value: 0)
    let a = spawn {
        box.update { counters in
            counters.hits += 1
            aInBody.signal()
            _ = waited(bFinished, seconds: 0.5)
        }
    }
    aInBody.wait()
    let b = spawn {
        box.update { $0.hits += 1 }
        bFinished.signal()
    }
    a.wait(); b.wait()
    #expect(box.settings.hits == 2, "two updates ran but hits is \(box.settings.hits): one was lost between read and write-back")

    let stressed = E()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in for _ in 0..<500 { stressed.update { $0.misses += 1 } } }
    #expect(stressed.settings.misses == 2_000, "4 threads × 500 updates should give 2000, got \(stressed.settings.misses)")
}

func checkApplyLimits<E: ApplyLimitsExercise>(_: E.Type) {
    let holder = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
    #expect(holder.appliedLimits == Limits(totalCostLimit: 100, countLimit: 10))
    holder.limits = Limits(totalCostLimit: 7, countLimit: 3)
    #expect(holder.limits == Limits(totalCostLimit: 7, countLimit: 3))
    #expect(holder.appliedLimits == Limits(totalCostLimit: 7, countLimit: 3),
            "after setting limits, NSCache is still limited to \(holder.appliedLimits): the new limits were not applied")
}

func checkOneCriticalSection<E: OneCriticalSectionExercise>(_: E.Type) {
    // Forced interleaving: remove("a") pauses between removing the value and removing the key,
    // until store("a") on another thread has finished (or 0.5 s). A ghost is a value in storage
    // whose key is gone.
    let cache = E()
    cache.store(1, forKey: "a")
    let inPause = DispatchSemaphore(value: 0), storeDone = DispatchSemaphore(value: 0)
    let remover = spawn {
        cache.remove(forKey: "a", pause: { inPause.signal(); _ = waited(storeDone, seconds: 0.5) })
    }
    inPause.wait()
    let storer = spawn {
        cache.store(2, forKey: "a")
        storeDone.signal()
    }
    remover.wait(); storer.wait()
    let ghost = cache.isInStorage("a") && !cache.keys.contains("a")
    #expect(!ghost, "\"a\" is in the cache but not in keys: the remove took the key of the value stored after it")
}

func checkReconcileKeys<E: ReconcileKeysExercise>(_: E.Type) {
    let cache = E(countLimit: 5)
    let later = Date().addingTimeInterval(3600)
    for i in 0..<20 { cache.store(i, forKey: "k\(i)", expiresAt: later) }
    cache.removeExpired(at: Date())
    let live = Set((0..<20).map { "k\($0)" }.filter(cache.isInStorage))
    #expect(cache.keys == live, "keys has \(cache.keys.count) entries but only \(live.count) values are still in NSCache: evicted keys were not removed")
    cache.removeExpired(at: later.addingTimeInterval(1))
    #expect(cache.keys.isEmpty, "after everything expired, keys should be empty")
}

@Suite struct Ex03AtomicUpdate {
    @Test("03-atomic-update", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkAtomicUpdate(Exercises.AtomicUpdate.self) } }
    @Test("03-atomic-update (solution)") func solution() { checkAtomicUpdate(ExerciseSolutions.AtomicUpdate.self) }
}

@Suite struct Ex03ApplyLimits {
    @Test("03-apply-limits", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkApplyLimits(Exercises.ApplyLimits.self) } }
    @Test("03-apply-limits (solution)") func solution() { checkApplyLimits(ExerciseSolutions.ApplyLimits.self) }
}

@Suite struct Ex04OneCriticalSection {
    @Test("04-one-critical-section", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkOneCriticalSection(Exercises.OneCriticalSection.self) } }
    @Test("04-one-critical-section (solution)") func solution() { checkOneCriticalSection(ExerciseSolutions.OneCriticalSection.self) }
}

@Suite struct Ex04ReconcileKeys {
    @Test("04-reconcile-keys", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkReconcileKeys(Exercises.ReconcileKeys.self) } }
    @Test("04-reconcile-keys (solution)") func solution() { checkReconcileKeys(ExerciseSolutions.ReconcileKeys.self) }
}

// Chapter 4's checks: `keys` and the cache change together, under one lock (#1233, #1255). After
// the probes' single-threaded questions, 04-one-critical-section explores every schedule of a few
// threads (ExerciseKit's ScheduleExplorer): no verdict rests on the interleaving a machine ran.

import Dispatch
import ExerciseKit
import WorkbookSupport
import Foundation

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol OneCriticalSectionExercise: AnyObject, Sendable {
    init()
    func store(_ value: Int, forKey key: String)
    /// Removes `key`; calls `pause` after the value is gone and before the key is.
    func remove(forKey key: String, pause: () -> Void)
    var keys: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
    var probes: (lock: WatchedLock, storage: WatchedCache<NSNumber>) { get }
}

/// A value with its expiration, as 04-reconcile-keys stores it.
public final class ExpiringItem: Sendable {
    public let value: Int
    public let expiresAt: Date
    public init(_ value: Int, _ expiresAt: Date) { self.value = value; self.expiresAt = expiresAt }
}

public protocol ReconcileKeysExercise: AnyObject, Sendable {
    init()
    func store(_ value: Int, forKey key: String, expiresAt: Date)
    func removeExpired(at date: Date)
    var keys: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
    var probes: (lock: WatchedLock, storage: WatchedCache<ExpiringItem>) { get }
}

// MARK: The checks

public enum Chapter4Checks {
    /// 04-one-critical-section: `remove` takes the value and the key out in one critical section.
    public static func oneCriticalSection<E: OneCriticalSectionExercise>(_: E.Type, _ run: CheckRun) {
        // 1. Alone: where each step ran, and how often the lock was taken.
        let cache = E()
        let (lock, storage) = cache.probes
        storage.watch { event in
            switch event {
            case .remove: lock.requireHeld("storage.removeObject ran without holding lock")
            case .set: lock.requireHeld("storage.setObject ran without holding lock: the value and its key change together, under the lock")
            default: break
            }
        }
        // Mixed case on purpose: a key is used exactly as given.
        let storeTaken = lock.acquisitions
        cache.store(1, forKey: "Avatar-A")
        run.expect(lock.acquisitions - storeTaken == 1, "store took the lock \(lock.acquisitions - storeTaken) times: "
                   + "the value and its key go in together, in one critical section")
        run.expect(cache.isInStorage("Avatar-A") && cache.keys == ["Avatar-A"],
                   "after store(1, forKey: \"Avatar-A\"), the cache holds it: \(cache.isInStorage("Avatar-A")), keys: \(cache.keys.sorted())")
        let pauses = Tally(), pausedUnlocked = Flag(), valueStillThere = Flag()
        let before = lock.acquisitions
        cache.remove(forKey: "Avatar-A", pause: {
            pauses.add()
            if !lock.isHeldByCurrentThread { pausedUnlocked.set() }
            if cache.isInStorage("Avatar-A") { valueStillThere.set() }
        })
        let taken = lock.acquisitions - before
        run.expect(pauses.value > 0, "pause() was never called: call it between removing the value and removing the key")
        run.expect(pauses.value <= 1, "pause() was called \(pauses.value) times; call it once")
        run.expect(!pausedUnlocked.isSet, "pause() ran without the lock held: between the two steps another thread can store the key again")
        run.expect(!valueStillThere.isSet, "when pause() ran the value was still in the cache: remove the value first, then pause, then the key")
        run.expectNone(lock.violations, "")
        run.expect(taken == 1, "remove took the lock \(taken) times: the value and the key must go in one critical section")
        run.expect(!cache.isInStorage("Avatar-A") && !cache.keys.contains("Avatar-A"),
                   "after remove(\"Avatar-A\"), it is still in the cache or in keys")
        cache.store(2, forKey: "Avatar-B")
        cache.store(3, forKey: "Avatar-C")
        cache.remove(forKey: "Avatar-B", pause: {})
        run.expect(cache.isInStorage("Avatar-C") && cache.keys == ["Avatar-C"], "remove(\"Avatar-B\") must remove that key only: "
                   + "\"Avatar-C\" \(cache.isInStorage("Avatar-C") ? "stayed in the cache" : "left the cache"), keys: \(cache.keys.sorted())")
        // NSCache may already have evicted the value: the key must go all the same.
        cache.probes.storage.evict(forKey: "Avatar-C")
        cache.remove(forKey: "Avatar-C", pause: {})
        run.expect(!cache.keys.contains("Avatar-C"), "remove(\"Avatar-C\") after NSCache had evicted its value left the key in keys: "
                   + "remove the key whatever the cache still holds (a key removed only if its value is present leaks forever)")
        storage.watch(nil)
        guard run.passed else { return }

        // 2. Explored: remove("a") pauses between its steps while store("a") runs on another
        //    thread, in every schedule (≤ 2 preemptions, then seeded random ones). The store
        //    must not finish inside the pause, and no value may be left without its key.
        run.explore("a remove and a store of the same key") { world in
            let cache = E()
            cache.store(1, forKey: "a")
            let storedInPause = Flag()
            let remover = world.spawn("remove(\"a\")") {
                cache.remove(forKey: "a", pause: {
                    let before = cache.isInStorage("a")
                    world.step("pauses between the value and the key")
                    if cache.isInStorage("a") != before { storedInPause.set() }
                })
            }
            let storer = world.spawn("store(2, \"a\")") { cache.store(2, forKey: "a") }
            world.join(remover)
            world.join(storer)
            world.expect(!storedInPause.isSet, "store(\"a\") put its value in the cache while remove(\"a\") was between its two steps: "
                         + "the value and the key must go in one critical section")
            expectNoGhosts(cache, ["a"], world, after: "remove(\"a\") and store(2, \"a\") on two threads")
        }
        guard run.passed else { return }

        // 3. Explored: two caches used at once must not see each other (no state shared
        //    between instances: a `static` set, a global).
        run.explore("two caches at once") { world in
            let first = E(), second = E()
            let one = world.spawn("store on cache 1") { first.store(1, forKey: "k") }
            let two = world.spawn("store and remove on cache 2") {
                second.store(2, forKey: "k")
                second.remove(forKey: "k", pause: {})
            }
            world.join(one)
            world.join(two)
            world.expect(first.keys == ["k"] && first.isInStorage("k"), "cache 1 stored \"k\" and cache 2 stored and removed "
                         + "its own \"k\": cache 1 now has keys \(first.keys.sorted()) and the value \(first.isInStorage("k") ? "in" : "not in") "
                         + "its cache — each cache keeps its own keys (no `static` or global state)")
            world.expect(second.keys.isEmpty, "cache 2 removed \"k\" but its keys are \(second.keys.sorted())")
        }
    }

    /// Fails when a key is in the cache but not in keys (a ghost: nobody can clean it).
    private static func expectNoGhosts<E: OneCriticalSectionExercise>(_ cache: E, _ names: [String], _ world: ScheduleWorld,
                                                                        after what: String) {
        let keys = cache.keys
        let ghosts = names.filter { cache.isInStorage($0) && !keys.contains($0) }
        world.expect(ghosts.isEmpty, "after \(what), \(ghosts) \(ghosts.count == 1 ? "is" : "are") in the cache but not in keys: "
                     + "a value without its key (a ghost nobody can clean)")
    }

    /// 04-reconcile-keys: `removeExpired` drops the keys of evicted values, under the lock.
    /// Eviction is played by the check (`WatchedCache.evict`), never awaited: Apple's NSCache
    /// evicts when it likes, corelibs' only inside setObject.
    public static func reconcileKeys<E: ReconcileKeysExercise>(_: E.Type, _ run: CheckRun) {
        // 1. Alone: evicted keys go; live ones stay; every step under the lock, taken once.
        let cache = E()
        let (lock, storage) = cache.probes
        let later = Date().addingTimeInterval(3_600), earlier = Date().addingTimeInterval(-60)
        storage.watch { event in
            switch event {
            case .lookup: lock.requireHeld("storage.object(forKey:) ran without holding lock")
            case .remove: lock.requireHeld("storage.removeObject ran without holding lock")
            case .set: lock.requireHeld("storage.setObject ran without holding lock: the value and its key change together, under the lock")
            default: break
            }
        }
        // Mixed case on purpose ("K0", "Expired0"): keys are used exactly as given.
        let storeTaken = lock.acquisitions
        cache.store(0, forKey: "K0", expiresAt: later)
        run.expect(lock.acquisitions - storeTaken == 1, "store took the lock \(lock.acquisitions - storeTaken) times: "
                   + "the value and its key go in together, in one critical section")
        run.expect(cache.isInStorage("K0") && cache.keys == ["K0"], "after store(0, forKey: \"K0\", …) the cache must hold \"K0\" "
                   + "(in the cache: \(cache.isInStorage("K0")), keys: \(cache.keys.sorted()))")
        for i in 1..<20 { cache.store(i, forKey: "K\(i)", expiresAt: later) }
        for i in 0..<3 { cache.store(i, forKey: "Expired\(i)", expiresAt: earlier) }
        for i in 1..<15 { storage.evict(forKey: "K\(i)") }
        let before = lock.acquisitions
        cache.removeExpired(at: Date())
        let taken = lock.acquisitions - before
        let live = Set(["K0"] + (15..<20).map { "K\($0)" })
        let expiredLeft = (0..<3).map { "Expired\($0)" }.filter(cache.isInStorage)
        let stillKeyed = expiredLeft.filter(cache.keys.contains)
        if !stillKeyed.isEmpty {
            run.fail("after removeExpired, the expired values \(stillKeyed) are still in the cache *and* in keys: removeExpired "
                     + "never dealt with them: every call must visit every key")
        } else {
            run.expect(expiredLeft.isEmpty, "after removeExpired, the expired values \(expiredLeft) are still in the cache but gone from keys: "
                       + "remove them from the cache, not only from keys (a value without its key is a ghost nobody can clean)")
        }
        run.expect(cache.keys.subtracting(live).filter { !$0.hasPrefix("Expired") }.isEmpty,
                   "after 14 values were evicted, keys has \(cache.keys.count) entries for \(live.count) live values: "
                   + "removeExpired must drop the keys whose values are gone")
        run.expect(cache.keys.intersection((0..<3).map { "Expired\($0)" }).isEmpty, "expired values' keys must leave keys")
        run.expect(live.isSubset(of: cache.keys), "removeExpired removed keys of live values: \(live.subtracting(cache.keys).sorted())")
        run.expectNone(lock.violations, "removeExpired: ")
        run.expect(taken == 1, "removeExpired took the lock \(taken) times: check and remove in one critical section")
        storage.watch(nil)
        guard run.passed else { return }

        // 1b. Nothing expired, 30 values evicted: one call drops all 30 keys (not only when
        //     something expired, not only the first few).
        let evictedOnly = E()
        for i in 0..<32 { evictedOnly.store(i, forKey: "E\(i)", expiresAt: later) }
        for i in 0..<30 { evictedOnly.probes.storage.evict(forKey: "E\(i)") }
        evictedOnly.removeExpired(at: Date())
        let stale = evictedOnly.keys.subtracting(["E30", "E31"])
        run.expect(stale.isEmpty, "30 of 32 values were evicted and none had expired; one removeExpired left \(stale.count) of their "
                   + "keys: each call must drop the key of every evicted value, whether or not anything expired")
        run.expect(evictedOnly.keys.isSuperset(of: ["E30", "E31"]), "removeExpired dropped the keys of live values (E30, E31)")
        guard run.passed else { return }

        // 2. A store over a key replaces its value (and its expiration); keys are used as given.
        let replaced = E()
        let now = Date()
        replaced.store(1, forKey: "Photo-B", expiresAt: later)
        run.expect(replaced.isInStorage("Photo-B") && replaced.keys == ["Photo-B"], "after store(1, forKey: \"Photo-B\", …) the cache "
                   + "must hold \"Photo-B\" exactly as given (in the cache: \(replaced.isInStorage("Photo-B")), keys: \(replaced.keys.sorted()))")
        replaced.store(2, forKey: "Photo-B", expiresAt: earlier)
        replaced.store(3, forKey: "photo-b", expiresAt: later)
        replaced.removeExpired(at: now)
        run.expect(!replaced.isInStorage("Photo-B") && !replaced.keys.contains("Photo-B"),
                   "\"Photo-B\" was stored again with an expiration in the past: the second store replaces the first, so removeExpired removes it")
        run.expect(replaced.isInStorage("photo-b") && replaced.keys == ["photo-b"],
                   "\"photo-b\" and \"Photo-B\" are different keys; after removeExpired only \"photo-b\" is left (keys: \(replaced.keys.sorted()))")
        guard run.passed else { return }

        // 3. The boundary: a value that expires exactly at `date` is expired; a millisecond later is not.
        let edge = E()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        edge.store(1, forKey: "at", expiresAt: date)
        edge.store(2, forKey: "after", expiresAt: date.addingTimeInterval(0.001))
        edge.removeExpired(at: date)
        run.expect(!edge.isInStorage("at") && !edge.keys.contains("at"),
                   "a value that expires exactly at `date` must be removed by removeExpired(at: date), from the cache and from keys")
        run.expect(edge.isInStorage("after") && edge.keys.contains("after"), "a value that expires 1 ms after `date` must stay")
        edge.removeExpired(at: .distantFuture)
        run.expect(edge.keys.isEmpty && !edge.isInStorage("after"), "after everything expired, the cache and keys must be empty")
        guard run.passed else { return }

        // 4. Explored: a store, NSCache's own eviction and removeExpired on three threads, in every
        //    schedule (≤ 2 preemptions, then seeded random ones); no value may be left without its key.
        run.explore("a store, an eviction and removeExpired") { world in
            let cache = E()
            cache.store(1, forKey: "k", expiresAt: later)
            cache.store(2, forKey: "old", expiresAt: earlier)
            let storer = world.spawn("store(3, \"k\")") { cache.store(3, forKey: "k", expiresAt: later) }
            let evicter = world.spawn("NSCache evicting \"k\"") {
                world.step("evicts \"k\"")
                cache.probes.storage.evict(forKey: "k")
            }
            let cleaner = world.spawn("removeExpired") { cache.removeExpired(at: Date()) }
            world.join(storer)
            world.join(evicter)
            world.join(cleaner)
            let keys = cache.keys
            let ghosts = ["k", "old"].filter { cache.isInStorage($0) && !keys.contains($0) }
            world.expect(ghosts.isEmpty, "after store, an eviction and removeExpired on three threads, \(ghosts) "
                         + "\(ghosts.count == 1 ? "is" : "are") in the cache but not in keys: a value without its key nobody can clean")
            world.expect(!cache.isInStorage("old") && !keys.contains("old"), "removeExpired left the expired \"old\" behind")
        }
    }
}

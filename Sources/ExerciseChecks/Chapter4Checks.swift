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
        alone(run, CheckMessage("remove alone, on one cache and on caches of many sizes", ko: "remove 단독 호출, 캐시 하나와 여러 크기의 캐시")) {
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
                       + "the value and its key go in together, in one critical section",
                       ko: "store가 lock을 \(lock.acquisitions - storeTaken)번 잡았습니다: 값과 그 key는 하나의 critical section에서 "
                           + "함께 들어가야 합니다")
            run.expect(cache.isInStorage("Avatar-A") && cache.keys == ["Avatar-A"],
                       "after store(1, forKey: \"Avatar-A\"), the cache holds it: \(cache.isInStorage("Avatar-A")), keys: \(cache.keys.sorted())",
                       ko: "store(1, forKey: \"Avatar-A\") 뒤 캐시에 들어 있는가: \(cache.isInStorage("Avatar-A")), keys: \(cache.keys.sorted())")
            let pauses = Tally(), pausedUnlocked = Flag(), valueStillThere = Flag(), keyAlreadyGone = Flag(), keyReads = Tally()
            let before = lock.acquisitions
            cache.remove(forKey: "Avatar-A", pause: {
                pauses.add()
                if !lock.isHeldByCurrentThread {
                    pausedUnlocked.set()
                    // Only without the lock held: `keys` takes it, and NSLock is not recursive.
                    keyReads.add()   // the getter takes the lock once: not remove's acquisition
                    if !cache.keys.contains("Avatar-A") { keyAlreadyGone.set() }
                }
                if cache.isInStorage("Avatar-A") { valueStillThere.set() }
            })
            let taken = lock.acquisitions - before - keyReads.value
            run.expect(pauses.value > 0, "pause() was never called: call it between removing the value and removing the key",
                       ko: "pause()가 한 번도 불리지 않았습니다: 값을 지운 뒤, key를 지우기 전에 부르세요")
            run.expect(pauses.value <= 1, "pause() was called \(pauses.value) times; call it once",
                       ko: "pause()가 \(pauses.value)번 불렸습니다. 한 번만 부르세요")
            // Where pause() ran says what to move: after both steps, before both, or between them.
            if pausedUnlocked.isSet, keyAlreadyGone.isSet, !valueStillThere.isSet {
                run.fail("pause() ran after both steps, with the lock no longer held: call it between removing the value and removing the key, "
                         + "inside the one critical section",
                         ko: "두 단계가 다 끝난 뒤, lock을 놓은 상태에서 pause()가 실행됐습니다: 값을 지운 뒤 key를 지우기 전에, "
                             + "하나의 critical section 안에서 부르세요")
            } else if pausedUnlocked.isSet, valueStillThere.isSet, !keyAlreadyGone.isSet {
                run.fail("pause() ran before either step, without the lock held: call it between removing the value and removing the key, "
                         + "inside the one critical section",
                         ko: "두 단계 중 어느 것도 하기 전에, lock을 잡지 않은 채 pause()가 실행됐습니다: 값을 지운 뒤 key를 지우기 전에, "
                             + "하나의 critical section 안에서 부르세요")
            } else {
                run.expect(!pausedUnlocked.isSet, "pause() ran without the lock held: between the two steps another thread can store the key again",
                           ko: "lock을 잡지 않은 채 pause()가 실행됐습니다: 두 단계 사이에 다른 스레드가 같은 key를 다시 저장할 수 있습니다")
            }
            run.expect(!valueStillThere.isSet, "when pause() ran the value was still in the cache: remove the value first, then pause, then the key",
                       ko: "pause()가 실행될 때 값이 아직 캐시에 있었습니다: 값을 먼저 지우고, pause를 부르고, 그다음 key를 지우세요")
            run.expectNone(lock.violations, "")
            run.expect(taken == 1, "remove took the lock \(taken) times; the header asks for one critical section: take the lock once, and "
                       + "remove the value, pause and remove the key inside it (each extra acquisition is a moment another thread can come in)",
                       ko: "remove가 lock을 \(taken)번 잡았습니다. 헤더가 요구하는 것은 critical section 하나입니다: lock은 한 번만 잡고, 그 안에서 "
                           + "값 삭제, pause, key 삭제를 하세요 (lock을 한 번 더 잡을 때마다 다른 스레드가 끼어들 틈이 생깁니다)")
            // Say which is left (blind round 41 was told "the cache or keys" for a key removed later, on another queue).
            let leftIn = [cache.isInStorage("Avatar-A") ? CheckMessage("its value in the cache", ko: "캐시의 값") : nil,
                          cache.keys.contains("Avatar-A") ? CheckMessage("its key in keys", ko: "keys의 key") : nil].compactMap { $0 }
            let left = CheckMessage.joined(leftIn, separator: CheckMessage(" and ", ko: ", "))
            run.expect(leftIn.isEmpty,
                       "when remove(\"Avatar-A\") had returned, \(left.english) was still there: remove takes out the value and the key it "
                       + "was given, as given, both before it returns",
                       ko: "remove(\"Avatar-A\")가 돌아왔을 때 \(left.ko)가 아직 남아 있었습니다: remove는 받은 key 그대로 값과 key를 "
                           + "둘 다, 돌아오기 전에 지웁니다")
            // A failure above says where pause() ran; the sizes below would only say it again.
            guard run.passed else { return }
            // 1b. Caches of many sizes: one critical section whatever the number of keys, and the key
            //     and value gone afterwards, the rest kept — 1,200 keys, one more than each of the
            //     file's four largest numbers below 1,200 ("remove the key only below 8 keys") and of
            //     its two largest up to 20,000 ("do not hold the lock so long on a big cache"; not past
            //     20,000: see reconcileKeys's big cache for the cost).
            let small = SourceFacts.sizesPastCutOffs(in: run.source, within: 2...1_199, limit: 4)   // cheap: each below 1,200 keys
            let large = SourceFacts.sizesPastCutOffs(in: run.source, within: 1_200...20_000, limit: 2)
            for count in Set([1_200] + small + large).sorted() {
                let big = E()
                for index in 0..<count { big.store(index, forKey: "Big-\(index)") }
                let bigUnlocked = Flag()
                let victim = "Big-\(min(7, count - 1))"
                big.remove(forKey: victim, pause: { if !big.probes.lock.isHeldByCurrentThread { bigUnlocked.set() } })
                run.expect(!bigUnlocked.isSet, "with \(grouped(count)) keys in the cache, pause() ran without the "
                           + "lock held: the value and the key leave in one critical section however many keys there are (between the "
                           + "two steps another thread can store the key again)",
                           ko: "캐시에 key가 \(grouped(count))개일 때 lock을 잡지 않은 채 pause()가 실행됐습니다: "
                               + "key가 몇 개든 값과 key는 하나의 critical section에서 함께 빠져야 합니다 (두 단계 사이에 다른 스레드가 "
                               + "같은 key를 다시 저장할 수 있습니다)")
                guard run.passed else { return }
                let left = big.keys
                let inStorage = big.isInStorage(victim)
                run.expect(!left.contains(victim) && !inStorage && left.count == count - 1,
                           "with \(grouped(count)) keys in the cache, remove(forKey: \"\(victim)\") returned with \"\(victim)\" "
                           + "\(left.contains(victim) ? "still in keys" : "gone from keys") and \(inStorage ? "still" : "no longer") in the cache, "
                           + "and \(grouped(left.count)) keys left: it must be gone from both, and the other \(grouped(count - 1)) kept, however "
                           + "many keys there are",
                           ko: "캐시에 key가 \(grouped(count))개일 때 remove(forKey: \"\(victim)\")가 돌아왔는데 그 key가 "
                               + "\(left.contains(victim) ? "keys에 아직 있고" : "keys에서는 빠졌고") 캐시에는 \(inStorage ? "아직 있으며" : "없으며") "
                               + "keys는 \(grouped(left.count))개 남았습니다: key가 몇 개든 그 key는 둘 모두에서 빠지고 나머지 "
                               + "\(grouped(count - 1))개는 남아야 합니다")
                guard run.passed else { return }
            }
            cache.store(2, forKey: "Avatar-B")
            cache.store(3, forKey: "Avatar-C")
            cache.remove(forKey: "Avatar-B", pause: {})
            let stayed = cache.isInStorage("Avatar-C")
            run.expect(stayed && cache.keys == ["Avatar-C"], "remove(\"Avatar-B\") must remove that key only: "
                       + "\"Avatar-C\" \(stayed ? "stayed in the cache" : "left the cache"), keys: \(cache.keys.sorted())",
                       ko: "remove(\"Avatar-B\")는 그 key만 지워야 합니다: "
                           + "\"Avatar-C\"는 \(stayed ? "캐시에 남았고" : "캐시에서 사라졌고"), keys: \(cache.keys.sorted())")
            // NSCache may already have evicted the value: the key must go all the same.
            cache.probes.storage.evict(forKey: "Avatar-C")
            cache.remove(forKey: "Avatar-C", pause: {})
            run.expect(!cache.keys.contains("Avatar-C"), "remove(\"Avatar-C\") after NSCache had evicted its value returned with the key "
                       + "still in keys: when remove returns, the key is gone, whatever the cache still holds",
                       ko: "NSCache가 값을 퇴출한 뒤 부른 remove(\"Avatar-C\")가 돌아왔을 때 key가 아직 keys에 있었습니다: remove가 "
                           + "돌아올 때는 캐시에 무엇이 남아 있든 key가 없어야 합니다")
            // A key never stored (or removed twice): nothing to remove, and the lock let go all the same.
            cache.remove(forKey: "Never-Stored", pause: {})
            cache.remove(forKey: "Avatar-B", pause: {})
            cache.store(4, forKey: "Avatar-E")
            run.expectNone(lock.violations, CheckMessage("remove(\"Never-Stored\"), a second remove(\"Avatar-B\"), then a store: ",
                                                         ko: "remove(\"Never-Stored\"), 두 번째 remove(\"Avatar-B\"), 이어서 store: "))
            run.expect(cache.keys == ["Avatar-E"] && cache.isInStorage("Avatar-E"),
                       "after removing a key that was not there, store(4, forKey: \"Avatar-E\") left keys \(cache.keys.sorted()) "
                       + "(in the cache: \(cache.isInStorage("Avatar-E"))): removing an unknown key changes nothing",
                       ko: "없는 key를 지운 뒤 store(4, forKey: \"Avatar-E\")를 하니 keys가 \(cache.keys.sorted())입니다 "
                       + "(캐시에 있는가: \(cache.isInStorage("Avatar-E"))): 없는 key를 지우면 아무것도 바뀌지 않아야 합니다")
            cache.remove(forKey: "Avatar-E", pause: {})
            storage.watch(nil)
            guard run.passed else { return }

            // 1b. A store over a key already there replaces its value (as NSCache's setObject does).
            for (index, value) in [10, 11, 12].enumerated() {
                cache.store(value, forKey: "Avatar-D")
                let held = storage.object(forKey: "Avatar-D")?.intValue
                let earlier = index == 0 ? CheckMessage("", ko: "")
                    : CheckMessage(" (after \(index) earlier store\(index == 1 ? "" : "s") for that key)",
                                   ko: " (그 key에 \(index)번 저장한 다음)")
                run.expect(held == value, "store(\(value), forKey: \"Avatar-D\")\(earlier.english) left \(held.map(String.init) ?? "nothing") "
                           + "in the cache for that key: a store over a key already there must replace its value",
                           ko: "store(\(value), forKey: \"Avatar-D\")\(earlier.ko) 뒤 그 key로 캐시에 든 값이 "
                               + "\(held.map(String.init) ?? "없음")입니다: 이미 있는 key에 store하면 값을 새 값으로 바꿔야 합니다")
                guard run.passed else { return }
            }
            run.expect(cache.keys == ["Avatar-D"], "after three stores for \"Avatar-D\", keys is \(cache.keys.sorted())",
                       ko: "\"Avatar-D\"에 세 번 저장한 뒤 keys가 \(cache.keys.sorted())입니다")
            guard run.passed else { return }
            oneCriticalSectionOnGeneratedRuns(E.self, run)
            guard run.passed else { return }
            // 1c. Many removes on one cache — one more than each number your file writes (a "after N
            //     removes, take a fast path" cut-off): each pauses under the lock, its value gone.
            for count in SourceFacts.sizesPastCutOffs(in: run.source, within: 2...20_000, limit: 1) {
                let busy = E()
                for number in 1...count {
                    busy.store(number, forKey: "R\(number)")
                    let unlocked = Flag()
                    busy.remove(forKey: "R\(number)", pause: { if !busy.probes.lock.isHeldByCurrentThread { unlocked.set() } })
                    if unlocked.isSet {
                        run.fail("remove number \(number) on one cache ran pause() without the lock held (the earlier ones held it): every "
                                 + "remove is one critical section, however many came before it",
                                 ko: "한 캐시에서 \(number)번째 remove가 lock을 잡지 않은 채 pause()를 실행했습니다 (앞의 remove들은 잡았습니다): "
                                     + "앞서 몇 번을 불렀든 remove마다 하나의 critical section이어야 합니다")
                        return
                    }
                }
            }
        }
        guard run.passed else { return }

        // 2. Explored: remove("a") pauses between its steps while store("a") runs on another
        //    thread, in every schedule (≤ 2 preemptions, then seeded random ones). The store
        //    must not finish inside the pause, and no value may be left without its key.
        run.explore(CheckMessage("a remove and a store of the same key", ko: "같은 key의 remove와 store")) { world in
            let cache = E()
            cache.store(1, forKey: "a")
            let storedInPause = Flag()
            let remover = world.spawn("remove(\"a\")") {
                cache.remove(forKey: "a", pause: {
                    let before = cache.isInStorage("a")
                    world.step(CheckMessage("pauses between the value and the key", ko: "값과 key 사이에서 멈춤"))
                    if cache.isInStorage("a") != before { storedInPause.set() }
                })
            }
            let storer = world.spawn("store(2, \"a\")") { cache.store(2, forKey: "a") }
            world.join(remover)
            world.join(storer)
            world.expect(!storedInPause.isSet, "store(\"a\") put its value in the cache while remove(\"a\") was between its two steps: "
                         + "the value and the key must go in one critical section",
                         ko: "remove(\"a\")가 두 단계 사이에 있는 동안 store(\"a\")가 값을 캐시에 넣었습니다: "
                             + "값과 key는 하나의 critical section에서 함께 지워야 합니다")
            expectNoGhosts(cache, ["a"], world, after: CheckMessage("remove(\"a\") and store(2, \"a\") on two threads",
                                                                     ko: "두 스레드에서 remove(\"a\")와 store(2, \"a\")를 부른"))
        }
        guard run.passed else { return }

        // 2b. Explored: NSCache has already evicted "a" when remove("a") and store(2, "a") run on
        //     two threads: a remove that looks first and then drops only the key (a fast path for an
        //     evicted value) takes the key of the value the store has just put in (blind round 46b).
        run.explore(CheckMessage("an evicted key's remove and a store of it", ko: "퇴출된 key의 remove와 그 key의 store")) { world in
            let cache = E()
            cache.store(1, forKey: "a")
            cache.probes.storage.evict(forKey: "a")
            world.tell(CheckMessage("NSCache evicted \"a\" (its key stays in keys)", ko: "NSCache가 \"a\"를 퇴출함 (key는 keys에 남음)"))
            let remover = world.spawn("remove(\"a\")") { cache.remove(forKey: "a", pause: {}) }
            let storer = world.spawn("store(2, \"a\")") { cache.store(2, forKey: "a") }
            world.join(remover)
            world.join(storer)
            expectNoGhosts(cache, ["a"], world, after: CheckMessage("NSCache evicted \"a\", then remove(\"a\") and store(2, \"a\") on two threads",
                                                                     ko: "NSCache가 \"a\"를 퇴출한 뒤 두 스레드에서 remove(\"a\")와 store(2, \"a\")를 부른"))
        }
        guard run.passed else { return }

        // 3. Explored: two caches used at once must not see each other (no state shared
        //    between instances: a `static` set, a global).
        run.explore(CheckMessage("two caches at once", ko: "동시에 쓰는 캐시 두 개")) { world in
            let first = E(), second = E()
            let one = world.spawn(CheckMessage("store on cache 1", ko: "캐시 1의 store")) { first.store(1, forKey: "k") }
            let two = world.spawn(CheckMessage("store and remove on cache 2", ko: "캐시 2의 store와 remove")) {
                second.store(2, forKey: "k")
                second.remove(forKey: "k", pause: {})
            }
            world.join(one)
            world.join(two)
            let held = first.isInStorage("k")
            world.expect(first.keys == ["k"] && held, "cache 1 stored \"k\" and cache 2 stored and removed "
                         + "its own \"k\": cache 1 now has keys \(first.keys.sorted()) and the value \(held ? "in" : "not in") "
                         + "its cache — each cache keeps its own keys (no `static` or global state)",
                         ko: "캐시 1은 \"k\"를 저장했고 캐시 2는 자기 \"k\"를 저장했다가 지웠습니다: 이제 캐시 1의 keys는 "
                             + "\(first.keys.sorted())이고 값은 \(held ? "캐시에 있습니다" : "캐시에 없습니다") — 캐시마다 자기 keys를 "
                             + "따로 가져야 합니다 (`static`이나 전역 상태 없이)")
            world.expect(second.keys.isEmpty, "cache 2 removed \"k\" but its keys are \(second.keys.sorted())",
                         ko: "캐시 2는 \"k\"를 지웠는데 keys가 \(second.keys.sorted())입니다")
        }
    }

    /// Fails when a key is in the cache but not in keys (a ghost: nobody can clean it).
    private static func expectNoGhosts<E: OneCriticalSectionExercise>(_ cache: E, _ names: [String], _ world: ScheduleWorld,
                                                                        after what: CheckMessage) {
        let keys = cache.keys
        let ghosts = names.filter { cache.isInStorage($0) && !keys.contains($0) }
        world.expect(ghosts.isEmpty, "after \(what.english), \(ghosts) \(ghosts.count == 1 ? "is" : "are") in the cache but not in keys: "
                     + "a value without its key (a ghost nobody can clean)",
                     ko: "\(what.ko) 뒤, 캐시에는 있는데 keys에는 없는 값이 있습니다: \(ghosts). key 없는 값은 아무도 치울 수 없는 유령입니다")
    }

    /// 04-reconcile-keys: `removeExpired` drops the keys of evicted values, under the lock.
    /// Eviction is played by the check (`WatchedCache.evict`), never awaited: Apple's NSCache
    /// evicts when it likes, corelibs' only inside setObject.
    public static func reconcileKeys<E: ReconcileKeysExercise>(_: E.Type, _ run: CheckRun) {
        let later = Date().addingTimeInterval(3_600), earlier = Date().addingTimeInterval(-60)
        alone(run, CheckMessage("removeExpired alone, and generated runs", ko: "removeExpired 단독 호출과 생성된 실행")) {
            // 1. Alone: evicted keys go; live ones stay; every step under the lock, taken once.
            let cache = E()
            let (lock, storage) = cache.probes
            storage.watch { event in
                switch event {
                case .lookup: lock.requireHeld("storage.object(forKey:) ran without holding lock")
                case .remove: lock.requireHeld("storage.removeObject ran without holding lock")
                case .set: lock.requireHeld("storage.setObject ran without holding lock: the value and its key change together, under the lock")
                default: break
                }
            }
            // An empty cache first (the clean timer's first tick at launch): nothing to do, and the
            // lock let go all the same.
            cache.removeExpired(at: Date())
            // Mixed case on purpose ("K0", "Expired0"): keys are used exactly as given.
            let storeTaken = lock.acquisitions
            cache.store(0, forKey: "K0", expiresAt: later)
            run.expectNone(lock.violations, CheckMessage("removeExpired() on an empty cache, then store(0, forKey: \"K0\", …): ",
                                                         ko: "빈 캐시에 removeExpired(), 이어서 store(0, forKey: \"K0\", …): "))
            guard run.passed else { return }
            run.expect(lock.acquisitions - storeTaken == 1, "store took the lock \(lock.acquisitions - storeTaken) times: "
                       + "the value and its key go in together, in one critical section",
                       ko: "store가 lock을 \(lock.acquisitions - storeTaken)번 잡았습니다: 값과 그 key는 하나의 critical section에서 "
                           + "함께 들어가야 합니다")
            run.expect(cache.isInStorage("K0") && cache.keys == ["K0"], "after store(0, forKey: \"K0\", …) the cache must hold \"K0\" "
                       + "(in the cache: \(cache.isInStorage("K0")), keys: \(cache.keys.sorted()))",
                       ko: "store(0, forKey: \"K0\", …) 뒤에는 캐시에 \"K0\"가 있어야 합니다 "
                           + "(캐시에 있는가: \(cache.isInStorage("K0")), keys: \(cache.keys.sorted()))")
            for i in 1..<20 { cache.store(i, forKey: "K\(i)", expiresAt: later) }
            for i in 0..<3 { cache.store(i, forKey: "Expired\(i)", expiresAt: earlier) }
            for i in 1..<15 { storage.evict(forKey: "K\(i)") }
            cache.removeExpired(at: Date())
            let live = Set(["K0"] + (15..<20).map { "K\($0)" })
            let expiredLeft = (0..<3).map { "Expired\($0)" }.filter(cache.isInStorage)
            let stillKeyed = expiredLeft.filter(cache.keys.contains)
            if !stillKeyed.isEmpty {
                run.fail("when removeExpired returned, the expired values \(stillKeyed) were still in the cache *and* in keys: every "
                         + "call must visit every key, and be done with them before it returns",
                         ko: "removeExpired가 돌아왔을 때 만료된 값이 캐시에도 keys에도 그대로 있었습니다: \(stillKeyed). 호출할 때마다 "
                             + "모든 key를 살펴야 하고, 돌아오기 전에 그 일을 마쳐야 합니다")
            } else {
                run.expect(expiredLeft.isEmpty, "when removeExpired returned, the expired values \(expiredLeft) were still in the cache but gone "
                           + "from keys: when it returns, each expired value is gone from the cache as well as its key from keys (a value "
                           + "without its key is a ghost nobody can clean)",
                           ko: "removeExpired가 돌아왔을 때, keys에서는 빠졌는데 캐시에는 남은 만료된 값이 있었습니다: \(expiredLeft). "
                               + "돌아올 때는 만료된 값이 keys뿐 아니라 캐시에서도 사라져 있어야 합니다 (key 없는 값은 아무도 치울 수 "
                               + "없는 유령입니다)")
            }
            run.expect(cache.keys.subtracting(live).filter { !$0.hasPrefix("Expired") }.isEmpty,
                       "after 14 values were evicted, keys has \(cache.keys.count) entries for \(live.count) live values: "
                       + "removeExpired must drop the keys whose values are gone",
                       ko: "값 14개가 퇴출된 뒤, 살아 있는 값은 \(live.count)개인데 keys에는 \(cache.keys.count)개가 있습니다: "
                           + "removeExpired는 값이 사라진 key를 지워야 합니다")
            run.expect(cache.keys.intersection((0..<3).map { "Expired\($0)" }).isEmpty, "expired values' keys must leave keys",
                       ko: "만료된 값의 key는 keys에서 빠져야 합니다")
            run.expect(live.isSubset(of: cache.keys), "removeExpired removed keys of live values: \(live.subtracting(cache.keys).sorted())",
                       ko: "removeExpired가 살아 있는 값의 key를 지웠습니다: \(live.subtracting(cache.keys).sorted())")
            run.expectNone(lock.violations, CheckMessage("removeExpired: ", ko: "removeExpired: "))
            // How many times it takes the lock is its own affair (blind round 43: expiry in one critical
            // section, reconciling in a second that looks again, is right): each look and the removal it
            // decides must share one, which the lock's watch above and the explored runs below judge.
            storage.watch(nil)
            guard run.passed else { return }

            // 1b. Nothing expired, most values evicted: one call drops all their keys (not only when
            //     something expired, not only the first few in some order: more keys than any
            //     cut-off a cache of images would call large, the live ones at both ends of the sorted
            //     order and in the middle; half never expire, and their keys are reconciled too).
            //     The count: 10,050, and one more than the largest number up to 20,000 your file writes
            //     (a "too expensive on a big cache" cut-off). Not past that: each store copies the
            //     whole set in the DO NOT EDIT `didSet` of a debug build, so building the cache costs
            //     the square of its size (50,000 keys: about 20 s on the 2-core CI machine).
            for total in [10_050] + SourceFacts.sizesPastCutOffs(in: run.source, within: 10_050...20_000, limit: 1) {
                let evictedOnly = E()
                let digits = String(total - 1).count
                let keyName = { (n: Int) in "E" + String(repeating: "0", count: max(0, digits - String(n).count)) + String(n) }
                let names = (0..<total).map(keyName)
                // Past 10,050 keys only every hundredth value is evicted: a cut-off on the size stays
                // crossed (nothing removed, nothing shrinks), and the reconcile's cost stays small.
                let liveNames: Set<String> = total == 10_050 ? [keyName(0), keyName(total / 2), keyName(total - 1)]
                    : Set(names.indices.filter { $0 % (total / 100) != 1 }.map(keyName))
                for (i, name) in names.enumerated() { evictedOnly.store(i, forKey: name, expiresAt: i % 2 == 0 ? later : .distantFuture) }
                for name in names where !liveNames.contains(name) { evictedOnly.probes.storage.evict(forKey: name) }
                evictedOnly.removeExpired(at: Date())
                let stale = evictedOnly.keys.subtracting(liveNames)
                let evicted = total - liveNames.count
                let neverExpiring = stale.filter { Int($0.dropFirst()).map { $0 % 2 == 1 } ?? false }.count
                run.expect(stale.isEmpty, "\(grouped(evicted)) of \(grouped(total)) values were evicted (half of them stored with expiresAt: .distantFuture) and none had "
                           + "expired; one removeExpired left \(stale.count) of their keys (\(neverExpiring) of a never-expiring value; e.g. "
                           + "\(stale.sorted().suffix(2))): each call must drop the key of every evicted value, all of them, whether or not "
                           + "anything expired, whether or not it ever expires",
                           ko: "값 \(grouped(total))개 중 \(grouped(evicted))개가 퇴출됐고(절반은 expiresAt: .distantFuture로 저장), 만료된 것은 없습니다. "
                               + "removeExpired를 한 번 부른 뒤 그 key 중 \(stale.count)개가 남았습니다(그중 영원히 만료되지 않는 값의 것: "
                               + "\(neverExpiring)개, 예: \(stale.sorted().suffix(2))): 만료된 것이 있든 없든, 값이 언젠가 만료되든 아니든, "
                               + "호출할 때마다 퇴출된 모든 값의 key를 하나도 빠짐없이 지워야 합니다")
                run.expect(evictedOnly.keys.isSuperset(of: liveNames), "removeExpired dropped the keys of live values \(liveNames.sorted())",
                           ko: "removeExpired가 살아 있는 값의 key \(liveNames.sorted())를 지웠습니다")
                guard run.passed else { return }
            }

            // 2. A store over a key replaces its value (and its expiration); keys are used as given.
            let replaced = E()
            let now = Date()
            replaced.store(1, forKey: "Photo-B", expiresAt: later)
            run.expect(replaced.isInStorage("Photo-B") && replaced.keys == ["Photo-B"], "after store(1, forKey: \"Photo-B\", …) the cache "
                       + "must hold \"Photo-B\" exactly as given (in the cache: \(replaced.isInStorage("Photo-B")), keys: \(replaced.keys.sorted()))",
                       ko: "store(1, forKey: \"Photo-B\", …) 뒤에는 캐시에 \"Photo-B\"가 주어진 그대로 있어야 합니다 "
                           + "(캐시에 있는가: \(replaced.isInStorage("Photo-B")), keys: \(replaced.keys.sorted()))")
            replaced.store(2, forKey: "Photo-B", expiresAt: earlier)
            replaced.store(3, forKey: "photo-b", expiresAt: later)
            replaced.removeExpired(at: now)
            run.expect(!replaced.isInStorage("Photo-B") && !replaced.keys.contains("Photo-B"),
                       "\"Photo-B\" was stored again with an expiration in the past: the second store replaces the first, so removeExpired removes it",
                       ko: "\"Photo-B\"를 지난 시각에 만료되도록 다시 저장했습니다: 두 번째 store가 첫 번째를 대신하므로 removeExpired가 지워야 합니다")
            run.expect(replaced.isInStorage("photo-b") && replaced.keys == ["photo-b"],
                       "\"photo-b\" and \"Photo-B\" are different keys; after removeExpired only \"photo-b\" is left (keys: \(replaced.keys.sorted()))",
                       ko: "\"photo-b\"와 \"Photo-B\"는 서로 다른 key입니다. removeExpired 뒤에는 \"photo-b\"만 남아야 합니다 "
                           + "(keys: \(replaced.keys.sorted()))")
            guard run.passed else { return }

            // 2b. A clean at a date no later than the last one (a clock set back; the timer's clean and
            //     a manual one in either order) still drops the keys of values NSCache evicted since.
            let repeated = E()
            repeated.store(1, forKey: "Evicted-Later", expiresAt: later)
            repeated.removeExpired(at: now.addingTimeInterval(60))
            repeated.probes.storage.evict(forKey: "Evicted-Later")
            repeated.removeExpired(at: now)
            run.expect(!repeated.keys.contains("Evicted-Later"),
                       "removeExpired(at: now) after a removeExpired(at: now + 60 s) left the key of a value NSCache had evicted in between "
                       + "(keys: \(repeated.keys.sorted())): every call reconciles, whatever date the one before had",
                       ko: "removeExpired(at: now + 60 s) 다음에 부른 removeExpired(at: now)가 그 사이 NSCache가 퇴출한 값의 key를 남겼습니다 "
                       + "(keys: \(repeated.keys.sorted())): 앞의 호출이 어떤 날짜였든, 호출마다 맞춰야 합니다")
            guard run.passed else { return }

            // 3. The boundary: a value that expires exactly at `date` is expired; a millisecond later is not.
            let edge = E()
            let date = Date(timeIntervalSince1970: 1_700_000_000)
            edge.store(1, forKey: "at", expiresAt: date)
            edge.store(2, forKey: "after", expiresAt: date.addingTimeInterval(0.001))
            edge.removeExpired(at: date)
            run.expect(!edge.isInStorage("at") && !edge.keys.contains("at"),
                       "a value that expires exactly at `date` must be removed by removeExpired(at: date), from the cache and from keys",
                       ko: "정확히 `date`에 만료되는 값은 removeExpired(at: date)가 캐시와 keys 양쪽에서 지워야 합니다")
            run.expect(edge.isInStorage("after") && edge.keys.contains("after"), "a value that expires 1 ms after `date` must stay",
                       ko: "`date`보다 1 ms 뒤에 만료되는 값은 남아야 합니다")
            edge.removeExpired(at: .distantFuture)
            run.expect(edge.keys.isEmpty && !edge.isInStorage("after"), "after everything expired, the cache and keys must be empty",
                       ko: "모든 값이 만료된 뒤에는 캐시와 keys가 비어 있어야 합니다")
            guard run.passed else { return }

            reconcileOnGeneratedRuns(E.self, run)
            guard run.passed else { return }
        }
        guard run.passed else { return }

        // 4. Explored: a store, NSCache's own eviction and removeExpired on three threads, in every
        //    schedule (≤ 2 preemptions, then seeded random ones); no value may be left without its key.
        run.explore(CheckMessage("an eviction, then removeExpired from one caller", ko: "퇴출 뒤, 호출 스레드 하나에서 removeExpired")) { world in
            let cache = E()
            cache.store(1, forKey: "k", expiresAt: later)
            cache.probes.storage.evict(forKey: "k")
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) { cache.removeExpired(at: Date()) }
            world.join(caller)
            world.expect(!cache.keys.contains("k"), "NSCache evicted \"k\", then removeExpired ran on one caller, and keys still holds \"k\": "
                         + "every call reconciles, whichever thread makes it",
                         ko: "NSCache가 \"k\"를 퇴출한 뒤 호출 스레드 하나에서 removeExpired를 불렀는데, keys에 \"k\"가 그대로 있습니다: "
                         + "어느 스레드에서 부르든 호출마다 맞춰야 합니다")
        }
        guard run.passed else { return }

        run.explore(CheckMessage("a store, an eviction and removeExpired", ko: "store, 퇴출, removeExpired")) { world in
            let cache = E()
            cache.store(1, forKey: "k", expiresAt: later)
            cache.store(2, forKey: "old", expiresAt: earlier)
            let storer = world.spawn("store(3, \"k\")") { cache.store(3, forKey: "k", expiresAt: later) }
            let evicter = world.spawn(CheckMessage("NSCache evicting \"k\"", ko: "\"k\"를 퇴출하는 NSCache")) {
                world.step(CheckMessage("evicts \"k\"", ko: "\"k\" 퇴출"))
                cache.probes.storage.evict(forKey: "k")
            }
            let cleaner = world.spawn("removeExpired") { cache.removeExpired(at: Date()) }
            world.join(storer)
            world.join(evicter)
            world.join(cleaner)
            let keys = cache.keys
            let ghosts = ["k", "old"].filter { cache.isInStorage($0) && !keys.contains($0) }
            world.expect(ghosts.isEmpty, "after store, an eviction and removeExpired on three threads, \(ghosts) "
                         + "\(ghosts.count == 1 ? "is" : "are") in the cache but not in keys: a value without its key nobody can clean",
                         ko: "세 스레드에서 store, 퇴출, removeExpired가 일어난 뒤, 캐시에는 있는데 keys에는 없는 값이 있습니다: "
                             + "\(ghosts). 아무도 치울 수 없는, key 없는 값입니다")
            world.expect(!cache.isInStorage("old") && !keys.contains("old"), "removeExpired left the expired \"old\" behind",
                         ko: "removeExpired가 만료된 \"old\"를 남겼습니다")
        }
    }

    /// Runs a check's plain part — one caller, one cache at a time — under one schedule of the
    /// explorer: the caller goes on while it can, and a block the code under check queues runs only
    /// once the caller waits or is done. What a call has done when it returns is then the same on
    /// every run, quiet machine or loaded (blind round 45: a key removed on a global queue was still
    /// there when one run looked, and gone when another did, so the first message changed).
    static func alone(_ run: CheckRun, _ title: CheckMessage, _ part: @escaping @Sendable () -> Void) {
        // Caches of up to 20,000 keys are filled here, each store a few scheduling points.
        Chapter7Checks.runOnce(run, title, steps: 4_000_000) { _ in part() }
    }
}

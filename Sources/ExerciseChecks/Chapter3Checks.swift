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
        Chapter4Checks.alone(run, CheckMessage("update alone, on one holder at a time", ko: "update 단독 호출, 한 번에 holder 하나")) {
            // 1. Alone: every change of `_settings` happens on the property queue.
            //    And the body runs once, on the queue: a body run on a copy off the queue (and written
            //    back in a second trip) is the split this exercise removes.
            //    From zero, and from one past each number your file writes (a "take the fast path once
            //    the counters are large" cut-off, whatever number was picked).
            for start in [0] + SourceFacts.sizesPastCutOffs(in: run.source, within: 2...Int(Int32.max), limit: 3) {
                let single = E()
                var initial = Counters()
                (initial.hits, initial.misses) = (start, start)
                if start > 0 { single.settings = initial }
                let from = start == 0 ? CheckMessage("", ko: "") : CheckMessage(" (hits and misses at \(start) before it)", ko: " (그 전에 `hits`와 `misses`가 \(start))")
                let bodyRuns = Tally(), bodyOffQueue = Flag()
                single.update { counters in
                    bodyRuns.add()
                    if !single.propertyQueueProbe.isCurrent { bodyOffQueue.set() }
                    counters.hits += 1
            }
            run.expectNone(single.propertyQueueProbe.violations, CheckMessage("update\(from.english): ", ko: "update\(from.ko): "))
            run.expect(single.settings.hits == start + 1, "one update { $0.hits += 1 }\(from.english) left hits at \(single.settings.hits)",
                       ko: "update { $0.hits += 1 }를 한 번 부른 뒤\(from.ko) `hits`가 \(single.settings.hits)입니다")
            run.expect(bodyRuns.value == 1, "one call of update\(from.english) ran its body \(bodyRuns.value) times: run the body once, on `_settings` "
                       + "itself, inside propertyQueue.sync",
                       ko: "update를 한 번 불렀는데\(from.ko) 본문이 \(bodyRuns.value)번 실행됐습니다: 본문은 propertyQueue.sync 안에서 "
                           + "`_settings` 자체에 대해 한 번만 실행하세요")
            run.expect(bodyRuns.value != 1 || !bodyOffQueue.isSet, "update ran its body off propertyQueue: reading `_settings`, running the body and writing "
                       + "it back must all happen inside one propertyQueue.sync, the one critical section the header asks for (between "
                       + "two trips through the queue, a `settings = …` that goes through the queue alone can come in; a lock of your own "
                       + "around both trips is a second guard for `_settings`, which every other access would then have to take too)"
                       + from.english,
                       ko: "update가 propertyQueue 밖에서 본문을 실행했습니다: `_settings` 읽기, 본문 실행, 다시 쓰기는 모두 머리말이 "
                           + "말하는 하나의 critical section, 곧 한 번의 propertyQueue.sync 안에서 일어나야 합니다 (큐를 두 번 오가는 "
                           + "사이에는 큐만 거치는 `settings = …`가 끼어들 수 있습니다. 두 번의 왕복을 따로 만든 lock으로 감싸면 "
                           + "`_settings`를 지키는 장치가 둘이 되고, `_settings`에 접근하는 다른 모든 코드도 그 lock을 잡아야 합니다)"
                           + from.ko)
            guard run.passed else { return }
            }

            // 1a. A body that changes nothing runs once too (its side effects are the caller's).
            let idle = E(), idleRuns = Tally()
            idle.update { _ in idleRuns.add() }
            run.expect(idleRuns.value == 1, "update { _ in … } (a body that changes nothing) ran \(idleRuns.value) times: run the body once "
                       + "per call, whatever it changes — a caller's body may count, log or read, and expects one run",
                       ko: "update { _ in … }(아무것도 바꾸지 않는 본문)가 \(idleRuns.value)번 실행됐습니다: 본문이 무엇을 바꾸든 호출마다 한 번만 "
                           + "실행하세요 — 호출한 쪽의 본문은 세거나 기록하거나 읽을 수 있고, 한 번 실행되기를 기대합니다")
            guard run.passed else { return }

            // 1b. Many calls on one instance: one past each number your file writes (a "the first N
            //     updates are careful, the rest take a fast path" cut-off), each body on the queue.
            for calls in SourceFacts.sizesPastCutOffs(in: run.source, within: 2...200_000, limit: 2) {
                let busy = E()
                let offQueue = Guarded<Int?>(nil)
                for call in 1...calls {
                    busy.update { counters in
                        if !busy.propertyQueueProbe.isCurrent { offQueue.withLock { $0 = $0 ?? call } }
                        counters.hits += 1
                    }
                    if offQueue.withLock({ $0 }) != nil { break }
                }
                if let call = offQueue.withLock({ $0 }) {
                    run.fail("update call number \(call) on one instance ran its body off propertyQueue (the earlier ones ran it on the "
                             + "queue): every call is one critical section, however many came before it",
                             ko: "한 인스턴스에서 \(call)번째 update 호출이 propertyQueue 밖에서 본문을 실행했습니다 (앞의 호출들은 큐에서 "
                                 + "실행했습니다): 앞서 몇 번을 불렀든 호출마다 하나의 critical section이어야 합니다")
                    return
                }
                run.expect(busy.settings.hits == calls, "\(calls) updates { $0.hits += 1 } on one instance left hits at \(busy.settings.hits)",
                           ko: "한 인스턴스에서 update { $0.hits += 1 }를 \(calls)번 부른 뒤 `hits`가 \(busy.settings.hits)입니다")
                guard run.passed else { return }
            }

            // 1c. Every field the body changes, and only those: bodies that change `misses` alone,
            //     both fields, or set them outright, on two instances used in turn from different
            //     starting values. An update that writes back only `hits`, or only when `hits` changed,
            //     or through state shared by the instances, leaves another value than the body made.
            let first = E(), second = E()
            var startFirst = Counters(), startSecond = Counters()
            (startFirst.hits, startFirst.misses) = (3, 5)
            (startSecond.hits, startSecond.misses) = (40, 70)
            first.settings = startFirst
            second.settings = startSecond
            let readBack = first.settings
            guard readBack == startFirst else {
                run.fail("settings = (hits 3, misses 5) on a new instance, then reading settings gives (hits \(readBack.hits), misses "
                         + "\(readBack.misses)): the setter must write `_settings` inside propertyQueue.sync, and the getter read it",
                         ko: "새 인스턴스에 `settings = (hits 3, misses 5)`를 대입한 뒤 settings를 읽은 값이 (`hits` \(readBack.hits), `misses` "
                             + "\(readBack.misses))입니다: setter는 propertyQueue.sync 안에서 `_settings`를 쓰고, getter는 그것을 읽어야 합니다")
                return
            }
            let bodies: [(text: String, body: @Sendable (inout Counters) -> Void)] = [
                ("{ $0.misses += 1 }", { $0.misses += 1 }),
                ("{ $0.hits += 2; $0.misses += 3 }", { $0.hits += 2; $0.misses += 3 }),
                ("{ $0.misses = 0 }", { $0.misses = 0 }),
                ("{ $0 = Counters() }", { $0 = Counters() }),
                ("{ $0.hits = 9; $0.misses = 9 }", { $0.hits = 9; $0.misses = 9 }),
            ]
            var expected = [startFirst, startSecond]
            values: for (index, step) in bodies.enumerated() {
                for (which, box) in [first, second].enumerated() {
                    let before = box.settings
                    box.update(step.body)
                    step.body(&expected[which])
                    let after = box.settings
                    let name = which == 0 ? CheckMessage("the first instance", ko: "첫 번째 인스턴스")
                                          : CheckMessage("the second instance", ko: "두 번째 인스턴스")
                    if after != expected[which] {
                        run.fail("update \(step.text) on \(name.english) at (hits \(before.hits), misses \(before.misses)) left (hits \(after.hits), "
                                 + "misses \(after.misses)); the body makes (hits \(expected[which].hits), misses \(expected[which].misses)) — "
                                 + "what the body leaves in every field is the new value (update \(index * 2 + which + 1) of \(bodies.count * 2), "
                                 + "two instances used in turn)",
                                 ko: "\(name.ko)가 (`hits` \(before.hits), `misses` \(before.misses))일 때 update \(step.text) 호출 뒤 "
                                     + "남은 값은 (`hits` \(after.hits), `misses` \(after.misses))입니다. 본문이 만드는 값은 "
                                     + "(`hits` \(expected[which].hits), `misses` \(expected[which].misses))입니다 — 본문이 각 필드에 남긴 값이 그대로 "
                                     + "새 값이 됩니다 (인스턴스 둘을 번갈아 쓴 \(bodies.count * 2)번 중 \(index * 2 + which + 1)번째 update)")
                        break values
                    }
                }
            }
            guard run.passed else { return }

            // 1d. A setter between two updates: the second update starts from what the setter wrote
            //     (an update that starts from a copy of its own last result ignores it; blind round 39).
            for (which, box) in [first, second].enumerated() {
                box.update { $0.hits += 1 }
                var written = Counters()
                (written.hits, written.misses) = (100 + which, 200 + which)
                box.settings = written
                box.update { $0.hits += 1 }
                let after = box.settings
                guard after.hits == written.hits + 1, after.misses == written.misses else {
                    run.fail("update { $0.hits += 1 }, then settings = (hits \(written.hits), misses \(written.misses)), then update { $0.hits += 1 } "
                             + "left (hits \(after.hits), misses \(after.misses)), not (hits \(written.hits + 1), misses \(written.misses)): "
                             + "each update reads `_settings` as it is now, whatever wrote it last — the setter included",
                             ko: "update { $0.hits += 1 }, 그다음 `settings = (hits \(written.hits), misses \(written.misses))`, 그다음 "
                                 + "update { $0.hits += 1 } 뒤에 남은 값이 (`hits` \(written.hits + 1), `misses` \(written.misses))가 아니라 "
                                 + "(`hits` \(after.hits), `misses` \(after.misses))입니다: update는 마지막으로 누가 썼든(setter도 포함해서) "
                                 + "지금의 `_settings`를 읽어야 합니다")
                    return
                }
            }
        }
        guard run.passed else { return }

        // 2. Explored: every schedule of two updates (≤ 2 preemptions, then seeded random ones).
        //    A split read-modify-write loses one in some schedule, whichever order the
        //    machine happens to favour.
        run.explore(CheckMessage("two updates", ko: "update 두 번")) { world in
            let box = E()
            let a = world.spawn("update A") { box.update { $0.hits += 1 } }
            let b = world.spawn("update B") { box.update { $0.hits += 1 } }
            world.join(a)
            world.join(b)
            let hits = box.settings.hits
            world.expect(hits == 2, "two updates { $0.hits += 1 } on two threads left hits at \(hits): one update's change was lost "
                         + "(the schedule below shows where) — every call reads `_settings`, runs its body and writes it back in one "
                         + "critical section, none skipped",
                         ko: "두 스레드에서 update { $0.hits += 1 }를 한 번씩 부른 뒤 `hits`가 \(hits)입니다: 한 update의 변경이 사라졌습니다 "
                             + "(어디서 사라졌는지는 아래 스케줄에 있습니다) — 호출마다 `_settings`를 읽고, 본문을 실행하고, 다시 쓰는 일을 "
                             + "하나의 critical section에서 빠짐없이 해야 합니다")
            let violations = box.propertyQueueProbe.violations
            world.expect(violations.isEmpty, CheckMessage("update: ", ko: "update: ") + .joined(violations, separator: "; "))
        }
        guard run.passed else { return }

        // 2b. Two instances, one update inside the other's body (a caller keeping two holders in
        //     step). Each instance's queue guards its own settings: state the instances share (a
        //     static scratch copy, a static lock or queue) shows as one instance's values landing in
        //     the other, or as a deadlock. Run under the scheduler (no preemptions needed: one
        //     thread), so a deadlock is a finding, not a hang.
        run.explore(CheckMessage("an update of instance 2 inside the body of an update of instance 1",
                                 ko: "인스턴스 1의 update 본문 안에서 인스턴스 2를 update"),
                    ScheduleOptions(preemptions: 0, randomSchedules: 0)) { world in
            let left = E(), right = E()
            world.tell(CheckMessage("updates instance 1", ko: "인스턴스 1을 update함"))
            left.update { outer in
                outer.hits += 1
                world.tell(CheckMessage("updates instance 2 from inside that body", ko: "그 본문 안에서 인스턴스 2를 update함"))
                right.update { inner in
                    inner.hits += 10
                    inner.misses += 10
                }
                outer.misses += 1
            }
            let (one, two) = (left.settings, right.settings)
            world.expect(one.hits == 1 && one.misses == 1 && two.hits == 10 && two.misses == 10,
                         "two new instances: instance 1's update { $0.hits += 1; (instance 2's update { $0.hits += 10; $0.misses += 10 }); "
                         + "$0.misses += 1 } left instance 1 at (hits \(one.hits), misses \(one.misses)) and instance 2 at "
                         + "(hits \(two.hits), misses \(two.misses)), not (1, 1) and (10, 10): each instance's update must read, "
                         + "change and write only that instance's `_settings`",
                         ko: "새 인스턴스 둘에서 인스턴스 1의 update { $0.hits += 1; (인스턴스 2의 update { $0.hits += 10; $0.misses += 10 }); "
                             + "$0.misses += 1 } 뒤에 인스턴스 1이 (`hits` \(one.hits), `misses` \(one.misses)), 인스턴스 2가 "
                             + "(`hits` \(two.hits), `misses` \(two.misses))입니다. (1, 1)과 (10, 10)이어야 합니다: 한 인스턴스의 "
                             + "update는 그 인스턴스의 `_settings`만 읽고, 바꾸고, 써야 합니다")
        }
        guard run.passed else { return }

        // 3. Explored: a read of `settings` must not return while an update is inside its body
        //    (the getter goes through the queue every change goes through), and a setter on
        //    another thread must not be overwritten by an update's write-back.
        run.explore(CheckMessage("an update and a read", ko: "update 한 번과 읽기 한 번")) { world in
            let box = E()
            let inBody = Flag(), readInside = Flag()
            let written = LockedList<ScheduleMoment>(), unordered = LockedList<Counters>()
            let a = updateWithPause(box, inBody, world, written: written)
            let r = world.spawn(CheckMessage("a read of settings", ko: "settings 읽기")) {
                let seen = box.settings
                if inBody.isSet { readInside.set() }
                // The value update A wrote (hits 1): its write must happen before this read returns.
                if seen.hits == 1, let moment = written.values.first, !world.hasSeen(moment) { unordered.append(seen) }
            }
            world.join(a)
            world.join(r)
            if let seen = unordered.values.first {
                world.fail("reading `settings` returned (hits \(seen.hits), misses \(seen.misses)), the value update A wrote, but nothing "
                           + "ordered that read after update A's write — no propertyQueue.sync (nor lock, semaphore or atomic) between "
                           + "them: a data race in the getter. It must read `_settings` inside propertyQueue.sync every time (not a copy "
                           + "kept outside the queue, not `_settings` itself off the queue)",
                           ko: "`settings` 읽기가 update A가 쓴 값 (`hits` \(seen.hits), `misses` \(seen.misses))을 돌려줬는데, 그 읽기가 "
                               + "update A의 쓰기 뒤에 온다고 정해 주는 것이 없습니다 — 둘 사이에 propertyQueue.sync도 lock도 "
                               + "세마포어도 atomic도 없습니다: getter의 데이터 레이스입니다. getter는 매번 propertyQueue.sync 안에서 "
                               + "`_settings`를 읽어야 합니다 (큐 밖에 둔 복사본도, 큐 밖에서 읽는 `_settings`도 안 됩니다)")
            }
            world.expect(!readInside.isSet, "reading `settings` returned while an update was inside its body: the getter "
                         + "must read `_settings` inside propertyQueue.sync, the queue every change goes through",
                         ko: "update가 본문을 실행하는 도중에 `settings` 읽기가 돌아왔습니다: getter는 모든 변경이 거쳐 가는 큐, "
                             + "즉 propertyQueue.sync 안에서 `_settings`를 읽어야 합니다")
        }
        guard run.passed else { return }
        run.explore(CheckMessage("an update and a setter", ko: "update 한 번과 setter 한 번")) { world in
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
            world.expect(!setInside.isSet, "`settings = …` on another thread returned while update was still inside its body. Two "
                         + "things make that impossible, and one is missing: update stays on propertyQueue from read to write-back, and "
                         + "the setter makes its write before it returns (propertyQueue.sync, as the stub has it — a setter that returns "
                         + "before its write has set nothing yet when its caller goes on)",
                         ko: "update가 아직 본문 안에 있는데 다른 스레드의 `settings = …`가 돌아왔습니다. 이런 일을 막는 두 가지 중 하나가 "
                             + "빠졌습니다: update는 읽을 때부터 다시 쓸 때까지 propertyQueue 위에 있어야 하고, setter는 돌아오기 전에 "
                             + "쓰기를 마쳐야 합니다 (stub처럼 propertyQueue.sync — 쓰기 전에 돌아오는 setter는 호출한 쪽이 다음으로 "
                             + "넘어갈 때 아직 아무것도 설정하지 않은 것입니다)")
            // Say what remains and what may, not who lost it (blind round 41b's setter refused values lowering `hits`).
            world.expect(final.misses == 7, "update { $0.hits += 1 }, and `settings = (hits 0, misses 7)` from another thread, left "
                         + "(hits \(final.hits), misses \(final.misses)): the setter's value is gone — whichever came last, what remains is "
                         + "(hits 0, misses 7), or the update's change made on it (hits 1, misses 7)",
                         ko: "update { $0.hits += 1 }와 다른 스레드의 `settings = (hits 0, misses 7)` 뒤에 남은 값이 "
                             + "(`hits` \(final.hits), `misses` \(final.misses))입니다: setter의 값이 사라졌습니다 — 어느 쪽이 나중이든 남아야 하는 "
                             + "것은 (`hits` 0, `misses` 7)이거나, 그 위에 update가 바꾼 (`hits` 1, `misses` 7)입니다")
            let violations = box.propertyQueueProbe.violations
            world.expect(violations.isEmpty, CheckMessage("settings = …: ", ko: "settings = …: ") + .joined(violations, separator: "; "))
        }
        guard run.passed else { return }
        updateOrderedWithSetter(E.self, run)
    }

    /// Explored: an update whose body resets the counters, or changes nothing, and a setter on
    /// another thread. What the body was given says which came first, and so what must remain: the
    /// body's result when it was given the setter's value, the setter's value when it was given the
    /// value before. (Blind round 41: a write skipped when the result equals a value read in an
    /// earlier trip, and a snapshot written back in a later one, both lost a write only here.)
    static func updateOrderedWithSetter<E: AtomicUpdateExercise>(_: E.Type, _ run: CheckRun) {
        let set = { var value = Counters(); (value.hits, value.misses) = (7, 7); return value }()
        let bodies: [(text: String, body: @Sendable (inout Counters) -> Void)] = [
            ("{ $0 = Counters() }", { $0 = Counters() }),
            ("{ _ in } (a body that changes nothing)", { _ in }),
        ]
        for step in bodies {
            run.explore(CheckMessage("update \(step.text) and a setter", ko: "update \(step.text) 한 번과 setter 한 번")) { world in
                let box = E()
                let given = LockedList<Counters>()
                let a = world.spawn("update A") {
                    box.update { counters in
                        given.append(counters)
                        world.step(CheckMessage("is inside its body", ko: "본문 안에 있음"))
                        step.body(&counters)
                    }
                }
                let c = world.spawn("settings = (hits 7, misses 7)") { box.settings = set }
                world.join(a)
                world.join(c)
                let final = box.settings
                guard given.values.count == 1, let input = given.values.first else { return }
                var made = input
                step.body(&made)
                let shown = { (value: Counters) in "(hits \(value.hits), misses \(value.misses))" }
                if input == set, final != made {
                    world.fail("update \(step.text)'s body was given \(shown(input)), the value `settings = (hits 7, misses 7)` wrote on "
                               + "another thread, so the update came after it; the body made \(shown(made)), yet settings ended at "
                               + "\(shown(final)): the body's result is the new value, whatever it equals",
                               ko: "update \(step.text)의 본문이 받은 값은 다른 스레드의 `settings = (hits 7, misses 7)`가 쓴 \(shown(input))입니다. "
                                   + "그러니 update가 그 뒤에 온 것이고, 본문은 \(shown(made))를 만들었는데 settings는 \(shown(final))로 끝났습니다: "
                                   + "본문의 결과가 무엇과 같든 그것이 새 값입니다")
                } else if input != set, final != set {
                    world.fail("update \(step.text)'s body was given \(shown(input)), before `settings = (hits 7, misses 7)` on another thread "
                               + "wrote; settings ended at \(shown(final)), not the setter's value: the setter came last, and an update "
                               + "writes only inside its one critical section, never again after it",
                               ko: "update \(step.text)의 본문은 다른 스레드의 `settings = (hits 7, misses 7)`가 쓰기 전의 \(shown(input))을 "
                                   + "받았는데, settings는 setter의 값이 아니라 \(shown(final))로 끝났습니다: setter가 마지막이고, update는 "
                                   + "자기의 하나의 critical section 안에서만 쓰며 그 뒤에 다시 쓰지 않습니다")
                }
            }
            guard run.passed else { return }
        }
    }

    /// "update A": one update whose body pauses (a scheduling point), `inBody` raised meanwhile.
    /// `written` gets the moment its body changed the counters.
    private static func updateWithPause<E: AtomicUpdateExercise>(_ box: E, _ inBody: Flag, _ world: ScheduleWorld,
                                                                 written: LockedList<ScheduleMoment>? = nil) -> ScheduledHandle {
        world.spawn("update A") {
            box.update { counters in
                inBody.set()
                counters.hits += 1
                if let moment = world.moment() { written?.append(moment) }
                world.step(CheckMessage("is inside its body", ko: "본문 안에 있음"))
                inBody.clear()
            }
        }
    }

    /// 03-apply-limits: a new `limits` reaches NSCache in the same critical section that stores it.
    public static func applyLimits<E: ApplyLimitsExercise>(_: E.Type, _ run: CheckRun) {
        Chapter4Checks.alone(run, CheckMessage("setting limits alone, on one holder at a time", ko: "limit 설정 단독 호출, 한 번에 holder 하나")) {
            // 1. Alone: the values, and where each change happened.
            let holder = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
            run.expect(holder.appliedLimits == Limits(totalCostLimit: 100, countLimit: 10),
                       "after init, NSCache is limited to \(holder.appliedLimits): init must apply the limits",
                       ko: "init 뒤 NSCache의 limit이 \(holder.appliedLimits)입니다: init에서 limit을 적용해야 합니다")
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
                       + "values of both limits, at once (not the old ones, not on some later call)",
                       ko: "limits를 (7, 3)으로 설정한 직후 NSCache의 limit이 \(applied)입니다: setter가 직접, 두 limit의 새 값을 "
                           + "한꺼번에 적용해야 합니다 (옛 값이 아니라, 나중의 어떤 호출에서가 아니라)")
            run.expect(holder.limits == Limits(totalCostLimit: 7, countLimit: 3), "limits reads back as \(holder.limits) after setting (7, 3)",
                       ko: "(7, 3)으로 설정한 뒤 limits를 읽으면 \(holder.limits)입니다")
            run.expectNone(lock.violations, CheckMessage("setting limits: ", ko: "limits 설정: "))
            // Not "storing and applying were split": the extra acquisition may be anywhere in the
            // setter (blind round 46b: an early read of the old limits under its own lock).
            run.expect(taken == 1, "setting limits took the lock \(taken) times; the header asks for one critical section: take the lock "
                       + "once, and store and apply inside it (each extra acquisition is a moment another thread can come in; one between "
                       + "storing and applying lets a reader see new limits stored and old ones applied)",
                       ko: "limits 설정이 lock을 \(taken)번 잡았습니다. 헤더가 요구하는 것은 critical section 하나입니다: lock은 한 번만 "
                           + "잡고 그 안에서 저장과 적용을 하세요 (lock을 한 번 더 잡을 때마다 다른 스레드가 끼어들 틈이 생깁니다. 저장과 "
                           + "적용 사이에 생기면 읽는 쪽이 새 limit은 저장되고 옛 limit이 적용된 상태를 봅니다)")
            guard run.passed else { return }

            // 1b. Every new value reaches NSCache as given: each limit changed alone (a setter that
            //     applies only when one of them changed loses the other), and 0, which NSCache reads as
            //     "no limit" (a setter that skips zeros leaves the old limit in force).
            //     Then each limit one past every number your file writes (a "large limits mean no
            //     limit" cut-off, whatever number was picked), and back.
            let past = SourceFacts.sizesPastCutOffs(in: run.source, within: 2...Int(Int32.max), limit: 3)
            //     And sizes no cut-off in the file names: past this machine's memory (a "cap at a
            //     share of RAM" rule), Int.max, and a negative one — NSCache keeps each as given.
            let physical = Int(clamping: ProcessInfo.processInfo.physicalMemory)
            let fixed = [physical / 4 + 1, physical &+ 1, 1 << 40, Int.max, -1]
            let large = (past + fixed).flatMap { [Limits(totalCostLimit: $0, countLimit: 4), Limits(totalCostLimit: 6, countLimit: $0)] }
            for next in [Limits(totalCostLimit: 7, countLimit: 5), Limits(totalCostLimit: 9, countLimit: 5),
                         Limits(totalCostLimit: 9, countLimit: 0), Limits(totalCostLimit: 0, countLimit: 0),
                         Limits(totalCostLimit: 0, countLimit: 4)] + large + [Limits(totalCostLimit: 6, countLimit: 4)] {
                let previous = holder.appliedLimits
                holder.limits = next
                let now = holder.appliedLimits
                let wanted = "(\(next.totalCostLimit), \(next.countLimit))", got = "(\(now.totalCostLimit), \(now.countLimit))"
                let was = "(\(previous.totalCostLimit), \(previous.countLimit))"
                run.expect(now == next, "limits went from \(was) to \(wanted), and NSCache is now limited to \(got): the setter must apply "
                           + "each limit's new value every time, whichever of the two changed, as given — 0 too (NSCache reads 0 as \"no "
                           + "limit\"), and any size, negative or past the machine's memory (the stored limits and NSCache's must agree)",
                           ko: "limits를 \(was)에서 \(wanted)로 바꿨는데 NSCache의 limit은 \(got)입니다: setter는 둘 중 어느 쪽이 바뀌었든 "
                               + "두 limit의 새 값을 매번 주어진 그대로 적용해야 합니다 — 0도 (NSCache는 0을 \"limit 없음\"으로 해석합니다), "
                               + "음수나 이 머신의 메모리보다 큰 값도 그렇습니다 (저장한 limit과 NSCache의 limit이 같아야 합니다)")
                guard run.passed else { return }
            }
            // 1b+. A new holder's first set, to limits with a zero in them: a setter that skips values
            //      equal to the last ones it applied, with those starting at (0, 0) instead of the
            //      init's, never applies them (blind round 39).
            for first in [Limits(totalCostLimit: 0, countLimit: 0), Limits(totalCostLimit: 0, countLimit: 10),
                          Limits(totalCostLimit: 100, countLimit: 0)] {
                let fresh = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
                fresh.limits = first
                let now = fresh.appliedLimits
                let wanted = "(\(first.totalCostLimit), \(first.countLimit))", got = "(\(now.totalCostLimit), \(now.countLimit))"
                run.expect(now == first, "a holder made with (100, 10), then limits = \(wanted) as its first set, left NSCache limited to "
                           + "\(got): the first set applies its values too, whatever the setter remembers of earlier ones (the init's "
                           + "limits were applied by the init)",
                           ko: "(100, 10)으로 만든 holder에 처음으로 limits = \(wanted)를 설정했는데 NSCache의 limit이 \(got)입니다: "
                               + "setter가 앞선 값을 무엇으로 기억하든 첫 설정도 그 값을 적용해야 합니다 (init의 limit은 init이 적용했습니다)")
                guard run.passed else { return }
            }
            // 1b'. Many sets on one holder — one more than each number your file writes (a "after N
            //      sets the limits are stable" cut-off): each new value reaches NSCache.
            for count in SourceFacts.sizesPastCutOffs(in: run.source, within: 2...20_000, limit: 1) {
                let busy = E(limits: Limits(totalCostLimit: 1, countLimit: 1))
                for number in 1...count {
                    let next = Limits(totalCostLimit: number + 1, countLimit: number + 1)
                    busy.limits = next
                    let now = busy.appliedLimits
                    guard now == next else {
                        run.fail("set number \(number) on one holder, limits = (\(number + 1), \(number + 1)), left NSCache limited to "
                                 + "(\(now.totalCostLimit), \(now.countLimit)) (the earlier sets reached it): every set applies its values, "
                                 + "however many came before",
                                 ko: "한 holder에서 \(number)번째 설정인 limits = (\(number + 1), \(number + 1)) 뒤 NSCache의 limit이 "
                                     + "(\(now.totalCostLimit), \(now.countLimit))입니다 (앞의 설정들은 적용됐습니다): 앞서 몇 번을 설정했든 "
                                     + "설정마다 그 값을 적용해야 합니다")
                        return
                    }
                }
            }
            // 1c. The limits it already has, set again (a configuration re-applied): an early return
            //     must still let go of the lock, or the next read waits for it forever.
            holder.limits = Limits(totalCostLimit: 6, countLimit: 4)
            let reread = holder.limits
            holder.limits = Limits(totalCostLimit: 8, countLimit: 2)
            run.expectNone(lock.violations, CheckMessage("setting the limits it already has (6, 4), then reading and setting them: ",
                                                         ko: "이미 가진 limit (6, 4)를 다시 설정한 뒤 읽고 설정하기: "))
            run.expect(reread == Limits(totalCostLimit: 6, countLimit: 4) && holder.appliedLimits == Limits(totalCostLimit: 8, countLimit: 2),
                       "after setting the limits it already has, (6, 4), limits read \(reread) and setting (8, 2) left NSCache at "
                       + "\(holder.appliedLimits)",
                       ko: "이미 가진 limit (6, 4)를 다시 설정한 뒤 limits를 읽으니 \(reread)였고, (8, 2)를 설정하자 NSCache의 limit은 "
                       + "\(holder.appliedLimits)였습니다")
            guard run.passed else { return }
            // 1d. A second cache given the limits the first one has now: each cache applies its own
            //     (state kept in a `static` or a global is shared by every cache, and skips this one).
            let second = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
            second.limits = Limits(totalCostLimit: 8, countLimit: 2)
            run.expect(second.appliedLimits == Limits(totalCostLimit: 8, countLimit: 2),
                       "a second cache, made with (100, 10), was set to (8, 2) — the limits the first cache has — and its NSCache is "
                       + "limited to \(second.appliedLimits): each cache applies the limits it is given to its own NSCache, whatever "
                       + "another cache has",
                       ko: "(100, 10)으로 만든 두 번째 캐시에 첫 번째 캐시와 같은 (8, 2)를 설정했는데, 그 NSCache의 limit은 "
                       + "\(second.appliedLimits)입니다: 캐시마다 받은 limit을 자기 NSCache에 적용해야 합니다. 다른 캐시가 무엇을 "
                       + "가졌든 상관없습니다")
            guard run.passed else { return }
            // 1e. Two caches, the older one set after the newer was made: its limits reach its own
            //     NSCache, and the newer one's stay (a `static` "current cache" points at the newer).
            let older = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
            let newer = E(limits: Limits(totalCostLimit: 200, countLimit: 20))
            older.limits = Limits(totalCostLimit: 9, countLimit: 4)
            let (olderApplied, newerApplied) = (older.appliedLimits, newer.appliedLimits)
            run.expect(olderApplied == Limits(totalCostLimit: 9, countLimit: 4) && newerApplied == Limits(totalCostLimit: 200, countLimit: 20),
                       "cache A made with (100, 10), then cache B with (200, 20), then A set to (9, 4): A's NSCache is limited to "
                       + "\(olderApplied) and B's to \(newerApplied) — A's limits must reach A's own NSCache, and B's stay as they were",
                       ko: "캐시 A를 (100, 10)으로, 이어서 캐시 B를 (200, 20)으로 만든 뒤 A를 (9, 4)로 설정했더니 A의 NSCache limit은 "
                           + "\(olderApplied), B의 것은 \(newerApplied)입니다 — A의 limit은 A 자신의 NSCache에 적용돼야 하고, B의 것은 그대로여야 합니다")
            guard run.passed else { return }
        }
        guard run.passed else { return }

        // 2. Explored: while another thread holds the lock, a read of `limits` must not get
        //    through (a getter that skips the lock, or takes one of its own, can see a
        //    half-written value).
        run.explore(CheckMessage("a read while the lock is held", ko: "lock을 잡은 동안의 읽기")) { world in
            let holder = E(limits: Limits(totalCostLimit: 100, countLimit: 10))
            let lock = holder.probes.lock
            let held = Flag(), readInside = Flag()
            let keeper = world.spawn(CheckMessage("a thread holding lock", ko: "lock을 잡은 스레드")) {
                lock.withLock({
                    held.set()
                    world.step(CheckMessage("holds lock", ko: "lock을 잡고 있음"))
                    held.clear()
                }, line: 0)
            }
            // Started while the lock was held and back while it still is: the read never waited.
            let reader = world.spawn(CheckMessage("a read of limits", ko: "limits 읽기")) {
                let startedInside = held.isSet
                _ = holder.limits
                if startedInside, held.isSet { readInside.set() }
            }
            world.join(keeper)
            world.join(reader)
            world.expect(!readInside.isSet, "reading `limits` returned while lock was held by another thread: the getter must "
                         + "read `_limits` under the same lock the setter takes",
                         ko: "다른 스레드가 lock을 잡고 있는 동안 `limits` 읽기가 돌아왔습니다: getter는 setter가 잡는 것과 "
                             + "같은 lock 아래에서 `_limits`를 읽어야 합니다")
        }
        guard run.passed else { return }

        // 3. Explored: a writer sets (10, 1) then (20, 2) while a reader takes two snapshots under
        //    the lock; no snapshot may see stored limits NSCache does not have yet.
        run.explore(CheckMessage("a writer and a reader", ko: "쓰는 스레드와 읽는 스레드")) { world in
            let stressed = E(limits: Limits(totalCostLimit: 0, countLimit: 0))
            let mismatch = LockedList<CheckMessage>()
            let writer = world.spawn(CheckMessage("the writer", ko: "쓰는 스레드")) {
                stressed.limits = Limits(totalCostLimit: 10, countLimit: 1)
                stressed.limits = Limits(totalCostLimit: 20, countLimit: 2)
            }
            let reader = world.spawn(CheckMessage("the reader", ko: "읽는 스레드")) {
                for _ in 0..<2 {
                    let seen = stressed.snapshot
                    if seen.stored != seen.applied {
                        let stored = "(\(seen.stored.totalCostLimit), \(seen.stored.countLimit))"
                        let applied = "(\(seen.applied.totalCostLimit), \(seen.applied.countLimit))"
                        mismatch.append(CheckMessage("stored \(stored) but NSCache limited to \(applied)",
                                                     ko: "저장된 값은 \(stored)인데 NSCache의 limit은 \(applied)인 상태"))
                    }
                }
            }
            world.join(writer)
            world.join(reader)
            if let first = mismatch.values.first {
                world.fail("a read under the lock saw \(first.english): store the limits and apply them to NSCache in one critical section",
                           ko: "lock 아래의 읽기가 \(first.ko)를 봤습니다: limit의 저장과 NSCache 적용을 하나의 critical section에서 하세요")
            }
            world.expect(stressed.appliedLimits == Limits(totalCostLimit: 20, countLimit: 2),
                         "after setting (10, 1) then (20, 2), NSCache is limited to \(stressed.appliedLimits)",
                         ko: "(10, 1), 이어서 (20, 2)로 설정한 뒤 NSCache의 limit이 \(stressed.appliedLimits)입니다")
        }
        guard run.passed else { return }

        // 4. Explored: two setters at once (two configurations applied from two threads). The
        //    limits end as one setter left them, stored and applied alike.
        run.explore(CheckMessage("two setters at once", ko: "동시에 설정하는 스레드 두 개")) { world in
            let a = Limits(totalCostLimit: 10, countLimit: 1), b = Limits(totalCostLimit: 20, countLimit: 2)
            guard let (shared, seen) = twoSettersAtOnce(E.self, world, a, b,
                                                        after: CheckMessage("after setters A (10, 1) and B (20, 2) ran at once",
                                                                            ko: "설정 A (10, 1)와 설정 B (20, 2)가 동시에 실행된 뒤"),
                                                        because: "") else { return }
            let applied = "(\(seen.applied.totalCostLimit), \(seen.applied.countLimit))"
            // Then the one that lost is set again: it must be applied (blind round 41b remembered the
            // last set under a second lock, which the loser could write last, and skipped it as a repeat).
            let again = seen.applied == a ? b : a
            let text = "(\(again.totalCostLimit), \(again.countLimit))"
            world.tell(CheckMessage("sets \(text) again, the setter that did not end on top", ko: "마지막에 남지 못한 \(text)를 다시 설정"))
            shared.limits = again
            let after = shared.snapshot
            world.expect(after.stored == again && after.applied == again,
                         "after setters A (10, 1) and B (20, 2) ran at once and left \(applied), setting \(text) again left limits stored as "
                         + "(\(after.stored.totalCostLimit), \(after.stored.countLimit)) and NSCache limited to (\(after.applied.totalCostLimit), "
                         + "\(after.applied.countLimit)): a new value is stored and applied whatever was set before, and how",
                         ko: "설정 A (10, 1)와 설정 B (20, 2)가 동시에 실행되어 \(applied)가 남은 뒤 \(text)를 다시 설정했더니 저장된 limit은 "
                             + "(\(after.stored.totalCostLimit), \(after.stored.countLimit)), NSCache의 limit은 (\(after.applied.totalCostLimit), "
                             + "\(after.applied.countLimit))입니다: 새 값은 그 전에 무엇이 어떻게 설정됐든 저장되고 적용돼야 합니다")
        }
        guard run.passed else { return }

        // 4b. Explored: one setter applies the limits the holder already has (a configuration
        //     re-applied) while another sets new ones. A setter that compares with what it read
        //     before taking the lock skips its "unchanged" limits, though the other setter has
        //     changed them in between (blind round 46b).
        run.explore(CheckMessage("the same limits set again while others are set", ko: "다른 limit을 설정하는 동안 같은 limit을 다시 설정")) { world in
            _ = twoSettersAtOnce(E.self, world, Limits(totalCostLimit: 5, countLimit: 5), Limits(totalCostLimit: 20, countLimit: 2),
                                 after: CheckMessage("limits were (5, 5); after setter A (5, 5), the same again, and setter B (20, 2) ran at once",
                                                     ko: "limit이 (5, 5)일 때 설정 A (5, 5, 같은 값 다시)와 설정 B (20, 2)가 동시에 실행된 뒤"),
                                 because: CheckMessage(" (what NSCache had before the lock was taken may have changed by the time it is)",
                                                       ko: " (lock을 잡기 전에 본 NSCache의 값은 lock을 잡을 때쯤 바뀌었을 수 있습니다)"))
        }
    }

    /// Setters A and B run at once on a holder made with (5, 5), setting `a` and `b`. The limits
    /// must end as one of them left them, stored and applied alike: the holder and its snapshot
    /// then, or nil after a failure.
    static func twoSettersAtOnce<E: ApplyLimitsExercise>(_: E.Type, _ world: ScheduleWorld, _ a: Limits, _ b: Limits,
                                                         after: CheckMessage, because: CheckMessage)
        -> (E, (stored: Limits, applied: Limits))? {
        let shared = E(limits: Limits(totalCostLimit: 5, countLimit: 5))
        let first = world.spawn(CheckMessage("setter A", ko: "설정 A")) { shared.limits = a }
        let second = world.spawn(CheckMessage("setter B", ko: "설정 B")) { shared.limits = b }
        world.join(first)
        world.join(second)
        let seen = shared.snapshot
        let stored = "(\(seen.stored.totalCostLimit), \(seen.stored.countLimit))"
        let applied = "(\(seen.applied.totalCostLimit), \(seen.applied.countLimit))"
        let told = CheckMessage("\(after.english), limits are stored as \(stored) and NSCache is limited to \(applied): the limits must end "
                                + "as one of the two setters left them, stored and applied alike\(because.english)",
                                ko: "\(after.ko) 저장된 limit은 \(stored), NSCache의 limit은 \(applied)입니다: 두 setter 중 하나가 남긴 값으로, "
                                    + "저장과 적용이 같게 끝나야 합니다\(because.ko)")
        guard seen.stored == seen.applied && [a, b].contains(seen.applied) else { world.fail(told); return nil }
        return (shared, seen)
    }
}

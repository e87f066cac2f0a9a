// 06-forget-on-remove's check: every schedule of a few callers (ExerciseKit's ScheduleExplorer).
// The index's queue is a WatchedQueue, so every `sync`/`async` on it and every write of `names`
// (its DO NOT EDIT `didSet`) is a scheduling point; `DispatchQueue`, `NSLock` and the other
// primitives a file reaches for are the controlled ones too. What the index answers is compared,
// at each question and at the end, with the one answer the calls allow in every order.

import ExerciseKit
import WorkbookSupport

extension Chapter6Checks {
    /// 06-forget-on-remove: `removed` forgets exactly its name and `removedAll` leaves an empty
    /// set (never nil), each change made on the index's queue in the order of the calls.
    public static func forgetOnRemove<E: ForgetOnRemoveExercise>(_: E.Type, _ run: CheckRun) {
        // 1. Each call alone, from one caller: the app's main thread, as a view makes them.
        //    Explored too: a change sent through another queue lands whenever that queue runs it,
        //    so even one caller has schedules.
        run.explore(CheckMessage("each call alone, on the main thread", ko: "호출 하나씩, 메인 스레드 한 곳에서")) { world in
            world.actAsMainThread()
            let index = E(knownNames: ["old"])
            let ask = Asker(world)
            ask.call("stored(\"new\")") { index.stored("new") }
            ask.expect(index, ["old": true, "new": true], CheckMessage("stored names are maybes", ko: "저장한 이름에는 maybe라고 답해야 합니다"))
            ask.call("removed(\"new\")") { index.removed("new") }
            ask.expect(index, ["new": false], CheckMessage("after removed(\"new\") the index must stop saying maybe for it",
                                                     ko: "removed(\"new\") 뒤에는 index가 그 이름에 더 이상 maybe라고 답하면 안 됩니다"))
            ask.expect(index, ["old": true], CheckMessage("removed(\"new\") must not forget other names",
                                                   ko: "removed(\"new\")가 다른 이름까지 잊으면 안 됩니다"))
            ask.call("stored(\"kept\")") { index.stored("kept") }
            ask.call("removedAll()") { index.removedAll() }
            ask.expect(index, ["old": false], CheckMessage("after removedAll() nothing is cached: \"old\" (known at init) still says maybe",
                                                     ko: "removedAll() 뒤에는 캐시된 것이 하나도 없습니다: \"old\"(init 때부터 알던 이름)가 아직 maybe입니다"))
            ask.expect(index, ["kept": false], CheckMessage("after removedAll() nothing is cached: \"kept\", stored just before it, still says maybe",
                                                      ko: "removedAll() 뒤에는 캐시된 것이 하나도 없습니다: 바로 앞에 저장한 \"kept\"가 아직 maybe입니다"))
            ask.call("stored(\"again\")") { index.stored("again") }
            ask.expect(index, ["again": true], CheckMessage("stored(\"again\") after removedAll() must be remembered: a clear empties the "
                                                            + "set (it does not drop it), and later stores add to it as before",
                                                       ko: "removedAll() 뒤의 stored(\"again\")도 기억해야 합니다: removedAll()은 set을 비울 뿐 "
                                                           + "없애지 않고, 그 뒤의 store는 전처럼 set에 더해집니다"))
            ask.expect(index, ["never": false], CheckMessage("after removedAll() and one store, other names are certain misses",
                                                       ko: "removedAll() 뒤에 하나만 저장했다면 다른 이름은 모두 확실한 미스입니다"))
            ask.call("removed(\"again\"), then stored(\"again\")", ko: "removed(\"again\"), 이어서 stored(\"again\")") {
                index.removed("again")
                index.stored("again")
            }
            ask.expect(index, ["again": true], CheckMessage("removed(\"again\") and then stored(\"again\") on one thread, and the index says "
                       + "\"again\" is certainly not cached: each change must reach the set on `queue` in the order of the calls",
                       ko: "한 스레드에서 removed(\"again\") 다음에 stored(\"again\")를 불렀는데, index는 \"again\"이 확실히 캐시에 "
                       + "없다고 답합니다: 모든 변경은 호출한 순서대로 `queue`에서 set에 반영돼야 합니다"))
            ask.call("removed(\"again\") after the clear", ko: "비운 뒤의 removed(\"again\")") { index.removed("again") }
            ask.expect(index, ["again": false], CheckMessage("removed(\"again\") — after removedAll(), stored(\"again\"), removed(\"again\") and "
                       + "stored(\"again\") — left the index saying maybe for it: every removal forgets, however often the name was "
                       + "removed before and whatever came between",
                       ko: "removedAll(), stored(\"again\"), removed(\"again\"), stored(\"again\") 다음에 부른 removed(\"again\") 뒤에도 "
                       + "index가 \"again\"에 maybe라고 답합니다: 이름을 전에 몇 번 지웠든, 그 사이에 무엇이 있었든 지울 때마다 "
                       + "잊어야 합니다"))
            world.settle()   // the first index's worker idle: it adds no schedules to the next one's
            let cased = E(knownNames: [])
            ask.call("stored(\"Photo-A\") on an empty index", ko: "빈 index에 stored(\"Photo-A\")") { cased.stored("Photo-A") }
            ask.expect(cased, ["Photo-A": true, "photo-a": false], CheckMessage("names are remembered exactly as given, case included",
                                                                     ko: "이름은 대소문자까지 주어진 그대로 기억해야 합니다"))
            ask.call("stored(\"photo-a\"), removed(\"Photo-A\")") {
                cased.stored("photo-a")
                cased.removed("Photo-A")
            }
            ask.expect(cased, ["Photo-A": false], CheckMessage("after removed(\"Photo-A\") the index must stop saying maybe for it",
                                                         ko: "removed(\"Photo-A\") 뒤에는 index가 그 이름에 더 이상 maybe라고 답하면 안 됩니다"))
            ask.expect(cased, ["photo-a": true], CheckMessage("removed(\"Photo-A\") also forgot \"photo-a\": forget exactly the name removed, no other",
                                                        ko: "removed(\"Photo-A\")가 \"photo-a\"까지 잊었습니다: 지운 이름만 정확히 잊고 다른 이름은 건드리지 마세요"))
            // A removal by prefix (or by "contains") forgets a name that only begins like the one removed.
            ask.call("stored(\"Photo\"), stored(\"Photo-B\"), removed(\"Photo\")") {
                cased.stored("Photo")
                cased.stored("Photo-B")
                cased.removed("Photo")
            }
            ask.expect(cased, ["Photo": false], CheckMessage("after removed(\"Photo\") the index must stop saying maybe for it",
                                                       ko: "removed(\"Photo\") 뒤에는 index가 그 이름에 더 이상 maybe라고 답하면 안 됩니다"))
            ask.expect(cased, ["Photo-B": true], CheckMessage("removed(\"Photo\") also forgot \"Photo-B\", a name that only begins like it: "
                                                        + "forget exactly the name removed, no other (the file \"Photo-B\" is still on disk)",
                                                        ko: "removed(\"Photo\")가 이름의 앞부분만 같은 \"Photo-B\"까지 잊었습니다: 지운 이름만 정확히 "
                                                        + "잊고 다른 이름은 건드리지 마세요 (\"Photo-B\" 파일은 아직 디스크에 있습니다)"))
            world.settle()
            let emptied = E(knownNames: nil)
            ask.call("removedAll() on an index with no set (nil)", ko: "set이 없는(nil) index에 removedAll()") { emptied.removedAll() }
            ask.expect(emptied, ["x": false], CheckMessage("with no set (nil), removedAll() must still leave an empty set: the folder is known "
                       + "to be empty now, so every name is a certain miss",
                       ko: "set이 없을(nil) 때도 removedAll()은 빈 set을 남겨야 합니다: 이제 폴더가 비어 있다는 걸 아니까 모든 이름이 "
                       + "확실한 미스입니다"))
            world.settle()
            let unknown = E(knownNames: nil)
            ask.call("removed(\"x\") on an index with no set (nil)", ko: "set이 없는(nil) index에 removed(\"x\")") { unknown.removed("x") }
            ask.expect(unknown, ["x": true], CheckMessage("with no set (nil), every name stays a maybe, even after removed(_:)",
                                                         ko: "set이 없으면(nil) removed(_:) 뒤에도 모든 이름이 maybe로 남습니다"))
            ask.call("stored(\"y\") on an index with no set (nil)", ko: "set이 없는(nil) index에 stored(\"y\")") { unknown.stored("y") }
            ask.expect(unknown, ["y": true, "z": true], CheckMessage("with no set (nil), every name stays a maybe, even after stored(_:): "
                       + "the index never knew what the folder holds, so one store does not make the other names certain misses",
                       ko: "set이 없으면(nil) stored(_:) 뒤에도 모든 이름이 maybe로 남습니다: index는 폴더에 무엇이 있는지 처음부터 "
                       + "몰랐으니, 저장 한 번으로 다른 이름들이 확실한 미스가 되지는 않습니다"))
            world.settle()
            for probe in [index, cased, emptied, unknown].map(\.queueProbe) {
                world.expect(probe.violations.isEmpty, CheckMessage.joined(probe.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 1b. Generated calls on two indexes, one caller (Chapter6Generated.swift).
        forgetOnGeneratedRuns(E.self, run)
        guard run.passed else { return }
        forgetAfterManyRemoves(E.self, run)
        guard run.passed else { return }

        // 2. Two callers on one index. Whatever the order, "a" ends forgotten and "c" (stored,
        //    never removed) remembered: a set read in one block and written back in another
        //    loses the other caller's change in some schedule.
        run.explore(CheckMessage("a remove and a store on two threads", ko: "두 스레드에서 remove 하나와 store 하나")) { world in
            let index = E(knownNames: ["a", "b"])
            let first = world.spawn(CheckMessage("caller 1", ko: "호출 스레드 1")) { Asker(world).call("removed(\"a\")") { index.removed("a") } }
            let second = world.spawn(CheckMessage("caller 2", ko: "호출 스레드 2")) { Asker(world).call("stored(\"c\")") { index.stored("c") } }
            world.join(first)
            world.join(second)
            Asker(world).expectEnd(index, [
                ("a", false, CheckMessage("removed(\"a\") was the only call that named it", ko: "그 이름을 부른 호출은 removed(\"a\")뿐이었습니다")),
                ("c", true, CheckMessage("stored(\"c\") put it in and nobody removed it", ko: "stored(\"c\")가 넣었고 아무도 지우지 않았습니다")),
            ], after: CheckMessage("removed(\"a\") on caller 1 and stored(\"c\") on caller 2",
                                   ko: "호출 스레드 1의 removed(\"a\")와 호출 스레드 2의 stored(\"c\")"))
            world.settle()
            world.expect(index.queueProbe.violations.isEmpty, CheckMessage.joined(index.queueProbe.violations, separator: "; "))
        }
        guard run.passed else { return }

        // 3. Two indexes used in turn must not see each other (no `static` or global state):
        //    index 2 forgets "x", then index 1 forgets "q"; index 1 never removed "x" and keeps it.
        //    (One caller: two callers on two independent queues multiply the schedules many
        //    times over without adding an order that matters between the indexes.)
        run.explore(CheckMessage("two indexes in turn", ko: "index 두 개를 차례로")) { world in
            let one = E(knownNames: ["x"]), two = E(knownNames: ["x"])
            let ask = Asker(world)
            ask.call("index 2: removed(\"x\")") { two.removed("x") }
            ask.call("index 1: removed(\"q\")") { one.removed("q") }
            world.settle()
            let calls = CheckMessage("index 2: removed(\"x\"), then index 1: removed(\"q\")",
                                     ko: "index 2: removed(\"x\"), 이어서 index 1: removed(\"q\")")
            ask.expectEnd(one, [("x", true, CheckMessage("index 1 knew it from the start and never removed it",
                                                        ko: "index 1은 처음부터 그 이름을 알았고 지운 적이 없습니다"))],
                          after: calls, label: CheckMessage("index 1", ko: "index 1"))
            ask.expectEnd(two, [("x", false, CheckMessage("index 2 removed it", ko: "index 2가 그 이름을 지웠습니다"))], after: calls, label: CheckMessage("index 2", ko: "index 2"))
            world.settle()
            for index in [one, two] {
                world.expect(index.queueProbe.violations.isEmpty, CheckMessage.joined(index.queueProbe.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 3b. Two indexes at once, on two threads, each removing a name both know: each index's
        //     queue guards only its own set, so state the indexes share (a static list of
        //     pending removals, a static table) is written from two queues at once, and one
        //     index applies the other's removal (blind round 39).
        run.explore(CheckMessage("two indexes at once, each removing a name both know", ko: "index 두 개를 동시에, 각자 둘 다 아는 이름을 지움")) { world in
            let one = E(knownNames: ["x", "y"]), two = E(knownNames: ["x", "y"])
            let first = world.spawn(CheckMessage("caller 1", ko: "호출 스레드 1")) { one.removed("x") }
            let second = world.spawn(CheckMessage("caller 2", ko: "호출 스레드 2")) { two.removed("y") }
            world.join(first)
            world.join(second)
            world.settle()
            let ask = Asker(world)
            let calls = CheckMessage("index 1: removed(\"x\") and index 2: removed(\"y\") on two threads at once",
                                     ko: "두 스레드에서 동시에 index 1: removed(\"x\"), index 2: removed(\"y\")")
            ask.expectEnd(one, [("y", true, CheckMessage("index 1 knew it from the start and never removed it",
                                                        ko: "index 1은 처음부터 그 이름을 알았고 지운 적이 없습니다")),
                                ("x", false, CheckMessage("index 1 removed it", ko: "index 1이 그 이름을 지웠습니다"))],
                          after: calls, label: CheckMessage("index 1", ko: "index 1"))
            ask.expectEnd(two, [("x", true, CheckMessage("index 2 knew it from the start and never removed it",
                                                        ko: "index 2는 처음부터 그 이름을 알았고 지운 적이 없습니다")),
                                ("y", false, CheckMessage("index 2 removed it", ko: "index 2가 그 이름을 지웠습니다"))],
                          after: calls, label: CheckMessage("index 2", ko: "index 2"))
            world.settle()
            for index in [one, two] {
                world.expect(index.queueProbe.violations.isEmpty, CheckMessage.joined(index.queueProbe.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 4. Lifetimes: the caller lets go of its index while changes may still be queued. An
        //    index nobody holds cannot be asked (the header: its queued changes may be dropped),
        //    but a queued change must neither write off the queue nor find the index gone and trap.
        run.explore(CheckMessage("changes queued, then the index is let go", ko: "변경을 큐에 넣은 뒤 index를 놓음")) { world in
            let probe = Guarded<WatchedQueue?>(nil)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                let index = E(knownNames: ["a"])
                probe.withLock { $0 = index.queueProbe }
                let ask = Asker(world)
                ask.call("removed(\"a\")") { index.removed("a") }
                ask.call("removedAll(), then lets go of the index", ko: "removedAll(), 이어서 index를 놓음") { index.removedAll() }
            }
            world.join(caller)
            world.settle()
            let violations = probe.withLock { $0 }?.violations ?? []
            world.expect(violations.isEmpty, CheckMessage.joined(violations, separator: "; "))
        }
        guard run.passed else { return }

        // 3b. removedAll() and a store at once, then removedAll() again: nothing is known after it
        //     (blind round 41b kept a "known empty" flag outside `queue`, left set with "x" in the
        //     set, and the second removedAll() skipped its work).
        run.explore(CheckMessage("removedAll() and a store at once, then removedAll() again",
                                 ko: "removedAll()과 store를 동시에, 이어서 removedAll() 한 번 더")) { world in
            let index = E(knownNames: ["a"])
            let clearing = world.spawn(CheckMessage("caller A", ko: "호출 스레드 A")) { index.removedAll() }
            let storing = world.spawn(CheckMessage("caller B", ko: "호출 스레드 B")) { index.stored("x") }
            world.join(clearing)
            world.join(storing)
            world.tell(CheckMessage("calls removedAll() again", ko: "removedAll() 다시 호출"))
            index.removedAll()
            for name in ["x", "a"] where index.mightContain(name) {
                world.fail("removedAll() and stored(\"x\") on two threads at once, then removedAll() again: mightContain(\"\(name)\") says maybe, "
                           + "but the last call said the folder is empty — every removedAll() empties the set, in its block on `queue`, "
                           + "whatever was known before",
                           ko: "두 스레드에서 removedAll()과 stored(\"x\")를 동시에 부른 뒤 removedAll()을 다시 불렀는데 mightContain(\"\(name)\")이 "
                               + "maybe라고 답합니다. 마지막 호출은 폴더가 비었다고 알렸습니다 — removedAll()은 그 전에 무엇을 알았든 매번 "
                               + "`queue`의 블록 안에서 set을 비웁니다")
                return
            }
        }
        guard run.passed else { return }

        // 4b. The same with only removed(_:) queued (blind round 41: a removedAll() that waits on
        //     the queue kept the index alive until the removal had run, so a removal that cannot
        //     outlive its index was never left queued past the release).
        run.explore(CheckMessage("a removal queued, then the index is let go", ko: "삭제를 큐에 넣은 뒤 index를 놓음")) { world in
            let probe = Guarded<WatchedQueue?>(nil)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                let index = E(knownNames: ["a", "b"])
                probe.withLock { $0 = index.queueProbe }
                let ask = Asker(world)
                ask.call("removed(\"a\"), then lets go of the index", ko: "removed(\"a\"), 이어서 index를 놓음") { index.removed("a") }
            }
            world.join(caller)
            world.settle()
            let violations = probe.withLock { $0 }?.violations ?? []
            world.expect(violations.isEmpty, CheckMessage.joined(violations, separator: "; "))
        }
    }
}

/// A caller's questions to the index, told in the story and compared with the one right answer.
private struct Asker {
    let world: ScheduleWorld

    init(_ world: ScheduleWorld) { self.world = world }

    /// Tells the call (`korean`: its Korean, when the label is more than code) and makes it.
    func call(_ what: String, ko korean: String? = nil, _ body: () -> Void) {
        let label = CheckMessage(what, ko: korean ?? what)
        world.tell(CheckMessage("calls \(label.english)", ko: "\(label.ko) 호출"))
        body()
    }

    /// Asks `mightContain` for each name; `message` when an answer is not the expected one — unless
    /// the answer comes right once the queued work has run: then the call returned before its change
    /// (blind round 43 waited only for a hop to start, and was told it mishandled nil).
    func expect<E: ForgetOnRemoveExercise>(_ index: E, _ expected: KeyValuePairs<String, Bool>, _ message: CheckMessage) {
        for (name, maybe) in expected {
            world.tell(CheckMessage("asks mightContain(\"\(name)\")", ko: "mightContain(\"\(name)\") 물음"))
            let answer = index.mightContain(name)
            guard answer != maybe else { continue }
            world.settle()
            world.tell(CheckMessage("asks mightContain(\"\(name)\") again, once the queued work has run",
                                    ko: "큐에 든 일이 끝난 뒤 mightContain(\"\(name)\")을 다시 물음"))
            if index.mightContain(name) == maybe {
                world.fail(CheckMessage("the last call returned before its change reached the set: asked right after it returned, the index "
                                        + "said \(answer ? "maybe" : "certainly not cached") for \"\(name)\", and \(maybe ? "maybe" : "certainly not cached") "
                                        + "only once the queued work had run — a question asked after a call has returned must see its change "
                                        + "(make the change on `queue` before the call returns)",
                                        ko: "마지막 호출이 그 변경이 set에 닿기 전에 돌아왔습니다: 돌아온 직후에 물었을 때 index는 \"\(name)\"에 "
                                            + "\(answer ? "maybe" : "확실히 캐시에 없음")라고 답했고, 큐에 든 일이 끝난 뒤에야 "
                                            + "\(maybe ? "maybe" : "확실히 캐시에 없음")라고 답했습니다 — 호출이 돌아온 뒤에 한 질문은 그 변경을 "
                                            + "봐야 합니다 (돌아오기 전에 `queue`에서 변경하세요)"))
            } else {
                world.fail(message)
            }
            return
        }
    }

    /// Once every caller has returned: what the index must say of each name, and why.
    func expectEnd<E: ForgetOnRemoveExercise>(_ index: E, _ expected: [(name: String, maybe: Bool, why: CheckMessage)],
                                               after calls: CheckMessage, label: CheckMessage = CheckMessage("the index", ko: "index")) {
        for (name, maybe, why) in expected {
            world.tell(CheckMessage("asks \(label.english): mightContain(\"\(name)\")", ko: "mightContain(\"\(name)\") 물음 (\(label.ko))"))
            let answer = index.mightContain(name)
            guard answer != maybe else { continue }
            let rule = label.english == "the index"
                ? CheckMessage("each call must read and change the set in one block on `queue`, in the order the calls were made",
                               ko: "모든 호출은 호출한 순서대로, `queue`의 한 블록 안에서 set을 읽고 바꿔야 합니다")
                : CheckMessage("each index keeps its own set, and one index's calls never change another's (no `static` or global state)",
                               ko: "index마다 자기 set을 갖고, 한 index의 호출이 다른 index의 set을 바꾸면 안 됩니다 (`static`이나 전역 상태 금지)")
            world.fail(CheckMessage("after \(calls.english), \(label.english) says \(answer ? "maybe" : "certainly not cached") for \"\(name)\", "
                                    + "but \(why.english): ",
                                    ko: "호출: \(calls.ko). 그 뒤 \"\(name)\"에 대한 답(\(label.ko)): \(answer ? "maybe" : "확실히 캐시에 없음"). "
                                    + "하지만 \(why.ko): ") + rule)
            return
        }
    }
}

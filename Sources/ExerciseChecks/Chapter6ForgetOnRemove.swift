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
        // 1. Each call alone, from one caller. Explored too: a change sent through another queue
        //    lands whenever that queue runs it, so even one caller has schedules.
        run.explore("each call alone") { world in
            let index = E(knownNames: ["old"])
            let ask = Asker(world)
            ask.call("stored(\"new\")") { index.stored("new") }
            ask.expect(index, ["old": true, "new": true], "stored names are maybes")
            ask.call("removed(\"new\")") { index.removed("new") }
            ask.expect(index, ["new": false], "after removed(\"new\") the index must stop saying maybe for it")
            ask.expect(index, ["old": true], "removed(\"new\") must not forget other names")
            ask.call("removedAll()") { index.removedAll() }
            ask.expect(index, ["old": false], "after removedAll() nothing is cached")
            ask.call("stored(\"again\")") { index.stored("again") }
            ask.expect(index, ["again": true], "after removedAll() the set is empty, not nil: later stores are remembered")
            ask.expect(index, ["never": false], "after removedAll() and one store, other names are certain misses")
            ask.call("removed(\"again\"), then stored(\"again\")") {
                index.removed("again")
                index.stored("again")
            }
            ask.expect(index, ["again": true], "removed(\"again\") and then stored(\"again\") on one thread, and the index says "
                       + "\"again\" is certainly not cached: each change must reach the set on `queue` in the order of the calls")
            world.settle()   // the first index's worker idle: it adds no schedules to the next one's
            let cased = E(knownNames: [])
            ask.call("stored(\"Photo-A\") on an empty index") { cased.stored("Photo-A") }
            ask.expect(cased, ["Photo-A": true, "photo-a": false], "names are remembered exactly as given, case included")
            ask.call("stored(\"photo-a\"), removed(\"Photo-A\")") {
                cased.stored("photo-a")
                cased.removed("Photo-A")
            }
            ask.expect(cased, ["Photo-A": false], "after removed(\"Photo-A\") the index must stop saying maybe for it")
            ask.expect(cased, ["photo-a": true], "removed(\"Photo-A\") also forgot \"photo-a\": forget exactly the name removed, no other")
            world.settle()
            let emptied = E(knownNames: nil)
            ask.call("removedAll() on an index with no set (nil)") { emptied.removedAll() }
            ask.expect(emptied, ["x": false], "with no set (nil), removedAll() must still leave an empty set: the folder is known "
                       + "to be empty now, so every name is a certain miss")
            world.settle()
            let unknown = E(knownNames: nil)
            ask.call("removed(\"x\") on an index with no set (nil)") { unknown.removed("x") }
            ask.expect(unknown, ["x": true], "with no set (nil), every name stays a maybe, even after removed(_:)")
            world.settle()
            for probe in [index, cased, emptied, unknown].map(\.queueProbe) {
                world.expect(probe.violations.isEmpty, CheckMessage.joined(probe.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 2. Two callers on one index. Whatever the order, "a" ends forgotten and "c" (stored,
        //    never removed) remembered: a set read in one block and written back in another
        //    loses the other caller's change in some schedule.
        run.explore("a remove and a store on two threads") { world in
            let index = E(knownNames: ["a", "b"])
            let first = world.spawn("caller 1") { Asker(world).call("removed(\"a\")") { index.removed("a") } }
            let second = world.spawn("caller 2") { Asker(world).call("stored(\"c\")") { index.stored("c") } }
            world.join(first)
            world.join(second)
            Asker(world).expectEnd(index, [
                ("a", false, "removed(\"a\") was the only call that named it"),
                ("c", true, "stored(\"c\") put it in and nobody removed it"),
            ], after: "removed(\"a\") on caller 1 and stored(\"c\") on caller 2")
            world.settle()
            world.expect(index.queueProbe.violations.isEmpty, CheckMessage.joined(index.queueProbe.violations, separator: "; "))
        }
        guard run.passed else { return }

        // 3. Two indexes used in turn must not see each other (no `static` or global state):
        //    index 2 forgets "x", then index 1 forgets "q"; index 1 never removed "x" and keeps it.
        //    (One caller: two callers on two independent queues multiply the schedules many
        //    times over without adding an order that matters between the indexes.)
        run.explore("two indexes in turn") { world in
            let one = E(knownNames: ["x"]), two = E(knownNames: ["x"])
            let ask = Asker(world)
            ask.call("index 2: removed(\"x\")") { two.removed("x") }
            ask.call("index 1: removed(\"q\")") { one.removed("q") }
            world.settle()
            let calls = "index 2: removed(\"x\"), then index 1: removed(\"q\")"
            ask.expectEnd(one, [("x", true, "index 1 knew it from the start and never removed it")], after: calls, label: "index 1")
            ask.expectEnd(two, [("x", false, "index 2 removed it")], after: calls, label: "index 2")
            world.settle()
            for index in [one, two] {
                world.expect(index.queueProbe.violations.isEmpty, CheckMessage.joined(index.queueProbe.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 4. Lifetimes: the caller lets go of its index while changes may still be queued. An
        //    index nobody holds cannot be asked (the header: its queued changes may be dropped),
        //    but a queued change must neither write off the queue nor find the index gone and trap.
        run.explore("changes queued, then the index is let go") { world in
            let probe = Guarded<WatchedQueue?>(nil)
            let caller = world.spawn("the caller") {
                let index = E(knownNames: ["a"])
                probe.withLock { $0 = index.queueProbe }
                let ask = Asker(world)
                ask.call("removed(\"a\")") { index.removed("a") }
                ask.call("removedAll(), then lets go of the index") { index.removedAll() }
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

    func call(_ what: String, _ body: () -> Void) {
        world.tell("calls \(what)")
        body()
    }

    /// Asks `mightContain` for each name; `message` when an answer is not the expected one.
    func expect<E: ForgetOnRemoveExercise>(_ index: E, _ expected: KeyValuePairs<String, Bool>, _ message: String) {
        for (name, maybe) in expected {
            world.tell("asks mightContain(\"\(name)\")")
            if index.mightContain(name) != maybe {
                world.fail(message)
                return
            }
        }
    }

    /// Once every caller has returned: what the index must say of each name, and why.
    func expectEnd<E: ForgetOnRemoveExercise>(_ index: E, _ expected: [(name: String, maybe: Bool, why: String)],
                                               after calls: String, label: String = "the index") {
        for (name, maybe, why) in expected {
            world.tell("asks \(label): mightContain(\"\(name)\")")
            let answer = index.mightContain(name)
            guard answer != maybe else { continue }
            world.fail("after \(calls), \(label) says \(answer ? "maybe" : "certainly not cached") for \"\(name)\", but \(why): "
                       + (label == "the index" ? "each call must read and change the set in one block on `queue`, in the order the calls were made"
                                               : "each index keeps its own set, and one index's calls never change another's (no `static` or global state)"))
            return
        }
    }
}

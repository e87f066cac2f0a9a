// The explorer's model of the app's main thread and of NSRecursiveLock: `Thread.isMainThread` is
// true only on the thread a scenario plays as main and in the main queue's blocks; the main
// queue's blocks wait until that thread is back at its run loop; `DispatchQueue.main.sync` on it
// is a deadlock; a recursive lock may be taken again by its holder and still orders two threads.

import ExerciseKit
import Foundation
import Testing

@Suite("The main thread and NSRecursiveLock under the explorer")
struct MainThreadModelTests {
    @Test("isMainThread: true on the thread played as main and in a main-queue block, false on others")
    func isMainThread() {
        let exploration = ScheduleExplorer.explore { world in
            let seen = Seen()
            let main = world.spawn(CheckMessage("main", ko: "메인"), asMainThread: true) { seen.main = ControlledThread.isMainThread }
            let other = world.spawn(CheckMessage("other", ko: "다른 스레드")) {
                seen.other = ControlledThread.isMainThread
                ControlledQueue.main.async { seen.mainQueueBlock = ControlledThread.isMainThread }
                ControlledQueue.global().async { seen.globalBlock = ControlledThread.isMainThread }
            }
            world.join(main)
            world.join(other)
            world.settle()
            world.expect(seen.main == true && seen.other == false && seen.mainQueueBlock == true && seen.globalBlock == false,
                         "seen: \(seen.summary)", ko: "본 것: \(seen.summary)")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }

    @Test("Thread.current is one object per thread, in an explored run and outside one, and knows the main thread")
    func currentThread() {
        let exploration = ScheduleExplorer.explore { world in
            let faces = Guarded<[String: ControlledThread]>([:])
            let main = world.spawn(CheckMessage("main", ko: "메인"), asMainThread: true) {
                faces.withLock { $0["main"] = ControlledThread.current; $0["main again"] = ControlledThread.current }
            }
            let other = world.spawn(CheckMessage("other", ko: "다른 스레드")) { faces.withLock { $0["other"] = ControlledThread.current } }
            world.join(main)
            world.join(other)
            let seen = faces.withLock { $0 }
            let same = seen["main"] === seen["main again"], apart = seen["main"] !== seen["other"]
            let flags = (seen["main"]?.isMainThread, seen["other"]?.isMainThread)
            world.expect(same && apart && flags == (true, false), "same \(same), apart \(apart), main \(String(describing: flags))",
                         ko: "same \(same), apart \(apart), main \(String(describing: flags))")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
        #expect(ControlledThread.current === ControlledThread.current)
    }

    @Test("a main-queue block runs only once the main thread is back at its run loop")
    func mainQueueWaitsForMainThread() {
        let exploration = ScheduleExplorer.explore { world in
            let order = Seen()
            let main = world.spawn(CheckMessage("main", ko: "메인"), asMainThread: true) {
                ControlledQueue.main.async { order.mainQueueBlock = order.main ?? false }
                world.step(CheckMessage("works", ko: "일함"))
                order.main = true   // still busy: the block must not have run yet
            }
            world.join(main)
            world.settle()
            world.expect(order.mainQueueBlock == true, "the block ran while the main thread was busy",
                         ko: "메인 스레드가 바쁜 동안 블록이 실행됨")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
        #expect(exploration.schedules > 1)
    }

    @Test("a DispatchQueue.main.sync block from another thread runs as the main thread, not as its caller")
    func mainSyncRunsOnMain() {
        let exploration = ScheduleExplorer.explore { world in
            let caller = world.spawn(CheckMessage("caller", ko: "호출자")) {
                let outside = ThreadIdentity.current
                let inside = ControlledQueue.main.sync { (ThreadIdentity.current, ControlledThread.isMainThread) }
                world.expect(inside.0 != outside && inside.1 && ThreadIdentity.current == outside,
                             "main.sync block: identity \(inside.0) vs caller \(outside), isMainThread \(inside.1)",
                             ko: "main.sync 블록: identity \(inside.0), 호출자 \(outside), isMainThread \(inside.1)")
            }
            world.join(caller)
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }

    @Test("DispatchQueue.main.sync on the main thread is a deadlock, named as such")
    func mainSyncOnMain() throws {
        let exploration = ScheduleExplorer.explore { world in
            world.actAsMainThread()
            ControlledQueue.main.sync { }
        }
        let failure = try #require(exploration.counterexample?.failures.first)
        #expect(failure.english.hasPrefix("DispatchQueue.main.sync"), "\(failure.english)")
        #expect(failure.english.contains("was called on the main thread: a deadlock"), "\(failure.english)")
    }

    @Test("a recursive lock: its holder takes it again; two threads bumping under it never race")
    func recursiveLock() {
        let exploration = ScheduleExplorer.explore { world in
            let counter = Tally()
            let lock = ControlledRecursiveLock()
            let bump: @Sendable () -> Void = { lock.withLock { lock.withLock { counter.value += 1 } } }
            let first = world.spawn(CheckMessage("caller 1", ko: "호출자 1"), bump)
            let second = world.spawn(CheckMessage("caller 2", ko: "호출자 2"), bump)
            world.join(first)
            world.join(second)
            world.expect(counter.value == 2, "lost update: \(counter.value)", ko: "갱신 유실: \(counter.value)")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }

    @Test("a flag set under a recursive lock on one side and plainly on the other: a data race")
    func recursiveLockOneSide() throws {
        let exploration = ScheduleExplorer.explore { world in
            let counter = Tally()
            let lock = ControlledRecursiveLock()
            let first = world.spawn(CheckMessage("caller 1", ko: "호출자 1")) { lock.withLock { counter.value += 1 } }
            let second = world.spawn(CheckMessage("caller 2", ko: "호출자 2")) { counter.value += 1 }
            world.join(first)
            world.join(second)
        }
        let failure = try #require(exploration.counterexample?.failures.first)
        #expect(failure.english.hasPrefix("data race on `value`"), "\(failure.english)")
    }
}

// @unchecked Sendable: written and read only by the thread holding the explored run's baton.
private final class Seen: @unchecked Sendable {
    var main: Bool?, other: Bool?, mainQueueBlock: Bool?, globalBlock: Bool?
    var summary: String { "main \(String(describing: main)), other \(String(describing: other)), "
        + "main queue \(String(describing: mainQueueBlock)), global \(String(describing: globalBlock))" }
}

// @unchecked Sendable: `value` is the plain memory under test; the explorer runs one thread at a time.
private final class Tally: @unchecked Sendable {
    @PlainWatched("value", line: 1) var value = 0
}

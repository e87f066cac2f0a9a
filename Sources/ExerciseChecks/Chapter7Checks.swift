// Chapter 7's checks: slow work on a serial queue, callers never blocked, order kept. Both explore
// every schedule of the caller and the queues (ExerciseKit's ScheduleExplorer): "the caller never
// waits" is a gate only a returned caller opens, never a time limit.

import Dispatch
import ExerciseKit
import WorkbookSupport
import Foundation
import Synchronization

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol AsyncJournalExercise: AnyObject, Sendable {
    init(writer: @escaping @Sendable (String) -> Void)
    func append(_ line: String)
    /// Returns when every line appended so far has been written.
    func flush()
    /// The journal's serial queue, watched: the check asks whether the writer runs on it.
    var queueProbe: WatchedQueue { get }
}

public protocol OneQueueExercise: AnyObject, Sendable {
    init()
    func store(_ value: String, serializer: @escaping @Sendable (String) -> String, done: @escaping @Sendable () -> Void)
    /// The file's content and the callbacks' order, once the queue is idle.
    var state: (file: String, callbacks: [String]) { get }
    /// `ioQueue`, watched: the check asks where each step runs.
    var ioQueueProbe: WatchedQueue { get }
}

// MARK: The checks

public enum Chapter7Checks {
    /// 07-async-journal: `append` returns at once; the writer runs on the journal's queue, one line
    /// at a time, in order; `flush` waits for every line appended before it. Every schedule of the
    /// caller, the queue's worker and any thread the journal starts is explored.
    public static func asyncJournal<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        run.explore("three appends, then flush") { world in
            let written = LockedList<String>()
            let log = JournalLog()
            // The first line's write waits until the caller has returned from two appends: an
            // append that waits for the writer never returns.
            let gate = ControlledSemaphore(value: 0)
            world.ifStuck("append() waited for the writer (the first line's write waits until append has returned), "
                          + "so the caller is blocked by the disk: hand each line to `queue` and return at once")
            let probe = Guarded<WatchedQueue?>(nil)
            let journal = E(writer: { line in
                log.writing(on: probe.withLock { $0 })
                if line == "first" { gate.wait(line: 0) }
                world.step("writes \"\(line)\"")
                written.append(line)
                log.wrote()
            })
            probe.withLock { $0 = journal.queueProbe }
            let caller = world.spawn("the caller") {
                log.appender()
                journal.append("first")
                journal.append("second")
                gate.signal(line: 0)
                journal.append("third of the Journal")
                journal.flush()
                let seen = written.values
                world.expect(seen.count >= 3, "flush() returned when \(seen.count) of the 3 lines appended before it were written "
                             + "(\(seen)): flush must not return until every line appended before it has been written")
            }
            world.join(caller)
            world.settle()
            log.expect(written.values, ["first", "second", "third of the Journal"], journal.queueProbe, world)
        }
        guard run.passed else { return }

        // Lifetimes: the caller lets go of the journal right after appending; the lines are still written.
        run.explore("appends, then the journal is released") { world in
            let written = LockedList<String>()
            let caller = world.spawn("the caller") {
                let journal = E(writer: { line in written.append(line) })
                journal.append("one")
                journal.append("two")
            }
            world.join(caller)
            world.settle()
            world.expect(written.values == ["one", "two"], "the journal was released right after append(\"one\"), append(\"two\"); "
                         + "the writer was given \(written.values): lines already appended must still be written (a [weak self] "
                         + "block that finds the journal gone drops them)")
        }
    }

    /// 07-one-queue: each store is one block on `ioQueue` — serialize, write, call back — so the
    /// last store wins, callbacks come in store order, and the caller never waits.
    public static func oneQueue<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        run.explore("two stores from one caller") { world in
            let pipeline = E()
            let queue = pipeline.ioQueueProbe
            let serializedOff = Flag(), secondBlock = Flag()
            let storer = Guarded<UInt>(0)
            /// Each done() as it happened: which store, on ioQueue or not, and how many file writes
            /// had been made by then (the contract at the moment of the callback, not at the end).
            let calls = LockedList<(value: String, onQueue: Bool, writes: Int)>()
            let gate = ControlledSemaphore(value: 0)
            world.ifStuck("store() did not return before its serializer ran (V1's serializer waits until both stores have "
                          + "returned): hand serialize, write and callback to ioQueue as one block, and return at once")
            @Sendable func done(_ value: String) {
                if queue.isCurrent, queue.enqueuerOfCurrentBlock != storer.withLock({ $0 }) { secondBlock.set() }
                calls.append((value, queue.isCurrent, queue.confinedWrites))
            }
            let caller = world.spawn("the caller") {
                storer.withLock { $0 = ThreadIdentity.current }
                pipeline.store("V1", serializer: { value in
                    if !queue.isCurrent { serializedOff.set() }
                    gate.wait(line: 0)
                    world.step("serializes V1")
                    return value
                }, done: { done("V1") })
                pipeline.store("V2", serializer: { value in
                    if !queue.isCurrent { serializedOff.set() }
                    world.step("serializes V2")
                    return value
                }, done: { done("V2") })
                gate.signal(line: 0)
            }
            world.join(caller)
            world.settle()
            let state = pipeline.state
            let seen = calls.values
            world.expect(!serializedOff.isSet, "the serializer ran off ioQueue: serialize, write and call back in one ioQueue block")
            world.expect(seen.allSatisfy(\.onQueue), "done() ran off ioQueue: call it from the same block that wrote the file")
            world.expect(!secondBlock.isSet, "done() ran in an ioQueue block that store did not enqueue itself: serialize, write and "
                         + "call back in the one block each store hands to ioQueue (a second block, or a hop through another queue, "
                         + "lets another store's work in between)")
            for value in ["V1", "V2"] {
                let count = seen.filter { $0.value == value }.count
                world.expect(count == 1, "done() for \(value) ran \(count) times: it must run exactly once per store")
            }
            for (index, value) in ["V1", "V2"].enumerated() {
                if let call = seen.first(where: { $0.value == value }), call.writes < index + 1 {
                    world.fail("done() for \(value) ran when only \(call.writes) file write(s) had happened: "
                               + "call back after the write it reports, not before")
                }
            }
            world.expect(state.file == "V2", "the file holds \(state.file.isEmpty ? "nothing" : state.file), but V2 was stored last: "
                         + "an earlier store's write overtook it")
            world.expect(state.callbacks == ["V1", "V2"], "callbacks ran in the order \(state.callbacks), not in the order of the stores")
            world.expect(queue.violations.isEmpty, queue.violations.joined(separator: "; "))
        }
        guard run.passed else { return }

        // Lifetimes: the caller lets go of the pipeline right after storing; each done() still runs once.
        run.explore("two stores, then the pipeline is released") { world in
            let done = LockedList<String>()
            let caller = world.spawn("the caller") {
                let pipeline = E()
                pipeline.store("V1", serializer: { $0 }, done: { done.append("V1") })
                pipeline.store("V2", serializer: { $0 }, done: { done.append("V2") })
            }
            world.join(caller)
            world.settle()
            world.expect(done.values == ["V1", "V2"], "the pipeline was released right after storing V1 and V2; done() ran for "
                         + "\(done.values): every store must still be written and called back, once (a [weak self] block that "
                         + "finds the pipeline gone drops the work)")
        }
    }
}

/// What 07-async-journal's writer saw: overlapping writes, writes off the queue, lines handed to
/// the queue by a thread that never called append (the callers' order is lost there).
final class JournalLog: Sendable {
    private let active = Tally()
    private let overlapped = Flag(), offQueue = Flag(), handedOver = Flag()
    private let appenders = Guarded<Set<UInt>>([])

    func appender() { appenders.withLock { _ = $0.insert(ThreadIdentity.current) } }

    func writing(on queue: WatchedQueue?) {
        if active.add() > 1 { overlapped.set() }
        guard let queue else { return }
        if !queue.isCurrent { offQueue.set() }
        let enqueuer = queue.enqueuerOfCurrentBlock
        if enqueuer != 0, !appenders.withLock({ $0.contains(enqueuer) }) { handedOver.set() }
    }

    func wrote() { active.add(-1) }

    func expect(_ written: [String], _ appended: [String], _ queue: WatchedQueue, _ world: ScheduleWorld) {
        world.expect(!offQueue.isSet, "the writer ran off the journal's queue: hand each line to `queue`")
        world.expect(!handedOver.isSet, "a line reached the journal's queue from a thread that never called append (through "
                     + "DispatchQueue.global()?): hand each line to `queue` from append itself, so the queue keeps the callers' order")
        world.expect(!overlapped.isSet, "two writes ran at the same time: the writes must be serial")
        if let changed = written.first(where: { !appended.contains($0) }) {
            world.fail("the writer was given \"\(changed)\", a line nobody appended: hand each line to the writer exactly as given")
        } else if written.count > appended.count {
            world.fail("\(written.count) lines were written for \(appended.count) appends: each line must be written once")
        } else if written != appended {
            world.fail("the lines were written as \(written), appended as \(appended): each append must reach the serial queue "
                       + "in the caller's order, and every line must be written")
        }
        world.expect(queue.violations.isEmpty, queue.violations.joined(separator: "; "))
    }
}

// Chapter 7's checks: slow work on a serial queue, callers never blocked, order kept.

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
    /// at a time, in order; `flush` waits for every line appended before it.
    public static func asyncJournal<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        let written = Guarded<[String]>([])
        let release = DispatchSemaphore(value: 0)
        let offQueue = Flag(), active = Tally(), overlapped = Flag(), handedOver = Flag()
        let probe = Guarded<WatchedQueue?>(nil)
        /// The threads that called append: a block handed to the queue by any other thread went
        /// through another queue first, and the callers' order is no longer the queue's.
        let appenders = Guarded<Set<UInt>>([])
        /// The "slow" lines wait here until the check lets them go: flush must wait for them.
        let slowGate = DispatchSemaphore(value: 0)
        let journal = E(writer: { line in
            if active.add() > 1 { overlapped.set() }
            if let queue = probe.withLock({ $0 }) {
                if !queue.isCurrent { offQueue.set() }
                let enqueuer = queue.enqueuerOfCurrentBlock
                if enqueuer != 0, !appenders.withLock({ $0.contains(enqueuer) }) { handedOver.set() }
            }
            if line == "first" { _ = release.wait(timeout: .now() + 2) }   // the disk is slow on the first line
            if line == "slow" { _ = slowGate.wait(timeout: .now() + 3) }
            written.withLock { $0.append(line) }
            active.add(-1)
        })
        probe.withLock { $0 = journal.queueProbe }
        appenders.withLock { _ = $0.insert(ThreadIdentity.current) }

        // 1. A slow writer must not block the caller.
        let returned = DispatchSemaphore(value: 0)
        spawn {
            appenders.withLock { _ = $0.insert(ThreadIdentity.current) }
            journal.append("first")
            journal.append("second")
            returned.signal()
        }
        let returnedWhileWriting = signalled(returned, within: 1)
        run.expect(returnedWhileWriting, "append() waited for the writer: the caller is blocked by the disk")
        release.signal()
        if !returnedWhileWriting { run.wait(returned, seconds: 3, orFail: "append() never returned") }

        // 2. Order, flush, and where the writer ran.
        let lines = (0..<200).map { "line \($0) of the Journal" }   // written exactly as given, case included
        for line in lines { journal.append(line) }
        journal.append("slow")
        // flush() while the last line is still being written (held for 0.3 s, then 1.5 s below):
        // it must not return before that line is written, and must return soon after. A flush
        // that sleeps for a fixed time fails one of the two rounds, whatever its length.
        guard flushWaits(journal, slowGate, holding: 0.3, run) else { return }
        let snapshot = written.withLock { $0 }
        run.expect(!offQueue.isSet, "the writer ran off the journal's queue: hand each line to `queue`")
        run.expect(!handedOver.isSet, "a line reached the journal's queue from a thread that never called append (through "
                   + "DispatchQueue.global()?): hand each line to `queue` from append itself, so the queue keeps the callers' order")
        run.expect(!overlapped.isSet, "two writes ran at the same time: the writes must be serial")
        let expected = lines.count + 3
        let numbered = snapshot.filter { $0.hasPrefix("line ") }
        if snapshot.count < expected || !snapshot.contains("slow") {
            run.fail("flush() returned when \(snapshot.count) of the \(expected) lines appended before it were written: "
                     + "flush must wait for every line appended before it")
        } else if snapshot.count > expected {
            run.fail("\(snapshot.count) lines were written for \(expected) appends: each line must be written once")
        }
        if let changed = snapshot.first(where: { !lines.contains($0) && !["first", "second", "slow"].contains($0) }) {
            run.fail("the writer was given \"\(changed)\", a line nobody appended: hand each line to the writer exactly as given")
        } else if numbered != lines.filter(numbered.contains) {
            let number = { (line: String) in Int(line.split(separator: " ")[1]) ?? 0 }
            let first = zip(numbered, numbered.dropFirst()).first { number($0.0) > number($0.1) }
            run.fail("lines were written out of order (\(first.map { "\"\($0.1)\" after \"\($0.0)\"" } ?? "")): "
                     + "each append must reach the serial queue in the caller's order")
        } else if snapshot.last != "slow", snapshot.count == expected {
            run.fail("the last line appended (\"slow\") was not written last: the lines reached the queue out of order")
        }
        run.expectNone(journal.queueProbe.violations, "")
        guard run.passed else { return }
        journal.append("slow")
        _ = flushWaits(journal, slowGate, holding: 1.5, run)
    }

    /// Calls flush() on a thread of its own while the writer holds a "slow" line for `holding`
    /// seconds: flush must not return before the line is written, and must return within a
    /// second after. Returns whether flush returned at all.
    private static func flushWaits<E: AsyncJournalExercise>(_ journal: E, _ slowGate: DispatchSemaphore, holding: Double,
                                                            _ run: CheckRun) -> Bool {
        let flush = returns(within: holding) { journal.flush() }
        run.expect(!flush.returned, "flush() returned while a line appended before it was still being written (held \(holding) s): "
                   + "flush must wait for the work itself, not for a while")
        slowGate.signal()
        let released = Date()
        guard run.wait(flush.done, seconds: 5, orFail: "flush() never returned") else { return false }
        let lag = Date().timeIntervalSince(released)
        run.expect(flush.returned || lag < 1, "flush() returned \(String(format: "%.1f", lag)) s after the last line was written: "
                   + "it waited for a fixed time, not for the work")
        return true
    }

    /// 07-one-queue: each store is one block on `ioQueue` — serialize, write, call back — so the
    /// last store wins, callbacks come in store order, and the caller never waits.
    public static func oneQueue<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        let pipeline = E()
        let queue = pipeline.ioQueueProbe
        let v2Done = DispatchSemaphore(value: 0), allDone = DispatchSemaphore(value: 0)
        let serializedOff = Flag(), finished = Tally()
        /// Each done() as it happened: which store, on ioQueue or not, and how many file writes
        /// had been made by then (the contract at the moment of the callback, not at the end).
        let calls = LockedList<(value: String, onQueue: Bool, writes: Int)>()
        /// The threads that called store: done() must run in the block one of them handed to
        /// ioQueue, not in a second block the first one enqueued (one block per store).
        let storers = Guarded<Set<UInt>>([]), secondBlock = Flag()
        func stored(_ body: @escaping @Sendable () -> Void) -> Bool {
            signalled(spawn { storers.withLock { _ = $0.insert(ThreadIdentity.current) }; body() }, within: 0.5)
        }
        @Sendable func done(_ value: String) {
            if queue.isCurrent, !storers.withLock({ $0.contains(queue.enqueuerOfCurrentBlock) }) { secondBlock.set() }
            calls.append((value, queue.isCurrent, queue.confinedWrites))
            if value == "V2" { v2Done.signal() }
            if finished.add() == 2 { allDone.signal() }
        }

        let v1Returned = stored {
            pipeline.store("V1", serializer: { value in
                if !queue.isCurrent { serializedOff.set() }
                _ = v2Done.wait(timeout: .now() + 1)   // a slow serialization of the first store
                return value
            }, done: { done("V1") })
        }
        let v2Returned = stored {
            pipeline.store("V2", serializer: { value in
                if !queue.isCurrent { serializedOff.set() }
                return value
            }, done: { done("V2") })
        }
        run.expect(v1Returned && v2Returned, "store() waited for the work: it must hand the work to ioQueue and return at once")
        guard run.wait(allDone, seconds: 4, orFail: "a done callback never ran") else { return }
        _ = pipeline.state
        Thread.sleep(forTimeInterval: 0.05)   // room for a late, extra callback to show itself
        let state = pipeline.state
        let seen = calls.values
        run.expect(!serializedOff.isSet, "the serializer ran off ioQueue: serialize, write and call back in one ioQueue block")
        run.expect(seen.allSatisfy(\.onQueue), "done() ran off ioQueue: call it from the same block that wrote the file")
        run.expect(!secondBlock.isSet, "done() ran in an ioQueue block that store did not enqueue itself: serialize, write and "
                   + "call back in the one block each store hands to ioQueue (a second block, or a hop through another queue, "
                   + "lets another store's work in between)")
        for value in ["V1", "V2"] {
            let count = seen.filter { $0.value == value }.count
            run.expect(count == 1, "done() for \(value) ran \(count) times: it must run exactly once per store")
        }
        // The first done() of each store, in store order, must come after that store's write.
        for (index, value) in ["V1", "V2"].enumerated() {
            if let call = seen.first(where: { $0.value == value }), call.writes < index + 1 {
                run.fail("done() for \(value) ran when only \(call.writes) file write(s) had happened: "
                         + "call back after the write it reports, not before")
            }
        }
        run.expect(state.file == "V2", "the file holds \(state.file.isEmpty ? "nothing" : state.file), but V2 was stored last: "
                   + "a slow earlier store overtook it")
        run.expect(state.callbacks == ["V1", "V2"], "callbacks ran in the order \(state.callbacks), not in the order of the stores")
        run.expect(seen.map(\.value) == ["V1", "V2"] || seen.count != 2, "done() ran for \(seen.map(\.value)): in the order of the stores")
        run.expectNone(queue.violations, "")
    }
}

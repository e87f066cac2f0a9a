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
        let written = Mutex<[String]>([])
        let release = DispatchSemaphore(value: 0)
        let offQueue = Flag(), active = Tally(), overlapped = Flag()
        let probe = Mutex<WatchedQueue?>(nil)
        let journal = E(writer: { line in
            if active.add() > 1 { overlapped.set() }
            if let queue = probe.withLock({ $0 }), !queue.isCurrent { offQueue.set() }
            if line == "first" { _ = release.wait(timeout: .now() + 2) }   // the disk is slow on the first line
            if line == "slow" { Thread.sleep(forTimeInterval: 0.05) }
            written.withLock { $0.append(line) }
            active.add(-1)
        })
        probe.withLock { $0 = journal.queueProbe }

        // 1. A slow writer must not block the caller.
        let returned = DispatchSemaphore(value: 0)
        spawn {
            journal.append("first")
            journal.append("second")
            returned.signal()
        }
        let returnedWhileWriting = signalled(returned, within: 1)
        run.expect(returnedWhileWriting, "append() waited for the writer: the caller is blocked by the disk")
        release.signal()
        if !returnedWhileWriting { run.wait(returned, seconds: 3, orFail: "append() never returned") }

        // 2. Order, flush, and where the writer ran.
        let lines = (0..<200).map { "line \($0)" }
        for line in lines { journal.append(line) }
        journal.append("slow")
        let flushed = spawn { journal.flush() }
        guard run.wait(flushed, seconds: 5, orFail: "flush() never returned") else { return }
        let snapshot = written.withLock { $0 }
        run.expect(!offQueue.isSet, "the writer ran off the journal's queue: hand each line to `queue`")
        run.expect(!overlapped.isSet, "two writes ran at the same time: the writes must be serial")
        run.expect(snapshot.last == "slow", "flush() returned before every line appended before it was written "
                   + "(\(snapshot.count) of \(lines.count + 3) written)")
        run.expect(snapshot.filter { $0.hasPrefix("line ") } == lines, "lines were written out of order: use one serial queue")
        run.expectNone(journal.queueProbe.violations, "")
    }

    /// 07-one-queue: each store is one block on `ioQueue` — serialize, write, call back — so the
    /// last store wins, callbacks come in store order, and the caller never waits.
    public static func oneQueue<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        let pipeline = E()
        let queue = pipeline.ioQueueProbe
        let v2Done = DispatchSemaphore(value: 0), allDone = DispatchSemaphore(value: 0)
        let serializedOff = Flag(), calledBackOff = Flag(), finished = Tally()
        func stored(_ body: @escaping @Sendable () -> Void) -> Bool { signalled(spawn(body), within: 0.5) }

        let v1Returned = stored {
            pipeline.store("v1", serializer: { value in
                if !queue.isCurrent { serializedOff.set() }
                _ = v2Done.wait(timeout: .now() + 1)   // a slow serialization of the first store
                return value
            }, done: {
                if !queue.isCurrent { calledBackOff.set() }
                if finished.add() == 2 { allDone.signal() }
            })
        }
        let v2Returned = stored {
            pipeline.store("v2", serializer: { value in
                if !queue.isCurrent { serializedOff.set() }
                return value
            }, done: {
                if !queue.isCurrent { calledBackOff.set() }
                v2Done.signal()
                if finished.add() == 2 { allDone.signal() }
            })
        }
        run.expect(v1Returned && v2Returned, "store() waited for the work: it must hand the work to ioQueue and return at once")
        guard run.wait(allDone, seconds: 4, orFail: "a done callback never ran") else { return }
        let state = pipeline.state
        run.expect(!serializedOff.isSet, "the serializer ran off ioQueue: serialize, write and call back in one ioQueue block")
        run.expect(!calledBackOff.isSet, "done() ran off ioQueue: call it from the same block that wrote the file")
        run.expect(state.file == "v2", "the file holds \(state.file), but v2 was stored last: a slow earlier store overtook it")
        run.expect(state.callbacks == ["v1", "v2"], "callbacks ran in the order \(state.callbacks), not in the order of the stores")
        run.expectNone(queue.violations, "")
    }
}

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

/// Whether the file's code captures `[weak self]` (or `[unowned self]`): only then does a message
/// about work dropped after a release name that as a likely cause.
func capturesWeakSelf(_ source: String?) -> Bool {
    let code = (source ?? "").split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined().replacingOccurrences(of: " ", with: "")
    return code.contains("[weakself") || code.contains("[unownedself") || code.contains(",weakself]")
}

/// " (your [weak self] block finds the journal gone and drops it)", when the file has one.
func weakSelfNote(_ weakSelf: Bool, _ what: String) -> CheckMessage {
    weakSelf ? CheckMessage(" (your file captures [weak self]: a block that finds the \(what) gone drops its work)",
                            ko: " (파일이 [weak self]를 캡처합니다: \(what)이 사라진 것을 본 블록은 그 일을 버립니다)")
             : CheckMessage("", ko: "")
}

public enum Chapter7Checks {
    /// 07-async-journal: `append` returns at once; the writer runs on the journal's queue, one line
    /// at a time, in order; `flush` waits for every line appended before it. Every schedule of the
    /// caller, the queue's worker and any thread the journal starts is explored.
    public static func asyncJournal<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        let weakSelf = capturesWeakSelf(run.source)
        // Three appends and a flush; then again with the first line one character past each number
        // your file writes (a "long lines take another route" cut-off, whatever number was picked).
        for variant in lineVariants(run.source) {
            run.explore(CheckMessage("three appends, then flush", ko: "append 세 번, 이어서 flush") + variant.note) { world in
                let written = LockedList<String>()
                let log = JournalLog()
                // The first line's write waits until the caller has returned from two appends: an
                // append that waits for the writer never returns.
                let gate = ControlledSemaphore(value: 0)
                world.ifStuck("append() waited for the writer (the first line's write waits until append has returned), "
                              + "so the caller is blocked by the disk: hand each line to `queue` and return at once",
                              ko: "append()가 writer를 기다렸습니다 (첫 줄의 쓰기는 append가 돌아온 뒤에야 진행됩니다). 그래서 "
                                  + "호출한 쪽이 디스크 때문에 막힙니다: 줄마다 `queue`에 넘기고 바로 돌아오세요")
                let probe = Guarded<WatchedQueue?>(nil)
                let journal = E(writer: { line in
                    log.writing(on: probe.withLock { $0 })
                    let line = shortened(line)
                    if line.contains("first") { gate.wait(line: 0) }
                    world.step(CheckMessage("writes \"\(line)\"", ko: "\"\(line)\" 씀"))
                    written.append(line)
                    log.wrote()
                })
                probe.withLock { $0 = journal.queueProbe }
                let atFlush = Guarded<[String]?>(nil)
                let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                    log.appender()
                    journal.append(variant.first)
                    journal.append("second")
                    gate.signal(line: 0)
                    journal.append("third of the Journal")
                    journal.flush()
                    atFlush.withLock { $0 = written.values }
                }
                world.join(caller)
                world.settle()
                // Flush returned early only if the writer was given more after it returned; lines
                // written merged or dropped are what the log check below names.
                let seen = atFlush.withLock { $0 } ?? []
                world.expect(seen.count >= 3 || written.values.count <= seen.count,
                             "flush() returned when \(seen.count) of the 3 lines appended before it were written "
                             + "(\(seen)): flush must not return until every line appended before it has been written",
                             ko: "flush() 전에 append한 3줄 중 \(seen.count)줄만 쓰였을 때 flush()가 돌아왔습니다 (\(seen)): "
                                 + "flush는 그 전에 append한 모든 줄이 쓰일 때까지 돌아오면 안 됩니다")
                log.expect(written.values, [shortened(variant.first), "second", "third of the Journal"], journal.queueProbe, world)
            }
            guard run.passed else { return }
        }

        // 1c. The writer appends a line of its own (a log of what it wrote) while another line is
        //     already queued: that line is queued behind it, like any other, and the writer is never
        //     re-entered (blind round 46: an append made on the queue wrote its line inline).
        run.explore(CheckMessage("the writer appends a line of its own", ko: "writer가 자기 줄을 append")) { world in
            let written = LockedList<String>()
            let inWriter = Guarded(0), reentered = Flag()
            let bothAppended = ControlledSemaphore(value: 0)
            let holder = Guarded<E?>(nil)
            let journal = E(writer: { line in
                if inWriter.withLock({ $0 += 1; return $0 }) > 1 { reentered.set() }
                written.append(line)
                if line == "A" {
                    bothAppended.wait(line: 0)
                    holder.withLock { $0 }?.append("A-log")
                }
                inWriter.withLock { $0 -= 1 }
            })
            holder.withLock { $0 = journal }
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                journal.append("A")
                journal.append("B")
                bothAppended.signal(line: 0)
            }
            world.join(caller)
            world.settle()
            journal.flush()
            holder.withLock { $0 = nil }
            let got = quotedList(written.values)
            world.expect(!reentered.isSet && written.values == ["A", "B", "A-log"],
                         CheckMessage("append(\"A\"), append(\"B\"), then the writer, writing \"A\", appended \"A-log\": the writer was "
                                      + "given \(got)\(reentered.isSet ? ", called again before it had returned" : ""). Lines are written one "
                                      + "at a time in the order they were appended — an append made on the queue too (it waits behind \"B\")",
                                      ko: "append(\"A\"), append(\"B\") 뒤 writer가 \"A\"를 쓰는 중에 \"A-log\"를 append했습니다: writer가 받은 줄은 "
                                      + "\(got)\(reentered.isSet ? "이고, 돌아오기 전에 다시 불렸습니다" : "입니다"). 줄은 append한 순서대로 한 번에 "
                                      + "하나씩 쓰입니다 — 큐에서 한 append도 마찬가지입니다 (\"B\" 뒤에서 기다립니다)"))
        }
        guard run.passed else { return }

        // Lifetimes: the caller lets go of the journal right after appending; the lines are still written.
        run.explore(CheckMessage("appends, then the journal is released", ko: "append 뒤 journal 해제")) { world in
            let written = LockedList<String>()
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                let journal = E(writer: { line in written.append(line) })
                journal.append("one")
                journal.append("two")
            }
            world.join(caller)
            world.settle()
            world.expect(written.values == ["one", "two"], CheckMessage("the journal was released right after append(\"one\"), append(\"two\"); "
                         + "the writer was given \(written.values): lines already appended must still be written",
                         ko: "append(\"one\"), append(\"two\") 직후 journal이 해제됐고, writer가 받은 줄은 \(written.values)입니다: "
                             + "이미 append한 줄은 그래도 쓰여야 합니다") + weakSelfNote(weakSelf, "journal"))
        }
        guard run.passed else { return }
        journalSlowAndShared(E.self, run)
        guard run.passed else { return }
        journalValues(E.self, run)
        guard run.passed else { return }
        journalBacklog(E.self, run)
        guard run.passed else { return }
        journalsApart(E.self, run)
    }

    /// Two journals, the older used after the newer was made: each line goes to its own
    /// journal's writer (a `static` "current writer" hands it to the newer one's).
    static func journalsApart<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        let linesA = LockedList<String>(), linesB = LockedList<String>()
        let journalA = E(writer: { linesA.append($0) })
        let journalB = E(writer: { linesB.append($0) })
        journalA.append("for A")
        journalA.flush()
        journalB.append("for B")
        journalB.flush()
        let (a, b) = (linesA.values, linesB.values)
        run.expect(a == ["for A"] && b == ["for B"],
                   "journal A made, then journal B (each with its own writer); A.append(\"for A\"), A.flush(), B.append(\"for B\"), "
                   + "B.flush(): A's writer was given \(a) and B's \(b) — each journal writes its lines with its own writer",
                   ko: "journal A를 만들고 이어서 journal B를 만든 뒤(writer는 각자 따로) A.append(\"for A\"), A.flush(), "
                       + "B.append(\"for B\"), B.flush()를 했더니 A의 writer가 받은 줄은 \(a), B의 writer가 받은 줄은 \(b)입니다 — 각 journal은 "
                       + "자기 줄을 자기 writer로 써야 합니다")
        guard run.passed else { return }

        // Explored: appends on both before either flush, one caller. Each flush waits for its own
        // journal's lines (blind round 41b kept one "pending writes" flag in a global `let` box:
        // A's flush cleared it, and B's returned before B's line was written).
        run.explore(CheckMessage("two journals: an append on each, then a flush of each", ko: "journal 둘: 각각 append, 이어서 각각 flush")) { world in
            let written = [LockedList<String>(), LockedList<String>()]
            let journals = [E(writer: { written[0].append($0) }), E(writer: { written[1].append($0) })]
            world.tell(CheckMessage("calls A.append(\"for A\"), B.append(\"for B\"), A.flush(), B.flush()",
                                    ko: "A.append(\"for A\"), B.append(\"for B\"), A.flush(), B.flush() 호출"))
            journals[0].append("for A")
            journals[1].append("for B")
            for (index, name) in ["A", "B"].enumerated() {
                journals[index].flush()
                let seen = written[index].values
                guard seen != ["for \(name)"] else { continue }
                world.fail("A.append(\"for A\"), B.append(\"for B\"), then A.flush(), B.flush() on one thread: when \(name).flush() returned, "
                           + "\(name)'s writer had \(seen) — each journal's flush waits for the lines appended to that journal, whatever "
                           + "another journal did",
                           ko: "한 스레드에서 A.append(\"for A\"), B.append(\"for B\"), 이어서 A.flush(), B.flush(): \(name).flush()가 돌아왔을 때 "
                               + "\(name)의 writer가 받은 줄은 \(seen)입니다 — journal마다 flush는 다른 journal이 무엇을 했든 그 journal에 append한 "
                               + "줄을 기다립니다")
                return
            }
        }
    }

    /// 07-one-queue: each store is one block on `ioQueue` — serialize, write, call back — so the
    /// last store wins, callbacks come in store order, and the caller never waits.
    public static func oneQueue<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        let weakSelf = capturesWeakSelf(run.source)
        // Two stores from one caller; then again with each value serialized to one byte past each
        // number your file writes (a "large values take another route" cut-off, whatever number).
        for variant in valueVariants(run.source, first: "V1", second: "V2", within: 3...4_194_304) {
            run.explore(CheckMessage("two stores from one caller", ko: "한 호출 스레드의 store 두 번") + variant.note) { world in
                let pipeline = E()
                let queue = pipeline.ioQueueProbe
                let serializedOff = Flag(), secondBlock = Flag(), splitOnQueue = Flag()
                let storer = Guarded<UInt>(0)
                /// The threads that ran a serializer on ioQueue: a done() block they enqueued is a
                /// second ioQueue block of the same store.
                let serializingWorkers = Guarded<Set<UInt>>([])
                /// Each done() as it happened: which store, on ioQueue or not, and how many file writes
                /// had been made by then (the contract at the moment of the callback, not at the end).
                let calls = LockedList<(value: String, onQueue: Bool, writes: Int)>()
                let gate = ControlledSemaphore(value: 0)
                let v1Serialized = Guarded(0)
                world.ifStuck("store() did not return before its serializer ran (V1's serializer waits until both stores have "
                              + "returned): hand serialize, write and callback to ioQueue as one block, and return at once",
                              ko: "store()가 serializer가 실행되기 전에 돌아오지 않았습니다 (V1의 serializer는 두 store가 모두 "
                                  + "돌아올 때까지 기다립니다): 직렬화, 쓰기, 콜백을 한 블록으로 ioQueue에 넘기고 바로 돌아오세요")
                @Sendable func done(_ value: String) {
                    let enqueuer = queue.enqueuerOfCurrentBlock
                    if queue.isCurrent, enqueuer != storer.withLock({ $0 }) {
                        if serializingWorkers.withLock({ $0.contains(enqueuer) }) { splitOnQueue.set() } else { secondBlock.set() }
                    }
                    calls.append((value, queue.isCurrent, queue.confinedWrites))
                }
                let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                    storer.withLock { $0 = ThreadIdentity.current }
                    pipeline.store(variant.first, serializer: { value in
                        if queue.isCurrent { serializingWorkers.withLock { _ = $0.insert(ThreadIdentity.current) } } else { serializedOff.set() }
                        // A second call would wait for a gate opened once, and read as a store that did
                        // not return (blind round 42 serialized twice: once to test for empty bytes).
                        guard v1Serialized.withLock({ $0 += 1; return $0 }) == 1 else {
                            world.fail("store(V1) called its serializer twice: serialize each store once, and write those bytes",
                                       ko: "store(V1)가 serializer를 두 번 불렀습니다: store마다 한 번 직렬화하고 그 바이트를 쓰세요")
                            return value
                        }
                        gate.wait(line: 0)
                        world.step(CheckMessage("serializes V1", ko: "V1 직렬화"))
                        return value
                    }, done: { done("V1") })
                    pipeline.store(variant.second, serializer: { value in
                        if queue.isCurrent { serializingWorkers.withLock { _ = $0.insert(ThreadIdentity.current) } } else { serializedOff.set() }
                        world.step(CheckMessage("serializes V2", ko: "V2 직렬화"))
                        return value
                    }, done: { done("V2") })
                    gate.signal(line: 0)
                }
                world.join(caller)
                world.settle()
                let state = pipeline.state
                let seen = calls.values
                world.expect(!serializedOff.isSet, "the serializer ran off ioQueue: serialize, write and call back in one ioQueue block",
                             ko: "serializer가 ioQueue 밖에서 실행됐습니다: 직렬화, 쓰기, 콜백을 ioQueue의 한 블록 안에서 하세요")
                world.expect(seen.allSatisfy(\.onQueue), "done() ran off ioQueue: call it from the same block that wrote the file",
                             ko: "done()이 ioQueue 밖에서 실행됐습니다: 파일을 쓴 바로 그 블록에서 부르세요")
                // Queued from a block already on ioQueue: the one that serialized, or one that only queued
                // again (blind round 41's `ioQueue.async { ioQueue.async { … } }`) — the message says no more.
                world.expect(!splitOnQueue.isSet, "done() ran in a second ioQueue block, queued from a block already running on ioQueue "
                             + "rather than by store itself: on a serial queue the stores still keep their order, but the exercise asks "
                             + "for one unit per store: serialize, write and call back in the one block store hands to ioQueue",
                             ko: "done()이 store가 직접 넣은 블록이 아니라, 이미 ioQueue에서 실행 중인 블록이 다시 넣은 두 번째 ioQueue "
                                 + "블록에서 실행됐습니다: 직렬 큐라서 store 순서는 지켜지지만, 이 연습은 store마다 한 단위를 요구합니다: "
                                 + "직렬화, 쓰기, 콜백을 store가 ioQueue에 넘기는 한 블록 안에서 하세요")
                world.expect(!secondBlock.isSet, "done() ran in an ioQueue block that store did not hand to ioQueue itself (it came "
                             + "through another thread or queue): serialize, write and call back in the one block each store hands to ioQueue",
                             ko: "store가 직접 ioQueue에 넘기지 않은 블록에서 done()이 실행됐습니다 (다른 스레드나 큐를 거쳐 들어왔습니다): "
                                 + "직렬화, 쓰기, 콜백을 store마다 ioQueue에 넘기는 한 블록 안에서 하세요")
                for value in ["V1", "V2"] {
                    let count = seen.filter { $0.value == value }.count
                    world.expect(count == 1, "done() for \(value) ran \(count) times: it must run exactly once per store",
                                 ko: "\(value)의 done()이 \(count)번 실행됐습니다: store마다 정확히 한 번 실행돼야 합니다")
                }
                for (index, value) in ["V1", "V2"].enumerated() {
                    if let call = seen.first(where: { $0.value == value }), call.writes < index + 1 {
                        if index > 0, call.writes == index {
                            // V2 called back after one write: its own (it went ahead of V1) or V1's (it called back early).
                            world.fail("done() for \(value) ran when only \(call.writes) file write had happened, though V1 was stored first: "
                                       + "either \(value)'s write went ahead of V1's, or \(value) called back before its own write — each "
                                       + "store writes in the order of the stores, then calls back",
                                       ko: "V1을 먼저 저장했는데 파일 쓰기가 \(call.writes)번만 일어났을 때 \(value)의 done()이 실행됐습니다: "
                                           + "\(value)의 쓰기가 V1의 쓰기를 앞질렀거나, \(value)가 자기 쓰기 전에 콜백을 불렀습니다 — 각 store는 "
                                           + "store한 순서대로 쓰고, 쓴 다음에 콜백을 불러야 합니다")
                        } else {
                            world.fail("done() for \(value) ran when only \(call.writes) file write(s) had happened: "
                                       + "call back after the write it reports, not before",
                                       ko: "파일 쓰기가 \(call.writes)번만 일어났을 때 \(value)의 done()이 실행됐습니다: "
                                           + "콜백은 그것이 알리는 쓰기가 끝난 뒤에 부르세요")
                        }
                    }
                }
                let empty = state.file.isEmpty
                // Say what the file shows: V1's bytes (its write came last), or bytes no single store wrote.
                let overtaken = state.file == variant.first
                world.expect(state.file == variant.second, "the file holds \(empty ? "nothing" : shortened(state.file)), but V2 was stored last: "
                             + (overtaken ? "V1's write came after V2's"
                                          : "each store replaces the file with its own serialized bytes, so the last store's bytes are what remains"),
                             ko: "V2를 마지막에 저장했는데 파일에 남은 것은 \(empty ? "없음" : shortened(state.file))입니다: "
                                 + (overtaken ? "V1의 쓰기가 V2의 쓰기보다 나중에 일어났습니다"
                                              : "store마다 자기가 직렬화한 바이트로 파일을 통째로 바꾸므로, 마지막 store의 바이트가 남아야 합니다"))
                world.expect(state.callbacks == [variant.first, variant.second], "callbacks ran in the order \(state.callbacks.map(shortened)), not in the order of the stores",
                             ko: "콜백이 store 순서가 아니라 \(state.callbacks.map(shortened)) 순서로 실행됐습니다")
                world.expect(queue.violations.isEmpty, CheckMessage.joined(queue.violations, separator: "; "))
            }
            guard run.passed else { return }
        }

        // Lifetimes: the caller lets go of the pipeline right after storing; each done() still runs once.
        // The file writes are counted too: a done() with its write skipped (blind round 42's
        // `self?.file = bytes` under [weak self], then done() anyway) reports a store never written.
        run.explore(CheckMessage("two stores, then the pipeline is released", ko: "store 두 번 뒤 pipeline 해제")) { world in
            let done = LockedList<String>()
            /// The file writes made by the time each done() ran.
            let writesAtDone = LockedList<Int>()
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                let pipeline = E()
                let queue = pipeline.ioQueueProbe   // keeps the queue, not the pipeline, which goes when this closure ends
                pipeline.store("V1", serializer: { $0 }, done: { done.append("V1"); writesAtDone.append(queue.confinedWrites) })
                pipeline.store("V2", serializer: { $0 }, done: { done.append("V2"); writesAtDone.append(queue.confinedWrites) })
            }
            world.join(caller)
            world.settle()
            world.expect(done.values == ["V1", "V2"], CheckMessage("the pipeline was released right after storing V1 and V2; done() ran for "
                         + "\(done.values): every store must still be written and called back, once",
                         ko: "V1과 V2를 저장한 직후 pipeline이 해제됐고, done()은 \(done.values)에 대해 실행됐습니다: 그래도 모든 store는 "
                             + "쓰이고 콜백도 한 번씩 불려야 합니다") + weakSelfNote(weakSelf, "pipeline"))
            for (index, writes) in writesAtDone.values.enumerated() where writes < index + 1 {
                let value = done.values[index]
                world.fail(CheckMessage("the pipeline was released right after storing V1 and V2; done() for \(value) ran when \(writes) "
                                        + "file write(s) had been made: a store once made is written, then called back, even if the "
                                        + "caller lets go of the pipeline",
                                        ko: "V1과 V2를 저장한 직후 pipeline이 해제됐고, \(value)의 done()은 파일 쓰기가 \(writes)번 일어났을 때 "
                                            + "실행됐습니다: 한 번 한 store는 호출자가 pipeline을 놓아도 쓰이고 나서 콜백돼야 합니다")
                           + weakSelfNote(weakSelf, "pipeline"))
                break
            }
        }
        guard run.passed else { return }

        // The unit as a caller sees it: woken by done(), it reads state and finds the store's bytes
        // and its callback both there (blind round 44 recorded the callback in a second ioQueue
        // block queued after done(): a caller could read the file without it).
        run.explore(CheckMessage("a caller waits for done(), then reads state", ko: "호출 스레드가 done()을 기다린 뒤 state를 읽음")) { world in
            let pipeline = E()
            let called = ControlledSemaphore(value: 0)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                pipeline.store("V1", serializer: { $0 }, done: { called.signal(line: 0) })
                called.wait(line: 0)
                let state = pipeline.state
                world.expect(state.file == "V1" && state.callbacks == ["V1"],
                             CheckMessage("store(\"V1\") called done(), and the caller it woke then read file \(quoted(state.file)) and callbacks "
                                          + "\(state.callbacks): once done() has run, the store is whole — written and recorded — in the same "
                                          + "ioQueue block that calls done()",
                                          ko: "store(\"V1\")가 done()을 불렀고, 그래서 깨어난 호출 스레드가 읽은 file은 \(quoted(state.file)), "
                                          + "callbacks는 \(state.callbacks)입니다: done()이 실행됐으면 그 store는 done()을 부르는 바로 그 "
                                          + "ioQueue 블록 안에서 이미 쓰이고 기록까지 끝나 있어야 합니다"))
            }
            world.join(caller)
            world.settle()
        }
        guard run.passed else { return }
        // A store made from a done() callback, on ioQueue, after another store was queued: it is
        // queued behind that one, like any other (blind round 46: a store made on ioQueue ran inline,
        // and the older value ended up in the file).
        run.explore(CheckMessage("a store made from a done() callback", ko: "done() 콜백에서 한 store")) { world in
            let pipeline = E()
            let bothStored = ControlledSemaphore(value: 0)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                pipeline.store("V1", serializer: { $0 }, done: {
                    bothStored.wait(line: 0)
                    pipeline.store("V3", serializer: { $0 }, done: {})
                })
                pipeline.store("V2", serializer: { $0 }, done: {})
                bothStored.signal(line: 0)
            }
            world.join(caller)
            world.settle()
            let state = pipeline.state
            world.expect(state.file == "V3" && state.callbacks == ["V1", "V2", "V3"],
                         CheckMessage("store(\"V1\")'s done() called store(\"V3\") after store(\"V2\") had returned; the file ends as "
                                      + "\(quoted(state.file)) with callbacks \(state.callbacks): a store made from a block on ioQueue is queued "
                                      + "like any other, behind the stores already waiting, so \"V3\" is written last",
                                      ko: "store(\"V1\")의 done()이 store(\"V2\")가 돌아온 뒤 store(\"V3\")를 불렀습니다. file은 "
                                      + "\(quoted(state.file)), callbacks는 \(state.callbacks)로 끝났습니다: ioQueue의 블록에서 한 store도 다른 "
                                      + "store처럼 이미 기다리는 store들 뒤에 큐에 들어가므로 \"V3\"가 마지막에 쓰여야 합니다"))
        }
        guard run.passed else { return }
        storeFromMain(E.self, run)
        guard run.passed else { return }
        twoCallers(E.self, run)
        guard run.passed else { return }
        storeValues(E.self, run)
        guard run.passed else { return }
        storeSerializers(E.self, run)
        guard run.passed else { return }
        storeBacklog(E.self, run)
        guard run.passed else { return }
        pipelinesApart(E.self, run)
    }

    /// The main thread stores, then reads `state` (an `ioQueue.sync`, as a view showing the file
    /// would): the store's block must not wait for the main thread, which waits for ioQueue
    /// (blind round 40 called done() through `DispatchQueue.main.sync` from the block).
    static func storeFromMain<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        run.explore(CheckMessage("a store from the main thread, which then reads state", ko: "메인 스레드에서 store한 뒤 state 읽기")) { world in
            let pipeline = E()
            let done = LockedList<String>()
            let main = world.spawn(CheckMessage("the main thread", ko: "메인 스레드"), asMainThread: true) {
                world.tell(calling("store(\"V1\")"))
                pipeline.store("V1", serializer: { $0 }, done: { done.append("V1") })
                world.ifStuck("the main thread stored V1, then read pipeline.state, which waits for ioQueue (ioQueue.sync), and it never "
                              + "returned (where each thread stopped is below): a block on ioQueue that waits for the main thread "
                              + "(DispatchQueue.main.sync, or anything only the main thread can do) while the main thread waits for ioQueue "
                              + "means each waits for the other — call done() in the ioQueue block itself",
                              ko: "메인 스레드가 V1을 store한 뒤 ioQueue를 기다리는 pipeline.state(ioQueue.sync)를 읽었는데 돌아오지 "
                                  + "않았습니다(각 스레드가 멈춘 곳은 아래에 있습니다): 메인 스레드가 ioQueue를 기다리는 동안 ioQueue의 블록이 "
                                  + "메인 스레드를 기다리면(DispatchQueue.main.sync처럼 메인 스레드만 할 수 있는 일) 둘이 서로를 기다리게 "
                                  + "됩니다 — done()은 ioQueue 블록 안에서 바로 부르세요")
                let state = pipeline.state
                world.expect(state.callbacks.count <= 1, "pipeline.state read on the main thread listed \(state.callbacks) after one store",
                             ko: "store 한 번 뒤 메인 스레드에서 읽은 pipeline.state에 \(state.callbacks)가 있습니다")
            }
            world.join(main)
            world.settle()
            let state = pipeline.state
            world.expect(done.values == ["V1"] && state.file == "V1" && state.callbacks == ["V1"],
                         "the main thread stored V1 and read pipeline.state: done() ran for \(done.values), the file holds "
                         + "\(quoted(state.file)) and callbacks \(state.callbacks) — V1 is written and called back once",
                         ko: "메인 스레드가 V1을 store하고 pipeline.state를 읽었더니 done()은 \(done.values)에 대해 실행됐고, 파일은 "
                             + "\(quoted(state.file)), callbacks는 \(state.callbacks)입니다 — V1은 한 번 쓰이고 한 번 콜백돼야 합니다")
        }
    }

    /// Two pipelines, stores on both before either block runs: each holds its own file and
    /// callbacks (a `static` "last pipeline" records one store on the other).
    static func pipelinesApart<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        // Explored: whichever pipeline's block runs first, in every schedule.
        run.explore(CheckMessage("two pipelines, one store each", ko: "pipeline 둘에 store 한 번씩")) { world in
            let pipelineA = E(), pipelineB = E()
            let doneA = LockedList<String>(), doneB = LockedList<String>()
            world.tell(CheckMessage("stores \"A1\" on pipeline A, then \"B1\" on pipeline B", ko: "pipeline A에 \"A1\", 이어서 pipeline B에 \"B1\" 저장"))
            pipelineA.store("A1", serializer: { $0 }, done: { doneA.append("A1") })
            pipelineB.store("B1", serializer: { $0 }, done: { doneB.append("B1") })
            world.settle()
            let (a, b) = (pipelineA.state, pipelineB.state)
            world.expect(a.file == "A1" && a.callbacks == ["A1"] && b.file == "B1" && b.callbacks == ["B1"]
                             && doneA.values == ["A1"] && doneB.values == ["B1"],
                         "pipeline A stored \"A1\", then pipeline B stored \"B1\": A holds file \(quoted(a.file)) and callbacks \(a.callbacks), "
                         + "B holds file \(quoted(b.file)) and callbacks \(b.callbacks) — each pipeline writes and records its own stores only",
                         ko: "pipeline A가 \"A1\"을, 이어서 pipeline B가 \"B1\"을 저장했더니 A는 파일 \(quoted(a.file)), 콜백 \(a.callbacks)이고 "
                             + "B는 파일 \(quoted(b.file)), 콜백 \(b.callbacks)입니다 — 각 pipeline은 자기 store만 쓰고 기록해야 합니다")
        }
    }


    /// Two callers store at the same time: whichever store reaches ioQueue first, the callbacks
    /// must list the stores in the order their done() ran, and the file must hold the last one's bytes.
    static func twoCallers<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        run.explore(CheckMessage("two callers store at the same time", ko: "두 호출 스레드가 동시에 store")) { world in
            let pipeline = E()
            let done = LockedList<String>()
            let callers = ["A", "B"].map { value in
                world.spawn(CheckMessage("caller \(value)", ko: "호출 스레드 \(value)")) {
                    pipeline.store(value, serializer: upper, done: { done.append(value) })
                }
            }
            for caller in callers { world.join(caller) }
            world.settle()
            let state = pipeline.state
            let order = done.values
            // A store never recorded at all is told as such: the order is not the problem then.
            let unrecorded = order.filter { value in order.filter { $0 == value }.count > state.callbacks.filter { $0 == value }.count }
            if let missing = unrecorded.first {
                world.fail("done() ran for the store of \(missing), but callbacks never recorded it (callbacks: \(state.callbacks), done() "
                           + "order: \(order)): every store is recorded once, in the ioQueue block that writes it — even one whose value "
                           + "equals an earlier store's, of this pipeline or another",
                           ko: "\(missing)의 store에 대해 done()은 실행됐지만 callbacks에는 기록되지 않았습니다 (callbacks: \(state.callbacks), "
                               + "done() 순서: \(order)): store는 모두, 그것을 쓰는 ioQueue 블록에서 한 번씩 기록해야 합니다 — 값이 이 "
                               + "pipeline이나 다른 pipeline의 앞선 store와 같아도 마찬가지입니다")
                return
            }
            world.expect(state.callbacks == order, "callbacks recorded the stores as \(state.callbacks), but their done() ran in the "
                         + "order \(order): record each store in the same ioQueue block that writes the file and calls done() "
                         + "(callbacks may be touched only on ioQueue)",
                         ko: "callbacks에 기록된 store 순서는 \(state.callbacks)인데 done()은 \(order) 순서로 실행됐습니다: store마다 "
                             + "파일을 쓰고 done()을 부르는 바로 그 ioQueue 블록에서 기록하세요 (callbacks는 ioQueue에서만 건드려야 합니다)")
            if let last = order.last {
                world.expect(state.file == upper(last), "the file holds \"\(state.file)\", but the last done() was \(last)'s: the file "
                             + "must hold the bytes of the store called back last",
                             ko: "파일에 남은 것은 \"\(state.file)\"인데 마지막 done()은 \(last)의 것이었습니다: 파일에는 마지막으로 "
                                 + "콜백된 store의 바이트가 남아야 합니다")
            }
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
        world.expect(!offQueue.isSet, "the writer ran off the journal's queue: hand each line to `queue`",
                     ko: "writer가 journal의 큐 밖에서 실행됐습니다: 줄마다 `queue`에 넘기세요")
        world.expect(!handedOver.isSet, "a line reached the journal's queue from a thread that never called append (through "
                     + "DispatchQueue.global()?): hand each line to `queue` from append itself, so the queue keeps the callers' order",
                     ko: "append를 부른 적 없는 스레드에서 줄이 journal의 큐에 들어왔습니다 (DispatchQueue.global()을 거쳤나요?): "
                         + "append 안에서 직접 줄을 `queue`에 넘기세요. 그래야 큐가 호출한 순서를 지킵니다")
        world.expect(!overlapped.isSet, "two writes ran at the same time: the writes must be serial",
                     ko: "두 쓰기가 동시에 실행됐습니다: 쓰기는 하나씩 차례로 일어나야 합니다")
        if let changed = written.first(where: { !appended.contains($0) }) {
            world.fail("the writer was given \"\(changed)\", a line nobody appended: hand each line to the writer exactly as given",
                       ko: "아무도 append하지 않은 줄 \"\(changed)\"가 writer에 넘어갔습니다: 줄마다 받은 그대로 writer에 넘기세요")
        } else if written.count > appended.count {
            world.fail("\(written.count) lines were written for \(appended.count) appends: each line must be written once",
                       ko: "append는 \(appended.count)번인데 \(written.count)줄이 쓰였습니다: 줄마다 한 번만 써야 합니다")
        } else if written != appended {
            world.fail("the lines were written as \(written), appended as \(appended): each append must reach the serial queue "
                       + "in the caller's order, and every line must be written",
                       ko: "append한 순서는 \(appended)인데 쓰인 줄은 \(written)입니다: 모든 append는 호출한 순서대로 직렬 큐에 "
                           + "들어가야 하고, 모든 줄이 쓰여야 합니다")
        }
        world.expect(queue.violations.isEmpty, CheckMessage.joined(queue.violations, separator: "; "))
    }
}

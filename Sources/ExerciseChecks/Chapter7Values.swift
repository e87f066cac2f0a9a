// Chapter 7's checks with generated values: the lines and stores a learner's shortcut treats as
// "nothing to do" (empty, the same as the one before, equal to what the file already holds) are
// still work the caller asked for. Every sequence of three values drawn from an empty one and two
// others is run, one fresh journal or pipeline each, in one explored scenario.

import ExerciseKit
import WorkbookSupport

extension Chapter7Checks {
    /// Every sequence of `length` values drawn from `alphabet`: empty ones, repeats, and a value
    /// equal to an empty file or to the line before all occur.
    static func sequences(of alphabet: [String], length: Int) -> [[String]] {
        (0..<length).reduce([[]]) { partial, _ in partial.flatMap { prefix in alphabet.map { prefix + [$0] } } }
    }

    /// A serializer that changes the value (so the file must hold the bytes, not the value) and
    /// keeps an empty value empty.
    static let upper: @Sendable (String) -> String = { $0.uppercased() }

    /// Runs `scenario` under one schedule (the running thread goes on while it can): one caller
    /// and one journal or pipeline at a time, so the values are under test here, not the timing;
    /// exploring would only multiply the order in which idle queues are looked at.
    /// `steps`: the step budget (a scenario of many calls needs more than the default).
    static func runOnce(_ run: CheckRun, _ title: CheckMessage, steps: Int? = nil, _ scenario: @escaping @Sendable (ScheduleWorld) -> Void) {
        let ended = Flag()
        var options = ScheduleOptions()
        if let steps { options.stepBudget = max(options.stepBudget, steps) }
        let failures = ScheduleExplorer.replay([], options: options) { world in
            scenario(world)
            ended.set()
        }
        if let failure = failures.first {
            run.fail(failure)
        } else if !ended.isSet {
            run.fail(CheckMessage("\(title.english): the run did not end: ", ko: "\(title.ko): 실행이 끝나지 않았습니다: ")
                     + ScheduleExplorer.uncontrolledWait)
        } else {
            run.note(CheckMessage("\(title.english): run under one schedule (one caller, one at a time), it held",
                                  ko: "\(title.ko): 스케줄 하나로 실행 (호출 스레드 하나, 한 번에 하나씩), 통과"))
        }
    }

    /// 07-async-journal: every appended line is written, empty or repeated, in order.
    static func journalValues<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        // "e\u{301}" is in NFD: a line is written as its bytes were given, not normalised; and
        // " x\n" keeps its space and its newline, not trimmed (blind round 40).
        let all = sequences(of: ["", "x", "e\u{301}", " x\n"], length: 3)
        runOnce(run, CheckMessage("\(all.count) journals, each given three lines (empty ones, repeats, one in NFD, one with a space and a newline), then flush",
                                 ko: "journal \(all.count)개에 각각 세 줄 (빈 줄, 반복된 줄, NFD로 쓴 줄, 공백과 줄바꿈이 있는 줄) append 뒤 flush")) { world in
            for lines in all {
                let written = LockedList<String>()
                let journal = E(writer: { written.append($0) })
                for line in lines { journal.append(line) }
                journal.flush()
                let seen = written.values
                guard seen.count != lines.count || !zip(seen, lines).allSatisfy(sameBytes) else { continue }
                let (given, got) = (quotedList(lines), quotedList(seen))
                world.fail("appended \(given) to a new journal, then flush(); the writer was given \(got): every appended "
                           + "line must be written once, in order, as its bytes were given (spaces and newlines too), also an empty line or one "
                           + "equal to the line before it",
                           ko: "새 journal에 \(given) 줄을 append한 뒤 flush()했는데 writer가 받은 줄은 \(got)입니다: append한 줄은 "
                               + "빈 줄이든 바로 앞 줄과 같은 줄이든 모두 받은 바이트 그대로(공백과 줄바꿈까지), 순서대로 한 번씩 쓰여야 합니다")
                return
            }
        }
    }

    /// 07-async-journal: forty lines appended before one flush (more than any "too many pending"
    /// cut-off a learner would pick): each written on the journal's queue, once, in order.
    static func journalBacklog<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        // 40 lines, and one more than each number the checked file writes (a "too many pending:
        // write on the caller's thread" or "every Nth append flushes" cut-off). The first line's
        // write waits until every append has returned: an append that waits for the disk is stuck.
        for count in [40] + SourceFacts.sizesPastCutOffs(in: run.source, within: 40...20_000, limit: 2) {
        let lines = (1...count).map { "line \($0)" }
        runOnce(run, CheckMessage("a journal given \(lines.count) lines before one flush", ko: "flush 한 번 전에 \(lines.count)줄을 받은 journal"),
                steps: count * 20) { world in
            let written = LockedList<String>(), offQueue = LockedList<String>()
            let probe = Guarded<WatchedQueue?>(nil)
            let gate = ControlledSemaphore(value: 0)
            world.ifStuck("append() waited for the writer while \(lines.count) lines were appended (the first line's write waits until "
                          + "every append has returned): an append hands its line to `queue` and returns at once, however many are waiting",
                          ko: "\(lines.count)줄을 append하는 동안 append()가 writer를 기다렸습니다 (첫 줄의 쓰기는 모든 append가 돌아온 "
                              + "뒤에야 진행됩니다): 기다리는 줄이 몇 개든 append는 줄을 `queue`에 넘기고 바로 돌아와야 합니다")
            let journal = E(writer: { line in
                if probe.withLock({ $0 })?.isCurrent == false { offQueue.append(line) }
                if line == "line 1" { gate.wait(line: 0) }
                written.append(line)
            })
            probe.withLock { $0 = journal.queueProbe }
            for line in lines { journal.append(line) }
            gate.signal(line: 0)
            journal.flush()
            if let first = offQueue.values.first {
                world.fail("\(lines.count) lines appended to a new journal before one flush(): \"\(first)\" was written off `queue` "
                           + "(\(offQueue.values.count) lines in all): every line is written on the journal's queue, however many are waiting",
                           ko: "새 journal에 flush() 전까지 \(lines.count)줄을 append했는데, \"\(first)\"이 `queue` 밖에서 쓰였습니다 "
                           + "(모두 \(offQueue.values.count)줄): 기다리는 줄이 몇 개든, 모든 줄은 journal의 큐에서 씁니다")
            } else if written.values != lines {
                let seen = written.values
                world.fail("\(lines.count) lines appended to a new journal before one flush(); the writer was given \(seen.count) lines, "
                           + "\(seen.prefix(3))…: every line is written once, in order",
                           ko: "새 journal에 flush() 전까지 \(lines.count)줄을 append했는데, writer가 받은 것은 \(seen.count)줄, "
                           + "\(seen.prefix(3))…입니다: 모든 줄은 순서대로 한 번씩 쓰여야 합니다")
            }
        }
        guard run.passed else { return }
        }
    }

    /// 07-one-queue: twelve stores queued at once (more than any "too many pending" cut-off):
    /// each serialized on ioQueue, the last one's bytes in the file, callbacks in store order.
    static func storeBacklog<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        // 12 stores, or one more than the largest number up to 5,000 the checked file writes (a
        // "after the 100th store, serialize elsewhere" cut-off).
        let count = ([12] + SourceFacts.sizesPastCutOffs(in: run.source, within: 12...5_000, limit: 1)).max() ?? 12
        let values = (1...count).map { "v\($0)" }
        runOnce(run, CheckMessage("a pipeline given \(values.count) stores at once", ko: "store \(values.count)번을 한꺼번에 받은 pipeline"),
                steps: count * 30) { world in
            let pipeline = E()
            let offQueue = LockedList<String>()
            for value in values {
                pipeline.store(value, serializer: { [probe = pipeline.ioQueueProbe] value in
                    if !probe.isCurrent { offQueue.append(value) }
                    return value.uppercased()
                }, done: {})
            }
            world.settle()
            let state = pipeline.state
            if let first = offQueue.values.first {
                world.fail("\(values.count) stores queued at once in a new pipeline: store(\"\(first)\")'s serializer ran off ioQueue "
                           + "(\(offQueue.values.count) of them in all): serialize, write and call back in one ioQueue block, however many are waiting",
                           ko: "새 pipeline에 store \(values.count)번을 한꺼번에 넣었는데, store(\"\(first)\")의 serializer가 ioQueue 밖에서 "
                           + "실행됐습니다(모두 \(offQueue.values.count)번): 기다리는 store가 몇 개든, 직렬화·쓰기·콜백은 ioQueue의 한 블록에서 합니다")
            } else if state.file != "V12" || state.callbacks != values {
                world.fail("\(values.count) stores queued at once in a new pipeline: the file holds \"\(state.file)\" (the last store's bytes "
                           + "are \"V12\") and callbacks recorded \(state.callbacks.count) stores: every store is written and recorded once, in store order",
                           ko: "새 pipeline에 store \(values.count)번을 한꺼번에 넣었는데, 파일에 남은 것은 \"\(state.file)\"(마지막 store의 바이트는 "
                           + "\"V12\")이고 callbacks에는 \(state.callbacks.count)번이 기록됐습니다: 모든 store는 store 순서대로 한 번씩 쓰이고 기록돼야 합니다")
            }
        }
    }

    /// 07-one-queue: every store is written and called back once, whatever its bytes.
    static func storeValues<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        // "e\u{301}" is in NFD: the file holds the serializer's bytes, not a normalised copy; and
        // " a\n" keeps its space and its newline, not trimmed (blind round 40).
        let all = sequences(of: ["", "a", "e\u{301}", " a\n"], length: 3)
        runOnce(run, CheckMessage("\(all.count) pipelines, each given three stores (empty bytes, repeats, one in NFD, one with a space and a newline)",
                                 ko: "pipeline \(all.count)개에 각각 store 세 번 (빈 바이트, 반복된 값, NFD로 쓴 값, 공백과 줄바꿈이 있는 값)")) { world in
            for values in all {
                let pipeline = E()
                let done = LockedList<Int>()
                for (index, value) in values.enumerated() {
                    pipeline.store(value, serializer: upper, done: { done.append(index) })
                }
                world.settle()
                if let failure = storeFailure(values, done: done.values, state: pipeline.state) {
                    world.fail(failure)
                    return
                }
                // The header: "a store once made is written" — a repeat too (blind round 41 skipped bytes equal to the file's).
                let writes = pipeline.ioQueueProbe.confinedWrites
                if writes != values.count {
                    world.fail("stored \(quotedList(values)) in a new pipeline: the file was written \(writes) times for \(values.count) stores — "
                               + "each store once made writes the file once, also when its bytes equal what the file holds",
                               ko: "새 pipeline에 \(quotedList(values))를 저장했더니 store \(values.count)번에 파일 쓰기가 \(writes)번이었습니다 — "
                                   + "한 번 한 store는 파일을 한 번 씁니다. 그 바이트가 파일에 있는 것과 같아도 그렇습니다")
                    return
                }
            }
        }
    }

    /// Two serializers, as an image stored as PNG and then as JPEG: each store's bytes are what
    /// its own serializer makes of its value.
    static let serializers: [(name: String, make: @Sendable (String) -> String)] = [
        ("upper", { $0.uppercased() }),
        ("bracket", { "[" + $0 + "]" }),
    ]

    /// 07-one-queue: every pair of stores, each value with either serializer, into a new pipeline:
    /// the file holds the second store's bytes, made by the second store's serializer.
    static func storeSerializers<E: OneQueueExercise>(_: E.Type, _ run: CheckRun) {
        let stores = ["", "a"].flatMap { value in serializers.indices.map { (value, $0) } }
        let pairs = stores.flatMap { first in stores.map { [first, $0] } }
        runOnce(run, CheckMessage("\(pairs.count) pipelines, each given two stores, each with one of two serializers",
                                 ko: "pipeline \(pairs.count)개에 각각 store 두 번, 직렬화 함수는 둘 중 하나씩")) { world in
            for pair in pairs {
                let pipeline = E()
                for (value, kind) in pair { pipeline.store(value, serializer: serializers[kind].make, done: {}) }
                world.settle()
                let file = pipeline.state.file
                let (value, kind) = pair[1]
                let expected = serializers[kind].make(value)
                guard file != expected else { continue }
                let calls = pair.map { "store(\"\($0.0)\", serializer: \(serializers[$0.1].name)) → \"\(serializers[$0.1].make($0.0))\"" }
                let inTurn = calls.joined(separator: ", then "), inTurnKorean = calls.joined(separator: ", 이어서 ")
                let told = CheckMessage(inTurn, ko: inTurnKorean)
                let same = pair[0].0 == value
                world.fail("\(told.english) in a new pipeline; the file holds \"\(file)\", not \"\(expected)\": each store writes the bytes its "
                           + "own serializer makes of its value\(same ? ", also when the store before it had the same value" : "")",
                           ko: "새 pipeline에 \(told.ko). 파일에 남은 것은 \"\(expected)\"가 아니라 \"\(file)\"입니다: store마다 자기 "
                           + "serializer가 그 값으로 만든 바이트를 씁니다\(same ? ". 바로 앞 store의 값이 같았더라도 그렇습니다" : "")")
                return
            }
        }
    }

    /// What went wrong with `values` stored in order into a new pipeline (nil: nothing).
    static func storeFailure(_ values: [String], done: [Int], state: (file: String, callbacks: [String])) -> CheckMessage? {
        let bytes = values.map(upper)
        let (shownValues, shownBytes) = (quotedList(values), quotedList(bytes))
        let said = CheckMessage("stored \(shownValues) in a new pipeline (serialized as \(shownBytes))",
                                ko: "새 pipeline에 \(shownValues) 값을 store했습니다 (직렬화 결과 \(shownBytes))")
        for index in values.indices {
            let count = done.filter { $0 == index }.count
            guard count != 1 else { continue }
            // A new pipeline's file is empty; after a store it holds that store's bytes.
            let before = index == 0 ? "" : bytes[index - 1]
            let (empty, same) = (bytes[index].isEmpty, sameBytes(bytes[index], before))
            let why = empty && same ? CheckMessage("its bytes are empty, and so was the file before it",
                                                   ko: "그 바이트는 비어 있고, 그 직전의 파일도 비어 있었습니다")
                : empty ? CheckMessage("its bytes are empty", ko: "그 바이트는 비어 있습니다")
                : same ? CheckMessage("its bytes equal what the file held before it", ko: "그 바이트는 직전에 파일에 있던 것과 같습니다")
                : CheckMessage("", ko: "")
            let note = why.english.isEmpty ? CheckMessage("", ko: "") : CheckMessage(" (\(why.english))", ko: " (\(why.ko))")
            let shown = quoted(values[index])
            return said + CheckMessage(": done() of store \(index + 1) (\(shown)) ran \(count) times\(note.english); every store "
                                       + "must be written and called back exactly once, whatever its bytes",
                                       ko: ": store \(index + 1)번 (\(shown))의 done()이 \(count)번 실행됐습니다\(note.ko). "
                                           + "모든 store는 바이트가 무엇이든 정확히 한 번 쓰이고 콜백돼야 합니다")
        }
        if !sameBytes(state.file, bytes[bytes.count - 1]) {
            let (last, file) = (quoted(bytes[bytes.count - 1]), quoted(state.file))
            return said + CheckMessage(": the file holds \(file), but the last store's bytes are \(last); every store "
                                       + "writes its bytes as they are, also empty ones or ones equal to what the file holds",
                                       ko: ": 파일에 남은 것은 \(file)인데 마지막 store의 바이트는 \(last)입니다. "
                                           + "모든 store는 자기 바이트를 써야 합니다. 비어 있어도, 파일에 있는 것과 같아도 그렇습니다")
        }
        if state.callbacks.count != values.count || !zip(state.callbacks, values).allSatisfy(sameBytes) {
            let recorded = quotedList(state.callbacks)
            return said + CheckMessage(": callbacks recorded \(recorded); every store is recorded once, in store order",
                                       ko: ": callbacks에 기록된 것은 \(recorded)입니다. 모든 store는 store 순서대로 한 번씩 기록돼야 합니다")
        }
        return nil
    }
}

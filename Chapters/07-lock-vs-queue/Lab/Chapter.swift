// Chapter 7 — Lock vs serial queue.
// MemoryStorage guards a few hash-table operations with NSLock; DiskStorage and ImageCache put
// file work on serial queues. The chapter times the primitives on a tiny critical section, measures
// how long a caller is held when the critical section does disk I/O, and forces the interleaving
// that appears when only one step of serialize → write → callback is guarded.

import Dispatch
import Foundation
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "7")!

    public static func run(_ lab: Lab) throws {
        tinySection(lab)
        try blockedCallers(lab)
        pipeline(lab)
        lab.read([
            "Sources/KFDCache/MemoryStorage.swift — `lock`: NSLock around NSCache + keys",
            "Sources/KFDCache/DiskStorageBackend.swift — `metaChangingQueue.async` after a hit",
            "Chapters/07-lock-vs-queue/Lab/Guards.swift — the counters and the two pipelines",
            "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — `ioQueue` in store(_:original:forKey:...)",
        ])
        lab.exercises()
    }

    // MARK: 1. A tiny critical section

    static func tinySection(_ lab: Lab) {
        lab.part("tiny", "One increment behind NSLock, Mutex, DispatchQueue.sync and an actor")
        lab.claim("For a critical section of nanoseconds, a lock is cheapest; a queue hop and an actor\n"
                  + "hop cost more than the work they guard.",
                  ko: "나노초 단위의 critical section에는 lock이 가장 싸다. 큐 건너기와 actor 건너기는 그것들이\n"
                      + "지키는 작업보다 비싸다.")
        let operations = lab.size(quick: 30_000, full: 200_000)
        lab.run("\(operations) increments per round, 1 and 2 threads, median of 5 rounds (+1 warm-up)")
        var rows: [(String, Double, Double)] = []
        let candidates: [(String, () -> any GuardedCounter)] = [
            ("NSLock", { NSLockCounter() }), ("Mutex", { MutexCounter() }), ("DispatchQueue.sync", { QueueCounter() }),
        ]
        for (name, make) in candidates {
            let single = medianNanos(rounds: 5) { let c = make(); for _ in 0..<operations { c.increment() } } / Double(operations)
            let double = medianNanos(rounds: 5) {
                let c = make()
                DispatchQueue.concurrentPerform(iterations: 2) { _ in for _ in 0..<operations / 2 { c.increment() } }
            } / Double(operations)
            rows.append((name, single, double))
        }
        let actorSingle = medianNanos(rounds: 5) { actorRun(operations, tasks: 1) } / Double(operations)
        let actorDouble = medianNanos(rounds: 5) { actorRun(operations, tasks: 2) } / Double(operations)
        rows.append(("actor (await)", actorSingle, actorDouble))
        let baseline = rows.first { $0.0 == "Mutex" }!.1
        for row in rows {
            lab.measured(row.0, .object(["oneThread": .double(row.1), "twoThreads": .double(row.2)]), row.0,
                         "\(Stats.formatNanoseconds(row.1)) (1 thread, \(String(format: "%.1f", row.1 / baseline))× Mutex) · \(Stats.formatNanoseconds(row.2)) (2 threads)")
        }
        lab.conclude("MemoryStorage's critical sections are this small: NSLock (or Mutex) is the right tool.",
                     ko: "MemoryStorage의 critical section은 이만큼 작다: NSLock(또는 Mutex)이 맞는 도구다.")
    }

    static func actorRun(_ operations: Int, tasks: Int) {
        let counter = ActorCounter()
        let done = DispatchSemaphore(value: 0)
        Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<tasks { group.addTask { for _ in 0..<operations / tasks { await counter.increment() } } }
            }
            done.signal()
        }
        done.wait()
    }

    static func medianNanos(rounds: Int, _ body: () -> Void) -> Double {
        body()   // warm-up
        return Stats.median((0..<rounds).map { _ in Stats.time(body) })
    }

    // MARK: 2. Disk I/O inside the critical section

    static func blockedCallers(_ lab: Lab) throws {
        lab.part("blocked", "A caller held by disk I/O: lock vs async on a serial queue")
        lab.claim("With a lock, every caller waits for its own write and for everyone's queued ahead;\n"
                  + "with `async` on a serial queue, a caller waits only to enqueue.",
                  ko: "lock을 쓰면 모든 호출자가 자기 쓰기와 앞에 줄 선 모두의 쓰기를 기다린다. 직렬 큐에\n"
                      + "`async`로 넣으면 호출자는 줄에 넣는 동안만 기다린다.")
        let scratch = try ScratchFolder("ch07")
        defer { scratch.remove() }
        let folder = scratch.url
        let perCaller = lab.size("perCaller", quick: 40, full: 200)
        let payload = Data(repeating: 7, count: 32 * 1024)
        lab.run("4 caller threads × \(perCaller) stores of 32 KiB (atomic write); time each call")

        let lock = NSLock()
        let queue = DispatchQueue(label: "chapter7.ioQueue")
        let progress = ProgressLine("blocked callers", total: 2)
        func callerTimes(_ store: @escaping @Sendable (Int, Int) -> Void) -> [Double] {
            let samples = LockedList<Double>()
            DispatchQueue.concurrentPerform(iterations: 4) { caller in
                for i in 0..<perCaller { samples.append(Stats.time { store(caller, i) }) }
            }
            return samples.values
        }
        let locked = callerTimes { caller, i in
            lock.withLock { try? payload.write(to: folder.appendingPathComponent("lock-\(caller)-\(i)"), options: .atomic) }
        }
        progress.update(1)
        let queued = callerTimes { caller, i in
            queue.async { try? payload.write(to: folder.appendingPathComponent("queue-\(caller)-\(i)"), options: .atomic) }
        }
        queue.sync {}   // let the writes finish before counting them
        progress.finish()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for (key, name, samples) in [("lock", "lock { write }", locked), ("queue", "queue.async { write }", queued)] {
            let p50 = Stats.percentile(samples, 50), p99 = Stats.percentile(samples, 99)
            lab.measured(key, .object(["p50": .double(p50), "p99": .double(p99)]), "caller blocked, \(name)",
                         "p50 \(Stats.formatNanoseconds(p50)) · p99 \(Stats.formatNanoseconds(p99))")
        }
        lab.measured("filesWritten", files.count, "files written (both variants)", "\(files.count) of \(8 * perCaller)")
        lab.conclude("Same files in the end; the difference is who waits. Disk work goes on a queue so that\n"
                     + "the caller — often the main thread — never waits for the disk.",
                     ko: "결국 파일은 같다. 다른 것은 누가 기다리느냐다. 디스크 작업을 큐에 두는 이유는 호출자 —\n"
                         + "흔히 main thread — 가 디스크를 기다리지 않게 하려는 것이다.")
    }

    // MARK: 3. One queue around the whole pipeline

    static func pipeline(_ lab: Lab) {
        lab.part("pipeline", "serialize → write → callback: one unit, or three steps?")
        lab.claim("If only the write is guarded, a slow serialization of an earlier store lets a later\n"
                  + "store finish first: the file ends up holding the *older* value.",
                  ko: "쓰기만 보호하면, 먼저 한 store의 느린 직렬화 때문에 나중 store가 먼저 끝날 수 있다:\n"
                      + "파일에는 *더 오래된* 값이 남는다.")
        lab.run("forced interleaving: store(\"v1\") whose serializer waits (≤ 0.5 s) for store(\"v2\") to finish")
        let versions: [(key: String, label: String, pipeline: any StorePipeline)] = [
            ("writeOnly", "only the write on ioQueue", WriteOnlyPipeline()),
            ("wholePipeline", "whole pipeline on ioQueue", WholePipeline()),
        ]
        for (key, label, pipeline) in versions {
            let v2Done = DispatchSemaphore(value: 0), allDone = DispatchGroup()
            let waited = Flag()
            allDone.enter(); allDone.enter()
            pipeline.store("v1", serializer: { value in
                if v2Done.wait(timeout: .now() + 0.5) == .timedOut { waited.set() }
                return value
            }, done: { allDone.leave() })
            pipeline.store("v2", serializer: { $0 }, done: { v2Done.signal(); allDone.leave() })
            allDone.wait()
            let state = pipeline.state
            lab.measured(key, .object(["file": .string(state.file), "callbacks": .array(state.callbacks.map(JSONValue.string)),
                                       "v2CouldOvertake": .bool(!waited.isSet)]),
                         label, "file = \(state.file), callbacks \(state.callbacks.joined(separator: " → "))")
        }
        let writeOnly = ModelChecker.explore(PipelineModels.writeOnly), whole = ModelChecker.explore(PipelineModels.wholePipeline)
        lab.interleavings("interleavings.writeOnly", writeOnly, "every interleaving, only the write on ioQueue")
        lab.interleavings("interleavings.wholePipeline", whole, "every interleaving, whole pipeline on ioQueue")
        lab.note("the shortest interleaving that leaves the older value — store(v1) was called first, store(v2) second,\n"
                 + "and v2 overtakes it (model: Chapters/07-lock-vs-queue/Lab/Models.swift):")
        lab.show(writeOnly.timeline())
        lab.conclude("With one block per store on one serial queue, stores finish in the order they were\n"
                     + "made, and the file always holds the last value stored.",
                     ko: "store마다 블록 하나를 직렬 큐 하나에 넣으면 store는 호출된 순서대로 끝나고, 파일에는\n"
                         + "언제나 마지막으로 저장한 값이 남는다.")
    }
}

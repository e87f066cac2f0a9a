// Contention: MemoryStorage.Backend under 1, 2, 4 and 8 threads with a 90/10 read/write mix —
// throughput and tail latency — and the locking primitives of chapter 7 under the same threads.

import Dispatch
import Foundation
import KFDCache
import Synchronization
import WorkbookSupport

let options = ExperimentOptions.parse(Array(CommandLine.arguments.dropFirst()),
                                      usage: "USAGE: swift run -c release contention [--quick]")
let report = ExperimentReport(name: "contention", title: "Contention: memory storage and locking primitives under 1–8 threads", options: options)

struct Value: CacheCostCalculable, Sendable { let id: Int; var cacheCost: Int { 1 } }
let threadCounts = [1, 2, 4, 8]
let perThread = options.quick ? 5_000 : 100_000
let keys = (0..<1_000).map { "key-\($0)" }

/// Runs `operation` `perThread` times on each of `threads` threads; returns (ops/s, p50, p99 ns).
func contend(threads: Int, _ operation: @escaping @Sendable (Int, inout SeededGenerator) -> Void) -> (Double, Double, Double) {
    let samples = LockedList<Double>()
    let nanos = Stats.time {
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var generator = SeededGenerator(seed: options.seed &+ UInt64(thread))
            var local: [Double] = []
            local.reserveCapacity(perThread / 10)
            for step in 0..<perThread {
                if step % 10 == 0 {
                    let start = Stats.nanoseconds()
                    operation(step, &generator)
                    local.append(Double(Stats.nanoseconds() - start))
                } else {
                    operation(step, &generator)
                }
            }
            samples.append(contentsOf: local)
        }
    }
    let all = samples.values
    return (Double(threads * perThread) / (nanos / 1e9), Stats.percentile(all, 50), Stats.percentile(all, 99))
}

let backend = MemoryStorage.Backend<Value>(config: .init(totalCostLimit: 0, cleanInterval: 0))
for (index, key) in keys.enumerated() { backend.store(value: Value(id: index), forKey: key) }

final class NSLockCounter: @unchecked Sendable {   // @unchecked Sendable: `value` only under `lock`.
    let lock = NSLock(); var value = 0
    func increment() { lock.withLock { value += 1 } }
}
final class QueueCounter: @unchecked Sendable {    // @unchecked Sendable: `value` only on `queue`.
    let queue = DispatchQueue(label: "contention.queue"); var value = 0
    func increment() { queue.sync { value += 1 } }
}
let nsLock = NSLockCounter(), mutex = Mutex(0), queue = QueueCounter()

let subjects: [(String, @Sendable (Int, inout SeededGenerator) -> Void)] = [
    ("MemoryStorage 90/10", { step, generator in
        let key = keys[Int(generator.next() % UInt64(keys.count))]
        if generator.next() % 10 == 0 { backend.store(value: Value(id: step), forKey: key) } else { _ = backend.value(forKey: key) }
    }),
    ("NSLock increment", { _, _ in nsLock.increment() }),
    ("Mutex increment", { _, _ in mutex.withLock { $0 += 1 } }),
    ("DispatchQueue.sync increment", { _, _ in queue.increment() }),
]

_ = contend(threads: 2, subjects[0].1)   // warm-up
var throughput: [String: [Double]] = [:]
var rows: [[String]] = []
for (name, operation) in subjects {
    for threads in threadCounts {
        let (opsPerSecond, p50, p99) = contend(threads: threads, operation)
        throughput[name, default: []].append(opsPerSecond)
        rows.append([name, "\(threads)", String(format: "%.2fM", opsPerSecond / 1e6), Stats.formatNanoseconds(p50), Stats.formatNanoseconds(p99)])
    }
}
report.note("\(perThread) operations per thread; every 10th operation timed for the latency columns; \(ProcessInfo.processInfo.activeProcessorCount) cores, so above that many threads they share cores.")
report.note("The clock's smallest step here is \(Stats.formatNanoseconds(Stats.timerResolution)) (about 42 ns on Apple Silicon): a p50 within a few steps "
            + "of it is a count of ticks, not a latency. Throughput (ops/s) is timed over whole runs and is not affected.")
report.table("Throughput and latency", columns: ["subject", "threads", "ops/s", "p50", "p99"], rows: rows)
report.chart("contention.svg", SVGChart.lines(title: "Throughput against threads", x: threadCounts.map(Double.init),
                                             series: subjects.map { ChartSeries($0.0, throughput[$0.0] ?? []) },
                                             xLabel: "threads", yLabel: "operations per second", logX: false, logY: true))
report.write()

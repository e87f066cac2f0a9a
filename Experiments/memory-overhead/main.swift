// Memory overhead: what MemoryStorage.Backend adds over the floor it is built on — a bare NSCache
// — and over a plain Mutex-guarded dictionary, for a hit, a miss and a store, side by side.

import Foundation
import KFDCache
import Synchronization
import WorkbookSupport

if let probe = MemoryInstructionProbe.requested {
    exit(MemoryInstructionProbe.run(probe.operation, count: probe.count) ? 0 : 64)
}

let options = ExperimentOptions.parse(Array(CommandLine.arguments.dropFirst()),
                                      usage: "USAGE: swift run -c release memory-overhead [--quick]")
let report = ExperimentReport(name: "memory-overhead", title: "Memory overhead: MemoryStorage.Backend vs NSCache vs Mutex<[String: T]>",
                              options: options)

struct Value: CacheCostCalculable, Sendable { let id: Int; var cacheCost: Int { 1 } }
final class Box: NSObject { let value: Value; init(_ value: Value) { self.value = value } }

let keyCount = 1_000
let keys = (0..<keyCount).map { "key-\($0)" }
let missing = (0..<keyCount).map { "missing-\($0)" }
let operations = options.quick ? 20_000 : 400_000
let rounds = options.quick ? 5 : 15
var generator = SeededGenerator(seed: options.seed)
let order = (0..<operations).map { _ in Int(generator.next() % UInt64(keyCount)) }

let cache = NSCache<NSString, Box>()
let dictionary = Mutex<[String: Value]>([:])
let backend = MemoryStorage.Backend<Value>(config: .init(totalCostLimit: 0, cleanInterval: 0))
for (index, key) in keys.enumerated() {
    cache.setObject(Box(Value(id: index)), forKey: key as NSString)
    dictionary.withLock { $0[key] = Value(id: index) }
    backend.store(value: Value(id: index), forKey: key)
}

func run(_ body: @escaping (String) -> Int?) -> (Int) -> Void {
    { count in for i in 0..<count { blackHole(body(keys[order[i % operations]]) ?? 0) } }
}
func runMiss(_ body: @escaping (String) -> Int?) -> (Int) -> Void {
    { count in for i in 0..<count { blackHole(body(missing[order[i % operations]]) ?? 0) } }
}

let measurements: [(String, [BenchResult])] = [
    ("NSCache", [
        Bench.measure(rounds: rounds, operations: operations, run { cache.object(forKey: $0 as NSString)?.value.id }),
        Bench.measure(rounds: rounds, operations: operations, runMiss { cache.object(forKey: $0 as NSString)?.value.id }),
        Bench.measure(rounds: rounds, operations: operations) { count in
            for i in 0..<count { cache.setObject(Box(Value(id: i)), forKey: keys[order[i % operations]] as NSString) }
        },
    ]),
    ("Mutex<[String: T]>", [
        Bench.measure(rounds: rounds, operations: operations, run { key in dictionary.withLock { $0[key]?.id } }),
        Bench.measure(rounds: rounds, operations: operations, runMiss { key in dictionary.withLock { $0[key]?.id } }),
        Bench.measure(rounds: rounds, operations: operations) { count in
            for i in 0..<count { dictionary.withLock { $0[keys[order[i % operations]]] = Value(id: i) } }
        },
    ]),
    ("MemoryStorage.Backend", [
        Bench.measure(rounds: rounds, operations: operations, run { backend.value(forKey: $0)?.id }),
        Bench.measure(rounds: rounds, operations: operations, runMiss { backend.value(forKey: $0)?.id }),
        Bench.measure(rounds: rounds, operations: operations) { count in
            for i in 0..<count { backend.store(value: Value(id: i), forKey: keys[order[i % operations]]) }
        },
    ]),
]

// What a store is made of: each part alone, on the same keys in the same order.
let lock = NSLock()
var index = Set(keys)
let storeParts: [(String, BenchResult)] = [
    ("NSCache.setObject with a new object (the floor)", measurements[0].1[2]),
    ("an empty NSLock lock + unlock (the backend's lock)", Bench.measure(rounds: rounds, operations: operations) { count in
        for _ in 0..<count { lock.lock(); lock.unlock() } }),
    ("Set<String>.insert of a key already there (the keys index)", Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(index.insert(keys[order[i % operations]]).inserted) } }),
    ("Date() (the clock, for the expiration)", Bench.measure(rounds: rounds, operations: operations) { count in
        for _ in 0..<count { blackHole(Date().timeIntervalSinceReferenceDate) } }),
    ("String → NSString (the key, bridged)", Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole((keys[order[i % operations]] as NSString).length) } }),
    ("MemoryStorage.Backend.store (the whole store)", measurements[2].1[2]),
]

report.note("\(keyCount) keys, \(operations) operations a round, \(rounds) rounds after a warm-up; median per operation ± half the interquartile range.")
let floor = measurements[0].1
var rows: [[String]] = []
for (name, values) in measurements {
    let ratio = String(format: "%.2f×", values[0].median / floor[0].median)
    rows.append([name] + values.map { $0.summary } + [ratio])
}
report.table("Nanoseconds per operation", columns: ["", "hit", "miss", "store", "hit ÷ NSCache"], rows: rows)
report.table("What a memory store is made of", columns: ["part", "ns per call"], rows: storeParts.map { [$0.0, $0.1.summary] })
let partsSum = storeParts[0].1.median + storeParts[1].1.median + storeParts[2].1.median + storeParts[3].1.median
report.note(String(format: "The floor + the lock + the index insert + the clock, each timed alone: %@; the whole store: %@. The parts are measured apart (their caches warm differently), so their sum is an estimate of the whole, not a decomposition of it; the store also allocates the object that carries the expiration, as the floor allocates its box.",
                   Stats.formatNanoseconds(partsSum), Stats.formatNanoseconds(storeParts[5].1.median)))
report.note(Platform.isMac
    ? "Floor: Apple's NSCache, a fast lookup (tens of ns): the ratio below is measured against it."
    : "Floor: swift-corelibs-foundation's NSCache, which takes an NSLock and hashes an NSString on every lookup — "
      + "several times slower than Apple's. A ratio met against it says little about a Mac: the same backend "
      + "overhead is a larger share of a faster floor there. Run this on a Mac to see that ratio.")
report.target("A memory hit costs at most 1.15× a bare NSCache lookup of the same key",
              ratio: measurements[2].1[0].median / floor[0].median, limit: 1.15,
              why: "the backend takes its own lock around the lookup (NSCache takes another inside), reads the clock and checks the expiration")
report.target("A memory store costs at most 1.3× a bare NSCache setObject",
              ratio: measurements[2].1[2].median / floor[2].median, limit: 1.3,
              why: String(format: "a store adds to the floor its own lock (%@), the keys index insert (%@) and a clock read (%@): see \"What a memory store is made of\"",
                          Stats.formatNanoseconds(storeParts[1].1.median), Stats.formatNanoseconds(storeParts[2].1.median), Stats.formatNanoseconds(storeParts[3].1.median)))
report.chart("memory-overhead.svg", SVGChart.bars(title: "Memory storage vs its floor (ns per operation)",
                                                 categories: ["hit", "miss", "store"],
                                                 series: measurements.map { item in ChartSeries(item.0, item.1.map(\.median), spreads: item.1.map(\.spread)) },
                                                 yLabel: "ns per operation", logScale: true))
report.write()

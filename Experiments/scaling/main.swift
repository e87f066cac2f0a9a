// Scaling: the cost of each disk operation against the number of files in the folder, so a
// learner sees which are O(1) (store, hit, miss) and which walk the folder (totalSize,
// removeExpiredValues, removeSizeExceededValues).

import Foundation
import KFDCache
import WorkbookSupport

let options = ExperimentOptions.parse(Array(CommandLine.arguments.dropFirst()),
                                      usage: "USAGE: swift run -c release scaling [--quick] [--large]   (--large adds 100k files: minutes)")
let report = ExperimentReport(name: "scaling", title: "Scaling: DiskStorage.Backend operations against the file count", options: options)

let counts = options.quick ? [200, 1_000] : (options.large ? [1_000, 10_000, 100_000] : [1_000, 10_000])
let payload = Data(repeating: 7, count: 1024)
var rows: [[String]] = []
var perOperation: [String: [Double]] = [:]

for count in counts {
    let scratch = try ScratchFolder("scaling")
    defer { scratch.remove() }
    let folder = scratch.url
    let backend = try DiskStorage.Backend<Data>(config: .init(name: "scaling", sizeLimit: 0, directory: folder))
    let progress = ProgressLine("storing \(count) files", total: count)
    let storeNanos = try Stats.time {
        for i in 0..<count {
            try backend.store(value: payload, forKey: "key-\(i)")
            if i % 500 == 0 { progress.update(i) }
        }
    }
    progress.finish()
    var generator = SeededGenerator(seed: options.seed)
    let probes = min(count, 2_000)
    let hit = Bench.measure(rounds: 5, operations: probes) { n in
        for _ in 0..<n { blackHole((try? backend.value(forKey: "key-\(generator.next() % UInt64(count))", extendingExpiration: .none))??.count ?? 0) }
    }
    let miss = Bench.measure(rounds: 5, operations: probes) { n in
        for i in 0..<n { blackHole(backend.isCached(forKey: "missing-\(i)") ? 1 : 0) }
    }
    let total = Bench.measure(rounds: 3, operations: 1) { _ in blackHole(Int((try? backend.totalSize()) ?? 0)) }
    let expired = Bench.measure(rounds: 3, operations: 1) { _ in blackHole(((try? backend.removeExpiredValues()) ?? []).count) }
    backend.config.sizeLimit = UInt(count * 1024 * 9 / 10)
    let trimNanos = Stats.time { blackHole(((try? backend.removeSizeExceededValues()) ?? []).count) }

    let values: [(String, Double)] = [("store", storeNanos / Double(count)), ("hit", hit.median), ("miss", miss.median),
                                      ("totalSize", total.median), ("removeExpiredValues", expired.median),
                                      ("removeSizeExceededValues", trimNanos)]
    for (name, value) in values { perOperation[name, default: []].append(value) }
    rows.append(["\(count)"] + values.map { Stats.formatNanoseconds($0.1) }
                + [Stats.formatNanoseconds(total.median / Double(count)) + "/file"])
}

report.note("Files of 1 KiB. store: mean over storing all files; hit/miss: median of 5 rounds of up to 2,000 probes; "
            + "totalSize and removeExpiredValues (nothing expired: a full scan): median of 3 calls; removeSizeExceededValues: one call trimming to half of 90% of the total.")
report.table("Cost per call against the number of files", columns: ["files", "store", "hit", "miss", "totalSize", "removeExpired", "removeSizeExceeded", "totalSize per file"], rows: rows)
if counts.count >= 2 {
    let growth = Double(counts.last!) / Double(counts.first!)
    let scanGrowth = (perOperation["totalSize"]!.last! / perOperation["totalSize"]!.first!)
    let hitGrowth = (perOperation["hit"]!.last! / perOperation["hit"]!.first!)
    report.note(String(format: "Files grew %.0f×: totalSize grew %.1f× (it walks the folder: O(n)); a hit grew %.1f× (O(1), up to the file system's own lookup).", growth, scanGrowth, hitGrowth))
}
report.chart("scaling.svg", SVGChart.lines(title: "Disk operations against the file count", x: counts.map(Double.init),
                                          series: ["store", "hit", "miss", "totalSize", "removeExpiredValues", "removeSizeExceededValues"].map { ChartSeries($0, perOperation[$0] ?? []) },
                                          xLabel: "files in the folder (log scale)", yLabel: "ns per call", logX: true, logY: true))
report.write()

// Disk overhead: DiskStorage.Backend's store, hit, miss and isCached against the least the file
// system needs (one write + one file-time update; one read + one stat; one stat), payload sizes
// from 1 KiB to 4 MiB, side by side in one run.

import Foundation
import KFDCache
import WorkbookSupport

let options = ExperimentOptions.parse(Array(CommandLine.arguments.dropFirst()),
                                      usage: "USAGE: swift run -c release disk-overhead [--quick]")
let report = ExperimentReport(name: "disk-overhead", title: "Disk overhead: DiskStorage.Backend vs the file system floor", options: options)

let scratch = try ScratchFolder("disk-overhead")
defer { scratch.remove() }
let folder = scratch.url

let sizes = options.quick ? [1 << 10, 64 << 10] : [1 << 10, 16 << 10, 256 << 10, 4 << 20]
let rounds = options.quick ? 3 : 7
let backend = try DiskStorage.Backend<Data>(config: .init(name: "overhead", sizeLimit: 0, directory: folder))
let floorFolder = folder.appendingPathComponent("floor", isDirectory: true)
try FileManager.default.createDirectory(at: floorFolder, withIntermediateDirectories: true)

var rows: [[String]] = []
var series: [String: [Double]] = [:]
var storeRatios: [Double] = [], hitRatios: [Double] = [], missRatios: [Double] = [], plainHitRatios: [Double] = []
for size in sizes {
    let operations = max(10, min(300, (64 << 20) / size / 4))
    let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0) })
    let keys = (0..<operations).map { "key-\(size)-\($0)" }
    let expires = Date().addingTimeInterval(3600)

    let floorStore = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count {
            var url = floorFolder.appendingPathComponent("f\(i % operations)")
            try? payload.write(to: url)
            var values = URLResourceValues()
            values.contentAccessDate = Date()
            values.contentModificationDate = expires
            try? url.setResourceValues(values)
        }
    }
    let store = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { try? backend.store(value: payload, forKey: keys[i % operations]) }
    }
    let floorHit = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count {
            let url = floorFolder.appendingPathComponent("f\(i % operations)")
            blackHole((try? URL(fileURLWithPath: url.path).resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate == nil ? 0 : 1)
            blackHole((try? Data(contentsOf: url))?.count ?? 0)
        }
    }
    let hit = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole((try? backend.value(forKey: keys[i % operations]))??.count ?? 0) }
    }
    backend.waitForMetadataUpdates()
    let hitNoExtension = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole((try? backend.value(forKey: keys[i % operations], extendingExpiration: .none))??.count ?? 0) }
    }
    let floorMiss = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(FileManager.default.fileExists(atPath: floorFolder.appendingPathComponent("none-\(i)").path) ? 1 : 0) }
    }
    let miss = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(backend.isCached(forKey: "never-\(i % operations)") ? 1 : 0) }
    }
    // A miss that reaches the file system: the name is in maybeCached, the file is gone.
    for key in keys { try? FileManager.default.removeItem(at: backend.cacheFileURL(forKey: key)) }
    let fsMiss = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(backend.isCached(forKey: keys[i % operations]) ? 1 : 0) }
    }
    try? backend.removeAll()

    let label = ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .binary)
    rows.append([label, floorStore.summary, store.summary, String(format: "%.2f×", store.median / floorStore.median),
                 floorHit.summary, hit.summary, String(format: "%.2f×", hit.median / floorHit.median), hitNoExtension.summary,
                 floorMiss.summary, miss.summary, fsMiss.summary])
    storeRatios.append(store.median / floorStore.median)
    hitRatios.append(hit.median / floorHit.median)
    plainHitRatios.append(hitNoExtension.median / floorHit.median)
    missRatios.append(miss.median / fsMiss.median)
    for (name, value) in [("floor: write + set dates", floorStore.median), ("Backend.store", store.median),
                          ("floor: stat + read", floorHit.median), ("Backend.value (hit)", hit.median)] {
        series[name, default: []].append(value)
    }
}

report.note("Each size: up to 300 operations a round on distinct files, \(rounds) rounds after a warm-up; median ± half the IQR.")
report.table("Per operation", columns: ["payload", "floor store", "store", "÷", "floor hit", "hit", "÷", "hit (.none)", "floor stat", "miss (shortcut)", "miss (reaches disk)"], rows: rows)
report.target("A disk store costs at most 1.5× one file write plus one file-time update (worst size)",
              ratio: storeRatios.max() ?? 0, limit: 1.5,
              why: "a store writes a temporary file and renames it into place (so no reader sees half a file and no clean sees a file without its dates), hashes the key and validates the name: one more system call than the floor")
report.target("A disk hit costs at most 1.5× one file read plus one stat (worst size)",
              ratio: hitRatios.max() ?? 0, limit: 1.5,
              why: String(format: "a hit with .cacheTime also rewrites the file's two dates (queued on the meta queue, running beside the next reads); without that rewrite (the hit (.none) column) the worst ratio is %.2f×", plainHitRatios.max() ?? 0))
report.target("A miss with the maybeCached shortcut costs at least 5× less than a miss that asks the file system (shortcut ÷ disk ≤ 0.2)",
              ratio: missRatios.max() ?? 0, limit: 0.2,
              why: "the shortcut still hashes the key (SHA-256) and hops onto a serial queue; a stat of a missing file is cheap on a warm dentry cache")
let order = ["floor: write + set dates", "Backend.store", "floor: stat + read", "Backend.value (hit)"]
report.chart("disk-overhead.svg", SVGChart.lines(title: "Disk storage vs the file system floor", x: sizes.map(Double.init),
                                                series: order.map { ChartSeries($0, series[$0] ?? []) },
                                                xLabel: "payload (log scale)", yLabel: "ns per operation", logX: true, logY: true,
                                                xTickLabels: sizes.map { ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .binary) }))
report.write()

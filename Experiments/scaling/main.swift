// Scaling: the cost of each disk operation against the number of files in the folder, so a
// learner sees which are O(1) (store, hit, miss) and which walk the folder (totalSize,
// removeExpiredValues, removeSizeExceededValues, the first maybeCached scan) — and, for the walks,
// how close they come to the floor: a bare `readdir` + `fstatat` loop over the same folder, in
// the same run (a bare `readdir` loop for the first scan, which needs names only).

import Foundation
import KFDCache
import WorkbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let options = ExperimentOptions.parse(Array(CommandLine.arguments.dropFirst()),
                                      usage: "USAGE: swift run -c release scaling [--quick] [--large]   (--large adds 100k files: minutes)")
let report = ExperimentReport(name: "scaling", title: "Scaling: DiskStorage.Backend operations against the file count", options: options)

let counts = options.quick ? [200, 1_000] : (options.large ? [1_000, 10_000, 100_000] : [1_000, 10_000])
let payload = Data(repeating: 7, count: 1024)
var rows: [[String]] = []
var floorRows: [[String]] = []
var perOperation: [String: [Double]] = [:]
var spreads: [String: [Double]] = [:]
var worstRatio: [String: Double] = [:]

/// The floor of a scan: list the folder and `fstatat` every visible entry, summing sizes; nothing
/// else (no Swift String per name, no array). With `status: false`, `readdir` alone.
enum Floor {
    static func scan(_ path: String, status: Bool) -> Int {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0, let folder = fdopendir(fd) else { return 0 }
        defer { closedir(folder) }
        var total = 0
        var raw = stat()
        while let entry = readdir(folder) {
            let capacity = MemoryLayout.size(ofValue: entry.pointee.d_name)
            total += withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: capacity) { name in
                    if name[0] == 0x2E { return 0 }
                    if !status { return 1 }
                    return fstatat(fd, name, &raw, 0) == 0 ? Int(raw.st_size) : 0
                }
            }
        }
        return total
    }

    /// Unlinks every visible file left in the folder — the cache's own files, made as it makes
    /// them, in a folder as large as the trim's — and returns ns per unlink. The paths are built
    /// before the clock starts.
    static func unlinkRemaining(in path: String) -> (count: Int, nanos: Double) {
        var names: [String] = []
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0, let folder = fdopendir(fd) {
            while let entry = readdir(folder) {
                let capacity = MemoryLayout.size(ofValue: entry.pointee.d_name)
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) }
                }
                if !name.hasPrefix(".") { names.append(path + "/" + name) }
            }
            closedir(folder)
        }
        let nanos = Stats.time { for name in names { unlink(name) } }
        return (names.count, nanos / Double(max(1, names.count)))
    }
}

@MainActor func noteRatio(_ name: String, _ value: Double) -> String {
    worstRatio[name] = max(worstRatio[name] ?? 0, value)
    return String(format: "%.2f×", value)
}

for count in counts {
    let scratch = try ScratchFolder("scaling")
    defer { scratch.remove() }
    let folder = scratch.url
    let backend = try DiskStorage.Backend<Data>(config: .init(name: "scaling", sizeLimit: 0, directory: folder))
    let path = backend.directoryURL.path
    let progress = ProgressLine("storing \(count) files", total: count)
    // Timed in tenths, each tenth's mean a round: a store waits on the file system's journal, and
    // how long varies many times over within one run (see Experiments/README.md), so one mean over
    // all files would hide it.
    var storeRounds: [Double] = []
    let tenth = max(1, count / 10)
    for start in stride(from: 0, to: count, by: tenth) {
        let end = min(count, start + tenth)
        let nanos = try Stats.time {
            for i in start..<end { try backend.store(value: payload, forKey: "key-\(i)") }
        }
        storeRounds.append(nanos / Double(end - start))
        progress.update(end)
    }
    progress.finish()
    let stores = BenchResult(rounds: storeRounds)
    var generator = SeededGenerator(seed: options.seed)
    let probes = min(count, 2_000)
    let hit = Bench.measure(rounds: 5, operations: probes) { n in
        for _ in 0..<n { blackHole((try? backend.value(forKey: "key-\(generator.next() % UInt64(count))", extendingExpiration: .none))??.count ?? 0) }
    }
    let miss = Bench.measure(rounds: 5, operations: probes) { n in
        for i in 0..<n { blackHole(backend.isCached(forKey: "missing-\(i)") ? 1 : 0) }
    }
    // The scans and their floors, interleaved round by round so both see the same disk state.
    let scanRounds = 5
    let floorScan = Bench.measure(rounds: scanRounds, operations: 1) { _ in blackHole(Floor.scan(path, status: true)) }
    let total = Bench.measure(rounds: scanRounds, operations: 1) { _ in blackHole(Int((try? backend.totalSize()) ?? 0)) }
    let expired = Bench.measure(rounds: scanRounds, operations: 1) { _ in blackHole(((try? backend.removeExpiredValues()) ?? []).count) }
    let floorScanAgain = Bench.measure(rounds: scanRounds, operations: 1) { _ in blackHole(Floor.scan(path, status: true)) }
    let floorNames = Bench.measure(rounds: scanRounds, operations: 1) { _ in blackHole(Floor.scan(path, status: false)) }
    // The first maybeCached scan: a new backend on the full folder, until its scan has run.
    let firstScan = Bench.measure(rounds: scanRounds, operations: 1) { _ in
        let fresh = try? DiskStorage.Backend<Data>(config: .init(name: "scaling", sizeLimit: 0, directory: folder))
        fresh?.waitForInitialScan()
    }
    let scanFloor = min(floorScan.median, floorScanAgain.median)
    backend.config.sizeLimit = UInt(count * 1024 * 9 / 10)
    var removedCount = 0
    let trimNanos = Stats.time { removedCount = ((try? backend.removeSizeExceededValues()) ?? []).count }
    let unlinkFloor = Floor.unlinkRemaining(in: path).nanos
    let trimFloor = scanFloor + Double(removedCount) * unlinkFloor

    let values: [(String, BenchResult)] = [("store", stores), ("hit", hit), ("miss", miss), ("totalSize", total),
                                           ("removeExpiredValues", expired), ("removeSizeExceededValues", BenchResult(rounds: [trimNanos])),
                                           ("first maybeCached scan", firstScan)]
    for (name, value) in values {
        perOperation[name, default: []].append(value.median)
        spreads[name, default: []].append(value.spread)
    }
    rows.append(["\(count)"] + values.map { $0.1.rounds.count > 1 ? $0.1.summary : Stats.formatNanoseconds($0.1.median) }
                + [Stats.formatNanoseconds(total.median / Double(count)) + "/file"])
    floorRows.append(["\(count)",
                      Stats.formatNanoseconds(scanFloor / Double(count)),
                      Stats.formatNanoseconds(total.median / Double(count)), noteRatio("totalSize", total.median / scanFloor),
                      Stats.formatNanoseconds(expired.median / Double(count)), noteRatio("removeExpiredValues", expired.median / scanFloor),
                      "\(removedCount) × " + Stats.formatNanoseconds(unlinkFloor),
                      Stats.formatNanoseconds(trimNanos / Double(count)), noteRatio("trim", trimNanos / trimFloor),
                      Stats.formatNanoseconds(firstScan.median / Double(count)), noteRatio("first scan", firstScan.median / scanFloor),
                      Stats.formatNanoseconds(floorNames.median / Double(count)), String(format: "%.2f×", firstScan.median / floorNames.median)])
}

report.note("Files of 1 KiB. store: median of 10 rounds, each the mean over a tenth of the files, ± half the IQR; hit/miss: median of 5 rounds of up to 2,000 probes; "
            + "totalSize and removeExpiredValues (nothing expired: a full scan) and the first maybeCached scan (a new backend, until its scan ran): median of 5 calls; "
            + "removeSizeExceededValues: one call trimming to half of 90% of the total.")
report.table("Cost per call against the number of files", columns: ["files", "store", "hit", "miss", "totalSize", "removeExpired", "removeSizeExceeded", "first scan", "totalSize per file"], rows: rows)
report.note("The floors, measured in the same run on the same folder: readdir + fstatat a file (the lower of two medians of 5, taken before and after the library's scans); "
            + "for the trim, that plus one bare unlink per removed file (timed on the files the trim left: the cache's own files, in the same folder). The first scan needs names only: it is shown against the same floor (the target) and against readdir alone. Per file, and the library ÷ its floor.")
report.table("Scans against their floor (per file)", columns: ["files", "floor: readdir+fstatat", "totalSize", "÷", "removeExpired", "÷",
                                                               "floor: unlinks", "trim", "÷ (scan + unlinks)", "first scan", "÷", "floor: readdir alone", "first scan ÷ it"], rows: floorRows)
if counts.count >= 2 {
    let growth = Double(counts.last!) / Double(counts.first!)
    let scanGrowth = (perOperation["totalSize"]!.last! / perOperation["totalSize"]!.first!)
    let hitGrowth = (perOperation["hit"]!.last! / perOperation["hit"]!.first!)
    report.note(String(format: "Files grew %.0f×: totalSize grew %.1f× (it walks the folder: O(n)); a hit grew %.1f× (O(1), up to the file system's own lookup).", growth, scanGrowth, hitGrowth))
}
let whyScan = "per file a scan also makes the name's Swift String and keeps one entry in an array (the floor only sums sizes); the trim also sorts by date, and builds the URL of each file it returns"
report.target("totalSize costs at most 2× a bare readdir + fstatat loop (worst file count)", ratio: worstRatio["totalSize"] ?? 0, limit: 2, why: whyScan)
report.target("removeExpiredValues (nothing expired) costs at most 2× the same loop", ratio: worstRatio["removeExpiredValues"] ?? 0, limit: 2, why: whyScan)
report.target("the size trim costs at most 2× that loop plus one unlink per removed file", ratio: worstRatio["trim"] ?? 0, limit: 2, why: whyScan)
report.target("the first maybeCached scan costs at most 2× the readdir + fstatat loop (it runs on a background queue; the time includes making the backend)",
              ratio: worstRatio["first scan"] ?? 0, limit: 2,
              why: "the first scan also makes a backend (its folder checked through FileManager) and hashes every name into a Set<String>; the bare loop does neither")
report.chart("scaling.svg", SVGChart.lines(title: "Disk operations against the file count", x: counts.map(Double.init),
                                          series: ["store", "hit", "miss", "totalSize", "removeExpiredValues", "removeSizeExceededValues", "first maybeCached scan"].map { ChartSeries($0, perOperation[$0] ?? [], spreads: spreads[$0] ?? []) },
                                          xLabel: "files in the folder (log scale)", yLabel: "ns per call", logX: true, logY: true))
report.write()

// Disk overhead, in three layers measured side by side in one run:
//   the floor     — the system calls a disk cache needs, made from Swift through the C library:
//                   hit = stat + open + read + close; store = open + write + futimens + close;
//                   isCached = one stat;
//   Foundation    — what Kingfisher's own code does: URL.resourceValues + Data(contentsOf:) for a
//                   hit, Data.write + URL.setResourceValues for a store, resourceValues for isCached;
//   KFDCache      — DiskStorage.Backend's value, store and isCached.
// Then where a hit's time goes, and SHA-256 (the file names) against the system's tool.

import Foundation
import KFDCache
import WorkbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

if let probe = DiskInstructionProbe.requested {
    exit(try DiskInstructionProbe.run(probe.operation, count: probe.count) ? 0 : 64)
}

let options = ExperimentOptions.parse(Array(CommandLine.arguments.dropFirst()),
                                      usage: "USAGE: swift run -c release disk-overhead [--quick]")
let report = ExperimentReport(name: "disk-overhead", title: "Disk overhead: DiskStorage.Backend vs Foundation vs the system calls", options: options)

let scratch = try ScratchFolder("disk-overhead")
defer { scratch.remove() }
let folder = scratch.url

let sizes = options.quick ? [1 << 10, 64 << 10] : [1 << 10, 16 << 10, 256 << 10, 4 << 20]
let rounds = options.quick ? 3 : 11
let backend = try DiskStorage.Backend<Data>(config: .init(name: "overhead", sizeLimit: 0, directory: folder))
let floorFolder = folder.appendingPathComponent("floor", isDirectory: true).path
let foundationFolder = folder.appendingPathComponent("foundation", isDirectory: true)
try FileManager.default.createDirectory(atPath: floorFolder, withIntermediateDirectories: true)
try FileManager.default.createDirectory(at: foundationFolder, withIntermediateDirectories: true)

/// The system calls, from Swift. A buffer allocated once serves every read.
enum Floor {
    nonisolated(unsafe) static var buffer = [UInt8](repeating: 0, count: 8 << 20)   // nonisolated(unsafe): this program is single-threaded

    static func store(_ path: String, _ payload: Data, access: timespec, modification: timespec) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        payload.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
        var times = [access, modification]
        _ = futimens(fd, &times)
        close(fd)
    }

    static func hit(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min(Int(status.st_size), $0.count)) }
        close(fd)
        return count
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}

func now(plus seconds: Double) -> timespec { timespec(tv_sec: Int(Date().timeIntervalSince1970 + seconds), tv_nsec: 0) }

var rows: [[String]] = []
var series: [String: [Double]] = [:]
/// Each series' spreads (half the IQR over the median), drawn on the chart as the table prints them.
var spreads: [String: [Double]] = [:]
var ratios: [String: [Double]] = [:]
@MainActor func ratio(_ name: String, _ value: Double) -> String {
    ratios[name, default: []].append(value)
    return String(format: "%.2f×", value)
}
for size in sizes {
    let operations = max(10, min(300, (64 << 20) / size / 4))
    let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0) })
    let keys = (0..<operations).map { "https://images.example/\(size)/\($0).png" }
    let floorPaths = (0..<operations).map { "\(floorFolder)/f\($0)" }
    let foundationURLs = (0..<operations).map { foundationFolder.appendingPathComponent("f\($0)") }
    let expires = Date().addingTimeInterval(3600)

    // Store, in each layer (interleaved rounds inside Bench would mix caches; each runs its rounds).
    let floorStore = Bench.measure(rounds: rounds, operations: operations) { count in
        let access = now(plus: 0), modification = now(plus: 3600)
        for i in 0..<count { Floor.store(floorPaths[i % operations], payload, access: access, modification: modification) }
    }
    let foundationStore = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count {
            var url = foundationURLs[i % operations]
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

    // Hit.
    let floorHit = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(Floor.hit(floorPaths[i % operations])) }
    }
    let foundationHit = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count {
            let url = URL(fileURLWithPath: foundationURLs[i % operations].path)
            blackHole((try? url.resourceValues(forKeys: [.contentModificationDateKey, .contentAccessDateKey]))?.contentModificationDate == nil ? 0 : 1)
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

    // isCached of a stored key, and a miss.
    let floorStat = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(Floor.exists(floorPaths[i % operations]) ? 1 : 0) }
    }
    let foundationIsCached = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count {
            let url = URL(fileURLWithPath: foundationURLs[i % operations].path)
            blackHole((try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate == nil ? 0 : 1)
        }
    }
    let isCached = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(backend.isCached(forKey: keys[i % operations]) ? 1 : 0) }
    }
    let floorMissStat = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(Floor.exists("\(floorFolder)/none-\(i % operations)") ? 1 : 0) }
    }
    let miss = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(backend.isCached(forKey: "https://images.example/never/\(i % operations)") ? 1 : 0) }
    }
    try? backend.removeAll()

    let label = Stats.formatBytes(Int64(size))
    rows.append([label,
                 floorStore.summary, foundationStore.summary, store.summary, ratio("store", store.median / floorStore.median),
                 floorHit.summary, foundationHit.summary, hit.summary, ratio("hit", hit.median / floorHit.median),
                 hitNoExtension.summary, ratio("hit (.none)", hitNoExtension.median / floorHit.median),
                 floorStat.summary, foundationIsCached.summary, isCached.summary, ratio("isCached", isCached.median / floorStat.median),
                 floorMissStat.summary, miss.summary, ratio("miss", miss.median / floorMissStat.median)])
    for (name, result) in [("floor: store", floorStore), ("Foundation: store", foundationStore), ("KFDCache: store", store),
                           ("floor: hit", floorHit), ("Foundation: hit", foundationHit), ("KFDCache: hit", hit)] {
        series[name, default: []].append(result.median)
        spreads[name, default: []].append(result.spread)
    }
}

report.note("Each size: up to 300 operations a round on distinct files, \(rounds) rounds after a warm-up; median ± half the IQR. "
            + "Floor = system calls from Swift; Foundation = Kingfisher's own calls; ÷ = KFDCache over the floor.")
report.table("Per operation", columns: ["payload", "floor store", "Foundation store", "store", "÷",
                                        "floor hit", "Foundation hit", "hit", "÷", "hit (.none)", "÷",
                                        "floor stat", "Foundation isCached", "isCached", "÷",
                                        "floor stat (missing)", "miss (shortcut)", "÷"], rows: rows)

// A miss on a key never asked before: the table of recent keys' hashes cannot help, so this is
// the SHA-256 plus the shortcut. (The table above asks each key again every round.)
var firstAskRatio = 0.0
do {
    let operations = 300
    let fresh = (0..<(operations / 10 + rounds * operations)).map { "https://images.example/first-time/\($0).png" }
    var next = 0
    let firstAsk = Bench.measure(rounds: rounds, operations: operations) { count in
        for _ in 0..<count { blackHole(backend.isCached(forKey: fresh[next]) ? 1 : 0); next += 1 }
    }
    let floorMissStat = Bench.measure(rounds: rounds, operations: operations) { count in
        for i in 0..<count { blackHole(Floor.exists("\(floorFolder)/none-\(i % operations)") ? 1 : 0) }
    }
    firstAskRatio = firstAsk.median / floorMissStat.median
    report.table("A miss on a key asked for the first time", columns: ["floor stat (missing)", "miss, first ask", "÷"],
                 rows: [[floorMissStat.summary, firstAsk.summary, String(format: "%.2f×", firstAskRatio)]])
}

// Where a hit's time goes: each step alone, same key, same file.
var shortcutNanos = 0.0, keyHashNanos = 0.0
do {
    let key = "https://images.example/1024/7.png"
    try backend.store(value: Data(repeating: 7, count: 1 << 10), forKey: key)
    let steps = DiskHitAnatomy.measure(backend, key: key, rounds: rounds, operations: options.quick ? 2_000 : 20_000)
    report.table("Where a 1 KiB disk hit's time goes", columns: ["step", "time per call"], rows: steps.map { [$0.0, $0.1.summary] })
    report.note(DiskHitAnatomy.overlapNote.replacingOccurrences(of: "\n", with: " "))
    shortcutNanos = steps.first { $0.0.hasPrefix("the maybeCached shortcut") }?.1.median ?? 0
}

// SHA-256: a 64-byte key, and throughput against the system's tool on one large buffer.
do {
    let key = String(repeating: "k", count: 64)
    let keyTime = Bench.measure(rounds: rounds, operations: options.quick ? 5_000 : 200_000) { count in
        for _ in 0..<count { blackHole(key.kfd.sha256.utf8.count) } }
    keyHashNanos = keyTime.median
    let megabytes = options.quick ? 8 : 64
    let big = [UInt8](repeating: 0x5a, count: megabytes << 20)
    let ours = Stats.time { blackHole(SHA256.hexDigest(of: big).utf8.count) }
    let file = folder.appendingPathComponent("sha-input")
    try Data(big).write(to: file)
    var rowsSHA = [["64-byte key, KFDCache", keyTime.summary, ""]]
    var systemRatio: Double?
    if let tool = Toolchain.sha256Tool {
        _ = ChildProcess.run(tool.url, arguments: tool.arguments.dropLast() + [file.path], timeout: 120)   // warm the page cache
        let result = ChildProcess.run(tool.url, arguments: tool.arguments.dropLast() + [file.path], timeout: 120)
        let theirs = result.seconds * 1e9
        systemRatio = ours / theirs
        rowsSHA.append(["\(megabytes) MiB, KFDCache", Stats.formatNanoseconds(ours), String(format: "%.0f MiB/s", Double(megabytes) / ours * 1e9)])
        rowsSHA.append(["\(megabytes) MiB, \(tool.name) (a process)", Stats.formatNanoseconds(theirs), String(format: "%.0f MiB/s", Double(megabytes) / theirs * 1e9)])
    }
    report.table("SHA-256", columns: ["input", "time", "throughput"], rows: rowsSHA)
    report.target("A 64-byte key hashes in at most 0.5 µs (KFDCache's SHA-256, ratio to 500 ns)",
                  ratio: keyTime.median / 500, limit: 1.0,
                  why: "plain Swift, no SIMD or SHA instructions; the result String is the one allocation per call")
    if let systemRatio {
        report.target("SHA-256 throughput within 2× of the system's tool on a large buffer (ours ÷ theirs, time)",
                      ratio: systemRatio, limit: 2.0,
                      why: "the system's tool uses hand-tuned assembly (SHA extensions where the CPU has them); ours is portable Swift")
    }
}

@MainActor func worst(_ name: String) -> Double { ratios[name]?.max() ?? 0 }
report.target("A disk hit costs at most 1.3× stat + open + read + close (worst size)", ratio: worst("hit"), limit: 1.3,
              why: String(format: "a hit with .cacheTime also queues the date rewrite (a queue hop, then \(DiskHitAnatomy.dateRewrite(backend)) on another core: on 2 cores it competes with the next reads); without it (.none) the worst ratio is %.2f×, the rest being the file name (the key's hash, from the table of recent keys), the config snapshot and the shortcut (see the breakdown)", worst("hit (.none)")))
report.target("A disk store costs at most 1.3× open + write + futimens + close (worst size)", ratio: worst("store"), limit: 1.3,
              why: "a store writes a temporary file, sets its dates (\(DiskHitAnatomy.storeDates(backend))) and renames it into place — one more system call — so no reader ever sees half a file, and no clean sees a file without its dates")
report.target("isCached of a stored key costs at most 1.3× one stat", ratio: worst("isCached"), limit: 1.3,
              why: String(format: "before its stat, isCached finds the file name and checks the shortcut — measured alone at %@ (the config snapshot's lock; the key's hash from the table of recent keys, a dictionary lookup that hashes the key; the shortcut's lock and set lookup, which hashes the 64-character name) — then builds the path; its SHA-256 is skipped for a key asked lately (a key asked for the first time: see that table)", Stats.formatNanoseconds(shortcutNanos)))
report.target("A miss answered by the shortcut costs at most 0.5× one stat", ratio: worst("miss"), limit: 0.5,
              why: String(format: "a certain miss is the shortcut alone (%@ in the breakdown): two string hashes (the key, in the table of recent keys; the name, in the shortcut's set) and three uncontended locks, against a stat of a missing name that a warm dentry cache answers in about a microsecond. A key asked for the first time also pays its SHA-256 (%@ a 64-byte key): %.2f× a stat in this run", Stats.formatNanoseconds(shortcutNanos), Stats.formatNanoseconds(keyHashNanos), firstAskRatio))
let order = ["floor: store", "Foundation: store", "KFDCache: store", "floor: hit", "Foundation: hit", "KFDCache: hit"]
report.chart("disk-overhead.svg", SVGChart.lines(title: "Disk storage: system calls, Foundation, KFDCache", x: sizes.map(Double.init),
                                                series: order.map { ChartSeries($0, series[$0] ?? [], spreads: spreads[$0] ?? []) },
                                                xLabel: "payload (log scale)", yLabel: "ns per operation", logX: true, logY: true,
                                                xTickLabels: sizes.map { Stats.formatBytes(Int64($0)) }))
report.write()

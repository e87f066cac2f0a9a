// Chapter 8 — The hybrid cache (ImageCache's design).
// Memory holds decoded values, synchronously, under a lock; disk holds encoded bytes, on one serial
// I/O queue. The chapter times the three outcomes of a lookup side by side, watches a disk hit warm
// memory, shows what `fromMemoryCacheOrRefresh` skips, checks that the ioQueue keeps stores in
// order, and prints the memory limit Kingfisher would pick on this machine.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "8")!

    public static func run(_ lab: Lab) throws {
        let scratch = try ScratchFolder("ch08")
        defer { scratch.remove() }
        let folder = scratch.url
        let cache = try HybridCache(name: "chapter8", serializer: PPMSerializer(), directory: folder)

        try asymmetry(lab, cache)
        try anatomy(lab, cache)
        try warming(lab, cache)
        try memoryOrRefresh(lab, cache)
        try ordering(lab, cache)
        limits(lab, cache)
        evictionOrder(lab)
        try notReady(lab, folder: folder)
        try warmUndoesRemove(lab, folder: folder)

        lab.read([
            "Sources/KFDCache/HybridCache.swift — store (memory now, disk on ioQueue), retrieveImage, readDisk (warming)",
            "Sources/KFDCache/Bitmap.swift — the value: decoded RGB in memory, PPM on disk",
            "Sources/KFDCache/Lifecycle.swift — memory warning, background, terminate as explicit hooks",
            "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — store(_:original:forKey:options:toDisk:), retrieveImage",
            "Chapters/08-hybrid-cache/Lab/WarmAfterRemove.swift — Kingfisher 8.11.0's retrieve and remove, modelled",
            "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift:779, 649–653 — the warm, in the callback",
        ])
        lab.exercises()
    }

    /// Runs a lookup synchronously (the disk read through `loadDiskFileSynchronously`).
    static func lookup(_ cache: HybridCache<Bitmap>, _ key: String, _ options: CacheOptions) -> CacheType {
        var synchronous = options
        synchronous.loadDiskFileSynchronously = true
        let found: CacheType? = waitForCallback { done in
            cache.retrieveImage(forKey: key, options: synchronous) { done((try? $0.get())?.cacheType ?? .none) }
        }
        return found ?? .none
    }

    static func asymmetry(_ lab: Lab, _ cache: HybridCache<Bitmap>) throws {
        lab.part("asymmetry", "A memory hit, a disk hit and a miss, side by side")
        lab.claim("A memory hit is a dictionary lookup; a disk hit reads a file and decodes it; a miss\n"
                  + "costs a hash and a set lookup. The gap is why there are two layers.",
                  ko: "메모리 히트는 딕셔너리 조회 한 번이고, 디스크 히트는 파일을 읽어 디코딩하며, 미스는 해시 한 번과\n"
                      + "Set 조회 한 번의 비용이다. 이 차이가 계층이 둘인 이유다.")
        let side = lab.options.quick ? 64 : 256
        let rounds = lab.size(quick: 200, full: 2_000)
        let picture = Bitmap.gradient(width: side, height: side, seed: 8)
        let batch = 16
        lab.run("a \(side)×\(side) RGB bitmap (\(picture.cacheCost / 1024) KiB decoded); \(rounds) samples of each kind,\n"
                + "median; memory hits and misses timed in batches of \(batch) (the clock's step here is\n"
                + "\(Stats.formatNanoseconds(Stats.timerResolution))); disk hits one at a time, the memory copy removed before each")
        try storeAndWait(cache, picture, "picture")
        var memory: [Double] = [], disk: [Double] = [], miss: [Double] = []
        let options = CacheOptions()
        for index in 0..<rounds {
            memory.append(Stats.timePerCall(batch: batch) { _ = lookup(cache, "picture", options) })
            cache.memoryStorage.remove(forKey: "picture")
            disk.append(Stats.time { _ = lookup(cache, "picture", options) })
            miss.append(Stats.timePerCall(batch: batch) { _ = lookup(cache, "missing-\(index % 16)", options) })
        }
        let m = Stats.median(memory), d = Stats.median(disk), x = Stats.median(miss)
        let size = "\(picture.cacheCost / 1024) KiB"
        lab.measured("memoryHitNanos", m, "memory hit", Stats.formatNanoseconds(m))
        lab.measured("diskHitNanos", d, "disk hit of the \(size) bitmap (read + decode + warm)", Stats.formatNanoseconds(d))
        lab.measured("missNanos", x, "miss", Stats.formatNanoseconds(x))
        lab.measured("diskOverMemory", d / m, "disk hit ÷ memory hit", String(format: "%.0f×", d / m))
        lab.conclude(String(format: "In this run a disk hit of a %@ bitmap cost %.0f memory hits. Release builds (swift run -c release\n", size, d / m)
                     + "ch08-hybrid-cache) make both faster; the gap is the reason memory sits in front.",
                     ko: String(format: "이번 실행에서 %@ bitmap의 디스크 히트 하나는 메모리 히트 %.0f번의 비용이었다. release 빌드(swift run -c release\n", size, d / m)
                             + "ch08-hybrid-cache)에서는 둘 다 빨라지지만, 이 차이가 메모리를 앞에 두는 이유다.")
    }

    /// Where a disk hit's time goes, step by step (Experiments/disk-overhead has the release figures).
    static func anatomy(_ lab: Lab, _ cache: HybridCache<Bitmap>) throws {
        lab.part("anatomy", "Where a disk hit's time goes")
        lab.claim("A disk hit is a hash, a lookup in the shortcut set, and four system calls; the date rewrite\n"
                  + "runs afterwards, off the caller's thread.",
                  ko: "디스크 히트는 해시 한 번, 지름길 Set 조회 한 번, 시스템 콜 네 번이다. 날짜 다시 쓰기는 그 뒤에,\n"
                      + "호출자의 스레드 밖에서 돈다.")
        let operations = lab.size("operations", quick: 500, full: 5_000)
        lab.run("each step of DiskStorage.Backend.value(forKey:) timed alone on one 1 KiB file (not part 1's\n"
                + "bitmap: no decoding here), \(operations) calls × 5 rounds; the date rewrite is what this platform runs\n"
                + "(\(DiskHitAnatomy.dateRewrite(cache.diskStorage)), for lastAccessAttribute .\(cache.diskStorage.config.lastAccessAttribute))"
                + (Bench.isDebugBuild ? ";\na debug build: the Swift steps look slower than they are (swift run -c release ch08-hybrid-cache)" : ""))
        let key = "anatomy"
        try cache.diskStorage.store(value: Data(repeating: 7, count: 1 << 10), forKey: key)
        let steps = DiskHitAnatomy.measure(cache.diskStorage, key: key, rounds: 5, operations: operations)
        lab.table(["step (1 KiB file)", "time per call"], steps.map { [$0.0, $0.1.summary] })
        lab.note(DiskHitAnatomy.overlapNote)
        lab.record("steps", .object(Dictionary(uniqueKeysWithValues: steps.map { ($0.0, JSONValue.double($0.1.median)) })))
        let floor = steps.first { $0.0.hasPrefix("stat") }?.1.median ?? 0, whole = steps.last?.1.median ?? 1
        lab.measured("systemCallShare", floor / whole, "the system calls' share of a 1 KiB hit", String(format: "%.0f%%", 100 * floor / whole))
        lab.conclude(String(format: "The system calls were %.0f%% of a 1 KiB hit in this run. ", 100 * floor / whole) + "The rest is the price of naming files by hash (SHA-256) and of answering certain misses\n"
                     + "without the disk (the shortcut). In a release build the system calls are most of a hit\n"
                     + "(Experiments/README.md); in a debug build the Swift steps weigh far more.",
                     ko: String(format: "이번 실행에서 시스템 콜은 1 KiB 히트의 %.0f%%였다. ", 100 * floor / whole) + "나머지는 파일 이름을 해시(SHA-256)로 정하는 비용과,\n"
                             + "확실한 미스에 디스크 없이 답하는 비용(지름길)이다. release 빌드에서는 시스템 콜이 히트의 대부분이고\n"
                             + "(Experiments/README.md), debug 빌드에서는 Swift 단계들이 훨씬 무겁다.")
    }

    static func warming(_ lab: Lab, _ cache: HybridCache<Bitmap>) throws {
        lab.part("warming", "A disk hit warms memory")
        lab.claim("After a value is found on disk, it is stored in memory: the next lookup is a memory hit.",
                  ko: "디스크에서 값을 찾으면 메모리에도 저장한다: 다음 조회는 메모리 히트다.")
        lab.run("clear memory; look up twice; record where each lookup found it")
        cache.clearMemoryCache()
        let first = lookup(cache, "picture", CacheOptions()), second = lookup(cache, "picture", CacheOptions())
        lab.measured("first", "\(first)", "first lookup found it in")
        lab.measured("second", "\(second)", "second lookup found it in")
        lab.conclude(first == .disk && second == .memory
            ? "The first lookup read the disk and the second found memory: a disk hit warms memory."
            : "The lookups found it in \(first), then \(second): not disk then memory as claimed — see readDisk.",
                     ko: first == .disk && second == .memory
                         ? "첫 조회는 디스크를 읽었고 두 번째는 메모리에서 찾았다: 디스크 히트가 메모리를 워밍한다."
                         : "조회는 \(first)에서, 다음엔 \(second)에서 찾았다: 말한 대로 디스크 다음 메모리가 아니다 —\n"
                           + "readDisk를 보자.")
    }

    static func memoryOrRefresh(_ lab: Lab, _ cache: HybridCache<Bitmap>) throws {
        lab.part("memoryOrRefresh", "fromMemoryCacheOrRefresh: what it skips")
        lab.claim("With fromMemoryCacheOrRefresh a memory miss is reported as none, without reading the\n"
                  + "disk: the caller is about to download a fresh value anyway.",
                  ko: "fromMemoryCacheOrRefresh이면 메모리 미스는 디스크를 읽지 않고 none으로 보고된다: 호출자는\n"
                      + "어차피 새 값을 다운로드하려는 참이다.")
        lab.run("value on disk only; one lookup with the option, one without")
        cache.clearMemoryCache()
        var refresh = CacheOptions()
        refresh.fromMemoryCacheOrRefresh = true
        var withOption = CacheType.none
        let skipped = Stats.time { withOption = lookup(cache, "picture", refresh) }
        cache.clearMemoryCache()
        var without = CacheType.none
        let read = Stats.time { without = lookup(cache, "picture", CacheOptions()) }
        lab.measured("withOption", "\(withOption)", "with the option: found in", "\(withOption) (\(Stats.formatNanoseconds(skipped)))")
        lab.measured("withoutOption", "\(without)", "without: found in", "\(without) (\(Stats.formatNanoseconds(read)))")
        lab.conclude(withOption == .none && without == .disk
            ? "With the option the lookup answered none in \(Stats.formatNanoseconds(skipped)) without the disk; without it,\n"
              + "the same lookup read the disk (\(Stats.formatNanoseconds(read)))."
            : "With the option: \(withOption); without: \(without) — not none then disk as claimed.",
                     ko: withOption == .none && without == .disk
                         ? "옵션이 있으면 조회는 디스크 없이 \(Stats.formatNanoseconds(skipped)) 만에 none으로 답했다.\n"
                           + "옵션이 없으면 같은 조회가 디스크를 읽었다 (\(Stats.formatNanoseconds(read)))."
                         : "옵션이 있을 때: \(withOption), 없을 때: \(without) — 말한 대로 none 다음 디스크가 아니다.")
    }

    static func ordering(_ lab: Lab, _ cache: HybridCache<Bitmap>) throws {
        lab.part("ordering", "The ioQueue makes serialize → write → callback one unit")
        lab.claim("Stores to one key finish in the order they were made, and the file holds the last one.",
                  ko: "한 key에 대한 store는 호출된 순서대로 끝나고, 파일에는 마지막 것이 남는다.")
        let count = lab.size(quick: 50, full: 500)
        lab.run("\(count) stores of different pictures to one key, back to back; completion order recorded")
        let order = LockedList<Int>()
        let group = DispatchGroup()
        let pictures = (0..<count).map { Bitmap.gradient(width: 8, height: 8, seed: $0) }
        for index in 0..<count {
            group.enter()
            cache.store(pictures[index], forKey: "ordered") { _ in order.append(index); group.leave() }
        }
        group.wait()
        let completions = order.values
        let outOfOrder = zip(completions, completions.dropFirst()).filter { $0 >= $1 }.count
        cache.memoryStorage.remove(forKey: "ordered")
        let onDisk = try PPMSerializer().value(with: Data(contentsOf: URL(fileURLWithPath: cache.cachePath(forKey: "ordered"))))
        lab.measured("outOfOrder", outOfOrder, "completions out of call order", "\(outOfOrder) of \(count)")
        lab.measured("fileHoldsLast", onDisk == pictures[count - 1], "the file holds the last store")
        lab.conclude(outOfOrder == 0 && onDisk == pictures[count - 1]
            ? "All \(count) stores finished in call order and the file holds the last: one serial queue\n"
              + "keeps each store's serialize, write and callback together."
            : "\(outOfOrder) of \(count) completions came out of order\(onDisk == pictures[count - 1] ? "" : ", and the file does not hold the last store"):\n"
              + "the ioQueue is not keeping stores in order.",
                     ko: outOfOrder == 0 && onDisk == pictures[count - 1]
                             ? "store \(count)개가 모두 호출 순서대로 끝났고 파일에는 마지막 것이 남았다: 직렬 큐 하나가\n"
                               + "store마다 직렬화, 쓰기, 콜백을 한데 묶어 둔다."
                             : "completion \(count)개 중 \(outOfOrder)개가 순서를 벗어났다\(onDisk == pictures[count - 1] ? "" : ", 그리고 파일에 마지막 store가 남지 않았다"):\n"
                               + "ioQueue가 store의 순서를 지키지 못하고 있다.")
    }

    static func limits(_ lab: Lab, _ cache: HybridCache<Bitmap>) {
        lab.part("limits", "The memory limit on this machine")
        lab.claim("Kingfisher gives memory a quarter of the physical memory; 002 chose 5%.",
                  ko: "Kingfisher는 메모리에 물리 메모리의 4분의 1을 준다. 002는 5%를 골랐다.")
        let physical = ProcessInfo.processInfo.physicalMemory
        lab.run("ProcessInfo.physicalMemory and the two fractions")
        lab.measured("physicalMemory", Int(physical), "physical memory", Stats.formatBytes(Int(physical)))
        lab.measured("quarter", cache.memoryStorage.config.totalCostLimit, "HybridCache default (¼)",
                     Stats.formatBytes(cache.memoryStorage.config.totalCostLimit))
        let five = HybridCache<Bitmap>.memoryCostLimit(fractionOfPhysicalMemory: 0.05)
        lab.measured("fivePercent", five, "memoryCostLimit(fractionOfPhysicalMemory: 0.05)",
                     Stats.formatBytes(five))
        lab.conclude("The limit is in cost units; Bitmap's cost is its bytes, so these are bytes. Chapter 9\n"
                     + "shows what happens when the two units disagree.",
                     ko: "limit은 cost 단위이고, Bitmap의 cost는 바이트이므로 이것은 바이트다. 두 단위가 어긋나면 무슨\n"
                         + "일이 생기는지는 9장이 보여 준다.")
    }

    static func storeAndWait(_ cache: HybridCache<Bitmap>, _ value: Bitmap, _ key: String) throws {
        let result: CacheStoreResult? = waitForCallback { done in cache.store(value, forKey: key, completionHandler: done) }
        try result?.diskCacheResult.get()
    }
}

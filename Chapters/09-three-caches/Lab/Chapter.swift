// Chapter 9 — Three caches compared.
// Kingfisher's design (HybridCache), source 002's (mtime as the TTL clock, a whole-folder scan on
// entering the background, errors swallowed) and source 003's (any Codable key and value, one
// serial queue per storage, a change stream): one workload and the same faults, run against each.

import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "9")!

    public static func run(_ lab: Lab) throws {
        let scratch = try ScratchFolder("ch09")
        defer { scratch.remove() }
        let root = scratch.url
        func contenders(_ name: String) throws -> [any Contender] {
            let folder = root.appendingPathComponent(name)
            return [try KingfisherContender(directory: folder), Learner002Contender(directory: folder),
                    try Learner003Contender(directory: folder)]
        }

        try workload(lab, try contenders("workload"))
        try folderDeleted(lab, try contenders("folder"))
        try corruptFile(lab, try contenders("corrupt"))
        try memoryBound(lab, root.appendingPathComponent("bound"))
        keyIdentity(lab)
        try slidingTTL(lab, root.appendingPathComponent("ttl"))
        try twoQueues(lab, root.appendingPathComponent("queues"))
        try recreateFails(lab, root.appendingPathComponent("recreate"))

        lab.read([
            "Chapters/09-three-caches/Lab/Learner002Cache.swift — 002, rebuilt from its notes",
            "Chapters/09-three-caches/Lab/Learner003Cache.swift — 003's design (AsyncStream instead of Combine)",
            "Sources/KFDCache/HybridCache.swift — the contender named Kingfisher: this library's ImageCache",
            "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — the design it follows",
            "Chapters/09-three-caches/Lab/Contenders.swift — the one interface all three run behind",
            "Chapters/09-three-caches/Lab/SlidingTTL.swift, TwoQueues.swift — 002's TTL and skipped writes, 003's two queues",
            "Chapters/09-three-caches/Lab/RecreateFails.swift — Kingfisher 8.11.0's prepareDirectory and store, modelled",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift:128–143, 163–198 — storageReady, set false, never back",
        ])
        lab.exercises()
    }

    // MARK: 1. One workload

    static func workload(_ lab: Lab, _ caches: [any Contender]) throws {
        lab.part("workload", "The same workload against each")
        let count = lab.size(quick: 40, full: 300), reads = lab.size(quick: 400, full: 4_000)
        let side = lab.options.quick ? 32 : 96
        lab.claim("All three return the right pictures; they differ in what a hit costs and what the\n"
                  + "disk holds.",
                  ko: "셋 다 올바른 그림을 돌려준다. 다른 것은 히트 한 번의 비용과 디스크에 남는 것이다.")
        lab.run("\(count) pictures of \(side)×\(side) stored; \(reads) reads (seed \(lab.options.seed), 80% from a hot fifth);\n"
                + "memory cleared half-way through (a memory warning)")
        let pictures = (0..<count).map { Bitmap.gradient(width: side, height: side, seed: $0) }
        var rows: [[String]] = []
        for cache in caches {
            for (index, picture) in pictures.enumerated() { _ = cache.store(picture, forKey: "p\(index)") }
            var generator = SeededGenerator(seed: lab.options.seed)
            var correct = 0, wrong = 0, misses = 0
            let nanos = Stats.time {
                for read in 0..<reads {
                    if read == reads / 2 { cache.clearMemory() }
                    let hot = generator.next() % 10 < 8
                    let index = Int(generator.next() % UInt64(hot ? max(1, count / 5) : count))
                    switch cache.load("p\(index)") {
                    case .value(let found): if found == pictures[index] { correct += 1 } else { wrong += 1 }
                    case .miss, .error: misses += 1
                    }
                }
            }
            let bytes = (try? FileManager.default.contentsOfDirectory(at: cache.folder, includingPropertiesForKeys: [.fileSizeKey]))?
                .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) } ?? 0
            let key = slug(cache.name)
            lab.record(key, .object(["correct": .int(correct), "wrong": .int(wrong), "misses": .int(misses),
                                     "nanosPerRead": .double(nanos / Double(reads)), "diskBytesPerPicture": .double(Double(bytes) / Double(count))]))
            rows.append([cache.name, "\(correct)", "\(wrong)", "\(misses)", Stats.formatNanoseconds(nanos / Double(reads)),
                         String(format: "%.1f KiB", Double(bytes) / Double(count) / 1024)])
        }
        lab.table(["design", "right", "wrong", "misses", "per read", "disk/picture"], rows)
        lab.conclude("003's JSON stores each byte as up to four characters: its files are several times the\n"
                     + "PPM bytes the other two write. Per-read times are this run's, debug build.",
                     ko: "003의 JSON은 바이트 하나를 최대 네 글자로 저장한다: 그 파일은 다른 둘이 쓰는 PPM 바이트의 몇\n"
                         + "배다. 읽기당 시간은 이번 실행의 것이고, debug 빌드다.")
    }

    // MARK: 2. The folder deleted

    static func folderDeleted(_ lab: Lab, _ caches: [any Contender]) throws {
        lab.part("folderDeleted", "Fault: the cache folder deleted while in use")
        lab.claim("Kingfisher makes the folder again and retries; a design that ignores the write's result\n"
                  + "loses the value silently; one that throws at least says so.",
                  ko: "Kingfisher는 폴더를 다시 만들고 재시도한다. 쓰기 결과를 무시하는 설계는 값을 조용히 잃고,\n"
                      + "throw하는 설계는 적어도 잃었다고 말해 준다.")
        lab.run("store p0; delete the folder; store p1; clear memory; read p1")
        var rows: [[String]] = []
        var kept: [String] = [], lostSilently: [String] = [], lostReported: [String] = []
        for cache in caches {
            _ = cache.store(Bitmap.gradient(width: 8, height: 8), forKey: "p0")
            try? FileManager.default.removeItem(at: cache.folder)
            let reported = cache.store(Bitmap.gradient(width: 8, height: 8, seed: 1), forKey: "p1")
            cache.clearMemory()
            let outcome = cache.load("p1")
            let found = outcome == .value(Bitmap.gradient(width: 8, height: 8, seed: 1))
            lab.record(slug(cache.name), .object(["storeReportedError": .bool(reported != nil), "foundAfter": .bool(found)]))
            rows.append([cache.name, reported == nil ? "no" : "yes", found ? "yes" : "no"])
            if found { kept.append(shortName(cache)) } else if reported == nil { lostSilently.append(shortName(cache)) } else { lostReported.append(shortName(cache)) }
        }
        lab.table(["design", "store error reported", "p1 read back"], rows)
        lab.conclude("p1 was read back by \(listed(kept)), lost silently by \(listed(lostSilently)), and lost with an\n"
                     + "error by \(listed(lostReported)).",
                     ko: "p1을 다시 읽어 온 것: \(listed(kept, korean: true)), 조용히 잃은 것: \(listed(lostSilently, korean: true)), 에러와 함께\n"
                         + "잃은 것: \(listed(lostReported, korean: true)).")
    }

    // MARK: 3. A corrupt file

    static func corruptFile(_ lab: Lab, _ caches: [any Contender]) throws {
        lab.part("corruptFile", "Fault: a file whose bytes cannot be decoded")
        lab.claim("The caller should hear about it once, clearly — not get a silent miss. (Real Kingfisher 8.11\n"
                  + "gives the silent miss: its serializer returns nil, and ImageCache reports .none.)",
                  ko: "호출자는 그 사실을 한 번, 분명하게 들어야 한다 — 조용한 미스가 아니라. (실제 Kingfisher\n"
                      + "8.11은 조용한 미스를 준다: serializer가 nil을 반환하고 ImageCache는 .none을 보고한다.)")
        lab.run("store p0; overwrite its file with text (dates kept); clear memory; read p0")
        var rows: [[String]] = []
        var errors: [String] = [], misses: [String] = [], values: [String] = []
        for cache in caches {
            _ = cache.store(Bitmap.gradient(width: 8, height: 8), forKey: "p0")
            let url = cache.fileURL("p0")
            let dates = try URL(fileURLWithPath: url.path).resourceValues(forKeys: [.contentAccessDateKey, .contentModificationDateKey])
            try Data("this is not a picture".utf8).write(to: url)
            var restore = URLResourceValues()
            restore.contentAccessDate = dates.contentAccessDate
            restore.contentModificationDate = dates.contentModificationDate
            var target = url
            try target.setResourceValues(restore)
            cache.clearMemory()
            let outcome = cache.load("p0")
            let shown: String
            switch outcome {
            case .value: shown = "a picture (!)"
            case .miss: shown = "a silent miss"
            case .error(let message): shown = "an error: \(message.prefix(44))…"
            }
            if case .error = outcome { lab.record(slug(cache.name), .string("error")) } else { lab.record(slug(cache.name), .string(outcome == .miss ? "miss" : "value")) }
            switch outcome {
            case .error: errors.append(shortName(cache))
            case .miss: misses.append(shortName(cache))
            case .value: values.append(shortName(cache))
            }
            rows.append([cache.name, shown])
        }
        lab.table(["design", "what the read gave"], rows)
        lab.note("HybridCache's row is this library's throwing PPM serializer. Kingfisher 8.11 itself (read, not run:\n"
                 + "Sources/Cache/CacheSerializer.swift, Sources/Cache/ImageCache.swift at 8.11.0) would give 002's answer:\n"
                 + "image(with:options:) returns nil, retrieveImageInDiskCache reports .notFound, the caller gets .none.")
        lab.conclude("The corrupt file was reported as an error by \(listed(errors)) and as a silent miss by \(listed(misses))"
                     + (values.isEmpty ? "." : ", and came back as a picture from \(listed(values)) (!)."),
                     ko: "손상된 파일을 에러로 보고한 것: \(listed(errors, korean: true)), 조용한 미스로 보고한 것: \(listed(misses, korean: true))"
                             + (values.isEmpty ? "." : ", 그리고 그림으로 돌려준 것: \(listed(values, korean: true)) (!)."))
    }

    /// "HybridCache (Kingfisher's design)" → "HybridCache", for a conclusion's list.
    static func shortName(_ cache: any Contender) -> String {
        String(cache.name.prefix { $0 != " " })
    }

    /// ["A", "B", "C"] → "A, B and C"; [] → "none". In Korean: "A, B, C"; [] → "없음".
    static func listed(_ names: [String], korean: Bool = false) -> String {
        if korean { return names.isEmpty ? "없음" : names.joined(separator: ", ") }
        return names.count <= 1 ? names.first ?? "none" : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    // MARK: 4. What bounds memory

    static func memoryBound(_ lab: Lab, _ folder: URL) throws {
        lab.part("memoryBound", "What bounds memory")
        let count = lab.size(quick: 60, full: 200)
        lab.claim("A limit only works in the unit the costs are given in. 002 computes 5% of RAM in\n"
                  + "megabytes and stores objects with no cost at all: nothing is ever evicted.",
                  ko: "limit은 cost가 주어진 단위에서만 동작한다. 002는 RAM의 5%를 메가바이트로 계산하고 객체는\n"
                      + "cost 없이 저장한다: 아무것도 퇴출되지 않는다.")
        lab.run("\(count) pictures of 64×64 (12 KiB each) stored; Kingfisher given a 256 KiB budget (costs in bytes),\n"
                + "002 its own formula (\(Learner002Cache.memoryLimit) \"cost units\" here), 003 a count limit of 10")
        let caches: [any Contender] = [try KingfisherContender(directory: folder, memoryCostLimit: 256 * 1024),
                                       Learner002Contender(directory: folder), try Learner003Contender(directory: folder, countLimit: 10)]
        var rows: [[String]] = []
        for cache in caches {
            let sample = Bitmap.gradient(width: 64, height: 64, seed: 0)
            let budget = cache.memoryBudget(for: sample)
            for index in 0..<count { _ = cache.store(Bitmap.gradient(width: 64, height: 64, seed: index), forKey: "m\(index)") }
            let inMemory = (0..<count).filter { cache.isInMemory("m\($0)") }.count
            let over = budget.overLimitAfter(stores: count)
            lab.record(slug(cache.name), .object([
                "limit": .int(budget.limit), "unit": .string(budget.unit.rawValue), "perValue": .int(budget.perValue),
                "overLimitAfter": over.map { .int($0) } ?? .null, "inMemory": .int(inMemory),
            ]))
            rows.append([cache.name, "\(budget.limit) (\(budget.unit.rawValue))", "\(budget.perValue)",
                         over.map { "store \($0)" } ?? "never", "\(inMemory) of \(count) (\(inMemory * 12) KiB)"])
        }
        lab.table(["design", "limit", "per value", "over limit from", "in memory"], rows)
        lab.note(Platform.isMac
                 ? "On a Mac, NSCache's limits are advisory: it may keep more than its limit until memory is\n"
                   + "short, so 'in memory' can exceed the limit. 'Over limit from' is what each design asked for."
                 : "Here (corelibs) NSCache evicts inside setObject as soon as a limit is exceeded, so 'in\n"
                   + "memory' follows the limits exactly. On a Mac, limits are advisory: NSCache may keep more.")
        lab.conclude("Kingfisher's limit is bytes because Bitmap's cost is bytes. 002's, on a phone, would\n"
                     + "also be a few hundred \"units\" — with zero-cost objects it never applies.",
                     ko: "Kingfisher의 limit이 바이트인 것은 Bitmap의 cost가 바이트이기 때문이다. 002의 limit은\n"
                         + "폰에서도 몇백 \"단위\"쯤일 텐데, cost가 0인 객체에는 어차피 적용되지 않는다.")
    }

    static func slug(_ name: String) -> String {
        if name.hasPrefix("HybridCache") { return "kingfisher" }
        return name.hasPrefix("002") ? "learner002" : "learner003"
    }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

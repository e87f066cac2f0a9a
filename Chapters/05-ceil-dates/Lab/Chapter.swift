// Chapter 5 — `ceil` and file-date precision.
// A Date is a Double of seconds; a file time is whatever the file system keeps. The chapter writes
// dates as file times and counts how many come back earlier, shows what that does to an expiration
// check with and without Kingfisher's `fileAttributeDate` (ceil), simulates coarse file systems,
// and measures what a straight port of Kingfisher's `creationDate` does on Linux.

import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "5")!

    public static func run(_ lab: Lab) throws {
        let scratch = try ScratchFolder("ch05")
        defer { scratch.remove() }
        let folder = scratch.url

        try roundTrip(lab, folder: folder)
        coarseFileSystems(lab)
        try linuxCreationDate(lab, folder: folder)
        try expiredUntilDated(lab, folder: folder)

        lab.read([
            "Sources/KFDCache/Storage.swift — `Date.fileAttributeDate` (the ceil) and why",
            "Sources/KFDCache/FileMeta.swift — `FileDates.write` and `extendExpiration`",
            "Sources/KFDCache/DiskStorage.swift — `LastAccessAttribute`: where last access lives per platform",
            "Kingfisher 8.11.0: Sources/Utility/ExtensionHelpers.swift — `fileAttributeDate` (the same from 5.7.0)",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `FileMeta`",
            "Chapters/05-ceil-dates/Lab/StoreWindow.swift — Kingfisher 8.11.0's store and value, modelled",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift:180, 207 — the write, then the dates",
            "Sources/KFDCache/DiskStorageBackend.swift — `store`: a temporary file, its dates, then rename",
        ])
        lab.exercises()
    }

    // MARK: 1–2. Dates through the file system

    static func roundTrip(_ lab: Lab, folder: URL) throws {
        lab.part("roundTrip", "Write a date as a file time, read it back")
        lab.claim("Some dates come back earlier than written; an expiration that comes back early makes\n"
                  + "a valid entry read as expired. Rounded up to whole seconds first, none does.",
                  ko: "어떤 날짜는 쓴 것보다 이르게 돌아온다. 만료 날짜가 이르게 돌아오면 유효한 항목이 만료된\n"
                      + "것으로 읽힌다. 먼저 정수 초로 올림해 두면 하나도 그러지 않는다.")
        let count = lab.size(quick: 2_000, full: 20_000)
        lab.run("\(count) random dates (seed \(lab.options.seed)) with fractional seconds, set as one file's\n"
                + "modification time (URL.setResourceValues), read back; then the same dates after ceil")
        let file = folder.appendingPathComponent("probe")
        try Data("x".utf8).write(to: file)
        var generator = SeededGenerator(seed: lab.options.seed)
        var early = 0, earlyWithCeil = 0, late = 0
        var worst = 0.0
        let base = Date().timeIntervalSince1970
        for _ in 0..<count {
            let written = Date(timeIntervalSince1970: base + Double(generator.next() % 1_000_000_000) / 1_000)
            let back = try roundTrip(written, file)
            if back < written { early += 1; worst = max(worst, written.timeIntervalSince(back)) }
            if back > written { late += 1 }
            if try roundTrip(written.fileAttributeDate, file) < written { earlyWithCeil += 1 }
        }
        lab.measured("earlier", early, "came back earlier than written", "\(early) of \(count)")
        lab.measured("later", late, "came back later than written", "\(late) of \(count)")
        lab.measured("worstEarlyMicroseconds", worst * 1e6, "largest early error", String(format: "%.3f µs", worst * 1e6))
        lab.measured("earlyWithCeil", earlyWithCeil, "read as expired early, written with ceil", "\(earlyWithCeil) of \(count)")
        // Rounding to the nearest tick would move some dates later and some earlier; truncation
        // (toward the past) moves them only earlier. Kingfisher's comment says the system rounds.
        let direction = early > 0 && late == 0 ? "truncated" : early > 0 && late > 0 ? "both ways" : late > 0 ? "later only" : "exact"
        lab.measured("direction", direction, "which way the errors went",
                     direction == "truncated" ? "only earlier: truncation toward the past, not rounding"
                         : direction == "both ways" ? "earlier and later: consistent with rounding to nearest" : direction)
        lab.conclude(early > 0
            ? "Each of the \(early) early dates is an entry that reads as expired up to \(String(format: "%.2f", worst * 1e6)) µs\n"
              + "before its time. A Double holds more digits than the file system keeps; ceil removes the doubt."
            : "No date came back early on this file system in this run; ceil costs nothing here either.",
                     ko: early > 0
                         ? "이른 날짜 \(early)개는 각각 제 시각보다 최대 \(String(format: "%.2f", worst * 1e6)) µs\n"
                           + "먼저 만료된 것으로 읽히는 항목이다. Double은 파일 시스템이 보관하는 것보다 많은 자릿수를\n"
                           + "담는다. ceil은 그 애매함을 없앤다."
                         : "이번 실행에서 이 파일 시스템에서는 이르게 돌아온 날짜가 없었다. 여기서도 ceil의 비용은 없다.")
    }

    static func roundTrip(_ date: Date, _ file: URL) throws -> Date {
        var values = URLResourceValues()
        values.contentModificationDate = date
        var target = file
        try target.setResourceValues(values)
        let read = URL(fileURLWithPath: file.path)
        return try read.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast
    }

    // MARK: 3. Coarse file systems

    static func coarseFileSystems(_ lab: Lab) {
        lab.part("coarse", "A simulated file system that keeps whole seconds (or two)")
        lab.claim("On a file system that truncates (or rounds) times, an unrounded expiration comes back up to a whole\n"
                  + "tick early. Rounding *up* to the tick keeps every entry until at least its time.",
                  ko: "시각을 버림(또는 반올림)하는 파일 시스템에서, 올림하지 않은 만료 날짜는 최대 한 tick만큼\n"
                      + "이르게 돌아온다. tick 단위로 *올림*하면 모든 항목이 적어도 제 시각까지 남는다.")
        let count = lab.size(quick: 10_000, full: 100_000)
        lab.run("\(count) random expirations, stored by truncating to 1 s (HFS+), by rounding to the nearest\n"
                + "1 s (what Kingfisher's comment on fileAttributeDate says the system does), and by truncating to 2 s (FAT)")
        var generator = SeededGenerator(seed: lab.options.seed &+ 5)
        for (tick, rule) in [(1.0, FloatingPointRoundingRule.down), (1.0, .toNearestOrAwayFromZero), (2.0, .down)] {
            var early = 0, earlyCeil = 0, total = 0.0
            for _ in 0..<count {
                let e = 1_700_000_000 + Double(generator.next() % 100_000_000) / 1_000
                let stored = (e / tick).rounded(rule) * tick
                if stored < e { early += 1; total += e - stored }
                let storedCeil = (ceil(e) / tick).rounded(rule) * tick
                if storedCeil < e { earlyCeil += 1 }
            }
            let name = tick == 2 ? "twoSeconds" : rule == .down ? "oneSecond" : "oneSecondRounded"
            let ticks = "\(Int(tick)) s ticks\(rule == .down ? "" : ", rounded")"
            lab.measured("\(name)Early", early, "\(ticks): early without ceil",
                         "\(early) of \(count), by \(String(format: "%.2f", early > 0 ? total / Double(early) : 0)) s on average")
            lab.measured("\(name)EarlyWithCeil", earlyCeil, "\(ticks): early with ceil", "\(earlyCeil) of \(count)")
        }
        lab.conclude("Truncating or rounding, whole seconds fix every file system with 1 s or finer ticks — which\n"
                     + "is every file system Kingfisher runs on (APFS keeps nanoseconds). Rounding makes about half\n"
                     + "the unrounded entries early, truncation almost all. FAT's 2 s ticks would need more.",
                     ko: "버림이든 반올림이든, 정수 초로 맞추면 tick이 1 s 이하인 모든 파일 시스템이 해결된다 —\n"
                         + "Kingfisher가 도는 모든 파일 시스템이 그렇다 (APFS는 나노초까지 보관한다). 반올림하면\n"
                         + "올림하지 않은 항목의 절반 정도가, 버림하면 거의 전부가 이르게 돌아온다. FAT의 2 s tick에는\n"
                         + "더 필요하다.")
    }

    // MARK: 4. Linux creationDate

    static func linuxCreationDate(_ lab: Lab, folder: URL) throws {
        lab.part("creationDate", "Kingfisher's creationDate on this platform, next to the library's fix")
        lab.claim("On Linux, setting creationDate does nothing and reading it returns the inode's change\n"
                  + "time. A straight port's .cacheTime lifetime creeps up on every read, and any chmod\n"
                  + "makes a file look freshly used. Keeping last access in atime (written on purpose) doesn't.",
                  ko: "Linux에서는 creationDate를 설정해도 아무 일도 없고, 읽으면 inode의 change time이 돌아온다.\n"
                      + "그대로 옮긴 구현의 .cacheTime 수명은 읽을 때마다 늘어나고, chmod 한 번이면 파일이 방금 쓰인\n"
                      + "것처럼 보인다. last access를 atime에 (일부러 써서) 두면 그렇지 않다.")
        let reads = lab.size(quick: 10, full: 30)
        lab.run("store with .seconds(20), read \(reads) times with .cacheTime, wait, then chmod the file;\n"
                + "once with lastAccessAttribute = .creationDate (Kingfisher's), once with the platform default")
        var lifetimes: [Double] = []
        for (key, attribute) in [("straightPort", DiskStorage.LastAccessAttribute.creationDate),
                                 ("library", .platformDefault)] {
            var config = DiskStorage.Config(name: key, sizeLimit: 0, directory: folder)
            config.lastAccessAttribute = attribute
            let backend = try DiskStorage.Backend<Data>(config: config)
            try backend.store(value: Data("v".utf8), forKey: "k", expiration: .seconds(20))
            let url = backend.cacheFileURL(forKey: "k")
            for _ in 0..<reads {
                _ = try backend.value(forKey: "k")
                backend.waitForMetadataUpdates()
                Thread.sleep(forTimeInterval: 0.01)
            }
            let before = try dates(url, attribute)
            Thread.sleep(forTimeInterval: lab.options.quick ? 0.3 : 1)   // let the clock move before the chmod
            let lifetime = before.expiration.timeIntervalSince(before.lastAccess)
            lifetimes.append(lifetime)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            let after = try dates(url, attribute)
            let moved = after.lastAccess.timeIntervalSince(before.lastAccess)
            let label = attribute == .creationDate ? "creationDate (Kingfisher)" : "\(attribute) (library)"
            lab.measured("\(key)Lifetime", lifetime, "\(label): lifetime after \(reads) reads",
                         String(format: "%.3f s (stored: 20 s)", lifetime))
            lab.measured("\(key)ChmodMovedLastAccess", moved, "\(label): chmod moved last access by",
                         String(format: "%.3f s", moved))
        }
        lab.conclude(Lab.platform == "linux"
            ? "The straight port's lifetime grew with each read and a chmod rewrote its last access;\n"
              + "the library's stayed at 20 s and ignored the chmod. Trimming order follows suit."
            : String(format: "On this platform creationDate is writable: the lifetimes after %d reads were %.3f s and %.3f s.\n", reads, lifetimes[0], lifetimes[1])
              + "Run it on Linux to see a straight port's creep.",
                     ko: Lab.platform == "linux"
                             ? "그대로 옮긴 구현의 수명은 읽을 때마다 늘었고 chmod가 마지막 접근 시각을 다시 썼다. 라이브러리의\n"
                               + "수명은 20 s에 머물렀고 chmod를 무시했다. 용량 정리 순서도 그 결과를 그대로 따른다."
                             : String(format: "이 플랫폼에서는 creationDate를 쓸 수 있다: %d번 읽은 뒤의 수명은 %.3f s와 %.3f s였다.\n", reads, lifetimes[0], lifetimes[1])
                               + "그대로 옮긴 구현의 수명이 늘어나는 것은 Linux에서 돌려 보면 보인다.")
    }

    static func dates(_ url: URL, _ attribute: DiskStorage.LastAccessAttribute) throws -> (lastAccess: Date, expiration: Date) {
        let fresh = URL(fileURLWithPath: url.path)
        let values = try fresh.resourceValues(forKeys: [.creationDateKey, .contentAccessDateKey, .contentModificationDateKey])
        let last = attribute == .creationDate ? values.creationDate : values.contentAccessDate
        return (last ?? .distantPast, values.contentModificationDate ?? .distantPast)
    }
}

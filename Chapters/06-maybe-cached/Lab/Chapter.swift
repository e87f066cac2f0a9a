// Chapter 6 — `maybeCached` false positives.
// The disk backend keeps a set of file names it has seen, built off the calling thread at start
// and added to on every store. "Not in the set" answers a miss without touching the disk. The
// chapter counts its false positives and false negatives, checks files stored during the setup,
// times the payoff, and sets a Bloom filter beside it.

import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "6")!

    public static func run(_ lab: Lab) throws {
        let scratch = try ScratchFolder("ch06")
        defer { scratch.remove() }
        let folder = scratch.url
        let count = lab.size("count", quick: 50, full: 500)

        func backend(_ name: String) throws -> DiskStorage.Backend<Data> {
            try DiskStorage.Backend(config: .init(name: name, sizeLimit: 0, directory: folder))
        }

        lab.part("falsePositive", "A file removed behind the cache's back")
        lab.claim("The set only grows: after a file vanishes, the set still says \"maybe\", and the disk\n"
                  + "has to say no. That costs one stat — and never gives a wrong answer.",
                  ko: "Set은 커지기만 한다: 파일이 사라진 뒤에도 Set은 여전히 \"아마도\"라고 하고, 아니라고 말하는\n"
                      + "것은 디스크의 몫이다. 그 비용은 stat 한 번이고 — 틀린 답은 절대 내지 않는다.")
        lab.run("store \(count) keys, delete their files with FileManager, ask the set, then isCached")
        let main = try backend("main")
        for i in 0..<count { try main.store(value: Data([UInt8(i % 256)]), forKey: "gone-\(i)") }
        for i in 0..<count { try FileManager.default.removeItem(at: main.cacheFileURL(forKey: "gone-\(i)")) }
        let maybe = (0..<count).filter { main.isMaybeCached(forKey: "gone-\($0)") }.count
        let cached = (0..<count).filter { main.isCached(forKey: "gone-\($0)") }.count
        lab.measured("setSaysMaybe", maybe, "set says maybe", "\(maybe) of \(count)")
        lab.measured("diskSaysCached", cached, "isCached says cached", "\(cached) of \(count)")
        lab.conclude(cached == 0
            ? "The set said maybe for \(maybe) of \(count) vanished files and isCached answered no for every one:\n"
              + "a stale \"maybe\" costs a stat, never a wrong answer."
            : "isCached said cached for \(cached) vanished files: a wrong answer, a bug to find in isCached.",
                     ko: cached == 0
                         ? "사라진 파일 \(count)개 중 \(maybe)개에 Set은 아마도라고 했고, isCached는 모두 아니라고\n"
                           + "답했다: 낡은 \"아마도\"는 stat 한 번의 비용일 뿐, 틀린 답이 아니다."
                         : "isCached가 사라진 파일 \(cached)개를 캐시됐다고 했다: 틀린 답이고, isCached에서 찾아야 할\n"
                           + "버그다.")

        lab.part("falseNegative", "A file another instance writes after setup")
        lab.claim("The set is built once. Files written later by someone else (another process, another\n"
                  + "Backend on the same folder) are reported missing although they are on disk.",
                  ko: "Set은 한 번만 만들어진다. 나중에 다른 누군가(다른 프로세스, 같은 폴더의 다른 Backend)가 쓴\n"
                      + "파일은 디스크에 있는데도 없다고 나온다.")
        lab.run("instance A starts; instance B stores \(count) keys in the same folder; A is asked")
        let other = try backend("shared"), writer = try backend("shared")
        other.waitForInitialScan()   // A's set is built: from here on it only grows with A's own stores
        for i in 0..<count { try writer.store(value: Data([1]), forKey: "late-\(i)") }
        let onDisk = (0..<count).filter { FileManager.default.fileExists(atPath: other.cacheFileURL(forKey: "late-\($0)").path) }.count
        let seen = (0..<count).filter { other.isCached(forKey: "late-\($0)") }.count
        lab.measured("onDisk", onDisk, "files on disk", "\(onDisk) of \(count)")
        lab.measured("reportedByA", seen, "reported cached by A", "\(seen) of \(count)")
        lab.conclude("A cache may forget; that is allowed. Sharing one folder between instances is not\n"
                     + "what the shortcut was built for — Kingfisher gives each cache its own folder.",
                     ko: "캐시는 잊어도 된다. 그건 허용된다. 인스턴스끼리 폴더 하나를 나눠 쓰는 것은 이 지름길이\n"
                         + "염두에 둔 쓰임이 아니다 — Kingfisher는 캐시마다 자기 폴더를 준다.")

        lab.part("duringSetup", "Files stored while the set is still being built")
        lab.claim("The set is built off the caller's thread. Until it is, every lookup asks the disk, and\n"
                  + "stores made meanwhile are kept aside and merged in. Nothing stored during setup is lost.",
                  ko: "Set은 호출자의 스레드 밖에서 만들어진다. 다 만들어지기 전까지는 모든 조회가 디스크에 묻고,\n"
                      + "그동안의 store는 따로 모아 두었다가 합친다. 준비 중에 저장한 것은 하나도 잃지 않는다.")
        lab.run("\(count) files exist; a new instance starts and at once stores \(count) more; all are asked")
        let seeder = try backend("setup")
        for i in 0..<count { try seeder.store(value: Data([1]), forKey: "old-\(i)") }
        let fresh = try backend("setup")
        for i in 0..<count { try fresh.store(value: Data([2]), forKey: "new-\(i)") }
        let found = (0..<count).filter { fresh.isCached(forKey: "old-\($0)") && fresh.isCached(forKey: "new-\($0)") }.count
        lab.measured("found", found, "pairs (old, new) both found", "\(found) of \(count)")
        lab.conclude(found == count
            ? "All \(count) pairs were found: the files already there and the stores made during setup."
            : "\(count - found) of \(count) pairs were lost during setup: the merge of stores made meanwhile failed.",
                     ko: found == count
                         ? "\(count)쌍 모두 찾았다: 이미 있던 파일과 준비 중에 저장한 것 모두."
                         : "준비 중에 \(count)쌍 중 \(count - found)쌍을 잃었다: 그동안의 store를 합치는 데 실패했다.")

        try payoff(lab, main)
        bloom(lab)

        lab.read([
            "Sources/KFDCache/DiskStorageBackend.swift — `maybeCached`, `setupCacheChecking()`, `shortcutAllows`",
            "Chapters/06-maybe-cached/Lab/BloomFilter.swift — the comparison",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `maybeCached` and `maybeCachedCheckingQueue`",
        ])
        lab.exercises()
    }

    static func payoff(_ lab: Lab, _ backend: DiskStorage.Backend<Data>) throws {
        lab.part("payoff", "What the shortcut saves on a miss")
        lab.claim("A miss the set can answer costs a hash and a lock here (Kingfisher: a hash and a\n"
                  + "maybeCachedCheckingQueue.sync); a miss that reaches the disk costs a stat system call on top.",
                  ko: "Set이 답할 수 있는 미스는 여기서는 해시 한 번과 lock 한 번의 비용이다 (Kingfisher에서는 해시 한 번과\n"
                      + "maybeCachedCheckingQueue.sync). 디스크까지 가는 미스는 거기에 stat 시스템 콜 하나가 더 든다.")
        let repetitions = lab.size(quick: 2_000, full: 20_000)
        lab.run("\(repetitions) misses of each kind, 5 rounds, median per round: never-stored keys (set says\n"
                + "no) vs keys whose files were deleted (set says maybe → stat); same backend, same run")
        func median(_ prefix: String) -> Double {
            var rounds: [Double] = []
            for _ in 0..<5 {
                rounds.append(Stats.time { for i in 0..<repetitions { _ = backend.isCached(forKey: "\(prefix)-\(i % 50)") } } / Double(repetitions))
            }
            return Stats.median(rounds)
        }
        _ = median("never"); _ = median("gone")   // warm-up
        let shortcut = median("never"), disk = median("gone")
        lab.measured("shortcutMissNanos", shortcut, "miss answered by the set", Stats.formatNanoseconds(shortcut))
        lab.measured("diskMissNanos", disk, "miss that asks the disk", Stats.formatNanoseconds(disk))
        lab.measured("ratio", disk / shortcut, "disk miss ÷ shortcut miss", String(format: "%.1f×", disk / shortcut))
        let ratio = disk / shortcut
        lab.conclude(ratio >= 2
            ? String(format: "A miss that asked the disk cost %.1f× one the set answered: the payoff for a cache that\n", ratio)
              + "mostly misses (a fresh install scrolling a feed)."
            : String(format: "The payoff is small in this run: a disk miss cost only %.1f× a shortcut miss. ", ratio)
              + (Bench.isDebugBuild ? "This is a debug build, where the Swift work both misses share (the SHA-256,\n"
                                      + "the lock) is slow; " : "")
              + "a stat is cheap on a fast disk whose metadata is in memory. The\n"
              + "shortcut pays more where a stat is slow (a busy or network disk); try swift run -c release\n"
              + "ch06-maybe-cached.",
                     ko: ratio >= 2
                             ? String(format: "디스크에 물은 미스는 Set이 답한 미스의 %.1f배가 들었다: 대부분 미스인 캐시(새로 설치한\n", ratio)
                               + "앱이 피드를 스크롤할 때)에서 얻는 이득이다."
                             : String(format: "이번 실행에서는 이득이 작다: 디스크 미스가 지름길 미스의 %.1f배밖에 들지 않았다. ", ratio)
                               + (Bench.isDebugBuild ? "이것은 debug 빌드라서, 두 미스가 함께 하는 Swift 작업(SHA-256, lock)이\n"
                                                       + "느리다. " : "")
                               + "메타데이터가 메모리에 있는 빠른 디스크에서는 stat이 싸다. stat이 느린 곳(바쁜 디스크나\n"
                               + "네트워크 디스크)에서 지름길이 더 값어치를 한다. swift run -c release ch06-maybe-cached로 돌려 보자.")
    }

    static func bloom(_ lab: Lab) {
        lab.part("bloom", "A Bloom filter beside the set")
        let n = lab.size(quick: 5_000, full: 50_000)
        lab.claim("A Bloom filter answers the same question in ~1.2 bytes per name at a 1% false-positive\n"
                  + "rate; the set stores every 64-character name.",
                  ko: "Bloom filter는 1%의 false positive 비율에서 이름 하나당 ~1.2바이트로 같은 질문에 답한다.\n"
                      + "Set은 64글자 이름을 하나하나 다 저장한다.")
        lab.run("\(n) SHA-256 file names into a Set<String> and into a Bloom filter (10 bits per name);\n"
                + "then \(n) names never inserted are asked")
        let names = (0..<n).map { "file-\($0)".kfd.sha256 }
        let strangers = (0..<n).map { "stranger-\($0)".kfd.sha256 }
        let set = Set(names)
        var filter = BloomFilter(expectedCount: n, bitsPerItem: 10)
        for name in names { filter.insert(name) }
        let falseNegatives = names.filter { !filter.mightContain($0) }.count
        let falsePositives = strangers.filter { filter.mightContain($0) }.count
        // Estimated from the layout, not measured (Foundation offers no portable heap counter):
        // the hash table's slots, plus each name's own heap buffer (64 bytes of text and a
        // 32-byte object header, rounded up to the allocator's 16-byte granules).
        let slotBytes = Double(set.capacity * MemoryLayout<String>.stride) / Double(n)
        let setBytes = slotBytes + 96
        lab.measured("setBytesPerNameEstimate", setBytes, "Set<String>: bytes per name (estimated)",
                     String(format: "≈ %.0f B (%.0f B of table slots + 96 B per name's text)", setBytes, slotBytes))
        lab.measured("bloomBytesPerName", Double(filter.byteCount) / Double(n), "Bloom filter: bytes per name",
                     String(format: "%.2f B (k = %d hashes)", Double(filter.byteCount) / Double(n), filter.hashCount))
        lab.measured("bloomFalsePositiveRate", Double(falsePositives) / Double(n), "Bloom false-positive rate",
                     String(format: "%.2f%% (theory for k = 7: 0.82%%)", 100 * Double(falsePositives) / Double(n)))
        lab.measured("bloomFalseNegatives", falseNegatives, "Bloom false negatives")
        lab.conclude("For an image cache of a few thousand files the set's memory is small and exact; a Bloom\n"
                     + "filter pays off at hundreds of thousands. The filter cannot forget a removed name; a set can,\n"
                     + "but Kingfisher's only grows until relaunch (exercise 06-forget-on-remove makes one forget).",
                     ko: "파일 몇천 개의 이미지 캐시라면 Set의 메모리는 작고 정확하다. Bloom filter는 수십만 개에서\n"
                         + "값어치를 한다. Bloom filter는 지운 이름을 잊지 못한다. Set은 잊을 수 있지만, Kingfisher의 Set은\n"
                         + "다시 실행할 때까지 자라기만 한다(연습 문제 06-forget-on-remove에서 잊게 만든다).")
        _ = set.count
    }
}

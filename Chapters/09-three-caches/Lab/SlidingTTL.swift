// Chapter 9, part `slidingTTL`: 002's TTL (the file's modification date, refreshed on each read)
// next to Kingfisher's `.cacheTime`, with real short lifetimes; and 002's "skip the disk write when
// memory equals disk" — what it saves and what it risks.

import Foundation
import KFDCache
import WorkbookSupport

extension Chapter {

    static func slidingTTL(_ lab: Lab, _ root: URL) throws {
        lab.part("slidingTTL", "002's sliding TTL and Kingfisher's .cacheTime; 002's skipped equal writes")
        // Kingfisher's dates are whole seconds (rounded up): a 2 s lifetime ends 2–3 s after the
        // store, so the unread entry is surely gone after 3.6 s; a read every 0.25 s leaves the hot
        // one 1.75 s of slack on a loaded machine.
        let ttl = 2
        let interval = 0.25
        let duration = lab.options.quick ? 3.6 : 6.0
        lab.claim("Both slide: an entry read more often than its lifetime never expires. They write different\n"
                  + "things: 002 sets the modification date to *now* (the last read), and the TTL lives in code;\n"
                  + "Kingfisher (.cacheTime) sets it to now + the entry's own original lifetime (its expiration),\n"
                  + "and puts the last access elsewhere. Only reads that reach the disk slide it.",
                  ko: "둘 다 슬라이딩 만료다: 수명보다 자주 읽히는 항목은 만료되지 않는다. 다만 쓰는 것이 다르다: 002는 수정\n"
                      + "날짜를 *지금*(마지막 읽기)으로 바꾸고 TTL은 코드에 있다. Kingfisher(.cacheTime)는 지금 + 그 항목의\n"
                      + "원래 수명(만료 시각)으로 바꾸고, 마지막 접근은 다른 곳에 둔다. 만료를 밀어내는 것은 디스크까지 온 읽기뿐이다.")
        lab.run("TTL \(ttl) s. Every \(Int(interval * 1000)) ms for \(duration) s: read \"hot\" from disk (memory cleared first);\n"
                + "002 also reads \"warm\" with memory kept (memory hits). \"cold\" is never read. Then look again.")

        let picture = Bitmap.gradient(width: 8, height: 8)
        let learner = Learner002Cache(folder: root.appendingPathComponent("ttl-002"), ttl: TimeInterval(ttl))
        var config = DiskStorage.Config(name: "ttl-kingfisher", sizeLimit: 0, directory: root)
        config.expiration = .seconds(TimeInterval(ttl))
        let kingfisher = try DiskStorage.Backend<Data>(config: config)
        let bytes = try PPMSerializer().data(with: picture, original: nil)
        for key in ["hot", "warm", "cold"] { learner.save(picture, forKey: key) }
        for key in ["hot", "cold"] { try kingfisher.store(value: bytes, forKey: key) }

        var reads = 0, learnerHits = 0, kingfisherHits = 0, warmHits = 0
        let start = Date()
        while Date().timeIntervalSince(start) < duration {
            Thread.sleep(forTimeInterval: interval)
            reads += 1
            if learner.load("warm") != nil { warmHits += 1 }            // from memory: the file is not touched
            learner.memory.removeObject(forKey: "hot")
            if learner.load("hot") != nil { learnerHits += 1 }
            if (try? kingfisher.value(forKey: "hot", extendingExpiration: .cacheTime)) != nil { kingfisherHits += 1 }
        }
        kingfisher.waitForMetadataUpdates()
        let now = Date()
        func modifiedOffset(_ url: URL) -> Double? {
            guard let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else { return nil }
            return (date.timeIntervalSince(now) * 10).rounded() / 10 + 0   // + 0: no "-0.0"
        }
        let learnerWrote = modifiedOffset(learner.path("hot"))
        let kingfisherWrote = modifiedOffset(kingfisher.cacheFileURL(forKey: "hot"))
        // The last look: 002 from disk (memory cleared), Kingfisher by its dates.
        learner.memory.removeAllObjects()
        let learnerHot = learner.load("hot") != nil, learnerWarm = learner.load("warm") != nil
        let learnerCold = learner.load("cold") != nil
        let kingfisherHot = kingfisher.isCached(forKey: "hot"), kingfisherCold = kingfisher.isCached(forKey: "cold")
        func offset(_ value: Double?) -> String { value.map { String(format: "%+.1f s", $0) } ?? "no file" }
        lab.table(["design", "hits", "hot after", "cold after", "hot's mtime − now"], [
            ["002, reads from disk", "\(learnerHits)/\(reads)", learnerHot ? "kept" : "gone", learnerCold ? "kept" : "gone", offset(learnerWrote)],
            ["002, reads from memory (warm)", "\(warmHits)/\(reads)", learnerWarm ? "kept" : "gone", "", ""],
            ["Kingfisher .cacheTime", "\(kingfisherHits)/\(reads)", kingfisherHot ? "kept" : "gone", kingfisherCold ? "kept" : "gone", offset(kingfisherWrote)],
        ])
        lab.record("ttl", .object([
            "learner002": .object(["hotKept": .bool(learnerHot), "coldKept": .bool(learnerCold), "warmKept": .bool(learnerWarm),
                                   "hits": .int(learnerHits), "warmHits": .int(warmHits), "mtimeMinusNow": learnerWrote.map(JSONValue.double) ?? .null]),
            "kingfisher": .object(["hotKept": .bool(kingfisherHot), "coldKept": .bool(kingfisherCold),
                                   "hits": .int(kingfisherHits), "mtimeMinusNow": kingfisherWrote.map(JSONValue.double) ?? .null]),
            "reads": .int(reads), "ttlSeconds": .int(ttl),
        ]))
        lab.note("Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift, FileMeta.extendExpiration: .cacheTime recovers the\n"
                 + "lifetime as modificationDate − creationDate and writes creationDate = now, modificationDate =\n"
                 + "now + that lifetime. (This library keeps the last access in atime on Linux: DiskStorage.LastAccessAttribute.)")
        lab.conclude("Hot entry after \(duration) s of reads: 002 \(learnerHot ? "kept" : "gone"), Kingfisher \(kingfisherHot ? "kept" : "gone"); the unread one: 002 "
                     + "\(learnerCold ? "kept" : "gone"), Kingfisher \(kingfisherCold ? "kept" : "gone").\n"
                     + "002's file date is the last read (\(offset(learnerWrote))); Kingfisher's is the expiration (\(offset(kingfisherWrote))).\n"
                     + "002's warm entry, read \(warmHits) times from memory, is \(learnerWarm ? "still on disk" : "gone from disk"): memory hits never touch the file.",
                     ko: "\(duration) s 동안 읽은 hot 항목: 002는 \(learnerHot ? "남음" : "사라짐"), Kingfisher는 \(kingfisherHot ? "남음" : "사라짐"); "
                         + "읽지 않은 항목: 002는 \(learnerCold ? "남음" : "사라짐"), Kingfisher는 \(kingfisherCold ? "남음" : "사라짐").\n"
                         + "002의 파일 날짜는 마지막 읽기(\(offset(learnerWrote))), Kingfisher의 것은 만료 시각(\(offset(kingfisherWrote)))이다.\n"
                         + "메모리에서 \(warmHits)번 읽힌 002의 warm 항목은 \(learnerWarm ? "디스크에 아직 있다" : "디스크에서 사라졌다"): 메모리 히트는 파일을 건드리지 않는다.")

        try skippedEqualWrites(lab, root)
    }

    /// 002's save flow: "메모리에 저장한 값과 디스크에 저장되어 있는 값이 같으면 저장 안함".
    static func skippedEqualWrites(_ lab: Lab, _ root: URL) throws {
        let saves = lab.size(quick: 20, full: 100)
        lab.claim("Skipping the write when memory already holds an equal value saves every write after the first;\n"
                  + "it trusts memory to say what the disk holds, and memory cannot know.",
                  ko: "메모리가 이미 같은 값을 들고 있으면 쓰기를 건너뛰는 것은 첫 번째 이후의 쓰기를 모두 아낀다;\n"
                      + "대신 디스크에 무엇이 있는지를 메모리에게 믿고 맡기는데, 메모리는 그것을 알 수 없다.")
        lab.run("save one picture \(saves) times, with and without the skip; then delete its file (as 002's own\n"
                + "background scan, or the system, may), save it again, clear memory, read")
        let picture = Bitmap.gradient(width: 16, height: 16)
        var rows: [[String]] = []
        var figures: [String: JSONValue] = [:]
        for skips in [false, true] {
            let cache = Learner002Cache(folder: root.appendingPathComponent(skips ? "skip-equal" : "always-write"), skipsEqualWrites: skips)
            for _ in 0..<saves { cache.save(picture, forKey: "p") }
            let writes = cache.diskWrites
            try FileManager.default.removeItem(at: cache.path("p"))
            cache.save(picture, forKey: "p")
            let fileBack = FileManager.default.fileExists(atPath: cache.path("p").path)
            cache.memory.removeAllObjects()
            let readBack = cache.load("p") != nil
            figures[skips ? "skip" : "always"] = .object(["writes": .int(writes), "fileAfterResave": .bool(fileBack), "readBack": .bool(readBack)])
            rows.append([skips ? "skip when equal" : "always write", "\(writes)", fileBack ? "yes" : "no", readBack ? "yes" : "no (lost)"])
        }
        lab.table(["002 save", "disk writes for \(saves) saves", "file after re-save", "read after memory cleared"], rows)
        lab.record("skipEqual", .object(figures))
        let skipped = figures["skip"]?["readBack"] == .bool(false)
        lab.conclude("The skip saved \(saves - (figures["skip"]?["writes"]?.intValue ?? 0)) of \(saves) writes"
                     + (skipped ? ", and lost the picture: the file was gone, memory still matched,\n"
                        + "so the save wrote nothing, and the next memory warning turned it into a miss." : "."),
                     ko: "건너뛰기로 \(saves)번 중 \(saves - (figures["skip"]?["writes"]?.intValue ?? 0))번의 쓰기를 아꼈다"
                         + (skipped ? ". 그리고 그림을 잃었다: 파일은 사라졌는데 메모리는 여전히 같았으므로\n"
                            + "저장은 아무것도 쓰지 않았고, 다음 메모리 경고가 그것을 미스로 만들었다." : "."))
    }
}

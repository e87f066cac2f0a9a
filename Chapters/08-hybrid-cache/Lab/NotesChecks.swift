// Chapter 8, parts "evictionOrder" and "notReady": two sentences of study note 004, run.
// 004 §3.2 says NSCache evicts "the oldest first"; 004 §3.1 says `init(name:)` retries a folder it
// could not make "later, on the next write". Each part does what the sentence describes and
// prints what happened.

import Foundation
import KFDCache
import WorkbookSupport

/// A value for `NSCache` that knows its store order.
final class Stored: NSObject {
    let order: Int
    init(_ order: Int) { self.order = order }
}

extension Chapter {
    static func evictionOrder(_ lab: Lab) {
        lab.part("evictionOrder", "Which values NSCache evicts: the oldest?")
        lab.claim("Apple documents no eviction order for NSCache. Study note 004 says the oldest go first;\n"
                  + "this part stores past a count limit and lists who is left.",
                  ko: "Apple은 NSCache의 eviction 순서를 문서화하지 않았다. 스터디 노트 004는 오래된 것부터\n"
                      + "나간다고 한다. 이 파트는 count limit을 넘겨 저장하고 누가 남았는지 나열한다.")
        let limit = 3, stores = 6
        lab.run("NSCache with countLimit \(limit); \(stores) values stored in order #1…#\(stores), each with cost 1; then each looked up")
        let cache = NSCache<NSString, Stored>()
        cache.countLimit = limit
        for order in 1...stores { cache.setObject(Stored(order), forKey: "v\(order)" as NSString, cost: 1) }
        let kept = (1...stores).filter { cache.object(forKey: "v\($0)" as NSString) != nil }
        let evicted = (1...stores).filter { !kept.contains($0) }
        let oldestFirst = evicted == Array(1...(stores - limit))
        lab.measured("kept", .array(kept.map { .int($0) }), "values still in the cache",
                     kept.map { "#\($0)" }.joined(separator: ", ") + " of #1…#\(stores)")
        lab.measured("evicted", .array(evicted.map { .int($0) }), "values evicted",
                     evicted.isEmpty ? "none" : evicted.map { "#\($0)" }.joined(separator: ", "))
        lab.measured("oldestFirst", oldestFirst, "were the evicted ones the oldest?")
        lab.note("measured on \(Lab.platform) (\(Platform.isMac ? "Apple's NSCache: its limits are advisory, it may evict later,\nor not at all until memory is short" : "swift-corelibs' NSCache: it evicts inside setObject, from the front of a list\nsorted by cost, where a new entry of equal cost goes in first — swift-corelibs-foundation's NSCache.swift"))")
        lab.conclude(evicted.isEmpty
            ? "Nothing was evicted at once: this NSCache treats its limit as advisory. Whatever it drops later,\n"
              + "nothing documents which: Kingfisher's memory storage keeps its own expiration and allows any miss."
            : oldestFirst
            ? "This run evicted the oldest — on this platform, this time. Nothing documents it: do not build on it."
            : "Not the oldest: the order is NSCache's own, and undocumented. Kingfisher's memory storage never\n"
              + "relies on it — expiration is its own (`removeExpired`), and a miss is always allowed.",
                     ko: evicted.isEmpty
                             ? "바로 퇴출된 것이 없다: 이 NSCache는 limit을 권고로만 여긴다. 나중에 무엇을 버리든, 어느 것일지는\n"
                               + "어디에도 문서화되어 있지 않다: Kingfisher의 메모리 스토리지는 자기 만료를 따로 두고 어떤 미스든 허용한다."
                             : oldestFirst
                             ? "이번 실행은 가장 오래된 것을 퇴출했다 — 이 플랫폼에서, 이번에는. 문서화된 동작이 아니니 기대지 말자."
                             : "가장 오래된 것이 아니다: 순서는 NSCache 마음이고 문서화되어 있지 않다. Kingfisher의 메모리 스토리지는\n"
                               + "절대 여기에 기대지 않는다 — 만료는 자기 것(`removeExpired`)이고, 미스는 언제나 허용된다.")
    }

    static func notReady(_ lab: Lab, folder: URL) throws {
        lab.part("notReady", "A disk storage that could not make its folder: does it retry later?")
        lab.claim("Kingfisher's init(name:) builds the disk storage with init(noThrowConfig:creatingDirectory: true):\n"
                  + "if the folder cannot be made, the storage is \"not ready\": store and value throw (the only two\n"
                  + "calls that check it; isCached answers false) — and it never tries to make the folder again.",
                  ko: "Kingfisher의 init(name:)은 디스크 스토리지를 init(noThrowConfig:creatingDirectory: true)로\n"
                      + "만든다: 폴더를 만들 수 없으면 스토리지는 \"not ready\"가 된다. store와 value가 throw하고(이 둘만\n"
                      + "확인한다. isCached는 false라고 답한다), 폴더를 다시 만들려고 하지 않는다.")
        let blocker = folder.appendingPathComponent("blocker")
        try Data("a file where the cache's parent folder should be".utf8).write(to: blocker)
        let config = DiskStorage.Config(name: "late", sizeLimit: 0, directory: blocker)
        let backend = DiskStorage.Backend<Data>(noThrowConfig: config, creatingDirectory: true)
        let attempts = 5
        lab.run("a file sits where the parent folder should be; the backend is made (no throw); the file is then\n"
                + "removed, so the folder *could* be made; \(attempts) stores and \(attempts) reads follow")
        try FileManager.default.removeItem(at: blocker)
        var notReady = 0
        for index in 0..<attempts {
            do { try backend.store(value: Data("v".utf8), forKey: "k\(index)") } catch CacheError.storageNotReady { notReady += 1 } catch {}
            do { _ = try backend.value(forKey: "k\(index)") } catch CacheError.storageNotReady { notReady += 1 } catch {}
        }
        let folderMade = FileManager.default.fileExists(atPath: backend.directoryURL.path)
        lab.measured("notReadyCalls", notReady, "calls that threw storageNotReady", "\(notReady) of \(attempts * 2)")
        lab.measured("folderMadeLater", folderMade, "was the folder made by any later call?")
        lab.conclude(notReady == attempts * 2 && !folderMade
            ? "Not ready stays not ready: the only retry is the one store makes when a folder that existed\n"
              + "has vanished (chapter 9, part 2). A cache that failed at launch stays memory-only until relaunch."
            : "The storage recovered in this run (\(notReady) of \(attempts * 2) calls refused, folder made: \(folderMade)):\n"
              + "this library no longer behaves as Kingfisher's not-ready storage does.",
                     ko: notReady == attempts * 2 && !folderMade
                         ? "not ready는 계속 not ready다: 유일한 재시도는 있던 폴더가 사라졌을 때 store가 하는 것뿐이다\n"
                           + "(9장, 파트 2). 실행 시점에 실패한 캐시는 다시 실행할 때까지 메모리만 쓴다."
                         : "이번 실행에서 스토리지가 회복했다 (\(attempts * 2)번 중 \(notReady)번 거부, 폴더 생성:\n"
                           + "\(folderMade)): 이 라이브러리가 더는 Kingfisher의 not-ready storage처럼 동작하지 않는다.")
    }
}

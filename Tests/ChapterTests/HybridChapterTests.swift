import Foundation
import Testing
import WorkbookSupport

@Suite("Chapters 8 and 9, checked from their measured figures")
struct HybridChapterTests {
    @Test("ch08: warming, fromMemoryCacheOrRefresh, ioQueue order")
    func hybrid() throws {
        let figures = try chapterFigures(8)
        #expect(figures["warming.first"] == .string("disk"))
        #expect(figures["warming.second"] == .string("memory"))
        #expect(figures["memoryOrRefresh.withOption"] == .string("none"))
        #expect(figures["memoryOrRefresh.withoutOption"] == .string("disk"))
        #expect(figures["ordering.outOfOrder"] == .int(0))
        #expect(figures["ordering.fileHoldsLast"] == .bool(true))
        #expect((figures["asymmetry.diskOverMemory"]?.doubleValue ?? 0) > 1)
        // 004 §3.1: a storage that could not make its folder never tries again.
        #expect(figures["notReady.notReadyCalls"] == .int(10))
        #expect(figures["notReady.folderMadeLater"] == .bool(false))
        // 004 §3.2: which values NSCache evicted. corelibs: the newest three of six equal-cost
        // stores (its list is sorted by cost; a new entry of equal cost goes first). Apple's is
        // undocumented and may not evict at once: nothing is asserted there.
        if !Platform.isMac {
            #expect(figures["evictionOrder.kept"] == .array([.int(1), .int(2), .int(3)]))
            #expect(figures["evictionOrder.oldestFirst"] == .bool(false))
        }
    }

    @Test("ch09: same answers; Kingfisher survives the faults; 002's limit never applies")
    func threeCaches() throws {
        let figures = try chapterFigures(9)
        for design in ["kingfisher", "learner002", "learner003"] {
            #expect(figures["workload.\(design)"]?["wrong"] == .int(0), "\(design)")
            #expect(figures["workload.\(design)"]?["misses"] == .int(0), "\(design)")
        }
        #expect(figures["folderDeleted.kingfisher"]?["foundAfter"] == .bool(true))
        #expect(figures["folderDeleted.learner002"]?["foundAfter"] == .bool(false))
        #expect(figures["folderDeleted.learner002"]?["storeReportedError"] == .bool(false))
        #expect(figures["folderDeleted.learner003"]?["storeReportedError"] == .bool(true))
        #expect(figures["corruptFile.kingfisher"] == .string("error"))
        #expect(figures["corruptFile.learner002"] == .string("miss"))
        #expect(figures["corruptFile.learner003"] == .string("error"))
        // What each design asks of NSCache: the same on every platform.
        #expect(figures["memoryBound.learner002"]?["perValue"] == .int(0))
        #expect(figures["memoryBound.learner002"]?["overLimitAfter"] == .null)
        #expect(figures["memoryBound.kingfisher"]?["overLimitAfter"] == .int(22), "256 KiB ÷ 12 KiB: the 22nd store is over")
        #expect(figures["memoryBound.learner003"]?["overLimitAfter"] == .int(11))
        // What NSCache then did: corelibs evicts at once, inside setObject; Apple's may keep more.
        #expect(figures["memoryBound.learner002"]?["inMemory"] == .int(60))
        if !Platform.isMac {
            #expect((figures["memoryBound.kingfisher"]?["inMemory"]?.intValue ?? 99) <= 21)
            #expect((figures["memoryBound.learner003"]?["inMemory"]?.intValue ?? 99) <= 10)
        }
        // 003's NSCacheKey as written: a fresh key object of equal value never hits; KeyBox's does.
        #expect(figures["keyIdentity.asWrittenFreshKeyHits"] == .int(0))
        #expect(figures["keyIdentity.asWrittenSameObjectHits"] == .int(200))
        #expect(figures["keyIdentity.fixedFreshKeyHits"] == .int(200))
    }
}

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
    }
}

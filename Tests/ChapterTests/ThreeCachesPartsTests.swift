// Chapter 9's `slidingTTL` and `twoQueues` parts, asserted from the chapter's --json figures.
import Testing
import WorkbookSupport

@Suite("Chapter 9: 002's sliding TTL, 003's two queues")
struct ThreeCachesPartsTests {
    @Test("ch09: both TTLs slide; 002 writes the last read, Kingfisher the expiration; the skip loses a write; 003's queues disagree")
    func slidingTTLAndTwoQueues() throws {
        let figures = try chapterFigures(9)
        let ttl = figures["slidingTTL.ttl"]
        // An entry read from disk more often than its lifetime survives in both; an unread one expires.
        #expect(ttl?["learner002"]?["hotKept"] == .bool(true))
        #expect(ttl?["learner002"]?["coldKept"] == .bool(false))
        #expect(ttl?["kingfisher"]?["hotKept"] == .bool(true))
        #expect(ttl?["kingfisher"]?["coldKept"] == .bool(false))
        // 002's reads answered from memory never touch the file: it expires on disk.
        #expect(ttl?["learner002"]?["warmKept"] == .bool(false))
        // What each wrote: 002 the last read (now or before), Kingfisher an expiration ahead of now.
        #expect((ttl?["learner002"]?["mtimeMinusNow"]?.doubleValue ?? 1) <= 0)
        #expect((ttl?["kingfisher"]?["mtimeMinusNow"]?.doubleValue ?? 0) > 0)
        // 002's "skip when equal": one write instead of many, and a deleted file stays deleted.
        let skip = figures["slidingTTL.skipEqual"]
        #expect(skip?["skip"]?["writes"] == .int(1))
        #expect(skip?["always"]?["writes"]?.intValue ?? 0 > 1)
        #expect(skip?["always"]?["readBack"] == .bool(true))
        #expect(skip?["skip"]?["readBack"] == .bool(false))
        // 003, a forced interleaving each way: memory and disk disagree.
        let forced = figures["twoQueues.forced"]
        #expect(forced?["removeParked"]?["inMemory"] == .bool(true))
        #expect(forced?["removeParked"]?["onDisk"] == .bool(false))
        #expect(forced?["saveParked"]?["inMemory"] == .bool(false))
        #expect(forced?["saveParked"]?["onDisk"] == .bool(true))
        // HybridCache's disk steps run in call order and its remove clears memory again there:
        // never a key in memory that the disk lacks. (Free-run counts for 003 vary: not asserted.)
        #expect(figures["twoQueues.kingfisher"]?["memoryNotDisk"] == .int(0))
        #expect(figures["twoQueues.learner003"]?["runs"] != nil)
    }
}

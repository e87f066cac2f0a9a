import Chapter03
import Chapter04
import Chapter06
import Foundation
import Testing
import WorkbookSupport

@Suite("Chapter claims, checked from each chapter's measured figures")
struct ChapterClaimTests {

    @Test("ch01: only the caseless enum refuses everyone; nested names do not clash")
    func namespaces() throws {
        let figures = try chapterFigures(1)
        #expect(figures["library.memoryStorageSize"] == .int(0))
        #expect(figures["library.isEnum"] == .bool(true))
        guard figures["swiftcAvailable"] == .bool(true) else { return }
        #expect(figures["compiler.caselessEnum"] == .bool(false))
        #expect(figures["compiler.privateInitFromSameFile"] == .bool(true))
        #expect(figures["compiler.moduleLevelNames"] == .bool(false))
        #expect(figures["compiler.nestedNames"] == .bool(true))
    }

    @Test("ch02: digests agree with the system; bare extensions collide, wrapped ones do not; set {} keeps class writes only")
    func wrapper() throws {
        let figures = try chapterFigures(2)
        if Toolchain.sha256Tool != nil {
            #expect(figures["sha256.matches"] == figures["sha256.count"])
        } else {
            #expect(figures["sha256.compared"] == .bool(false))
        }
        if Toolchain.swiftc != nil {
            #expect(figures["collision.bareExtensions"] == .bool(false))
            #expect(figures["collision.wrappedExtensions"] == .bool(true))
            // The study notes' own code (000 Q1, Q7): errors in Swift 6 mode, accepted in Swift 5 mode.
            #expect(figures["notesCode.wrapperAsWrittenSwift6"] == .bool(false))
            #expect(figures["notesCode.wrapperAsWrittenSwift5"] == .bool(true))
            #expect(figures["notesCode.capturingPathBlockSwift6"] == .bool(false))
            #expect(figures["notesCode.capturingPathBlockSwift5"] == .bool(true))
            #expect(figures["notesCode.wrapperUncheckedSwift6"] == .bool(true))
            #expect(figures["notesCode.wrapperConditionalSwift6"] == .bool(true))
        }
        #expect(figures["setter.classWriteKept"] == .bool(true))
        #expect(figures["setter.structWriteKept"] == .bool(false))
    }

    @Test("ch03: a self-reading computed property overflows the stack in a child")
    func recursionCrashes() throws {
        let result = try childRun("ch03-config-queue", "recursion", timeout: 60)
        #expect(result.crashed, "expected a crash, got \(result.outcome)")
    }

    @Test("ch03: the queue, Mutex and actor holders lose no update; the queue-guarded config is never torn")
    func guardedHolders() throws {
        let figures = try chapterFigures(3)
        #expect(figures["torn.queueTorn"] == .int(0))
        #expect(figures["torn.libraryTorn"] == .int(0))
        #expect(figures["lost.queueUpdate"] == .int(0))
        #expect(figures["lost.mutexUpdate"] == .int(0))
        #expect(figures["lost.actorUpdate"] == .int(0))
        #expect(figures["recursion.crashed"] == .bool(true))
        // Every interleaving: get-then-set loses an update in some; one section in none.
        #expect((figures["lost.interleavings.getThenSet"]?["bad"]?.intValue ?? 0) > 0)
        #expect(figures["lost.interleavings.oneSection"]?["bad"] == .int(0))
    }

    @Test("ch04: the forced interleaving makes the ghost in 5.7.0's design, never in #1255's")
    func ghostIsDeterministic() {
        for _ in 0..<20 {
            let old = Scenarios.forcedGhost(design1255: false)
            #expect(old.ghost && old.survivesClean)
            let fixed = Scenarios.forcedGhost(design1255: true)
            #expect(!fixed.ghost && !fixed.survivesClean)
        }
    }

    @Test("ch04: the 5.7.0 design crashes under the stress; #1255's survives the same runs")
    func crashCounts() throws {
        var crashes = 0, runs = 0
        while crashes == 0 && runs < 60 {
            let result = try childRun("ch04-issue-1233", "stress570", ["100000", "\(runs + 1)"])
            if result.crashed { crashes += 1 }
            runs += 1
        }
        // Whether the race happens is up to the machine: on 2 busy cores (another build beside
        // this test) 60 runs went by without one. The flaw itself is shown deterministically by
        // the forced ghost above and chapter 4's interleavings; here a run without a crash is
        // reported, not failed. #1255's design must survive every run, whatever the load.
        withKnownIssue("the 5.7.0 race did not happen in \(runs) runs on this machine (loaded?)", isIntermittent: true) {
            #expect(crashes > 0, "no crash in \(runs) runs of the 5.7.0 design")
        }
        for seed in 1...6 {
            let result = try childRun("ch04-issue-1233", "stress1255", ["100000", "\(seed)"])
            #expect(result.succeeded, "Design1255 ended with \(result.outcome) (seed \(seed))")
        }
    }

    @Test("ch04: taking NSLock inside the eviction callback hangs; a recursive lock finishes")
    func lockedDelegate() throws {
        #expect(try childRun("ch04-issue-1233", "lockedNSLock", timeout: 3).timedOut)
        #expect(try childRun("ch04-issue-1233", "lockedRecursive", timeout: 60).succeeded)
    }

    @Test("ch05: ceil'd dates never come back early; the library keeps a 20 s lifetime; on Linux the straight port creeps")
    func ceilDates() throws {
        let figures = try chapterFigures(5)
        #expect(figures["roundTrip.earlyWithCeil"] == .int(0))
        #expect(figures["coarse.oneSecondEarlyWithCeil"] == .int(0))
        #expect(figures["coarse.oneSecondRoundedEarlyWithCeil"] == .int(0))
        #expect((figures["coarse.oneSecondRoundedEarly"]?.intValue ?? 0) > 0)
        #expect((figures["coarse.oneSecondEarly"]?.intValue ?? 0) > 0)
        #expect(figures["creationDate.libraryLifetime"]?.doubleValue == 20)
        #expect(figures["creationDate.libraryChmodMovedLastAccess"]?.doubleValue == 0)
        #if os(Linux)
        #expect((figures["creationDate.straightPortLifetime"]?.doubleValue ?? 0) > 20)
        #expect((figures["creationDate.straightPortChmodMovedLastAccess"]?.doubleValue ?? 0) > 0)
        #endif
    }

    @Test("ch06: false positives are caught by the disk, the window is real, setup loses nothing, Bloom has no false negatives")
    func maybeCached() throws {
        let figures = try chapterFigures(6)
        let count = try #require(figures["count"]?.intValue, "chapter 6 records its run size as `count`")
        #expect(figures["falsePositive.setSaysMaybe"] == .int(count))
        #expect(figures["falsePositive.diskSaysCached"] == .int(0))
        #expect(figures["falseNegative.onDisk"] == .int(count))
        #expect(figures["falseNegative.reportedByA"] == .int(0))
        #expect(figures["duringSetup.found"] == .int(count))
        #expect(figures["bloom.bloomFalseNegatives"] == .int(0))
        #expect((figures["bloom.bloomFalsePositiveRate"]?.doubleValue ?? 1) < 0.03)
    }

    @Test("ch06: the Bloom filter never forgets what it holds")
    func bloomFilter() {
        var filter = BloomFilter(expectedCount: 1_000, bitsPerItem: 10)
        for i in 0..<1_000 { filter.insert("item-\(i)") }
        #expect((0..<1_000).allSatisfy { filter.mightContain("item-\($0)") })
        #expect(filter.hashCount == 7)
    }

    @Test("ch07: guarding only the write lets the older value win; one queue keeps the order")
    func pipelineOrder() throws {
        let figures = try chapterFigures(7)
        #expect(figures["pipeline.writeOnly"]?["file"] == .string("v1"))
        #expect(figures["pipeline.wholePipeline"]?["file"] == .string("v2"))
        #expect(figures["pipeline.wholePipeline"]?["callbacks"] == .array([.string("v1"), .string("v2")]))
        #expect((figures["pipeline.interleavings.writeOnly"]?["bad"]?.intValue ?? 0) > 0)
        #expect(figures["pipeline.interleavings.wholePipeline"]?["bad"] == .int(0))
        let perCaller = try #require(figures["blocked.perCaller"]?.intValue, "chapter 7 records its run size as `perCaller`")
        #expect(figures["blocked.filesWritten"] == .int(8 * perCaller), "4 callers × 2 variants × perCaller stores")
    }

    @Test("ch03: QueueBox.update is one critical section")
    func queueBoxUpdate() {
        let box = QueueBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in for _ in 0..<1_000 { box.update { $0.a += 1 } } }
        #expect(box.settings.a == 4_000)
    }
}

// Chapter 10's claims, checked from its --json figures: what each timer, closure and continuation
// did in the run (counts and outcomes, never durations).

import Foundation
import Testing
import WorkbookSupport

@Suite("Chapter 10: lifetimes")
struct LifetimesChapterTests {
    @Test("ch10: timers, the path block, continuations, disk cleaning and the two lookups do what the chapter says")
    func runLoops() throws {
        let figures = try chapterFigures(10)
        #expect(figures["runloop.timerFromGCDWorker"] == .int(0))
        #expect((figures["runloop.timerOnRunningRunLoop"]?.intValue ?? 0) > 0)
        #expect((figures["runloop.sourceFromGCDWorker"]?.intValue ?? 0) > 0)

        // [weak self]: freed, the timer still valid and firing; strong: never freed; invalidate(): stopped.
        let kingfisher = figures["weakSelf.weakNoInvalidate"]
        #expect(kingfisher?["freed"] == .bool(true))
        #expect(kingfisher?["validAfter"] == .bool(true))
        #expect((kingfisher?["firesAfter"]?.intValue ?? 0) > 0)
        #expect(figures["weakSelf.strongCapture"]?["freed"] == .bool(false))
        let invalidated = figures["weakSelf.weakInvalidateInDeinit"]
        #expect(invalidated?["freed"] == .bool(true))
        #expect(invalidated?["validAfter"] == .bool(false))
        #expect(invalidated?["firesAfter"] == .int(0))

        // Our DispatchSourceTimer: the owner is freed, and cancel() in deinit stops it.
        #expect(figures["dispatchSource.childOutcome"] == .string("finished"))
        #expect(figures["dispatchSource.noCancel"]?["freed"] == .bool(true))
        #expect(figures["dispatchSource.cancelInDeinit"]?["freed"] == .bool(true))
        #expect(figures["dispatchSource.cancelInDeinit"]?["firesAfter"] == .int(0))
        #expect(figures["dispatchSource.backendCostBefore"] == .int(400))
        #expect(figures["dispatchSource.backendCostAfter"] == .int(0), "the library's clean timer ran without a run loop")
        #expect(figures["dispatchSource.backendFreed"] == .bool(true))

        // cachePathBlock: freed after init, kept alive by a block kept in the config, freed once it is nil.
        #expect(figures["pathBlock.freedAfterInit"] == .bool(true))
        #expect(figures["pathBlock.freedWithBlockKept"] == .bool(false))
        #expect(figures["pathBlock.freedAfterSettingNil"] == .bool(true))

        // Continuations: twice traps with the runtime's message; never leaks, warns, and stays suspended.
        #expect(figures["continuations.twiceCrashed"] == .bool(true))
        #expect(figures["continuations.twiceResumedOnceFirst"] == .bool(true))
        #expect(figures["continuations.twiceMessage"] == .bool(true))
        #expect(figures["continuations.neverOutcome"] == .string("exit 0"))
        #expect(figures["continuations.neverMessage"] == .bool(true))
        #expect(figures["continuations.neverStillSuspended"] == .bool(true))

        // Disk cleaning: expired files go, then the least recently accessed, down to half the limit.
        let outcomes = figures["diskClean.outcomes"]
        #expect(outcomes?["image-2"] == .string("expired"))
        #expect(outcomes?["image-5"] == .string("expired"))
        for (rank, key) in ["image-6", "image-9", "image-4", "image-0", "image-8"].enumerated() {
            #expect(outcomes?[key] == .string("trimmed #\(rank + 1)"), "least recently accessed first: \(key)")
        }
        for key in ["image-3", "image-1", "image-7"] { #expect(outcomes?[key] == .string("kept")) }
        #expect(figures["diskClean.sizeAfter"] == .int(3_000))
        #expect(figures["diskClean.postsByClean"] == .int(1))
        #expect(figures["diskClean.postsBySecondClean"] == .int(0))
        #expect(figures["diskClean.postsByClear"] == .int(0))
        #expect(figures["diskClean.filesAfterClear"] == .int(0))

        // The overloads: isCached reads only dates and extends nothing; value decodes and extends.
        #expect(figures["lookups.isCachedNow"] == .bool(true))
        #expect(figures["lookups.isCachedIn10Minutes"] == .bool(false))
        #expect(figures["lookups.datesUnchangedByIsCached"] == .bool(true))
        #expect(figures["lookups.valueFound"] == .bool(true))
        #expect(figures["lookups.datesChangedByValue"] == .bool(true))
        #expect(figures["lookups.lifetimeAfterValue"] == .int(600))
        #expect(figures["lookups.corruptIsCached"] == .bool(true))
        #expect(figures["lookups.corruptValue"] == .string("CacheError.cannotConvertFromData"))
    }
}

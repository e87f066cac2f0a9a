// The model checker, and the models of chapters 3, 4 and 7 held to the real code: every
// interleaving the checker explores is replayed against the real types, its order forced (by
// calling the steps in that order, or through the `between` hook and serializer gates), and must
// end in the outcome the model predicts.

import Dispatch
import Foundation
import Testing
import KFDCache
@testable import Chapter03
@testable import Chapter04
@testable import Chapter07
import WorkbookSupport

@Suite("The model checker and the chapters' race models")
struct InterleavingTests {
    // MARK: The checker

    struct Counter: Equatable, Sendable { var value = 0 }

    @Test("two threads of two steps: 6 interleavings; three threads of one: 6")
    func counts() {
        let twoByTwo = RaceModel("2×2", initial: Counter(), threads: (0..<2).map { _ in
            ModelThread("t", [ModelStep("a") { $0.value += 1 }, ModelStep("b") { $0.value += 1 }])
        }, bad: [], outcome: { "\($0.value)" })
        #expect(ModelChecker.explore(twoByTwo).total == 6)
        let threeByOne = RaceModel("3×1", initial: Counter(), threads: (0..<3).map { _ in
            ModelThread("t", [ModelStep("a") { $0.value += 1 }])
        }, bad: [], outcome: { "\($0.value)" })
        #expect(ModelChecker.explore(threeByOne).total == 6)
    }

    struct Locks: Equatable, Sendable { var holder: [Int?] = [nil, nil] }

    @Test("two locks taken in opposite orders: the checker finds the deadlock")
    func deadlock() {
        func thread(_ id: Int, first: Int, second: Int) -> ModelThread<Locks> {
            ModelThread("t\(id)", [
                ModelStep("lock L\(first)", enabled: { $0.holder[first] == nil }) { $0.holder[first] = id },
                ModelStep("lock L\(second)", enabled: { $0.holder[second] == nil }) { $0.holder[second] = id },
                ModelStep("unlock both") { $0.holder = [nil, nil] },
            ])
        }
        let model = RaceModel("ABBA", initial: Locks(), threads: [thread(0, first: 0, second: 1), thread(1, first: 1, second: 0)],
                              bad: [], outcome: { _ in "ok" })
        let found = ModelChecker.explore(model)
        #expect(found.byOutcome["deadlock"] == 2, "\(found.byOutcome)")
        #expect(found.bad == 2)
        #expect(found.shortestBad?.count == 2)
    }

    // MARK: Chapter 4: the eviction callback

    /// The real cache's outcome, named as the model names it.
    func outcome(_ cache: some KeyIndexedCache) -> String {
        let cached = cache.isInStorage("a"), keyed = cache.keysSnapshot.contains("a")
        if cached && !keyed { return "ghost" }
        if !cached && keyed { return "extra key" }
        return "consistent"
    }

    @Test("every interleaving of 5.7.0's model, replayed against Design570, ends as the model says")
    func replay570() {
        let found = ModelChecker.explore(IssueModels.design570)
        #expect(found.total == 3 && found.bad == 1)
        for run in found.runs {
            let cache = Design570(countLimit: 0)
            cache.store(1, forKey: "a", expiresAt: .distantFuture)
            // storer = thread 0 (store); NSCache = thread 1 (evict, then callback). The steps
            // between the eviction and its callback run inside purge's `between` hook.
            let evictAt = run.order.firstIndex { $0.thread == 1 && $0.step == 0 }!
            let callbackAt = run.order.firstIndex { $0.thread == 1 && $0.step == 1 }!
            func runStore() { cache.store(2, forKey: "a", expiresAt: .distantFuture) }
            for _ in run.order[..<evictAt] { runStore() }
            cache.purge(key: "a", between: { for _ in run.order[(evictAt + 1)..<callbackAt] { runStore() } })
            for _ in run.order[(callbackAt + 1)...] { runStore() }
            #expect(outcome(cache) == run.outcome, "order \(run.order.map { "\($0.thread).\($0.step)" })")
        }
    }

    @Test("every interleaving of #1255's model, replayed against Design1255, ends as the model says")
    func replay1255() {
        let found = ModelChecker.explore(IssueModels.design1255)
        #expect(found.bad == 0)
        for run in found.runs {
            let cache = Design1255(countLimit: 0)
            cache.store(1, forKey: "a", expiresAt: .distantFuture)
            for step in run.order {
                switch step.thread {
                case 0: cache.store(2, forKey: "a", expiresAt: .distantFuture)
                case 1: cache.purge(key: "a", between: {})
                default: cache.removeExpired(at: Date())
                }
            }
            #expect(outcome(cache) == run.outcome, "order \(run.order.map { "\($0.thread).\($0.step)" })")
        }
    }

    // MARK: Chapter 3: config += 1

    @Test("every interleaving of get-then-set, replayed on a real DiskStorage.Backend's config, loses what the model says")
    func replayConfig() throws {
        let found = ModelChecker.explore(ConfigModels.getThenSetModel)
        #expect(found.total == 6 && found.bad == 4)
        let folder = try ScratchFolder("interleavings"); defer { folder.remove() }
        for run in found.runs {
            let backend = try DiskStorage.Backend<Data>(config: .init(name: "replay", sizeLimit: 0, directory: folder.url))
            var read: [DiskStorage.Config?] = [nil, nil]
            for step in run.order {
                if step.step == 0 {
                    read[step.thread] = backend.config                 // the get: one propertyQueue.sync
                } else {
                    var config = try #require(read[step.thread])
                    config.sizeLimit += 1
                    backend.config = config                             // the set: another
                }
            }
            let real = backend.config.sizeLimit == 2 ? "both counted" : "lost update"
            #expect(real == run.outcome, "order \(run.order.map { "\($0.thread).\($0.step)" })")
        }
        let oneSection = ModelChecker.explore(ConfigModels.oneSectionModel)
        #expect(oneSection.bad == 0)
        for _ in oneSection.runs {
            let box = QueueBox()
            box.update { $0.a += 1 }
            box.update { $0.a += 1 }
            #expect(box.settings.a == 2)
        }
    }

    // MARK: Chapter 7: the store pipeline

    /// Runs two stores through `pipeline`, letting the serializers finish in the order the run's
    /// write steps come, each write done before the next serializer is let go.
    func replay(_ pipeline: some StorePipeline, writesIn order: [Int]) -> String {
        let gates = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let written = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        for index in 0..<2 {
            pipeline.store("v\(index + 1)", serializer: { value in _ = gates[index].wait(timeout: .now() + 5); return value },
                           done: { written[index].signal() })
        }
        for index in order {
            gates[index].signal()
            _ = written[index].wait(timeout: .now() + 5)
        }
        let state = pipeline.state
        return state.file == "v2" && state.callbacks == ["v1", "v2"] ? "newest on disk" : "older value on disk"
    }

    @Test("every interleaving of the write-only pipeline, replayed against WriteOnlyPipeline, ends as the model says")
    func replayPipeline() {
        let found = ModelChecker.explore(PipelineModels.writeOnly)
        #expect(found.total == 6 && found.bad == 3)
        for run in found.runs {
            let writes = run.order.filter { $0.step == 1 }.map(\.thread)
            #expect(replay(WriteOnlyPipeline(), writesIn: writes) == run.outcome, "writes in the order \(writes)")
        }
        let whole = ModelChecker.explore(PipelineModels.wholePipeline)
        #expect(whole.total == 1 && whole.bad == 0)
        #expect(replay(WholePipeline(), writesIn: [0, 1]) == whole.runs[0].outcome)
    }
}

// Two stores through a serialize → write → callback pipeline, as a model for the model checker.
// The steps follow Guards.swift: in `WriteOnlyPipeline` serializing runs on a global queue (any
// order, in parallel) and the write with its callback is one `ioQueue.sync` block; in
// `WholePipeline` each store is one `ioQueue.async` block, and a serial queue runs blocks in the
// order they were queued (store v1 was made first) — so v2's block cannot start before v1's ends.

import WorkbookSupport

public enum PipelineModels {
    public struct State: Equatable, Sendable {
        var file = 0
        var callbacks: [Int] = []
        var serialized = [false, false]
        var finished = [false, false]
    }

    static func outcome(_ state: State) -> String {
        state.file == 2 && state.callbacks == [1, 2] ? "newest on disk" : "older value on disk"
    }

    static func store(_ index: Int, waitsFor earlier: Int?) -> ModelThread<State> {
        let value = index + 1
        return ModelThread("store(v\(value))", [
            ModelStep("serialize v\(value)", enabled: { state in earlier.map { state.finished[$0] } ?? true }) {
                $0.serialized[index] = true
            },
            ModelStep("write v\(value) + callback") {
                $0.file = value
                $0.callbacks.append(value)
                $0.finished[index] = true
            },
        ])
    }

    public static let writeOnly = RaceModel(
        "only the write on ioQueue", initial: State(),
        threads: [store(0, waitsFor: nil), store(1, waitsFor: nil)], bad: ["older value on disk"], outcome: outcome)

    public static let wholePipeline = RaceModel(
        "whole pipeline on ioQueue", initial: State(),
        threads: [store(0, waitsFor: nil), store(1, waitsFor: 0)], bad: ["older value on disk"], outcome: outcome)
}

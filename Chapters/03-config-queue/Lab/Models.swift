// `config.x += 1` from two threads, as a model for the model checker. Each step is one trip through
// `propertyQueue` in the real code: `+=` on a property is a get (one `propertyQueue.sync`) then a
// set (another) — `DiskStorage.Backend.config`'s getter and setter; `QueueBox.update` runs the
// whole read-modify-write in one `propertyQueue.sync`, one step.

import WorkbookSupport

public enum ConfigModels {
    public struct State: Equatable, Sendable {
        var value = 0
        /// What each thread read, between its get and its set.
        var read = [0, 0]
    }

    static func outcome(_ state: State) -> String { state.value == 2 ? "both counted" : "lost update" }

    static func getThenSet(_ thread: Int) -> ModelThread<State> {
        ModelThread("thread \(thread == 0 ? "A" : "B")", [
            ModelStep("get config (sync)") { $0.read[thread] = $0.value },
            ModelStep("set config (sync)") { $0.value = $0.read[thread] + 1 },
        ])
    }

    /// `backend.config.sizeLimit += 1` on two threads: a get, then a set.
    public static let getThenSetModel = RaceModel(
        "config.x += 1 (get, then set)", initial: State(), threads: [getThenSet(0), getThenSet(1)],
        bad: ["lost update"], outcome: outcome)

    /// `QueueBox.update { $0.a += 1 }` on two threads: one critical section each.
    public static let oneSectionModel = RaceModel(
        "update { x += 1 } (one section)", initial: State(),
        threads: [0, 1].map { thread in
            ModelThread("thread \(thread == 0 ? "A" : "B")", [ModelStep("update (sync)") { $0.value += 1 }])
        },
        bad: ["lost update"], outcome: outcome)
}

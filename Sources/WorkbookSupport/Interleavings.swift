// A small model checker: every interleaving of a race model, not one. A model is a few threads,
// each a list of named atomic steps over a shared state (a value); the checker runs every order in
// which those steps can happen, counts how many end in each outcome, and draws the bad one with
// the fewest context switches as a timeline, one column per thread. (Rust has loom for this; the
// Swift toolchain has nothing like it, so here is a small one.)
//
// A step may be blocked (its `enabled` says no: a lock another thread holds, a serial queue still
// busy); a state where no thread can move but some have steps left is a deadlock, itself an outcome.

import Foundation

/// One atomic step of a thread.
public struct ModelStep<State: Sendable>: Sendable {
    public let label: String
    public let enabled: @Sendable (State) -> Bool
    public let apply: @Sendable (inout State) -> Void

    public init(_ label: String, enabled: @escaping @Sendable (State) -> Bool = { _ in true },
                _ apply: @escaping @Sendable (inout State) -> Void) {
        self.label = label
        self.enabled = enabled
        self.apply = apply
    }
}

/// A thread of a model: its name and its steps, in program order.
public struct ModelThread<State: Sendable>: Sendable {
    public let name: String
    public let steps: [ModelStep<State>]
    public init(_ name: String, _ steps: [ModelStep<State>]) {
        self.name = name
        self.steps = steps
    }
}

/// A race: threads over a shared state, and how to name the state a run ends in.
public struct RaceModel<State: Sendable>: Sendable {
    public let name: String
    public let initial: State
    public let threads: [ModelThread<State>]
    /// The outcome of a finished run ("ghost", "lost update", "ok"…).
    public let outcome: @Sendable (State) -> String
    /// Which outcomes are bad.
    public let bad: Set<String>

    public init(_ name: String, initial: State, threads: [ModelThread<State>], bad: Set<String>,
                outcome: @escaping @Sendable (State) -> String) {
        self.name = name
        self.initial = initial
        self.threads = threads
        self.outcome = outcome
        self.bad = bad
    }
}

/// What exploring every interleaving found.
public struct Exploration: Sendable {
    public let model: String
    public let threadNames: [String]
    public let stepLabels: [[String]]
    /// Complete runs, deadlocks included.
    public let total: Int
    public let byOutcome: [String: Int]
    public let bad: Int
    /// Every interleaving, with its outcome (models here are small: tens of runs).
    public let runs: [(order: [Pair], outcome: String)]
    /// The bad run with the fewest context switches (nil when none is bad).
    public let shortestBad: [Pair]?

    public struct Pair: Sendable, Hashable {
        public let thread: Int
        public let step: Int
    }

    /// The shortest bad run as a timeline: one row per step, one column per thread.
    public func timeline(_ order: [Pair]? = nil) -> String {
        guard let order = order ?? shortestBad else { return "(no bad interleaving)" }
        let width = max(24, stepLabels.flatMap { $0 }.map(\.count).max() ?? 0) + 2
        var lines = ["    " + threadNames.map { $0.padding(toLength: width, withPad: " ", startingAt: 0) }.joined()]
        for (index, pair) in order.enumerated() {
            let cells = threadNames.indices.map { thread in
                (thread == pair.thread ? stepLabels[thread][pair.step] : "·").padding(toLength: width, withPad: " ", startingAt: 0)
            }
            lines.append(String(index + 1).padding(toLength: 4, withPad: " ", startingAt: 0) + cells.joined())
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }
}

public enum ModelChecker {
    /// Runs every interleaving of `model` (up to `limit` complete runs).
    public static func explore<State: Sendable>(_ model: RaceModel<State>, limit: Int = 100_000) -> Exploration {
        var runs: [(order: [Exploration.Pair], outcome: String)] = []
        var order: [Exploration.Pair] = []
        func visit(_ state: State, _ counters: [Int]) {
            guard runs.count < limit else { return }
            var moved = false
            for (thread, threadModel) in model.threads.enumerated() where counters[thread] < threadModel.steps.count {
                let step = threadModel.steps[counters[thread]]
                guard step.enabled(state) else { continue }
                moved = true
                var next = state
                step.apply(&next)
                var nextCounters = counters
                nextCounters[thread] += 1
                order.append(.init(thread: thread, step: counters[thread]))
                visit(next, nextCounters)
                order.removeLast()
            }
            if !moved {
                let finished = zip(counters, model.threads).allSatisfy { $0 == $1.steps.count }
                runs.append((order, finished ? model.outcome(state) : "deadlock"))
            }
        }
        visit(model.initial, Array(repeating: 0, count: model.threads.count))
        var byOutcome: [String: Int] = [:]
        for run in runs { byOutcome[run.outcome, default: 0] += 1 }
        let badRuns = runs.filter { model.bad.contains($0.outcome) || $0.outcome == "deadlock" }
        func switches(_ order: [Exploration.Pair]) -> Int { zip(order, order.dropFirst()).filter { $0.thread != $1.thread }.count }
        return Exploration(model: model.name, threadNames: model.threads.map(\.name),
                           stepLabels: model.threads.map { $0.steps.map(\.label) },
                           total: runs.count, byOutcome: byOutcome, bad: badRuns.count, runs: runs,
                           shortestBad: badRuns.min { switches($0.order) < switches($1.order) }?.order)
    }
}

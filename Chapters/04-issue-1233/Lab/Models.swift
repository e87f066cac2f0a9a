// Issue #1233's race as a model, for the model checker (WorkbookSupport/Interleavings.swift).
// Each step is one critical section, or one unguarded action, of the real code in Designs.swift:
//   store    — `store(_:forKey:expiresAt:)`: setObject and keys.insert under the lock (one step);
//   evict    — NSCache dropping the value: `purge(key:between:)`'s removeObject;
//   callback — 5.7.0's `willEvict`: keys.remove without the lock (what `purge` calls after `between`);
//   clean    — #1255's `removeExpired(at:)`: under the lock, drop the keys of values NSCache lost.
// The model tracks what the outcome depends on: which value the cache holds under the key, and
// whether `keys` names it. (The crash itself — two threads writing one Set — is below this level:
// the stress part counts it; this part counts the interleavings that leave a wrong state.)

import WorkbookSupport

public enum IssueModels {
    public struct State: Equatable, Sendable {
        /// The value NSCache holds under "a" (nil: none).
        var cached: Int?
        /// Whether `keys` contains "a".
        var keyed: Bool
    }

    /// Before the race: v1 stored, its key in `keys`.
    static let initial = State(cached: 1, keyed: true)

    static func outcome(_ state: State) -> String {
        if state.cached != nil && !state.keyed { return "ghost" }
        if state.cached == nil && state.keyed { return "extra key" }
        return "consistent"
    }

    static let store = ModelStep<State>("store(v2) [lock]") { $0.cached = 2; $0.keyed = true }
    static let evict = ModelStep<State>("NSCache evicts") { $0.cached = nil }
    static let callback = ModelStep<State>("callback: keys.remove") { $0.keyed = false }
    static let clean = ModelStep<State>("removeExpired [lock]") { if $0.cached == nil { $0.keyed = false } }

    /// 5.7.0: a store races an eviction whose callback removes the key without the lock.
    public static let design570 = RaceModel(
        "5.7.0 (eviction callback)", initial: initial,
        threads: [ModelThread("storer", [store]), ModelThread("NSCache", [evict, callback])],
        bad: ["ghost"], outcome: outcome)

    /// #1255: no callback; the clean timer's removeExpired reconciles under the lock.
    public static let design1255 = RaceModel(
        "#1255 (reconcile in removeExpired)", initial: initial,
        threads: [ModelThread("storer", [store]), ModelThread("NSCache", [evict]), ModelThread("clean timer", [clean])],
        bad: ["ghost"], outcome: outcome)
}

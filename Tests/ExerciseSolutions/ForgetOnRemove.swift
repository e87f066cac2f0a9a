// Reference solution of 06-forget-on-remove (the stub: Chapters/06-maybe-cached/Exercises/ForgetOnRemove.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import Dispatch
import ExerciseKit

// @unchecked Sendable: `names` is only touched on `queue`.
public final class ForgetOnRemove: ForgetOnRemoveExercise, @unchecked Sendable {
    private let queue = DispatchQueue(label: "exercise.ForgetOnRemove")
    private var names: Set<String>?

    public init(knownNames: Set<String>?) { names = knownNames }

    public func stored(_ name: String) { queue.sync { _ = names?.insert(name) } }

    public func removed(_ name: String) { queue.sync { _ = names?.remove(name) } }

    public func removedAll() { queue.sync { names = [] } }

    public func mightContain(_ name: String) -> Bool { queue.sync { names?.contains(name) ?? true } }
}

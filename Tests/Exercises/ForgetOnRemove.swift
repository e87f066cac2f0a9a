// Reference solution of 06-forget-on-remove. Kept apart from the stub: try first.

import Dispatch
import ExerciseChecks

// @unchecked Sendable: `names` is only touched on `queue`.
public final class ForgetOnRemove: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; a WatchedQueue is a serial DispatchQueue: sync, async)
    private let queue = WatchedQueue(label: "exercise.ForgetOnRemove")
    private var names: Set<String>? { didSet { queue.requireCurrent("names was changed off queue") } }
    // END DO NOT EDIT

    public init(knownNames: Set<String>?) { names = knownNames }

    public func stored(_ name: String) { queue.sync { _ = names?.insert(name) } }

    public func removed(_ name: String) { queue.sync { _ = names?.remove(name) } }

    public func removedAll() { queue.sync { names = [] } }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension ForgetOnRemove: ForgetOnRemoveExercise {
    public func mightContain(_ name: String) -> Bool { queue.sync { names?.contains(name) ?? true } }
    public var queueProbe: WatchedQueue { queue }
}

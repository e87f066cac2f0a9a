// Reference solution of 03-atomic-update. Kept apart from the stub: try first.

import Dispatch
import ExerciseChecks

// @unchecked Sendable: `_settings` is only read or written inside `propertyQueue.sync`.
public final class AtomicUpdate: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; a WatchedQueue is a serial DispatchQueue: sync, async)
    private let propertyQueue = WatchedQueue(label: "exercise.AtomicUpdate.propertyQueue")
    private var _settings = Counters() { didSet { propertyQueue.requireCurrent("_settings was changed off propertyQueue") } }
    // END DO NOT EDIT

    public init() {}

    public var settings: Counters {
        get { propertyQueue.sync { _settings } }
        set { propertyQueue.sync { _settings = newValue } }
    }

    public func update(_ body: (inout Counters) -> Void) {
        propertyQueue.sync { body(&_settings) }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension AtomicUpdate: AtomicUpdateExercise {
    public var propertyQueueProbe: WatchedQueue { propertyQueue }
}

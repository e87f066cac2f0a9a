// Reference solution of 03-atomic-update (the stub: Chapters/03-config-queue/Exercises/AtomicUpdate.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import Dispatch
import ExerciseKit

// @unchecked Sendable: `_settings` is only read or written inside `propertyQueue.sync`.
public final class AtomicUpdate: AtomicUpdateExercise, @unchecked Sendable {
    private let propertyQueue = DispatchQueue(label: "exercise.AtomicUpdate")
    private var _settings = Counters()

    public init() {}

    public var settings: Counters {
        get { propertyQueue.sync { _settings } }
        set { propertyQueue.sync { _settings = newValue } }
    }

    public func update(_ body: (inout Counters) -> Void) {
        propertyQueue.sync { body(&_settings) }
    }
}

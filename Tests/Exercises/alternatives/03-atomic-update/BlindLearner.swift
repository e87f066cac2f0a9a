// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses.
// EXERCISE 03-atomic-update — make read-modify-write one critical section.
//
// `settings` is guarded by a serial queue, like DiskStorage's `config`. But `update` reads it,
// changes the copy and writes it back: two trips through the queue, and any update another thread
// makes in between is lost. Make `update` a single critical section.
// Read: Chapters/03-config-queue/README.md, Sources/KFDCache/DiskStorageBackend.swift (`config`).
// Check: swift run workbook check 03-atomic-update      Hint: swift run workbook hint 03-atomic-update

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

    // TODO: make reading, changing and writing back `_settings` one critical section.
    public func update(_ body: (inout Counters) -> Void) {
        propertyQueue.sync { body(&_settings) }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension AtomicUpdate: AtomicUpdateExercise {
    public var propertyQueueProbe: WatchedQueue { propertyQueue }
}

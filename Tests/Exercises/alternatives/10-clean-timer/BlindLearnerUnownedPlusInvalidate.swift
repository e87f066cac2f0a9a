// RIGHT ANSWER: another way, written by a learner who never saw the reference solution.
// EXERCISE 10-clean-timer — a repeating clean timer that lets its owner go, and stops with it.
//
// `CleaningStore` cleans itself on a Timer, as Kingfisher's MemoryStorage.Backend does. As written,
// the timer keeps the store alive forever, and nothing ever stops the timer. Make the store free
// when its last owner lets go, and make its timer stop then (no firing into nil). Keep the timer on
// the run loop of the thread that makes the store, as Kingfisher does: the check runs that run loop.
// Read: Chapters/10-lifetimes/README.md (parts 1–2), Kingfisher 8.11.0 Sources/Cache/MemoryStorage.swift.
// Check: swift run workbook check 10-clean-timer      Hint: swift run workbook hint 10-clean-timer

import ExerciseChecks
import Foundation

// @unchecked Sendable: `cleanTimer` is set in init and touched afterwards only on the thread that
// made the store (the thread whose run loop the timer is scheduled on), deinit included.
public final class CleaningStore: @unchecked Sendable {
    // DO NOT EDIT (the check reads `cleanTimer` and counts the calls of removeExpired)
    private var cleanTimer: Timer?
    private let onClean: @Sendable () -> Void
    // END DO NOT EDIT

    public init(cleanInterval: TimeInterval, onClean: @escaping @Sendable () -> Void) {
        self.onClean = onClean
        // TODO: the timer must not keep the store alive.
        cleanTimer = .scheduledTimer(withTimeInterval: cleanInterval, repeats: true) { [unowned self] _ in
            self.removeExpired()
        }
    }

    // TODO: a scheduled timer outlives its owner: stop it when the store goes.
    deinit { cleanTimer?.invalidate() }

    // DO NOT EDIT
    /// Removes the expired values (here: tells the check it ran).
    public func removeExpired() { onClean() }
    // END DO NOT EDIT
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CleaningStore: CleanTimerExercise {
    public var timerProbe: Timer? { cleanTimer }
}

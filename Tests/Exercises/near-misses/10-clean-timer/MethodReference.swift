// NEAR-MISS: passes removeExpired as a method reference inside the closure: the reference captures self strongly.

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
        let clean = removeExpired
        cleanTimer = .scheduledTimer(withTimeInterval: cleanInterval, repeats: true) { _ in clean() }
    }

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

// NEAR-MISS: rounds to whole microseconds first (file times keep microseconds), then up: a date a few nanoseconds past a whole second stays there (written blind)

import ExerciseChecks
import Foundation

public enum FileAttributeDate {
    public static func fileAttributeDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: ceil((date.timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000))
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FileAttributeDate: FileAttributeDateExercise {}

// NEAR-MISS: rounds to the nearest second, so x.4 goes down: an entry would expire early.

import ExerciseChecks
import Foundation

public enum FileAttributeDate {
    public static func fileAttributeDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded())
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FileAttributeDate: FileAttributeDateExercise {}

// NEAR-MISS: floor + 1 — right for fractions, but a whole second moves a second later.

import ExerciseChecks
import Foundation

public enum FileAttributeDate {
    public static func fileAttributeDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: floor(date.timeIntervalSince1970) + 1)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FileAttributeDate: FileAttributeDateExercise {}

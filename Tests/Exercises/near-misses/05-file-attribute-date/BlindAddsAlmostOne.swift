// NEAR-MISS: adds 0.999999 and rounds down: a fraction below a microsecond past a whole second is rounded down to it (written blind)

import ExerciseChecks
import Foundation

public enum FileAttributeDate {
    public static func fileAttributeDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: floor(date.timeIntervalSince1970 + 0.999_999))
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FileAttributeDate: FileAttributeDateExercise {}

// NEAR-MISS: Int() truncates toward zero, so dates before 1970 round the wrong way (and whole seconds move).

import ExerciseChecks
import Foundation

public enum FileAttributeDate {
    public static func fileAttributeDate(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: Double(Int(seconds)) + 1)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FileAttributeDate: FileAttributeDateExercise {}

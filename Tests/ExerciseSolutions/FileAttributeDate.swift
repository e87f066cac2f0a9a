// Reference solution of 05-file-attribute-date (the stub: Chapters/05-ceil-dates/Exercises/FileAttributeDate.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit
import Foundation

public enum FileAttributeDate: FileAttributeDateExercise {
    public static func fileAttributeDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: ceil(date.timeIntervalSince1970))
    }
}

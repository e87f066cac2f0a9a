// EXERCISE 05-file-attribute-date — write `fileAttributeDate`.
//
// Every date the disk storage writes as a file time is first rounded *up* to a whole second, so
// that no file system's precision can make an entry look expired before its time. Return `date`
// rounded up to the next whole second (a whole second stays as it is) — for any date, 1970 or before.
// Read: Chapters/05-ceil-dates/README.md (parts 1 and 2: dates that come back early), then the
// comment above `fileAttributeDate` in Kingfisher 8.11.0's Sources/Utility/ExtensionHelpers.swift
// (Kingfisher's repository, not this one): take its reason, and decide the rounding from it.
// Check: swift run workbook check 05-file-attribute-date      Hint: swift run workbook hint 05-file-attribute-date

import ExerciseChecks
import Foundation

public enum FileAttributeDate {
    // TODO: round up to a whole second.
    public static func fileAttributeDate(_ date: Date) -> Date {
        date
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FileAttributeDate: FileAttributeDateExercise {}

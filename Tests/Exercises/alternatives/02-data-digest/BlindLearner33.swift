// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses (round 33).
// EXERCISE 02-data-digest — add `kfd.sha256` and `kfd.isPNG` to Data.
//
// `Data` is already `KFDCompatibleValue`, so `data.kfd` exists. Fill in the two helpers on the
// wrapper: the SHA-256 of the bytes as lowercase hex, and whether the bytes start with the PNG
// signature (89 50 4E 47 0D 0A 1A 0A). Any Data: empty, short, or a slice of a larger one.
// Read: Chapters/02-kfd-wrapper/README.md, Sources/KFDCache/KFDWrapper.swift.
// Check: swift run workbook check 02-data-digest      Hint: swift run workbook hint 02-data-digest

import ExerciseChecks
import Foundation
import KFDCache

extension KFDWrapper where Base == Data {
    public var sha256: String {
        SHA256.hexDigest(of: [UInt8](base))
    }

    public var isPNG: Bool {
        base.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8])
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum DataDigest: DataDigestExercise {
    public static func sha256(of data: Data) -> String { data.kfd.sha256 }
    public static func isPNG(_ data: Data) -> Bool { data.kfd.isPNG }
}

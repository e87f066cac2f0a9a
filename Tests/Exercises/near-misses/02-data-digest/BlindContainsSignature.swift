// NEAR-MISS: true when the bytes *contain* the PNG signature anywhere, not only when they start with it (written blind)

import ExerciseChecks
import Foundation
import KFDCache

extension KFDWrapper where Base == Data {
    public var sha256: String {
        SHA256.hexDigest(of: Array(base))
    }

    public var isPNG: Bool {
        base.range(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) != nil
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum DataDigest: DataDigestExercise {
    public static func sha256(of data: Data) -> String { data.kfd.sha256 }
    public static func isPNG(_ data: Data) -> Bool { data.kfd.isPNG }
}

// NEAR-MISS: checks only the first 4 signature bytes (89 50 4E 47), not all 8.

import ExerciseChecks
import Foundation
import KFDCache

extension KFDWrapper where Base == Data {
    public var sha256: String {
        SHA256.hexDigest(of: Array(base))
    }

    public var isPNG: Bool {
        base.starts(with: [0x89, 0x50, 0x4E, 0x47])
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
public enum DataDigest: DataDigestExercise {
    public static func sha256(of data: Data) -> String { data.kfd.sha256 }
    public static func isPNG(_ data: Data) -> Bool { data.kfd.isPNG }
}

// NEAR-MISS: resumes exactly once when the loader calls back, and never when it does not.

import ExerciseChecks
import Foundation

public enum LoadBridge {
    public static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction,
                             continuation: some DataContinuation) {
        load(key) { result in
            continuation.resume(with: result)
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension LoadBridge: ResumeOnceExercise {
    public static func data(forKey key: String, timeout: TimeInterval, load: @escaping LoadFunction) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            start(key: key, timeout: timeout, load: load, continuation: CheckedDataContinuation(continuation))
        }
    }
}

// NEAR-MISS: the callback and the timeout both resume: whichever comes second resumes again.

import ExerciseChecks
import Foundation

public enum LoadBridge {
    public static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction,
                             continuation: some DataContinuation) {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            continuation.resume(throwing: BridgeError.timedOut)
        }
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

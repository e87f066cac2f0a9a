// Reference solution of 10-resume-once. Kept apart from the stub: try first.

import ExerciseChecks
import Foundation
import Synchronization

public enum LoadBridge {
    public static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction,
                             continuation: some DataContinuation) {
        let once = FirstResume()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if once.claim() { continuation.resume(throwing: BridgeError.timedOut) }
        }
        load(key) { result in
            if once.claim() { continuation.resume(with: result) }
        }
    }
}

/// Decides who resumes: the first caller of `claim()` gets true, every later one false.
private final class FirstResume: Sendable {
    private let claimed = Atomic<Bool>(false)
    func claim() -> Bool { !claimed.exchange(true, ordering: .acquiringAndReleasing) }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension LoadBridge: ResumeOnceExercise {
    public static func data(forKey key: String, timeout: TimeInterval, load: @escaping LoadFunction) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            start(key: key, timeout: timeout, load: load, continuation: CheckedDataContinuation(continuation))
        }
    }
}

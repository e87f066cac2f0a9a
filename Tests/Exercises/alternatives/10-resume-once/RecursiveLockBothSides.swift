// RIGHT ANSWER: the once-flag guarded by an NSRecursiveLock on both paths (a recursive lock is more than needed, and still right).
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
private final class FirstResume: @unchecked Sendable {   // @unchecked: `claimed` is only touched while holding `lock`
    private let lock = NSRecursiveLock()
    private var claimed = false
    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
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

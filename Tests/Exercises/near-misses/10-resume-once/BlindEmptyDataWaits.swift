// NEAR-MISS: (written blind) empty data is taken for "not loaded yet" and left for the timeout: a 0-byte file times out instead of arriving
// EXERCISE 10-resume-once — a continuation bridge that resumes exactly once on every path.
//
// `start` bridges a callback API to async: it must resume `continuation` exactly once — with the
// data, with the loader's error, or with `BridgeError.timedOut` when the loader has not called
// back within `timeout` seconds (a callback after that is ignored). In the app the continuation
// is a CheckedContinuation: a second resume traps, a missing one leaves the caller suspended.
// Read: Chapters/10-lifetimes/README.md (part 5), Kingfisher 8.11.0 Sources/Cache/ImageCache.swift.
// Check: swift run workbook check 10-resume-once      Hint: swift run workbook hint 10-resume-once

import ExerciseChecks
import Foundation
import Synchronization

final class ResumeGate: Sendable {
    let done = Atomic<Bool>(false)
    func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
}

public enum LoadBridge {
    // TODO: resume exactly once on every path: data, the loader's error, and no callback in time.
    public static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction,
                             continuation: some DataContinuation) {
        let gate = ResumeGate()
        load(key) { result in
            if case .success(let data) = result, data.isEmpty { return }
            guard gate.claim() else { return }
            switch result {
            case .success(let data): continuation.resume(returning: data)
            case .failure(let error): continuation.resume(throwing: error)
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            guard gate.claim() else { return }
            continuation.resume(throwing: BridgeError.timedOut)
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

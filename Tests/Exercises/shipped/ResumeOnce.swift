// EXERCISE 10-resume-once — a continuation bridge that resumes exactly once on every path.
//
// `start` bridges a callback API to async: it must resume `continuation` exactly once — with the
// data, with the loader's error, or with `BridgeError.timedOut` when the loader has not called
// back within `timeout` seconds of the call to start, however long load takes to return (a
// callback after that is ignored). In the app the continuation is a CheckedContinuation: a second
// resume traps, a missing one leaves the caller suspended.
// The check runs start on a virtual clock, which asyncAfter, timed waits, Timer and Thread.sleep
// follow (Task.sleep does not): schedule the timeout with one of those.
// The timeout comes on time even while the thread that called start stays busy (an app's main
// thread), and it waits without holding a thread of Dispatch's pool, so bridges in flight do not
// hold up each other's timeouts (the pool has a limit; the check's has 2 threads, its loaders hold none).
// Read: Chapters/10-lifetimes/README.md (part 5), Kingfisher 8.11.0 Sources/Cache/ImageCache.swift.
// Check: swift run workbook check 10-resume-once      Hint: swift run workbook hint 10-resume-once

import ExerciseChecks
import Foundation

public enum LoadBridge {
    // TODO: resume exactly once on every path: data, the loader's error, and no callback in time.
    public static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction,
                             continuation: some DataContinuation) {
        load(key) { result in
            if case .success(let data) = result { continuation.resume(returning: data) }
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

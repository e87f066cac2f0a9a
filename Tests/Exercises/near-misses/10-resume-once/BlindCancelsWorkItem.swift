// NEAR-MISS: (written blind) the callback cancels the timeout's DispatchWorkItem and always resumes: a callback after the timeout fired resumes a second time
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

// @unchecked Sendable: `item` is a let set before the box is shared; a work item's cancel and perform are safe from any thread.
final class WorkItemBox: @unchecked Sendable {
    let item: DispatchWorkItem
    init(_ item: DispatchWorkItem) { self.item = item }
}

public enum LoadBridge {
    // TODO: resume exactly once on every path: data, the loader's error, and no callback in time.
    public static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction,
                             continuation: some DataContinuation) {
        let timeoutItem = WorkItemBox(DispatchWorkItem {
            continuation.resume(throwing: BridgeError.timedOut)
        })
        load(key) { result in
            timeoutItem.item.cancel()
            switch result {
            case .success(let data): continuation.resume(returning: data)
            case .failure(let error): continuation.resume(throwing: error)
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timeoutItem.item)
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

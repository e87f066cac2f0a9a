// How the exercise checks run. The same check function runs against the reference solution and
// against the learner's stub; the environment decides what is expected of the stub:
//
//   (unset)                 plain `swift test`: solutions are checked; stubs are skipped, so a
//                           fresh clone is green.
//   KFD_EXERCISES=check     `workbook check`: stubs are checked like solutions — the learner's
//                           failing tests.
//   KFD_EXERCISES=verify    `workbook verify` (CI): each stub must FAIL its check. A stub that
//                           passes fails the run ("known issue was not recorded").

import Foundation
import Testing

enum Mode {
    static let value = ProcessInfo.processInfo.environment["KFD_EXERCISES"] ?? ""
    static var checksStubs: Bool { value == "check" || value == "verify" }

    /// Runs the check of a stub as the mode asks.
    static func stub(_ check: () throws -> Void) rethrows {
        if value == "verify" {
            withKnownIssue("the shipped stub must fail this check") { try check() }
        } else {
            try check()
        }
    }

    static func stub(_ check: () async throws -> Void) async rethrows {
        if value == "verify" {
            await withKnownIssue("the shipped stub must fail this check") { try await check() }
        } else {
            try await check()
        }
    }
}

/// Waits on `semaphore` up to `seconds`: the bound keeps a broken stub from hanging the test run;
/// nothing asserts on how long anything took.
func waited(_ semaphore: DispatchSemaphore, seconds: Double) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}

/// Runs `body` on a thread of its own (not the shared global queue, which other tests running in
/// parallel may keep busy) and returns a semaphore signalled when it ends.
@discardableResult
func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        finished.signal()
    }
    return finished
}

// 004 §8: a checked continuation resumed twice, and one never resumed. Each runs in a child
// process: the first ends the process, the second leaves a task suspended for good.
//
// Kingfisher 8.11.0, Sources/Cache/ImageCache.swift bridges its callbacks the same way, e.g.
//     try await withCheckedThrowingContinuation { continuation in
//         store(...) { continuation.resume(with: $0.diskCacheResult) }
//     }

import Dispatch
import Foundation
import WorkbookSupport

enum ContinuationChildren {
    /// What the child prints on stdout before the misuse, so that the parent can tell how far it got.
    static let resumedOnce = "resumed once"
    static let stillSuspended = "task still suspended after"

    /// Resumes a checked continuation twice. The standard library's CheckedContinuation traps on
    /// the second resume (a `fatalError`, in debug and release builds alike).
    static func resumeTwice() -> Int32 {
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await bridgeThatResumesTwice()
            finished.signal()
        }
        _ = finished.wait(timeout: .now() + 5)
        print("the task finished: no trap")
        return 0
    }

    static func bridgeThatResumesTwice() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            continuation.resume()
            // Straight to the file descriptor: the trap below ends the process before a buffer is flushed.
            FileHandle.standardOutput.write(Data((resumedOnce + "\n").utf8))
            continuation.resume()
        }
    }

    /// Lets a checked continuation go without resuming it. The runtime prints a warning when the
    /// continuation is released; the task waiting on it never runs again.
    static func neverResume(seconds: TimeInterval) -> Int32 {
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await bridgeThatNeverResumes()
            finished.signal()
        }
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            print("\(stillSuspended) \(seconds) s")
        } else {
            print("the task went on")
        }
        return 0
    }

    static func bridgeThatNeverResumes() async {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in
            // The callback that should resume it never comes (an error path that forgot to).
        }
    }

    /// The build configuration of this binary.
    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }
}

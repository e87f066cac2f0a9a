// Holding a lock or a queue on a thread of the check's own, so that a check can ask what the code
// under check does while that guard is busy: does a read wait for it (it must, if it reads what
// the guard protects), does a store return at once (it must, if it only hands work to a queue)?
// Deterministic: the guard is really held, whatever the scheduler does.

import Dispatch
import ExerciseKit

/// A guard (a `WatchedLock` or a `WatchedQueue`) held by a thread of the check until `release()`.
public final class Holding: Sendable {
    private let held = DispatchSemaphore(value: 0)
    private let releaser = DispatchSemaphore(value: 0)
    private let finished: DispatchSemaphore

    /// Holds `lock` (taken and released on the same new thread, as NSLock requires).
    public convenience init?(_ lock: WatchedLock, _ run: CheckRun) {
        self.init(run) { body in lock.withLock(body) }
    }

    /// Keeps `queue` busy with a block of the check's own.
    public convenience init?(_ queue: WatchedQueue, _ run: CheckRun) {
        self.init(run) { body in queue.sync(execute: body) }
    }

    private init?(_ run: CheckRun, _ inside: @escaping @Sendable (() -> Void) -> Void) {
        let held = self.held, releaser = self.releaser
        finished = spawn {
            inside {
                held.signal()
                _ = releaser.wait(timeout: .now() + 5)   // never held forever, whatever the check does
            }
        }
        guard run.wait(held, seconds: 2, orFail: CheckMessage("the check could not take the lock or queue: something holds it forever",
                                                              ko: "확인 프로그램이 lock이나 큐를 잡지 못했습니다: 무언가가 영원히 잡고 있습니다")) else {
            return nil
        }
    }

    /// Lets the guard go and waits until it is free.
    public func release() {
        releaser.signal()
        _ = finished.wait(timeout: .now() + 5)
    }
}

/// Runs `body` on a new thread; whether it returned within `seconds`. The semaphore is signalled
/// when it does return (wait on it before checking what it did).
public func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> (returned: Bool, done: DispatchSemaphore) {
    let done = spawn(body)
    let returned = signalled(done, within: seconds)
    if returned { done.signal() }   // keep it signalled for a later wait
    return (returned, done)
}

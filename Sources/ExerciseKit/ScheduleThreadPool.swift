// Real threads for logical ones, reused from run to run: an explored check makes thousands of
// runs of a few threads each, and starting a thread costs more than the run itself. A thread
// returns to the pool when its logical thread's body has ended; one parked for good (a deadlock,
// a step budget) never does.

import Dispatch
import Foundation

enum ScheduleThreadPool {
    /// A real thread waiting for its next job.
    // @unchecked Sendable: `job` is set by the pool's caller before `wake` is signalled, and read
    // by the thread after it wakes (the semaphore orders the two).
    private final class Worker: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        var job: (@Sendable () -> Void)?
    }

    private static let idle = Guarded<[Worker]>([])

    /// Runs `job` on a pooled thread (a new one when none is idle).
    static func run(_ job: @escaping @Sendable () -> Void) {
        let worker = idle.withLock { $0.popLast() } ?? start()
        worker.job = job
        worker.wake.signal()
    }

    private static func start() -> Worker {
        let worker = Worker()
        Thread.detachNewThread {
            while true {
                worker.wake.wait()
                worker.job?()
                // Out of the run first: a deinit that dropping the job sets off uses the real primitives.
                ThreadSlot.clearLogical()
                worker.job = nil
                idle.withLock { $0.append(worker) }
            }
        }
        return worker
    }
}

// NEAR-MISS: queues the read on ioQueue and waits for it: from ioQueue itself it waits forever.

import ExerciseChecks
import Foundation

// @unchecked Sendable: `disk` guards itself; `ioQueue` is a serial queue.
public final class SyncRead: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; a WatchedQueue is a serial DispatchQueue: sync, async)
    private let ioQueue = WatchedQueue(label: "exercise.SyncRead.ioQueue")
    private let disk = CountingDisk()
    // END DO NOT EDIT

    public init() {}

    public func store(_ value: String, forKey key: String) {
        let disk = self.disk
        ioQueue.async { disk.write(value, name: key) }
    }

    public func retrieve(forKey key: String, synchronously: Bool, completion: @escaping @Sendable (String?) -> Void) {
        let disk = self.disk
        if synchronously {
            let done = DispatchSemaphore(value: 0)
            ioQueue.async { completion(disk.read(key)); done.signal() }
            done.wait()
        } else {
            ioQueue.async { completion(disk.read(key)) }
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension SyncRead: SyncReadExercise {
    public func waitForWrites() { ioQueue.sync {} }
    public var probes: (ioQueue: WatchedQueue, disk: CountingDisk) { (ioQueue, disk) }
}

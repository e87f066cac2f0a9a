// NEAR-MISS: ioQueue.sync for the synchronous read: fine from a plain thread, a deadlock (a trap) from ioQueue itself.

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
            ioQueue.sync { completion(disk.read(key)) }
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

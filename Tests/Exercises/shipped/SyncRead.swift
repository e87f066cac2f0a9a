// EXERCISE 08-sync-read-anywhere — a synchronous disk read that is safe from any thread.
//
// Reads normally run on `ioQueue`, in order with the writes queued there, and call back from that
// block later (Kingfisher then hops to its `callbackQueue`, an option this exercise leaves out).
// With `synchronously`, the value must be delivered before `retrieve` returns — and that call may
// come from anywhere, even from a block already running on ioQueue (a store's completion
// handler), or from a thread that a block queued on ioQueue is waiting for (a view's main thread):
// so it must not wait for ioQueue. Kingfisher reads on the caller's thread in this mode. Either
// way the completion runs exactly once (a miss too, with nil), even if the caller lets go of the
// cache at once. This version ignores `synchronously`.
// Read: Chapters/08-hybrid-cache/README.md, Sources/KFDCache/HybridCache.swift (`retrieveImageInDiskCache`).
// Check: swift run workbook check 08-sync-read-anywhere      Hint: swift run workbook hint 08-sync-read-anywhere

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

    // TODO: with `synchronously`, read and call back before returning, safely from any queue.
    public func retrieve(forKey key: String, synchronously: Bool, completion: @escaping @Sendable (String?) -> Void) {
        let disk = self.disk
        ioQueue.async { completion(disk.read(key)) }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension SyncRead: SyncReadExercise {
    public func waitForWrites() { ioQueue.sync {} }
    public var probes: (ioQueue: WatchedQueue, disk: CountingDisk) { (ioQueue, disk) }
}

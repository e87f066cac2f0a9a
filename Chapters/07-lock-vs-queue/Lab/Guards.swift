// The four ways chapter 7 guards a tiny critical section (one counter increment), and the two
// shapes of a store pipeline (serialize → write → callback).

import Dispatch
import Foundation
import Synchronization

/// A counter behind some guard.
protocol GuardedCounter: Sendable {
    func increment()
}

// @unchecked Sendable: `value` is only touched while holding `lock`.
final class NSLockCounter: GuardedCounter, @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.lock(); value += 1; lock.unlock() }
}

final class MutexCounter: GuardedCounter {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
}

// @unchecked Sendable: `value` is only touched on `queue`.
final class QueueCounter: GuardedCounter, @unchecked Sendable {
    private let queue = DispatchQueue(label: "chapter7.QueueCounter")
    private var value = 0
    func increment() { queue.sync { value += 1 } }
}

actor ActorCounter {
    private var value = 0
    func increment() { value += 1 }
}

/// A store pipeline: turn a value into bytes, write them, call back. Two versions, side by side.
protocol StorePipeline: AnyObject, Sendable {
    /// Stores `value`; `serializer` turns it into the bytes to write (it may be slow).
    func store(_ value: String, serializer: @escaping @Sendable (String) -> String, done: @escaping @Sendable () -> Void)
    /// The file's content and the callbacks' order, once the queue is idle.
    var state: (file: String, callbacks: [String]) { get }
}

/// Before: only the write is on the I/O queue; serializing runs on a global queue first, so a
/// slow serialization of an earlier store lets a later store finish first.
// @unchecked Sendable: `file` and `callbacks` are only touched on `ioQueue`.
final class WriteOnlyPipeline: StorePipeline, @unchecked Sendable {
    private let ioQueue = DispatchQueue(label: "chapter7.WriteOnlyPipeline.ioQueue")
    private var file = ""
    private var callbacks: [String] = []

    func store(_ value: String, serializer: @escaping @Sendable (String) -> String, done: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            let bytes = serializer(value)
            self.ioQueue.sync { self.file = bytes; self.callbacks.append(value) }
            done()
        }
    }

    var state: (file: String, callbacks: [String]) { ioQueue.sync { (file, callbacks) } }
}

/// After: the whole pipeline is one block on the I/O queue, as `ImageCache.store` does.
// @unchecked Sendable: `file` and `callbacks` are only touched on `ioQueue`.
final class WholePipeline: StorePipeline, @unchecked Sendable {
    private let ioQueue = DispatchQueue(label: "chapter7.WholePipeline.ioQueue")
    private var file = ""
    private var callbacks: [String] = []

    func store(_ value: String, serializer: @escaping @Sendable (String) -> String, done: @escaping @Sendable () -> Void) {
        ioQueue.async {
            let bytes = serializer(value)
            self.file = bytes
            self.callbacks.append(value)
            done()
        }
    }

    var state: (file: String, callbacks: [String]) { ioQueue.sync { (file, callbacks) } }
}

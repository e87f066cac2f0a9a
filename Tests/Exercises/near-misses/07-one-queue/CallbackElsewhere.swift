// NEAR-MISS: serializes and writes on ioQueue, then calls back from a global queue: callbacks can overtake each other.

import Dispatch
import ExerciseChecks

// @unchecked Sendable: `file` and `callbacks` are only touched on `ioQueue`.
public final class OneQueue: @unchecked Sendable {
    // DO NOT EDIT (the check watches this queue; a WatchedQueue is a serial DispatchQueue: sync, async)
    private let ioQueue = WatchedQueue(label: "exercise.OneQueue.ioQueue")
    private var file = "" { didSet { ioQueue.requireCurrent("the file was written off ioQueue") } }
    private var callbacks: [String] = []
    // END DO NOT EDIT

    public init() {}

    public func store(_ value: String, serializer: @escaping @Sendable (String) -> String,
                      done: @escaping @Sendable () -> Void) {
        ioQueue.async {
            let bytes = serializer(value)
            self.file = bytes
            self.callbacks.append(value)
            DispatchQueue.global().async { done() }
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension OneQueue: OneQueueExercise {
    public var state: (file: String, callbacks: [String]) { ioQueue.sync { (file, callbacks) } }
    public var ioQueueProbe: WatchedQueue { ioQueue }
}

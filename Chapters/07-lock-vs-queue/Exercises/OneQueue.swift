// EXERCISE 07-one-queue — serialize → write → callback as one unit.
//
// Only the write runs on `ioQueue`; serializing happens on a global queue first. A slow
// serialization of an earlier store lets a later store finish first, and the older value ends up
// in the file. Make each store one block on `ioQueue`, as ImageCache's store does. The caller
// must not wait for any of it, and a store once made is written and called back even if the
// caller lets go of the pipeline right after.
// Read: Chapters/07-lock-vs-queue/README.md (part 3); Kingfisher: Sources/Cache/ImageCache.swift.
// Check: swift run workbook check 07-one-queue      Hint: swift run workbook hint 07-one-queue

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

    // TODO: serialize, write and call back in one block on ioQueue; return at once.
    public func store(_ value: String, serializer: @escaping @Sendable (String) -> String,
                      done: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            let bytes = serializer(value)
            self.ioQueue.async {
                self.file = bytes
                self.callbacks.append(value)
                done()
            }
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension OneQueue: OneQueueExercise {
    public var state: (file: String, callbacks: [String]) { ioQueue.sync { (file, callbacks) } }
    public var ioQueueProbe: WatchedQueue { ioQueue }
}

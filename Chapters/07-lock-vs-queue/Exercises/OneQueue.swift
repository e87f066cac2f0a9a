// EXERCISE 07-one-queue — serialize → write → callback as one unit.
//
// Only the write runs on `ioQueue`; serializing happens on a global queue first. A slow
// serialization of an earlier store lets a later store finish first, and the older value ends up
// in the file. Make each store one block on `ioQueue`, as ImageCache's store does.
// Read: Chapters/07-lock-vs-queue/README.md (part 3); Kingfisher: Sources/Cache/ImageCache.swift.
// Check: swift run workbook check 07-one-queue      Hint: swift run workbook hint 07-one-queue

import Dispatch
import ExerciseKit

// @unchecked Sendable: `file` and `callbacks` are only touched on `ioQueue`.
public final class OneQueue: OneQueueExercise, @unchecked Sendable {
    private let ioQueue = DispatchQueue(label: "exercise.OneQueue.ioQueue")
    private var file = ""
    private var callbacks: [String] = []

    public init() {}

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

    public var state: (file: String, callbacks: [String]) { ioQueue.sync { (file, callbacks) } }
}

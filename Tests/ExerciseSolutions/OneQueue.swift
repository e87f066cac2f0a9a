// Reference solution of 07-one-queue (the stub: Chapters/07-lock-vs-queue/Exercises/OneQueue.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

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
        ioQueue.async {
            let bytes = serializer(value)
            self.file = bytes
            self.callbacks.append(value)
            done()
        }
    }

    public var state: (file: String, callbacks: [String]) { ioQueue.sync { (file, callbacks) } }
}

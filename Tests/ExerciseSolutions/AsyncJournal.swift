// Reference solution of 07-async-journal (the stub: Chapters/07-lock-vs-queue/Exercises/AsyncJournal.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit
import Foundation

// @unchecked Sendable: `writer` is immutable; writes happen only on the serial `queue`.
public final class AsyncJournal: AsyncJournalExercise, @unchecked Sendable {
    private let writer: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "solution.AsyncJournal")

    public init(writer: @escaping @Sendable (String) -> Void) { self.writer = writer }

    public func append(_ line: String) {
        queue.async { self.writer(line) }
    }

    public func flush() { queue.sync {} }
}

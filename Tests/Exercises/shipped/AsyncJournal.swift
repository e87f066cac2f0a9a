// EXERCISE 07-async-journal — move slow I/O from a lock to a serial queue.
//
// `append` holds a lock while `writer` runs (think: a disk write), so every caller waits for the
// disk. Make `append` return at once and do the writing on `queue`, one line at a time, in order;
// `flush()` must return only when every line appended before it has been written. A line once
// appended is written even if the caller lets go of the journal right after.
// Read: Chapters/07-lock-vs-queue/README.md (part 2), Sources/KFDCache/DiskStorageBackend.swift.
// Check: swift run workbook check 07-async-journal      Hint: swift run workbook hint 07-async-journal

import ExerciseChecks
import Foundation

// @unchecked Sendable: `writer` is immutable; the writes happen only while holding `lock`.
public final class AsyncJournal: @unchecked Sendable {
    // DO NOT EDIT (the check watches this queue; a WatchedQueue is a serial DispatchQueue: sync, async)
    private let queue = WatchedQueue(label: "exercise.AsyncJournal")
    // END DO NOT EDIT
    private let writer: @Sendable (String) -> Void
    private let lock = NSLock()

    public init(writer: @escaping @Sendable (String) -> Void) { self.writer = writer }

    // TODO: hand the line to `queue` and return at once.
    public func append(_ line: String) {
        lock.withLock { writer(line) }
    }

    // TODO: wait until every line appended so far has been written.
    public func flush() {}
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension AsyncJournal: AsyncJournalExercise {
    public var queueProbe: WatchedQueue { queue }
}

// The small assertion kit every exercise check is written in. It runs the same way under
// `swift test` (reference solutions, reported through Swift Testing) and in the standalone check
// program `workbook check` builds for a learner's file (reported as one line of JSON).

import Dispatch
import Foundation
import Synchronization

/// One run of one exercise's check: what went wrong, first problem first, in the learner's terms.
public final class CheckRun: Sendable {
    private let problems = Guarded<[CheckMessage]>([])
    private let remarks = Guarded<[CheckMessage]>([])
    /// The checked file's text, when the check can read it (the check program reads it from
    /// `KFD_CHECK_SOURCE`; the solution tests pass the reference solution's). A check asks it only
    /// what running the code cannot tell, such as whether a type declares an init.
    public let source: String?
    /// The seed `workbook check --seed N` asked for (nil: each property's own fixed seed).
    public let seed: UInt64?
    private let generated = Guarded<(cases: Int, seed: UInt64?)>((0, nil))

    public init(source: String? = nil, seed: UInt64? = nil) {
        self.source = source
        self.seed = seed
    }

    /// Records `message` unless `condition` holds.
    public func expect<Message: CheckMessageConvertible>(_ condition: Bool, _ message: @autoclosure () -> Message) {
        if !condition { fail(message()) }
    }

    /// Records the message in English and Korean unless `condition` holds.
    public func expect(_ condition: Bool, _ english: @autoclosure () -> String, ko korean: @autoclosure () -> String) {
        if !condition { fail(CheckMessage(english(), ko: korean())) }
    }

    /// Records `message` (once, however often it is reported).
    public func fail(_ message: some CheckMessageConvertible) {
        let message = message.checkMessage
        problems.withLock { if !$0.contains(where: { $0.english == message.english }) { $0.append(message) } }
    }

    /// Records the message in English and Korean.
    public func fail(_ english: String, ko korean: String) { fail(CheckMessage(english, ko: korean)) }

    /// Records every violation a probe logged, each after `prefix`.
    public func expectNone(_ violations: [CheckMessage], _ prefix: CheckMessage) {
        for violation in violations { fail(prefix + violation) }
    }

    /// Records what the check did that a pass should still report (how many schedules it explored).
    public func note(_ text: CheckMessage) { remarks.withLock { $0.append(text) } }

    /// The notes in English.
    public var notes: [String] { said.notes.map(\.english) }

    /// Counts `cases` generated cases run with `seed`, for the report.
    public func recordGenerated(cases: Int, seed: UInt64) {
        generated.withLock { $0 = ($0.cases + cases, seed) }
    }

    /// How many generated cases ran, and the seed they were drawn with (0 and nil: none).
    public var generatedCases: (cases: Int, seed: UInt64?) { generated.withLock { $0 } }

    /// The problems in English (what the tests and `--json` read).
    public var messages: [String] { said.problems.map(\.english) }
    /// The problems and the notes, each in both languages.
    public var said: (problems: [CheckMessage], notes: [CheckMessage]) {
        (problems.withLock { $0 }, remarks.withLock { $0 })
    }
    public var passed: Bool { problems.withLock { $0.isEmpty } }

    /// Waits for `semaphore` up to `seconds`. On time-out records `message` and returns false: a
    /// check never waits forever on the code it checks.
    @discardableResult
    public func wait(_ semaphore: DispatchSemaphore, seconds: Double, orFail message: some CheckMessageConvertible) -> Bool {
        if semaphore.wait(timeout: .now() + seconds) == .success { return true }
        fail(message)
        return false
    }
}

/// Runs `body` on a new thread (not the shared global queue, which the code under check may keep
/// busy); the semaphore is signalled when it ends.
@discardableResult
public func spawn(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        finished.signal()
    }
    return finished
}

/// Whether `semaphore` was signalled within `seconds` (no message; for the check's own logic).
public func signalled(_ semaphore: DispatchSemaphore, within seconds: Double) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}

/// Runs `body(0)`, `body(1)`, … `body(count - 1)` each on a thread of its own, all at once, and
/// returns a semaphore signalled when every one has ended. Not `concurrentPerform`: it runs at
/// most one iteration per core at a time, so on a 2-core machine a stress test's "readers" would
/// only start once its "writers" had finished, and nothing would run concurrently at all.
@discardableResult
public func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchSemaphore {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        group.wait()
        finished.signal()
    }
    return finished
}

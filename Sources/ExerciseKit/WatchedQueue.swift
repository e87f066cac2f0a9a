import Dispatch
import Foundation

/// A serial `DispatchQueue` the check can watch. Use it as the queue it wraps: `sync { }`,
/// `async { }`. The check can ask whether code runs on it (`isCurrent`), and values confined to it
/// report changes made elsewhere (`requireCurrent`).
// @unchecked Sendable: `queue` is a DispatchQueue; `key` is set once in init and only read after.
public final class WatchedQueue: @unchecked Sendable {
    private let queue: DispatchQueue
    private let key = DispatchSpecificKey<UInt8>()
    private let log = ViolationLog()

    public init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: 1)
    }

    /// Runs `work` on the queue and waits for it. Called from the queue itself, plain Dispatch
    /// would trap (a deadlock); this records the mistake and runs `work` in place, so the check
    /// can say what happened instead of crashing.
    public func sync<Result>(execute work: () throws -> Result) rethrows -> Result {
        if isCurrent {
            log.record("sync was called on the queue from a block already running on it (a deadlock with plain Dispatch)")
            return try work()
        }
        return try queue.sync(execute: work)
    }

    /// Runs `work` on the queue later; returns at once.
    public func async(execute work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    // MARK: For the check

    /// Whether the calling code runs on this queue.
    public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }

    /// Records `what` as a violation unless called on this queue.
    public func requireCurrent(_ what: @autoclosure () -> String) {
        if !isCurrent { log.record(what()) }
    }

    /// What was done off the queue (or as a sync on itself), in order (each message once).
    public var violations: [String] { log.messages }
}

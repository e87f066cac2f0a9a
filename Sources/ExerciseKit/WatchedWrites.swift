import Foundation

/// Writes files as `data.write(to:)` does, and counts them: how many succeeded, how many threw.
/// 09-folder-vanished writes through it, so its check can see how often a store tried the write
/// (the file system keeps no trace of a write that failed).
public final class WatchedWrites: Sendable {
    private let counts = Guarded<(succeeded: Int, failed: Int)>((0, 0))
    private let hook = Guarded<(@Sendable (URL) -> Void)?>(nil)
    private let fault = Guarded<(@Sendable (URL) -> Error?)?>(nil)
    /// At most `limit` writes from now on; `used` so far (nil: no limit).
    private let budget = Guarded<(limit: Int, used: Int)?>(nil)

    /// The error a write over the limit throws: the check's, so that a store that calls itself
    /// or loops on its writes unwinds instead of overflowing its stack.
    public struct WriteLimitReached: Error, CustomStringConvertible {
        public let limit: Int
        public var description: String { "the check stopped a write: \(limit) writes had already been made in one store" }
    }

    public init() {}

    /// `data.write(to: url)`, counted.
    public func write(_ data: Data, to url: URL) throws {
        if let limit = budget.withLock({ state -> Int? in
            guard var current = state else { return nil }
            current.used += 1
            state = current
            return current.used > current.limit ? current.limit : nil
        }) {
            counts.withLock { $0.failed += 1 }
            throw WriteLimitReached(limit: limit)
        }
        hook.withLock { $0 }?(url)
        if let error = fault.withLock({ $0 })?(url) {
            counts.withLock { $0.failed += 1 }
            throw error
        }
        do {
            try data.write(to: url)
        } catch {
            counts.withLock { $0.failed += 1 }
            throw error
        }
        counts.withLock { $0.succeeded += 1 }
    }

    // MARK: For the check

    /// The writes so far: those that wrote the file, those that threw.
    public var writes: (succeeded: Int, failed: Int) { counts.withLock { $0 } }

    /// Runs `body` just before each write (nil: nothing): the check removes the folder there, as the
    /// system may at any moment, between a store's look at the folder and its write.
    public func beforeEachWrite(_ body: (@Sendable (URL) -> Void)?) { hook.withLock { $0 = body } }

    /// Makes a write fail with the error `body` returns for its URL (nil: the write goes ahead), as
    /// a full disk fails one: the check fails the retry this way while a write around `files`
    /// would still succeed, so a third write that bypasses `files` shows.
    public func failWrites(_ body: (@Sendable (URL) -> Error?)?) { fault.withLock { $0 = body } }

    /// From now on at most `limit` writes go ahead; each one after them throws
    /// `WriteLimitReached` (nil: no limit). A retry that recurses or loops on `files` then ends
    /// with its count of writes, which the check reports, instead of a crash without a message.
    public func limitWrites(to limit: Int?) { budget.withLock { $0 = limit.map { ($0, 0) } } }
}

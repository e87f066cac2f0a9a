import Foundation

/// Writes files as `data.write(to:)` does, and counts them: how many succeeded, how many threw.
/// 09-folder-vanished writes through it, so its check can see how often a store tried the write
/// (the file system keeps no trace of a write that failed).
public final class WatchedWrites: Sendable {
    private let counts = Guarded<(succeeded: Int, failed: Int)>((0, 0))

    public init() {}

    /// `data.write(to: url)`, counted.
    public func write(_ data: Data, to url: URL) throws {
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
}

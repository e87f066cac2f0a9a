import Foundation

/// A value behind an `NSLock`, with `Mutex`'s `withLock` shape. The probes use it instead of
/// `Synchronization.Mutex` because the checks run learners' code under ThreadSanitizer, and on
/// Linux TSan cannot see Mutex's contended path (a FUTEX_LOCK_PI in the kernel): it would report
/// the accesses a Mutex guards as races (.ci/tsan-suppressions.txt). An NSLock it sees.
// @unchecked Sendable: `value` is only touched while holding `lock`.
public final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

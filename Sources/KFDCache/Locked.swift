import Foundation

/// A value behind an `NSLock`, for the hot paths' tiny critical sections (a few hash operations).
///
/// Why not `Synchronization.Mutex`: it is as cheap uncontended (chapter 7 times both), but on Linux
/// its contended path is a priority-inheritance futex that ThreadSanitizer cannot see, so every
/// Mutex-guarded access under contention is reported as a race — and this library must stay
/// clean under `--sanitize=thread` without suppressions that could hide a real one.
// @unchecked Sendable: `value` is only read or written inside `withLock`, while holding `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

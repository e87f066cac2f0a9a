// Probes: the lock, cache and queue an exercise uses, made watchable by its check. Each behaves as
// the Foundation type it stands for (same calls, same meaning); it also records what the check
// needs to see — who holds the lock, on which queue a value was changed — so that a racy answer
// fails every time, not only when the race happens to strike.

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `NSLock` the check can watch. Use it as an NSLock: `lock()`, `unlock()`, `withLock { }`.
/// It also knows which thread holds it and how many times it was taken.
public final class WatchedLock: Sendable {
    private let base = NSLock()
    private let holder = Atomic<UInt>(0)
    private let taken = Atomic<Int>(0)
    private let log = ViolationLog()

    public init() {}

    public func lock() {
        base.lock()
        holder.store(ThreadIdentity.current, ordering: .relaxed)
        taken.add(1, ordering: .relaxed)
    }

    public func unlock() {
        holder.store(0, ordering: .relaxed)
        base.unlock()
    }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    // MARK: What the check reads

    /// Whether the calling thread holds this lock right now.
    public var isHeldByCurrentThread: Bool { holder.load(ordering: .relaxed) == ThreadIdentity.current }

    /// How many times the lock has been taken so far.
    public var acquisitions: Int { taken.load(ordering: .relaxed) }

    /// Records `what` as a violation unless the calling thread holds the lock.
    public func requireHeld(_ what: @autoclosure () -> String) {
        if !isHeldByCurrentThread { log.record(what()) }
    }

    /// What was done without holding the lock, in order (each message once).
    public var violations: [String] { log.messages }
}

/// A thread-safe list of distinct messages.
final class ViolationLog: Sendable {
    private let state = Guarded<[String]>([])
    func record(_ message: String) {
        state.withLock { if !$0.contains(message) { $0.append(message) } }
    }
    var messages: [String] { state.withLock { $0 } }
}

/// A number that identifies the calling thread while it lives: its pthread handle. (Not
/// `Thread.current`, which on Linux makes a Foundation object for every Dispatch worker thread.)
public enum ThreadIdentity {
    /// The calling thread (its pthread), as a number to compare.
    public static var current: UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }
}

// `NSLock`, `Mutex`, `DispatchSemaphore` and `DispatchGroup` as a learner's module sees them under
// a schedule-exploring check (see ScheduleShadowQueue.swift): the real thing outside an explored
// run, scheduling points with happens-before inside one (ScheduleSync.swift).

import Dispatch
import Foundation

/// `NSLock` (and, through `ControlledRecursiveLock`, `NSRecursiveLock`).
// @unchecked Sendable: `base` is an NSLock or an NSRecursiveLock; the per-run state lives in each run's model.
public class ControlledLock: @unchecked Sendable {
    private let base: NSLocking
    /// The real lock's `try()` (NSLocking has none): outside an explored run.
    private let tryBase: @Sendable () -> Bool
    private let recursive: Bool
    public var name: String?
    /// What the story calls it when it is not a plain NSLock (set by `ControlledMutex`).
    var title: CheckMessage?
    private let madeAt: Int

    public convenience init(line: Int = #line) { self.init(line: line, recursive: false) }

    init(line: Int, recursive: Bool) {
        madeAt = line
        self.recursive = recursive
        if recursive {
            let lock = NSRecursiveLock()
            (base, tryBase) = (lock, { lock.try() })
        } else {
            let lock = NSLock()
            (base, tryBase) = (lock, { lock.try() })
        }
    }

    private func model(_ thread: ScheduledThread) -> LockModel {
        thread.execution.model(for: self) {
            LockModel(name: title ?? name.map { CheckMessage("the lock \"\($0)\"", ko: "lock \"\($0)\"") }
                ?? (recursive ? CheckMessage("the recursive lock made at line \(madeAt)", ko: "\(madeAt)행에서 만든 재귀 lock")
                    : CheckMessage("the lock made at line \(madeAt)", ko: "\(madeAt)행에서 만든 lock")),
                      recursive: recursive)
        }
    }

    public func lock(line: Int = #line) {
        guard let thread = Execution.controlling else { return base.lock() }
        model(thread).lock(thread, site: siteLabel(line))
    }

    public func unlock(line: Int = #line) {
        guard let thread = Execution.controlling else { return base.unlock() }
        model(thread).unlock(thread, site: siteLabel(line))
    }

    public func `try`(line: Int = #line) -> Bool {
        guard let thread = Execution.controlling else { return tryBase() }
        return model(thread).tryLock(thread, site: siteLabel(line))
    }

    public func withLock<R>(_ body: () throws -> R, line: Int = #line) rethrows -> R {
        lock(line: line)
        defer { unlock(line: line) }
        return try body()
    }
}

/// `NSRecursiveLock`: the thread holding it may lock it again (LockModel counts the depth).
// @unchecked Sendable: as ControlledLock.
public final class ControlledRecursiveLock: ControlledLock, @unchecked Sendable {
    public init(line: Int = #line) { super.init(line: line, recursive: true) }
}

/// `Synchronization.Mutex`, as a class (its users only call `withLock`).
// @unchecked Sendable: `value` is only touched while holding the lock.
public final class ControlledMutex<Value>: @unchecked Sendable {
    private let guardLock: ControlledLock
    private var value: Value

    public init(_ initialValue: sending Value, line: Int = #line) {
        value = initialValue
        guardLock = ControlledLock(line: line)
        guardLock.name = "the Mutex made at line \(line)"
        guardLock.title = CheckMessage("the Mutex made at line \(line)", ko: "\(line)행에서 만든 Mutex")
    }

    public func withLock<R>(_ body: (inout Value) throws -> R, line: Int = #line) rethrows -> R {
        guardLock.lock(line: line)
        defer { guardLock.unlock(line: line) }
        return try body(&value)
    }

    public func withLockIfAvailable<R>(_ body: (inout Value) throws -> R, line: Int = #line) rethrows -> R? {
        guard guardLock.try(line: line) else { return nil }
        defer { guardLock.unlock(line: line) }
        return try body(&value)
    }
}

/// `DispatchSemaphore`.
// @unchecked Sendable: `base` is a DispatchSemaphore; the per-run state lives in each run's model.
public final class ControlledSemaphore: @unchecked Sendable {
    private let base: DispatchSemaphore
    private let initial: Int

    public init(value: Int) {
        base = DispatchSemaphore(value: value)
        initial = value
    }

    func model(_ thread: ScheduledThread) -> SemaphoreModel {
        thread.execution.model(for: self) { SemaphoreModel(value: initial) }
    }

    @discardableResult
    public func signal(line: Int = #line) -> Int {
        guard let thread = Execution.controlling else { return base.signal() }
        model(thread).signal(thread, site: siteLabel(line))
        return 0
    }

    public func wait(line: Int = #line) {
        guard let thread = Execution.controlling else { return base.wait() }
        _ = model(thread).wait(thread, site: siteLabel(line), timed: false)
    }

    @_disfavoredOverload   // `.now() + t` is ControlledTime's (ScheduleShadowTime.swift) where both fit
    public func wait(timeout: DispatchTime, line: Int = #line) -> DispatchTimeoutResult {
        guard let thread = Execution.controlling else { return base.wait(timeout: timeout) }
        return model(thread).wait(thread, site: siteLabel(line), timed: timeout != .distantFuture) ? .success : .timedOut
    }

    @_disfavoredOverload
    public func wait(wallTimeout: DispatchWallTime, line: Int = #line) -> DispatchTimeoutResult {
        guard let thread = Execution.controlling else { return base.wait(wallTimeout: wallTimeout) }
        return model(thread).wait(thread, site: siteLabel(line), timed: true) ? .success : .timedOut
    }
}

/// `DispatchGroup`.
// @unchecked Sendable: `base` is a DispatchGroup; the per-run state lives in each run's model.
public final class ControlledGroup: @unchecked Sendable {
    private let base = DispatchGroup()

    public init() {}

    func model(_ thread: ScheduledThread) -> GroupModel {
        thread.execution.model(for: self) { GroupModel() }
    }

    public func enter(line: Int = #line) {
        guard let thread = Execution.controlling else { return base.enter() }
        model(thread).enter(thread, site: siteLabel(line))
    }

    public func leave(line: Int = #line) {
        guard let thread = Execution.controlling else { return base.leave() }
        model(thread).leave(thread, site: siteLabel(line))
    }

    public func wait(line: Int = #line) {
        guard let thread = Execution.controlling else { return base.wait() }
        _ = model(thread).wait(thread, site: siteLabel(line), timed: false)
    }

    @_disfavoredOverload   // `.now() + t` is ControlledTime's (ScheduleShadowTime.swift) where both fit
    public func wait(timeout: DispatchTime, line: Int = #line) -> DispatchTimeoutResult {
        guard let thread = Execution.controlling else { return base.wait(timeout: timeout) }
        return model(thread).wait(thread, site: siteLabel(line), timed: timeout != .distantFuture) ? .success : .timedOut
    }

    public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: ControlledQueue,
                       execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        guard let thread = Execution.controlling else {
            return base.notify(qos: qos, flags: flags, queue: queue.dispatchQueue, execute: work)
        }
        model(thread).notify(thread, queue: queue.modelFor(thread), site: siteLabel(line), work)
    }
}

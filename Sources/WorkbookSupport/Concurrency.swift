// Tiny thread-safe counters and flags for demos and tests.

import Foundation
import Synchronization

/// A counter many threads can add to.
public final class Tally: Sendable {
    private let count = Atomic<Int>(0)
    public init() {}
    /// Adds `amount`; returns the new total.
    @discardableResult public func add(_ amount: Int = 1) -> Int { count.add(amount, ordering: .relaxed).newValue }
    public var value: Int { count.load(ordering: .relaxed) }
}

/// A flag set once by one thread and read by others.
public final class Flag: Sendable {
    private let state = Atomic<Bool>(false)
    public init() {}
    public func set() { state.store(true, ordering: .releasing) }
    /// Lowers it again (a flag that marks a span: "inside the body").
    public func clear() { state.store(false, ordering: .releasing) }
    public var isSet: Bool { state.load(ordering: .acquiring) }
}

/// A list many threads can append to (samples, completion order).
// @unchecked Sendable: `items` is only touched while holding `lock`.
public final class LockedList<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    public init() {}
    public func append(_ element: Element) { lock.withLock { items.append(element) } }
    public func append(contentsOf elements: [Element]) { lock.withLock { items += elements } }
    public var values: [Element] { lock.withLock { items } }
}

/// One value handed between threads (set by one, read by another after it signalled).
// @unchecked Sendable: `value` is only touched while holding `lock`.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    public init(_ value: Value) { self.value = value }
    public func set(_ newValue: Value) { lock.withLock { value = newValue } }
    public func get() -> Value { lock.withLock { value } }
}

/// Waits for a value handed to a callback: `start` gets the callback and calls (or arranges to
/// call) it once. Returns nil if it did not come within `timeout` seconds. The one way the labs
/// wait for a completion handler.
public func waitForCallback<T: Sendable>(timeout: TimeInterval = 60,
                                         _ start: (@escaping @Sendable (T) -> Void) -> Void) -> T? {
    let box = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    start { value in
        box.withLock { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.withLock { $0 }
}

/// Runs async code from synchronous code (the labs run synchronously) and returns its result.
public func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    waitForCallback(timeout: .infinity) { done in Task { done(await body()) } }!
}

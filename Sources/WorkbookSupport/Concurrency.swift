// Tiny thread-safe counters and flags for demos and tests.

import Foundation
import Synchronization

/// A counter many threads can add to.
public final class Tally: Sendable {
    private let count = Atomic<Int>(0)
    public init() {}
    public func add(_ amount: Int) { count.add(amount, ordering: .relaxed) }
    public var value: Int { count.load(ordering: .relaxed) }
}

/// A flag set once by one thread and read by others.
public final class Flag: Sendable {
    private let state = Atomic<Bool>(false)
    public init() {}
    public func set() { state.store(true, ordering: .releasing) }
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

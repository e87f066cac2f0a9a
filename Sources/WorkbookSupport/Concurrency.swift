// Tiny thread-safe counters and flags for demos and tests.

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

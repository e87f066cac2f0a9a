// `Synchronization.Atomic` as a learner's module sees it under a schedule-exploring check (see
// ScheduleShadowQueue.swift). A class, not a ~Copyable struct (its users only call its methods).
// Each operation is one scheduling point and happens whole; a store or read-modify-write releases
// the thread's clock to the next load (every ordering is treated as acquiring and releasing, so
// the checks never blame a relaxed ordering: they look for check-then-act splits, not fences).

import Foundation
import Synchronization

// @unchecked Sendable: `value` is only touched while holding `lock` (outside a run) or by the
// thread holding the run's baton (inside one).
public final class ControlledAtomic<Value: AtomicRepresentable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    private let madeAt: Int

    public init(_ initialValue: consuming Value, line: Int = #line) {
        value = initialValue
        madeAt = line
    }

    /// One whole operation: a scheduling point (inside a run), then `body` on the value.
    private func operate<R>(_ what: CheckMessage, line: Int, releases: Bool, _ body: (inout Value) -> R) -> R {
        guard let thread = Execution.controlling else {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
        let clock = thread.execution.model(for: self) { SyncClock() }
        thread.lastSite = siteLabel(line)
        let site = siteLabel(line)
        thread.execution.point(thread, Pending(label: CheckMessage("\(what.english) the atomic made at line \(madeAt)\(site.english)",
                                                                   ko: "\(madeAt)행에서 만든 atomic \(what.ko)\(site.ko)"), enabled: { true }))
        clock.acquire(thread)
        if releases { clock.release(thread) }
        return body(&value)
    }

    public func load(ordering: AtomicLoadOrdering, line: Int = #line) -> Value {
        operate(CheckMessage("loads", ko: "load"), line: line, releases: false) { $0 }
    }

    public func store(_ desired: consuming Value, ordering: AtomicStoreOrdering, line: Int = #line) {
        let new = desired
        operate(CheckMessage("stores to", ko: "store"), line: line, releases: true) { $0 = new }
    }

    public func exchange(_ desired: consuming Value, ordering: AtomicUpdateOrdering, line: Int = #line) -> Value {
        let new = desired
        return operate(CheckMessage("exchanges", ko: "exchange"), line: line, releases: true) { value in
            let old = value
            value = new
            return old
        }
    }
}

extension ControlledAtomic where Value: Equatable {
    public func compareExchange(expected: consuming Value, desired: consuming Value, ordering: AtomicUpdateOrdering,
                                line: Int = #line) -> (exchanged: Bool, original: Value) {
        let old = expected, new = desired
        return operate(CheckMessage("compares and exchanges", ko: "compareExchange"), line: line, releases: true) { value in
            let original = value
            if original == old { value = new }
            return (original == old, original)
        }
    }

    public func compareExchange(expected: consuming Value, desired: consuming Value, successOrdering: AtomicUpdateOrdering,
                                failureOrdering: AtomicLoadOrdering, line: Int = #line) -> (exchanged: Bool, original: Value) {
        compareExchange(expected: expected, desired: desired, ordering: successOrdering, line: line)
    }

    public func weakCompareExchange(expected: consuming Value, desired: consuming Value, ordering: AtomicUpdateOrdering,
                                    line: Int = #line) -> (exchanged: Bool, original: Value) {
        compareExchange(expected: expected, desired: desired, ordering: ordering, line: line)
    }
}

extension ControlledAtomic where Value: FixedWidthInteger {
    @discardableResult
    public func add(_ operand: Value, ordering: AtomicUpdateOrdering, line: Int = #line) -> (oldValue: Value, newValue: Value) {
        operate(CheckMessage("adds to", ko: "add"), line: line, releases: true) { value in
            let old = value
            value += operand
            return (old, value)
        }
    }

    @discardableResult
    public func subtract(_ operand: Value, ordering: AtomicUpdateOrdering, line: Int = #line) -> (oldValue: Value, newValue: Value) {
        operate(CheckMessage("subtracts from", ko: "subtract"), line: line, releases: true) { value in
            let old = value
            value -= operand
            return (old, value)
        }
    }

    @discardableResult
    public func wrappingAdd(_ operand: Value, ordering: AtomicUpdateOrdering, line: Int = #line) -> (oldValue: Value, newValue: Value) {
        operate(CheckMessage("adds to", ko: "add"), line: line, releases: true) { value in
            let old = value
            value &+= operand
            return (old, value)
        }
    }

    @discardableResult
    public func wrappingSubtract(_ operand: Value, ordering: AtomicUpdateOrdering,
                                 line: Int = #line) -> (oldValue: Value, newValue: Value) {
        operate(CheckMessage("subtracts from", ko: "subtract"), line: line, releases: true) { value in
            let old = value
            value &-= operand
            return (old, value)
        }
    }
}

extension ControlledAtomic where Value == Bool {
    @discardableResult
    public func logicalOr(_ operand: Bool, ordering: AtomicUpdateOrdering, line: Int = #line) -> (oldValue: Bool, newValue: Bool) {
        operate(CheckMessage("sets", ko: "set"), line: line, releases: true) { value in
            let old = value
            value = value || operand
            return (old, value)
        }
    }

    @discardableResult
    public func logicalAnd(_ operand: Bool, ordering: AtomicUpdateOrdering, line: Int = #line) -> (oldValue: Bool, newValue: Bool) {
        operate(CheckMessage("clears", ko: "clear"), line: line, releases: true) { value in
            let old = value
            value = value && operand
            return (old, value)
        }
    }
}

// A DispatchWorkItem handed to a controlled queue: a learner may give the queue a work item instead
// of a closure (to cancel a timeout that is no longer needed, for one). The item runs as the queue's
// block would, in the explored schedule, unless it was cancelled before its turn — as Dispatch does.
// A blind learner's right answer (`asyncAfter(deadline:execute: timeoutItem)`) did not compile
// against the controlled queue before these overloads.

import Dispatch

extension ControlledQueue {
    public func async(execute item: DispatchWorkItem, line: Int = #line) {
        async(execute: { [item = SentItem(item)] in item.run() }, line: line)
    }

    @_disfavoredOverload
    public func asyncAfter(deadline: DispatchTime, execute item: DispatchWorkItem, line: Int = #line) {
        asyncAfter(deadline: deadline, execute: { [item = SentItem(item)] in item.run() }, line: line)
    }

    @_disfavoredOverload
    public func asyncAfter(wallDeadline: DispatchWallTime, execute item: DispatchWorkItem, line: Int = #line) {
        asyncAfter(wallDeadline: wallDeadline, execute: { [item = SentItem(item)] in item.run() }, line: line)
    }

    public func asyncAfter(deadline: ControlledTime, execute item: DispatchWorkItem, line: Int = #line) {
        asyncAfter(deadline: deadline, execute: { [item = SentItem(item)] in item.run() }, line: line)
    }

    public func asyncAfter(wallDeadline: ControlledTime, execute item: DispatchWorkItem, line: Int = #line) {
        asyncAfter(wallDeadline: wallDeadline, execute: { [item = SentItem(item)] in item.run() }, line: line)
    }

}

/// A work item carried into the queue's block. Safe: Dispatch documents a work item's `perform`,
/// `cancel` and `isCancelled` as callable from any thread; corelibs does not mark the class Sendable.
private struct SentItem: @unchecked Sendable {
    let item: DispatchWorkItem
    init(_ item: DispatchWorkItem) { self.item = item }

    /// Runs the item unless it was cancelled first (Dispatch skips a cancelled item's block).
    func run() {
        if !item.isCancelled { item.perform() }
    }
}

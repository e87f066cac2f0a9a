// `DispatchQueue` as a learner's module sees it under a schedule-exploring check: the check
// package declares `typealias DispatchQueue = ControlledQueue` in the learner's module, and a
// module's own declaration wins over Dispatch's for the plain name. Outside an explored run it is
// the real queue; inside, every call is a scheduling point of the run (ScheduleQueue.swift).

import Dispatch

// @unchecked Sendable: `base` is a DispatchQueue; the per-run state lives in each run's model.
public final class ControlledQueue: @unchecked Sendable {
    public typealias Attributes = DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = DispatchQueue.AutoreleaseFrequency

    private let base: DispatchQueue
    public let label: String
    private let serial: Bool
    /// What the story calls it.
    private let name: CheckMessage

    public init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
                autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: ControlledQueue? = nil) {
        base = DispatchQueue(label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency,
                             target: target?.base)
        self.label = label
        serial = !attributes.contains(.concurrent)
        let short = label.split(separator: ".").last.map(String.init) ?? label
        name = CheckMessage("the queue \"\(short)\"", ko: "큐 \"\(short)\"")
    }

    private init(base: DispatchQueue, name: CheckMessage, serial: Bool) {
        self.base = base
        label = base.label
        self.name = name
        self.serial = serial
    }

    private static let globalQueue = ControlledQueue(base: .global(), name: CheckMessage("the global queue", ko: "DispatchQueue.global()"), serial: false)
    private static let mainQueue = ControlledQueue(base: .main, name: CheckMessage("the main queue", ko: "DispatchQueue.main"), serial: true)

    public static func global(qos: DispatchQoS.QoSClass = .default) -> ControlledQueue { globalQueue }
    public static var main: ControlledQueue { mainQueue }

    /// The real queue (for a real group's notify).
    var dispatchQueue: DispatchQueue { base }

    func modelFor(_ thread: ScheduledThread) -> QueueModel { model(thread) }

    private func model(_ thread: ScheduledThread) -> QueueModel {
        thread.execution.model(for: self) { QueueModel(name: name, serial: serial, execution: thread.execution,
                                                               isMainQueue: self === Self.mainQueue) }
    }

    public func sync<T>(execute work: () throws -> T, line: Int = #line) rethrows -> T {
        guard let thread = Execution.controlling else { return try base.sync(execute: work) }
        return try model(thread).sync(thread, site: siteLabel(line), work)
    }

    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T, line: Int = #line) rethrows -> T {
        try sync(execute: work, line: line)
    }

    public func async(group: ControlledGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                      execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        guard let thread = Execution.controlling else {
            if let group {
                group.enter()
                base.async(qos: qos, flags: flags) { work(); group.leave() }
            } else {
                base.async(qos: qos, flags: flags, execute: work)
            }
            return
        }
        group?.enter(line: line)
        model(thread).async(thread, site: siteLabel(line)) {
            work()
            group?.leave(line: line)
        }
    }

    @_disfavoredOverload   // `.now() + t` is ControlledTime's (ScheduleShadowTime.swift) where both fit
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        guard let thread = Execution.controlling else { return base.asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: work) }
        model(thread).asyncAfter(thread, site: siteLabel(line), work)
    }

    @_disfavoredOverload
    public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        guard let thread = Execution.controlling else {
            return base.asyncAfter(wallDeadline: wallDeadline, qos: qos, flags: flags, execute: work)
        }
        model(thread).asyncAfter(thread, site: siteLabel(line), work)
    }
}

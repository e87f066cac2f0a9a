// Time as a learner's module sees it under a schedule-exploring check with a virtual clock: the
// check package declares `typealias DispatchTime = ControlledTime` (and `DispatchWallTime`,
// `Thread`) in the module, so `.now() + timeout` reads the run's virtual clock, `asyncAfter`,
// a timed `wait` and `Thread.sleep` wait on it, and the deadline a learner computes is exact
// whatever the machine's load. Outside such a run each is the real thing.

import Dispatch
import Foundation

/// `DispatchTime` (and `DispatchWallTime`): an instant in nanoseconds.
public struct ControlledTime: Comparable, Hashable, Sendable {
    public let uptimeNanoseconds: UInt64

    /// Where the virtual clock's zero sits (a real-looking uptime; never 0, which Dispatch reads as "now").
    static let virtualBase: UInt64 = 1_000_000_000_000

    public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }

    public static let distantFuture = ControlledTime(uptimeNanoseconds: .max)

    /// The run's virtual clock inside an explored run that keeps one; the real uptime outside.
    public static func now() -> ControlledTime {
        if let thread = VirtualClockAccess.thread {
            return ControlledTime(uptimeNanoseconds: virtualBase + UInt64(thread.execution.timeline.now))
        }
        return ControlledTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds)
    }

    public static func < (lhs: ControlledTime, rhs: ControlledTime) -> Bool { lhs.uptimeNanoseconds < rhs.uptimeNanoseconds }

    public static func + (time: ControlledTime, seconds: Double) -> ControlledTime {
        time.adding(seconds.isFinite ? Int64((seconds * 1e9).rounded()) : (seconds > 0 ? .max : .min))
    }

    public static func - (time: ControlledTime, seconds: Double) -> ControlledTime { time + (-seconds) }

    public static func + (time: ControlledTime, interval: DispatchTimeInterval) -> ControlledTime {
        time.adding(Self.nanoseconds(interval))
    }

    public static func - (time: ControlledTime, interval: DispatchTimeInterval) -> ControlledTime {
        let nanoseconds = Self.nanoseconds(interval)
        return time.adding(nanoseconds == .max ? .min : -nanoseconds)
    }

    /// Nanoseconds later (saturating; `distantFuture` stays there).
    private func adding(_ nanoseconds: Int64) -> ControlledTime {
        guard uptimeNanoseconds != .max else { return self }
        if nanoseconds >= 0 {
            let (sum, overflow) = uptimeNanoseconds.addingReportingOverflow(UInt64(nanoseconds))
            return ControlledTime(uptimeNanoseconds: overflow ? .max : sum)
        }
        let magnitude = nanoseconds == .min ? UInt64(Int64.max) : UInt64(-nanoseconds)
        return ControlledTime(uptimeNanoseconds: uptimeNanoseconds > magnitude ? uptimeNanoseconds - magnitude : 1)
    }

    static func nanoseconds(_ interval: DispatchTimeInterval) -> Int64 {
        func scaled(_ value: Int, _ unit: Int64) -> Int64 {
            let (product, overflow) = Int64(value).multipliedReportingOverflow(by: unit)
            return overflow ? (value > 0 ? .max : .min) : product
        }
        switch interval {
        case .seconds(let value): return scaled(value, 1_000_000_000)
        case .milliseconds(let value): return scaled(value, 1_000_000)
        case .microseconds(let value): return scaled(value, 1_000)
        case .nanoseconds(let value): return Int64(value)
        case .never: return .max
        @unknown default: return .max
        }
    }

    /// Inside a virtual run: the virtual instant it names (nil for `distantFuture`).
    func virtualDeadline(_ timeline: VirtualTimeline) -> Int64? {
        guard uptimeNanoseconds != .max else { return nil }
        let offset = Int64(clamping: uptimeNanoseconds) - Int64(Self.virtualBase)
        return max(offset, timeline.now)
    }

    /// Outside a virtual run: the real instant.
    var dispatchTime: DispatchTime {
        uptimeNanoseconds == .max ? .distantFuture : DispatchTime(uptimeNanoseconds: uptimeNanoseconds)
    }
}

/// The logical thread calling, when its run keeps a virtual clock.
enum VirtualClockAccess {
    static var thread: ScheduledThread? {
        guard let thread = Execution.controlling, thread.execution.timeline.isOn else { return nil }
        return thread
    }
}

extension ControlledQueue {
    /// `asyncAfter(deadline:)` on the virtual clock: a timer thread that fires at its deadline.
    public func asyncAfter(deadline: ControlledTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        guard let thread = VirtualClockAccess.thread else {
            return asyncAfter(deadline: deadline.dispatchTime, qos: qos, flags: flags, execute: work, line: line)
        }
        modelFor(thread).asyncAfter(thread, site: siteLabel(line), at: deadline.virtualDeadline(thread.execution.timeline), work)
    }

    public func asyncAfter(wallDeadline: ControlledTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        asyncAfter(deadline: wallDeadline, qos: qos, flags: flags, execute: work, line: line)
    }
}

extension QueueModel {
    /// A timer thread that waits for `deadline` on the virtual clock (nil: never), then queues `work`.
    func asyncAfter(_ thread: ScheduledThread, site: CheckMessage, at deadline: Int64?, _ work: @escaping @Sendable () -> Void) {
        thread.lastSite = site
        let when = deadline.map { CheckMessage(" for \(VirtualTimeline.text($0))", ko: ", \(VirtualTimeline.text($0))에") }
            ?? CheckMessage(" for never", ko: ", 영영 오지 않을 때에")
        execution.point(thread, Pending(label: CheckMessage("\(name.english).asyncAfter\(site.english)\(when.english)",
                                                            ko: "\(name.ko).asyncAfter\(site.ko)\(when.ko)"), enabled: { true }))
        let model = self
        execution.spawn("the timer set\(site)", from: thread) {
            guard let me = Execution.current else { return }
            let execution = model.execution
            guard let deadline else {
                execution.point(me, Pending(label: CheckMessage("waits forever", ko: "영원히 기다림"), enabled: { false }, idle: true, quiet: true))
                return
            }
            guard execution.sleep(me, until: deadline, label: CheckMessage("waits for its deadline", ko: "마감 시각을 기다림"), quiet: true, ownTimer: true) else { return }
            execution.point(me, Pending(label: CheckMessage("fires (\(VirtualTimeline.text(execution.timeline.now)))",
                                                        ko: "울림 (\(VirtualTimeline.text(execution.timeline.now)))"), enabled: { true }))
            model.enqueue(work, from: me, label: "runs the timer's block")
        }
    }
}

extension ControlledSemaphore {
    public func wait(timeout: ControlledTime, line: Int = #line) -> DispatchTimeoutResult {
        guard let thread = VirtualClockAccess.thread else { return wait(timeout: timeout.dispatchTime, line: line) }
        return model(thread).wait(thread, site: siteLabel(line), timed: false,
                                  deadline: timeout.virtualDeadline(thread.execution.timeline)) ? .success : .timedOut
    }

    public func wait(wallTimeout: ControlledTime, line: Int = #line) -> DispatchTimeoutResult {
        wait(timeout: wallTimeout, line: line)
    }
}

extension ControlledGroup {
    public func wait(timeout: ControlledTime, line: Int = #line) -> DispatchTimeoutResult {
        guard let thread = VirtualClockAccess.thread else { return wait(timeout: timeout.dispatchTime, line: line) }
        return model(thread).wait(thread, site: siteLabel(line), timed: false,
                                  deadline: timeout.virtualDeadline(thread.execution.timeline)) ? .success : .timedOut
    }
}

/// `Foundation.Thread`, as far as a learner reaches for it: sleeping (on the virtual clock),
/// starting a thread (a logical one), and asking which thread this is.
// @unchecked Sendable: `block`, `played` and `realIsMain` are set in init and never changed (`block` is read once, by
// `start`); `threadDictionary` and `name` belong to the thread this object stands for, which alone touches them, as Foundation's do.
public final class ControlledThread: @unchecked Sendable {
    private let block: @Sendable () -> Void
    private let madeAt: Int
    /// For `Thread.current`: the logical thread it stands for in an explored run, or whether the
    /// real thread it stands for outside one is the main thread (weak: a run's threads go with it).
    private weak var played: ScheduledThread?
    private let realIsMain: Bool
    /// Foundation's per-thread storage: this object is one per thread, so its dictionary is too.
    public let threadDictionary = NSMutableDictionary()
    /// Foundation's thread name (set by the learner's code, read by it).
    public var name: String?

    public init(block: @escaping @Sendable () -> Void, line: Int = #line) {
        self.block = block
        madeAt = line
        realIsMain = false
    }

    init(playing thread: ScheduledThread?, realIsMain: Bool = false) {
        block = {}
        madeAt = 0
        played = thread
        self.realIsMain = realIsMain
    }

    /// The thread running this code: one object per thread, so `===` tells two threads apart as
    /// Foundation's `Thread.current` does (a learner may keep it and compare in `deinit`).
    public static var current: ControlledThread {
        if let thread = Execution.controlling { return thread.face }
        let dictionary = Thread.current.threadDictionary
        if let face = dictionary[faceKey] as? ControlledThread { return face }
        let face = ControlledThread(playing: nil, realIsMain: Thread.isMainThread)
        dictionary[faceKey] = face
        return face
    }

    private static let faceKey = "kfd.ControlledThread.current"

    /// Whether this thread is (or plays) the main thread.
    public var isMainThread: Bool {
        guard let played else { return realIsMain }
        return played.isMain
    }

    public func start() { Self.detach(block, line: madeAt) }

    public static func detachNewThread(_ block: @escaping @Sendable () -> Void, line: Int = #line) { detach(block, line: line) }

    private static func detach(_ block: @escaping @Sendable () -> Void, line: Int) {
        guard let thread = Execution.controlling else { return Thread.detachNewThread(block) }
        thread.execution.point(thread, Pending(label: CheckMessage("starts a thread", ko: "스레드를 시작") + siteLabel(line), enabled: { true }))
        thread.execution.spawn("the thread started at line \(line)", from: thread, block)
    }

    public static func sleep(forTimeInterval seconds: TimeInterval, line: Int = #line) {
        guard let thread = VirtualClockAccess.thread else { return Thread.sleep(forTimeInterval: seconds) }
        let timeline = thread.execution.timeline
        thread.execution.point(thread, Pending(label: CheckMessage("sleeps \(VirtualTimeline.text(VirtualTimeline.nanoseconds(seconds)))",
                                                                            ko: "\(VirtualTimeline.text(VirtualTimeline.nanoseconds(seconds))) 동안 잠듦") + siteLabel(line),
                                               enabled: { true }))
        thread.execution.sleep(thread, until: timeline.now + VirtualTimeline.nanoseconds(seconds), label: CheckMessage("wakes", ko: "깨어남"), quiet: true)
    }

    public static func sleep(until date: Date, line: Int = #line) {
        sleep(forTimeInterval: date.timeIntervalSinceNow, line: line)
    }

    /// In an explored run: the thread that plays the main thread (named by the scenario, or
    /// chosen by the schedule among its callers when one first asks), and the main queue's blocks
    /// (a `DispatchQueue.main.sync` block included, as Dispatch runs it on the main thread).
    public static var isMainThread: Bool {
        guard let thread = Execution.controlling else { return Thread.isMainThread }
        if thread.isMain || thread.queues.contains(where: { $0.isMainQueue }) { return true }
        return thread.execution.choosesMain(thread)
    }

}

extension ControlledThread: Equatable, Hashable {
    public static func == (lhs: ControlledThread, rhs: ControlledThread) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

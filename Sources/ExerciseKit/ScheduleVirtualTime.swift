// A virtual clock for an explored run (on when `ScheduleOptions.virtualTime` is set). Running code
// takes no time: the clock moves only when no thread can go, and then straight to the earliest
// deadline a thread waits for (a timer, an `asyncAfter`, a timed wait, a run loop's next firing).
// So "fires every 0.02 s", "times out after 0.5 s" and "returns at once" are decided by the
// schedule, never by the machine's load, and everything due at one instant is explored in every
// order. The clock stops when the check's own thread ends: work still scheduled then never runs.

import Foundation

/// A run's clock, its run loops and what they hold.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class VirtualTimeline: @unchecked Sendable {
    var isOn = false
    /// Nanoseconds since the run began.
    private(set) var now: Int64 = 0
    /// The clock's last move, told in the story only before the next event it tells (a run of
    /// quiet timer firings reads as one move of the clock).
    var untold: ScheduleEvent?
    private var runLoops: [Int: RunLoopModel] = [:]
    private var main: RunLoopModel?

    /// Whether `pending` may go now: its operation can proceed, or its deadline has come.
    func canGo(_ pending: Pending) -> Bool {
        pending.enabled() || (isOn && (pending.deadline.map { $0 <= now } ?? false))
    }

    /// Nobody can go: moves the clock to the earliest deadline after now, while the check's own
    /// thread (the first) still runs. Returns how the story tells it, or nil when time cannot pass.
    func advance(_ threads: [ScheduledThread]) -> CheckMessage? {
        guard isOn, let first = threads.first, !first.finished else { return nil }
        let next = threads.filter { !$0.finished }.compactMap { $0.pending?.deadline }.filter { $0 > now }.min()
        guard let next else { return nil }
        now = next
        return CheckMessage("now \(Self.text(now))", ko: "지금 \(Self.text(now))")
    }

    /// The run loop of logical thread `thread` (made on first use).
    func runLoop(of thread: ScheduledThread) -> RunLoopModel {
        if let found = runLoops[thread.id] { return found }
        let made = RunLoopModel(name: thread.id == 0 ? "the run loop of the thread that made it" : "the run loop of \(thread.name.english)",
                                owner: thread.id)
        runLoops[thread.id] = made
        return made
    }

    /// The main thread's run loop: no thread of an explored run is the main thread, so it never runs.
    var mainRunLoop: RunLoopModel {
        if let main { return main }
        let made = RunLoopModel(name: "RunLoop.main (the main thread's run loop; the check makes the store on a thread of its own)", owner: nil)
        main = made
        return made
    }

    func dispose() {
        for loop in runLoops.values { loop.timers.removeAll() }
        main?.timers.removeAll()
        runLoops.removeAll()
        main = nil
    }

    /// Seconds as the story and the checks print them: "0.020 s", "0.0005 s".
    static func text(_ nanoseconds: Int64) -> String {
        let seconds = Double(nanoseconds) / 1e9
        if nanoseconds % 1_000_000 == 0 { return String(format: "%.3f s", seconds) }
        var digits = String(format: "%.9f", seconds)
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits + " s"
    }

    /// Seconds to nanoseconds, rounded to the nearest (a deadline never lies before now).
    static func nanoseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return seconds > 0 ? Int64.max / 2 : 0 }
        return Int64((max(0, min(seconds, 1e9)) * 1e9).rounded())
    }
}

extension Execution {
    /// Waits on `thread` until the virtual clock reads `deadline` (a scheduling point told as `label`).
    /// `ownTimer`: the workbook's own timer thread, which stops (false) if the run ends first.
    @discardableResult
    func sleep(_ thread: ScheduledThread, until deadline: Int64, label: some CheckMessageConvertible, quiet: Bool = false,
               ownTimer: Bool = false) -> Bool {
        guard deadline > timeline.now else { return true }
        return point(thread, Pending(label: label.checkMessage, enabled: { false }, timed: ownTimer, quiet: quiet, deadline: deadline))
    }
}

extension ScheduleWorld {
    /// Whether this run keeps a virtual clock.
    public var hasVirtualClock: Bool { execution.timeline.isOn }

    /// The virtual time, in seconds since the run began.
    public var now: TimeInterval { Double(execution.timeline.now) / 1e9 }

    /// The virtual time in nanoseconds (exact: compare these, not seconds).
    public var nowNanoseconds: Int64 { execution.timeline.now }

    /// The story's name of the logical thread calling (nil outside the run).
    public var threadName: String? { Execution.current?.name.english }

    /// Whether the caller is the check's own thread (the one the scenario runs on).
    public var onCheckThread: Bool { Execution.current.map { $0.id == 0 } ?? false }

    /// How many valid timers sit on the run loop of the check's own thread (which runs only when the check runs it).
    public var timersOnCheckRunLoop: Int {
        guard let first = execution.threads.first else { return 0 }
        return execution.timeline.runLoop(of: first).timers.filter(\.valid).count
    }

    /// How many times a timer fired from the run loop of the check's own thread so far (a mark for `timersFired(since:)`).
    public var timerFiresOnCheckRunLoop: Int {
        guard let first = execution.threads.first else { return 0 }
        return execution.timeline.runLoop(of: first).fired.count
    }

    /// The timers that fired from the check's run loop after `mark` (`timerFiresOnCheckRunLoop` then), in order.
    public func timersFired(since mark: Int) -> [ControlledTimer] {
        guard let first = execution.threads.first else { return [] }
        return Array(execution.timeline.runLoop(of: first).fired.dropFirst(mark))
    }

    /// Waits until the virtual clock reads `seconds` (told in the story as `label`).
    public func sleep(until seconds: TimeInterval, _ label: some CheckMessageConvertible) {
        guard let me = Execution.current else { return }
        execution.sleep(me, until: VirtualTimeline.nanoseconds(seconds), label: label)
    }

    /// Runs the calling thread's run loop until the virtual clock reads `seconds`: each timer on
    /// it fires at its time, on this thread, as `RunLoop.run(until:)` does.
    public func runRunLoop(until seconds: TimeInterval) {
        guard let me = Execution.current else { return }
        execution.timeline.runLoop(of: me).run(on: me, until: VirtualTimeline.nanoseconds(seconds))
    }

    /// "0.020 s": a virtual time as the messages print it.
    public static func text(seconds: TimeInterval) -> String { VirtualTimeline.text(VirtualTimeline.nanoseconds(seconds)) }
}

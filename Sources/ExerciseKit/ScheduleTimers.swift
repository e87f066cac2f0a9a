// `Timer` and `RunLoop` as a learner's module sees them under a schedule-exploring check with a
// virtual clock (the check package declares `typealias Timer = ControlledTimer` and `RunLoop =
// ControlledRunLoop` in the module). As in Foundation: a scheduled timer sits on the run loop of
// the thread that scheduled it, which holds it strongly until `invalidate()`; it fires only while
// that run loop runs, on that thread; a repeating one fires every interval, a one-shot one once,
// then is invalid; `Timer(…)` alone is on no run loop. The times are the run's virtual clock.
// Outside an explored run (or one without a virtual clock) each is the real Foundation object.

import Foundation

/// A run loop's timers within one run.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class RunLoopModel: @unchecked Sendable {
    let name: String
    /// The logical thread that owns it (nil: the main thread's, which no logical thread is).
    let owner: Int?
    /// Strong, as a real run loop holds its timers until they are invalidated.
    var timers: [ControlledTimer] = []
    /// Every firing from this run loop, in order (the timer, strong: a run is short).
    var fired: [ControlledTimer] = []
    private var facade: ControlledRunLoop?

    init(name: String, owner: Int?) {
        self.name = name
        self.owner = owner
    }

    /// The `RunLoop` object the learner's code sees for it (the same one each time).
    var face: ControlledRunLoop {
        if let facade { return facade }
        let made = ControlledRunLoop(model: self)
        facade = made
        return made
    }

    /// A timer already on another run loop is not added: CoreFoundation's `CFRunLoopAddTimer`
    /// returns at once when `rlt->_runLoop` is set and is not `rl` (CFRunLoop.c, Apple's and
    /// swift-corelibs-foundation's alike), so `RunLoop.main.add(timer, …)` after
    /// `Timer.scheduledTimer` changes nothing.
    func add(_ timer: ControlledTimer) {
        guard timer.valid, timer.loop == nil else { return }
        timer.loop = self
        timers.append(timer)
    }

    func remove(_ timer: ControlledTimer) { timers.removeAll { $0 === timer } }

    /// Runs this run loop on `thread` until the clock reads `end`: waits for the earliest timer,
    /// fires each that is due (one scheduling point each), and returns at `end`.
    func run(on thread: ScheduledThread, until end: Int64) {
        let execution = thread.execution
        let timeline = execution.timeline
        while !execution.over {
            let due = timers.filter(\.valid).map(\.fireAt).min()
            let wake = min(due ?? end, end)
            execution.sleep(thread, until: wake, label: CheckMessage("its run loop waits", ko: "자기 run loop가 기다림"), quiet: true)
            guard let timer = timers.filter({ $0.valid && $0.fireAt <= timeline.now }).min(by: { $0.fireAt < $1.fireAt }) else {
                if timeline.now >= end { return }
                continue
            }
            // Quiet: the check runs this loop on purpose; a story of every tick would bury the finding.
            execution.point(thread, Pending(label: CheckMessage("the timer made at line \(timer.madeAt) fires (\(VirtualTimeline.text(timeline.now)))",
                                                                 ko: "\(timer.madeAt)행에서 만든 timer가 울림 (\(VirtualTimeline.text(timeline.now)))"),
                                            enabled: { true }, quiet: true))
            guard timer.valid else { continue }
            fired.append(timer)
            timer.fireNow(thread)
        }
    }
}

/// `Foundation.Timer`.
// @unchecked Sendable: the virtual state is touched only by the thread holding the run's baton;
// `real` is Foundation's timer, used as Foundation allows (on the thread that scheduled it).
public final class ControlledTimer: @unchecked Sendable {
    private let real: Timer?
    private var block: (@Sendable (ControlledTimer) -> Void)?
    let repeats: Bool
    /// Nanoseconds of the virtual clock.
    let interval: Int64
    var fireAt: Int64
    var valid = true
    weak var loop: RunLoopModel?
    /// The line of the learner's file that made it.
    public let madeAt: Int
    /// How many times it fired (called its block from its run loop).
    public private(set) var fireCount = 0
    /// The thread that invalidated it, when that was not the thread whose run loop holds it.
    public private(set) var invalidatedOffThread: String?
    public var tolerance: TimeInterval = 0
    /// The one mode, not the default, it was added to a run loop for (`RunLoop.add(_:forMode:)`).
    var onlyInMode: String?

    private init(virtualInterval seconds: TimeInterval, firstAt: Int64, repeats: Bool, line: Int,
                 block: @escaping @Sendable (ControlledTimer) -> Void) {
        real = nil
        self.block = block
        self.repeats = repeats
        interval = VirtualTimeline.nanoseconds(max(seconds, 0.0001))   // Foundation's floor for a non-positive interval
        fireAt = firstAt
        madeAt = line
    }

    private init(real make: (@escaping @Sendable (Timer) -> Void) -> Timer, seconds: TimeInterval, repeats: Bool, line: Int,
                 block: @escaping @Sendable (ControlledTimer) -> Void) {
        let box = TimerBox()
        real = make { _ in if let timer = box.timer { timer.block?(timer) } }
        self.block = block
        self.repeats = repeats
        interval = VirtualTimeline.nanoseconds(seconds)
        fireAt = 0
        madeAt = line
        box.timer = self
    }

    /// The run a new timer belongs to (nil: a real one).
    private static var virtualThread: ScheduledThread? {
        guard let thread = Execution.controlling, thread.execution.timeline.isOn else { return nil }
        return thread
    }

    /// `Timer(timeInterval:repeats:block:)`: on no run loop until one adds it.
    public convenience init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (ControlledTimer) -> Void,
                            line: Int = #line) {
        if let thread = Self.virtualThread {
            let first = thread.execution.timeline.now + VirtualTimeline.nanoseconds(max(interval, 0.0001))
            self.init(virtualInterval: interval, firstAt: first, repeats: repeats, line: line, block: block)
        } else {
            self.init(real: { Timer(timeInterval: interval, repeats: repeats, block: $0) }, seconds: interval, repeats: repeats,
                      line: line, block: block)
        }
    }

    /// `Timer(fire:interval:repeats:block:)`: on no run loop until one adds it.
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (ControlledTimer) -> Void,
                            line: Int = #line) {
        if let thread = Self.virtualThread {
            let first = thread.execution.timeline.now + VirtualTimeline.nanoseconds(Self.offset(of: date, readSince: thread.resumedAt))
            self.init(virtualInterval: interval, firstAt: first, repeats: repeats, line: line, block: block)
        } else {
            self.init(real: { Timer(fire: date, interval: interval, repeats: repeats, block: $0) }, seconds: interval, repeats: repeats,
                      line: line, block: block)
        }
    }

    /// How far ahead of "now" a fire date lies, on the virtual clock. The date was made from the
    /// machine's clock (`Date()`, `Date(timeIntervalSinceNow:)`), which the virtual clock does not
    /// stop: the learner's code read it after this thread last resumed (`resumed`) and before now,
    /// while no virtual time passed. So the offset meant lies between `date − now` and
    /// `date − resumed` (2 µs of slack each side for the clock's resolution), and the coarsest
    /// decimal in that window is taken: `Date() + 0.02` is 0.02 s on every run, however long the
    /// machine took between the two readings. A date already past (or now) fires at once.
    static func offset(of date: Date, readSince resumed: Date) -> TimeInterval {
        let slack = 0.000_002
        let low = date.timeIntervalSinceNow - slack, high = date.timeIntervalSince(resumed) + slack
        guard low > 0 else { return 0 }   // low ≤ high: now is never before resumed
        // The window is at least 4 µs wide, so six digits always find a decimal in it.
        for digits in 0...6 {
            let scale = pow(10, Double(digits))
            let coarsest = (high * scale).rounded(.down) / scale
            if coarsest >= low { return coarsest }
        }
        return low
    }

    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`: on the calling thread's run loop.
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                      block: @escaping @Sendable (ControlledTimer) -> Void, line: Int = #line) -> ControlledTimer {
        if let thread = virtualThread {
            let timer = ControlledTimer(timeInterval: interval, repeats: repeats, block: block, line: line)
            thread.execution.timeline.runLoop(of: thread).add(timer)
            return timer
        }
        return ControlledTimer(real: { Timer.scheduledTimer(withTimeInterval: interval, repeats: repeats, block: $0) },
                               seconds: interval, repeats: repeats, line: line, block: block)
    }

    public var isValid: Bool { real?.isValid ?? valid }

    public var timeInterval: TimeInterval { real?.timeInterval ?? (repeats ? Double(interval) / 1e9 : 0) }

    /// Takes it off its run loop for good (which lets go of it and of its block).
    public func invalidate() {
        if let real { return real.invalidate() }
        if let thread = Execution.current, let loop, loop.owner != thread.id, invalidatedOffThread == nil {
            invalidatedOffThread = thread.name.english
        }
        valid = false
        block = nil
        loop?.remove(self)
    }

    /// Runs its block now; a one-shot timer is then invalid (its schedule is otherwise unchanged).
    public func fire() {
        if let real { return real.fire() }
        guard valid, let block else { return }
        if !repeats { invalidate() }
        block(self)
    }

    /// A firing from its run loop: the next one is due an interval later (a one-shot one ends).
    func fireNow(_ thread: ScheduledThread) {
        guard let block else { return }
        fireCount += 1
        if repeats {
            let now = thread.execution.timeline.now
            while fireAt <= now { fireAt += interval }
        } else {
            valid = false
            self.block = nil
            loop?.remove(self)
        }
        block(self)
    }

    /// Where it is, in the words of a check's message.
    public var placement: TimerPlacement {
        if real != nil { return .real }
        if loop == nil, valid, let mode = onlyInMode { return .inOtherMode(mode) }
        guard let loop else { return valid ? .onNoRunLoop : .invalidated }
        if loop.owner == 0 { return .onRunLoopOfCheck }
        return .elsewhere(loop.name)
    }
}

/// Where a controlled timer is scheduled.
public enum TimerPlacement: Equatable, Sendable {
    /// On the run loop of the check's own thread (the one that made the store).
    case onRunLoopOfCheck
    /// On another run loop, named.
    case elsewhere(String)
    /// Made with `Timer(…)` and never added to a run loop.
    case onNoRunLoop
    /// Added to a run loop only for a mode other than the default (named), which `run()` does not run.
    case inOtherMode(String)
    case invalidated
    /// A Foundation timer, outside the check's virtual clock.
    case real
}

/// Lets a real timer's block reach its controlled timer without keeping it alive.
// @unchecked Sendable: `timer` is set once, before the real timer can fire.
private final class TimerBox: @unchecked Sendable {
    weak var timer: ControlledTimer?
}

/// `Foundation.RunLoop`: the run loop of the calling thread (or the main one).
// @unchecked Sendable: `model` is touched only by the thread holding the run's baton; `real` is
// Foundation's run loop, used from its own thread.
public final class ControlledRunLoop: @unchecked Sendable {
    public typealias Mode = RunLoop.Mode
    private let real: RunLoop?
    let model: RunLoopModel?

    init(model: RunLoopModel) {
        self.model = model
        real = nil
    }

    private init(real: RunLoop) {
        self.real = real
        model = nil
    }

    public static var current: ControlledRunLoop {
        guard let thread = Execution.controlling, thread.execution.timeline.isOn else { return ControlledRunLoop(real: .current) }
        return thread.execution.timeline.runLoop(of: thread).face
    }

    public static var main: ControlledRunLoop {
        guard let thread = Execution.controlling, thread.execution.timeline.isOn else { return ControlledRunLoop(real: .main) }
        return thread.execution.timeline.mainRunLoop.face
    }

    public func add(_ timer: ControlledTimer, forMode mode: Mode) {
        // A run loop serves a timer only in the modes it was added for; `run()` and
        // `run(until:)` run the default mode (and the common modes include it). The check runs
        // those, so a timer added only for another mode never fires there, as on a device.
        if model != nil, mode != .default, mode != .common {
            if timer.loop == nil { timer.onlyInMode = mode.rawValue }
            return
        }
        if let model { return model.add(timer) }
        if let real, let realTimer = timer.realTimer { real.add(realTimer, forMode: mode) }
    }

    /// Runs it until `limit` (its timers fire on the calling thread, if it is this loop's thread).
    public func run(until limit: Date) {
        guard let model, let thread = Execution.controlling else { real?.run(until: limit); return }
        let end = thread.execution.timeline.now + VirtualTimeline.nanoseconds(limit.timeIntervalSinceNow)
        runModel(model, on: thread, until: end)
    }

    @discardableResult
    public func run(mode: Mode, before limit: Date) -> Bool {
        guard let model, Execution.controlling != nil else { return real?.run(mode: mode, before: limit) ?? false }
        run(until: limit)
        return !model.timers.isEmpty
    }

    /// Runs it for as long as it has timers (forever, with a repeating one: the step budget ends that).
    public func run() {
        guard let model, let thread = Execution.controlling else { real?.run(); return }
        runModel(model, on: thread, until: Int64.max / 2)
    }

    private func runModel(_ model: RunLoopModel, on thread: ScheduledThread, until end: Int64) {
        if model.owner == thread.id {
            model.run(on: thread, until: end)
        } else {
            // Another thread's run loop: Foundation would run it on this thread, wrongly; here
            // the caller only waits out the time.
            thread.execution.sleep(thread, until: end, label: CheckMessage("runs a run loop that is not its own", ko: "자기 것이 아닌 run loop를 돌림"))
        }
    }
}

extension ControlledTimer {
    /// The real timer (outside the virtual clock).
    var realTimer: Timer? { real }
}

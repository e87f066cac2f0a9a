// The deterministic scheduler under an explored schedule. Every logical thread (the check's
// callers, each queue's worker, each timer firing, each block on a concurrent queue) is a real
// thread, but only one runs at a time: the one holding the baton. A controlled operation (a lock,
// a queue hand-off, a semaphore, an atomic, a write to watched state) first announces itself
// (`point`), and the scheduler then chooses who goes next among the threads whose announced
// operation can proceed. The choices, in order, are the schedule: the same choices replay the same
// run exactly. Nobody able to go while somebody waits is a deadlock, reported, never a hang.

import Dispatch
import Foundation

/// What a logical thread waits to do.
struct Pending {
    var label: CheckMessage
    /// Whether the operation can proceed now (a lock free, a semaphore above zero, …).
    var enabled: () -> Bool
    /// A wait with a time-out: it may give up, but only when nobody else can go (time passes
    /// only when every thread waits).
    var timed = false
    /// A queue's worker waiting for work: not a deadlock when the run ends with it waiting.
    var idle = false
    /// The workbook's own bookkeeping (a thread starting, a worker taking the next item): left
    /// out of the story a counterexample tells.
    var quiet = false
    /// On a virtual clock (ScheduleVirtualTime.swift): the instant, in nanoseconds, from which the
    /// operation may go even if `enabled` is false (a timer's deadline, a timed wait giving up).
    var deadline: Int64?

    /// A wait the run may end in without a deadlock, and after which the thread just stops: a
    /// worker waiting for work, or the workbook's own timer waiting (`timed`) for a deadline that
    /// never came because the check had ended.
    var letGoAtEnd: Bool { idle || (timed && deadline != nil) }
}

/// One logical thread of an execution.
// @unchecked Sendable: its state is touched only by the thread holding the execution's baton.
final class ScheduledThread: @unchecked Sendable {
    let id: Int
    /// What the story calls it (the check's own thread is renamed when it plays the main thread).
    var name: CheckMessage
    /// Strong: a worker let go at the end of a run still reads it (`dispose` breaks the cycle).
    let execution: Execution
    /// Signalled when this thread may run.
    let baton = DispatchSemaphore(value: 0)
    var pending: Pending?
    var finished = false
    var clock: VectorClock
    /// The queues whose block this thread is running now, innermost last.
    var queues: [QueueModel] = []
    /// The machine's clock when this thread last got the baton, kept in runs with a virtual clock:
    /// a `Date()` the learner's code read since then lies between it and now (ControlledTimer's
    /// `fire:` date is read against it).
    var resumedAt = Date()
    /// What `Thread.current` gives the learner's code on this thread (made when first asked).
    lazy var face = ControlledThread(playing: self)
    /// For a queue's worker: who handed over the block running now (its `identity`).
    var enqueuerIdentity: UInt?
    /// The learner's last controlled call on this thread ("line 23"), for messages.
    var lastSite: CheckMessage = CheckMessage("", ko: "")
    /// What `ThreadIdentity.current` says on this thread: never the number of another thread —
    /// except the main thread's, which the main queue's worker and a `DispatchQueue.main.sync`
    /// block say too (Dispatch runs the main queue's blocks on the main thread).
    var identity = ThreadSlot.freshSerial()
    /// Whether this thread plays the app's main thread (`Thread.isMainThread` is true on it).
    var isMain = false
    /// The main thread between its calls, back at its run loop (ScheduleWorld.settle): the main
    /// queue's blocks may run then, and only then or after it ended.
    var atRunLoop = false
    /// A scenario's caller (or the check's own thread): the first time it asks whether it is the
    /// main thread, the schedule chooses (Execution.choosesMain).
    var mayPlayMain = false
    /// Whether it has asked (its answer then stays what the schedule chose).
    var askedMain = false

    init(id: Int, name: CheckMessage, execution: Execution, clock: VectorClock) {
        self.id = id
        self.name = name
        self.execution = execution
        self.clock = clock
        self.clock.tick(id)
    }
}

/// One event of a schedule: who ran which operation.
public struct ScheduleEvent: Sendable {
    public let thread: CheckMessage
    public let label: CheckMessage
}

/// One run of a scenario under one schedule.
// @unchecked Sendable: only the thread holding the baton reads or writes it; the baton passes
// through semaphores, which order each holder's accesses after the previous one's.
public final class Execution: @unchecked Sendable {
    var threads: [ScheduledThread] = []
    private(set) var running: ScheduledThread?
    let chooser: ScheduleChooser
    let stepBudget: Int
    private(set) var steps = 0
    public private(set) var events: [ScheduleEvent] = []
    /// What went wrong in this run (a property, a race, a deadlock), first first.
    public private(set) var failures: [CheckMessage] = []
    /// The run is over: a thread resumed now must not run the learner's code any further.
    private(set) var over = false
    private let ended = DispatchSemaphore(value: 0)
    /// Each controlled object's state in this run, by the object (kept alive with its model, so
    /// that no other object can take its identifier; a queue outlives its owner while work is queued).
    private var models: [ObjectIdentifier: (object: AnyObject, model: AnyObject)] = [:]
    let races = RaceDetector()
    /// What a deadlock means in the scenario's terms, said before who waits for what.
    var deadlockMeaning: CheckMessage?
    /// While true, timers do not fire unless nobody else can go (the scenario holds time still
    /// around a call that must return long before any deadline).
    var timeHeld = false
    /// The thread playing the app's main thread, if the scenario has one (ScheduleWorld.spawn).
    var mainThread: ScheduledThread?
    /// Whether the main thread is free for the main queue's blocks: none plays it, or it waits at
    /// its run loop, or it has ended.
    var mainThreadFree: Bool { mainThread.map { $0.finished || $0.atRunLoop } ?? true }
    /// Dispatch's pool in this run: its size (nil: a thread for every block), the threads its
    /// blocks hold now, and how many blocks had to wait for one (ScheduleOptions.poolThreads).
    var poolThreads: Int?
    private var poolThreadsHeld = 0
    public private(set) var poolWaits = 0

    /// Before a queue's block runs on `thread`: takes a thread of the pool, waiting while every
    /// one is held. False when the run ended meanwhile.
    func takePoolThread(_ thread: ScheduledThread) -> Bool {
        guard let size = poolThreads else { return true }
        if poolThreadsHeld >= size {
            poolWaits += 1
            let label = CheckMessage("waits for a free thread of Dispatch's pool (all \(size) are held)",
                                     ko: "Dispatch 스레드 풀의 빈 스레드를 기다림 (\(size)개 모두 사용 중)")
            guard point(thread, Pending(label: label, enabled: { [unowned self] in self.poolThreadsHeld < size })) else { return false }
        }
        poolThreadsHeld += 1
        return true
    }

    /// After a queue's block has run: gives its pool thread back.
    func givePoolThread() {
        guard poolThreads != nil else { return }
        poolThreadsHeld -= 1
    }
    /// The main thread's `ThreadIdentity` in this run: its own, once a thread plays it (so that
    /// a thread chosen as main partway through keeps the identity its callers already saw).
    private(set) var mainIdentity = ThreadSlot.freshSerial()

    /// `thread` plays the main thread from now on.
    func makeMain(_ thread: ScheduledThread) {
        thread.isMain = true
        mainIdentity = thread.identity
        mainThread = thread
    }

    /// `Thread.isMainThread` asked for the first time on a caller while no thread plays the main
    /// thread: a choice of the schedule, like who runs next ("no" is the default, "yes" counts as
    /// a preemption), so that code which behaves differently on the main thread is explored on it
    /// too, and a failing schedule replays with the same answer.
    func choosesMain(_ thread: ScheduledThread) -> Bool {
        guard thread.mayPlayMain, mainThread == nil, !thread.askedMain else { return false }
        thread.askedMain = true
        guard chooser.choose(among: [0, 1], current: 0) == 1 else { return false }
        makeMain(thread)
        events.append(ScheduleEvent(thread: thread.name, label: CheckMessage("is the app's main thread (Thread.isMainThread is true on it)",
                                                                             ko: "앱의 메인 스레드임 (여기서 Thread.isMainThread는 참)")))
        return true
    }
    /// The run's virtual clock, its run loops and timers (off unless the options turn it on).
    let timeline = VirtualTimeline()

    init(chooser: ScheduleChooser, stepBudget: Int) {
        self.chooser = chooser
        self.stepBudget = stepBudget
    }

    /// The logical thread the caller plays in this or any run (nil: a thread outside every run).
    static var current: ScheduledThread? { ThreadSlot.logical }

    /// The logical thread the caller plays in a run still going (nil: use the real primitive).
    static var controlling: ScheduledThread? {
        guard let thread = ThreadSlot.logical, !thread.execution.over else { return nil }
        return thread
    }

    // MARK: Threads

    /// A new logical thread running `body`, able to go from the next choice on. Its clock starts
    /// from its creator's: what the creator did before happens before everything it does.
    @discardableResult
    func spawn(_ name: CheckMessage, from parent: ScheduledThread?, _ body: @escaping @Sendable () -> Void) -> ScheduledThread {
        var clock = parent?.clock ?? VectorClock()
        parent?.clock.tick(parent?.id ?? 0)
        clock.tick(threads.count)
        let thread = ScheduledThread(id: threads.count, name: name, execution: self, clock: clock)
        thread.pending = Pending(label: CheckMessage("starts", ko: "시작"), enabled: { true }, quiet: true)
        threads.append(thread)
        ScheduleThreadPool.run { [thread] in
            ThreadSlot.setLogical(thread)
            thread.baton.wait()
            if thread.execution.over { return }
            thread.pending = nil
            if thread.execution.timeline.isOn { thread.resumedAt = Date() }
            body()
            thread.execution.threadEnded(thread)
        }
        return thread
    }

    /// Runs the first thread and waits until the run ends; false when it did not end within
    /// `seconds` (a thread blocked in something the scheduler does not control).
    func start(_ first: ScheduledThread, seconds: Double) -> Bool {
        running = first
        first.baton.signal()
        return ended.wait(timeout: .now() + seconds) == .success
    }

    /// After the run: drops the threads and models (they point back at the run).
    func dispose() {
        threads.removeAll()
        models.removeAll()
        timeline.dispose()
    }

    // MARK: Scheduling points

    /// Announces the calling thread's next operation and lets the scheduler choose who goes.
    /// Returns when the caller's operation may proceed; false when the run ended meanwhile (only
    /// the workbook's own workers see false: a thread running the learner's code is parked).
    @discardableResult
    func point(_ thread: ScheduledThread, _ pending: Pending) -> Bool {
        thread.pending = pending
        steps += 1
        if steps > stepBudget {
            fail(CheckMessage("the run took more than \(stepBudget) steps: a loop that never ends (or waits by spinning)?",
                              ko: "한 번의 실행이 \(stepBudget) 단계를 넘었습니다: 끝나지 않는 루프가 있나요? (아니면 바쁜 대기로 기다리고 있나요?)"))
            finish()
            return park(thread, worker: pending.letGoAtEnd)
        }
        guard let next = choose() else { return park(thread, worker: pending.letGoAtEnd) }
        if next !== thread {
            running = next
            next.baton.signal()
            thread.baton.wait()
            if over { return park(thread, worker: pending.letGoAtEnd) }
        }
        thread.pending = nil
        if timeline.isOn { thread.resumedAt = Date() }   // read only under a virtual clock: no clock call per point elsewhere
        return true
    }

    /// A thread's body returned: hand the baton on.
    private func threadEnded(_ thread: ScheduledThread) {
        guard !over else { return }
        thread.finished = true
        thread.pending = nil
        if let next = choose() {
            running = next
            next.baton.signal()
        }
    }

    /// Picks the next thread among those that can go, records the event; ends the run when none
    /// can (complete, or a deadlock).
    private func choose() -> ScheduledThread? {
        var enabled = threads.filter { !$0.finished && ($0.pending.map(timeline.canGo) ?? false) }
        var timedOut = false
        if enabled.isEmpty, let passed = timeline.advance(threads) {
            timeline.untold = ScheduleEvent(thread: CheckMessage("time", ko: "시간"), label: passed)
            enabled = threads.filter { !$0.finished && ($0.pending.map(timeline.canGo) ?? false) }
        }
        if enabled.isEmpty, !timeline.isOn {
            enabled = threads.filter { !$0.finished && $0.pending?.timed == true }
            timedOut = true
        }
        // Without a virtual clock, a timed wait may also give up while others can still go: on a
        // loaded machine its deadline can pass before they run (as a timer may fire at any point).
        // Code that goes on as if the wait had succeeded is then explored too.
        var givingUp: [ScheduledThread] = []
        if !timedOut, !enabled.isEmpty, !timeline.isOn {
            givingUp = threads.filter { thread in
                guard !thread.finished, let pending = thread.pending, pending.timed, pending.deadline == nil else { return false }
                return !pending.enabled()
            }
            enabled += givingUp
        }
        if enabled.isEmpty {
            let stuck = threads.filter { !$0.finished && !($0.pending?.letGoAtEnd ?? false) }
            if !stuck.isEmpty {
                let who = CheckMessage.joined(stuck.map { thread in
                    let at = thread.pending?.label ?? CheckMessage("", ko: "")
                    return CheckMessage("\(thread.name.english) (at \"\(at.english)\")", ko: "\(thread.name.ko) (\"\(at.ko)\"에서 멈춤)")
                }, separator: CheckMessage(", ", ko: ", "))
                let meaning = deadlockMeaning ?? CheckMessage("deadlock: nobody can go on", ko: "데드락: 아무도 더 진행할 수 없습니다")
                fail(meaning + CheckMessage(" — stuck: ", ko: " — 멈춘 스레드: ") + who)
            }
            finish()
            return nil
        }
        let current = running.flatMap { thread in enabled.contains { $0 === thread } ? thread.id : nil }
        let pick = chooser.choose(among: enabled.map(\.id), current: current)
        guard let next = enabled.first(where: { $0.id == pick }) else { return nil }
        let gaveUpEarly = givingUp.contains { $0 === next }
        if let pending = next.pending, !pending.quiet || timedOut || gaveUpEarly {
            if let passed = timeline.untold { events.append(passed) }
            timeline.untold = nil
            let passes = timedOut ? CheckMessage("(time passes: nobody else can go) ", ko: "(시간이 흐름: 다른 누구도 진행할 수 없음) ")
                : gaveUpEarly ? CheckMessage("(its timeout passes first, as on a loaded machine: it gives up) ",
                                             ko: "(부하가 걸린 머신에서처럼 시간 제한이 먼저 지나 기다리기를 포기함) ")
                : CheckMessage("", ko: "")
            events.append(ScheduleEvent(thread: next.name, label: passes + pending.label))
        }
        return next
    }

    /// Ends the run: idle workers are let go; threads stopped in the learner's code stay parked.
    private func finish() {
        guard !over else { return }
        over = true
        for thread in threads where !thread.finished && thread.pending?.letGoAtEnd == true && thread !== running {
            thread.baton.signal()
        }
        ended.signal()
    }

    /// After the run ended: a worker returns false and stops; any other thread never goes on (the
    /// learner's code must not run outside the schedule). The real thread stays asleep; a run ends
    /// this way only on a finding or at the last run, so few are left.
    private func park(_ thread: ScheduledThread, worker: Bool) -> Bool {
        if worker { return false }
        while true { thread.baton.wait() }
    }

    /// The state `object` has in this run, made by `make` on first use.
    func model<Model: AnyObject>(for object: AnyObject, _ make: () -> Model) -> Model {
        if let found = models[ObjectIdentifier(object)]?.model as? Model { return found }
        let made = make()
        models[ObjectIdentifier(object)] = (object, made)
        return made
    }

    /// A story event of the running thread that is no scheduling point (ScheduleWorld.tell).
    func tell(_ thread: ScheduledThread, _ label: CheckMessage) {
        events.append(ScheduleEvent(thread: thread.name, label: label))
    }

    // MARK: Findings

    /// Records a broken property (first one first; each once).
    public func fail(_ message: some CheckMessageConvertible) {
        let message = message.checkMessage
        if !failures.contains(where: { $0.english == message.english }) { failures.append(message) }
    }

    /// Records a write of watched state `location` by `thread`; a data race when the previous
    /// write was by another thread and nothing orders the two.
    func write(_ location: CheckMessage, of owner: AnyObject, by thread: ScheduledThread, what: CheckMessage) {
        if let race = races.write(location, of: ObjectIdentifier(owner), thread: thread, what: what) { fail(race) }
    }
}

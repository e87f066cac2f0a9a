// A dispatch queue under an explored schedule. A serial queue has one worker (a logical thread)
// that takes its items in order; `async` adds a block, `sync` adds a turn: the worker grants it,
// the caller runs the block on its own thread (as Dispatch does) and hands the turn back. A
// concurrent queue runs each block on a logical thread of its own; when the run's pool has a size
// (ScheduleOptions.poolThreads), that block first waits for a pool thread. A serial queue's blocks
// do not: Dispatch runs a private serial queue on its overcommit threads, which it adds as needed. `asyncAfter` is a timer thread
// that may fire at any point of the schedule (its deadline is not modelled: time is unknown),
// except while the scenario holds time still — then only when nobody else can go.

/// A queue's state within one run.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class QueueModel: @unchecked Sendable {
    /// What the learner calls it ("propertyQueue", "the global queue").
    let name: CheckMessage
    let serial: Bool
    /// `DispatchQueue.main`: its blocks run on the main thread, when that thread is free.
    let isMainQueue: Bool
    unowned let execution: Execution
    private var items: [Item] = []
    private var worker: ScheduledThread?
    private var blocks = 0

    private enum Item {
        case block(@Sendable () -> Void, SyncClock, enqueuer: UInt, label: CheckMessage)
        case turn(Turn)
    }

    /// A `sync` call's turn on a serial queue.
    final class Turn {
        var granted = false
        var done = false
        let clock = SyncClock()
    }

    init(name: CheckMessage, serial: Bool, execution: Execution, isMainQueue: Bool = false) {
        self.name = name
        self.serial = serial
        self.isMainQueue = isMainQueue
        self.execution = execution
    }

    /// Whether `thread` is running a block of this queue (or a `sync` on it).
    func isCurrent(_ thread: ScheduledThread) -> Bool { thread.queues.contains { $0 === self } }

    func async(_ thread: ScheduledThread, site: CheckMessage, _ work: @escaping @Sendable () -> Void) {
        thread.lastSite = site
        execution.point(thread, Pending(label: CheckMessage("\(name.english).async\(site.english)", ko: "\(name.ko).async\(site.ko)"),
                                        enabled: { true }))
        enqueue(work, from: thread, label: CheckMessage("runs the block queued\(site.english)", ko: "큐에 넣은 블록 실행\(site.ko)"))
    }

    /// Adds `work` (no scheduling point: the caller made one).
    func enqueue(_ work: @escaping @Sendable () -> Void, from thread: ScheduledThread, label: CheckMessage) {
        let clock = SyncClock()
        clock.release(thread)
        if serial {
            items.append(.block(work, clock, enqueuer: thread.identity, label: label))
            startWorker()
        } else {
            blocks += 1
            let model = self
            let block = execution.spawn(CheckMessage("\(name.english) block \(blocks)", ko: "\(name.ko)의 블록 \(blocks)"), from: thread) {
                guard let me = Execution.current, model.execution.takePoolThread(me) else { return }
                me.queues.append(model)
                me.enqueuerIdentity = thread.identity
                work()
                me.queues.removeLast()
                model.execution.givePoolThread()
            }
            block.clock.join(clock.clock)
        }
    }

    func sync<Result>(_ thread: ScheduledThread, site: CheckMessage, _ work: () throws -> Result) rethrows -> Result {
        thread.lastSite = site
        execution.point(thread, Pending(label: CheckMessage("\(name.english).sync\(site.english)", ko: "\(name.ko).sync\(site.ko)"),
                                        enabled: { true }))
        guard serial else {
            thread.queues.append(self)
            defer { thread.queues.removeLast() }
            return try work()
        }
        if isCurrent(thread) {
            execution.fail(CheckMessage("\(name.english).sync\(site.english) was called from a block already running on \(name.english): "
                                        + "a deadlock (Dispatch stops the program there)",
                                        ko: "\(name.ko)에서 이미 실행 중인 블록 안에서 \(name.ko).sync\(site.ko)를 불렀습니다: 데드락입니다 "
                                            + "(Dispatch는 여기서 프로그램을 멈춥니다)"))
            execution.point(thread, Pending(label: CheckMessage("wait for itself on \(name.english)", ko: "\(name.ko)에서 자기 자신을 기다림"),
                                            enabled: { false }))
        } else if isMainQueue && thread.isMain {
            execution.fail(CheckMessage("DispatchQueue.main.sync\(site.english) was called on the main thread: a deadlock (the main queue's "
                                        + "blocks run on the main thread, which waits for them there)",
                                        ko: "메인 스레드에서 DispatchQueue.main.sync\(site.ko)를 불렀습니다: 데드락입니다 (메인 큐의 블록은 "
                                            + "메인 스레드에서 실행되는데, 그 메인 스레드가 여기서 블록을 기다립니다)"))
            execution.point(thread, Pending(label: CheckMessage("waits for itself on the main queue", ko: "메인 큐에서 자기 자신을 기다림"),
                                            enabled: { false }))
        }
        let turn = Turn()
        turn.clock.release(thread)
        items.append(.turn(turn))
        startWorker()
        execution.point(thread, Pending(label: CheckMessage("gets its turn on \(name.english)", ko: "\(name.ko)에서 차례를 얻음"),
                                        enabled: { turn.granted }))
        turn.clock.acquire(thread)
        thread.queues.append(self)
        // The main queue's block runs on the main thread, not on the caller's.
        let callersIdentity = thread.identity
        if isMainQueue { thread.identity = execution.mainIdentity }
        defer {
            thread.identity = callersIdentity
            thread.queues.removeLast()
            turn.clock.release(thread)
            turn.done = true
        }
        return try work()
    }

    private func startWorker() {
        guard worker == nil else { return }
        let model = self
        worker = execution.spawn(CheckMessage("\(name.english)'s worker", ko: "\(name.ko)의 워커"), from: nil) { model.work() }
    }

    /// The worker's loop: take the next item when there is one; stop when the run ends.
    private func work() {
        guard let me = Execution.current else { return }
        if isMainQueue { me.isMain = true }
        while true {
            let proceed = execution.point(me, Pending(label: CheckMessage("takes the next item", ko: "다음 항목을 꺼냄"),
                                                      enabled: { [unowned self] in !self.items.isEmpty && (!self.isMainQueue || self.execution.mainThreadFree) },
                                                      idle: true, quiet: true))
            guard proceed, !items.isEmpty else { return }
            // Read at each item, not once at start: a thread may be chosen as main after this
            // worker began (choosesMain), and the main queue's blocks run as that thread.
            if isMainQueue { me.identity = execution.mainIdentity }
            switch items.removeFirst() {
            case let .block(work, clock, enqueuer, _):
                clock.acquire(me)
                me.queues.append(self)
                me.enqueuerIdentity = enqueuer
                work()
                me.queues.removeLast()
                me.enqueuerIdentity = nil
            case .turn(let turn):
                turn.clock.acquire(me)
                turn.clock.release(me)
                turn.granted = true
                guard execution.point(me, Pending(label: CheckMessage("waits for the sync block to end", ko: "sync 블록이 끝나기를 기다림"), enabled: { turn.done }, quiet: true)) else { return }
                turn.clock.acquire(me)
            }
        }
    }

    /// Runs `work` on this queue after an unknown delay: a timer thread that may fire at any point.
    func asyncAfter(_ thread: ScheduledThread, site: CheckMessage, _ work: @escaping @Sendable () -> Void) {
        thread.lastSite = site
        execution.point(thread, Pending(label: CheckMessage("\(name.english).asyncAfter\(site.english)", ko: "\(name.ko).asyncAfter\(site.ko)"),
                                        enabled: { true }))
        let model = self
        execution.spawn(CheckMessage("the timer set\(site.english)", ko: "설정된 timer\(site.ko)"), from: thread) {
            guard let me = Execution.current else { return }
            let execution = model.execution
            execution.point(me, Pending(label: CheckMessage("fires", ko: "실행됨"), enabled: { !execution.timeHeld }, timed: true))
            model.enqueue(work, from: me, label: CheckMessage("runs the timer's block", ko: "timer의 블록 실행"))
        }
    }
}

/// " (line 23)" for a learner's call site; empty for the workbook's own (line 0).
func siteLabel(_ line: Int) -> CheckMessage {
    line > 0 ? CheckMessage(" (line \(line))", ko: " (\(line)행)") : CheckMessage("", ko: "")
}

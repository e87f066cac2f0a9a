// Exploring a scenario's schedules: every schedule with at most 0, then 1, then `preemptions`
// preemptions, depth first over the recorded choices (so the first failure found has the fewest
// preemptions), then a fixed number of seeded PCT random schedules. The first failing schedule
// stops the search and is returned with its story; replaying its choices gives the same run.

import Foundation

public struct ScheduleOptions: Sendable {
    /// Schedules with up to this many preemptions are all explored.
    public var preemptions = 2
    /// Seeded random (PCT) schedules after the systematic ones.
    public var randomSchedules = 100
    public var seed: UInt64 = 26
    /// Steps (controlled operations) one run may take before it counts as a loop that never ends.
    public var stepBudget = 5_000
    /// At most this many systematic runs (then the search says it was not exhaustive).
    public var scheduleBudget = 4_000
    /// A run that does not end within this many seconds blocked outside the scheduler.
    public var secondsPerRun = 10.0
    /// Whether each run keeps a virtual clock (ScheduleVirtualTime.swift): timers, deadlines and
    /// timed waits then come due at their virtual time, and running code takes none.
    public var virtualTime = false
    /// When set, Dispatch's pool has this many threads: a block of a concurrent queue (global or
    /// private) waits for one to be free (nil: a thread for every block). Every pool has a limit:
    /// Dispatch on a 2-core Linux machine ran 2 or 3 sleeping global blocks at once (measured,
    /// docs/CHECKS.md); Apple's kernel caps the threads such blocks hold at
    /// kern.wq_max_constrained_threads (xnu, bsd/pthread/pthread_workqueue.c). A private serial
    /// queue's blocks run on overcommit threads, added as needed (12 sleeping ones ran at once).
    public var poolThreads: Int?

    public init(preemptions: Int = 2, randomSchedules: Int = 100) {
        self.preemptions = preemptions
        self.randomSchedules = randomSchedules
    }
}

/// A failing schedule: what broke, and the events that led there.
public struct Counterexample: Sendable {
    public let failures: [CheckMessage]
    public let events: [ScheduleEvent]
    /// The choices that replay it.
    public let choices: [Int]
    public let preemptions: Int

    /// The events as a story, one thread's consecutive steps together: "A: x, y → B: z → …".
    public var story: CheckMessage {
        var parts: [(thread: CheckMessage, labels: [CheckMessage])] = []
        for event in events where !event.label.english.isEmpty {
            if parts.last?.thread == event.thread { parts[parts.count - 1].labels.append(event.label) } else {
                parts.append((event.thread, [event.label]))
            }
        }
        let comma = CheckMessage(", ", ko: ", ")
        let told = parts.map { CheckMessage("\($0.thread.english): ", ko: "\($0.thread.ko): ") + CheckMessage.joined($0.labels, separator: comma) }
        let shown = told.count > 24 ? Array(told.prefix(12)) + [CheckMessage("…", ko: "…")] + Array(told.suffix(11)) : told
        return CheckMessage.joined(shown, separator: CheckMessage(" → ", ko: " → "))
    }
}

/// What exploring a scenario found.
public struct Exploration: Sendable {
    /// Systematic runs, and random ones.
    public var systematic = 0
    public var random = 0
    /// Whether every schedule within the preemption bound was run (the budget was not hit).
    public var exhaustive = true
    public var preemptions = 0
    public var virtualTime = false
    public var counterexample: Counterexample?

    public var schedules: Int { systematic + random }

    /// "807 schedules run: every schedule with ≤ 2 preemptions (707 runs), then 100 seeded random ones".
    public var summary: CheckMessage {
        let bound = exhaustive
            ? CheckMessage("every schedule with ≤ \(preemptions) preemptions", ko: "선점 \(preemptions)번 이하인 모든 스케줄")
            : CheckMessage("the first schedules with ≤ \(preemptions) preemptions (not all: the budget ran out)",
                           ko: "선점 \(preemptions)번 이하인 스케줄의 앞부분 (전부는 아님: 예산이 바닥남)")
        let clock = virtualTime
            ? CheckMessage(", on a virtual clock (time moves only when no thread can go, not with the machine)",
                           ko: ", 가상 시계 위에서 (시간은 머신을 따라가지 않고, 어떤 스레드도 진행할 수 없을 때만 흐름)")
            : CheckMessage("", ko: "")
        return CheckMessage("\(schedules) schedules run: \(bound.english) (\(systematic) runs), then \(random) seeded random ones\(clock.english)",
                            ko: "스케줄 \(schedules)개 실행: \(bound.ko) (\(systematic)번), 이어서 시드를 정한 무작위 스케줄 \(random)개\(clock.ko)")
    }
}

/// What a scenario is given: it runs as the first logical thread and can start others.
// @unchecked Sendable: used only by the thread holding its execution's baton.
public final class ScheduleWorld: @unchecked Sendable {
    let execution: Execution

    init(_ execution: Execution) { self.execution = execution }

    private var me: ScheduledThread? { Execution.current }

    /// Starts a logical thread named `name` (its name is what the story calls it). With
    /// `asMainThread`, it plays the app's main thread: `Thread.isMainThread` is true on it, and
    /// `DispatchQueue.main`'s blocks run only while it waits in `settle` or after it has ended.
    @discardableResult
    public func spawn(_ name: CheckMessage, asMainThread: Bool = false, _ body: @escaping @Sendable () -> Void) -> ScheduledHandle {
        let thread = execution.spawn(name, from: me, body)
        thread.mayPlayMain = true
        if asMainThread { execution.makeMain(thread) }
        return ScheduledHandle(thread)
    }

    /// The calling thread plays the app's main thread from now on (see `spawn(_:asMainThread:_:)`).
    public func actAsMainThread() {
        guard let me else { return }
        me.name = CheckMessage("the main thread (the check's)", ko: "메인 스레드(확인 프로그램)")
        execution.makeMain(me)
    }

    /// Waits until `handle`'s thread has ended; what it did happens before what follows.
    public func join(_ handle: ScheduledHandle) {
        guard let me else { return }
        let other = handle.thread
        me.atRunLoop = true   // the check waiting is not the app blocking: on the main thread, the main queue may run
        execution.point(me, Pending(label: CheckMessage("waits for \(other.name.english) to end", ko: "\(other.name.ko)의 종료를 기다림"), enabled: { other.finished }, quiet: true))
        me.atRunLoop = false
        me.clock.join(other.clock)
    }

    /// Waits until every other thread has ended or waits idle for work (every queue drained).
    public func settle() {
        guard let me else { return }
        let execution = self.execution
        me.atRunLoop = true   // on the main thread: back at its run loop, where the main queue's blocks run
        execution.point(me, Pending(label: CheckMessage("waits until all queued work is done", ko: "큐에 넣은 일이 모두 끝나기를 기다림"), enabled: {
            execution.threads.allSatisfy { $0 === me || $0.finished || ($0.pending.map { $0.idle && !$0.enabled() } ?? false) }
        }, quiet: true))
        me.atRunLoop = false
        for thread in execution.threads where thread !== me { me.clock.join(thread.clock) }
    }

    /// A scheduling point of the check's own, told in the story as `label`.
    public func step(_ label: CheckMessage) {
        guard let me else { return }
        execution.point(me, Pending(label: label, enabled: { true }))
    }

    /// Adds `label` to the story as the calling thread's next event, without a scheduling point:
    /// what the check is about to do ("calls removed(\"a\")"), so the story reads in its terms.
    public func tell(_ label: some CheckMessageConvertible) {
        guard let me else { return }
        execution.tell(me, label.checkMessage)
    }

    /// Holds time still (`true`): timers fire only when nobody else can go, as when a call returns
    /// long before any deadline; a timed wait meanwhile can only give up. `false` lets them fire at any point.
    public func holdTime(_ held: Bool) { execution.timeHeld = held }

    /// What it means, in the exercise's terms, when this run ends with threads that cannot go on.
    public func ifStuck(_ meaning: some CheckMessageConvertible) { execution.deadlockMeaning = meaning.checkMessage }

    /// How many queue blocks so far waited for a free thread of the pool (ScheduleOptions.poolThreads).
    public var poolWaits: Int { execution.poolWaits }

    /// What it means, in English and Korean, when this run ends with threads that cannot go on.
    public func ifStuck(_ english: String, ko korean: String) { ifStuck(CheckMessage(english, ko: korean)) }

    /// Records a broken property.
    public func fail(_ message: some CheckMessageConvertible) { execution.fail(message) }

    /// Records a broken property, in English and Korean.
    public func fail(_ english: String, ko korean: String) { execution.fail(CheckMessage(english, ko: korean)) }

    public func expect<Message: CheckMessageConvertible>(_ condition: Bool, _ message: @autoclosure () -> Message) {
        if !condition { execution.fail(message()) }
    }

    public func expect(_ condition: Bool, _ english: @autoclosure () -> String, ko korean: @autoclosure () -> String) {
        if !condition { execution.fail(CheckMessage(english(), ko: korean())) }
    }

    /// Whether something failed in this run so far.
    public var failed: Bool { !execution.failures.isEmpty }

    /// The calling thread's present moment (nil outside a run), to ask later whether it happens
    /// before another thread's moment.
    public func moment() -> ScheduleMoment? {
        guard let me else { return nil }
        return ScheduleMoment(thread: me.id, time: me.clock[me.id])
    }

    /// Whether `moment` happens before what the calling thread does next: the same thread earlier,
    /// or ordered through the controlled operations (a queue, a lock, a semaphore, an atomic, a
    /// join). A value that moment wrote, read with this false, was read through a data race.
    public func hasSeen(_ moment: ScheduleMoment) -> Bool {
        guard let me else { return true }
        return moment.thread == me.id || me.clock[moment.thread] >= moment.time
    }
}

/// A moment of one logical thread: the thread and its own clock entry then (FastTrack's epoch).
public struct ScheduleMoment: Sendable {
    let thread: Int
    let time: Int
}

/// A logical thread started by a scenario.
public struct ScheduledHandle: @unchecked Sendable {   // @unchecked: the thread is touched only under the baton
    let thread: ScheduledThread
    init(_ thread: ScheduledThread) { self.thread = thread }
}

public enum ScheduleExplorer {
    /// Why a run did not end when no controlled operation was left to choose: the one message for
    /// every check that says so.
    public static let uncontrolledWait = CheckMessage(
        "a thread waited in something the checker does not control — a wait that polls or spins (usleep, "
            + "RunLoop.run(until:)), a DispatchWorkItem's wait(), a primitive spelled with its module name, a Task? "
            + "(the checker cannot tell which; in that wait the code may be right — use the queue's sync, a group or a "
            + "semaphore, which it controls)",
        ko: "확인 프로그램이 제어하지 못하는 무언가에서 스레드가 기다렸습니다 — 폴링하거나 스핀하는 대기(usleep, RunLoop.run(until:)), "
            + "DispatchWorkItem의 wait(), 모듈 이름을 붙여 쓴 동기화 도구, Task? (어느 것인지는 확인 프로그램이 알 수 없고, 그 대기 "
            + "자체는 옳을 수도 있습니다 — 확인 프로그램이 제어하는 큐의 sync, group, 세마포어를 쓰세요)")

    /// Runs `scenario` under every schedule within the bound, then random ones; stops at the first failure.
    public static func explore(_ options: ScheduleOptions = ScheduleOptions(),
                               _ scenario: @escaping @Sendable (ScheduleWorld) -> Void) -> Exploration {
        var result = Exploration()
        result.preemptions = options.preemptions
        result.virtualTime = options.virtualTime
        var longest = 1
        func runOnce(_ chooser: ScheduleChooser) -> Execution {
            let execution = Execution(chooser: chooser, stepBudget: options.stepBudget)
            execution.timeline.isOn = options.virtualTime
            execution.poolThreads = options.poolThreads
            let world = ScheduleWorld(execution)
            let first = execution.spawn(CheckMessage("the check", ko: "확인 프로그램"), from: nil) { scenario(world) }
            first.mayPlayMain = true
            if !execution.start(first, seconds: options.secondsPerRun) {
                execution.fail(CheckMessage("a run did not end within \(Int(options.secondsPerRun)) s: ",
                                            ko: "한 번의 실행이 \(Int(options.secondsPerRun))초 안에 끝나지 않았습니다: ") + ScheduleExplorer.uncontrolledWait)
            }
            longest = max(longest, chooser.choices.count)
            if execution.failures.isEmpty { execution.dispose() }
            return execution
        }
        func found(_ execution: Execution, _ chooser: ScheduleChooser) -> Bool {
            guard !execution.failures.isEmpty else { return false }
            result.counterexample = Counterexample(failures: execution.failures, events: execution.events,
                                                   choices: chooser.choices.map(\.chosen),
                                                   preemptions: chooser.choices.filter(\.isPreemption).count)
            return true
        }

        for bound in 0...max(0, options.preemptions) {
            var stack: [(choice: ScheduleChoice, tried: Set<Int>, before: Int)] = []
            var prefix: [Int] = []
            while true {
                if result.systematic >= options.scheduleBudget {
                    result.exhaustive = false
                    break
                }
                let chooser = ReplayChooser(prefix)
                let execution = runOnce(chooser)
                result.systematic += 1
                if found(execution, chooser) { return result }
                let choices = chooser.choices
                if stack.count > choices.count { stack.removeLast(stack.count - choices.count) }
                for index in stack.count..<choices.count {
                    let before = index == 0 ? 0 : stack[index - 1].before + (stack[index - 1].choice.isPreemption ? 1 : 0)
                    stack.append((choices[index], [choices[index].chosen], before))
                }
                var next: [Int]?
                while let level = stack.last {
                    let choice = level.choice
                    let alternative = choice.enabled.first { id in
                        !level.tried.contains(id) && level.before + ((choice.current.map { $0 != id } ?? false) ? 1 : 0) <= bound
                    }
                    if let alternative {
                        stack[stack.count - 1].tried.insert(alternative)
                        stack[stack.count - 1].choice = ScheduleChoice(enabled: choice.enabled, chosen: alternative, current: choice.current)
                        next = stack.map(\.choice.chosen)
                        break
                    }
                    stack.removeLast()
                }
                guard let next else { break }
                prefix = next
            }
            if !result.exhaustive { break }
        }
        for index in 0..<options.randomSchedules {
            let chooser = RandomChooser(seed: options.seed &+ UInt64(index), depth: 3, expectedSteps: longest)
            let execution = runOnce(chooser)
            result.random += 1
            if found(execution, chooser) { return result }
        }
        return result
    }

    /// Runs `scenario` once under the choices `choices` (a counterexample's), for a closer look.
    public static func replay(_ choices: [Int], options: ScheduleOptions = ScheduleOptions(),
                              _ scenario: @escaping @Sendable (ScheduleWorld) -> Void) -> [CheckMessage] {
        let execution = Execution(chooser: ReplayChooser(choices), stepBudget: options.stepBudget)
        execution.timeline.isOn = options.virtualTime
        execution.poolThreads = options.poolThreads
        let world = ScheduleWorld(execution)
        let first = execution.spawn(CheckMessage("the check", ko: "확인 프로그램"), from: nil) { scenario(world) }
        first.mayPlayMain = true
        _ = execution.start(first, seconds: options.secondsPerRun)
        return execution.failures
    }
}

// 10-clean-timer's check, on a virtual clock: the store is made on the check's own thread, whose
// run loop the check runs for a number of intervals; the timer (the check's controlled `Timer`,
// ExerciseKit/ScheduleTimers.swift) fires at its virtual times, so how often removeExpired ran,
// whether the store was freed and when the timer stopped are counted, not timed. Any queue the
// file uses is explored in every schedule within the preemption bound.

import ExerciseKit
import Foundation
import WorkbookSupport

extension Chapter10Checks {
    /// One removeExpired() the check saw: when (virtual nanoseconds) and on which thread.
    struct CleanSeen: Sendable {
        let at: Int64
        let thread: String
        let onCheckThread: Bool
    }

    /// 10-clean-timer: while the store lives, `removeExpired()` runs at every tick of cleanInterval,
    /// on the run loop of the thread that made it; when its last owner lets go, the store is
    /// freed and its timer invalidated at once (in deinit), and nothing runs after. Two stores on
    /// one thread keep their own intervals and ends.
    public static func cleanTimer<E: CleanTimerExercise>(_: E.Type, _ run: CheckRun) {
        var options = ScheduleOptions()
        options.virtualTime = true
        let interval = 0.02, ticks = 10
        let oneStore = run.explore("one store's life on its thread's run loop", options) { world in
            let cleans = LockedList<CleanSeen>()
            var store: E? = E(cleanInterval: interval, onClean: { cleans.append(seen(world)) })
            weak var watched: E?
            watched = store   // assigned apart: a `weak let` needs Swift 6.2
            let aliveUntil = interval * (Double(ticks) + 0.5)
            world.runRunLoop(until: aliveUntil)
            let probed = store?.timerProbe
            let timer = probed.map { $0 as AnyObject } as? ControlledTimer
            let whileAlive = cleans.values
            if let problem = aliveProblem(whileAlive, timer: timer, probed: probed != nil, interval: interval, until: aliveUntil) {
                world.fail(problem)
                return
            }
            store = nil
            let freed = watched == nil
            let validAtRelease = timer?.isValid ?? false, firesAtRelease = timer?.fireCount ?? 0
            world.runRunLoop(until: aliveUntil + interval * Double(ticks))
            let firedAfter = (timer?.fireCount ?? 0) > firesAtRelease
            let after = cleans.values.count - whileAlive.count
            world.expect(freed, notFreed)
            guard freed else { return }
            if validAtRelease {
                if timer?.isValid ?? true {
                    world.fail(stillValid(interval))
                } else if firedAfter {
                    world.fail(stoppedLate)
                } else {
                    world.fail("the store was freed, but its timer was still valid when deinit returned; it was invalidated later"
                               + (timer?.invalidatedOffThread.map { ", on \($0)" } ?? "") + ". Invalidate it in deinit itself, "
                               + "on the thread that scheduled it")
                }
            }
            world.expect(after == 0, "removeExpired() ran \(after) time(s) after the store was freed")
            if let thread = timer?.invalidatedOffThread {
                world.fail("invalidate() was called on \(thread), not on the thread whose run loop holds the timer: a Timer "
                           + "must be invalidated on the thread that scheduled it (Foundation's rule). Do it in deinit, "
                           + "which runs there when the last owner lets go")
            }
        }
        guard oneStore else { return }
        run.explore("two stores on one thread, cleanInterval 0.02 s and 0.03 s", options) { world in
            let cleansA = LockedList<CleanSeen>(), cleansB = LockedList<CleanSeen>()
            var storeA: E? = E(cleanInterval: 0.02, onClean: { cleansA.append(seen(world)) })
            var storeB: E? = E(cleanInterval: 0.03, onClean: { cleansB.append(seen(world)) })
            weak var watchedA: E?, watchedB: E?
            (watchedA, watchedB) = (storeA, storeB)
            world.runRunLoop(until: 0.105)
            storeA = nil
            world.runRunLoop(until: 0.225)
            storeB = nil
            world.runRunLoop(until: 0.3)
            let ticksA = Set(cleansA.values.map(\.at)), ticksB = Set(cleansB.values.map(\.at))
            let wantedA = Set(tickTimes(0.02, until: 0.105)), wantedB = Set(tickTimes(0.03, until: 0.225))
            world.expect(watchedA == nil && watchedB == nil, notFreed)
            world.expect(ticksA == wantedA && ticksB == wantedB,
                         "with two stores on one thread, store A (cleanInterval 0.02 s, let go at 0.105 s) cleaned at "
                         + "\(times(ticksA)) and store B (0.03 s, let go at 0.225 s) at \(times(ticksB)); each must clean "
                         + "at its own ticks only (A: \(times(wantedA)); B: \(times(wantedB))) — does one store's timer "
                         + "or state reach the other?")
        }
    }

    /// What removeExpired() looks like from the check: when, on which thread.
    private static func seen(_ world: ScheduleWorld) -> CleanSeen {
        CleanSeen(at: world.nowNanoseconds, thread: world.threadName ?? "a thread outside the check", onCheckThread: world.onCheckThread)
    }

    /// The virtual instants of every tick of `interval` up to `until`, in nanoseconds.
    static func tickTimes(_ interval: TimeInterval, until: TimeInterval) -> [Int64] {
        let step = Int64((interval * 1e9).rounded()), end = Int64((until * 1e9).rounded())
        return Array(stride(from: step, through: end, by: Int(step)))
    }

    /// "0.020 s, 0.040 s, … 0.200 s": a few instants, in order.
    static func times(_ instants: some Collection<Int64>) -> String {
        let sorted = instants.sorted()
        guard !sorted.isEmpty else { return "no time" }
        let shown = sorted.count > 6 ? sorted.prefix(3).map(text) + ["…"] + sorted.suffix(2).map(text) : sorted.map(text)
        return shown.joined(separator: ", ")
    }

    private static func text(_ nanoseconds: Int64) -> String { ScheduleWorld.text(seconds: Double(nanoseconds) / 1e9) }

    /// What is wrong while the store lives (nil: it cleaned at every tick, on its thread).
    private static func aliveProblem(_ cleans: [CleanSeen], timer: ControlledTimer?, probed: Bool, interval: TimeInterval,
                                     until: TimeInterval) -> String? {
        let span = "\(ScheduleWorld.text(seconds: until)) of virtual time with cleanInterval \(ScheduleWorld.text(seconds: interval))"
        if let elsewhere = cleans.first(where: { !$0.onCheckThread }) {
            return "removeExpired() ran on \(elsewhere.thread), not on the run loop of the thread that made the store: call it "
                + "from the timer's block itself, which runs on that run loop"
        }
        if cleans.isEmpty {
            guard probed else { return "cleanTimer is nil after init: schedule a repeating Timer in init and keep it in cleanTimer" }
            switch timer?.placement {
            case .onNoRunLoop?:
                return "removeExpired() never ran in \(span): cleanTimer holds a Timer on no run loop — Timer(…) alone "
                    + "never fires. Use Timer.scheduledTimer, which puts it on the run loop of the thread calling init"
            case .elsewhere(let loop)?:
                return "removeExpired() never ran in \(span): the timer is on \(loop), which never runs — a Timer fires "
                    + "only on a run loop that runs. Schedule it from init itself, on the thread that makes the store "
                    + "(the check runs that thread's run loop)"
            case nil, .real?:
                return "cleanTimer is not the Timer the check controls: write the plain name `Timer` (not Foundation.Timer)"
            case .invalidated?, .onRunLoopOfCheck?:
                return "removeExpired() never ran in \(span): the timer on the store's run loop never called it"
            }
        }
        let wanted = tickTimes(interval, until: until), ran = Set(cleans.map(\.at))
        if ran != Set(wanted) {
            return "removeExpired() ran at \(times(ran)) in \(span): it must run at every tick — \(times(wanted)) — "
                + "on a timer that repeats every cleanInterval"
        }
        if !probed {
            return "removeExpired() ran, but cleanTimer is nil: keep the timer in cleanTimer so that deinit can stop it"
        }
        return nil
    }

    private static let notFreed = "the store was not freed when its last owner let it go: the run loop holds the timer, and the "
        + "timer's closure holds the store. Capture it weakly ([weak self]); a method reference such as "
        + "`removeExpired` passed as the closure holds self strongly too"

    private static let stoppedLate = "the store was freed, but its timer stayed valid until it fired once more and found nil: "
        + "stop it when the store goes — invalidate it in deinit — not on a later tick"

    private static func stillValid(_ interval: TimeInterval) -> String {
        "the store was freed, but its timer is still valid: it fires every \(ScheduleWorld.text(seconds: interval)) for as long as "
            + "the thread lives, into nil. Invalidate it in deinit (`cleanTimer = nil` is not enough: the run loop still holds the timer)"
    }
}

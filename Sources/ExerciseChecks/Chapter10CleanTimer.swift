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
        let source = run.source
        if let line = callsOnCleanItself(run.source) {
            run.fail("line \(line) calls onClean() itself: the timer must call removeExpired(). onClean only tells the check that "
                     + "removeExpired() ran; a store whose timer skips removeExpired() never removes an expired value",
                     ko: "\(line)행이 onClean()을 직접 부릅니다: timer는 removeExpired()를 불러야 합니다. onClean은 removeExpired()가 "
                     + "실행됐다고 확인에 알려 줄 뿐이라, timer가 removeExpired()를 건너뛰는 store는 만료된 값을 하나도 지우지 않습니다")
            return
        }
        var options = ScheduleOptions()
        options.virtualTime = true
        let interval = 0.02, ticks = 10
        let oneStore = run.explore(CheckMessage("one store's life on its thread's run loop", ko: "store 하나의 일생, 그 스레드의 run loop 위에서"), options) { world in
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
            // Linux's Foundation ignores tolerance, so no tick here shows it; Apple's run loop may
            // fire a timer up to its tolerance late, and a repeating timer late past its next fire
            // date fires once for both (Apple's Timer documentation): ticks would be dropped there.
            if let tolerance = timer?.tolerance, tolerance >= interval {
                world.fail("the timer's tolerance is \(tolerance) s, not below its interval (\(interval) s): on Apple platforms a timer "
                           + "may fire up to its tolerance late, and a repeating timer that fires past its next fire date fires once for "
                           + "both, so ticks would be dropped (Linux's Foundation ignores tolerance; the check reads it). Keep it below "
                           + "the interval — Kingfisher's clean timer sets none",
                           ko: "timer의 tolerance가 \(tolerance)초로, 간격(\(interval)초)보다 작지 않습니다: Apple 플랫폼에서 timer는 "
                               + "최대 tolerance만큼 늦게 실행될 수 있고, 반복 timer가 다음 예정 시각을 넘겨 실행되면 두 번 몫을 한 번만 실행하므로 "
                               + "tick이 빠지게 됩니다 (Linux의 Foundation은 tolerance를 무시하므로 확인이 그 값을 직접 읽습니다). 간격보다 작게 "
                               + "두세요 — Kingfisher의 clean timer는 tolerance를 설정하지 않습니다")
                return
            }
            store = nil
            let freed = watched == nil
            let validAtRelease = timer?.isValid ?? false, firesAtRelease = timer?.fireCount ?? 0
            let markAtRelease = world.timerFiresOnCheckRunLoop
            world.runRunLoop(until: aliveUntil + interval * Double(ticks))
            let firedAfter = (timer?.fireCount ?? 0) > firesAtRelease
            let after = cleans.values.count - whileAlive.count
            world.expect(freed, notFreed(source))
            guard freed else { return }
            if validAtRelease {
                if timer?.isValid ?? true {
                    world.fail(stillValid(interval))
                } else if firedAfter {
                    world.fail(stoppedLate)
                } else {
                    let offThread = timer?.invalidatedOffThread.map { CheckMessage(", on \($0)", ko: " (invalidate한 스레드: \($0))") } ?? ""
                    world.fail(CheckMessage("the store was freed, but its timer was still valid when deinit returned; it was invalidated later",
                                            ko: "store는 해제됐지만 deinit이 돌아올 때까지 timer가 여전히 유효했고, invalidate는 그 뒤에 일어났습니다")
                               + offThread + CheckMessage(". Invalidate it in deinit itself, on the thread that scheduled it",
                                                          ko: ". timer를 예약한 스레드에서, deinit 안에서 바로 invalidate하세요"))
                }
            }
            world.expect(after == 0, "removeExpired() ran \(after) time(s) after the store was freed",
                         ko: "store가 해제된 뒤에도 removeExpired()가 실행됐습니다 (횟수: \(after))")
            // Every timer the store put on the run loop stops with it, not only the one in cleanTimer.
            let left = world.timersOnCheckRunLoop
            world.expect(left == 0, "the store was freed and its cleanTimer invalidated, but \(left) other timer(s) it scheduled are still "
                         + "valid on the run loop, firing into nothing for as long as the thread lives: every timer the store "
                         + "schedules must stop when it goes (keep the one timer in cleanTimer)",
                         ko: "store가 해제되고 cleanTimer도 invalidate됐지만, store가 예약한 다른 timer \(left)개가 run loop에 아직 유효하게 "
                             + "남아, 스레드가 살아 있는 동안 아무 대상도 없이 계속 실행됩니다: store가 예약한 timer는 모두 store와 함께 "
                             + "멈춰야 합니다 (timer는 cleanTimer에 있는 하나만 두세요)")
            if left == 0, let line = otherTimerFired(world, since: markAtRelease, besides: timer) { world.fail(firedAfterFree(line)) }
            if let thread = timer?.invalidatedOffThread {
                world.fail("invalidate() was called on \(thread), not on the thread whose run loop holds the timer: a Timer "
                           + "must be invalidated on the thread that scheduled it (Foundation's rule). Do it in deinit, "
                           + "which runs there when the last owner lets go",
                           ko: "timer를 붙잡은 run loop의 스레드가 아닌 곳에서 invalidate()를 불렀습니다 (부른 스레드: \(thread)). "
                           + "Timer는 예약한 스레드에서 invalidate해야 합니다 (Foundation의 규칙). 마지막 소유자가 놓을 때 그 스레드에서 "
                           + "실행되는 deinit에서 하세요")
            }
        }
        guard oneStore else { return }
        run.explore(CheckMessage("two stores on one thread, cleanInterval 0.02 s and 0.03 s",
                                 ko: "한 스레드의 store 두 개, cleanInterval 0.02 s와 0.03 s"), options) { world in
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
            world.expect(watchedA == nil && watchedB == nil, notFreed(source))
            world.expect(ticksA == wantedA && ticksB == wantedB,
                         "with two stores on one thread, store A (cleanInterval 0.02 s, let go at 0.105 s) cleaned at "
                         + "\(times(ticksA)) and store B (0.03 s, let go at 0.225 s) at \(times(ticksB)); each must clean "
                         + "at its own ticks only (A: \(times(wantedA)); B: \(times(wantedB))) — does one store's timer "
                         + "or state reach the other?",
                         ko: "한 스레드에 store 두 개를 두었을 때 store A(cleanInterval 0.02 s, 0.105 s에 놓음)가 청소한 시각: "
                         + "\(times(ticksA)), store B(0.03 s, 0.225 s에 놓음)가 청소한 시각: \(times(ticksB)). store마다 자기 tick에만 "
                         + "청소해야 합니다 (A: \(times(wantedA)); B: \(times(wantedB))) — 한 store의 timer나 상태가 다른 store에 닿지 않나요?")
        }
        // A store let go before its first tick: deinit stops the timer whether or not it has fired.
        run.explore(CheckMessage("a store let go before its first tick", ko: "첫 tick 전에 놓은 store"), options) { world in
            let cleans = LockedList<CleanSeen>()
            var store: E? = E(cleanInterval: 1, onClean: { cleans.append(seen(world)) })
            weak var watched: E?
            watched = store
            world.runRunLoop(until: 0.5)
            let timer = store?.timerProbe.map { $0 as AnyObject } as? ControlledTimer
            store = nil
            let freed = watched == nil, validAtRelease = timer?.isValid ?? false
            let markAtRelease = world.timerFiresOnCheckRunLoop
            world.runRunLoop(until: 3.5)
            world.expect(freed, notFreed(source))
            guard freed else { return }
            world.expect(!validAtRelease, "a store with cleanInterval 1 s was let go at 0.5 s, before its first tick, and its timer was still "
                         + "valid when deinit returned: deinit stops the timer whether or not it has fired yet",
                         ko: "cleanInterval 1 s인 store를 첫 tick 전인 0.5 s에 놓았는데, deinit이 돌아올 때 timer가 아직 유효했습니다: "
                         + "timer가 한 번이라도 실행됐든 아니든 deinit에서 멈춰야 합니다")
            if let line = otherTimerFired(world, since: markAtRelease, besides: timer) { world.fail(firedAfterFree(line)) }
            world.expect(cleans.values.isEmpty, "removeExpired() ran \(cleans.values.count) time(s) after a store let go before its first tick was freed",
                         ko: "첫 tick 전에 놓아 해제된 store의 removeExpired()가 그 뒤에 \(cleans.values.count)번 실행됐습니다")
        }
        // Kingfisher's own interval (120 s: `MemoryStorage.Config.init`'s default `cleanInterval`,
        // Sources/Cache/MemoryStorage.swift at 8.11.0), and one second past each number your file
        // writes (a "long intervals may keep the store" cut-off, whatever number was picked): the
        // clock jumps, so minutes cost nothing, and an interval capped or rounded on the way shows.
        // Each store is let go after its ticks: it is freed, and its timer stops.
        let intervals = [120] + SourceFacts.sizesPastCutOffs(in: run.source, within: 1...604_800, limit: 2).filter { $0 != 120 }
        // Three ticks, or one more than the largest number up to 2,000 the file writes (a timer
        // that "stops itself after 100 ticks" while its store lives is the same mistake at any count).
        let tickCount = ([3] + SourceFacts.sizesPastCutOffs(in: run.source, within: 3...2_000, limit: 1)).max() ?? 3
        for seconds in intervals {
            let interval = TimeInterval(seconds)
            let name = seconds == 120 ? CheckMessage(" (Kingfisher's default)", ko: " (Kingfisher의 기본값)") : CheckMessage("", ko: "")
            let held = run.explore(CheckMessage("one store, cleanInterval \(seconds) s\(name.english)", ko: "store 하나, cleanInterval \(seconds) s\(name.ko)"),
                                   options) { world in
                let cleans = LockedList<CleanSeen>()
                var store: E? = E(cleanInterval: interval, onClean: { cleans.append(seen(world)) })
                weak var watched: E?
                watched = store   // assigned apart: a `weak let` needs Swift 6.2
                let until = interval * Double(tickCount) + 5
                world.runRunLoop(until: until)
                let timer = store?.timerProbe.map { $0 as AnyObject } as? ControlledTimer
                store = nil
                let freed = watched == nil
                let ticks = Set(cleans.values.map(\.at)), wanted = Set(tickTimes(interval, until: until))
                world.expect(ticks == wanted,
                             "with cleanInterval \(seconds) s, removeExpired() ran at \(times(ticks)); it must run every \(seconds) s, no more "
                             + "often and no less (\(times(wanted))): the interval is the configuration's, as given",
                             ko: "cleanInterval이 \(seconds) s일 때 removeExpired()가 실행된 시각: \(times(ticks)). \(seconds) s마다, 그보다 자주도 "
                             + "드물게도 아니게 실행돼야 합니다 (\(times(wanted))): 간격은 설정에 주어진 그대로입니다")
                world.expect(freed, CheckMessage("with cleanInterval \(seconds) s: ", ko: "cleanInterval \(seconds) s에서: ") + notFreed(source))
                guard freed else { return }
                if timer?.isValid ?? false { world.fail(CheckMessage("with cleanInterval \(seconds) s: ", ko: "cleanInterval \(seconds) s에서: ") + stillValid(interval)) }
                // A second store let go halfway to its first tick: stopped all the same.
                var early: E? = E(cleanInterval: interval, onClean: {})
                let earlyTimer = early?.timerProbe.map { $0 as AnyObject } as? ControlledTimer
                world.runRunLoop(until: until + interval / 2)
                let markAtEarlyRelease = world.timerFiresOnCheckRunLoop
                early = nil
                _ = early
                if earlyTimer?.isValid ?? false {
                    world.fail(CheckMessage("with cleanInterval \(seconds) s, a store let go before its first tick: ",
                                            ko: "cleanInterval \(seconds) s에서 첫 tick 전에 놓은 store: ") + stillValid(interval))
                }
                let before = cleans.values.count
                world.runRunLoop(until: until + interval * 2)
                if let line = otherTimerFired(world, since: markAtEarlyRelease, besides: earlyTimer) {
                    world.fail(CheckMessage("with cleanInterval \(seconds) s, a store let go before its first tick: ",
                                            ko: "cleanInterval \(seconds) s에서 첫 tick 전에 놓은 store: ") + firedAfterFree(line))
                }
                let after = cleans.values.count - before
                world.expect(after == 0, "with cleanInterval \(seconds) s, removeExpired() ran \(after) time(s) after the store was freed",
                             ko: "cleanInterval \(seconds) s에서 store가 해제된 뒤에도 removeExpired()가 실행됐습니다 (횟수: \(after))")
            }
            guard held, run.passed else { return }
        }
    }

    /// The first line outside the DO NOT EDIT blocks that calls `onClean()` (in code, not a comment):
    /// the check counts cleans through it, so a timer that calls it instead of removeExpired()
    /// would look right while cleaning nothing.
    static func callsOnCleanItself(_ source: String?) -> Int? {
        guard let source else { return nil }
        let protected = Set(Glue.numberedProtectedLines(of: source).map(\.number))
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !protected.contains(index + 1) {
            let code = line.components(separatedBy: "//").first ?? ""
            if code.replacingOccurrences(of: " ", with: "").contains("onClean()") { return index + 1 }
        }
        return nil
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

    /// "0.020 s, 0.040 s, … 0.200 s": a few instants, in order ("-" for none: a sign both languages read).
    static func times(_ instants: some Collection<Int64>) -> String {
        let sorted = instants.sorted()
        guard !sorted.isEmpty else { return "-" }
        let shown = sorted.count > 6 ? sorted.prefix(3).map(text) + ["…"] + sorted.suffix(2).map(text) : sorted.map(text)
        return shown.joined(separator: ", ")
    }

    private static func text(_ nanoseconds: Int64) -> String { ScheduleWorld.text(seconds: Double(nanoseconds) / 1e9) }

    /// What is wrong while the store lives (nil: it cleaned at every tick, on its thread).
    private static func aliveProblem(_ cleans: [CleanSeen], timer: ControlledTimer?, probed: Bool, interval: TimeInterval,
                                     until: TimeInterval) -> CheckMessage? {
        let span = CheckMessage("\(ScheduleWorld.text(seconds: until)) of virtual time with cleanInterval \(ScheduleWorld.text(seconds: interval))",
                                ko: "가상 시간 \(ScheduleWorld.text(seconds: until)) 동안, cleanInterval \(ScheduleWorld.text(seconds: interval))")
        let never = CheckMessage("removeExpired() never ran in \(span.english): ", ko: "removeExpired()가 한 번도 실행되지 않았습니다 (\(span.ko)): ")
        if let elsewhere = cleans.first(where: { !$0.onCheckThread }) {
            // The timer on the right run loop, its block handing the work on (blind round 43: a
            // hop to a global queue was told to schedule the timer where it already was).
            if case .onRunLoopOfCheck? = timer?.placement {
                return CheckMessage("removeExpired() ran on \(elsewhere.thread), not on the run loop of the thread that made the store: "
                                    + "the timer is on that run loop, but its block hands removeExpired() to another thread or queue. Call "
                                    + "removeExpired() in the timer's block itself, which runs on that run loop",
                                    ko: "removeExpired()가 store를 만든 스레드의 run loop가 아닌 곳에서 실행됐습니다 (실행된 스레드: "
                                        + "\(elsewhere.thread)). timer는 그 run loop에 있지만, timer의 블록이 removeExpired()를 다른 스레드나 "
                                        + "큐로 넘깁니다. removeExpired()는 그 run loop에서 실행되는 timer의 블록 안에서 직접 부르세요")
            }
            return CheckMessage("removeExpired() ran on \(elsewhere.thread), not on the run loop of the thread that made the store: schedule "
                                + "the timer on that thread's run loop (Timer.scheduledTimer, called in init) and call removeExpired() from the "
                                + "timer's block, which runs there",
                                ko: "removeExpired()가 store를 만든 스레드의 run loop가 아닌 곳에서 실행됐습니다 (실행된 스레드: \(elsewhere.thread)). "
                                + "timer는 그 스레드의 run loop에 걸고(init에서 Timer.scheduledTimer를 부르세요), removeExpired()는 그 run loop에서 "
                                + "실행되는 timer의 블록에서 부르세요")
        }
        if cleans.isEmpty {
            guard probed else {
                return CheckMessage("cleanTimer is nil after init: schedule a repeating Timer in init and keep it in cleanTimer",
                                    ko: "init이 끝났는데 cleanTimer가 nil입니다: init에서 반복 Timer를 예약하고 cleanTimer에 보관하세요")
            }
            switch timer?.placement {
            case .onNoRunLoop?:
                return never + CheckMessage("cleanTimer holds a Timer on no run loop — Timer(…) alone never fires. Use "
                                            + "Timer.scheduledTimer, which puts it on the run loop of the thread calling init",
                                            ko: "cleanTimer의 Timer는 어느 run loop에도 올라가 있지 않습니다 — Timer(…)만으로는 실행되지 "
                                            + "않습니다. init을 부른 스레드의 run loop에 올려 주는 Timer.scheduledTimer를 쓰세요")
            case .inOtherMode(let mode)?:
                return never + CheckMessage("the timer was added to the run loop only for the mode \"\(mode)\", which a run loop running "
                                            + "in its default mode (RunLoop.run(), run(until:), an app's main loop) never serves: add it for "
                                            + ".default or .common, as Timer.scheduledTimer adds it for .default",
                                            ko: "timer를 \"\(mode)\" 모드로만 run loop에 추가했습니다. 기본 모드로 도는 run loop(RunLoop.run(), "
                                                + "run(until:), 앱의 메인 루프)는 그 모드의 timer를 실행하지 않습니다: .default나 .common으로 추가하세요 "
                                                + "(Timer.scheduledTimer는 .default로 추가합니다)")
            case .elsewhere(let loop)?:
                return never + CheckMessage("the timer is on \(loop), which never runs — a Timer fires only on a run loop that runs. "
                                            + "Schedule it from init itself, on the thread that makes the store (the check runs that thread's run loop)",
                                            ko: "timer가 한 번도 돌지 않는 run loop에 있습니다 (\(loop)) — Timer는 돌고 있는 run loop에서만 "
                                            + "실행됩니다. store를 만드는 스레드에서, init 안에서 직접 예약하세요 (확인은 그 스레드의 run loop를 돌립니다)")
            case nil, .real?:
                return CheckMessage("cleanTimer is not the Timer the check controls: write the plain name `Timer` (not Foundation.Timer)",
                                    ko: "cleanTimer가 확인이 제어하는 Timer가 아닙니다: Foundation.Timer 대신 그냥 `Timer`라고 쓰세요")
            case .invalidated?, .onRunLoopOfCheck?:
                let due = ScheduleWorld.text(seconds: interval)
                return never + CheckMessage("the timer on the store's run loop never called it (with cleanInterval \(due), the first tick was due at \(due))",
                                            ko: "store의 run loop에 있는 timer가 한 번도 부르지 않았습니다 (cleanInterval이 \(due)이니 첫 tick은 \(due)에 와야 했습니다)")
            }
        }
        let wanted = tickTimes(interval, until: until), ran = Set(cleans.map(\.at))
        // Once per tick: two runs at one instant (two timers, or one scheduled twice) clean twice.
        if let doubled = Dictionary(grouping: cleans, by: \.at).filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            let at = ScheduleWorld.text(seconds: Double(doubled.key) / 1e9)
            return CheckMessage("removeExpired() ran \(doubled.value.count) times at \(at) in \(span.english): once per tick, from one "
                                + "repeating timer",
                                ko: "removeExpired()가 \(at)에 \(doubled.value.count)번 실행됐습니다 (\(span.ko)): tick마다 한 번, "
                                    + "반복 timer 하나에서 실행돼야 합니다")
        }
        if ran != Set(wanted) {
            return CheckMessage("removeExpired() ran at \(times(ran)) in \(span.english): it must run at every tick — \(times(wanted)) — "
                                + "on a timer that repeats every cleanInterval",
                                ko: "removeExpired()가 실행된 시각 (\(span.ko)): \(times(ran)). cleanInterval마다 반복하는 timer로 "
                                + "모든 tick에 실행돼야 합니다: \(times(wanted))")
        }
        if !probed {
            return CheckMessage("removeExpired() ran, but cleanTimer is nil: keep the timer in cleanTimer so that deinit can stop it",
                                ko: "removeExpired()는 실행됐지만 cleanTimer가 nil입니다: deinit에서 멈출 수 있게 timer를 cleanTimer에 보관하세요")
        }
        return nil
    }

    /// The store outlived its last owner: the usual cause is the timer's closure holding it, but a
    /// file whose timer captures it weakly is told to look elsewhere (never a cause it does not have).
    private static func notFreed(_ source: String?) -> CheckMessage {
        if capturesWeakSelf(source) {
            // A weak capture somewhere says nothing about the closure the run loop holds: name
            // every way the store can still be held, not one cause the code may not have.
            return CheckMessage("the store was not freed when its last owner let it go. Your file captures self weakly somewhere, "
                                + "yet something still holds the store: a timer closure that captures self strongly on some path "
                                + "(another branch, a method reference), a `static` or global list, another closure, the store itself",
                                ko: "마지막 소유자가 놓았는데도 store가 해제되지 않았습니다. 파일 어딘가에서 self를 약하게 캡처하지만, 여전히 "
                                + "무언가가 store를 붙잡고 있습니다: 어떤 경로(다른 분기, 메서드 참조)에서 self를 강하게 캡처하는 timer "
                                + "클로저, `static`이나 전역 목록, 다른 클로저, store 자신")
        }
        return CheckMessage("the store was not freed when its last owner let it go: the run loop holds the timer, "
            + "and the timer's closure holds the store. Capture it weakly ([weak self]); a method reference such as "
            + "`removeExpired` passed as the closure holds self strongly too",
            ko: "마지막 소유자가 놓았는데도 store가 해제되지 않았습니다: run loop가 timer를 붙잡고, timer의 클로저가 store를 붙잡습니다. "
            + "약하게 캡처하세요([weak self]). `removeExpired` 같은 메서드 참조를 클로저로 넘겨도 self를 강하게 붙잡습니다")
    }

    /// The line of a timer other than `timer` (the store's cleanTimer) that fired after `mark`, if any.
    private static func otherTimerFired(_ world: ScheduleWorld, since mark: Int, besides timer: ControlledTimer?) -> Int? {
        world.timersFired(since: mark).first { $0 !== timer }?.madeAt
    }

    private static func firedAfterFree(_ line: Int) -> CheckMessage {
        CheckMessage("the store was freed, but the timer made at line \(line) fired after it was gone: every timer the store "
                     + "schedules stops when it goes — invalidate it in deinit, or keep the one timer in cleanTimer",
                     ko: "store는 해제됐는데, \(line)행에서 만든 timer가 그 뒤에 실행됐습니다: store가 예약한 timer는 모두 store와 함께 "
                         + "멈춰야 합니다 — deinit에서 invalidate하거나, timer는 cleanTimer에 있는 하나만 두세요")
    }

    private static let stoppedLate = CheckMessage("the store was freed, but its timer stayed valid until it fired once more and found nil: "
        + "stop it when the store goes — invalidate it in deinit — not on a later tick",
        ko: "store는 해제됐지만 timer는 한 번 더 실행돼 nil을 만날 때까지 유효했습니다: 다음 tick이 아니라 store가 사라질 때, "
        + "즉 deinit에서 invalidate하세요")

    private static func stillValid(_ interval: TimeInterval) -> CheckMessage {
        CheckMessage("the store was freed, but its timer is still valid: it fires every \(ScheduleWorld.text(seconds: interval)) for as "
            + "long as the thread lives, into nil. Invalidate it in deinit (`cleanTimer = nil` is not enough: the run loop still holds the timer)",
            ko: "store는 해제됐지만 timer가 아직 유효합니다: 스레드가 살아 있는 한 nil을 상대로 계속 실행됩니다 (간격: "
            + "\(ScheduleWorld.text(seconds: interval))). deinit에서 invalidate하세요 (`cleanTimer = nil`로는 부족합니다: run loop가 "
            + "아직 timer를 붙잡고 있습니다)")
    }
}

// Chapter 4 — The race behind Kingfisher issue #1233.
// The 5.7.0 design can crash under stress (counted over child processes; not in every run); a forced interleaving
// makes its "ghost" entry every time; PR #1255's design survives the same stress; and taking the
// lock inside the eviction callback is tried for real.

import Foundation
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "4")!

    static let noBacktrace = ["SWIFT_BACKTRACE": "enable=no"]

    public static func run(_ lab: Lab) throws {
        let runs = lab.size(quick: 16, full: 40)
        let operations = lab.size(quick: 60_000, full: 100_000)

        let maximumRuns = runs * 3
        lab.part("crash", "The 5.7.0 design under stress")
        lab.claim("An eviction callback that mutates `keys` without the lock can crash the process — in Set's\n"
                  + "own code, as in the issue's report, or wherever the memory it corrupted is touched next.\n"
                  + "It is a race: some child runs crash, not all, and how\n"
                  + "many depends on the machine and its load (a race needs both threads running at once).\n"
                  + "The count below is this run's; it may be 0 even after the extra runs.",
                  ko: "lock 없이 `keys`를 바꾸는 eviction 콜백은 프로세스를 죽일 수 있다 — issue 보고처럼 Set 내부\n"
                      + "코드에서, 또는 망가진 메모리를 다음에 건드리는 곳 어디에서든. 이것은 데이터 레이스다: 자식 실행 중\n"
                      + "일부만 크래시가 나고, 몇 번이 날지는 머신과 그 부하에 달려 있다 (데이터 레이스에는 두 스레드가 동시에\n"
                      + "돌아야 한다). 아래 숫자는 이번 실행의 것이고, 추가 실행을 해도 0일 수 있다.")
        lab.run("\(runs) child processes (more, up to \(maximumRuns), until one crashes), each: 2 threads store,\n"
                + "1 thread evicts as Apple's NSCache does (removes the object, then calls back once, without\n"
                + "our lock), 1 thread runs removeExpired; \(operations) ops each. " + Platform.nsCacheNote)
        var broken = lab.children("stress570", count: runs, arguments: { ["\(operations)", "\(lab.options.seed &+ UInt64($0))"] },
                                  timeout: 60, environment: noBacktrace)
        while !broken.contains(where: \.crashed) && broken.count < maximumRuns {
            let done = broken.count
            broken += lab.children("stress570", count: 8, arguments: { ["\(operations)", "\(lab.options.seed &+ UInt64(done + $0))"] },
                                   timeout: 60, environment: noBacktrace)
        }
        report(lab, broken, runs: broken.count)
        if broken.contains(where: \.crashed) { showFrames(lab, operations: operations) }
        let crashed = broken.filter(\.crashed).count
        lab.conclude(crashed > 0
            ? "In this run \(crashed) of \(broken.count) child runs crashed (\(100 * crashed / broken.count)%). Which ones crash is up to\n"
              + "the scheduler: a seed fixes a child's workload, not the timing of its threads."
            : "No child run crashed in \(broken.count) tries this time: a race is a chance, not a promise.\n"
              + "Run the chapter again, or see part 3, which finds the bad order without luck.",
                     ko: crashed > 0
                         ? "이번 실행에서 자식 실행 \(broken.count)번 중 \(crashed)번이 크래시가 났다\n"
                           + "(\(100 * crashed / broken.count)%). 어느 것이 죽을지는 스케줄러에 달렸다: seed는 자식의\n"
                           + "작업량을 정할 뿐, 스레드의 타이밍은 정하지 못한다."
                         : "이번에는 \(broken.count)번 시도에서 크래시가 한 번도 나지 않았다: 데이터 레이스는 일어날 수 있다는\n"
                           + "것이지 반드시 일어난다는 뜻이 아니다. 이 장을 다시 돌리거나, 운에 기대지 않고 나쁜 순서를 찾아내는 파트 3을 보자.")

        lab.part("ghost", "The ghost entry, forced")
        lab.claim("Even when nothing crashes, the callback can remove the key of a value stored after\n"
                  + "the eviction: the value stays in the cache, its key is gone, and removeExpired —\n"
                  + "which walks `keys` — can never expire it.",
                  ko: "아무것도 크래시가 나지 않아도, 콜백은 eviction 뒤에 저장된 값의 key를 지울 수 있다: 값은\n"
                      + "캐시에 남고 key는 사라지며, `keys`를 훑는 removeExpired는 그 값을 영영 만료시키지 못한다.")
        lab.run("one forced interleaving (semaphores), no luck involved: evict v1 → store v2 → callback")
        let old = Scenarios.forcedGhost(design1255: false)
        lab.measured("ghost570", old.ghost, "5.7.0: in the cache but not in keys")
        lab.measured("ghostSurvives570", old.survivesClean, "5.7.0: expired ghost survives removeExpired")
        let fixed = Scenarios.forcedGhost(design1255: true)
        lab.measured("ghost1255", fixed.ghost, "#1255: in the cache but not in keys")
        lab.measured("ghostSurvives1255", fixed.survivesClean, "#1255: expired value survives removeExpired")
        lab.conclude("#1255 keeps one invariant: keys ⊇ cache. Extra keys are harmless and removeExpired\n"
                     + "drops them; a missing key is a leak nobody can clean.",
                     ko: "#1255는 불변식 하나를 지킨다: keys ⊇ cache. 남는 key는 해가 없고 removeExpired가 치운다.\n"
                         + "빠진 key는 아무도 치울 수 없는 누수다.")

        lab.part("interleavings", "Every interleaving, not one")
        lab.claim("The forced run above is one order of the steps. Over every order, 5.7.0 leaves a ghost in\n"
                  + "some and #1255 in none; #1255's worst case is an extra key, which the next clean drops.",
                  ko: "위의 강제 실행은 단계들의 한 가지 순서일 뿐이다. 가능한 모든 순서를 보면 5.7.0은 일부에서\n"
                      + "유령을 남기고 #1255는 하나도 남기지 않는다. #1255의 최악은 남는 key 하나이고, 다음 정리가\n"
                      + "그것을 치운다.")
        lab.run("the model checker runs every interleaving of the steps (each step one critical section or\n"
                + "one unguarded action of Designs.swift: Chapters/04-issue-1233/Lab/Models.swift)")
        let before = ModelChecker.explore(IssueModels.design570), after = ModelChecker.explore(IssueModels.design1255)
        lab.interleavings("design570", before, "5.7.0: interleavings that leave a ghost")
        lab.interleavings("design1255", after, "#1255: interleavings that leave a ghost")
        lab.note("5.7.0's shortest bad interleaving:")
        lab.show(before.timeline())
        lab.conclude("The ghost needs the store to land between the eviction and its callback: \(before.bad) "
                     + (before.bad == 1 ? "order\n" : "orders\n")
                     + "of \(before.total). Tests/ChapterTests/InterleavingTests.swift replays every order of both models\n"
                     + "against Design570 and Design1255 and gets the model's outcome each time.",
                     ko: "유령이 생기려면 store가 eviction과 그 콜백 사이에 끼어들어야 한다: \(before.total)가지 순서\n"
                         + "중 \(before.bad)가지. Tests/ChapterTests/InterleavingTests.swift는 두 모델의 모든 순서를\n"
                         + "Design570과 Design1255에 다시 돌려 매번 모델과 같은 결과를 얻는다.")

        lab.part("fixed", "PR #1255's design under the same stress")
        lab.claim("No callback, so `keys` is only ever touched under the lock: no crash.",
                  ko: "콜백이 없으니 `keys`는 언제나 lock 안에서만 건드린다: 크래시가 없다.")
        lab.run("the same \(broken.count) child runs, same seeds, Design1255")
        let fixedRuns = lab.children("stress1255", count: broken.count, arguments: { ["\(operations)", "\(lab.options.seed &+ UInt64($0))"] },
                                     timeout: 60, environment: noBacktrace)
        report(lab, fixedRuns, runs: broken.count)
        let fixedCrashes = fixedRuns.filter(\.crashed).count
        lab.conclude(fixedCrashes == 0
            ? "0 of \(broken.count) crashed where 5.7.0's design crashed \(crashed): with `keys` touched only\n"
              + "under the lock, the same stress leaves nothing to race over."
            : "\(fixedCrashes) of \(broken.count) crashed — not expected of #1255's design: its output is in the\n"
              + "child results (--json), and Designs.swift is the place to look.",
                     ko: fixedCrashes == 0
                         ? "5.7.0의 설계가 \(crashed)번 크래시 난 곳에서 \(broken.count)번 중 0번 크래시: `keys`를 lock\n"
                           + "안에서만 건드리면 같은 부하에도 데이터 레이스가 날 거리가 없다."
                         : "\(broken.count)번 중 \(fixedCrashes)번 크래시 — #1255의 설계에서는 예상하지 못한 일이다:\n"
                           + "출력은 자식 결과(--json)에 있고, 살펴볼 곳은 Designs.swift다.")

        lockInDelegate(lab)

        lab.read([
            "Chapters/04-issue-1233/Lab/Designs.swift — Design570 (the delegate) and Design1255 (the fix)",
            "Sources/KFDCache/MemoryStorage.swift — `removeExpired()`: the reconciling loop",
            "Kingfisher 5.7.0: Sources/Cache/MemoryStorage.swift (the delegate); issue #1233 (the crash report), PR #1255 (released in 5.7.1)",
            "Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift — `removeExpired()`, the same reconciling loop",
        ])
        lab.exercises()
    }

    static func report(_ lab: Lab, _ results: [ChildResult], runs: Int) {
        let crashes = results.filter(\.crashed)
        let signals = Set(crashes.map(\.outcome)).sorted().joined(separator: ", ")
        lab.measured("crashes", crashes.count, "child runs that crashed",
                     "\(crashes.count) of \(runs)\(signals.isEmpty ? "" : " (\(signals))")")
        lab.measured("hangs", results.filter(\.timedOut).count, "child runs that hung")
        lab.record("runs", .int(runs))
    }

    /// Runs one more crashing child with the runtime's backtracer on, and shows its top frames.
    /// Says what happened: a backtrace printed, or none (and whether a helper had been found),
    /// and on a Mac where ReportCrash's `.ips` report for the child is.
    static func showFrames(_ lab: Lab, operations: Int) {
        // The child is this program relaunched: `ch04-issue-1233`, or `workbook` under `swift run workbook 04`.
        let childName = ChildProcess.currentExecutable.lastPathComponent
        let attempts = 16   // at a crash rate of 1 in 20, about half the runs that crashed show frames
        for attempt in 0..<attempts {
            let start = Date()
            let result = lab.child("stress570", ["\(operations)", "\(lab.options.seed &+ 1000 &+ UInt64(attempt))"], timeout: 120,
                                   environment: Platform.backtraceEnvironment)
            guard result.crashed else { continue }
            let frames = BacktraceExcerpt.excerpt(result.stderr)
            if !frames.isEmpty {
                lab.note("the runtime's backtrace of one crashed child (top frames; addresses left out, and the compiler's\n"
                         + "generated thunks too: a number missing below is one of them):")
                lab.show(frames.joined(separator: "\n"))
                lab.record("frameMentionsSet", .bool(frames.contains { $0.contains("Set") }))
                // Which of Set's functions crashed, and which of the design's called it: the
                // report of #1233 shows `remove` from the delegate; runs here show either side.
                for (key, pattern) in [("setFrame", #"\bSet(?:\._Variant)?\.\w+"#), ("designFrame", #"Design570\.\w+"#)] {
                    if let line = frames.first(where: { $0.range(of: pattern, options: .regularExpression) != nil }),
                       let range = line.range(of: pattern, options: .regularExpression) {
                        lab.record(key, .string(String(line[range])))
                    }
                }
                return
            }
            if Platform.isMac, let helper = Platform.backtraceHelper {
                lab.note("the crashed child (\(result.outcome)) printed no backtrace, although SWIFT_BACKTRACE named the\n"
                         + "toolchain's helper, \(helper.path): the helper was found but did not print one")
            } else if Platform.isMac {
                lab.note("the crashed child (\(result.outcome)) printed no backtrace: no swift-backtrace helper was found\n"
                         + "beside swiftc (a Mac's Swift runtime needs the toolchain's)")
            } else {
                lab.note("the crashed child (\(result.outcome)) printed no backtrace (SWIFT_BACKTRACE was set to\n"
                         + "\(Platform.backtraceEnvironment["SWIFT_BACKTRACE"]!)); the signal is the evidence")
            }
            if let report = Platform.crashReport(for: childName, since: start) {
                let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
                lab.note("macOS's crash report for the child has the frames: \(report.path)")
                lab.record("frameMentionsSet", .bool(text.contains("Set")))
            } else if Platform.isMac {
                lab.note("and no crash report named \(childName)-….ips appeared in ~/Library/Logs/DiagnosticReports")
            }
            return
        }
        lab.note("\(attempts) more child runs with the backtracer on did not crash (a race is a chance): no frames to show this time")
    }

    static func lockInDelegate(_ lab: Lab) {
        lab.part("lockedDelegate", "The alternative: take the lock inside the callback")
        lab.claim("NSCache calls the delegate while the backend's lock is held — inside setObject (corelibs\n"
                  + "evicts there) or inside removeObject (Apple calls the delegate there, from removeExpired).\n"
                  + "With NSLock (not recursive) the callback waits for itself.",
                  ko: "NSCache는 backend의 lock을 잡고 있는 동안 delegate를 부른다 — setObject 안에서(corelibs는\n"
                      + "거기서 퇴출한다), 또는 removeObject 안에서(Apple은 removeExpired에서 부른 그곳에서\n"
                      + "delegate를 부른다). NSLock(재귀가 아님)이면 콜백은 자기 자신을 기다린다.")
        lab.run("child process: stores past the count limit, then removeExpired; the callback locks NSLock;\n"
                + "killed after \(lab.options.quick ? 3 : 5) s")
        let nsLock = lab.child("lockedNSLock", timeout: lab.options.quick ? 3 : 5, environment: noBacktrace)
        lab.measured("nsLockOutcome", nsLock.outcome, "NSLock in the callback")
        lab.record("nsLockHung", .bool(nsLock.timedOut))
        let recursive = lab.child("lockedRecursive", timeout: 30, environment: noBacktrace)
        lab.measured("recursiveOutcome", recursive.succeeded ? "finished" : recursive.outcome, "NSRecursiveLock in the callback")
        let cost = Scenarios.storeCost(operations: lab.size(quick: 20_000, full: 200_000))
        lab.measured("recursiveCostRatio", cost.recursive / cost.plain, "store cost, recursive+callback ÷ #1255",
                     String(format: "%.2f× (%@ vs %@ per store)", cost.recursive / cost.plain,
                            Stats.formatNanoseconds(cost.recursive), Stats.formatNanoseconds(cost.plain)))
        lab.conclude("On this platform the obvious fix deadlocks, and the working one makes every store pay\n"
                     + "for a recursive lock and a callback. On Apple platforms the callback also arrives from\n"
                     + "NSCache's own threads at moments nobody chose. #1255 removes the callback instead.",
                     ko: "이 플랫폼에서 뻔한 수정은 deadlock이 나고, 제대로 도는 수정은 모든 store가 재귀 lock과\n"
                         + "콜백의 비용을 치르게 한다. Apple 플랫폼에서는 콜백이 아무도 고르지 않은 순간에 NSCache\n"
                         + "자신의 스레드에서 오기도 한다. #1255는 대신 콜백을 없앤다.")
    }

    public static func child(scenario: String, arguments: [String]) -> Int32 {
        let operations = arguments.first.flatMap(Int.init) ?? 100_000
        let seed = arguments.dropFirst().first.flatMap(UInt64.init) ?? 1
        switch scenario {
        case "stress570": Scenarios.stress(Design570(countLimit: 0), operations: operations, seed: seed)
        case "stress1255": Scenarios.stress(Design1255(countLimit: 0), operations: operations, seed: seed)
        case "lockedNSLock": Scenarios.lockedDelegate(recursive: false, operations: 1_000)
        case "lockedRecursive": Scenarios.lockedDelegate(recursive: true, operations: 1_000)
        default: return 64
        }
        return 0
    }
}

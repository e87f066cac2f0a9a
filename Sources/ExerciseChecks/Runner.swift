// The entry point of a standalone check program: `workbook check` builds one per exercise file (the
// learner's, a reference solution or a near-miss) and runs it in a child process, so that a crash
// or a hang is reported as that exercise's outcome and cannot touch any other.

import ExerciseKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum CheckRunner {
    /// Runs `check` once and exits, printing one `CheckOutcome` line of JSON (the only line on
    /// stdout: what the code under check prints goes to stderr).
    ///
    /// Reads from the environment, set by `workbook check`:
    /// - `KFD_CHECK_SOURCE`, `KFD_CHECK_GLUE`: the checked file and the digest its protected lines
    ///   must have (both optional);
    /// - `KFD_CHECK_SECONDS`: the time limit (default 20);
    /// - `KFD_CHECK_SEED`: the seed of the generated cases (default: each check's own, fixed).
    /// - Parameters:
    ///   - exercise: the exercise's identifier, as reported.
    ///   - instancesOf: for a concurrency exercise, the type whose instances must not share state
    ///     (SharedStateRule); nil for the others.
    ///   - check: the exercise's check.
    public static func main(exercise: String, instancesOf owner: String? = nil, _ check: @escaping @Sendable (CheckRun) -> Void) -> Never {
        // The verdict goes out on a copy of stdout; stdout itself now writes to stderr. Code under
        // check may print (a learner's debug line, thousands of times over the explored schedules):
        // stdio flushes its buffer wherever it is full, mid-line, and a verdict appended to half a
        // line was lost (blind round 45: a right answer with a `print` was "not checked").
        let verdictChannel = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: false)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let environment = ProcessInfo.processInfo.environment
        let start = Date()
        let seed = environment["KFD_CHECK_SEED"].flatMap { UInt64($0) }
        let run = CheckRun(source: environment["KFD_CHECK_SOURCE"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) },
                           seed: seed)
        func finish(_ verdict: CheckOutcome.Verdict, _ messages: [CheckMessage]) -> Never {
            let generated = run.generatedCases
            let outcome = CheckOutcome(exercise: exercise, verdict: verdict, said: messages,
                                       seconds: Date().timeIntervalSince(start),
                                       cases: generated.cases > 0 ? generated.cases : nil, seed: generated.seed,
                                       notes: run.said.notes)
            verdictChannel.write(Data((outcome.line + "\n").utf8))
            // _exit, not exit: threads the check started (or the code under check left waiting)
            // may still be running, and exit's global destructors racing them can abort the
            // process after the verdict is out (seen: 1 run in 20 under load). The line above
            // went straight to the file descriptor, so nothing is left to flush.
            _exit(verdict == .passed ? 0 : 1)
        }

        if let path = environment["KFD_CHECK_SOURCE"], let expected = environment["KFD_CHECK_GLUE"] {
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                finish(.failed, [CheckMessage("cannot read \(path)", ko: "파일을 읽을 수 없습니다: \(path)")])
            }
            if Glue.digest(of: source) != expected {
                finish(.glueEdited, [CheckMessage("the lines marked DO NOT EDIT were changed: the check calls through them. "
                                                  + "Undo those edits (swift run workbook reset \(exercise) restores the whole file).",
                                                  ko: "DO NOT EDIT 표시가 있는 줄이 바뀌었습니다: 확인 프로그램은 그 줄을 거쳐 코드를 부릅니다. "
                                                      + "그 수정을 되돌리세요 (swift run workbook reset \(exercise) 는 파일 전체를 되돌립니다).")])
            }
        }

        let limit = environment["KFD_CHECK_SECONDS"].flatMap(Double.init) ?? 20
        let done = spawn {
            check(run)
            if let owner, run.passed { SharedStateRule.check(owner, run) }
            if owner == nil, !run.passed, let note = run.keptAcrossCallsNote { run.fail(note) }
        }
        if !signalled(done, within: limit) {
            finish(.timedOut, run.said.problems + [CheckMessage(
                "the check did not finish within \(Int(limit)) s: something in your code never ends "
                    + "(a lock never released, a sync onto a busy queue or the queue you are on, "
                    + "a semaphore never signalled, or a loop that never ends), or takes long enough to add up "
                    + "over the check's many calls (a sleep or a timed wait in each call)",
                ko: "확인이 \(Int(limit))초 안에 끝나지 않았습니다: 코드 어딘가가 끝나지 않거나 "
                    + "(풀리지 않는 lock, 바쁜 큐나 지금 실행 중인 큐로의 sync, signal되지 않는 세마포어, 끝나지 않는 루프), "
                    + "확인이 여러 번 부르는 동안 쌓여 시간 제한을 넘길 만큼 오래 걸립니다 (호출마다 있는 sleep이나 시간 제한 있는 wait)")])
        }
        finish(run.passed ? .passed : .failed, run.said.problems)
    }
}

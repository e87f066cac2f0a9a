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
    /// Runs `check` once and exits, printing one `CheckOutcome` line of JSON.
    ///
    /// Reads from the environment, set by `workbook check`:
    /// - `KFD_CHECK_SOURCE`, `KFD_CHECK_GLUE`: the checked file and the digest its protected lines
    ///   must have (both optional);
    /// - `KFD_CHECK_SECONDS`: the time limit (default 20);
    /// - `KFD_CHECK_SEED`: the seed of the generated cases (default: each check's own, fixed).
    public static func main(exercise: String, _ check: @escaping @Sendable (CheckRun) -> Void) -> Never {
        let environment = ProcessInfo.processInfo.environment
        let start = Date()
        let seed = environment["KFD_CHECK_SEED"].flatMap { UInt64($0) }
        let run = CheckRun(source: environment["KFD_CHECK_SOURCE"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) },
                           seed: seed)
        func finish(_ verdict: CheckOutcome.Verdict, _ messages: [String]) -> Never {
            let generated = run.generatedCases
            let outcome = CheckOutcome(exercise: exercise, verdict: verdict, messages: messages,
                                       seconds: Date().timeIntervalSince(start),
                                       cases: generated.cases > 0 ? generated.cases : nil, seed: generated.seed,
                                       notes: run.notes.isEmpty ? nil : run.notes)
            FileHandle.standardOutput.write(Data((outcome.line + "\n").utf8))
            // _exit, not exit: threads the check started (or the code under check left waiting)
            // may still be running, and exit's global destructors racing them can abort the
            // process after the verdict is out (seen: 1 run in 20 under load). The line above
            // went straight to the file descriptor, so nothing is left to flush.
            _exit(verdict == .passed ? 0 : 1)
        }

        if let path = environment["KFD_CHECK_SOURCE"], let expected = environment["KFD_CHECK_GLUE"] {
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                finish(.failed, ["cannot read \(path)"])
            }
            if Glue.digest(of: source) != expected {
                finish(.glueEdited, ["the lines marked DO NOT EDIT were changed: the check calls through them. "
                                     + "Undo those edits (swift run workbook reset \(exercise) restores the whole file)."])
            }
        }

        let limit = environment["KFD_CHECK_SECONDS"].flatMap(Double.init) ?? 20
        let done = spawn { check(run) }
        if !signalled(done, within: limit) {
            finish(.timedOut, run.messages + ["the check did not finish within \(Int(limit)) s: something in your code never ends "
                                              + "(a lock never released, a sync onto a busy queue or the queue you are on, "
                                              + "a semaphore never signalled, or a loop that never ends)"])
        }
        finish(run.passed ? .passed : .failed, run.messages)
    }
}

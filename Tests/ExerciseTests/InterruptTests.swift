// `workbook check` for real, in a copy of the workbook. Ctrl-C (SIGINT) or SIGTERM during a check:
// nothing the workbook started may outlive it (the check program of a learner file holding
// `while true {}` spins until its time limit unless the workbook stops it; a `swift build` goes on
// compiling unless it is told to stop). And what a check says of a changed DO NOT EDIT line and of
// a compile error in the learner's file, and in which language it says what is wrong.
//
// The copy is kept at
// .build/loop-tests/workbook (inside .build: git-ignored, and reused, so only the first run pays
// for building the library the check programs link; files are copied only when they changed).

import ExerciseKit
import Foundation
import Testing
import WorkbookSupport

/// One suite, serialized: every test here checks in the same copy, and a test's sync of the copy
/// would put the shipped stubs back under another's feet.
@Suite("checks in a copy of the workbook: interrupted, and what they name", .serialized)
struct InterruptTests {
    @Test("SIGINT while the check program runs: no process of the check left 1 s after the workbook exits",
          .timeLimit(.minutes(20)))
    func interruptDuringRun() throws {
        let copy = try WorkbookCopy.synced()
        try copy.writeLearnerFile(spinning: true)
        let checks = copy.url.appendingPathComponent(".build/workbook-checks").path
        let workbook = try copy.start(["check", "02-data-digest", "--lang", "en"])
        // The first run builds the library for the check programs: minutes, once.
        let program = try #require(waitFor(minutes: 15, workbook) { $0.contains(checks) && $0.contains("check-02-data-digest learner") },
                                   "the check program never started: \(workbook.output())")
        workbook.process.interrupt()
        expectNothingLeft(workbook, status: 130, matching: checks, "the check program was \(program)")
    }

    @Test("SIGTERM while the check program is being built: no build process left 1 s after the workbook exits",
          .timeLimit(.minutes(20)))
    func terminateDuringBuild() throws {
        let copy = try WorkbookCopy.synced()
        // A file the check package has not built yet: the check begins with a build.
        try copy.writeLearnerFile(spinning: true, note: UUID().uuidString)
        let checks = copy.url.appendingPathComponent(".build/workbook-checks").path
        let workbook = try copy.start(["check", "02-data-digest", "--lang", "en"])
        _ = try #require(waitFor(minutes: 15, workbook) { $0.contains("swift-build") && $0.contains(checks) },
                         "no build started: \(workbook.output())")
        workbook.process.terminate()
        expectNothingLeft(workbook, status: 143, matching: checks, "a build was running")
    }

    @Test("a changed DO NOT EDIT declaration is named, not the generated program's errors", .timeLimit(.minutes(20)))
    func changedProtectedLine() throws {
        let copy = try WorkbookCopy.synced()
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == "02-class-wrapper" })
        let shipped = try String(contentsOf: copy.url.appendingPathComponent(exercise.shipped), encoding: .utf8)
        let changed = shipped.replacingOccurrences(of: "public enum ClassWrapper", with: "internal enum ClassWrapper")
        try #require(changed != shipped, "the shipped stub no longer declares `public enum ClassWrapper`: update this test")
        try Data(changed.utf8).write(to: copy.url.appendingPathComponent(exercise.stub))
        let result = ChildProcess.run(try builtWorkbook(), arguments: ["check", exercise.name, "--lang", "en"], environment: ["COLUMNS": "200"],
                                      directory: copy.url, timeout: 1_200)
        let line = (changed.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("internal enum") } ?? 0) + 1
        #expect(result.stdout.contains("line \(line) is a DO NOT EDIT line, and it was changed"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("`internal enum ClassWrapper"), "\(result.stdout)")
        #expect(!result.stdout.contains("V02classwrapper_learner"), "the generated program's errors are shown: \(result.stdout)")
    }

    @Test("a file with an earlier version's DO NOT EDIT lines is told so, not blamed for an edit", .timeLimit(.minutes(20)))
    func earlierVersionOfTheGlue() throws {
        let copy = try WorkbookCopy.synced()
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == "02-class-wrapper" })
        let shipped = try String(contentsOf: copy.url.appendingPathComponent(exercise.shipped), encoding: .utf8)
        // The version before the getter was read through: the same file without that one line.
        let added = "    public static func cacheKey(of view: PhotoView) -> String? { view.kfd.cacheKey }\n"
        let earlier = shipped.replacingOccurrences(of: added, with: "")
        try #require(earlier != shipped, "the shipped stub has no `cacheKey(of:)` line: update this test")
        try #require(exercise.earlierGlue.contains(Glue.digest(of: earlier)), "workbook.json's glue_earlier lacks the earlier digest")
        try Data(earlier.utf8).write(to: copy.url.appendingPathComponent(exercise.stub))
        let result = ChildProcess.run(try builtWorkbook(), arguments: ["check", exercise.name, "--lang", "en"], environment: ["COLUMNS": "200"],
                                      directory: copy.url, timeout: 1_200)
        #expect(result.stdout.contains("an earlier version of the workbook shipped"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("carry your answer over"), "\(result.stdout)")
        #expect(!result.stdout.contains("undo that edit"), "an earlier version is blamed on the learner: \(result.stdout)")
    }

    @Test("a failing check says what is wrong in Korean under --lang ko, in English under --lang en", .timeLimit(.minutes(20)))
    func checkSpeaksKorean() throws {
        let copy = try WorkbookCopy.synced()   // every stub as shipped
        let workbook = try builtWorkbook()
        func check(_ language: String) -> String {
            ChildProcess.run(workbook, arguments: ["check", "01-namespace-enum", "--lang", language],
                             environment: ["COLUMNS": "200"], directory: copy.url, timeout: 1_200).stdout
        }
        let korean = check("ko")
        // The struct's own message; the caseless enum's reason for an init is not said of a struct (blind round 40).
        #expect(korean.contains("ThumbnailStorage는 struct입니다") && !korean.contains("`public init() {}` 선언이 있습니다"), "\(korean)")
        #expect(!korean.contains("ThumbnailStorage is a struct") && !korean.contains("영어 원문"), "English in Korean: \(korean)")
        let english = check("en")
        #expect(english.contains("ThumbnailStorage is a struct: a type of values"), "\(english)")
        #expect(!english.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "Korean in English: \(english)")
    }

    @Test("two answers tried in turn, back to back (A, B, A, B, …), each get their own verdict", .timeLimit(.minutes(20)))
    func answersTriedInTurn() throws {
        // Swift's incremental build once kept the other answer's object here (workbook's
        // CheckPackage.writeSource): the verdict of a file must never be another file's.
        let copy = try WorkbookCopy.synced()
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == "03-apply-limits" })
        let stub = try Data(contentsOf: copy.url.appendingPathComponent(exercise.shipped))
        let solution = try Data(contentsOf: LoopTests.root.appendingPathComponent(exercise.solution))
        let workbook = try builtWorkbook()
        for round in 1...4 {
            for (name, text, passes) in [("the shipped stub", stub, false), ("the solution", solution, true)] {
                try text.write(to: copy.url.appendingPathComponent(exercise.stub))
                let result = ChildProcess.run(workbook, arguments: ["check", exercise.name, "--lang", "en"],
                                              environment: ["COLUMNS": "200", "KFD_CHECK_TSAN": "0"], directory: copy.url, timeout: 1_200)
                #expect(result.stdout.contains("✔ done") == passes, "round \(round), \(name): \(result.stdout)")
            }
        }
        try stub.write(to: copy.url.appendingPathComponent(exercise.stub))
    }

    @Test("a compile error in the learner's file comes first, with its excerpt and caret", .timeLimit(.minutes(20)))
    func compileErrorFirst() throws {
        let copy = try WorkbookCopy.synced()
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == "04-reconcile-keys" })
        var lines = try String(contentsOf: copy.url.appendingPathComponent(exercise.shipped), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let broken = try #require(lines.firstIndex { $0.contains("else { continue }") }, "update this test: no `else { continue }` to break")
        lines[broken] += " item"   // two statements on a line without ';'
        try Data(lines.joined(separator: "\n").utf8).write(to: copy.url.appendingPathComponent(exercise.stub))
        let result = ChildProcess.run(try builtWorkbook(), arguments: ["check", exercise.name, "--lang", "en"], environment: ["COLUMNS": "200"],
                                      directory: copy.url, timeout: 1_200)
        let output = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(output.firstIndex { $0.contains(": error: ") }, "no compiler error shown: \(result.stdout)")
        #expect(output[first].hasPrefix("\(exercise.stub):\(broken + 1):"), "the first error is not the learner's line: \(result.stdout)")
        #expect(output[first].contains("consecutive statements"), "\(result.stdout)")
        #expect(first + 2 < output.count && output[first + 1].hasPrefix("\(broken + 1) |") && output[first + 2].contains("`- error"),
                "no excerpt and caret under the error: \(result.stdout)")
        #expect(output.filter { $0.contains(": error: consecutive statements") }.count == 1, "a duplicate: \(result.stdout)")
    }

    /// The workbook ends within 30 s with `status` (128 + the signal), and 1 s later no process
    /// whose command line holds `path` is left.
    private func expectNothingLeft(_ workbook: RunningWorkbook, status expected: Int32, matching path: String, _ context: String) {
        let status = workbook.waitForExit(seconds: 30)
        #expect(status == expected, "the workbook ended with \(String(describing: status)): \(workbook.output())")
        Thread.sleep(forTimeInterval: 1)
        let left = processes().filter { $0.contains(path) }
        #expect(left.isEmpty, "still running 1 s after the workbook (\(context)): \(left)")
    }
}

/// Every process's command line (`ps -A -o pid= -o args=`, on Linux and macOS alike).
private func processes() -> [String] {
    let result = ChildProcess.run(URL(fileURLWithPath: "/bin/ps"), arguments: ["-A", "-o", "pid=", "-o", "args="], timeout: 30)
    return result.stdout.split(separator: "\n").map(String.init)
}

/// Polls the process list every 0.2 s until a line matches, the workbook ends, or time runs out.
private func waitFor(minutes: Double, _ workbook: RunningWorkbook, _ matches: (String) -> Bool) -> String? {
    let deadline = Date().addingTimeInterval(minutes * 60)
    while Date() < deadline, workbook.process.isRunning {
        if let line = processes().first(where: matches) { return line }
        Thread.sleep(forTimeInterval: 0.2)
    }
    return nil
}

/// A `workbook` started in the background, its output going to a file.
struct RunningWorkbook {
    let process: Process
    let log: URL

    func output() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// The exit status (128 + the signal for a process killed by one), or nil if still running.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { return nil }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}

/// The copy of the workbook the interrupt tests check in.
struct WorkbookCopy {
    let url: URL

    /// The copy, brought up to date with the workbook: each file of what a check package builds
    /// from is copied when its bytes differ (so the copy's builds stay incremental), and files
    /// the workbook no longer has are removed.
    static func synced() throws -> WorkbookCopy {
        let root = LoopTests.root
        let url = root.appendingPathComponent(".build/loop-tests/workbook", isDirectory: true)
        let fileManager = FileManager.default
        for folder in ["Sources", "Chapters", "Experiments", "Tests"] {
            let source = root.appendingPathComponent(folder), target = url.appendingPathComponent(folder)
            let wanted = Set(fileManager.enumerator(atPath: source.path)?.compactMap { $0 as? String } ?? [])
            for path in fileManager.enumerator(atPath: target.path)?.compactMap({ $0 as? String }) ?? [] where !wanted.contains(path) {
                try? fileManager.removeItem(at: target.appendingPathComponent(path))
            }
            for path in wanted.sorted() { try copyIfChanged(source.appendingPathComponent(path), to: target.appendingPathComponent(path)) }
        }
        for file in ["Package.swift", "workbook.json", ".ci/tsan-suppressions.txt"] {
            try copyIfChanged(root.appendingPathComponent(file), to: url.appendingPathComponent(file))
        }
        return WorkbookCopy(url: url)
    }

    private static func copyIfChanged(_ source: URL, to target: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            return
        }
        let data = try Data(contentsOf: source)
        if (try? Data(contentsOf: target)) == data { return }
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
    }

    /// 02-data-digest's learner file, with a digest that never returns when `spinning`.
    func writeLearnerFile(spinning: Bool, note: String = "") throws {
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == "02-data-digest" })
        var text = try String(contentsOf: url.appendingPathComponent(exercise.shipped), encoding: .utf8)
        if spinning {
            text = text.replacingOccurrences(of: "public var sha256: String {\n        \"\"\n    }",
                                             with: "public var sha256: String {\n        while true {}\n    }")
            #expect(text.contains("while true {}"), "the shipped stub's sha256 is no longer an empty string: update this test")
        }
        if !note.isEmpty { text += "\n// \(note)\n" }
        try Data(text.utf8).write(to: url.appendingPathComponent(exercise.stub))
    }

    func start(_ arguments: [String]) throws -> RunningWorkbook {
        let process = Process()
        process.executableURL = try builtWorkbook()
        process.arguments = arguments
        process.currentDirectoryURL = url
        let log = url.appendingPathComponent("../\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return RunningWorkbook(process: process, log: log)
    }
}

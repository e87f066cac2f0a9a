// `workbook check` and `workbook verify`: both run `swift test` on the exercise suites, with
// KFD_EXERCISES telling the checks what to expect of the stubs (see Tests/ExerciseTests/Mode.swift).

import Foundation
import WorkbookSupport

enum Checking {
    static func check(_ arguments: [String]) -> Int32 {
        let selected: [ExerciseInfo]
        if let name = arguments.first {
            guard let found = ExerciseCatalog.select(name), !found.isEmpty else {
                let names = ExerciseCatalog.exercises.map(\.name) + Catalog.chapters.map(\.paddedNumber)
                let suggestion = Suggest.nearest(to: name, in: names).map { " Did you mean '\($0)'?" } ?? ""
                Terminal.printError("error: no chapter or exercise named '\(name)'.\(suggestion)")
                return 64
            }
            selected = found
        } else {
            selected = ExerciseCatalog.exercises
        }
        let filter = "ExerciseTests\\.(" + selected.map(\.suite).joined(separator: "|") + ")/stub"
        guard let run = swiftTest(filter: filter, mode: "check", label: "building and checking \(selected.count) exercise(s)") else {
            return 1
        }
        let results = CheckReport.parse(run.stdout + run.stderr)
        guard !results.isEmpty else { return reportBuildFailure(run) }

        var saved: [String: Bool] = [:]
        for exercise in selected {
            guard let result = results[exercise.name] else { continue }
            saved[exercise.name] = result.passed
            if result.passed {
                print("\(Terminal.styled("✔ done ", .green)) \(exercise.name) — \(exercise.title)")
            } else {
                print("\(Terminal.styled("✘ to do", .yellow)) \(exercise.name) — \(exercise.title)")
                if let failure = result.firstFailure { print("          \(failure)") }
                if let location = result.location { print(Terminal.styled("          at \(location)", .dim)) }
                print(Terminal.styled("          edit \(exercise.stub) · hint: swift run workbook hint \(exercise.name)", .dim))
            }
        }
        ProgressFile.save(saved)
        let done = saved.values.filter { $0 }.count
        print("\n\(done) of \(saved.count) done.")
        return done == saved.count ? 0 : 1
    }

    static func verify() -> Int32 {
        guard let run = swiftTest(filter: "ExerciseTests", mode: "verify", label: "building and verifying every exercise") else {
            return 1
        }
        let results = CheckReport.parse(run.stdout + run.stderr)
        guard !results.isEmpty else { return reportBuildFailure(run) }
        var failures = 0
        for exercise in ExerciseCatalog.exercises {
            // In verify mode a stub test passes when its check failed, as it must.
            let stubFails = results[exercise.name]?.passed == true
            let solutionPasses = results["\(exercise.name) (solution)"]?.passed == true
            if !(stubFails && solutionPasses) { failures += 1 }
            let mark = stubFails && solutionPasses ? Terminal.styled("✔", .green) : Terminal.styled("✘", .red)
            print("\(mark) \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0)) solution passes: \(solutionPasses ? "yes" : "NO")  · shipped stub fails: \(stubFails ? "yes" : "NO")")
        }
        print(failures == 0 && run.succeeded ? "\nAll \(ExerciseCatalog.exercises.count) exercises are solvable and meaningful."
                                             : "\n\(failures) exercise(s) broken; swift test exit: \(run.outcome).")
        return failures == 0 && run.succeeded ? 0 : 1
    }

    /// Runs `swift test --filter` in the package root, with a progress line while it works.
    static func swiftTest(filter: String, mode: String, label: String) -> ChildResult? {
        guard let root = PackageRoot.find() else {
            Terminal.printError("error: run this inside the workbook's folder (no Package.swift of CacheWorkbook found above \(FileManager.default.currentDirectoryPath))")
            return nil
        }
        guard let swift = findSwift() else {
            Terminal.printError("error: no 'swift' on PATH")
            return nil
        }
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(root.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let finished = Flag()
        let ticker = ProgressLine(label, total: 0)
        Thread.detachNewThread {
            var seconds = 0
            while !finished.isSet {
                Thread.sleep(forTimeInterval: 0.5)
                seconds += 1
                ticker.update(seconds / 2)
            }
        }
        Terminal.printError("… \(label) (swift test; the first build takes a minute)")
        let result = ChildProcess.run(swift, arguments: ["test", "--filter", filter],
                                      environment: ["KFD_EXERCISES": mode, "NO_COLOR": "1"], timeout: 1_800)
        finished.set()
        ticker.finish()
        return result
    }

    static func reportBuildFailure(_ run: ChildResult) -> Int32 {
        let errors = (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("error:") }.prefix(12)
        Terminal.printError("The exercise tests did not run: the build failed (a stub that does not compile?).")
        for line in errors { Terminal.printError("  \(line)") }
        if errors.isEmpty { Terminal.printError((run.stdout + run.stderr).suffix(2_000).description) }
        return 1
    }

    static func findSwift() -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}

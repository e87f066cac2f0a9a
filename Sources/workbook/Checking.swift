// `workbook check`, `watch` and `verify`: build the exercise files' check programs (see
// CheckPackage.swift), run them, and report each file's outcome in the learner's terms.

import ExerciseKit
import Foundation
import WorkbookSupport

enum Checking {
    // MARK: check

    /// Removes `--seed N` from `arguments` and hands N to every check program run after (the
    /// generated cases are drawn from it instead of each check's fixed seed). False, with the
    /// error printed, when N is missing or not a number.
    static func takeSeed(_ arguments: inout [String]) -> Bool {
        guard let index = arguments.firstIndex(of: "--seed") else { return true }
        guard index + 1 < arguments.count else {
            Terminal.printError(Strings.text(.errorSeedMissing))
            return false
        }
        guard let seed = UInt64(arguments[index + 1]) else {
            Terminal.printError(Strings.text(.errorSeedNotNumber, arguments[index + 1]))
            return false
        }
        CheckPackage.use(seed: seed)
        arguments.removeSubrange(index...(index + 1))
        return true
    }

    /// `check` (the current exercise), `check all`, `check NN` or `check EXERCISE`.
    static func check(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required(), let swift = findSwift() else { return 1 }
        var progress = LearnerProgress(root: root)
        let selected: [ExerciseInfo]
        switch arguments.first {
        case nil:
            guard let current = progress.current else {
                print(Strings.text(.checkAllDone, ExerciseCatalog.exercises.count))
                return 0
            }
            selected = [current]
        case "all"?:
            selected = ExerciseCatalog.exercises
        case let name?:
            guard let found = select(name) else { return 64 }
            selected = found
        }
        guard let results = checkLearnerFiles(selected, root: root, swift: swift, progress: &progress) else { return 1 }
        let done = results.filter { $0 }.count
        if selected.count > 1 { print("\n" + Strings.text(.checkTally, done, selected.count)) }
        if let next = selected.count == 1 ? progress.next(after: selected[0]) : progress.current, done == selected.count {
            print(Terminal.styled(Strings.text(.checkNext, next.name, next.title(in: .current), next.stub), .dim))
        }
        return done == selected.count ? 0 : 1
    }

    /// Builds and runs the check of each learner file, prints each outcome, records progress.
    /// Returns, for each of `exercises`, whether it passed; nil when nothing can be checked (the
    /// check package cannot be written: said on standard error). A missing file is reported as
    /// missing (and left out of the check package, so that the other exercises can still be checked).
    static func checkLearnerFiles(_ exercises: [ExerciseInfo], root: URL, swift: URL,
                                  progress: inout LearnerProgress) -> [Bool]? {
        let package = CheckPackage(root: root, name: "learner")
        let subjects = ExerciseCatalog.exercises.filter { !progress.isMissing($0) }.map {
            CheckSubject(exercise: $0, kind: .learner, source: root.appendingPathComponent($0.stub))
        }
        do { try package.prepare(subjects) } catch let error as CheckPackage.CannotWrite {
            for line in ReportLayout.wrap(Strings.text(.errorCannotWrite, error.path, error.reason, root.path), width: Terminal.columns, indent: 7) {
                Terminal.printError(line)
            }
            return nil
        } catch {
            Terminal.printError(Strings.text(.errorCheckPackage, package.folder.path, "\(error)"))
            return nil
        }
        var results: [Bool] = []
        for exercise in exercises {
            guard let subject = subjects.first(where: { $0.exercise.name == exercise.name }) else {
                reportMissing(exercise)
                results.append(false)
                continue
            }
            var result = withTicker(Strings.text(.tickerChecking, exercise.name, firstBuildNote(subject, package))) {
                buildAndRun(subject, package: package, swift: swift, buildAlone: true)
            }
            var sanitizerNote: String?
            if exercise.isConcurrency, result.passed, sanitizerWanted {
                (result, sanitizerNote) = withTicker(Strings.text(.tickerSanitizer, exercise.name, firstSanitizedNote(subject, package))) {
                    sanitized(subject, result, package: package, swift: swift, root: root)
                }
            }
            report(result, for: exercise)
            if let sanitizerNote { print(Terminal.styled("          \(sanitizerNote)", .dim)) }
            if case .buildFailed = result {} else { progress.record(exercise, passed: result.passed) }
            results.append(result.passed)
        }
        return results
    }

    /// Why this check may take long, when it will: nothing once the program has been built before.
    private static func firstBuildNote(_ subject: CheckSubject, _ package: CheckPackage) -> String {
        let built = package.folder.appendingPathComponent(".build", isDirectory: true)
        if !FileManager.default.fileExists(atPath: built.path) {
            return Strings.text(.firstBuildLibrary)
        }
        if !FileManager.default.fileExists(atPath: built.appendingPathComponent("debug/\(subject.program)").path) {
            return Strings.text(.firstBuildProgram)
        }
        return ""
    }

    /// ThreadSanitizer runs on the concurrency exercises unless KFD_CHECK_TSAN=0 (it is slower:
    /// its first build compiles the library again, with the sanitizer).
    static var sanitizerWanted: Bool { ProcessInfo.processInfo.environment["KFD_CHECK_TSAN"] != "0" }

    private static func firstSanitizedNote(_ subject: CheckSubject, _ package: CheckPackage) -> String {
        let program = package.sanitizedScratch.appendingPathComponent("debug/\(subject.program)")
        return FileManager.default.fileExists(atPath: program.path) ? "" : Strings.text(.tsanFirstBuild)
    }

    /// A concurrency exercise that passed, run again under ThreadSanitizer: a data race with a
    /// frame in the learner's file turns the pass into a rejection that names the lines.
    static func sanitized(_ subject: CheckSubject, _ passed: CheckResult, package: CheckPackage, swift: URL,
                          root: URL) -> (CheckResult, String?) {
        if let output = package.buildSanitized(subject.exercise, swift: swift) {
            let reason = output.split(separator: "\n").last { $0.contains("error") }.map(String.init) ?? "the sanitized build failed"
            return (passed, Strings.text(.tsanNotUsable, reason.prefix(120)))
        }
        switch package.runSanitized(subject, root: root) {
        case .clean:
            return (passed, Strings.text(.tsanClean))
        case .racesElsewhere(let count):
            return (passed, Strings.text(.tsanElsewhere, count))
        case .unavailable(let reason):
            return (passed, Strings.text(.tsanUnavailable, reason))
        case .races(let lines):
            let yourLines = lines.prefix(4).joined(separator: "\n          ")
            let outcome = CheckOutcome(exercise: subject.exercise.name, verdict: .failed, said: [
                CheckMessage("ThreadSanitizer caught a data race: two threads used the same memory at once, with no lock or queue "
                             + "between them. Your lines in the race:",
                             ko: "ThreadSanitizer가 데이터 레이스를 잡았습니다: 두 스레드가 같은 메모리를 동시에 썼고, 그 사이에 "
                                 + "lock도 큐도 없었습니다. 데이터 레이스에 얽힌 여러분의 코드:"),
                CheckMessage(yourLines, ko: yourLines),
            ], seconds: 0)
            return (.outcome(outcome), nil)
        }
    }

    static func reportMissing(_ exercise: ExerciseInfo) {
        print("\(Terminal.styled(Strings.text(.verdictMissing), .red)) \(exercise.name) — \(exercise.title(in: .current))")
        print("          " + Strings.text(.missingNothing, exercise.stub))
        print("          " + Strings.text(.missingRestore, exercise.name))
    }

    /// A changed DO NOT EDIT line is named as such, whether the build then fails (the generated
    /// program no longer finds what it calls) or the check program says its digest differs.
    static func buildAndRun(_ subject: CheckSubject, package: CheckPackage, swift: URL, buildAlone: Bool) -> CheckResult {
        if buildAlone, let output = package.build([subject.exercise], swift: swift) {
            let messages = package.compilerMessages(for: subject, in: output)
            let changes = package.protectedLineChanges(subject)
            if !changes.isEmpty, package.hasEarlierGlue(subject) { return .earlierVersion(changes) }
            if !changes.isEmpty { return .protectedLinesChanged(changes, compiler: messages) }
            return messages.contains(where: { $0.contains(": error: ") })
                ? .doesNotCompile(messages) : .buildFailed(String(output.suffix(1_500)))
        }
        let result = package.run(subject)
        if case .outcome(let outcome) = result, outcome.verdict == .glueEdited {
            let changes = package.protectedLineChanges(subject)
            if !changes.isEmpty, package.hasEarlierGlue(subject) { return .earlierVersion(changes) }
            if !changes.isEmpty { return .protectedLinesChanged(changes, compiler: []) }
        }
        return result
    }

    static func report(_ result: CheckResult, for exercise: ExerciseInfo) {
        let name = "\(exercise.name) — \(exercise.title(in: .current))"
        /// A line of the verdict, wrapped to the terminal under a 10-column indent (a message may
        /// hold line breaks of its own, such as the lines a race was found in).
        func detail(_ text: String) {
            for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let body = part.trimmingCharacters(in: .whitespaces)
                for line in ReportLayout.wrap(body, width: Terminal.columns, first: "          ", indent: 10) { print(line) }
            }
        }
        /// The verdict's first line: its label, then the exercise, wrapped at word boundaries
        /// under the exercise's name.
        func title(_ label: String, _ style: Terminal.Style) -> String {
            let first = ReportLayout.width(label) + 1
            let lines = ReportLayout.wrap(name, width: Terminal.columns, first: String(repeating: " ", count: first), indent: first)
            return lines.enumerated().map { index, line in
                index == 0 ? Terminal.styled(label, style) + " " + line.dropFirst(first) : line
            }.joined(separator: "\n")
        }
        /// Each compiler message's first line wrapped, its excerpt (code and caret) as printed:
        /// the caret's column must stay under the code. At most four; then how many more.
        func compilerMessages(_ messages: [String]) {
            for message in messages.prefix(4) {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                detail(lines[0])
                for line in lines.dropFirst() { print("          " + Terminal.styled(line, .dim)) }
            }
            if messages.count > 4 { detail(Strings.text(.compileMore, messages.count - 4)) }
        }
        // In Korean a check message is shown in Korean; one not translated yet is shown in
        // English, under a line that says so (once, above the first such).
        func messages(_ outcome: CheckOutcome) {
            var framed = false
            for (text, english) in outcome.shown(in: .current) {
                if english && !framed {
                    framed = true
                    let note = Strings.text(.checkMessagesNote)
                    if !note.isEmpty { print(Terminal.styled("          " + note, .dim)) }
                }
                detail(text)
            }
        }
        switch result {
        case .outcome(let outcome) where outcome.verdict == .passed:
            print(title(Strings.text(.verdictDone), .green))
            if let cases = outcome.cases, let seed = outcome.seed {
                print(Terminal.styled("          " + Strings.text(.checkGenerated, cases, seed), .dim))
            }
            // What the check explored (schedules run), so that a pass says what it rests on.
            for note in outcome.shownNotes(in: .current) { detail(Terminal.styled(note, .dim)) }
            return
        case .outcome(let outcome):
            let label = Strings.text(outcome.verdict == .timedOut ? .verdictTimedOut : outcome.verdict == .glueEdited ? .verdictGlue : .verdictToDo)
            print(title(label, .yellow))
            messages(outcome)
        case .crashed(let signal, let excerpt):
            print(title(Strings.text(.verdictCrash), .red))
            // The runtime's own words when it names the cause; a hedge when it does not.
            let unowned = excerpt.contains { $0.contains("unowned reference") }
            let exclusivity = excerpt.contains { $0.contains("Simultaneous accesses") }
            // The runtime's own "Fatal error: …" (a nil unwrapped, an index out of range) names the
            // cause: no guess at a data race beside it.
            let said = excerpt.first.map { $0.contains("Fatal error") || $0.contains(CheckPackage.escapedClosureTrap) } ?? false
            detail(Strings.text(.crashDied, signal) + (unowned ? Strings.text(.crashUnowned)
                                                       : exclusivity ? Strings.text(.crashExclusivity)
                                                       : said ? Strings.text(.crashRuntimeSaid)
                                                       : exercise.isConcurrency ? Strings.text(.crashConcurrency) : "."))
            for line in excerpt { detail(Terminal.styled(line.trimmingCharacters(in: .whitespaces), .dim)) }
        case .endedEarly(let status):
            print(title(Strings.text(.verdictToDo), .yellow))
            detail(Strings.text(.endedEarly, status))
        case .hung:
            print(title(Strings.text(.verdictTimedOut), .yellow))
            detail(Strings.text(.hungStopped))
            detail(Strings.text(.hungCauses))
        case .doesNotCompile(let messages):
            print(title(Strings.text(.verdictNoCompile), .yellow))
            compilerMessages(messages)
        case .protectedLinesChanged(let changes, let compiler):
            print(title(Strings.text(.verdictGlue), .yellow))
            for change in changes.prefix(4) { detail(change) }
            detail(Strings.text(.glueUndo, exercise.name))
            compilerMessages(compiler.filter { $0.contains(": error: ") })
        case .earlierVersion(let changes):
            print(title(Strings.text(.verdictGlue), .yellow))
            detail(Strings.text(.glueEarlierVersion))
            for change in changes.prefix(2) { detail(Terminal.styled(change, .dim)) }
            detail(Strings.text(.glueCarryOver, exercise.name))
        case .buildFailed(let output):
            print(title(Strings.text(.verdictNotChecked), .red))
            detail(Strings.text(.notBuilt).trimmingCharacters(in: CharacterSet(charactersIn: ": ")))
            for line in output.split(separator: "\n").suffix(8) { detail(String(line)) }
        }
        print(Terminal.styled("          " + Strings.text(.reportEdit, exercise.stub), .dim))
        print(Terminal.styled("          " + Strings.text(.reportHint, exercise.name), .dim))
    }

    // MARK: watch

    /// Checks the current exercise (or `arguments[0]`) whenever its file changes; moves on to the
    /// next pending exercise once it passes. Polls modification times twice a second.
    static func watch(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required(), let swift = findSwift() else { return 1 }
        var progress = LearnerProgress(root: root)
        var current: ExerciseInfo
        if let name = arguments.first {
            guard let found = select(name), let first = found.first else { return 64 }
            current = first
        } else {
            guard let pending = progress.current else {
                print(Strings.text(.watchAllDone, ExerciseCatalog.exercises.count))
                return 0
            }
            current = pending
        }
        print(Terminal.styled(Strings.text(.watchBanner), .dim))
        while true {
            print(Terminal.styled("\n── \(current.name): \(current.stub)", .bold))
            guard let passed = checkLearnerFiles([current], root: root, swift: swift, progress: &progress)?.first else {
                // Not a verdict on the file: saving it again would change nothing.
                Terminal.printError(Strings.text(.watchStopped))
                return 1
            }
            if passed {
                guard let next = progress.next(after: current) else {
                    print(Terminal.styled("\n" + Strings.text(.watchAllDone, ExerciseCatalog.exercises.count), .green))
                    return 0
                }
                print(Strings.text(.watchMovingOn, next.name, next.title(in: .current)))
                fflush(nil)
                current = next
                continue
            }
            fflush(nil)   // on a pipe, stdout is block-buffered: show this round before waiting
            waitForChange(of: root.appendingPathComponent(current.stub))
        }
    }

    private static func waitForChange(of file: URL) {
        func stamp() -> Date? { (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date }
        let start = stamp()
        while stamp() == start { Thread.sleep(forTimeInterval: 0.5) }
    }

    // MARK: verify

    /// What CI runs: every reference solution passes its check, every shipped stub fails it, every
    /// near-miss in the corpus fails it, and every mutant of the solution that compiles fails it or
    /// is listed as equivalent (MutationStage.swift).
    ///
    /// `verify [EXERCISE|NN] [--verbose] [--no-mutants]`.
    static func verify(_ arguments: [String] = []) -> Int32 {
        let options: Set<String> = ["--verbose", "--no-mutants", "--busy"]
        var arguments = arguments
        guard let repeats = takeRepeat(&arguments), let seeds = takeSeeds(&arguments) else { return 64 }
        let verbose = arguments.contains("--verbose")
        guard let root = PackageRoot.required(), let swift = findSwift() else { return 1 }
        let load = arguments.contains("--busy") ? BusyCores.start() : nil
        defer { load?.stop() }
        if let load { print("Keeping \(load.count) core\(load.count == 1 ? "" : "s") busy with spinning threads while the checks run.") }
        if repeats > 1 { print("Each check runs \(repeats) times; a verdict or first message that changes is a problem.") }
        if !seeds.isEmpty {
            print("Each check that generates cases runs again under seeds \(seeds.first!)–\(seeds.last!); a verdict that changes is a problem.")
        }
        var exercises = ExerciseCatalog.exercises
        let words = arguments.filter { !options.contains($0) }
        if let unknown = words.first(where: { $0.hasPrefix("-") }) {
            Terminal.printError("error: verify does not take '\(unknown)'. Options: \(options.sorted().joined(separator: ", ")).")
            return 64
        }
        if words.count > 1 {
            Terminal.printError("error: verify takes at most one exercise or chapter (got: \(words.joined(separator: " "))).")
            return 64
        }
        if let name = words.first {
            guard let found = select(name) else { return 64 }
            exercises = found
        }
        var subjects: [CheckSubject] = []
        for exercise in exercises {
            subjects.append(CheckSubject(exercise: exercise, kind: .solution, source: root.appendingPathComponent(exercise.solution)))
            subjects.append(CheckSubject(exercise: exercise, kind: .shipped, source: root.appendingPathComponent(exercise.shipped)))
            for name in nearMissNames(exercise, root: root) {
                guard let source = nearMissSource(exercise, name, root: root) else { return 1 }
                subjects.append(CheckSubject(exercise: exercise, kind: .nearMiss(name), source: source))
            }
            guard let others = alternatives(exercise, root: root) else { return 1 }
            subjects += others
        }
        // The corpus package always holds every exercise's files, so that checking one exercise
        // does not rewrite (and rebuild) the others.
        let everySubject = ExerciseCatalog.exercises.flatMap { exercise in
            [CheckSubject(exercise: exercise, kind: .solution, source: root.appendingPathComponent(exercise.solution)),
             CheckSubject(exercise: exercise, kind: .shipped, source: root.appendingPathComponent(exercise.shipped))]
            + nearMissNames(exercise, root: root).compactMap { name in
                nearMissSource(exercise, name, root: root).map { CheckSubject(exercise: exercise, kind: .nearMiss(name), source: $0) }
            }
            + (alternatives(exercise, root: root) ?? [])
        }
        let package = CheckPackage(root: root, name: "corpus")
        do { try package.prepare(everySubject) } catch {
            Terminal.printError("error: cannot write the check package: \(error)")
            return 1
        }
        if let output = withTicker("building \(ExerciseCatalog.exercises.count) check programs for \(everySubject.count) files", { package.build(nil, swift: swift) }) {
            print("✘ the corpus does not build: every solution, shipped stub and near-miss must compile.")
            for subject in everySubject { for message in package.compilerMessages(for: subject, in: output) { print("  \(message)") } }
            print(String(output.suffix(1_500)))
            return 1
        }
        var problems = 0, rejected = 0, nearMisses = 0
        // Rejections whose message a learner under --lang ko would read in English (issue 30).
        var untranslated: [String] = []
        for exercise in exercises {
            let mine = subjects.filter { $0.exercise.name == exercise.name }
            var line: [String] = []
            for subject in mine {
                let result = withTicker("checking \(exercise.name) (\(subject.kind.tag))") { package.run(subject) }
                switch verdictChange(result, repeats: repeats, { package.run(subject) }) {
                case .verdict(let change)?:
                    problems += 1
                    line.append("\(subject.kind.tag): \(change)")
                case .figures(let change)?: line.append("note \(subject.kind.tag): \(change)")
                case nil: break
                }
                if let change = seedChange(result, seeds: seeds, { package.run(subject, seed: $0) }) {
                    problems += 1
                    line.append("\(subject.kind.tag): \(change)")
                }
                switch subject.kind {
                case .solution:
                    if !result.passed { problems += 1; line.append("solution FAILS: \(summary(result))") }
                    else if verbose, case .outcome(let outcome) = result {
                        let generated = outcome.cases.map { ", \($0) generated cases, seed \(outcome.seed ?? 0)" } ?? ""
                        line.append("solution: passed in \(String(format: "%.1f", outcome.seconds)) s\(generated)")
                    }
                case .shipped:
                    if result.passed { problems += 1; line.append("shipped stub PASSES") }
                    else if verbose { line.append("shipped stub: \(summary(result))") }
                case .nearMiss(let name):
                    nearMisses += 1
                    if result.passed {
                        problems += 1
                        line.append("near-miss \(name) PASSES (\(subject.mistake ?? "no NEAR-MISS comment"))")
                    } else {
                        rejected += 1
                        if verbose { line.append("rejected \(name): \(summary(result))") }
                        if case .outcome(let outcome) = result, let english = outcome.shown(in: .ko).first(where: \.english) {
                            untranslated.append("\(exercise.name)/\(name): \(english.text)")
                        }
                    }
                case .alternative(let name):
                    if !result.passed { problems += 1; line.append("right answer \(name)\(blindMark(name)) FAILS: \(summary(result))") }
                    else if verbose { line.append("solution: passed, and so did the right answer \(name)\(blindMark(name))") }
                case .learner, .mutant: break
                }
            }
            let count = mine.filter { if case .nearMiss = $0.kind { return true } else { return false } }.count
            if count < exercise.minimumNearMisses {
                problems += 1
                line.append("only \(count) near-misses; at least \(exercise.minimumNearMisses) needed")
            }
            let mark = line.allSatisfy({ $0.hasPrefix("rejected ") || $0.hasPrefix("shipped stub: ") || $0.hasPrefix("solution: passed") || $0.hasPrefix("note ") })
                ? Terminal.styled("✔", .green) : Terminal.styled("✘", .red)
            let others = mine.filter { if case .alternative = $0.kind { return true } else { return false } }.count
            print("\(mark) \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0)) solution passes · shipped stub fails · \(count) near-misses rejected"
                  + (others > 0 ? " · \(others) other right answer\(others == 1 ? "" : "s") pass" : "")
                  + (line.isEmpty ? "" : "\n    " + line.joined(separator: "\n    ")))
        }
        print("\n\(rejected) near-misses rejected (of \(nearMisses)).")
        // A learner under --lang ko reads each rejection's message in Korean: one still English is a problem.
        if untranslated.isEmpty {
            print("Korean: every rejected near-miss's message has its Korean.")
        } else {
            problems += untranslated.count
            print("✘ Korean: \(untranslated.count) rejected near-miss(es) show a message with no Korean yet (CheckMessage(…, ko:)):")
            for entry in untranslated { print("    \(entry)") }
        }
        problems += sanitizeSolutions(exercises.filter(\.isConcurrency), root: root, swift: swift, corpus: package)
        if !arguments.contains("--no-mutants") {
            problems += reportMutants(exercises, root: root, swift: swift, corpus: package, verbose: verbose,
                                      repeats: repeats, seeds: seeds)
        }
        print(problems == 0 ? "All \(exercises.count) exercises: solvable, meaningful, and strict."
                            : "\(problems) problem(s) above.")
        return problems == 0 ? 0 : 1
    }

    /// The concurrency exercises' reference solutions under ThreadSanitizer, as `check` runs a
    /// learner's: each must be reported clean (a race there would be a false rejection of a right
    /// answer). Returns the number of problems.
    private static func sanitizeSolutions(_ exercises: [ExerciseInfo], root: URL, swift: URL, corpus: CheckPackage) -> Int {
        guard !exercises.isEmpty else { return 0 }
        var problems = 0, clean = 0
        for exercise in exercises {
            let subject = CheckSubject(exercise: exercise, kind: .solution, source: root.appendingPathComponent(exercise.solution))
            if let output = withTicker("building \(exercise.name)'s check under ThreadSanitizer", { corpus.buildSanitized(exercise, swift: swift) }) {
                print("✘ \(exercise.name): the ThreadSanitizer build failed:\n\(output.suffix(1_000))")
                problems += 1
                continue
            }
            switch withTicker("checking \(exercise.name)'s solution under ThreadSanitizer", { corpus.runSanitized(subject, root: root) }) {
            case .clean: clean += 1
            case .races(let lines):
                problems += 1
                print("✘ \(exercise.name): ThreadSanitizer reports a race in the reference solution: \(lines.joined(separator: "; "))")
            case .racesElsewhere(let count):
                problems += 1
                print("✘ \(exercise.name): ThreadSanitizer reports \(count) race(s) in the workbook's own probes: a learner would be told of them")
            case .unavailable(let reason):
                print("  \(exercise.name): \(reason); not checked under ThreadSanitizer")
            }
        }
        print("ThreadSanitizer: \(clean) of \(exercises.count) concurrency solutions run clean under it (as `check` runs a learner's file).")
        return problems
    }

    /// Runs the mutation stage and prints one row per exercise; returns the number of problems.
    private static func reportMutants(_ exercises: [ExerciseInfo], root: URL, swift: URL, corpus: CheckPackage,
                                      verbose: Bool, repeats: Int, seeds: [UInt64]) -> Int {
        print("\nMutants of the reference solutions (every one; 'swift run workbook mutants EXERCISE' lists them):")
        let (tallies, built) = MutationStage.run(exercises, root: root, swift: swift, corpus: corpus, repeats: repeats, seeds: seeds)
        var problems = built ? 0 : 1
        print("  exercise                   generated  compile  run  killed  equivalent  survive")
        for exercise in exercises {
            guard let tally = tallies[exercise.name] else { continue }
            let ran = tally.killed + tally.survivors.count
            let bad = !tally.survivors.isEmpty || !tally.staleEntries.isEmpty || !tally.solutionCompiles
            if bad { problems += 1 }
            let mark = bad ? Terminal.styled("✘", .red) : Terminal.styled("✔", .green)
            func column(_ value: Int, _ width: Int) -> String { String(repeating: " ", count: max(0, width - "\(value)".count)) + "\(value)" }
            print("\(mark) \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0))"
                  + column(tally.generated, 9) + column(tally.compiled, 9) + column(ran, 5) + column(tally.killed, 8)
                  + column(tally.equivalent, 12) + column(tally.survivors.count, 9))
            if !tally.solutionCompiles {
                print("    the reference solution itself does not compile the way mutants are compiled (swiftc -emit-sil against "
                      + "\(corpus.folder.path)/.build/debug/Modules): no mutant was tried")
            }
            for mutant in tally.survivors {
                print("    SURVIVES \(mutant.id): \(mutant.change)")
                let original = (try? String(contentsOf: root.appendingPathComponent(exercise.solution), encoding: .utf8)) ?? ""
                for line in MutationStage.diff(mutant, against: original).prefix(8) { print("      \(line)") }
            }
            for entry in tally.staleEntries {
                print("    \(EquivalentMutants.path(exercise)) lists a mutant that no longer exists: \(entry)")
            }
            if verbose { for reason in tally.killReasons { print("    killed \(reason)") } }
        }
        if problems > 0 {
            print("A surviving mutant is a wrong answer the check accepts: strengthen the check, or, if it behaves exactly")
            print("as the solution does, list it in Tests/Exercises/equivalent-mutants/<exercise>.txt with the reason.")
        }
        return problems
    }

    /// The near-miss files of `exercise`, by name without extension, sorted.
    /// Right answers written by learners who never saw the reference solution
    /// (Tests/Exercises/alternatives/<exercise>/): each must pass, or the check rejects a right answer.
    /// Each is a whole file or a patch against the reference (see NearMissPatch.swift); nil, after
    /// saying why, when a patch does not apply.
    static func alternatives(_ exercise: ExerciseInfo, root: URL) -> [CheckSubject]? {
        let folder = root.appendingPathComponent("Tests/Exercises/alternatives/\(exercise.name)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let names = Set(files.compactMap { file in
            file.hasSuffix(".swift") || file.hasSuffix(".patch") ? String(file.dropLast(6)) : nil
        }).sorted()
        var subjects: [CheckSubject] = []
        for name in names {
            do {
                let source = try NearMissPatch.alternativeSource(exercise, name, root: root)
                subjects.append(CheckSubject(exercise: exercise, kind: .alternative(name), source: source))
            } catch {
                Terminal.printError("error: Tests/Exercises/alternatives/\(exercise.name)/\(name).patch does not apply: \(error)")
                return nil
            }
        }
        return subjects
    }

    static func nearMissNames(_ exercise: ExerciseInfo, root: URL) -> [String] {
        let folder = root.appendingPathComponent(exercise.nearMisses)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.compactMap { file in
            file.hasSuffix(".swift") ? String(file.dropLast(6)) : file.hasSuffix(".patch") ? String(file.dropLast(6)) : nil
        }.sorted()
    }

    /// The file to check for near-miss `name` (a patch applied, when it is one); nil, after saying
    /// why, when its patch does not apply.
    static func nearMissSource(_ exercise: ExerciseInfo, _ name: String, root: URL) -> URL? {
        do { return try NearMissPatch.source(exercise, name, root: root) } catch {
            Terminal.printError("error: \(exercise.nearMisses)/\(name).patch does not apply: \(error)")
            return nil
        }
    }

    /// Removes `--repeat N` from `arguments`: how many times verify runs each check (1 without it).
    /// Nil, with the error printed, when N is missing or not a whole number from 1 to 100.
    static func takeRepeat(_ arguments: inout [String]) -> Int? {
        guard let index = arguments.firstIndex(of: "--repeat") else { return 1 }
        guard index + 1 < arguments.count, let count = Int(arguments[index + 1]), (1...100).contains(count) else {
            Terminal.printError("error: --repeat takes a number of runs from 1 to 100 (say: --repeat 10).")
            return nil
        }
        arguments.removeSubrange(index...(index + 1))
        return count
    }

    /// Removes `--seeds N` from `arguments`: the other seeds (1…N) verify runs each generating check
    /// under ([] without it). Nil, with the error printed, when N is not a whole number from 1 to 100.
    static func takeSeeds(_ arguments: inout [String]) -> [UInt64]? {
        guard let index = arguments.firstIndex(of: "--seeds") else { return [] }
        guard index + 1 < arguments.count, let count = UInt64(arguments[index + 1]), (1...100).contains(count) else {
            Terminal.printError("error: --seeds takes a number of other seeds from 1 to 100 (say: --seeds 10).")
            return nil
        }
        arguments.removeSubrange(index...(index + 1))
        return Array(1...count)
    }

    /// Runs a check that generated cases again under each of `seeds`; says under which seed its
    /// verdict differs from the first run's (nil: the same under all, or no generated cases).
    /// Only the verdict is compared: another seed may well find another counterexample first.
    static func seedChange(_ first: CheckResult, seeds: [UInt64], _ again: (UInt64) -> CheckResult) -> String? {
        guard case .outcome(let outcome) = first, outcome.cases != nil else { return nil }
        for seed in seeds where seed != outcome.seed {
            let next = again(seed)
            if next.passed != first.passed {
                return "VERDICT CHANGED under seed \(seed): first \(fingerprint(first)), then \(fingerprint(next))"
            }
        }
        return nil
    }

    /// How a check's later run differed from its first.
    enum RunChange {
        /// The verdict, or the words of its first message, changed: a learner would be told two things.
        case verdict(String)
        /// Only figures in the first message changed (a time the code read from the clock, say):
        /// the same verdict and the same statement.
        case figures(String)
    }

    /// Runs a check `repeats - 1` more times; says how the verdict or its first message changed
    /// from the first run (nil: the same every time). A message that changed only in its figures is
    /// told as such, and the later runs are still compared.
    static func verdictChange(_ first: CheckResult, repeats: Int, _ again: () -> CheckResult) -> RunChange? {
        guard repeats > 1 else { return nil }
        var figures: RunChange?
        for run in 2...repeats {
            let next = again()
            guard fingerprint(next) != fingerprint(first) else { continue }
            let text = "on run \(run) of \(repeats): first \(fingerprint(first)), then \(fingerprint(next))"
            guard withoutFigures(fingerprint(next)) == withoutFigures(fingerprint(first)) else {
                return .verdict("VERDICT CHANGED " + text)
            }
            figures = figures ?? .figures("the same verdict; only figures in the message changed " + text)
        }
        return figures
    }

    /// `text` with every run of digits made one "#": "1795837430.866" and "1795837430.886" read the same.
    static func withoutFigures(_ text: String) -> String {
        text.replacing(/[0-9]+/, with: "#")
    }

    /// A result without its timing: the verdict and the first thing it said.
    static func fingerprint(_ result: CheckResult) -> String {
        if case .outcome(let outcome) = result { return "\(outcome.verdict.rawValue): \(outcome.messages.first ?? "")" }
        return summary(result)
    }

    static func summary(_ result: CheckResult) -> String {
        switch result {
        case .outcome(let outcome):
            return "\(outcome.verdict.rawValue) in \(String(format: "%.1f", outcome.seconds)) s: \(outcome.messages.first ?? "")"
        case .crashed(let signal, _): return "crashed (\(signal))"
        case .hung: return "hung"
        case .endedEarly(let status): return "ended (\(status)) without a verdict"
        case .doesNotCompile(let messages): return "does not compile: \(messages.first ?? "")"
        case .protectedLinesChanged(let changes, _): return "DO NOT EDIT lines changed: \(changes.first ?? "")"
        case .earlierVersion(let changes): return "DO NOT EDIT lines of an earlier version: \(changes.first ?? "")"
        case .buildFailed(let text): return "not built: \(text.suffix(200))"
        }
    }

    // MARK: Helpers

    static func select(_ name: String) -> [ExerciseInfo]? {
        if let found = ExerciseCatalog.select(name), !found.isEmpty { return found }
        if Catalog.chapter(named: name) == nil, let number = Int(name) {
            Terminal.printError(Strings.text(.errorSelectNoChapter, number, Workbook.chapterRange))
            return nil
        }
        let names = ExerciseCatalog.exercises.map(\.name) + Catalog.chapters.map(\.paddedNumber)
        let suggestion = Suggest.nearest(to: name, in: names).map { Strings.text(.didYouMean, $0) } ?? ""
        Terminal.printError(Strings.text(.errorSelectUnknown, name, suggestion))
        return nil
    }

    /// Runs `body` with a progress line (on a terminal, after a moment) saying what is going on.
    static func withTicker<T>(_ label: String, _ body: () -> T) -> T {
        let finished = Flag()
        let ticker = ProgressLine(label, total: 0)
        Thread.detachNewThread {
            while !finished.isSet {
                Thread.sleep(forTimeInterval: 0.5)
                ticker.update(0)
            }
        }
        defer { finished.set(); ticker.finish() }
        return body()
    }

    static func findSwift() -> URL? {
        if let swift = Toolchain.onPath("swift") { return swift }
        Terminal.printError(Strings.text(.errorNoSwift))
        return nil
    }
}

/// " (written blind)" for a right answer a blind learner wrote (its name starts with "Blind"), as
/// the corpus names them; nothing for one the project wrote itself.
private func blindMark(_ name: String) -> String { name.hasPrefix("Blind") ? " (written blind)" : "" }

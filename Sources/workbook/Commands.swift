// The workbook's commands. Hand-written argument parsing: a command word, then its arguments.

import Foundation
import WorkbookSupport

enum Workbook {
    static let commands = ["list", "check", "watch", "next", "hint", "reset", "verify", "mutants", "help"]

    static func main(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return list() }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h"), commands.contains(first) { return help(first) }
        switch first {
        case "--help", "-h", "help":
            guard takes(atMost: 1, rest, command: "help") else { return 64 }
            return help(rest.first)
        case "list", "ls":
            guard takes(atMost: 0, rest, command: "list") else { return 64 }
            return list()
        case "check":
            guard takes(atMost: 1, rest, command: "check") else { return 64 }
            return Checking.check(rest)
        case "watch":
            guard takes(atMost: 1, rest, command: "watch") else { return 64 }
            return Checking.watch(rest)
        case "next":
            guard takes(atMost: 0, rest, command: "next") else { return 64 }
            return next()
        case "hint":
            guard takes(atMost: 1, rest, command: "hint") else { return 64 }
            return hint(rest)
        case "reset": return reset(rest)
        case "verify": return Checking.verify(rest)
        case "mutants": return MutationStage.list(rest)
        case "manifest": return manifest(rest)
        case "_progress-writer": return progressWriter(rest)
        default:
            if let info = Catalog.chapter(named: first), let program = ChapterPrograms.all[info.number] {
                return ChapterMain.run(program, arguments: rest, childPrefix: [info.paddedNumber])
            }
            if let info = Catalog.chapter(named: first) {
                Terminal.printError("error: chapter \(info.paddedNumber) is in workbook.json but not in this workbook program "
                                    + "(Sources/workbook/Chapters.swift); run it with: swift run \(info.executable)")
                return 1
            }
            if let number = chapterNumber(in: first) {
                Terminal.printError("error: there is no chapter \(number): the chapters are \(chapterRange).\n"
                                    + "Run 'swift run workbook' to see them.")
                return 64
            }
            let candidates = commands + Catalog.chapters.flatMap { [$0.paddedNumber, $0.slug] }
            let suggestion = Suggest.nearest(to: first, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
            Terminal.printError("error: '\(first)' is neither a command nor a chapter.\(suggestion)\n"
                                + "Run 'swift run workbook' for the chapters, 'swift run workbook --help' for the commands.")
            return 64
        }
    }

    // MARK: Arguments

    /// Whether `command` got no more than its arguments; else says which word is extra (exit 64).
    static func takes(atMost limit: Int, _ arguments: [String], command: String) -> Bool {
        guard arguments.count > limit else { return true }
        let extra = arguments.dropFirst(limit)
        let words = extra.map { "'\($0)'" }.joined(separator: " ")
        let allowed = limit == 0 ? "takes no arguments" : "takes at most \(limit) argument"
        Terminal.printError("error: '\(command)' \(allowed); \(words) \(extra.count == 1 ? "is" : "are") extra. "
                            + "See: swift run workbook help \(command)")
        return false
    }

    /// The number in "10", "010" or "ch10", for saying there is no such chapter.
    private static func chapterNumber(in word: String) -> Int? {
        let lowered = word.lowercased()
        return Int(lowered.hasPrefix("ch") ? String(lowered.dropFirst(2)) : lowered)
    }

    /// The chapters' numbers as a learner types them: "01–09" when they run without a gap, else each one.
    static var chapterRange: String {
        let numbers = Catalog.chapters.map(\.number).sorted()
        guard let low = numbers.first, let high = numbers.last else { return "none" }
        let padded = { (number: Int) in Catalog.chapters.first { $0.number == number }?.paddedNumber ?? "\(number)" }
        if numbers == Array(low...high) { return "\(padded(low))–\(padded(high))" }
        return numbers.map(padded).joined(separator: ", ")
    }

    // MARK: list, next

    static func list() -> Int32 {
        let progress = PackageRoot.find().map(LearnerProgress.init)
        print(Terminal.styled("Cache Workbook — Kingfisher's cache, rebuilt, run and broken on purpose", .bold))
        print()
        for chapter in Catalog.chapters {
            print("\(Terminal.styled(chapter.paddedNumber, .bold))  \(Terminal.styled(chapter.title, .bold))")
            print("    \(chapter.summary)")
            print(Terminal.styled("    run: swift run workbook \(chapter.paddedNumber)   (or: swift run \(chapter.executable))  ·  notes: \(chapter.folder)/README.md", .dim))
            for exercise in ExerciseCatalog.exercises where exercise.chapter == chapter.number {
                let status: String
                switch progress?.status(of: exercise) {
                case .done?: status = Terminal.styled("done     ", .green)
                case .toDo?: status = Terminal.styled("to do    ", .yellow)
                case .changed?: status = Terminal.styled("changed  ", .yellow)
                case .missing?: status = Terminal.styled("missing  ", .red)
                case .unchecked?, nil: status = Terminal.styled("unchecked", .dim)
                }
                print("    [\(status)] \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(exercise.title)")
            }
            print()
        }
        let done = ExerciseCatalog.exercises.filter { progress?.isDone($0) == true }.count
        print("Exercises done: \(done) of \(ExerciseCatalog.exercises.count) (checked against the files as they are now).")
        for exercise in ExerciseCatalog.exercises where progress?.status(of: exercise) == .missing {
            print(Terminal.styled("Missing: \(exercise.stub). Restore it as shipped: swift run workbook reset \(exercise.name)", .red))
        }
        if let next = progress?.current {
            print("Next: \(next.name) — edit \(next.stub), then: swift run workbook check   (or: swift run workbook watch)")
        } else {
            print("Next: every exercise is done. Read the chapters' questions for the group, or run: swift run workbook 08")
        }
        return 0
    }

    static func next() -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        guard let next = LearnerProgress(root: root).current else {
            print("Every exercise is done (\(ExerciseCatalog.exercises.count) of \(ExerciseCatalog.exercises.count)).")
            return 0
        }
        print(Terminal.styled("\(next.name) — \(next.title)", .bold))
        if LearnerProgress(root: root).isMissing(next) {
            print("Its file \(next.stub) is missing. Restore it as shipped: swift run workbook reset \(next.name)")
            return 0
        }
        print("Edit:  \(next.stub)   (the header says what to do; // TODO: marks where)")
        print("Check: swift run workbook check     Watch: swift run workbook watch     Hint: swift run workbook hint")
        return 0
    }

    // MARK: hint

    /// One more hint each time it is asked (all hints seen so far are shown), never the answer.
    static func hint(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        var progress = LearnerProgress(root: root)
        let exercise: ExerciseInfo
        if let name = arguments.first {
            guard let found = ExerciseCatalog.exercises.first(where: { $0.name == name.lowercased() }) else {
                let suggestion = Suggest.nearest(to: name, in: ExerciseCatalog.exercises.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
                Terminal.printError("error: no exercise named '\(name)'.\(suggestion) 'swift run workbook list' shows them all.")
                return 64
            }
            exercise = found
        } else {
            guard let current = progress.current else { print("Every exercise is done: no hint needed."); return 0 }
            exercise = current
        }
        let seen = progress.nextHint(exercise)
        print(Terminal.styled("\(exercise.name) — \(exercise.title)", .bold))
        print("Edit:  \(exercise.stub)")
        for (index, hint) in exercise.hints.prefix(seen).enumerated() {
            let text = "Hint \(index + 1) of \(exercise.hints.count): \(hint)"
            print(index + 1 == seen ? text : Terminal.styled(text, .dim))
        }
        if seen < exercise.hints.count {
            print(Terminal.styled("Ask again for the next hint: swift run workbook hint \(exercise.name)", .dim))
        } else {
            print(Terminal.styled("That was the last hint. After a real try, the reference solution is \(exercise.solution).", .dim))
        }
        return 0
    }

    // MARK: reset

    /// Restores the shipped file, after asking (or with --yes). Also restores a file that was deleted.
    static func reset(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        let names = arguments.filter { !$0.hasPrefix("-") }
        if let flag = arguments.first(where: { $0.hasPrefix("-") && $0 != "--yes" && $0 != "-y" }) {
            let suggestion = Suggest.nearest(to: flag, in: ["--yes"]).map { " Did you mean \($0)?" } ?? ""
            Terminal.printError("error: unknown option '\(flag)' for reset.\(suggestion) See: swift run workbook help reset")
            return 64
        }
        guard let name = names.first else {
            Terminal.printError("error: which exercise? e.g. swift run workbook reset 04-reconcile-keys   ('swift run workbook list' shows them)")
            return 64
        }
        guard takes(atMost: 1, names, command: "reset") else { return 64 }
        guard let exercise = ExerciseCatalog.exercises.first(where: { $0.name == name.lowercased() }) else {
            let suggestion = Suggest.nearest(to: name, in: ExerciseCatalog.exercises.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
            Terminal.printError("error: there is no exercise named '\(name)'.\(suggestion) 'swift run workbook list' shows them all.")
            return 64
        }
        let target = root.appendingPathComponent(exercise.stub)
        let shipped = root.appendingPathComponent(exercise.shipped)
        let wasMissing = !FileManager.default.fileExists(atPath: target.path)
        if !wasMissing, !(arguments.contains("--yes") || arguments.contains("-y")) {
            guard Terminal.stdinIsTerminal else {
                Terminal.printError("error: reset replaces \(exercise.stub) and loses your edits; add --yes to do it without asking")
                return 64
            }
            print("Restore \(exercise.stub) to the shipped version? Your edits to it will be lost. [y/N] ", terminator: "")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Kept your file.")
                return 1
            }
        }
        let contents: Data
        do { contents = try Data(contentsOf: shipped) } catch {
            Terminal.printError("error: the shipped copy \(exercise.shipped) cannot be read, so there is nothing to restore from "
                                + "(\(error.localizedDescription)). Get it back with: git checkout -- \(exercise.shipped)")
            return 1
        }
        do {
            // Written whole into place (atomically): the old file stays until the new one is complete.
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: target, options: .atomic)
        } catch {
            Terminal.printError("error: could not write \(exercise.stub): \(error.localizedDescription)")
            return 1
        }
        var progress = LearnerProgress(root: root)
        progress.forget(exercise)
        print(wasMissing ? "Restored \(exercise.stub), which was missing: it is the shipped version again."
                         : "Restored \(exercise.stub) as shipped. Its last check and the hints seen are forgotten.")
        return 0
    }

    // MARK: manifest (for CI and contributors)

    /// `manifest executables [--not-racy]` (one chapter executable per line) or `manifest stubs` (stub and
    /// shipped copy, tab-separated). Read by .ci/run so that it never lists chapters itself.
    static func manifest(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "executables"?:
            let chapters = arguments.contains("--not-racy") ? Catalog.chapters.filter { !$0.deliberatelyRacy } : Catalog.chapters
            chapters.forEach { print($0.executable) }
        case "stubs"?: ExerciseCatalog.exercises.forEach { print("\($0.stub)\t\($0.shipped)") }
        case "exercises"?: ExerciseCatalog.exercises.forEach { print($0.name) }
        default:
            Terminal.printError("USAGE: swift run workbook manifest executables|stubs|exercises")
            return 64
        }
        return 0
    }

    // MARK: help

    static func help(_ topic: String?) -> Int32 {
        switch topic?.lowercased() {
        case "check"?:
            print("""
            USAGE: swift run workbook check [all | NN | EXERCISE]

            Builds your exercise file on its own and runs its check: done, to do (with the first thing
            that is wrong), does not compile (with the compiler's message), crashed, did not finish,
            or missing (the file is gone: reset restores it).
            A concurrency exercise that passes is checked once more under ThreadSanitizer, which names
            your lines in any data race it sees (its first build takes a few minutes; KFD_CHECK_TSAN=0
            skips it).
            With no argument: the current exercise (the first not done). 'all': every exercise.
            A broken file only ever fails its own check: nothing else is built from it.
            Examples: swift run workbook check · swift run workbook check 04 · swift run workbook check 05-cache-time
            """)
        case "watch"?:
            print("""
            USAGE: swift run workbook watch [EXERCISE]

            Checks the current exercise (or EXERCISE), then again each time you save its file; once it
            passes, moves on to the next exercise not done. Ctrl-C stops.
            """)
        case "next"?:
            print("USAGE: swift run workbook next\n\nThe first exercise not done yet: its file and how to check it.")
        case "hint"?:
            print("""
            USAGE: swift run workbook hint [EXERCISE]

            One more hint each time you ask (those already seen are shown too), for EXERCISE or the
            current one. Hints point the way; none is the answer.
            """)
        case "reset"?:
            print("""
            USAGE: swift run workbook reset EXERCISE [--yes]

            Restores the exercise file as shipped (from Tests/Exercises/shipped/), after asking;
            --yes does not ask. A deleted file is simply restored. The exercise is no longer done and
            its hints count again from the first.
            Example: swift run workbook reset 01-cache-key --yes
            """)
        case "verify"?:
            print("""
            USAGE: swift run workbook verify [NN | EXERCISE] [--verbose] [--no-mutants]

            What CI runs: every reference solution passes its check, every shipped stub fails it, and
            every near-miss (Tests/Exercises/near-misses/<id>/, a plausible wrong answer each) fails it;
            the concurrency exercises' solutions run clean under ThreadSanitizer; and every mutant of
            each reference solution that compiles (a statement left out, doubled, swapped, moved out of
            its lock, a hop through a global queue, a boundary moved, …) fails its check, unless it is
            listed as equivalent, with its reason, in Tests/Exercises/equivalent-mutants/<id>.txt.
            --verbose says why each stub, near-miss and mutant was rejected; --no-mutants skips them.
            swift run workbook mutants EXERCISE [DIGEST] lists an exercise's mutants, or shows one.
            """)
        case "mutants"?:
            print("""
            USAGE: swift run workbook mutants EXERCISE [DIGEST]

            The mutants of EXERCISE's reference solution (for whoever writes or strengthens a check),
            each with its id and its change; with DIGEST, that mutant's change in full.
            """)
        case "list"?, "ls"?:
            print("""
            USAGE: swift run workbook list

            The chapters and exercises, with your progress: done, to do, changed (edited since its
            last check), unchecked, or missing (the file is gone: reset restores it).
            """)
        case "help"?:
            print("USAGE: swift run workbook help [COMMAND]\n\nThe commands, or one command's help.")
        case let topic? where Catalog.chapter(named: topic) != nil:
            return main([topic, "--help"])
        case let topic?:
            let suggestion = Suggest.nearest(to: topic, in: commands).map { " Did you mean '\($0)'?" } ?? ""
            Terminal.printError("error: no help for '\(topic)': it is not a command.\(suggestion) "
                                + "The commands: \(commands.joined(separator: ", ")).")
            return 64
        case nil:
            print("""
            Cache Workbook — Kingfisher's cache layer rebuilt, run and broken on purpose.

            USAGE: swift run workbook [COMMAND]

            COMMANDS:
              (none), list            the chapters and exercises, with your progress
              NN [--quick] [--json] [--seed N]
                                      run chapter NN (\(chapterRange)), same as: swift run chNN-<slug>;
                                      --seed N repeats a run's random inputs (not its thread timing)
              next                    the next exercise to do
              check [all|NN|EXERCISE] check your exercise file(s); no argument: the current exercise
              watch [EXERCISE]        check again on every save; move on when it passes
              hint [EXERCISE]         one more hint each time you ask
              reset EXERCISE [--yes]  restore the exercise file as shipped
              verify                  prove every solution passes, and every stub, near-miss and mutant fails (CI)
              mutants EXERCISE        the mutants verify tries on an exercise's reference solution
              help COMMAND            help for one command; NN --help for a chapter's flags

            Colour is used on a terminal only, never with NO_COLOR set. Tests: swift test.
            """)
        }
        return 0
    }
}

// The workbook's commands. Hand-written argument parsing: a command word, then its arguments.

import Foundation
import WorkbookSupport

enum Workbook {
    static let commands = ["list", "check", "watch", "next", "hint", "reset", "verify", "help"]

    static func main(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return list() }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h"), commands.contains(first) { return help(first) }
        switch first {
        case "--help", "-h", "help": return help(rest.first)
        case "list", "ls": return list()
        case "check": return Checking.check(rest)
        case "watch": return Checking.watch(rest)
        case "next": return next()
        case "hint": return hint(rest)
        case "reset": return reset(rest)
        case "verify": return Checking.verify(rest)
        case "mutants": return MutationStage.list(rest)
        case "manifest": return manifest(rest)
        default:
            if let info = Catalog.chapter(named: first), let program = ChapterPrograms.all[info.number] {
                return ChapterMain.run(program, arguments: rest, childPrefix: [info.paddedNumber])
            }
            let candidates = commands + Catalog.chapters.flatMap { [$0.paddedNumber, $0.slug] }
            let suggestion = Suggest.nearest(to: first, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
            Terminal.printError("error: '\(first)' is neither a command nor a chapter.\(suggestion)\n"
                                + "Run 'swift run workbook' for the chapters, 'swift run workbook --help' for the commands.")
            return 64
        }
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
                case .unchecked?, nil: status = Terminal.styled("unchecked", .dim)
                }
                print("    [\(status)] \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(exercise.title)")
            }
            print()
        }
        let done = ExerciseCatalog.exercises.filter { progress?.isDone($0) == true }.count
        print("Exercises done: \(done) of \(ExerciseCatalog.exercises.count) (checked against the files as they are now).")
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

    /// Restores the shipped file, after asking (or with --yes).
    static func reset(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        let names = arguments.filter { !$0.hasPrefix("-") }
        guard let name = names.first, let exercise = ExerciseCatalog.exercises.first(where: { $0.name == name.lowercased() }) else {
            Terminal.printError("error: which exercise? e.g. swift run workbook reset 04-reconcile-keys   ('swift run workbook list' shows them)")
            return 64
        }
        let target = root.appendingPathComponent(exercise.stub)
        let shipped = root.appendingPathComponent(exercise.shipped)
        if !arguments.contains("--yes") {
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
        do {
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: shipped, to: target)
        } catch {
            Terminal.printError("error: could not restore \(exercise.stub) from \(exercise.shipped): \(error)")
            return 1
        }
        var progress = LearnerProgress(root: root)
        progress.forget(exercise)
        print("Restored \(exercise.stub). It is no longer done; hints seen are forgotten too.")
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
        switch topic {
        case "check"?:
            print("""
            USAGE: swift run workbook check [all | NN | EXERCISE]

            Builds your exercise file on its own and runs its check: done, to do (with the first thing
            that is wrong), does not compile (with the compiler's message), crashed or hangs.
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

            Restores the exercise file as shipped (from Tests/Exercises/EXERCISE/shipped/), after
            asking; --yes does not ask. The exercise is no longer done.
            """)
        case "verify"?:
            print("""
            USAGE: swift run workbook verify

            What CI runs: every reference solution passes its check, every shipped stub fails it, and
            every near-miss (Tests/Exercises/*/near-misses/, a plausible wrong answer each) fails it.
            --verbose says why each shipped stub and near-miss was rejected.
            """)
        case "list"?:
            print("USAGE: swift run workbook list\n\nThe chapters and exercises, with your progress.")
        default:
            print("""
            Cache Workbook — Kingfisher's cache layer rebuilt, run and broken on purpose.

            USAGE: swift run workbook [COMMAND]

            COMMANDS:
              (none), list            the chapters and exercises, with your progress
              NN [--quick|--json]     run chapter NN (e.g. 04), same as: swift run chNN-<slug>
              next                    the next exercise to do
              check [all|NN|EXERCISE] check your exercise file(s); no argument: the current exercise
              watch [EXERCISE]        check again on every save; move on when it passes
              hint [EXERCISE]         one more hint each time you ask
              reset EXERCISE [--yes]  restore the exercise file as shipped
              verify                  prove every solution passes and every stub and near-miss fails (CI)
              help COMMAND            help for one command; NN --help for a chapter's flags

            Colour is used on a terminal only, never with NO_COLOR set. Tests: swift test.
            """)
        }
        return 0
    }
}

// The workbook's commands. Hand-written argument parsing: a command word, then its arguments.

import Foundation
import WorkbookSupport

enum Workbook {
    static let commands = ["list", "check", "watch", "next", "hint", "reset", "verify", "mutants", "help"]

    static func main(_ arguments: [String]) -> Int32 {
        // `--lang ko` may stand anywhere; Language.current has read it already, the commands never see it.
        if let message = Language.flagError(in: arguments) {
            Terminal.printError("error: \(message)")
            return 64
        }
        let arguments = Language.removingFlag(from: arguments)
        // Ctrl-C or SIGTERM while a check or a chapter runs a child: the child stops too.
        ChildProcess.stopChildrenOnInterrupt()
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
            var words = rest
            guard Checking.takeSeed(&words), takes(atMost: 1, words, command: "check") else { return 64 }
            return Checking.check(words)
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
        case "verify":
            var words = rest
            guard Checking.takeSeed(&words) else { return 64 }
            return Checking.verify(words)
        case "mutants": return MutationStage.list(rest)
        case "manifest": return manifest(rest)
        case "_progress-writer": return progressWriter(rest)
        default:
            if let info = Catalog.chapter(named: first), let program = ChapterPrograms.all[info.number] {
                return ChapterMain.run(program, arguments: rest, childPrefix: [info.paddedNumber])
            }
            if let info = Catalog.chapter(named: first) {
                Terminal.printError(Strings.text(.errorNotInProgram, info.paddedNumber, info.executable))
                return 1
            }
            if let number = chapterNumber(in: first) {
                Terminal.printError(Strings.text(.errorNoChapter, number, chapterRange))
                return 64
            }
            let candidates = commands + Catalog.chapters.flatMap { [$0.paddedNumber, $0.slug] }
            let suggestion = Suggest.nearest(to: first, in: candidates).map { Strings.text(.didYouMean, $0) } ?? ""
            Terminal.printError(Strings.text(.errorUnknownWord, first, suggestion))
            return 64
        }
    }

    // MARK: Arguments

    /// Whether `command` got no more than its arguments; else says which word is extra (exit 64).
    static func takes(atMost limit: Int, _ arguments: [String], command: String) -> Bool {
        guard arguments.count > limit else { return true }
        let extra = arguments.dropFirst(limit)
        let words = extra.map { "'\($0)'" }.joined(separator: " ")
        let key: Strings.Key = limit == 0 ? (extra.count == 1 ? .errorTakesNoneOne : .errorTakesNoneMany)
                                          : (extra.count == 1 ? .errorTakesAtMostOne : .errorTakesAtMostMany)
        Terminal.printError(Strings.text(key, command, words, limit))
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

    /// `text` wrapped to the terminal, every line indented by `indent` columns.
    static func wrapped(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        return ReportLayout.wrap(text, width: Terminal.columns, first: margin, indent: indent)
    }

    /// An exercise's status word as the list shows it, unstyled.
    static func statusPlain(_ status: LearnerProgress.Status?) -> String {
        switch status {
        case .done?: return Strings.text(.statusDone)
        case .toDo?: return Strings.text(.statusToDo)
        case .changed?: return Strings.text(.statusChanged)
        case .missing?: return Strings.text(.statusMissing)
        case .unchecked?, nil: return Strings.text(.statusUnchecked)
        }
    }

    static func list() -> Int32 {
        let progress = PackageRoot.find().map(LearnerProgress.init)
        for line in ReportLayout.wrap(Strings.text(.listTitle), width: Terminal.columns, indent: 2) {
            print(Terminal.styled(line, .bold))
        }
        print()
        for chapter in Catalog.chapters {
            print("\(Terminal.styled(chapter.paddedNumber, .bold))  \(Terminal.styled(chapter.title(in: .current), .bold))")
            for line in wrapped(chapter.summary(in: .current), indent: 4) { print(line) }
            for line in wrapped(Strings.text(.listRun, chapter.paddedNumber, chapter.executable, chapter.folder)
                                    .trimmingCharacters(in: .whitespaces), indent: 4) {
                print(Terminal.styled(line, .dim))
            }
            for exercise in ExerciseCatalog.exercises where exercise.chapter == chapter.number {
                let status: String
                switch progress?.status(of: exercise) {
                case .done?: status = Terminal.styled(Strings.text(.statusDone), .green)
                case .toDo?: status = Terminal.styled(Strings.text(.statusToDo), .yellow)
                case .changed?: status = Terminal.styled(Strings.text(.statusChanged), .yellow)
                case .missing?: status = Terminal.styled(Strings.text(.statusMissing), .red)
                case .unchecked?, nil: status = Terminal.styled(Strings.text(.statusUnchecked), .dim)
                }
                // Wrapped as plain text (the status is styled afterwards: escape codes take no columns).
                // The styled status replaces the plain one: "    [" + status + "]" is 6 + its length in
                // *characters* (a Hangul status is two columns a character, but one character to drop).
                let plain = statusPlain(progress?.status(of: exercise))
                let prefix = "    [\(plain)] \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0)) "
                let lines = ReportLayout.wrap(exercise.title(in: .current), width: Terminal.columns, first: prefix,
                                              indent: ReportLayout.width(prefix))
                for (index, line) in lines.enumerated() {
                    print(index == 0 ? "    [\(status)]" + line.dropFirst(6 + plain.count) : line)
                }
            }
            print()
        }
        let done = ExerciseCatalog.exercises.filter { progress?.isDone($0) == true }.count
        print(Strings.text(.listDone, done, ExerciseCatalog.exercises.count))
        // What each status in brackets means. A no-break space keeps each "·" after the word
        // before it, so that no line of the legend begins with one.
        let legend = Strings.text(.listLegend).replacingOccurrences(of: " · ", with: "\u{00A0}· ")
        for line in ReportLayout.wrap(legend, width: Terminal.columns, indent: 2) { print(Terminal.styled(line, .dim)) }
        for exercise in ExerciseCatalog.exercises where progress?.status(of: exercise) == .missing {
            print(Terminal.styled(Strings.text(.listMissing, exercise.stub, exercise.name), .red))
        }
        let closing = progress?.current.map { Strings.text(.listNext, $0.name, $0.stub) } ?? Strings.text(.listAllDone)
        for line in ReportLayout.wrap(closing, width: Terminal.columns, indent: 6) { print(line) }
        return 0
    }

    static func next() -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        guard let next = LearnerProgress(root: root).current else {
            print(Strings.text(.nextAllDone, ExerciseCatalog.exercises.count))
            return 0
        }
        printWrapped("\(next.name) — \(next.title(in: .current))", .bold)
        if LearnerProgress(root: root).isMissing(next) {
            printWrapped(Strings.text(.nextMissing, next.stub, next.name))
            return 0
        }
        printWrapped(Strings.text(.nextEdit, next.stub))
        // Three commands, three columns apart: on a narrow terminal, one a line.
        let commands = Strings.text(.nextCommands)
        if ReportLayout.width(commands) <= Terminal.columns {
            print(commands)
        } else {
            for command in commands.components(separatedBy: "     ") { printWrapped(command.trimmingCharacters(in: .whitespaces)) }
        }
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
                let suggestion = Suggest.nearest(to: name, in: ExerciseCatalog.exercises.map(\.name)).map { Strings.text(.didYouMean, $0) } ?? ""
                Terminal.printError(Strings.text(.errorNoExercise, name, suggestion))
                return 64
            }
            exercise = found
        } else {
            guard let current = progress.current else { print(Strings.text(.hintNoneNeeded)); return 0 }
            exercise = current
        }
        let seen = progress.nextHint(exercise)
        printWrapped("\(exercise.name) — \(exercise.title(in: .current))", .bold)
        printWrapped(Strings.text(.hintEdit, exercise.stub))
        for (index, hint) in exercise.hints(in: .current).prefix(seen).enumerated() {
            let text = Strings.text(.hintLine, index + 1, exercise.hints.count, hint)
            // A hint's lines hang under its text, after "Hint 1 of 3: ".
            let label = Strings.text(.hintLine, index + 1, exercise.hints.count, "")
            printWrapped(text, index + 1 == seen ? nil : .dim, indent: ReportLayout.width(label))
        }
        if seen < exercise.hints.count {
            printWrapped(Strings.text(.hintAskAgain, exercise.name), .dim)
        } else {
            printWrapped(Strings.text(.hintLast, exercise.solution), .dim)
        }
        return 0
    }

    /// `text` wrapped to the terminal (words whole), each line in `style`.
    static func printWrapped(_ text: String, _ style: Terminal.Style? = nil, indent: Int = 0) {
        for line in ReportLayout.wrap(text, width: Terminal.columns, indent: indent) {
            print(style.map { Terminal.styled(line, $0) } ?? line)
        }
    }

    // MARK: reset

    /// Restores the shipped file, after asking (or with --yes). Also restores a file that was deleted.
    static func reset(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        let names = arguments.filter { !$0.hasPrefix("-") }
        if let flag = arguments.first(where: { $0.hasPrefix("-") && $0 != "--yes" && $0 != "-y" }) {
            let suggestion = Suggest.nearest(to: flag, in: ["--yes"]).map { Strings.text(.didYouMeanFlag, $0) } ?? ""
            Terminal.printError(Strings.text(.errorResetFlag, flag, suggestion))
            return 64
        }
        guard let name = names.first else {
            Terminal.printError(Strings.text(.errorResetWhich))
            return 64
        }
        guard takes(atMost: 1, names, command: "reset") else { return 64 }
        guard let exercise = ExerciseCatalog.exercises.first(where: { $0.name == name.lowercased() }) else {
            let suggestion = Suggest.nearest(to: name, in: ExerciseCatalog.exercises.map(\.name)).map { Strings.text(.didYouMean, $0) } ?? ""
            Terminal.printError(Strings.text(.errorResetNoExercise, name, suggestion))
            return 64
        }
        let target = root.appendingPathComponent(exercise.stub)
        let shipped = root.appendingPathComponent(exercise.shipped)
        let wasMissing = !FileManager.default.fileExists(atPath: target.path)
        if !wasMissing, !(arguments.contains("--yes") || arguments.contains("-y")) {
            guard Terminal.stdinIsTerminal else {
                Terminal.printError(Strings.text(.errorResetNeedsYes, exercise.stub))
                return 64
            }
            print(Strings.text(.resetPrompt, exercise.stub), terminator: "")
            guard let answer = readLine(), ["y", "yes", "예", "네"].contains(answer.lowercased()) else {
                print(Strings.text(.resetKept))
                return 1
            }
        }
        let contents: Data
        do { contents = try Data(contentsOf: shipped) } catch {
            Terminal.printError(Strings.text(.errorResetShipped, exercise.shipped, error.localizedDescription))
            return 1
        }
        // The learner's own version is kept first (unless it is the shipped one already): a reset
        // typed for the wrong exercise must not cost an afternoon's work.
        var kept: String?
        if let mine = try? Data(contentsOf: target), mine != contents {
            let copy = backupName(for: exercise, in: root)
            do {
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try mine.write(to: copy, options: .atomic)
                kept = String(copy.path.dropFirst(root.path.count + 1))
            } catch {
                Terminal.printError(Strings.text(.errorResetWrite, copy.path, error.localizedDescription))
                return 1
            }
        }
        do {
            // Written whole into place (atomically): the old file stays until the new one is complete.
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: target, options: .atomic)
        } catch {
            Terminal.printError(Strings.text(.errorResetWrite, exercise.stub, error.localizedDescription))
            return 1
        }
        var progress = LearnerProgress(root: root)
        progress.forget(exercise)
        print(Strings.text(wasMissing ? .resetRestoredMissing : .resetRestored, exercise.stub))
        if let kept { print(Strings.text(.resetKeptCopy, kept)) }
        return 0
    }

    /// Where `reset` keeps the learner's version: `.workbook-backups/<id>-<date and time>.swift`
    /// (git-ignored), never over an earlier copy.
    static func backupName(for exercise: ExerciseInfo, in root: URL) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: Date())
        let folder = root.appendingPathComponent(".workbook-backups", isDirectory: true)
        var candidate = folder.appendingPathComponent("\(exercise.name)-\(stamp).swift")
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = folder.appendingPathComponent("\(exercise.name)-\(stamp)-\(number).swift")
            number += 1
        }
        return candidate
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
        case "check"?: printHelp(Strings.text(.helpCheck))
        case "watch"?: printHelp(Strings.text(.helpWatch))
        case "next"?: printHelp(Strings.text(.helpNext))
        case "hint"?: printHelp(Strings.text(.helpHint))
        case "reset"?: printHelp(Strings.text(.helpReset))
        case "verify"?: printHelp(Strings.text(.helpVerify))
        case "mutants"?: printHelp(Strings.text(.helpMutants))
        case "list"?, "ls"?: printHelp(Strings.text(.helpList))
        case "help"?: printHelp(Strings.text(.helpHelp))
        case let topic? where Catalog.chapter(named: topic) != nil:
            return main([topic, "--help"])
        case let topic?:
            let suggestion = Suggest.nearest(to: topic, in: commands).map { Strings.text(.didYouMean, $0) } ?? ""
            Terminal.printError(Strings.text(.errorNoHelp, topic, suggestion, commands.joined(separator: ", ")))
            return 64
        case nil:
            printHelp(Strings.text(.helpMain, chapterRange))
        }
        return 0
    }

    /// A help text fitted to the terminal: its prose lines are joined into paragraphs and wrapped;
    /// indented lines (a table of commands) and lines with " · " (examples) stay as written.
    static func printHelp(_ text: String) {
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty {
                for line in ReportLayout.wrap(paragraph.joined(separator: " "), width: Terminal.columns) { print(line) }
            }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty || line.hasPrefix(" ") || line.hasSuffix(":") || line.hasPrefix("USAGE") || line.hasPrefix("사용법") {
                flush()
                print(line)
            } else if line.contains(" · ") {
                flush()
                for part in line.components(separatedBy: " · ") { print(part.hasPrefix("Examples:") || part.hasPrefix("예:") ? part : "  " + part) }
            } else {
                paragraph.append(line)
            }
        }
        flush()
    }
}

// A chapter's run, printed as a short lab report: claim → run → measured → conclusion →
// where to read → the exercise to try. With `--json`, nothing but one JSON object of the
// measured figures goes to standard output.

import Foundation

public struct ChapterOptions: Sendable {
    /// Small N, for CI: a few seconds.
    public var quick = false
    /// Print the measured figures as one JSON object instead of the report.
    public var json = false
    public var help = false
    /// The seed for everything random in the run; printed, so a run can be repeated.
    public var seed: UInt64 = 1233

    public init() {}

    public static let flags = ["--quick", "--json", "--help", "--seed"]

    /// Parses the chapter's flags. Throws a message (with a suggestion) for anything unknown.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ChapterOptions {
        var options = ChapterOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick", "-q": options.quick = true
            case "--json": options.json = true
            case "--help", "-h": options.help = true
            case "--seed":
                guard let text = rest.popFirst() else { throw UsageError("--seed needs a number after it, e.g. --seed 42") }
                guard let seed = UInt64(text) else {
                    throw UsageError("--seed must be a whole number, 0 or more (not '\(text)'), e.g. --seed 42")
                }
                options.seed = seed
            default:
                let hint = Suggest.nearest(to: argument, in: flags).map { " Did you mean \($0)?" } ?? ""
                throw UsageError("unknown option '\(argument)'.\(hint) See --help.")
            }
        }
        return options
    }
}

public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What a chapter is: its catalog entry, its run, and its child scenarios.
public protocol ChapterProgram {
    static var info: ChapterInfo { get }
    /// Runs the chapter, writing its report through `lab`.
    static func run(_ lab: Lab) throws
    /// Runs one scenario in a child process (crashing and hanging demos live here). Returns the
    /// exit code; a crash never returns.
    static func child(scenario: String, arguments: [String]) -> Int32
}

extension ChapterProgram {
    public static func child(scenario: String, arguments: [String]) -> Int32 {
        Terminal.printError("this chapter has no child scenario named '\(scenario)'")
        return 64
    }
}

public final class Lab {
    public let info: ChapterInfo
    public let options: ChapterOptions
    /// What to put before `--kfd-child` to relaunch this chapter in a child process.
    let childPrefix: [String]
    private var figures: [String: JSONValue] = [:]
    private var partKey = ""
    private var partNumber = 0

    init(info: ChapterInfo, options: ChapterOptions, childPrefix: [String]) {
        self.info = info
        self.options = options
        self.childPrefix = childPrefix
        figures["chapter"] = .int(info.number)
        figures["seed"] = .int(Int(truncatingIfNeeded: options.seed))
        figures["quick"] = .bool(options.quick)
        figures["platform"] = .string(Self.platform)
    }

    public static var platform: String {
        #if os(Linux)
        return "linux"
        #elseif os(macOS)
        return "macos"
        #else
        return "other"
        #endif
    }

    /// Picks the quick or the full size of a run.
    public func size(quick: Int, full: Int) -> Int { options.quick ? quick : full }

    /// A run size, also recorded as a figure ("<part>.<name>"), so a test can compare a count with
    /// the size it was out of instead of repeating the number.
    public func size(_ name: String, quick: Int, full: Int) -> Int {
        let value = size(quick: quick, full: full)
        record(name, .int(value))
        return value
    }

    private func say(_ text: String = "") {
        guard !options.json else { return }
        print(text)
    }

    func banner() {
        let title = "Chapter \(info.number) · \(info.title)"
        say(Terminal.styled(title, .bold))
        say(Terminal.styled(String(repeating: "─", count: title.count), .dim))
        say("seed \(options.seed)\(options.quick ? " · quick run" : "") · \(Self.platform)")
    }

    /// Starts a numbered part of the report; figures recorded after it are keyed "<key>.<name>".
    public func part(_ key: String, _ title: String) {
        partNumber += 1
        partKey = key
        say()
        say(Terminal.styled("\(partNumber). \(title)", .bold, .blue))
    }

    private func labelled(_ label: String, _ text: String, _ style: Terminal.Style) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let prefix = index == 0 ? Terminal.styled(label.padding(toLength: 10, withPad: " ", startingAt: 0), style)
                                    : String(repeating: " ", count: 10)
            say("  \(prefix)\(line)")
        }
    }

    public func claim(_ text: String) { labelled("CLAIM", text, .yellow) }
    public func run(_ text: String) { labelled("RUN", text, .cyan) }
    public func conclude(_ text: String) { labelled("SO", text, .green) }
    public func note(_ text: String) { labelled("", text, .dim) }

    /// Records a measured figure and prints it as "label ……… display".
    public func measured(_ name: String, _ value: JSONValue, _ label: String, _ display: String? = nil) {
        figures[partKey.isEmpty ? name : "\(partKey).\(name)"] = value
        let shown = display ?? value.plainText
        let dots = String(repeating: "·", count: max(2, 46 - label.count))
        say("  \(Terminal.styled("MEASURED", .green))  \(label) \(Terminal.styled(dots, .dim)) \(Terminal.styled(shown, .bold))")
    }

    /// Typed forms: the value is the figure, printed as it is (or as `display`).
    public func measured(_ name: String, _ value: Int, _ label: String, _ display: String? = nil) {
        measured(name, .int(value), label, display)
    }
    public func measured(_ name: String, _ value: Bool, _ label: String, _ display: String? = nil) {
        measured(name, .bool(value), label, display)
    }
    public func measured(_ name: String, _ value: String, _ label: String, _ display: String? = nil) {
        measured(name, .string(value), label, display)
    }
    public func measured(_ name: String, _ value: Double, _ label: String, _ display: String? = nil) {
        measured(name, .double(value), label, display)
    }
    /// A duration: recorded in nanoseconds, printed as "4.5 µs".
    public func measured(_ name: String, nanoseconds: Double, _ label: String) {
        measured(name, .double(nanoseconds), label, Stats.formatNanoseconds(nanoseconds))
    }

    /// Prints rows as an aligned table (first column left, the others right), indented.
    public func table(_ columns: [String], _ rows: [[String]]) {
        let widths = columns.indices.map { index in ([columns[index]] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            columns.indices.map { index in
                let cell = index < cells.count ? cells[index] : ""
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        show(([line(columns)] + rows.map(line)).joined(separator: "\n"))
    }

    /// Reports what the model checker found: "<label> ···· k of n" for the bad outcomes, recorded
    /// as `<part>.<key>` = {total, bad, outcomes}.
    public func interleavings(_ key: String, _ exploration: Exploration, _ label: String) {
        let outcomes = JSONValue.object(exploration.byOutcome.mapValues { .int($0) })
        record(key, .object(["total": .int(exploration.total), "bad": .int(exploration.bad), "outcomes": outcomes]))
        let others = exploration.byOutcome.filter { !$0.key.isEmpty }.sorted { $0.key < $1.key }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let dots = String(repeating: "·", count: max(2, 46 - label.count))
        say("  \(Terminal.styled("MEASURED", .green))  \(label) \(Terminal.styled(dots, .dim)) "
            + Terminal.styled("\(exploration.bad) of \(exploration.total)", .bold) + Terminal.styled("  (\(others))", .dim))
    }

    /// Records a figure for `--json` without printing it.
    public func record(_ name: String, _ value: JSONValue) {
        figures[partKey.isEmpty ? name : "\(partKey).\(name)"] = value
    }

    /// Prints lines as they are (a table, a diagnostic, a backtrace excerpt), indented.
    public func show(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            say("    " + Terminal.styled(String(line), .dim))
        }
    }

    /// Where to read: our files and lines, and Kingfisher's.
    public func read(_ places: [String]) {
        say()
        say(Terminal.styled("Where to read", .bold))
        for place in places { say("  • \(place)") }
    }

    /// The exercises to try next (none: the notes' questions are the exercise).
    /// The chapter's exercises, from workbook.json, and where its notes are.
    public func exercises() {
        let names = ExerciseCatalog.exercises.filter { $0.chapter == info.number }.map(\.name)
        say()
        say(Terminal.styled("Try it yourself", .bold))
        if names.isEmpty { say("  • no coded exercise for this chapter: take the questions at the end of the notes") }
        for name in names { say("  • swift run workbook check \(name)   (hint: swift run workbook hint \(name))") }
        say("  • the notes: \(info.folder)/README.md")
    }

    /// Relaunches this program in a child process to run `scenario`.
    public func child(_ scenario: String, _ arguments: [String] = [], timeout: TimeInterval = 20,
                      environment: [String: String] = [:]) -> ChildResult {
        ChildProcess.run(ChildProcess.currentExecutable,
                         arguments: childPrefix + ["--kfd-child", scenario] + arguments,
                         environment: environment, timeout: timeout)
    }

    /// Runs `scenario` `count` times in child processes and returns the results, with progress.
    public func children(_ scenario: String, count: Int, arguments: (Int) -> [String] = { _ in [] },
                         timeout: TimeInterval = 20, environment: [String: String] = [:]) -> [ChildResult] {
        let progress = ProgressLine("child runs of '\(scenario)'", total: count)
        defer { progress.finish() }
        return (0..<count).map { index in
            let result = child(scenario, arguments(index), timeout: timeout, environment: environment)
            progress.update(index + 1)
            return result
        }
    }

    func finish() {
        if options.json { print(JSONValue.object(figures).text) }
    }

    /// The figures recorded so far (for tests that run a chapter in-process).
    public var recordedFigures: [String: JSONValue] { figures }
}

extension JSONValue {
    /// The value as a person reads it.
    public var plainText: String {
        switch self {
        case .string(let value): return value
        case .double(let value): return String(format: value.magnitude >= 100 ? "%.0f" : "%.3g", value)
        default: return text
        }
    }
}

/// The entry point shared by a chapter's own executable and by `workbook NN`.
public enum ChapterMain {
    /// Runs `program` with `arguments` (without the program name) and returns the exit code.
    /// - Parameter childPrefix: arguments that lead back to this chapter when the program
    ///   relaunches itself (`[]` for the chapter's executable, `["NN"]` for `workbook`).
    public static func run(_ program: any ChapterProgram.Type, arguments: [String],
                           childPrefix: [String] = []) -> Int32 {
        if arguments.first == "--kfd-child" {
            guard arguments.count >= 2 else { return 64 }
            return program.child(scenario: arguments[1], arguments: Array(arguments.dropFirst(2)))
        }
        let options: ChapterOptions
        do { options = try ChapterOptions.parse(arguments) } catch {
            Terminal.printError("error: \(error)")
            return 64
        }
        let info = program.info
        if options.help {
            print("""
            \(info.executable) — Chapter \(info.number): \(info.title)
            \(info.summary)

            USAGE: swift run \(info.executable) [--quick] [--json] [--seed N]
                   swift run workbook \(info.paddedNumber) [--quick] [--json] [--seed N]

            OPTIONS:
              --quick     small sizes, a few seconds (what CI runs)
              --json      print only the measured figures, as one JSON object
              --seed N    seed for everything random (default 1233); printed in the report
              --help      this text

            Notes for the study group: \(info.folder)/README.md
            """)
            return 0
        }
        let lab = Lab(info: info, options: options, childPrefix: childPrefix)
        lab.banner()
        do {
            try program.run(lab)
        } catch {
            Terminal.printError("error: chapter \(info.number) stopped: \(error)")
            return 1
        }
        lab.finish()
        return 0
    }
}

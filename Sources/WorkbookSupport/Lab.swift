// A chapter's run, printed as a short lab report: claim → run → measured → conclusion, part by
// part; then a summary (each part's verdict), where to read, and the exercise to try. Text is
// wrapped to the terminal's width (ReportLayout); write it with line breaks where a sentence reads
// well at 100 columns, and they become spaces. With `--json`, nothing but one JSON object of the
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
    /// The language of the report's words (CLAIM and SO lines, headings); never of `--json`.
    public var language: Language = .current

    public init() {}

    public static let flags = ["--quick", "--json", "--help", "--seed", "--lang"]

    /// Parses the chapter's flags. Throws a message (with a suggestion) for anything unknown.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ChapterOptions {
        var options = ChapterOptions()
        if let message = Language.flagError(in: arguments) { throw UsageError(message) }
        // `workbook NN --lang ko` takes the flag off before the chapter sees it: then the process's own.
        if Language.flagValue(in: arguments) != nil {
            options.language = Language.resolve(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        }
        var rest = Language.removingFlag(from: arguments)[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick", "-q": options.quick = true
            case "--json": options.json = true
            case "--help", "-h": options.help = true
            case "--seed":
                guard let text = rest.popFirst() else { throw UsageError(Strings.text(.errorSeedMissing, in: options.language)) }
                guard let seed = UInt64(text) else {
                    throw UsageError(Strings.text(.errorSeedNotNumber, text, in: options.language))
                }
                options.seed = seed
            default:
                let hint = Suggest.nearest(to: argument, in: flags).map { Strings.text(.didYouMeanFlag, $0, in: options.language) } ?? ""
                throw UsageError(Strings.text(.errorUnknownOption, argument, hint, in: options.language))
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
    /// The report's Korean: part titles and text twins (`Lab/Korean.swift`; see ReportTwins).
    static var koreanReport: ReportTwins { get }
}

extension ChapterProgram {
    public static var koreanReport: ReportTwins { ReportTwins() }

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
    /// The width the report is wrapped to (the terminal's, `$COLUMNS`, or 100 on a pipe).
    let width: Int
    /// Each part's verdict so far, for the summary at the end: its conclusion's first sentence,
    /// or, for a part without one, its last measured figure.
    private var verdicts: [(number: Int, conclusion: String?, lastMeasured: String?)] = []
    private var summaryShown = false
    /// The Korean twins of this chapter's texts (and the shared ones), and the texts that had none.
    private let titles: [String: String]
    private let twins: ReportMatcher
    private var missingKorean: [String] = []
    /// Lines printed as they are (code, diagnostics, timelines): not prose to translate.
    private var verbatim: [String] = []

    init(info: ChapterInfo, options: ChapterOptions, childPrefix: [String], width: Int = Terminal.columns,
         twins: ReportTwins = ReportTwins()) {
        self.info = info
        self.options = options
        self.childPrefix = childPrefix
        self.width = width
        self.titles = twins.titles
        self.twins = twins.withShared().matcher()
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

    /// The language the report is written in (`--lang`, else the locale).
    public var language: Language { options.language }

    /// `english`, or `korean` when the report is in Korean.
    public func words(_ english: String, ko korean: String?) -> String {
        language == .ko ? korean ?? english : english
    }

    /// `english` in the report's language: its Korean twin under `--lang ko` (see ReportTwins).
    /// Prose without a twin stays English and is listed as missing (`kind` says where it was).
    private func twin(_ english: String, _ kind: String, listMissing: Bool = true) -> String {
        guard language == .ko, !ReportProse.hasHangul(english) else { return english }
        if let korean = twins.korean(english) { return korean }
        if listMissing, ReportProse.isProse(english) {
            missingKorean.append("\(partKey.isEmpty ? "-" : partKey) · \(kind) · \(ReportTwins.normalized(english))")
        }
        return english
    }

    private func say(_ text: String = "") {
        guard !options.json else { return }
        print(text)
    }

    private func say(_ lines: [[Span]]) {
        for line in lines { say(ReportLayout.render(line)) }
    }

    func banner() {
        let title = ReportLayout.wrap([Span(Strings.text(.chapterBanner, info.number, info.title(in: language), in: language), .bold)], width: width)
        say(title)
        let rule = min(width, title.map(ReportLayout.width(of:)).max() ?? 0)
        say(Terminal.styled(String(repeating: "─", count: rule), .dim))
        say(ReportLayout.wrap([Span("seed \(options.seed)\(options.quick ? Strings.text(.chapterQuickRun, in: language) : "") · \(Self.platform)")], width: width))
    }

    /// Starts a numbered part of the report; figures recorded after it are keyed "<key>.<name>".
    public func part(_ key: String, _ title: String) {
        partNumber += 1
        partKey = key
        verdicts.append((partNumber, nil, nil))
        say()
        let number = "\(partNumber). "
        let title = language == .ko ? titles[key] ?? twin(title, "title") : title
        // The key after the title, as in `2. The ghost entry, forced  [ghost]`: the README's question
        // table, the notes and `--json` (`crash.crashes`) all name a part by it.
        say(ReportLayout.wrap([Span(title, .bold, .blue), Span("  " + Self.keyTag(key), .dim)], width: width,
                              first: [Span(number, .bold, .blue)], indent: ReportLayout.width(number)))
    }

    /// How a part's key is printed beside its title: `[ghost]`.
    public static func keyTag(_ key: String) -> String { "[\(key)]" }

    /// The column a label's text starts at ("  CLAIM     …"), and the one a measured value
    /// starts at when the line has room.
    static let textColumn = 12, valueColumn = 60

    private func labelled(_ label: String, _ text: String, _ style: Terminal.Style) {
        for (index, paragraph) in ReportLayout.paragraphs(text).enumerated() {
            let prefix = index == 0 ? [Span("  "), Span(label.padding(toLength: Self.textColumn - 2, withPad: " ", startingAt: 0), style)]
                                    : [Span.spaces(Self.textColumn)]
            say(ReportLayout.wrap([Span(paragraph)], width: width, first: prefix, indent: Self.textColumn))
        }
    }

    /// The statement a part tests. `ko`: the same statement in Korean, with the same values in it.
    public func claim(_ text: String, ko korean: String? = nil) { labelled("CLAIM", korean.map { words(text, ko: $0) } ?? twin(text, "CLAIM"), .yellow) }
    public func run(_ text: String) { labelled("RUN", twin(text, "RUN"), .cyan) }
    /// What the part showed. `ko`: the same conclusion in Korean, with the same values in it.
    public func conclude(_ text: String, ko korean: String? = nil) {
        let text = korean.map { words(text, ko: $0) } ?? twin(text, "SO")
        labelled("SO", text, .green)
        if !verdicts.isEmpty, verdicts[verdicts.count - 1].conclusion == nil {
            verdicts[verdicts.count - 1].conclusion = ReportLayout.firstSentence(text)
        }
    }
    public func note(_ text: String) { labelled("", twin(text, "note"), .dim) }

    /// "  MEASURED  label ······ value", wrapped to the width.
    private func measuredLine(_ label: String, _ value: [Span]) {
        let label = twin(label, "MEASURED label")
        let value = value.map { Span(text: twin($0.text, "MEASURED value"), styles: $0.styles) }
        say(ReportLayout.leader(prefix: [Span("  "), Span("MEASURED", .green), Span("  ")], label: label, value: value,
                                width: width, indent: Self.textColumn, column: Self.valueColumn))
        if !verdicts.isEmpty {
            verdicts[verdicts.count - 1].lastMeasured = "\(label): " + ReportLayout.plain(value)
        }
    }

    /// Records a measured figure and prints it as "label ……… display".
    public func measured(_ name: String, _ value: JSONValue, _ label: String, _ display: String? = nil) {
        figures[partKey.isEmpty ? name : "\(partKey).\(name)"] = value
        measuredLine(label, [Span(display ?? value.plainText, .bold)])
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

    /// Prints rows as an aligned table (first column left, the others right), indented; on a
    /// narrow terminal the first column wraps inside itself and the columns stay aligned.
    public func table(_ columns: [String], _ rows: [[String]]) {
        let columns = columns.map { twin($0, "table heading") }, rows = rows.map { $0.map { twin($0, "table cell") } }
        for line in ReportLayout.table(columns, rows, width: width, indent: 4) {
            say(Terminal.styled(line, .dim))
        }
    }

    /// Reports what the model checker found: "<label> ···· k of n" for the bad outcomes, recorded
    /// as `<part>.<key>` = {total, bad, outcomes}.
    public func interleavings(_ key: String, _ exploration: Exploration, _ label: String) {
        let outcomes = JSONValue.object(exploration.byOutcome.mapValues { .int($0) })
        record(key, .object(["total": .int(exploration.total), "bad": .int(exploration.bad), "outcomes": outcomes]))
        let others = exploration.byOutcome.filter { !$0.key.isEmpty }.sorted { $0.key < $1.key }
            .map { language == .ko ? "\(twin($0.key, "outcome")) \($0.value)" : "\($0.value) \($0.key)" }.joined(separator: ", ")
        measuredLine(label, [Span("\(exploration.bad) of \(exploration.total)", .bold), Span("  (\(others))", .dim)])
    }

    /// Records a figure for `--json` without printing it.
    public func record(_ name: String, _ value: JSONValue) {
        figures[partKey.isEmpty ? name : "\(partKey).\(name)"] = value
    }

    /// Prints lines as they are (a diagnostic, a backtrace excerpt, a timeline), indented; a line
    /// too long for the width wraps, its rest indented under it.
    public func show(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(shownTwin) {
            let leading = min(line.prefix { $0 == " " }.count, width / 3)
            let lines = ReportLayout.wrap([Span(String(line.dropFirst(leading)), .dim)], width: width,
                                          first: [Span.spaces(4 + leading)], indent: 4 + leading + 4)
            if !ReportProse.hasHangul(line) { verbatim += lines.map { ReportLayout.plain($0) } }
            say(lines)
        }
    }

    /// A shown line's Korean twin, if it has one, at the same indentation (a shown line is code or
    /// a diagnostic as often as prose, so one without a twin is not listed as missing).
    private func shownTwin(_ line: Substring) -> String {
        let leading = line.prefix { $0 == " " }
        return String(leading) + twin(String(line.dropFirst(leading.count)), "shown", listMissing: false)
    }

    /// "  • text", wrapped with its rest under the text.
    private func bullet(_ text: String) {
        say(ReportLayout.wrap([Span(text)], width: width, first: [Span("  • ")], indent: 4))
    }

    /// Where to read: our files and lines, and Kingfisher's. Preceded by the run's summary.
    public func read(_ places: [String]) {
        summary()
        say()
        say(Terminal.styled(Strings.text(.chapterWhereToRead, in: language), .bold))
        for place in places { bullet(twin(place, "where to read")) }
    }

    /// Every part's verdict, one entry each, so the run can be read without scrolling back: the
    /// first sentence of its conclusion, or its last measured figure.
    func summary() {
        guard !summaryShown, !verdicts.isEmpty else { return }
        summaryShown = true
        say()
        let heading = options.quick ? Strings.Key.chapterSummaryQuick : .chapterSummary
        say(Terminal.styled(Strings.text(heading, options.seed, Self.platform, in: language), .bold))
        for verdict in verdicts {
            let number = "  \(verdict.number). "
            let text = verdict.conclusion ?? verdict.lastMeasured ?? Strings.text(.chapterNothingMeasured, in: language)
            say(ReportLayout.wrap([Span(text)], width: width, first: [Span(number)], indent: ReportLayout.width(number)))
        }
    }

    /// The exercises to try next (none: the notes' questions are the exercise).
    /// The chapter's exercises, from workbook.json, and where its notes are.
    public func exercises() {
        let names = ExerciseCatalog.exercises.filter { $0.chapter == info.number }.map(\.name)
        say()
        say(Terminal.styled(Strings.text(.chapterTryIt, in: language), .bold))
        if names.isEmpty { bullet(Strings.text(.chapterNoExercise, in: language)) }
        for name in names {
            // A command is never split across lines (it is copied whole): on a narrow terminal the
            // hint goes on a line of its own.
            let check = "swift run workbook check \(name)", hint = Strings.text(.chapterHintCommand, name, in: language)
            if ReportLayout.width("  • \(check)   \(hint)") <= width {
                bullet("\(check)   \(hint)")
            } else {
                bullet(check)
                say(ReportLayout.wrap([Span(hint)], width: width, first: [Span.spaces(4)], indent: 4))
            }
        }
        bullet(Strings.text(.chapterNotes, info.folder, in: language))
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
        summary()
        if ProcessInfo.processInfo.environment["KFD_MISSING_KOREAN"] == "1" {
            for text in missingKorean { Terminal.printError("missing Korean · \(text)") }
            for line in verbatim { Terminal.printError("verbatim · \(line)") }
        }
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
        let info = program.info, language = options.language
        if options.help {
            let text = Strings.text(.chapterHelp, info.executable, info.number, info.title(in: language), info.summary(in: language),
                                    info.paddedNumber, info.folder, in: language)
            // Prose lines (the title, the summary, the notes) wrapped to the terminal; indented
            // lines (the options, a usage's second line) as written.
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix(" ") || line.isEmpty { print(line); continue }
                for part in ReportLayout.wrap(line, width: Terminal.columns, indent: 2) { print(part) }
            }
            return 0
        }
        let lab = Lab(info: info, options: options, childPrefix: childPrefix, twins: program.koreanReport)
        lab.banner()
        do {
            try program.run(lab)
        } catch {
            Terminal.printError(Strings.text(.errorChapterStopped, info.number, "\(error)", in: language))
            return 1
        }
        lab.finish()
        return 0
    }
}

// What an experiment prints and writes: a Markdown report (machine, date, seed, tables, target
// checks) and SVG charts, into a results folder.

import Foundation

public struct ExperimentOptions: Sendable {
    public var quick = false
    public var large = false
    public var seed: UInt64 = 42
    public var output = "Experiments/results-local"

    /// Parses `--quick`, `--large`, `--seed N`, `--output DIR`, `--help` (prints `usage`, exits 0).
    public static func parse(_ arguments: [String], usage: String) -> ExperimentOptions {
        var options = ExperimentOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--large": options.large = true
            case "--seed":
                guard let value = rest.popFirst().flatMap(UInt64.init) else { fail("--seed must be a whole number, 0 or more, e.g. --seed 42") }
                options.seed = value
            case "--output":
                guard let value = rest.popFirst() else { fail("--output needs a folder") }
                options.output = value
            case "--help", "-h":
                print(usage + "\n\nOPTIONS:\n  --quick       small sizes, a few seconds (CI)\n  --seed N      seed for random inputs (default 42)\n"
                      + "  --output DIR  where to write the .md and .svg (default Experiments/results-local)\n  --help        this text")
                exit(0)
            default:
                let hint = Suggest.nearest(to: argument, in: ["--quick", "--large", "--seed", "--output", "--help"]).map { " Did you mean \($0)?" } ?? ""
                fail("unknown option '\(argument)'.\(hint)")
            }
        }
        return options
    }

    static func fail(_ message: String) -> Never {
        Terminal.printError("error: \(message)")
        exit(64)
    }
}

public final class ExperimentReport {
    public let name: String
    public let title: String
    let options: ExperimentOptions
    private var markdown: [String] = []
    private var charts: [(file: String, svg: String)] = []
    public private(set) var missedTargets: [String] = []
    /// The run's date and machine, also written under every chart.
    private let date: String
    private let machine: String

    public init(name: String, title: String, options: ExperimentOptions) {
        self.name = name
        self.title = title
        self.options = options
        date = ISO8601DateFormatter().string(from: Date())
        machine = Bench.machineDescription()
        let header = ["# \(title)", "", "- machine: \(machine)", "- measured: \(date)",
                      "- seed: \(options.seed)\(options.quick ? " · quick run (small sizes)" : "")", ""]
        markdown += header
        print(Terminal.styled(title, .bold))
        header.dropFirst(2).filter { !$0.isEmpty }.forEach { print($0) }
        if Bench.isDebugBuild {
            print(Terminal.styled(Bench.debugWarning, .yellow))
            markdown += ["> **\(Bench.debugWarning)**", ""]
        }
    }

    /// A paragraph, printed and written.
    public func note(_ text: String) {
        print(text)
        markdown += [text, ""]
    }

    /// A table: printed aligned, written as Markdown.
    public func table(_ heading: String, columns: [String], rows: [[String]]) {
        let widths = columns.indices.map { index in ([columns[index]] + rows.map { $0[index] }).map(\.count).max() ?? 0 }
        print("\n" + Terminal.styled(heading, .bold))
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $0.offset == 0 ? $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0)
                                                    : String(repeating: " ", count: widths[$0.offset] - $0.element.count) + $0.element }
                .joined(separator: "  ")
        }
        print(line(columns))
        rows.forEach { print(line($0)) }
        markdown += ["## \(heading)", "", "| " + columns.joined(separator: " | ") + " |",
                     "|" + columns.indices.map { $0 == 0 ? "---" : "---:" }.joined(separator: "|") + "|"]
        markdown += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        markdown.append("")
    }

    /// A target checked as a ratio measured in this run: met when `ratio <= limit`.
    public func target(_ statement: String, ratio: Double, limit: Double, why: String) {
        let met = ratio <= limit
        // By how much, from this run's ratio: how far over the limit, as a share of the limit.
        let verdict = met ? "met" : String(format: "MISSED by %.1f%%", (ratio / limit - 1) * 100)
        let line = String(format: "%@: %.2f× (target ≤ %.2f×) — %@", statement, ratio, limit, verdict)
        print((met ? Terminal.styled("✔ ", .green) : Terminal.styled("✘ ", .red)) + line)
        if !met { print("   why: \(why)"); missedTargets.append(statement) }
        markdown += ["- **\(met ? "met" : "MISSED")** — \(line)" + (met ? "" : "  \n  why: \(why)"), ""]
    }

    /// A chart, written beside the report with the run's date, machine and mode under it.
    public func chart(_ file: String, _ svg: String) {
        var footer = ["measured \(date) · seed \(options.seed) · \(machine)"]
        if options.quick { footer.append("quick run (--quick): small sizes, a few rounds — a smoke test, not figures to quote") }
        if Bench.isDebugBuild { footer.append(Bench.debugWarning) }
        charts.append((file, SVGChart.withFooter(svg, footer)))
        markdown += ["![\(file)](\(file))", ""]
    }

    /// Writes `<output>/<name>.md` and the charts; prints where.
    public func write() {
        let folder = URL(fileURLWithPath: options.output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try markdown.joined(separator: "\n").write(to: folder.appendingPathComponent("\(name).md"), atomically: true, encoding: .utf8)
            for chart in charts { try chart.svg.write(to: folder.appendingPathComponent(chart.file), atomically: true, encoding: .utf8) }
            print("\nwrote \(folder.path)/\(name).md" + (charts.isEmpty ? "" : " and \(charts.map(\.file).joined(separator: ", "))"))
        } catch {
            Terminal.printError("error: could not write the results to \(folder.path): \(error)")
        }
    }
}

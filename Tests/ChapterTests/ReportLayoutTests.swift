// The lab report's layout: on any width from 40 to 160 columns no line runs past the width, no
// word is cut (unless it is wider than a whole line), continuation lines hang under their text,
// and tables keep their columns. Run on long inputs, then on a real chapter's output.

import Foundation
import Testing
import WorkbookSupport

@Suite("Lab report layout")
struct ReportLayoutTests {
    static let widths = [40, 80, 100, 160]

    static let longText = "An eviction callback that mutates `keys` without the lock crashes the process, in Set's own "
        + "code, as in the issue's report — in some runs, not all: a race needs both threads running at once. "
        + "Here (Linux, corelibs) NSCache evicts only inside setObject, on the inserting thread, and never calls "
        + "the delegate on removeObject; so one thread plays Apple's eviction. 한국어 글자는 두 칸을 차지합니다."

    static func words(_ lines: [String]) -> [Substring] {
        lines.joined(separator: " ").split(separator: " ")
    }

    @Test("wrapped text: no line past the width, every word whole and in order, continuations hang", arguments: widths)
    func wrapsWholeWords(width: Int) {
        let lines = ReportLayout.wrap(Self.longText, width: width, first: "  CLAIM     ", indent: 12)
        #expect(lines.count > 1)
        for line in lines {
            #expect(ReportLayout.width(line) <= width, "\(ReportLayout.width(line)) > \(width): \(line)")
        }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 12)) && !$0.dropFirst(12).hasPrefix(" ") })
        #expect(Self.words(lines).dropFirst() == Self.longText.split(separator: " ")[...])
    }

    @Test("a word wider than the line breaks after a '/' and reads back whole")
    func longWordBreaksAtSlash() {
        let path = "/Users/someone/Library/Logs/DiagnosticReports/ch04-issue-1233-2026-11-23-220512.ips"
        let lines = ReportLayout.wrap("report: \(path)", width: 40, indent: 4)
        #expect(lines.allSatisfy { ReportLayout.width($0) <= 40 })
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined().hasSuffix(path))
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("/") || $0.hasSuffix(":") || $0.hasSuffix("-") || $0.hasSuffix(".") })
    }

    @Test("wide characters count two columns")
    func wideCharacters() {
        #expect(ReportLayout.width("abc") == 3)
        #expect(ReportLayout.width("캐시") == 4)
        #expect(ReportLayout.width("µs ÷ × ·") == 8)
    }

    @Test("a measured line: the value at column 60 when it fits; label and value wrap when not", arguments: widths)
    func measuredLines(width: Int) {
        let prefix = [Span("  "), Span("MEASURED"), Span("  ")]
        let short = ReportLayout.leader(prefix: prefix, label: "memory hit", value: [Span("1.7 µs")], width: width, indent: 12, column: 60)
        #expect(short.count == 1)
        let line = ReportLayout.plain(short[0])
        #expect(ReportLayout.width(line) <= width)
        if width >= 80 { #expect(line.hasSuffix("· 1.7 µs") && ReportLayout.width(line) == 60 + 6) }
        let long = ReportLayout.leader(prefix: prefix, label: "store cost, recursive+callback ÷ #1255 with a label that goes on and on",
                                       value: [Span("1.47× (5.3 µs vs 3.6 µs per store), and a value too long for any one line of the report at all")],
                                       width: width, indent: 12, column: 60)
        let plain = long.map(ReportLayout.plain)
        #expect(plain.count > 1)
        #expect(plain.allSatisfy { ReportLayout.width($0) <= width }, "\(plain)")
        #expect(plain.joined(separator: " ").contains("··"))
        #expect(Self.words(plain).contains("1.47×") && Self.words(plain).last == "all")
    }

    @Test("a table wider than the width wraps its first column and keeps the others aligned")
    func tableStaysAligned() {
        let rows = [["the maybeCached shortcut (config + its own SHA-256 + lock + lookup)", "11.7 µs ±16%"],
                    ["stat + open + read + close (the floor)", "5.6 µs ±6%"],
                    ["the path", "133 ns ±0%"]]
        for width in Self.widths {
            let lines = ReportLayout.table(["step", "time per call"], rows, width: width, indent: 4)
            #expect(lines.allSatisfy { ReportLayout.width($0) <= width }, "\(width): \(lines)")
            let rowLines = lines.filter { $0.hasSuffix("%") || $0.hasSuffix("call") }
            #expect(rowLines.count == 4)
            #expect(Set(rowLines.map { ReportLayout.width($0) }).count == 1, "right-aligned columns end together: \(lines)")
        }
    }

    @Test("a table too wide wraps its headings at spaces and never cuts a word of any cell")
    func tableKeepsWordsWhole() {
        // Chapter 10's table, which ran past 80 columns and, narrower, cut "DispatchSourceTimer".
        let columns = ["timer", "fires, made on GCD", "owner freed", "fires after: not stopped", "stopped in deinit"]
        let rows = [["Timer (Kingfisher)", "0", "yes", "8", "0"], ["DispatchSourceTimer (ours)", "10", "yes", "0", "0"]]
        for width in [80, 60, 40] {
            let lines = ReportLayout.table(columns, rows, width: width, indent: 4)
            let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
            for text in (columns + rows.flatMap { $0 }) {
                for word in text.split(separator: " ") { #expect(words.contains(String(word)), "\(width): '\(word)' cut in \(lines)") }
            }
            if width == 80 { #expect(lines.allSatisfy { ReportLayout.width($0) <= 80 }, "\(lines.joined(separator: "\n"))") }
            // The figures' columns stay aligned: each row's last figure ends where the headings do.
            let ends = lines.filter { $0.hasSuffix("deinit") || rows.map { $0.last! }.contains(String($0.last!)) }.map { ReportLayout.width($0) }
            #expect(Set(ends).count == 1, "\(lines.joined(separator: "\n"))")
        }
    }

    @Test("soft line breaks join into paragraphs; bullets and indented lines stay their own")
    func paragraphs() {
        #expect(ReportLayout.paragraphs("one two\nthree\n• four\n  five\n\nsix") == ["one two three", "• four", "  five", "six"])
    }

    @Test("a summary takes a conclusion's first sentence, not a stop inside a number or a name")
    func firstSentence() {
        #expect(ReportLayout.firstSentence("In this run 1.5× as slow (e.g. here).\nMore follows.") == "In this run 1.5× as slow (e.g. here).")
        #expect(ReportLayout.firstSentence("See Designs.swift first. Then") == "See Designs.swift first.")
        #expect(ReportLayout.firstSentence("Limits are bytes. 002's are not.") == "Limits are bytes.")
        #expect(ReportLayout.firstSentence("no / or ? in a file name. Next") == "no / or ? in a file name.")
        #expect(ReportLayout.firstSentence("no stop at all") == "no stop at all")
    }

    @Test("the width: $COLUMNS, else the terminal's, else 100; never below 40")
    func widthRule() {
        #expect(Terminal.columns(environment: ["COLUMNS": "80"], terminalWidth: 120) == 80)
        #expect(Terminal.columns(environment: [:], terminalWidth: 120) == 120)
        #expect(Terminal.columns(environment: [:], terminalWidth: nil) == 100)
        #expect(Terminal.columns(environment: ["COLUMNS": "wide"], terminalWidth: nil) == 100)
        #expect(Terminal.columns(environment: ["COLUMNS": "12"], terminalWidth: nil) == 40)
    }

    @Test("a backtrace excerpt keeps function names and source lines, drops addresses")
    func backtraceExcerpt() {
        let stderr = """

        *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

        Thread 0 "ch04-issue-1233" crashed:

          0              0x00007f9bc75a49fc Set._Variant.insert(_:) + 60 in libswiftCore.so
          1 [ra]         0x00005644d70dfc8c Design570.store(_:forKey:expiresAt:) + 459 in ch04-issue-1233 at /work/x/Chapters/04-issue-1233/Lab/Designs.swift:73:14
          2 [ra] [thunk] 0x00005644d70dd549 protocol witness for KeyIndexedCache.store(_:forKey:expiresAt:) in conformance Design570 + 8 in ch04-issue-1233 at //<compiler-generated>
          3 [ra]         0x00005644d70e3d71 closure #2 in static Scenarios.stress<A>(_:operations:seed:) + 1488 in ch04-issue-1233 at /work/x/Chapters/04-issue-1233/Lab/Scenarios.swift:26:34
        ...

        Thread 1 "oot.default-qos":

          0  0x00007f9bc5cdda74 malloc + 324 in libc.so.6
        """
        let lines = BacktraceExcerpt.excerpt(stderr)
        #expect(lines == [
            "Program crashed: Bad pointer dereference",
            "Thread 0 crashed:",
            "0  Set._Variant.insert(_:) — libswiftCore.so",
            "1  Design570.store(_:forKey:expiresAt:) — Chapters/04-issue-1233/Lab/Designs.swift:73",
            "3  closure #2 in static Scenarios.stress<A>(_:operations:seed:) — Chapters/04-issue-1233/Lab/Scenarios.swift:26",
        ])
        #expect(!lines.joined().contains("0x"))
        #expect(BacktraceExcerpt.excerpt("Segmentation fault").isEmpty)
    }

    @Test("a real chapter's report fits 60 columns (and --json stays one line)")
    func chapterFitsNarrowTerminal() throws {
        let info = try #require(Catalog.chapter(named: "8"))
        let result = ChildProcess.run(try executable(info.executable), arguments: ["--quick"], environment: ["COLUMNS": "60"], timeout: 300)
        #expect(result.succeeded, "\(result.outcome): \(result.stderr.suffix(300))")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("In short (this run: seed 1233, quick, \(Lab.platform))"))
        #expect(lines.contains("Where to read"))
        for line in lines { #expect(ReportLayout.width(line) <= 60, "\(line)") }
        let json = ChildProcess.run(try executable(info.executable), arguments: ["--quick", "--json"], environment: ["COLUMNS": "60"], timeout: 300)
        #expect(json.stdout.split(separator: "\n").count == 1)
    }
}

// A chapter's report under `--lang ko` is Korean, whole: part titles, RUN lines, notes, measured
// labels and values, table cells, "Where to read" and the summary. Each chapter is run with
// `--quick --lang ko`; the Lab lists (KFD_MISSING_KOREAN=1) every prose text that found no Korean
// twin, and the lines it printed verbatim (code, diagnostics, timelines). These tests fail naming
// the chapter's Korean file, the part and the text to add; they measure the share of prose lines
// that carry Hangul (at least 90 %); and they fail on a line that mixes a Korean sentence with an
// English one. The twins themselves must take the same placeholders in both languages.

import Chapter01
import Chapter02
import Chapter03
import Chapter04
import Chapter05
import Chapter06
import Chapter07
import Chapter08
import Chapter09
import Chapter10
import Foundation
import Testing
import WorkbookSupport

enum KoreanReports {
    /// Every chapter's Korean table, by chapter number.
    static let tables: [Int: ReportTwins] = [
        1: Chapter01.Chapter.koreanReport, 2: Chapter02.Chapter.koreanReport, 3: Chapter03.Chapter.koreanReport,
        4: Chapter04.Chapter.koreanReport, 5: Chapter05.Chapter.koreanReport, 6: Chapter06.Chapter.koreanReport,
        7: Chapter07.Chapter.koreanReport, 8: Chapter08.Chapter.koreanReport, 9: Chapter09.Chapter.koreanReport,
        10: Chapter10.Chapter.koreanReport,
    ]

    /// One chapter's Korean run: its report lines, the texts it had no twin for, its verbatim lines.
    struct Run {
        var lines: [String] = []
        var missing: [String] = []
        var verbatim: Set<String> = []
    }

    static func run(_ info: ChapterInfo) throws -> Run {
        let result = ChildProcess.run(try executable(info.executable), arguments: ["--quick", "--lang", "ko"],
                                      environment: ["KFD_MISSING_KOREAN": "1", "COLUMNS": "100", "NO_COLOR": "1"], timeout: 300)
        #expect(result.succeeded, "\(info.executable) --quick --lang ko ended with \(result.outcome): \(result.stderr.suffix(500))")
        var run = Run()
        run.lines = result.stdout.split(separator: "\n").map(String.init)
        for line in result.stderr.split(separator: "\n") {
            if line.hasPrefix("missing Korean · ") { run.missing.append(String(line.dropFirst("missing Korean · ".count))) }
            if line.hasPrefix("verbatim · ") { run.verbatim.insert(String(line.dropFirst("verbatim · ".count))) }
        }
        return run
    }

    /// A report line without its label (CLAIM, RUN, MEASURED, SO) and leader dots: the words a reader reads.
    static func words(of line: String) -> String {
        line.replacingOccurrences(of: #"^\s*(CLAIM|RUN|MEASURED|SO)\s"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "·{2,}", with: " ", options: .regularExpression)
    }

    /// The prose lines of a run (not verbatim, not only figures, code or paths) and which carry Hangul.
    static func prose(_ run: Run) -> (all: [String], korean: [String]) {
        let all = run.lines.filter { !run.verbatim.contains($0) && ReportProse.isProse(words(of: $0)) }
        return (all, all.filter { ReportProse.hasHangul($0) })
    }
}

@Suite("A chapter's report is Korean, whole, under --lang ko")
struct KoreanReportTests {

    @Test("every chapter has a Korean table, and each twin takes the placeholders its English takes")
    func twinsMatchTheirEnglish() {
        #expect(Set(KoreanReports.tables.keys) == Set(Catalog.chapters.map(\.number)),
                "Tests/ChapterTests/KoreanReportTests.swift: KoreanReports.tables must list every chapter's koreanReport")
        for (number, table) in KoreanReports.tables.sorted(by: { $0.key < $1.key }) {
            let file = "\(Catalog.chapter(named: "\(number)")?.folder ?? "chapter \(number)")/Lab/Korean.swift"
            for (english, korean, _) in table.texts {
                #expect(Strings.placeholders(english) == Strings.placeholders(korean),
                        "\(file): the twin of \"\(english.prefix(60))\" takes \(Strings.placeholders(korean).sorted()), its English \(Strings.placeholders(english).sorted())")
                #expect(ReportProse.hasHangul(korean) || korean == english || !ReportProse.isProse(korean),
                        "\(file): the twin of \"\(english.prefix(60))\" has no Korean in it")
            }
            for (key, title) in table.titles {
                #expect(ReportProse.hasHangul(title), "\(file): the title of part `\(key)` has no Korean in it")
            }
        }
    }

    @Test("the lookup fills a twin's values, looks values up, and leaves a text without a twin alone")
    func lookup() {
        let table = ReportTwins([
            .part("p", "파트"),
            .text("{1} random dates (seed {2})", "무작위 날짜 {1}개 (seed {2})"),
            .text("store error reported: {1}", "store 에러 보고: {1}"),
        ])
        let twins = table.withShared().matcher()
        #expect(twins.korean("2000 random dates\n(seed 1233)") == "무작위 날짜 2000개 (seed 1233)")
        #expect(twins.korean("store error reported: yes") == "store 에러 보고: 예")
        #expect(twins.korean("12 of 40") == "40개 중 12개")
        #expect(twins.korean("a value of the namespace") == nil, "a figure template must not match a sentence")
        #expect(table.titles["p"] == "파트")
        #expect(ReportProse.mixes("이번 실행에서는 보이지 않았다. The count changes from run to run."))
        #expect(!ReportProse.mixes("`Sendable where Base: Sendable`은 컴파일된다 (swift run workbook check 02-x)"))
    }

    @Test("each chapter's --lang ko report: every prose text has its Korean twin, ≥ 90 % of prose lines carry Hangul, none mixes languages",
          arguments: Catalog.chapters.map(\.number))
    func wholeReportInKorean(_ number: Int) throws {
        let info = try #require(Catalog.chapter(named: "\(number)"))
        let run = try KoreanReports.run(info)
        for missing in run.missing {
            Issue.record("\(info.folder)/Lab/Korean.swift: no Korean twin for (part · kind · English) \(missing) — add .text(\"<English, values as {1}, {2}…>\", \"<한국어>\") (or .part(key, …) for a title)")
        }
        let (all, korean) = KoreanReports.prose(run)
        let share = all.isEmpty ? 1 : Double(korean.count) / Double(all.count)
        #expect(share >= 0.9, "\(info.executable) --lang ko: \(korean.count) of \(all.count) prose lines carry Hangul (\(Int(share * 100)) %); English ones:\n\(all.filter { !ReportProse.hasHangul($0) }.joined(separator: "\n"))")
        for line in run.lines where !run.verbatim.contains(line) && ReportProse.mixes(KoreanReports.words(of: line)) {
            Issue.record("\(info.executable) --lang ko mixes a Korean sentence with an English one: \(line)")
        }
    }
}

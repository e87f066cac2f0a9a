// The README's table "The study notes' questions, and where each is answered" names chapter parts
// (`chapter 4 `crash` `fixed``) and exercises (`04-reconcile-keys`). These tests resolve every
// name to a part some chapter really runs (`lab.part("crash", …)` in its Lab code) or an exercise of
// workbook.json, and check that every question the notes ask has a row.

import Foundation
import Testing
import WorkbookSupport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum QuestionTable {
    struct Row {
        let note: String      // "000 Q1", "004 §3.2"
        let answer: String    // the "Answered by" cell
    }

    /// The rows of the table under `## The study notes' questions…` in `readme`.
    static func rows(in readme: String) -> [Row] {
        guard let start = readme.range(of: "## The study notes' questions") else { return [] }
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { return nil }
            return Row(note: cells[1].replacingOccurrences(of: "`", with: ""), answer: cells[3])
        }
    }

    /// The parts a cell names: `chapter N` followed by backticked part keys.
    static func parts(in cell: String) -> [(chapter: Int, key: String)] {
        let chapter = try! NSRegularExpression(pattern: #"chapter (\d+)((?:\s+`\w+`)+)"#)
        let key = try! NSRegularExpression(pattern: #"`(\w+)`"#)
        var found: [(Int, String)] = []
        for match in chapter.matches(in: cell, range: NSRange(cell.startIndex..., in: cell)) {
            let number = Int(cell[Range(match.range(at: 1), in: cell)!])!
            let keys = String(cell[Range(match.range(at: 2), in: cell)!])
            for k in key.matches(in: keys, range: NSRange(keys.startIndex..., in: keys)) {
                found.append((number, String(keys[Range(k.range(at: 1), in: keys)!])))
            }
        }
        return found
    }

    /// The exercise ids a cell names: backticked `NN-name`.
    static func exercises(in cell: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"`(\d\d-[a-z0-9-]+)`"#)
        return pattern.matches(in: cell, range: NSRange(cell.startIndex..., in: cell)).map {
            String(cell[Range($0.range(at: 1), in: cell)!])
        }
    }

    /// The part keys chapter `number` runs: every `lab.part("key"` in its Lab code.
    static func partKeys(chapter number: Int) -> Set<String> {
        guard let info = Catalog.chapters.first(where: { $0.number == number }) else { return [] }
        let lab = root.appendingPathComponent("\(info.folder)/Lab")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: lab.path)) ?? []
        let pattern = try! NSRegularExpression(pattern: #"lab\.part\("(\w+)""#)
        var keys = Set<String>()
        for file in files where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: lab.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                keys.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return keys
    }

    /// What is wrong with `rows`: a part no chapter runs, an exercise workbook.json does not list.
    static func problems(_ rows: [Row]) -> [String] {
        let exerciseIDs = Set(Manifest.current.chapters.flatMap { $0.exercises.map(\.id) })
        var problems: [String] = []
        for row in rows {
            for (chapter, key) in parts(in: row.answer) where !partKeys(chapter: chapter).contains(key) {
                problems.append("\(row.note): chapter \(chapter) has no part `\(key)` (no lab.part(\"\(key)\", …) in its Lab code)")
            }
            for id in exercises(in: row.answer) where !exerciseIDs.contains(id) {
                problems.append("\(row.note): no exercise `\(id)` in workbook.json")
            }
        }
        return problems
    }

    /// The questions the table must cover (issue 19, §4).
    static let required: [String] =
        (1...8).map { "000 Q\($0)" } + (1...4).map { "001 Q\($0)" } + ["001 §6.5", "002", "003"]
        + ["004 §3", "004 §3.2", "004 §3.3", "004 §4", "004 §5", "004 §6", "004 §7", "004 §8", "004 §9", "004 §10", "004 §11"]
}

@Suite("The README's table of the study notes' questions")
struct QuestionTableTests {
    let rows = QuestionTable.rows(in: (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? "")

    @Test("every part and exercise the table names exists")
    func namesExist() {
        #expect(rows.count >= QuestionTable.required.count, "only \(rows.count) rows found: is the table still under \"## The study notes' questions\"?")
        for problem in QuestionTable.problems(rows) { Issue.record(Comment(rawValue: problem)) }
        let named = rows.reduce(0) { $0 + QuestionTable.parts(in: $1.answer).count + QuestionTable.exercises(in: $1.answer).count }
        #expect(named > 40, "only \(named) parts and exercises named: is the syntax still chapter N `part`?")
    }

    @Test("every question of the notes has a row")
    func everyQuestionCovered() {
        let notes = Set(rows.map(\.note))
        for question in QuestionTable.required {
            #expect(notes.contains(question), "README's question table has no row `\(question)`")
        }
    }

    @Test("the checker catches a part and an exercise that do not exist")
    func catchesMissing() {
        let made = [QuestionTable.Row(note: "999 Q1", answer: "chapter 4 `crash` `noSuchPart`; chapter 99 `x`; `04-reconcile-keys`, `04-no-such-exercise`")]
        let problems = QuestionTable.problems(made)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.contains("noSuchPart") })
        #expect(problems.contains { $0.contains("chapter 99") })
        #expect(problems.contains { $0.contains("04-no-such-exercise") })
    }
}

// The README's question table names parts by key (`chapter 4 `ghost``); a reader holding the table
// or the notes must find that key in what the chapter prints, not only in its `--json` figures. So
// each chapter the table names is run once, plainly (`--quick`, wide enough not to wrap), and its
// report must show every key the table gives it, as `[key]` beside a numbered title. The same run
// checks the chapter's notes: item N of "What you will see" (and of its Korean twin) names part N's
// key ("(part `ghost`)"), so the notes' numbers are the report's. And "Where to read": a line that
// names one of Kingfisher's files says so, with the tag it was read at
// (`Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift`), so it cannot pass for one of ours.

import Foundation
import Testing
import WorkbookSupport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum PlainReport {
    /// The keys the README's question table names for each chapter.
    static let tableKeys: [Int: Set<String>] = {
        let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var keys: [Int: Set<String>] = [:]
        for row in QuestionTable.rows(in: readme) {
            for (chapter, key) in QuestionTable.parts(in: row.answer) { keys[chapter, default: []].insert(key) }
        }
        return keys
    }()

    /// The keys `report` prints beside its numbered titles (`2. The ghost entry, forced  [ghost]`), in order.
    static func printedKeys(_ report: String) -> [String] {
        let title = try! NSRegularExpression(pattern: #"(?m)^\d+\. .*\[(\w+)\]$"#)
        return title.matches(in: report, range: NSRange(report.startIndex..., in: report)).map {
            String(report[Range($0.range(at: 1), in: report)!])
        }
    }

    /// The part each numbered item of the notes' "What you will see" section names ("(part `ghost`)",
    /// "(파트 `ghost`)"), in order; nil for an item that names none. The section is found by its
    /// heading, `heading` in English; the Korean twin's is the heading at the same place.
    static func notesKeys(_ notes: String, sectionIndex: Int) -> [String?] {
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.indices.filter { lines[$0].hasPrefix("## ") }
        guard sectionIndex < headings.count else { return [] }
        let start = headings[sectionIndex], end = headings.first { $0 > start } ?? lines.count
        let item = try! NSRegularExpression(pattern: #"^\d+\. "#)
        let named = try! NSRegularExpression(pattern: #"(?:part|파트) `(\w+)`"#)
        var items: [String] = []
        for line in lines[(start + 1)..<end] {
            if item.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil { items.append(line) }
            else if !items.isEmpty { items[items.count - 1] += "\n" + line }
        }
        return items.map { text in
            named.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
        }
    }

    /// Where "## What you will see" is among an English README's `## ` headings.
    static func whatYouWillSeeIndex(_ english: String) -> Int? {
        english.split(separator: "\n").filter { $0.hasPrefix("## ") }.firstIndex { $0.hasPrefix("## What you will see") }
    }

    /// The bullets under "Where to read" that name a file of Kingfisher's (a `Sources/` folder this
    /// repository does not have) without beginning with "Kingfisher <tag>:".
    static func unmarkedKingfisherPaths(_ report: String) -> [String] {
        let lines = report.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0 == "Where to read" }) else { return ["no \"Where to read\" heading"] }
        let bullets = lines[(start + 1)...].prefix { $0.hasPrefix("  • ") }.map { String($0.dropFirst(4)) }
        let kingfisherFolders = ["Sources/Cache/", "Sources/Utility/", "Sources/General/", "Sources/Networking/"]
        let tagged = try! NSRegularExpression(pattern: #"^Kingfisher \d+\.\d+\.\d+: "#)
        return bullets.filter { bullet in
            kingfisherFolders.contains { bullet.contains($0) }
                && tagged.firstMatch(in: bullet, range: NSRange(bullet.startIndex..., in: bullet)) == nil
        }
    }
}

@Suite("Reports the README and the notes can point into", .serialized)
struct PartKeysInReportTests {
    @Test("the question table names parts of most chapters")
    func tableNamesChapters() {
        #expect(PlainReport.tableKeys.count >= 8, "\(PlainReport.tableKeys.keys.sorted())")
    }

    @Test("a title line's key is read back; a key in the text is not")
    func parsesTitles() {
        let report = "2. The ghost entry, forced  [ghost]\n  CLAIM     a [note] in the text\n10. Ten  [tenth]\n"
        #expect(PlainReport.printedKeys(report) == ["ghost", "tenth"])
        let notes = "# T\n## Run\n1. not this\n## What you will see, and why\n1. **A.** (part `crash`) text\n   more `ghost`\n"
            + "2. **B**, no key\n3. **C** (파트 `fixed`)\n## Next\n4. x (part `y`)\n"
        #expect(PlainReport.whatYouWillSeeIndex(notes) == 1)
        #expect(PlainReport.notesKeys(notes, sectionIndex: 1) == ["crash", nil, "fixed"])
        #expect(Lab.keyTag("ghost") == "[ghost]")
    }

    @Test("a Kingfisher path without its tag is caught")
    func catchesUntaggedPath() {
        let report = "Where to read\n  • Sources/KFDCache/HybridCache.swift — ours\n"
            + "  • Kingfisher: Sources/Cache/ImageCache.swift — untagged\n  • Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift\n"
        #expect(PlainReport.unmarkedKingfisherPaths(report) == ["Kingfisher: Sources/Cache/ImageCache.swift — untagged"])
    }

    @Test("every part key the README's table names is printed in the chapter's plain --quick report",
          arguments: Catalog.chapters.map(\.number))
    func keysPrinted(chapter: Int) throws {
        let info = try #require(Catalog.chapter(named: "\(chapter)"))
        let result = ChildProcess.run(try executable(info.executable), arguments: ["--quick", "--lang", "en"],
                                      environment: ["COLUMNS": "400", "NO_COLOR": "1"], timeout: 300)
        #expect(result.succeeded, "\(info.executable) --quick ended with \(result.outcome): \(result.stderr.suffix(500))")
        let printed = PlainReport.printedKeys(result.stdout)
        #expect(!printed.isEmpty, "\(info.executable) --quick printed no `[key]` beside its part titles")
        for key in PlainReport.tableKeys[chapter, default: []].sorted() {
            #expect(printed.contains(key), "README's question table names chapter \(chapter) `\(key)`, but its report prints no `[\(key)]` (printed: \(printed))")
        }
        let english = (try? String(contentsOf: root.appendingPathComponent("\(info.folder)/README.md"), encoding: .utf8)) ?? ""
        let index = try #require(PlainReport.whatYouWillSeeIndex(english), "\(info.folder)/README.md has no \"## What you will see\" section")
        for document in ["README.md", "README.ko.md"] {
            let notes = (try? String(contentsOf: root.appendingPathComponent("\(info.folder)/\(document)"), encoding: .utf8)) ?? ""
            let listed = PlainReport.notesKeys(notes, sectionIndex: index)
            #expect(listed == printed.map(Optional.some),
                    "\(info.folder)/\(document): item N of \"What you will see\" must name part N as (part `key`); the report's parts are \(printed), the notes' items name \(listed.map { $0 ?? "nothing" })")
        }
        for line in PlainReport.unmarkedKingfisherPaths(result.stdout) {
            Issue.record("chapter \(chapter)'s \"Where to read\" names a Kingfisher file without \"Kingfisher <tag>:\" before it: \(line)")
        }
    }
}

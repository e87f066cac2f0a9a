// One vocabulary for every Korean text: docs/glossary.ko.json says which Korean each term takes
// (the study notes' words) and which variants it rejects. These tests read every Korean text —
// README.ko.md files, workbook.json's Korean fields, the Korean strings in Sources, each chapter's
// ko: sentences and Lab/Korean.swift — and fail at the file and line of a rejected variant.
// Only Korean sentences are read: Swift and JSON strings that carry Hangul, Markdown lines that
// carry Hangul; text in backticks and `>` quotes (the notes quoted verbatim) is left alone.

import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum Glossary {
    struct Rejected {
        let term: String
        let pattern: NSRegularExpression
        let use: String
    }

    /// The rejected variants, from docs/glossary.ko.json.
    static func rejected(from data: Data) throws -> [Rejected] {
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let terms = json?["terms"] as? [[String: Any]] ?? []
        return try terms.flatMap { term in
            try (term["reject"] as? [[String: String]] ?? []).map {
                Rejected(term: term["en"] as? String ?? "?",
                         pattern: try NSRegularExpression(pattern: $0["pattern"] ?? "", options: .caseInsensitive),
                         use: $0["use"] ?? "")
            }
        }
    }

    static func hasHangul(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    /// The Korean sentences of one line: in Swift and JSON, the string literals with Hangul; in
    /// Markdown, the line if it has Hangul and is no `>` quote.
    static func koreanText(of line: String, markdown: Bool) -> [String] {
        var pieces: [String]
        if markdown {
            pieces = hasHangul(line) && !line.trimmingCharacters(in: .whitespaces).hasPrefix(">") ? [line] : []
        } else {
            let literal = try! NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
            pieces = literal.matches(in: line, range: NSRange(line.startIndex..., in: line)).map {
                String(line[Range($0.range(at: 1), in: line)!])
            }.filter(hasHangul)
        }
        // Code, links, Swift interpolations and English quoted in a Korean line are not Korean text.
        return pieces.map {
            $0.replacingOccurrences(of: "`[^`]*`", with: " ", options: .regularExpression)
                .replacingOccurrences(of: #"\\\((?:[^()]|\([^()]*\))*\)"#, with: " ", options: .regularExpression)
                .replacingOccurrences(of: #""[^"가-힣]*""#, with: " ", options: .regularExpression)
                .replacingOccurrences(of: #"\]\([^)]*\)"#, with: "]", options: .regularExpression)
        }
    }

    /// "file:line: '<found>' — use <korean> (glossary: <term>)" for each rejected variant in `text`.
    static func problems(in text: String, file: String, rejected: [Rejected]) -> [String] {
        let markdown = file.hasSuffix(".md")
        var problems: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for piece in koreanText(of: String(line), markdown: markdown) {
                for variant in rejected {
                    for match in variant.pattern.matches(in: piece, range: NSRange(piece.startIndex..., in: piece)) {
                        let found = String(piece[Range(match.range, in: piece)!])
                        problems.append("\(file):\(index + 1): '\(found)' — use \(variant.use) (docs/glossary.ko.json: \(variant.term))")
                    }
                }
            }
        }
        return problems
    }

    /// Every file with Korean text, relative to the package root.
    static func koreanFiles() -> [String] {
        let manager = FileManager.default
        var files = ["README.ko.md", "workbook.json", "docs/CHECKS.ko.md"]
        let chapters = ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)) ?? []).sorted()
        for chapter in chapters {
            files.append("Chapters/\(chapter)/README.ko.md")
            let lab = "Chapters/\(chapter)/Lab"
            files += ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(lab).path)) ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted().map { "\(lab)/\($0)" }
        }
        if let sources = manager.enumerator(atPath: root.appendingPathComponent("Sources").path) {
            files += sources.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { "Sources/\($0)" }
        }
        return files.filter { manager.fileExists(atPath: root.appendingPathComponent($0).path) }
    }
}

@Suite("One Korean vocabulary: docs/glossary.ko.json")
struct GlossaryTests {
    static func rejected() throws -> [Glossary.Rejected] {
        try Glossary.rejected(from: Data(contentsOf: root.appendingPathComponent("docs/glossary.ko.json")))
    }

    @Test("no Korean text uses a variant the glossary rejects")
    func koreanTextsFollowTheGlossary() throws {
        let rejected = try Self.rejected()
        #expect(!rejected.isEmpty, "docs/glossary.ko.json has no rejected variants")
        for file in Glossary.koreanFiles() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for problem in Glossary.problems(in: text, file: file, rejected: rejected) {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    @Test("an injected 경쟁 상태 or 챕터 fails, at its file and line; code, quotes and English are left alone")
    func injectedVariantsFail() throws {
        let rejected = try Self.rejected()
        let readme = """
            # 4장
            이 챕터는 Set이 깨지는 경쟁 상태를 보여 준다.
            > 노트 원문: "eviction은 경쟁 상태를 만든다" (인용은 그대로 둔다)
            `serial queue`는 코드이고, ioQueue는 직렬 큐다.
            """
        let found = Glossary.problems(in: readme, file: "Chapters/04-x/README.ko.md", rejected: rejected)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.hasPrefix("Chapters/04-x/README.ko.md:2: '챕터'") })
        #expect(found.contains { $0.hasPrefix("Chapters/04-x/README.ko.md:2: '경쟁 상태'") })
        let swift = """
            lab.claim("A race: a hit or a miss.",
                      ko: "이것은 race다: hit 또는 miss.")
            """
        let inSwift = Glossary.problems(in: swift, file: "Chapters/04-x/Lab/Chapter.swift", rejected: rejected)
        #expect(inSwift.count == 3 && inSwift.allSatisfy { $0.hasPrefix("Chapters/04-x/Lab/Chapter.swift:2:") }, "\(inSwift)")
    }

    @Test("the checks' Korean messages are read too, and a rejected variant in one fails at its file and line")
    func checkMessagesFollowTheGlossary() throws {
        let files = Glossary.koreanFiles()
        for file in ["Sources/ExerciseChecks/Chapter4Checks.swift", "Sources/ExerciseKit/ScheduleClock.swift",
                     "Sources/ExerciseKit/KnownKorean.swift", "Sources/workbook/CheckPackage.swift"] {
            #expect(files.contains(file), "\(file) is not read for Korean text")
        }
        let check = """
            world.expect(ok, "two writes raced on \\(name)",
                         ko: "\\(name)에서 두 쓰기가 경쟁 상태에 빠졌습니다: 직렬 큐로 보내세요")
            """
        let found = Glossary.problems(in: check, file: "Sources/ExerciseChecks/Chapter4Checks.swift", rejected: try Self.rejected())
        #expect(found.count == 1 && found[0].hasPrefix("Sources/ExerciseChecks/Chapter4Checks.swift:2: '경쟁 상태'"), "\(found)")
    }
}

// The Korean workbook cannot drift from the English one. These tests fail, saying what to update,
// when a README has no README.ko.md twin, when a twin's headings, code references, exercise ids,
// chapter part keys or figures differ from the English, when the language links are missing, when
// the string table (Sources/WorkbookSupport/Strings.swift) or workbook.json lacks a Korean string
// the English has, or when a chapter's CLAIM or SO has no Korean beside it.

import Foundation
import Testing
import WorkbookSupport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum KoreanNotes {
    /// Every English README that must have a Korean twin: the top level and each chapter's.
    static func englishReadmes(root: URL) -> [String] {
        let chapters = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)) ?? []
        return ["README.md"] + chapters.sorted().map { "Chapters/\($0)/README.md" }
            .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    static func twin(of english: String) -> String { String(english.dropLast(".md".count)) + ".ko.md" }

    /// The lines outside fenced code blocks (a `#` in a code block is not a heading).
    static func prose(_ text: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if !inFence { lines.append(String(line)) }
        }
        return lines
    }

    /// The headings' levels, in order: "#" is 1, "##" is 2, …
    static func headingLevels(_ text: String) -> [Int] {
        prose(text).compactMap { line in
            let hashes = line.prefix { $0 == "#" }.count
            return (1...6).contains(hashes) && line.dropFirst(hashes).first == " " ? hashes : nil
        }
    }

    /// The code references: `path.swift#symbol` and `path.swift` (as NotesReferenceTests finds them).
    static func codeReferences(_ text: String) -> Set<String> {
        Set(NotesReferences.references(in: text, document: "").filter { $0.path.hasSuffix(".swift") }.map {
            $0.path + ($0.symbol.map { "#\($0)" } ?? "")
        })
    }

    /// The exercise ids (from workbook.json) the text names.
    static func exerciseIDs(_ text: String, known: Set<String>) -> Set<String> {
        known.filter { id in
            let pattern = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_-])"# + NSRegularExpression.escapedPattern(for: id) + #"(?![A-Za-z0-9_-])"#)
            return pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    /// The chapter part keys the text names, in backticks.
    static func partKeys(_ text: String, known: Set<String>) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"`(\w+)`"#)
        return Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }.filter(known.contains))
    }

    /// The figures with a unit ("0.5 s", "1 KiB", "40 ms", "12 %"), outside code blocks. Korean puts
    /// its particles right after a unit ("0.5 s마다"), so only ASCII letters end one.
    static func figures(_ text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])\d+(?:[.,]\d+)?\s?(?:ns|µs|us|ms|s|KiB|MiB|GiB|KB|MB|GB|B|%|×)(?![A-Za-z0-9_])"#)
        let flat = prose(text).joined(separator: "\n")
        return Set(pattern.matches(in: flat, range: NSRange(flat.startIndex..., in: flat)).map {
            String(flat[Range($0.range, in: flat)!]).replacingOccurrences(of: " ", with: "")
        })
    }

    /// What the Korean twin `korean` (of `english`, named `document`) must change to match.
    static func problems(english: String, korean: String, document: String,
                         exerciseIDs known: Set<String>, partKeys keys: Set<String>) -> [String] {
        let twin = twin(of: document)
        var problems: [String] = []
        let top = { (text: String) in text.split(separator: "\n").prefix(6).joined(separator: "\n") }
        if !top(english).contains("(README.ko.md)") {
            problems.append("\(document): put `English · [한국어](README.ko.md)` right under its title")
        }
        if !top(korean).contains("(README.md)") {
            problems.append("\(twin): put `[English](README.md) · 한국어` at its top")
        }
        let (englishLevels, koreanLevels) = (headingLevels(english), headingLevels(korean))
        if englishLevels != koreanLevels {
            let show = { (levels: [Int]) in levels.map { String(repeating: "#", count: $0) }.joined(separator: " ") }
            problems.append("\(twin): its headings (\(show(koreanLevels))) differ from \(document)'s (\(show(englishLevels))): "
                            + "translate heading by heading, one for one, at the same levels")
        }
        func compare(_ what: String, _ english: Set<String>, _ korean: Set<String>, superset: Bool = false) {
            let missing = english.subtracting(korean).sorted(), extra = superset ? [] : korean.subtracting(english).sorted()
            if !missing.isEmpty { problems.append("\(twin) lacks the \(what) \(document) names: \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { problems.append("\(twin) names \(what) \(document) does not: \(extra.joined(separator: ", "))") }
        }
        compare("code references", codeReferences(english), codeReferences(korean))
        compare("exercise ids", exerciseIDs(english, known: known), exerciseIDs(korean, known: known))
        compare("chapter part keys", partKeys(english, known: keys), partKeys(korean, known: keys))
        compare("figures", figures(english), figures(korean), superset: true)
        return problems
    }

    /// The part keys a README may name: its own chapter's, or (the top level) every chapter's.
    static func partKeys(for document: String) -> Set<String> {
        let chapters = Catalog.chapters.filter { document.hasPrefix($0.folder + "/") }
        return (chapters.isEmpty ? Catalog.chapters : chapters).reduce(into: Set<String>()) {
            $0.formUnion(QuestionTable.partKeys(chapter: $1.number))
        }
    }

    /// Each `.claim(` and `.conclude(` call in `source` that has no `ko:` argument, by its line.
    static func callsWithoutKorean(_ source: String) -> [Int] {
        let characters = Array(source)
        var lines: [Int] = []
        for name in [".claim(", ".conclude("] {
            var searchFrom = source.startIndex
            while let found = source.range(of: name, range: searchFrom..<source.endIndex) {
                searchFrom = found.upperBound
                var depth = 1
                var index = source.distance(from: source.startIndex, to: found.upperBound)
                let start = index
                while index < characters.count, depth > 0 {
                    if characters[index] == "(" { depth += 1 } else if characters[index] == ")" { depth -= 1 }
                    index += 1
                }
                if !String(characters[start..<index]).contains("ko:") {
                    lines.append(source[..<found.lowerBound].filter { $0 == "\n" }.count + 1)
                }
            }
        }
        return lines.sorted()
    }
}

@Suite("The Korean workbook does not drift from the English one")
struct KoreanTests {
    // MARK: the notes

    @Test("every README has a README.ko.md twin with the same headings, references, exercises, parts, figures and links")
    func readmesHaveTwins() {
        let known = Set(ExerciseCatalog.exercises.map(\.name))
        for document in KoreanNotes.englishReadmes(root: root) {
            let twin = KoreanNotes.twin(of: document)
            guard let english = try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8) else { continue }
            guard let korean = try? String(contentsOf: root.appendingPathComponent(twin), encoding: .utf8) else {
                Issue.record("\(twin) is missing: translate \(document) into Korean beside it (see issue 21)")
                continue
            }
            for problem in KoreanNotes.problems(english: english, korean: korean, document: document,
                                                exerciseIDs: known, partKeys: KoreanNotes.partKeys(for: document)) {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    /// A made pair: the comparison passes a faithful translation and names each kind of drift.
    static let english = """
        # Chapter 4 · A race
        English · [한국어](README.ko.md)

        ## What happens
        The eviction in `Sources/KFDCache/MemoryStorage.swift#removeExpired` runs every 0.5 s; part `crash`.
        ```swift
        # not a heading
        ```
        ### Try it
        Exercise `04-reconcile-keys`, 1 KiB each.
        """
    static let korean = """
        # 4장 · 경쟁 상태
        [English](README.md) · 한국어

        ## 무슨 일이 일어나나
        `Sources/KFDCache/MemoryStorage.swift#removeExpired`의 정리는 0.5 s마다 돈다; `crash` 파트.
        ```swift
        # 제목 아님
        ```
        ### 직접 해 보기
        연습문제 `04-reconcile-keys`, 각 1 KiB.
        """

    @Test("the comparison passes a faithful pair and names each drift")
    func comparisonOnAFixture() {
        let ids: Set = ["04-reconcile-keys", "05-cache-time"], keys: Set = ["crash", "fixed"]
        let faithful = KoreanNotes.problems(english: Self.english, korean: Self.korean, document: "Chapters/04-x/README.md",
                                            exerciseIDs: ids, partKeys: keys)
        #expect(faithful.isEmpty, "\(faithful)")

        let drifted = Self.korean
            .replacingOccurrences(of: "[English](README.md) · ", with: "")
            .replacingOccurrences(of: "### 직접 해 보기", with: "## 직접 해 보기")
            .replacingOccurrences(of: "#removeExpired", with: "#store")
            .replacingOccurrences(of: "`04-reconcile-keys`", with: "`05-cache-time`")
            .replacingOccurrences(of: "`crash`", with: "`fixed`")
            .replacingOccurrences(of: "0.5 s", with: "0.5초")
        let problems = KoreanNotes.problems(english: Self.english, korean: drifted, document: "Chapters/04-x/README.md",
                                            exerciseIDs: ids, partKeys: keys)
        let expected = ["[English](README.md)", "headings", "code references", "exercise ids", "chapter part keys", "figures"]
        for word in expected { #expect(problems.contains { $0.contains(word) }, "no problem names \(word): \(problems)") }
        #expect(problems.contains { $0.contains("#removeExpired") } && problems.contains { $0.contains("#store") })
        let noLink = KoreanNotes.problems(english: Self.english.replacingOccurrences(of: "[한국어](README.ko.md)", with: ""),
                                          korean: Self.korean, document: "README.md", exerciseIDs: ids, partKeys: keys)
        #expect(noLink == ["README.md: put `English · [한국어](README.ko.md)` right under its title"])
    }

    // MARK: the strings

    @Test("the string table has Korean for every English key, with the same placeholders")
    func stringTableComplete() {
        for key in Strings.Key.allCases {
            guard let english = Strings.english[key] else {
                Issue.record("Strings.english has no text for .\(key.rawValue) (Sources/WorkbookSupport/Strings.swift)")
                continue
            }
            guard let korean = Strings.korean[key] else {
                Issue.record("Strings.korean lacks .\(key.rawValue): add its Korean (English: \"\(english.prefix(60))\")")
                continue
            }
            #expect(Strings.placeholders(english) == Strings.placeholders(korean),
                    "Strings.\(key.rawValue): the English takes \(Strings.placeholders(english).sorted()), the Korean \(Strings.placeholders(korean).sorted())")
        }
    }

    @Test("workbook.json has Korean titles, summaries and hints for every chapter and exercise")
    func manifestHasKorean() {
        for chapter in Manifest.current.chapters {
            #expect(chapter.koreanTitle?.isEmpty == false, "workbook.json: chapter \(chapter.number) needs \"title_ko\"")
            #expect(chapter.koreanSummary?.isEmpty == false, "workbook.json: chapter \(chapter.number) needs \"summary_ko\"")
            for exercise in chapter.exercises {
                #expect(exercise.koreanTitle?.isEmpty == false, "workbook.json: \(exercise.id) needs \"title_ko\"")
                #expect(exercise.koreanHints?.count == exercise.hints.count,
                        "workbook.json: \(exercise.id) has \(exercise.hints.count) hints and \(exercise.koreanHints?.count ?? 0) in \"hints_ko\": one Korean hint for each, in order")
            }
        }
    }

    @Test("every chapter's CLAIM and SO carries its Korean (ko:)")
    func labCallsHaveKorean() throws {
        for chapter in Catalog.chapters {
            let lab = root.appendingPathComponent("\(chapter.folder)/Lab")
            for file in try FileManager.default.contentsOfDirectory(atPath: lab.path).sorted() where file.hasSuffix(".swift") {
                let source = try String(contentsOf: lab.appendingPathComponent(file), encoding: .utf8)
                let lines = KoreanNotes.callsWithoutKorean(source)
                #expect(lines.isEmpty, "\(chapter.folder)/Lab/\(file): lab.claim/conclude without ko: on lines \(lines.map(String.init).joined(separator: ", "))")
            }
        }
        #expect(KoreanNotes.callsWithoutKorean("lab.claim(\"a (b)\", ko: \"가\")\nlab.conclude(\"c \\(x)\")") == [2])
    }

    // MARK: the switch

    @Test("--lang wins, then LC_ALL, LC_MESSAGES and LANG, in POSIX order")
    func languageSwitch() {
        #expect(Language.resolve(arguments: [], environment: [:]) == .en)
        #expect(Language.resolve(arguments: [], environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(Language.resolve(arguments: [], environment: ["LANG": "ko_KR.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]) == .en)
        #expect(Language.resolve(arguments: [], environment: ["LANG": "en_US", "LC_MESSAGES": "ko_KR", "LC_ALL": ""]) == .ko)
        #expect(Language.resolve(arguments: [], environment: ["LC_ALL": "C", "LC_MESSAGES": "ko_KR"]) == .en)
        #expect(Language.resolve(arguments: ["04", "--lang", "ko"], environment: [:]) == .ko)
        #expect(Language.resolve(arguments: ["--lang=en"], environment: ["LANG": "ko_KR.UTF-8"]) == .en)
        #expect(Language.removingFlag(from: ["04", "--lang", "ko", "--quick", "--lang=en"]) == ["04", "--quick"])
        #expect(Language.flagError(in: ["--lang", "fr"]) != nil)
        #expect(Language.flagError(in: ["check", "--lang"]) != nil)
        #expect(Language.flagError(in: ["--lang", "KO"]) == nil)
    }

    @Test("a missing Korean falls back to English; values fill both")
    func fallback() throws {
        #expect(Strings.text(.hintLine, 1, 3, "x", in: .en) == "Hint 1 of 3: x")
        #expect(Strings.text(.hintLine, 1, 3, "x", in: .ko) == "힌트 1/3: x")
        #expect(Strings.text(.checkMessagesNote, in: .en).isEmpty)
        let exercise = try #require(ExerciseCatalog.exercises.first)
        #expect(exercise.hints(in: .en) == exercise.hints)
        #expect(exercise.hints(in: .ko).count == exercise.hints.count)
        let options = try ChapterOptions.parse(["--quick", "--lang", "ko"])
        #expect(options.language == .ko && options.quick)
        #expect(try ChapterOptions.parse(["--lang", "en"]).language == .en)
    }
}

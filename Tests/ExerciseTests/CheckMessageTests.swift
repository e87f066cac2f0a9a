// Check messages in two languages: a failing check shows its Korean under `--lang ko` and its
// English otherwise; the JSON line keeps the English where it always was; each bilingual message
// interpolates the same values in both languages (a scan of the sources); and the Korean kept for
// English-only lines (KnownKorean) still matches text that exists.

import ExerciseChecks
import ExerciseKit
import Foundation
import Testing
import WorkbookSupport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The shipped stub of 01-namespace-enum, as the check sees it: a struct with an init.
struct StubThumbnailStorage {
    init() {}
    struct Config {
        var limit: Int
    }
}

enum StubNamespaceEnum: NamespaceEnumExercise {
    typealias Namespace = StubThumbnailStorage
    static func makeConfig(limit: Int) -> (limit: Int, typeName: String) {
        (StubThumbnailStorage.Config(limit: limit).limit, String(describing: StubThumbnailStorage.Config.self))
    }
}

@Suite("Check messages in English and Korean")
struct CheckMessageTests {
    static func hasHangul(_ text: String) -> Bool { text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

    /// The outcome the check program prints for the stub of 01-namespace-enum.
    static func stubOutcome() -> CheckOutcome {
        let run = CheckRun(source: "struct ThumbnailStorage {\n    public init() {}\n}\n")
        Chapter1Checks.namespaceEnum(StubNamespaceEnum.self, run)
        return CheckOutcome(exercise: "01-namespace-enum", verdict: .failed, said: run.said.problems, seconds: 0.1)
    }

    @Test("a failing check prints Korean under --lang ko, English otherwise; the JSON line keeps its English")
    func koreanWhenAsked() throws {
        let sent = Self.stubOutcome()
        let outcome = try #require(CheckOutcome.parse("noise\n" + sent.line + "\n"))
        #expect(!outcome.messages.isEmpty)
        let korean = outcome.shown(in: .ko)
        #expect(!korean.isEmpty && korean.allSatisfy { !$0.english && Self.hasHangul($0.text) }, "\(korean)")
        #expect(korean.contains { $0.text.contains("ThumbnailStorage는 struct") }, "\(korean)")
        let english = outcome.shown(in: .en)
        #expect(english.map(\.text) == Array(outcome.messages.prefix(3)) && english.allSatisfy { !$0.english })
        #expect(outcome.messages.allSatisfy { !Self.hasHangul($0) }, "the English messages carry Hangul: \(outcome.messages)")
        #expect(Strings.text(.checkMessagesNote, in: .en).isEmpty, "English mode gained a line")
    }

    @Test("a message without Korean is shown in English, flagged; an older check program's line still decodes")
    func untranslatedAndOldLines() throws {
        let mixed = CheckOutcome(exercise: "x", verdict: .failed,
                                 said: [CheckMessage("translated", ko: "옮김"), CheckMessage("not yet translated, 42")], seconds: 0)
        let shown = try #require(CheckOutcome.parse(mixed.line)).shown(in: .ko)
        #expect(shown.map(\.text) == ["옮김", "not yet translated, 42"] && shown.map(\.english) == [false, true])
        let old = #"{"exercise":"x","kfdCheck":1,"messages":["an old line"],"seconds":0.5,"verdict":"failed"}"#
        let parsed = try #require(CheckOutcome.parse(old))
        #expect(parsed.shown(in: .ko).map(\.text) == ["an old line"] && parsed.shown(in: .ko)[0].english)
        #expect(!CheckOutcome(exercise: "x", verdict: .failed, messages: ["e"], seconds: 0).line.contains("korean"))
    }

    @Test("composed messages are Korean only when every part is; names fall back to English")
    func composition() {
        let both = CheckMessage("a ", ko: "가 ") + CheckMessage("b", ko: "나")
        #expect(both.english == "a b" && both.korean == "가 나")
        #expect((CheckMessage("a ", ko: "가 ") + CheckMessage("plain English")).korean == nil)
        #expect(CheckMessage("; ").korean == "; ", "punctuation needs no translation")
        #expect(CheckMessage("keys was changed without holding lock").korean != nil, "a protected line's message has its Korean")
        #expect(CheckMessage("the caller").ko == "the caller")
    }

    @Test("every bilingual message interpolates the same values in English and in Korean")
    func sameValuesInBothLanguages() throws {
        var pairs = 0
        for file in MessageScan.files(root) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for pair in MessageScan.pairs(in: text) {
                pairs += 1
                #expect(pair.english == pair.korean, """
                    \(file):\(pair.line): the English interpolates \(pair.english.sorted()), the Korean \(pair.korean.sorted())
                    """)
            }
        }
        #expect(pairs > 150, "only \(pairs) bilingual messages found: is the scan still reading the sources?")
    }

    @Test("the scan sees a value missing from one language")
    func scanCatchesAMissingValue() {
        let source = """
            run.expect(ok, "got \\(count) of \\(total)", ko: "\\(total)개 중 \\(count)개")
            world.fail("took \\(lock.acquisitions - before) times: \\(why.english)",
                       ko: "\\(why.ko): 횟수 \\(before)")
            """
        let pairs = MessageScan.pairs(in: source)
        #expect(pairs.count == 2)
        #expect(pairs.first.map { $0.english == $0.korean } == true)
        #expect(pairs.last.map { $0.english == ["lock", "before", "why"] && $0.korean == ["why", "before"] } == true)
    }

    @Test("every English text KnownKorean translates still occurs in the sources or the exercise files")
    func knownKoreanKeysExist() throws {
        var corpus = ""
        for folder in ["Sources", "Chapters"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift"), !path.hasSuffix("KnownKorean.swift") else { continue }
                corpus += try String(contentsOf: root.appendingPathComponent("\(folder)/\(path)"), encoding: .utf8)
            }
        }
        for (english, korean) in KnownKorean.literals {
            #expect(corpus.contains("\"\(english)\""), "KnownKorean translates \"\(english)\", which no source says any more")
            #expect(Self.hasHangul(korean))
        }
        // A stub's message is made of literals and values: some stretch of it between quotes,
        // numbers and colons (where values go) must still be in the sources, literals joined across `+`.
        corpus = corpus.replacingOccurrences(of: #""\s*\+\s*""#, with: "", options: .regularExpression)
        for (english, korean) in KnownKorean.stubMessages {
            let stretches = english.replacingOccurrences(of: ": ", with: "\"").split { $0 == "\"" || $0.isNumber }
                .map(String.init).filter { $0.count >= 12 }
            #expect(stretches.contains { corpus.contains($0) },
                    "KnownKorean.stubMessages translates \"\(english)\", which no check says any more: drop it or update it")
            #expect(Self.hasHangul(korean))
        }
    }
}

/// Reads Swift source for bilingual messages: each argument labelled `ko:` and the argument just
/// before it (the English), and the values each interpolates — the identifiers outside string
/// text, by their first component (`why.english` and `why.ko` are both `why`).
enum MessageScan {
    struct Pair {
        let line: Int
        let english: Set<String>
        let korean: Set<String>
    }

    enum Token {
        case literal([Token])   // the tokens of its interpolations
        case word(String)
        case mark(Character)
    }

    static func files(_ root: URL) -> [String] {
        var files: [String] = []
        for folder in ["Sources/ExerciseChecks", "Sources/ExerciseKit", "Sources/workbook"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            files += names.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
        }
        return files
    }

    static func pairs(in source: String) -> [Pair] {
        var scanner = Scanner(Array(source))
        let tokens = scanner.tokens(until: nil)
        var pairs: [Pair] = []
        for index in tokens.indices where index >= 1 && index + 1 < tokens.count {
            guard case .word("ko") = tokens[index].token, case .mark(":") = tokens[index + 1].token,
                  case .mark(",") = tokens[index - 1].token else { continue }
            let english = argument(tokens, from: index - 2, step: -1)
            let korean = argument(tokens, from: index + 2, step: 1)
            // Code that only passes a message on (`CheckMessage(english(), ko: korean())`) says nothing itself.
            let says = (english + korean).contains { if case .literal = $0 { return true } else { return false } }
            guard says else { continue }
            pairs.append(Pair(line: tokens[index].line, english: values(english), korean: values(korean)))
        }
        return pairs
    }

    /// The tokens of one argument, from `start` walking by `step` to the `,`, `(` or `)` that ends it.
    static func argument(_ tokens: [(token: Token, line: Int)], from start: Int, step: Int) -> [Token] {
        var result: [Token] = []
        var depth = 0
        var index = start
        while tokens.indices.contains(index) {
            if case .mark(let mark) = tokens[index].token {
                let opens: Set<Character> = step > 0 ? ["(", "["] : [")", "]"]
                let closes: Set<Character> = step > 0 ? [")", "]"] : ["(", "["]
                if opens.contains(mark) { depth += 1 } else if closes.contains(mark) {
                    if depth == 0 { break }
                    depth -= 1
                } else if mark == ",", depth == 0 { break }
            }
            result.append(tokens[index].token)
            index += step
        }
        return result
    }

    static func values(_ tokens: [Token]) -> Set<String> {
        var found: Set<String> = []
        var previousWasDot = false
        for (offset, token) in tokens.enumerated() {
            switch token {
            case .literal(let inner): found.formUnion(values(inner)); previousWasDot = false
            case .word(let word):
                let isLabel: Bool
                if offset + 1 < tokens.count, case .mark(":") = tokens[offset + 1] { isLabel = true } else { isLabel = false }
                let root = String(word.split(separator: ".").first ?? "")
                if !previousWasDot, !isLabel, let first = root.first, first.isLetter || first == "_" { found.insert(root) }
                previousWasDot = false
            case .mark(let mark): previousWasDot = mark == "."
            }
        }
        return found
    }

    /// A small Swift tokenizer: string literals (with their interpolations), words, marks; comments skipped.
    struct Scanner {
        let text: [Character]
        var position = 0
        var line = 1

        init(_ text: [Character]) { self.text = text }

        func peek(_ offset: Int = 0) -> Character? { position + offset < text.count ? text[position + offset] : nil }

        mutating func advance() {
            if text[position] == "\n" { line += 1 }
            position += 1
        }

        /// Tokens up to the `)` that closes an interpolation (nil: to the end).
        mutating func tokens(until closing: Character?) -> [(token: Token, line: Int)] {
            var result: [(token: Token, line: Int)] = []
            var depth = 0
            while let character = peek() {
                if character == "/", peek(1) == "/" {
                    while let next = peek(), next != "\n" { advance() }
                } else if character == "/", peek(1) == "*" {
                    while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
                    if peek() != nil { advance(); advance() }
                } else if character == "\"" || (character == "#" && peek(1) == "\"") {
                    let start = line
                    result.append((.literal(literal()), start))
                } else if character.isLetter || character == "_" || character.isNumber {
                    var word = ""
                    while let next = peek(), next.isLetter || next.isNumber || next == "_" || (next == "." && peek(1)?.isLetter == true) {
                        word.append(next)
                        advance()
                    }
                    result.append((.word(word), line))
                } else if character.isWhitespace {
                    advance()
                } else {
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if depth == 0, closing == ")" { advance(); return result }
                        depth -= 1
                    }
                    result.append((.mark(character), line))
                    advance()
                }
            }
            return result
        }

        /// A string literal from its opening quote: the tokens of its interpolations (a raw
        /// `#"…"#` string has none).
        mutating func literal() -> [Token] {
            let raw = peek() == "#"
            if raw { advance() }
            let triple = peek(1) == "\"" && peek(2) == "\""
            for _ in 0..<(triple ? 3 : 1) { advance() }
            var inner: [Token] = []
            while let character = peek() {
                if character == "\\", !raw {
                    if peek(1) == "(" {
                        advance(); advance()
                        inner += tokens(until: ")").map(\.token)
                    } else {
                        advance(); advance()
                    }
                } else if character == "\"", !triple || (peek(1) == "\"" && peek(2) == "\"") {
                    for _ in 0..<(triple ? 3 : 1) { advance() }
                    if raw, peek() == "#" { advance() }
                    return inner
                } else {
                    advance()
                }
            }
            return inner
        }
    }
}

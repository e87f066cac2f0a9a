// A chapter report's Korean, kept beside the English instead of inside every print call: each
// chapter has a table (`Chapters/NN-slug/Lab/Korean.swift`) of part titles, keyed by part key, and
// of text twins, keyed by the English template. Under `--lang ko` the Lab looks every RUN line,
// note, measured label and value, table cell, shown line and "Where to read" entry up here; what
// has no twin stays English, and `KFD_MISSING_KOREAN=1` makes the Lab list it on standard error
// (Tests/ChapterTests/KoreanReportTests.swift names each one and the file to add it to).
//
// A template's values are `{1}`, `{2}`, … as in Strings.swift: the English template matches the
// printed English with any text in each placeholder (whitespace runs match any whitespace, so a
// source line break does not matter), and the Korean puts the same values where its word order
// wants them. A value is itself looked up (a "yes", an "HybridCache (Kingfisher's design)"), so no
// English phrase lands inside a Korean sentence.

import Foundation

/// One Korean twin: a part's title, or a text.
public enum ReportTwin: Sendable {
    /// The title of the part started with `lab.part(key, …)`.
    case part(String, String)
    /// An English template and its Korean.
    case text(String, String)
    /// An English template whose values are single words or figures (no spaces): for the short,
    /// general templates ("{1} of {2}") that must not match a sentence.
    case figure(String, String)
}

public struct ReportTwins: Sendable {
    public let entries: [ReportTwin]
    public let titles: [String: String]
    /// (English, Korean) in table order: the first template that matches wins.
    public let texts: [(english: String, korean: String, figure: Bool)]

    public init(_ twins: [ReportTwin] = []) {
        entries = twins
        var titles: [String: String] = [:], texts: [(english: String, korean: String, figure: Bool)] = []
        for twin in twins {
            switch twin {
            case .part(let key, let korean): titles[key] = korean
            case .text(let english, let korean): texts.append((english, korean, false))
            case .figure(let english, let korean): texts.append((english, korean, true))
            }
        }
        self.titles = titles
        self.texts = texts
    }

    /// The lookup: the templates compiled once (a Lab keeps one for its run).
    public func matcher() -> ReportMatcher { ReportMatcher(self) }

    /// The text with every whitespace run as one space, trimmed: what templates are matched against.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A chapter's twins, then the shared ones.
    public func withShared() -> ReportTwins { ReportTwins(entries + Self.shared) }

    /// Twins every chapter shares: the small words tables and figures are made of.
    public static let shared: [ReportTwin] = [
        .figure("{1} of {2}", "{2}개 중 {1}개"),
        .text("yes", "예"),
        .text("no", "아니요"),
        .figure("{1} bytes", "{1}바이트"),
        .text("(nothing measured)", "(측정한 것 없음)"),
        .text("compiles", "컴파일됨"),
        .text("rejected", "거부됨"),
        .text("finished", "끝까지 돎"),
        .text("kept", "남음"),
        .text("design", "설계"),
        // A child process's outcome (ChildResult.outcome) and the platform notes every chapter may print.
        .text("hang (killed after timeout)", "멈춤 (시간 제한을 넘겨 종료시킴)"),
        .figure("exit {1}", "종료 코드 {1}"),
        .text("On this Mac, Apple's NSCache evicts when it likes (limits are advisory) and also calls the delegate on removeObject; the evictor mutes that call so the callback runs once.",
              "이 Mac에서는 Apple의 NSCache가 원할 때 퇴출하고(limit은 권고일 뿐이다) removeObject에서도 delegate를 부른다. "
                + "콜백이 한 번만 돌도록 퇴출 담당 스레드가 그 호출을 막는다."),
        .text("Here (Linux, corelibs) NSCache evicts only inside setObject, on the inserting thread, and never calls the delegate on removeObject; so one thread plays Apple's eviction.",
              "여기(Linux, corelibs)의 NSCache는 setObject 안에서, 넣는 스레드에서만 퇴출하고 removeObject에서는 delegate를 "
                + "부르지 않는다. 그래서 스레드 하나가 Apple의 퇴출을 흉내 낸다."),
    ]

}

/// The compiled lookup of one table of twins. Not Sendable (it holds regular expressions, whose
/// sendability differs between Apple's SDK and corelibs): each Lab makes its own.
public final class ReportMatcher {
    private var exact: [String: String] = [:]
    private var patterns: [(regex: NSRegularExpression, order: [Int], korean: String)] = []

    init(_ twins: ReportTwins) {
        for (english, korean, figure) in twins.texts {
            if Strings.placeholders(english).isEmpty {
                exact[ReportTwins.normalized(english)] = exact[ReportTwins.normalized(english)] ?? korean
            } else if let (regex, order) = Self.pattern(english, value: figure ? #"(\S+)"# : "(.+?)") {
                patterns.append((regex, order, korean))
            }
        }
    }

    /// The Korean of `english`, or nil when no template matches.
    public func korean(_ english: String, depth: Int = 0) -> String? {
        let key = ReportTwins.normalized(english)
        if key.isEmpty { return english }
        if let found = exact[key] { return found }
        let range = NSRange(key.startIndex..., in: key)
        for (regex, order, korean) in patterns {
            guard let match = regex.firstMatch(in: key, range: range) else { continue }
            var values = [String](repeating: "", count: (order.max() ?? 0))
            for (group, number) in order.enumerated() {
                let value = String(key[Range(match.range(at: group + 1), in: key)!])
                // A value is a word or a phrase of its own: look it up too (once), or keep it.
                values[number - 1] = depth < 1 ? (self.korean(value, depth: depth + 1) ?? value) : value
            }
            return Strings.fill(korean, values)
        }
        return nil
    }

    /// A regular expression for an English template, and which placeholder each group fills.
    private static func pattern(_ english: String, value: String) -> (NSRegularExpression, [Int])? {
        let template = ReportTwins.normalized(english)
        let finder = try! NSRegularExpression(pattern: #"\{([1-9])\}"#)
        var pattern = "^", order: [Int] = [], last = template.startIndex
        for match in finder.matches(in: template, range: NSRange(template.startIndex..., in: template)) {
            let whole = Range(match.range, in: template)!
            pattern += NSRegularExpression.escapedPattern(for: String(template[last..<whole.lowerBound])) + value
            order.append(Int(template[Range(match.range(at: 1), in: template)!])!)
            last = whole.upperBound
        }
        pattern += NSRegularExpression.escapedPattern(for: String(template[last...])) + "$"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        return (regex, order)
    }
}

/// What counts as prose in a report, and whether a line mixes languages: shared by the Lab (which
/// lists untranslated prose under `KFD_MISSING_KOREAN=1`) and the tests (which measure it).
public enum ReportProse {
    /// True when the text has Hangul in it.
    public static func hasHangul(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) }
    }

    /// The plain English words of a text, in runs of consecutive words: letters only (an apostrophe
    /// inside), not inside backticks, not part of an identifier, path, call, number or command
    /// (`fileAttributeDate`, `a.b`, `Storage()`, `x_y`, `2s`, `swift run workbook check 01-x`).
    public static func englishWords(_ text: some StringProtocol) -> [[String]] {
        var runs: [[String]] = [[]]
        var inCode = false
        let text = String(text).replacingOccurrences(of: #"swift (?:run|test|build)(?: [^\s()]+)*"#, with: " `cmd` ",
                                                     options: .regularExpression)
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            let backticks = token.filter { $0 == "`" }.count
            defer { if backticks % 2 == 1 { inCode.toggle() } }
            if inCode || backticks > 0 || token.contains("()") { runs.append([]); continue }
            let trimmed = token.trimmingCharacters(in: CharacterSet(charactersIn: "()[],;:!?\"'“”‘’—–-·…*").union(.whitespaces))
                .replacingOccurrences(of: #"\.+$"#, with: "", options: .regularExpression)
            let isWord = trimmed.count >= 2 && trimmed.allSatisfy { ($0.isASCII && $0.isLetter) || $0 == "'" }
                && !trimmed.dropFirst().contains(where: \.isUppercase)
            if isWord { runs[runs.count - 1].append(trimmed) } else { runs.append([]) }
        }
        return runs.filter { !$0.isEmpty }
    }

    /// A line of prose (not only figures, code or paths): Hangul, or at least three plain English words.
    public static func isProse(_ line: some StringProtocol) -> Bool {
        hasHangul(line) || englishWords(line).reduce(0) { $0 + $1.count } >= 3
    }

    /// A line that carries Hangul and also a run of four or more plain English words: a Korean
    /// sentence with an English one inside it.
    public static func mixes(_ line: some StringProtocol) -> Bool {
        hasHangul(line) && englishWords(line).contains { $0.count >= 4 }
    }
}

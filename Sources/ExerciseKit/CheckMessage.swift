// A check's message in English and, once it is written, in Korean. Both sides are Swift string
// interpolations of the same values (Tests/ExerciseTests/CheckMessageTests.swift scans the sources
// for that), so a number or a key reads the same in either language. A plain string is a message
// with no Korean yet (unless KnownKorean holds its exact text): every English-only call site
// compiles unchanged, and the workbook shows such a message in English, saying so.

/// English, and Korean when it has been written.
public struct CheckMessage: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var english: String
    public var korean: String?

    /// `english`, with `korean`; without it, the Korean `KnownKorean` keeps for that exact text
    /// (and the text itself when it has no letters: "; ", " → ", "").
    public init(_ english: String, ko korean: String? = nil) {
        self.english = english
        self.korean = korean ?? KnownKorean.table[english] ?? (english.contains(where: \.isLetter) ? nil : english)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }

    /// The Korean, or the English where there is none: only for names and short pieces (a thread's
    /// name, a line number) that go into a longer Korean sentence and read as labels either way.
    public var ko: String { korean ?? english }

    /// The English: what `--json`, CI and the tests read.
    public var description: String { english }

    /// Both sides joined; Korean only when both halves have it (a half-translated sentence is not Korean).
    public static func + (left: CheckMessage, right: CheckMessage) -> CheckMessage {
        CheckMessage(left.english + right.english, ko: left.korean.flatMap { ko in right.korean.map { ko + $0 } })
    }

    /// `parts` joined by `separator` in each language (Korean only when every part has it).
    public static func joined(_ parts: [CheckMessage], separator: CheckMessage) -> CheckMessage {
        guard let first = parts.first else { return CheckMessage("", ko: "") }
        return parts.dropFirst().reduce(first) { $0 + separator + $1 }
    }
}

/// What a check may say: a bilingual `CheckMessage`, or a plain `String` (English only), so that
/// `expect`, `fail` and a property's result take either.
public protocol CheckMessageConvertible {
    var checkMessage: CheckMessage { get }
}

extension CheckMessage: CheckMessageConvertible {
    public var checkMessage: CheckMessage { self }
}

extension String: CheckMessageConvertible {
    public var checkMessage: CheckMessage { CheckMessage(self) }
}

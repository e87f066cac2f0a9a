// What one run of an exercise's check reports, as one line of JSON on its standard output — the
// machine-readable channel `workbook check` reads (never the console text).

import Foundation
import WorkbookSupport

public struct CheckOutcome: Codable, Sendable, Equatable {
    public enum Verdict: String, Codable, Sendable {
        /// Every assertion held.
        case passed
        /// An assertion failed; `messages` says which.
        case failed
        /// The check did not finish within its time limit.
        case timedOut
        /// The protected lines were edited.
        case glueEdited
    }

    /// Marks the line among other output.
    public var kfdCheck = 1
    public var exercise: String
    public var verdict: Verdict
    /// What went wrong, first problem first, in the learner's terms.
    public var messages: [String]
    public var seconds: Double
    /// How many generated cases the check ran, and their seed (absent: the check generates none).
    public var cases: Int?
    public var seed: UInt64?

    /// What the check did that a pass reports too (the schedules it explored); nil when none.
    public var notes: [String]?

    /// The Korean of each message and note, beside its English (nil: that one has none yet).
    /// Absent from an older check program's line; `workbook check --lang ko` prints it, and
    /// nothing else reads it: every other reader of the outcome stays in English.
    public var koreanMessages: [String?]?
    public var koreanNotes: [String?]?

    public init(exercise: String, verdict: Verdict, messages: [String], seconds: Double, cases: Int? = nil, seed: UInt64? = nil,
                notes: [String]? = nil) {
        self.exercise = exercise
        self.verdict = verdict
        self.messages = messages
        self.seconds = seconds
        self.cases = cases
        self.seed = seed
        self.notes = notes
    }

    /// An outcome whose messages and notes carry their Korean where they have it.
    public init(exercise: String, verdict: Verdict, said messages: [CheckMessage], seconds: Double, cases: Int? = nil,
                seed: UInt64? = nil, notes: [CheckMessage] = []) {
        self.init(exercise: exercise, verdict: verdict, messages: messages.map(\.english), seconds: seconds, cases: cases, seed: seed,
                  notes: notes.isEmpty ? nil : notes.map(\.english))
        koreanMessages = messages.contains { $0.korean != nil } ? messages.map(\.korean) : nil
        koreanNotes = notes.contains { $0.korean != nil } ? notes.map(\.korean) : nil
    }

    /// The messages, each with its Korean when the line carried it.
    public var saidMessages: [CheckMessage] { Self.pair(messages, koreanMessages) }

    /// The notes, each with its Korean when the line carried it.
    public var saidNotes: [CheckMessage] { Self.pair(notes ?? [], koreanNotes) }

    /// What `workbook check` prints for the first `limit` messages in `language`: in Korean, each
    /// message's Korean where the line carried it, else its English marked `english: true` (the
    /// report labels it); in English, the English. The JSON line itself never changes with it.
    public func shown(in language: Language, limit: Int = 3) -> [(text: String, english: Bool)] {
        saidMessages.prefix(limit).map { message in
            if language == .ko, let korean = message.korean { return (korean, false) }
            return (message.english, language == .ko)
        }
    }

    /// The notes as `workbook check` prints them in `language` (English where a note has no Korean).
    public func shownNotes(in language: Language) -> [String] {
        saidNotes.map { language == .ko ? $0.korean ?? $0.english : $0.english }
    }

    private static func pair(_ english: [String], _ korean: [String?]?) -> [CheckMessage] {
        english.indices.map { index in
            // Only what the line said: no lookup (a message without Korean stays without it).
            var message = CheckMessage(english[index])
            message.korean = korean.flatMap { index < $0.count ? $0[index] : nil }
            return message
        }
    }

    /// The JSON line.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    /// The outcome in `output`, from its last line that is one.
    public static func parse(_ output: String) -> CheckOutcome? {
        for line in output.split(separator: "\n").reversed() where line.hasPrefix("{\"") && line.contains("\"kfdCheck\"") {
            if let outcome = try? JSONDecoder().decode(CheckOutcome.self, from: Data(line.utf8)) { return outcome }
        }
        return nil
    }
}

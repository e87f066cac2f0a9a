// What one run of an exercise's check reports, as one line of JSON on its standard output — the
// machine-readable channel `workbook check` reads (never the console text).

import Foundation

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

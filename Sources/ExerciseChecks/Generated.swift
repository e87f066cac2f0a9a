// Differential checks: the learner's code and a small reference (an oracle written in the checks
// from the exercise header's promises, not the reference solution) run on the same generated
// cases; the first case where anything a caller can see differs is shrunk, and the smallest one
// is the message.

import ExerciseKit

extension CheckRun {
    /// Runs `property` on `cases` values of `gen`, drawn from `seed` (or from the seed given with
    /// `--seed`). The property returns what differs from the reference, in the exercise's terms, or
    /// nil. On a difference, records the smallest failing case's message.
    public func forAll<Value>(_ gen: Gen<Value>, cases: Int, seed: UInt64, shrinkBudget: Int = 4_000,
                              _ property: (Value) -> (some CheckMessageConvertible)?) {
        let used = self.seed ?? seed
        let result = Property.check(gen, cases: cases, seed: used, shrinkBudget: shrinkBudget) { property($0)?.checkMessage }
        recordGenerated(cases: result.cases, seed: used)
        if let failure = result.failure {
            let number = failure.caseNumber
            fail(failure.message + CheckMessage(" (the smallest input found, shrunk from generated case \(number) of \(cases), seed \(used))",
                                                ko: " (찾은 가장 작은 입력: 생성한 \(cases)개 중 \(number)번째 경우를 줄인 것, 시드 \(used))"))
        }
    }
}

/// A string as Swift source writes it: quoted, with invisible and combining characters escaped,
/// so that "e\u{301}" and "é" read differently in a message, as they are different bytes.
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case " "..."~": result.unicodeScalars.append(scalar)
        default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
    if result.count > 60 { result = String(result.prefix(40)) + "…(\(text.unicodeScalars.count) scalars)" }
    return result + "\""
}

/// A set of strings as Swift source writes it, sorted.
func quoted(_ names: Set<String>?) -> String {
    guard let names else { return "nil" }
    return "[" + names.sorted().map { quoted($0) }.joined(separator: ", ") + "]"
}

/// Whether two strings are the same bytes (`==` on String treats NFC and NFD as equal; a key
/// used as a file name does not).
func sameBytes(_ a: String, _ b: String) -> Bool { Array(a.utf8) == Array(b.utf8) }

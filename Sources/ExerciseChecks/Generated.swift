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

extension CheckRun {
    /// Said after a failing value check when the file keeps a variable no call owns (a `static
    /// var`, a global): the calls before a failing one ran too, and what they left there may be
    /// what it answered — alone, that call may give the reference's answer (blind rounds 40 and
    /// 41: memos whose failing call was told about trimming or encoding).
    var keptAcrossCallsNote: CheckMessage? {
        guard let kept = source.flatMap({ SourceFacts.sharedVariables(in: $0).first }) else { return nil }
        return CheckMessage("Note: your file keeps `\(kept.name)` (line \(kept.line)) from call to call, and the check's earlier calls ran "
                            + "first: an answer above may come from what they left there, and the same call alone may give the "
                            + "reference's answer",
                            ko: "참고: 여러분의 파일은 `\(kept.name)`(\(kept.line)행)를 호출과 호출 사이에 유지하고, 확인 프로그램의 앞선 "
                                + "호출들이 먼저 실행됐습니다: 위의 답은 그 호출들이 남긴 값에서 왔을 수 있고, 같은 호출을 따로 하면 기준 "
                                + "구현과 같은 답이 나올 수 있습니다")
    }
}

/// A string as Swift source writes it: quoted, with invisible and combining characters escaped,
/// so that "e\u{301}" and "é" read differently in a message, as they are different bytes.
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        // Every escape is ASCII, so past 60 bytes the quote is cut whatever follows: stop building
        // it (a 64 KiB value used to cost a second of a check's time here).
        if result.utf8.count > 60 { break }
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

/// A list of strings as Swift source writes it, each quoted as `quoted` does.
func quotedList(_ strings: [String]) -> String { "[" + strings.map { quoted($0) }.joined(separator: ", ") + "]" }

/// A set of strings as Swift source writes it, sorted.
func quoted(_ names: Set<String>?) -> String {
    guard let names else { return "nil" }
    return "[" + names.sorted().map { quoted($0) }.joined(separator: ", ") + "]"
}

/// Whether two strings are the same bytes (`==` on String treats NFC and NFD as equal; a key
/// used as a file name does not).
func sameBytes(_ a: String, _ b: String) -> Bool { Array(a.utf8) == Array(b.utf8) }

/// The answers the code under check gave during one check, by the call as a message writes it:
/// the evidence, when an answer is wrong, that it depends on calls made before it (a static, a
/// memo) rather than on the call's own arguments. The generated cases and their shrinking all run
/// in one process, so such state is never reset between them.
final class AnswerLog {
    private var first: [String: String] = [:]
    private var firstCall: [String: String] = [:]

    /// Records `answer` to `call`; returns the different answer the same call got earlier, if any.
    func record(_ call: String, _ answer: String) -> String? {
        if let earlier = first[call] { return earlier == answer ? nil : earlier }
        first[call] = answer
        return nil
    }

    /// Notes that `call` got `answer` and that it was the right answer for it.
    func noteRight(_ call: String, _ answer: String) {
        if firstCall[answer] == nil { firstCall[answer] = call }
    }

    /// The first other call for which `answer` was the right answer, earlier in this check, if any.
    func earlierCall(answered answer: String, other call: String) -> String? {
        firstCall[answer].flatMap { $0 == call ? nil : $0 }
    }

    /// "`answer` is what `other` rightly got earlier": a result carried over from another call.
    static func carriedOver(_ answer: String, from other: String) -> CheckMessage {
        CheckMessage(". \(answer) is what \(other) returned earlier in this check, rightly for that call: this call's "
                     + "own arguments cannot make it, so it most likely came from that call: is something kept between calls (a static, a memo?) Run alone, this call may well give the right answer",
                     ko: ". 결과 \(answer): 이 확인의 앞에서 \(other) 호출이 돌려준 값이고, 그 호출에는 맞는 결과입니다. 이 호출의 인자만으로는 "
                         + "만들 수 없으니 그 호출에서 넘어온 것으로 보입니다. 호출 사이에 남아 있는 무언가(static, 메모)가 있는지 보세요. 이 호출만 따로 실행하면 맞는 결과가 나올 수도 있습니다")
    }

    /// "`call` now answered `now`; the same call answered `earlier` before": the state, stated.
    static func changed(_ call: String, now: String, earlier: String) -> CheckMessage {
        changed(CheckMessage(call, ko: call), now: now, earlier: earlier)
    }

    /// The same, for a call whose description has words of its own (in English and Korean).
    static func changed(_ call: CheckMessage, now: String, earlier: String) -> CheckMessage {
        CheckMessage("\(call.english) answered \(now); earlier in this check the same call, with the same arguments, answered \(earlier): "
                     + "one call, two answers, so the answer depends on more than its arguments, such as something kept between calls (a static, a memo?). "
                     + "Run alone, this call may well give the right answer",
                     ko: "\(call.ko)의 결과: \(now). 이 확인 앞부분에서 같은 인자로 한 같은 호출의 결과: \(earlier). "
                         + "같은 호출에 결과가 둘이니 결과가 인자만으로 정해지지 않습니다. 호출 사이에 남아 있는 무언가(static, 메모)가 있는지 보세요. "
                         + "이 호출만 따로 실행하면 맞는 결과가 나올 수도 있습니다")
    }
}

/// A count with commas between its thousands ("50,001"), the same on every machine's locale.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
}

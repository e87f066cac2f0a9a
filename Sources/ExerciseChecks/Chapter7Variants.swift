// Inputs sized and shaped by the checked file (SourceFacts): values and lines one past each
// number it writes, or holding each string it writes, so that a shortcut taken only past some
// size or for some content meets the same contract as every other input.

import ExerciseKit

/// `value` padded with dots to `size` characters (nil: as it is): a line or a serialized value
/// past a size cut-off in the learner's code.
func padded(_ value: String, _ size: Int?) -> String {
    guard let size, size > value.count else { return value }
    return value + String(repeating: ".", count: size - value.count)
}

/// A padded value as a message shows it: its start and its length.
func shortened(_ value: String) -> String {
    value.count <= 24 ? value : "\(value.prefix(8))… (\(value.count) characters)"
}

/// The values a scenario stores, with what its name says about them: as they are; one past each
/// number the checked file writes (a "large values take another route" cut-off); and ending in
/// each string it writes (a "values with a newline, or with '@', are special" shortcut).
struct ValueVariant {
    let first: String
    let second: String
    let note: CheckMessage
}

func valueVariants(_ source: String?, first: String, second: String, within range: ClosedRange<Int>) -> [ValueVariant] {
    var variants = [ValueVariant(first: first, second: second, note: CheckMessage("", ko: ""))]
    for size in SourceFacts.sizesPastCutOffs(in: source, within: range, limit: 2) {
        variants.append(ValueVariant(first: padded(first, size), second: padded(second, size),
                                     note: CheckMessage(", each value \(grouped(size)) characters", ko: ", 값마다 \(grouped(size))자")))
    }
    for text in SourceFacts.stringLiterals(in: source).filter({ !$0.isEmpty && $0.count <= 64 }).prefix(4) {
        variants.append(ValueVariant(first: first + text, second: second + text,
                                     note: CheckMessage(", each value ending in \(quoted(text))", ko: ", 값마다 끝에 \(quoted(text))")))
    }
    return variants
}

/// The first line of 07-async-journal's scenario: "first"; one past each number the checked
/// file writes; and after each string it writes (a "lines starting with '!' are urgent" shortcut).
func lineVariants(_ source: String?) -> [ValueVariant] {
    var variants = [ValueVariant(first: "first", second: "", note: CheckMessage("", ko: ""))]
    for size in SourceFacts.sizesPastCutOffs(in: source, within: 6...4_194_304, limit: 2) {
        variants.append(ValueVariant(first: padded("first", size), second: "",
                                     note: CheckMessage(", the first line \(grouped(size)) characters long", ko: ", 첫 줄은 \(grouped(size))자")))
    }
    for text in SourceFacts.stringLiterals(in: source).filter({ !$0.isEmpty && $0.count <= 64 && !$0.contains("first") }).prefix(4) {
        variants.append(ValueVariant(first: text + "first", second: "",
                                     note: CheckMessage(", the first line starting with \(quoted(text))", ko: ", 첫 줄은 \(quoted(text))로 시작")))
    }
    return variants
}

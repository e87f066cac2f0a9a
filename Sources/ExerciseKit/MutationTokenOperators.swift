// The mutation operators that change a few characters of one line: a queue, a lock, a comparison,
// a rounding, an integer width, a default.

import Foundation

enum TokenOperators {
    static func apply(_ file: SwiftFile, into set: inout MutantSet) {
        let stringNames = stringParameters(in: file)
        for (index, line) in file.lines.enumerated() where line.editable && !line.trimmed.hasPrefix("//") {
            let code = Array(line.code)
            var edit = LineEdit(index: index, line: line, code: code, file: file)
            guardedClosures(&edit, &set)
            for (from, to) in [(" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > "), (" == ", " != "), (" != ", " == ")] {
                edit.replaceEach(from, with: to, .relational, &set)
            }
            edit.replaceEach(" && ", with: " || ", .logical, &set)
            edit.replaceEach(" || ", with: " && ", .logical, &set)
            dropNegation(&edit, &set)
            edit.replaceEach("ceil(", with: "floor(", .rounding, &set, wordStart: true)
            edit.replaceEach("floor(", with: "ceil(", .rounding, &set, wordStart: true)
            edit.replaceEach(".rounded(.up)", with: ".rounded()", .rounding, &set)
            edit.wrapCall("ceil", .rounding, &set) { "(\($0)).rounded()" }
            edit.wrapCall("Int", .int32, &set) { "Int(Int32(\($0)))" }
            edit.replaceEach(" ?? true", with: " ?? false", .nilCoalescing, &set)
            edit.replaceEach(" ?? false", with: " ?? true", .nilCoalescing, &set)
            edit.replaceEach(" ?? 0", with: " ?? 1", .nilCoalescing, &set)
            edit.wrapCall("removeObject", .removeAll, &set, afterDot: true) { _ in "removeAllObjects()" }
            returns(&edit, &set)
            emptyBodies(&edit, &set)
            for name in stringNames { lowercased(name, &edit, &set) }
        }
    }

    /// `receiver.withLock { … }`, `receiver.sync { … }`, `receiver.async { … }` on this line.
    private static func guardedClosures(_ edit: inout LineEdit, _ set: inout MutantSet) {
        for call in ["withLock", "sync", "async"] {
            for dot in edit.occurrences(of: ".\(call) {") {
                let receiverStart = edit.receiverStart(before: dot)
                guard receiverStart < dot else { continue }
                let receiver = String(edit.code[receiverStart..<dot])
                let braceOpen = dot + call.count + 2
                let isQueue = call != "withLock"
                // sync ↔ async
                if isQueue {
                    edit.replace(dot..<(dot + call.count + 1), with: call == "sync" ? ".async" : ".sync", .syncAsync,
                                 "`\(receiver).\(call)` → `\(call == "sync" ? "async" : "sync")`", &set)
                }
                // The serial queue replaced by the global concurrent one.
                if isQueue, receiver.lowercased().contains("queue"), !receiver.hasPrefix("DispatchQueue") {
                    edit.replace(receiverStart..<dot, with: "DispatchQueue.global()", .globalQueue,
                                 "`\(receiver).\(call)` → `DispatchQueue.global().\(call)`", &set, needs: [.foundation])
                }
                // A second, private lock or queue.
                if !receiver.hasPrefix("DispatchQueue") {
                    edit.replace(receiverStart..<dot, with: isQueue ? "mutantQueue" : "mutantLock", .privateGuard,
                                 "`\(receiver).\(call)` → a private \(isQueue ? "queue" : "lock")'s", &set,
                                 needs: isQueue ? [.privateQueue, .foundation] : [.privateLock])
                }
                // One-line closures: drop the guard, hop through global, sleep instead of waiting,
                // copy out and write back.
                guard let braceEnd = SwiftFile.matchingBrace(in: edit.code, from: braceOpen) else { continue }
                let body = String(edit.code[(braceOpen + 1)..<(braceEnd - 1)]).trimmingWhitespace
                let whole = receiverStart..<braceEnd
                edit.replace(whole, with: body.isEmpty ? "()" : body, .unwrapGuard, "`\(receiver).\(call) { … }` dropped", &set)
                if call == "async", !receiver.hasPrefix("DispatchQueue") {
                    edit.replace(whole, with: "DispatchQueue.global().async { \(receiver).async { \(body) } }", .hopThroughGlobal,
                                 "`\(receiver).async` reached through DispatchQueue.global().async", &set, needs: [.foundation])
                }
                if call == "sync", body.isEmpty {
                    edit.replace(whole, with: "Thread.sleep(forTimeInterval: 0.02)", .sleepForWait,
                                 "`\(receiver).sync {}` → a 20 ms sleep", &set, needs: [.foundation])
                }
                if let copy = copyOutWriteBack(receiver: receiver, call: call, body: body) {
                    edit.replace(whole, with: copy, .copyOutWriteBack, "`\(receiver).\(call) { \(body) }` → copy out, modify, write back", &set)
                    edit.replace(whole, with: "mutantLock.withLock { \(copy) }", .copyOutWriteBack,
                                 "`\(receiver).\(call) { \(body) }` → copy out, modify, write back under a private lock", &set,
                                 needs: [.privateLock])
                }
            }
        }
    }

    /// `f(&x)` as the whole body → `var mutantCopy = q.sync { x }; f(&mutantCopy); q.sync { x = mutantCopy }`.
    private static func copyOutWriteBack(receiver: String, call: String, body: String) -> String? {
        guard call != "async", let amp = body.range(of: "(&"), body.hasSuffix(")") else { return nil }
        let function = String(body[..<amp.lowerBound])
        let target = String(body[amp.upperBound..<body.index(before: body.endIndex)])
        guard !target.contains(","), !target.isEmpty, !function.isEmpty else { return nil }
        return "var mutantCopy = \(receiver).\(call) { \(target) }; \(function)(&mutantCopy); \(receiver).\(call) { \(target) = mutantCopy }"
    }

    private static func dropNegation(_ edit: inout LineEdit, _ set: inout MutantSet) {
        for index in edit.code.indices where edit.code[index] == "!" {
            let next = index + 1 < edit.code.count ? edit.code[index + 1] : " "
            let previous = index > 0 ? edit.code[index - 1] : " "
            guard next.isLetter || next == "(" || next == "_", !(previous.isLetter || previous.isNumber || previous == ")" || previous == "?" || previous == "]") else { continue }
            edit.replace(index..<(index + 1), with: "", .logical, "a `!` dropped", &set)
        }
    }

    private static func returns(_ edit: inout LineEdit, _ set: inout MutantSet) {
        for start in edit.occurrences(of: "return ", wordStart: true) {
            edit.replace(start..<(start + 7), with: "_ = ", .dropReturn, "`return` → `_ =`: the code goes on", &set)
        }
    }

    private static func emptyBodies(_ edit: inout LineEdit, _ set: inout MutantSet) {
        guard edit.line.context != .type || edit.line.trimmed.contains("func ") || edit.line.trimmed.contains("init(") else { return }
        for open in edit.code.indices where edit.code[open] == "{" {
            guard let close = SwiftFile.matchingBrace(in: edit.code, from: open) else { continue }
            let body = String(edit.code[(open + 1)..<(close - 1)]).trimmingWhitespace
            guard !body.isEmpty else { continue }
            edit.replace(open..<close, with: "{ }", .emptyBody, "`{ \(body) }` left empty", &set)
        }
    }

    private static func lowercased(_ name: String, _ edit: inout LineEdit, _ set: inout MutantSet) {
        for start in edit.occurrences(of: name, wordStart: true) {
            let end = start + name.count
            let next = end < edit.code.count ? edit.code[end] : " "
            guard !(next.isLetter || next.isNumber || next == "_" || next == ":" || next == "." || next == "("),
                  start == 0 || edit.code[start - 1] != "." else { continue }
            let before = String(edit.code[..<start])
            guard !before.hasSuffix("let "), !before.hasSuffix("var "), !before.hasSuffix("_ "), !before.hasSuffix("func ") else { continue }
            edit.replace(end..<end, with: ".lowercased()", .lowercased, "`\(name)` lowercased", &set)
        }
    }

    /// Names declared `name: String` (parameters and properties): candidates for `.lowercased()`.
    static func stringParameters(in file: SwiftFile) -> [String] {
        var names: [String] = []
        for line in file.lines {
            let code = line.code
            var search = code.startIndex..<code.endIndex
            while let found = code.range(of: ": String", range: search) {
                search = found.upperBound..<code.endIndex
                let after = code[found.upperBound...].first
                guard after != "?" && after != ">" && after != "]" && after != "." else { continue }
                let name = String(code[..<found.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                if !name.isEmpty, name != "_", !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}

/// One editable line and the ways to change it.
struct LineEdit {
    let index: Int
    let line: SwiftLine
    let code: [Character]
    let file: SwiftFile

    func occurrences(of needle: String, wordStart: Bool = false) -> [Int] {
        let pattern = Array(needle)
        guard pattern.count <= code.count else { return [] }
        var found: [Int] = []
        var inString = false
        for start in 0...(code.count - pattern.count) {
            if code[start] == "\"" && (start == 0 || code[start - 1] != "\\") { inString.toggle() }
            guard !inString, Array(code[start..<(start + pattern.count)]) == pattern else { continue }
            if wordStart, start > 0, code[start - 1].isLetter || code[start - 1].isNumber || code[start - 1] == "_" || code[start - 1] == "." { continue }
            found.append(start)
        }
        return found
    }

    /// Where the receiver of a call at `dot` starts: `self.queue`, `lock`, `DispatchQueue.global()`.
    func receiverStart(before dot: Int) -> Int {
        var start = dot
        while start > 0 {
            let character = code[start - 1]
            if character.isLetter || character.isNumber || character == "_" || character == "." { start -= 1; continue }
            if character == ")" && start >= 2 && code[start - 2] == "(" { start -= 2; continue }
            break
        }
        return start
    }

    func replace(_ range: Range<Int>, with replacement: String, _ operation: MutationOperator, _ change: String,
                 _ set: inout MutantSet, needs: Set<MutantSupport> = []) {
        var changed = code
        changed.replaceSubrange(range, with: Array(replacement))
        var lines = file.texts
        lines[index] = String(changed) + String(line.text.dropFirst(code.count))
        set.add(operation, line: index, change, lines: lines, needs: needs)
    }

    func replaceEach(_ needle: String, with replacement: String, _ operation: MutationOperator, _ set: inout MutantSet,
                     wordStart: Bool = false) {
        for start in occurrences(of: needle, wordStart: wordStart) {
            replace(start..<(start + needle.count), with: replacement, operation,
                    "`\(needle.trimmingWhitespace)` → `\(replacement.trimmingWhitespace)`", &set)
        }
    }

    /// `name(ARGS)` → `make(ARGS)`, for each call of `name` on the line.
    func wrapCall(_ name: String, _ operation: MutationOperator, _ set: inout MutantSet, afterDot: Bool = false,
                  _ make: (String) -> String) {
        for start in occurrences(of: name + "(", wordStart: !afterDot) {
            if afterDot, start == 0 || code[start - 1] != "." { continue }
            var depth = 0, end = start + name.count
            while end < code.count {
                if code[end] == "(" { depth += 1 }
                if code[end] == ")" { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            guard end < code.count else { continue }
            let argument = String(code[(start + name.count + 1)..<end])
            let replacement = make(argument)
            replace(start..<(end + 1), with: replacement, operation, "`\(name)(\(argument))` → `\(replacement)`", &set)
        }
    }
}

// A line-level reading of a small Swift file: enough structure (comments, strings, braces, blocks,
// statements) for the mutation operators in Mutation.swift to cut and move code the way a learner
// would. It is not a parser; it is exact for the style of the exercise files (one statement per
// line, braces on the lines that open and close a block) and errs towards "not a statement".

/// One line of the file, with what the mutation operators need to know about it.
struct SwiftLine {
    /// The line as written.
    let text: String
    /// The code without a trailing `//` comment (a `//` inside a string literal is code).
    let code: String
    /// Outside the DO NOT EDIT blocks, and neither blank, a comment nor an `import`.
    let editable: Bool
    /// Brace depth before and after the line.
    let depthBefore: Int
    let depthAfter: Int
    /// What encloses the line's first character.
    let context: BlockKind

    var trimmed: String { code.trimmingWhitespace }
    var indentation: String { String(text.prefix { $0 == " " }) }
}

/// What a `{` opens, judged from the code before it on its line.
enum BlockKind: Equatable {
    /// `class`, `struct`, `enum`, `extension`, `protocol`: its lines are declarations.
    case type
    /// A closure passed to `withLock`, `sync` or `async`: a critical section or a queue hop.
    case guarded
    /// A `switch`: its lines are `case` labels and statements.
    case switchBody
    /// Any other code: a function, an accessor, `if`, `guard`, `for`, `do`, a closure.
    case code
    case file
}

/// A block whose braces are on different lines: the opener ends with `{`, the closer starts with `}`.
struct SwiftBlock {
    let opener: Int
    let closer: Int
    let kind: BlockKind
}

/// The lines of a file, and the blocks and statements they form.
struct SwiftFile {
    let lines: [SwiftLine]
    let blocks: [SwiftBlock]
    let endsWithNewline: Bool

    init(_ source: String) {
        var raw = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        endsWithNewline = raw.last == ""
        if endsWithNewline { raw.removeLast() }
        var result: [SwiftLine] = []
        var stack: [BlockKind] = []
        var protected = false
        var openers: [(line: Int, kind: BlockKind)] = []
        var blocks: [SwiftBlock] = []
        for (index, text) in raw.enumerated() {
            let trimmedText = text.trimmingWhitespace
            if trimmedText.hasPrefix(Glue.endMarker) { protected = false }
            else if trimmedText.hasPrefix(Glue.beginMarker) { protected = true }
            let code = SwiftFile.stripComment(text)
            let before = stack.count
            let context = stack.last ?? .file
            var prefix = ""
            var inString = false
            var previous: Character = " "
            for character in code {
                if character == "\"" && previous != "\\" { inString.toggle() }
                if !inString {
                    if character == "{" {
                        let kind = SwiftFile.kind(openedAfter: prefix)
                        stack.append(kind)
                        openers.append((index, kind))
                    } else if character == "}" {
                        if !stack.isEmpty { stack.removeLast() }
                        if let open = openers.popLast(), open.line != index {
                            blocks.append(SwiftBlock(opener: open.line, closer: index, kind: open.kind))
                        }
                    }
                }
                prefix.append(character)
                previous = character
            }
            let code2 = code.trimmingWhitespace
            let editable = !protected && !code2.isEmpty && !code2.hasPrefix("import ")
            result.append(SwiftLine(text: text, code: code, editable: editable, depthBefore: before,
                                    depthAfter: stack.count, context: context))
        }
        lines = result
        self.blocks = blocks.sorted { $0.opener < $1.opener }
    }

    /// The source again, with `lines` in place of the file's lines.
    func render(_ lines: [String]) -> String {
        lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    var texts: [String] { lines.map(\.text) }

    /// The units of code directly inside `block` (or the file): a statement on one line, or a
    /// multi-line statement such as an `if` with its body, as a range of line indices.
    func units(in block: SwiftBlock) -> [ClosedRange<Int>] {
        var units: [ClosedRange<Int>] = []
        var index = block.opener + 1
        let depth = lines[block.opener].depthAfter
        while index < block.closer {
            let start = index
            guard lines[start].depthBefore == depth else { index += 1; continue }
            var end = start
            while end < block.closer - 1, lines[end].depthAfter != depth { end += 1 }
            if lines[start].trimmed.isEmpty { index = end + 1; continue }
            units.append(start...end)
            index = end + 1
        }
        return units
    }

    /// Whether every line of `range` may be mutated and the range is code (not declarations).
    func isMutableCode(_ range: ClosedRange<Int>) -> Bool {
        range.allSatisfy { lines[$0].editable } && lines[range.lowerBound].context != .type
            && lines[range.lowerBound].context != .file
            && !SwiftFile.isCaseLabel(lines[range.lowerBound].trimmed)
    }

    /// A statement on one line: balanced braces and parentheses, not a `case` label.
    func isOneLineStatement(_ range: ClosedRange<Int>) -> Bool {
        range.count == 1 && isMutableCode(range) && SwiftFile.balanced(lines[range.lowerBound].trimmed)
    }

    // MARK: Lexical helpers

    static func stripComment(_ text: String) -> String {
        var inString = false
        var previous: Character = " "
        var result = ""
        for character in text {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                result.removeLast()
                return result
            }
            result.append(character)
            previous = character
        }
        return result
    }

    static func kind(openedAfter prefix: String) -> BlockKind {
        let words = prefix.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
        let last = prefix.trimmingWhitespace
        if last.hasSuffix("withLock") || last.hasSuffix(".sync") || last.hasSuffix(".async") { return .guarded }
        if words.contains("switch") && !last.hasSuffix(")") { return .switchBody }
        if let keyword = words.first(where: { ["class", "struct", "enum", "extension", "protocol"].contains($0) }),
           !words.contains("func"), !words.contains("var"), !words.contains("let"), !words.contains("case") || keyword != "enum" {
            return .type
        }
        return .code
    }

    static func isCaseLabel(_ code: String) -> Bool {
        (code.hasPrefix("case ") || code.hasPrefix("default")) && code.hasSuffix(":")
    }

    static func balanced(_ code: String) -> Bool {
        var braces = 0, parens = 0
        var inString = false
        var previous: Character = " "
        for character in code {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString {
                switch character {
                case "{": braces += 1
                case "}": braces -= 1
                case "(": parens += 1
                case ")": parens -= 1
                default: break
                }
                if braces < 0 || parens < 0 { return false }
            }
            previous = character
        }
        return braces == 0 && parens == 0
    }

    /// The index just past the `}` that closes the `{` at `open` in `code` (same line), if any.
    static func matchingBrace(in code: [Character], from open: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = open
        while index < code.count {
            let character = code[index]
            if character == "\"" && (index == 0 || code[index - 1] != "\\") { inString.toggle() }
            if !inString {
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1; if depth == 0 { return index + 1 } }
            }
            index += 1
        }
        return nil
    }
}

extension String {
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" || last == "\r" { view.removeLast() }
        return String(view)
    }
}

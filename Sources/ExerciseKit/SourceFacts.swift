// What a check can only learn from the learner's source, not by running it: whether a type
// declares an initializer (a caseless enum with `init() { fatalError() }` has no values, yet
// `ThumbnailStorage()` compiles — the one thing a namespace exists to forbid); and the numbers,
// strings and byte arrays the file writes, which the checks turn into inputs past each of them (a
// verdict still rests on running the code: these only choose what to run it on).

public enum SourceFacts {
    /// The lines of `source` that declare an initializer of `typeName` itself — in its body or in
    /// an extension of it, not in a type nested inside it — trimmed.
    public static func initializers(of typeName: String, in source: String) -> [String] {
        let file = SwiftFile(source)
        var found: [String] = []
        for (index, line) in file.lines.enumerated() {
            let code = line.trimmed
            guard declares(typeName, code) else { continue }
            if let block = file.blocks.first(where: { $0.opener == index }) {
                let depth = line.depthAfter
                for inner in (block.opener + 1)..<block.closer where file.lines[inner].depthBefore == depth {
                    if isInitializer(file.lines[inner].trimmed) { found.append(file.lines[inner].trimmed) }
                }
            } else if let open = code.firstIndex(of: "{"), isInitializer(String(code[code.index(after: open)...]).trimmingWhitespace) {
                found.append(code)
            }
        }
        return found
    }

    /// `enum Name`, `struct Name`, `class Name`, `extension Name`, with any modifiers before.
    static func declares(_ typeName: String, _ code: String) -> Bool {
        let words = code.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" }).map(String.init)
        for (index, word) in words.enumerated() where ["enum", "struct", "class", "extension", "actor"].contains(word) {
            return index + 1 < words.count && words[index + 1] == typeName
        }
        return false
    }

    static func isInitializer(_ code: String) -> Bool {
        var rest = Substring(code)
        let modifiers = ["public ", "private ", "fileprivate ", "internal ", "package ", "convenience ", "required ",
                         "override ", "nonisolated ", "@inlinable ", "@usableFromInline ", "@discardableResult "]
        var stripped = true
        while stripped {
            stripped = false
            for modifier in modifiers where rest.hasPrefix(modifier) {
                rest = rest.dropFirst(modifier.count)
                stripped = true
            }
        }
        guard rest.hasPrefix("init") else { return false }
        let after = rest.dropFirst(4).first
        return after == "(" || after == "?" || after == "!" || after == "<" || after == " "
    }
}

// MARK: Cut-offs written in the learner's code

extension SourceFacts {
    /// The whole numbers written in `source`'s code (not in comments or strings), with the value
    /// of each simple product or shift (`4 * 1024 * 1024`, `1 << 12`): the places a
    /// size cut-off can hide ("only when the line is longer than 64", "while keys.count < 50_000").
    /// A check makes its inputs larger than each of them, so a contract kept only on one side of a
    /// cut-off is seen whatever number the learner picked (boundary values taken from the code under
    /// test, as fuzzers take comparison operands). Decimal `60.0` counts as 60.
    /// Hexadecimal numbers (`0x8A`) only with `includingHex`: they are constants (a hash's round
    /// constants, a signature's bytes), seldom sizes, and a size one past each would cost much.
    public static func wholeNumbers(in source: String?, includingHex: Bool = false) -> [Int] {
        guard let source else { return [] }
        var found: Set<Int> = []
        for line in SwiftFile(source).lines {
            let tokens = numberTokens(line.code, includingHex: includingHex)
            for (index, token) in tokens.enumerated() {
                guard case .number(let value) = token else { continue }
                found.insert(value)
                // A chain `a * b * c` (each product along it), or `a << b`.
                var product = value, next = index
                while next + 2 < tokens.count, case .op(let op) = tokens[next + 1], case .number(let other) = tokens[next + 2] {
                    if op == "<<" {
                        if next == index, other < 40 { found.insert(value << other) }
                        break
                    }
                    let (result, overflow) = product.multipliedReportingOverflow(by: other)
                    guard !overflow else { break }
                    product = result
                    found.insert(product)
                    next += 2
                }
            }
        }
        return found.sorted()
    }

    enum NumberToken { case number(Int), op(String), other }

    /// Numbers, `*` and `<<`, and anything else as `.other`, outside string literals.
    static func numberTokens(_ code: String, includingHex: Bool) -> [NumberToken] {
        var tokens: [NumberToken] = []
        let characters = Array(code)
        var index = 0, inString = false
        while index < characters.count {
            let character = characters[index]
            if character == "\"" && (index == 0 || characters[index - 1] != "\\") {
                inString.toggle()
                index += 1
                tokens.append(.other)
                continue
            }
            if inString { index += 1; continue }
            let startsWord = index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "_" || characters[index - 1].isNumber)
            if character == "0", startsWord, index + 1 < characters.count, characters[index + 1] == "x" {
                var digits = ""
                index += 2
                while index < characters.count, characters[index].isHexDigit || characters[index] == "_" {
                    if characters[index] != "_" { digits.append(characters[index]) }
                    index += 1
                }
                tokens.append(includingHex ? Int(digits, radix: 16).map { .number($0) } ?? .other : .other)
                continue
            }
            if character.isNumber, character.isASCII, startsWord {
                var digits = ""
                while index < characters.count, characters[index].isASCII, characters[index].isNumber || characters[index] == "_" {
                    if characters[index] != "_" { digits.append(characters[index]) }
                    index += 1
                }
                // The fraction of a decimal goes; exponents are not sizes a learner writes.
                if index < characters.count, characters[index] == ".", index + 1 < characters.count, characters[index + 1].isNumber {
                    index += 1
                    while index < characters.count, characters[index].isNumber || characters[index] == "_" { index += 1 }
                }
                if let value = Int(digits) { tokens.append(.number(value)) } else { tokens.append(.other) }
                continue
            }
            if character == " " { index += 1; continue }
            if character == "*" { tokens.append(.op("*")); index += 1; continue }
            if character == "<", index + 1 < characters.count, characters[index + 1] == "<" { tokens.append(.op("<<")); index += 2; continue }
            tokens.append(.other)
            index += 1
        }
        return tokens
    }

    /// Sizes past every cut-off in `source` within `range`: each whole number there plus one,
    /// largest first, at most `limit` of them.
    public static func sizesPastCutOffs(in source: String?, within range: ClosedRange<Int>, limit: Int = 3) -> [Int] {
        Array(wholeNumbers(in: source).filter { range.contains($0) }.map { $0 + 1 }.reversed().prefix(limit))
    }
}

// MARK: Strings written in the learner's code

extension SourceFacts {
    /// The string literals written in `source`'s code (not in comments), without interpolations,
    /// with `\"`, `\\`, `\n` and `\t` read as Swift reads them: the special values a learner's
    /// code singles out ("com.onevcat.Kingfisher.DefaultImageProcessor", ".png", "@2x"), which a
    /// check then feeds in as inputs, as fuzzers feed the target's own constants back to it.
    public static func stringLiterals(in source: String?) -> [String] {
        guard let source else { return [] }
        var found: [String] = []
        // The learner's own lines only: the DO NOT EDIT lines' strings are the check's (a probe's
        // message fed back as a key reads as if the key held the message).
        for line in SwiftFile(source).lines where line.editable {
            let characters = Array(line.code)
            var index = 0
            while index < characters.count {
                guard characters[index] == "\"" else { index += 1; continue }
                if index + 2 < characters.count, characters[index + 1] == "\"", characters[index + 2] == "\"" { break }   // a multi-line literal
                var text = "", closed = false, interpolated = false
                index += 1
                while index < characters.count {
                    let character = characters[index]
                    if character == "\\", index + 1 < characters.count {
                        let next = characters[index + 1]
                        switch next {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "(": interpolated = true
                        default: text.append(next)
                        }
                        index += 2
                        continue
                    }
                    index += 1
                    if character == "\"" { closed = true; break }
                    text.append(character)
                }
                if closed, !interpolated, !found.contains(text) { found.append(text) }
            }
        }
        return found
    }
}

// MARK: Byte arrays written in the learner's code

extension SourceFacts {
    /// The arrays of byte values written in `source`'s code (`[0x8A, 0x4D, 0x4E, 0x47]`): a
    /// signature a learner's code also accepts, which a check then feeds in as data.
    public static func byteArrays(in source: String?) -> [[UInt8]] {
        guard let source else { return [] }
        var found: [[UInt8]] = []
        for line in SwiftFile(source).lines {
            var rest = Substring(line.code)
            while let open = rest.firstIndex(of: "[") {
                guard let close = rest[open...].firstIndex(of: "]") else { break }
                let inside = rest[rest.index(after: open)..<close]
                rest = rest[rest.index(after: close)...]
                let pieces = inside.split(separator: ",").map { String($0).trimmingWhitespace }
                guard pieces.count >= 2 else { continue }
                let values = pieces.map { piece -> UInt8? in
                    piece.hasPrefix("0x") ? UInt8(piece.dropFirst(2), radix: 16) : UInt8(piece)
                }
                if values.allSatisfy({ $0 != nil }) {
                    let bytes = values.compactMap { $0 }
                    if !found.contains(bytes) { found.append(bytes) }
                }
            }
        }
        return found
    }
}

// MARK: Where a nested type is declared

extension SourceFacts {
    /// One declaration of a type's name: its keyword (`struct`, `class`, `enum`, `actor`,
    /// `typealias`), the type or extension whose body holds it (nil at the top level, or in a
    /// function), and its line (1-based).
    public struct TypeDeclaration: Sendable, Equatable {
        public let keyword: String
        public let enclosing: String?
        public let line: Int
    }

    /// Every declaration of `typeName` in `source`'s code: `Config` declared inside
    /// `ThumbnailStorage`, or declared elsewhere and only named there by a `typealias`, reads the
    /// same to a caller (`ThumbnailStorage.Config`); only the source tells them apart.
    public static func declarations(of typeName: String, in source: String) -> [TypeDeclaration] {
        let file = SwiftFile(source)
        var found: [TypeDeclaration] = []
        for (index, line) in file.lines.enumerated() {
            guard let keyword = declaringKeyword(of: typeName, in: line.trimmed, kinds: ["struct", "class", "enum", "actor", "typealias"])
            else { continue }
            let holder = file.blocks.filter { $0.opener < index && index <= $0.closer }.max { $0.opener < $1.opener }
            let enclosing = holder.flatMap { block in
                declaredName(in: file.lines[block.opener].trimmed, kinds: ["struct", "class", "enum", "actor", "extension"])
            }
            found.append(TypeDeclaration(keyword: keyword, enclosing: enclosing, line: index + 1))
        }
        return found
    }

    /// The keyword among `kinds` that `code` uses to declare `typeName`, if it does.
    static func declaringKeyword(of typeName: String, in code: String, kinds: Set<String>) -> String? {
        let words = code.split(whereSeparator: { " :{<=(".contains($0) }).map(String.init)
        for (index, word) in words.enumerated() where kinds.contains(word) {
            return index + 1 < words.count && words[index + 1] == typeName ? word : nil
        }
        return nil
    }

    /// The name `code` declares with one of `kinds` (`enum ThumbnailStorage {` → ThumbnailStorage).
    static func declaredName(in code: String, kinds: Set<String>) -> String? {
        let words = code.split(whereSeparator: { " :{<=(".contains($0) }).map(String.init)
        for (index, word) in words.enumerated() where kinds.contains(word) {
            return index + 1 < words.count ? words[index + 1] : nil
        }
        return nil
    }
}

extension SourceFacts {
    /// `source`'s code without its comments, line for line (what a declaration check reads).
    public static func code(of source: String) -> String {
        SwiftFile(source).lines.map(\.code).joined(separator: "\n")
    }
}

extension SourceFacts {
    /// The code of the block that declares `typeName` (`struct Config { … }`, from its first line
    /// to its closing brace), comments removed and whitespace collapsed to single spaces: what a
    /// check compares with the declaration as shipped. Nil when no such block is found.
    public static func declarationBody(of typeName: String, in source: String) -> String? {
        let file = SwiftFile(source)
        for (index, line) in file.lines.enumerated() {
            guard declaringKeyword(of: typeName, in: line.trimmed, kinds: ["struct", "class", "enum", "actor"]) != nil,
                  let block = file.blocks.first(where: { $0.opener == index }) else { continue }
            let text = file.lines[block.opener...block.closer].map(\.code).joined(separator: " ")
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return nil
    }
}

// MARK: State every instance shares

extension SourceFacts {
    /// A variable with storage that belongs to no instance: a `static var` or `class var` that is
    /// not computed, or a `var` at the top of the file.
    public struct SharedVariable: Sendable, Equatable {
        public let name: String
        /// The line it is declared on, counted from 1.
        public let line: Int
        /// A global `var` (the file's top level) rather than a `static`/`class` one.
        public let isGlobal: Bool
    }

    /// The variable one declaration stores for every instance (a stored `static`/`class var`, or
    /// a `var` at the top level), if it declares one.
    static func sharedVariable(declaredBy declaration: String, topLevel: Bool, modifiers: Set<String>) -> (name: String, isGlobal: Bool)? {
        var words = declaration.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]
        var isStatic = false
        while let word = words.first, modifiers.contains(word) || word == "static" || word == "class" || word.hasPrefix("@") {
            if word == "static" || word == "class" { isStatic = true }
            words = words.dropFirst()
        }
        guard words.first == "var", let rawName = words.dropFirst().first else { return nil }
        let name = String(rawName.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty, isStatic || topLevel else { return nil }
        // Computed (`static var x: Int { … }`): a `{` with no `=` before it stores nothing.
        let rest = words.dropFirst().joined(separator: " ")
        if let brace = rest.firstIndex(of: "{"), !rest[..<brace].contains("=") { return nil }
        return (name, topLevel && !isStatic)
    }

    /// The shared variables the learner's lines declare (the DO NOT EDIT lines are not read).
    /// The schedule explorer watches the stored properties of each instance; these are one piece
    /// of memory for every instance, so a check asks the source about them.
    public static func sharedVariables(in source: String) -> [SharedVariable] {
        let file = SwiftFile(source)
        var found: [SharedVariable] = []
        let unsafeKeyword = "nonisolated" + "(unsafe)"  // a modifier read in the learner's file; this line declares nothing
        let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "package", "open", "final", "lazy",
                                      "nonisolated", unsafeKeyword, "private(set)", "fileprivate(set)",
                                      "internal(set)", "public(set)", "package(set)"]
        for (index, line) in file.lines.enumerated() where line.editable && (line.context == .type || line.context == .file) {
            let isTopLevel = line.context == .file && line.depthBefore == 0
            if let shared = sharedVariable(declaredBy: line.trimmed, topLevel: isTopLevel, modifiers: modifiers) {
                found.append(SharedVariable(name: shared.name, line: index + 1, isGlobal: shared.isGlobal))
                continue
            }
            // A type on one line (`enum Memo { static var table = [String: Int]() }`, blind round 41):
            // the declarations between its braces.
            let code = Array(line.trimmed)
            guard let open = code.firstIndex(of: "{"), code.last == "}", SwiftFile.matchingBrace(in: code, from: open) == code.count,
                  SwiftFile.kind(openedAfter: String(code[..<open])) == .type else { continue }
            let inside = Array(code[(open + 1)..<(code.count - 1)])
            for piece in Shape.topLevelPieces(inside, separator: ";") {
                if let shared = sharedVariable(declaredBy: piece.trimmingWhitespace, topLevel: false, modifiers: modifiers) {
                    found.append(SharedVariable(name: shared.name, line: index + 1, isGlobal: false))
                }
            }
        }
        return found
    }
}

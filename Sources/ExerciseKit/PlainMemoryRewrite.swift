// The rewrite that lets the schedule explorer see the learner's own stored properties
// (SchedulePlainMemory.swift): each plain stored `var` directly inside a class gets
// `@PlainWatched("name", line: N) ` in front, on the same line, so every line number stays. Only
// the check package's copy is rewritten; the learner's file, its DO NOT EDIT digest and the
// compiler's messages are about the original (a copy that fails to build is put back as written).
// A local `nonisolated(unsafe) var` in a function or closure is wrapped the same way
// (`@PlainWatched("name", localAt: N)`): closures that capture it share it as a property.
//
// A declaration is left alone when the wrapper could change what it means or would not compile:
// `let`, `static`, `lazy`, `weak`, `unowned`, an attribute or `nonisolated`, a computed property,
// a property with `didSet`/`willSet` that `init` touches other than by one plain assignment (the
// wrapper would make `init` run its observers, which a plain property's assignment does not),
// an initial value spread over several lines, a property without an initial value that `init`
// does not assign by one plain statement, an implicitly unwrapped optional, and anything in a
// struct, an enum or an actor. Two names in one `var` become two declarations on the same line. A file that uses a
// lock the explorer does not control, or a barrier, keeps all its properties plain: the explorer
// could not see the order those give, and would report a race the code does not have.

public enum PlainMemoryRewrite {
    /// Names that order memory in ways the explorer does not model.
    static let uncontrolled = ["NSCondition", "os_unfair_lock", "OSAllocatedUnfairLock",
                               "pthread_mutex", "pthread_rwlock", "objc_sync", ".barrier"]

    /// The source with its watchable properties wrapped, and their names in order (none: unchanged).
    public static func watched(_ source: String) -> (source: String, names: [String]) {
        if uncontrolled.contains(where: { source.contains($0) }) { return (source, []) }
        let file = SwiftFile(source)
        var texts = file.texts
        var names: [String] = []
        // A wrapper's storage is `_name`: a name the file already uses that way stays plain.
        let taken = Set(file.lines.flatMap { identifiers(in: $0.code) }.filter { $0.hasPrefix("_") })
        for (index, line) in file.lines.enumerated() {
            let code = line.trimmed
            guard !code.isEmpty, line.text.hasPrefix(line.indentation + code) else { continue }
            let tail = line.text.dropFirst(line.indentation.count + code.count)
            if isInClassBody(index, file),
               let rewritten = rewrite(code, next: nextCode(after: index, file), number: index + 1),
               !rewritten.names.contains(where: { taken.contains("_" + $0) }) {
                var changed = texts
                changed[index] = line.indentation + rewritten.code + tail
                if rewritten.initStorage, let name = rewritten.names.first {
                    // Observed, or with no initial value: `init` assigns the wrapper's storage.
                    guard let initialised = initAssignments(name, declaredAt: index, file, in: changed) else { continue }
                    changed = initialised
                }
                texts = changed
                names += rewritten.names
            } else if line.context != .type, line.context != .file, let rewritten = rewriteUnsafeLocal(code, number: index + 1),
                      !taken.contains("_" + rewritten.name) {
                texts[index] = line.indentation + rewritten.code + tail
                names.append(rewritten.name)
            } else if let body = oneLineClassBody(code),
                      let rewritten = rewriteStatements(String(code[body]), number: index + 1),
                      !rewritten.names.contains(where: { taken.contains("_" + $0) }) {
                texts[index] = line.indentation + code[..<body.lowerBound] + " " + rewritten.code + " " + code[body.upperBound...] + tail
                names += rewritten.names
            }
        }
        return names.isEmpty ? (source, []) : (file.render(texts), names)
    }

    /// `texts` with every assignment of the observed property `name` in an `init` made to its
    /// wrapper's storage (`_names = PlainWatched(wrappedValue: …)`): a plain stored property's
    /// assignment in `init` runs no observer, and a wrapped one's would. Nil when `init` touches
    /// the property in any other way (the property then stays plain).
    static func initAssignments(_ name: String, declaredAt declaration: Int, _ file: SwiftFile, in texts: [String]) -> [String]? {
        var texts = texts
        let number = declaration + 1
        let owner = enclosingBlock(declaration, file)?.opener
        for (index, line) in file.lines.enumerated() where isInClassBody(index, file) && isInitializer(line.trimmed)
            && enclosingBlock(index, file)?.opener == owner {
            let code = line.trimmed
            if let block = file.blocks.first(where: { $0.opener == index }) {
                let depth = file.lines[index].depthAfter
                for inner in (block.opener + 1)..<block.closer where identifiers(in: file.lines[inner].code).contains(name) {
                    let statement = file.lines[inner].trimmed
                    guard file.lines[inner].depthBefore == depth, file.lines[inner].depthAfter == depth,
                          let value = assignedValue(statement, to: name),
                          file.lines[inner].text.hasPrefix(file.lines[inner].indentation + statement) else { return nil }
                    let tail = file.lines[inner].text.dropFirst(file.lines[inner].indentation.count + statement.count)
                    texts[inner] = file.lines[inner].indentation + storageAssignment(name, value, number) + tail
                }
            } else if identifiers(in: code).contains(name) {
                // `init(…) { names = knownNames }` on one line: that one statement, nothing else.
                let characters = Array(code)
                guard let close = code.range(of: ")", options: .backwards, range: code.startIndex..<(code.firstIndex(of: "{") ?? code.endIndex)),
                      let open = code[close.upperBound...].firstIndex(of: "{"), characters.last == "}" else { return nil }
                let openOffset = code.distance(from: code.startIndex, to: open)
                guard SwiftFile.matchingBrace(in: characters, from: openOffset) == characters.count else { return nil }
                let statement = String(characters[(openOffset + 1)..<(characters.count - 1)]).trimmingWhitespace
                guard !statement.contains(";"), let value = assignedValue(statement, to: name) else { return nil }
                guard let lineIndex = texts[index].range(of: statement, options: .backwards) else { return nil }
                texts[index].replaceSubrange(lineIndex, with: storageAssignment(name, value, number))
            }
        }
        return texts
    }

    /// Whether `code` declares an initializer (`public init(`, `convenience init?(`, …).
    static func isInitializer(_ code: String) -> Bool {
        var rest = Substring(code)
        let initModifiers: Set<String> = ["public", "private", "fileprivate", "internal", "convenience", "required", "override", "nonisolated"]
        while let space = rest.firstIndex(of: " "), initModifiers.contains(String(rest[..<space])) {
            rest = rest[space...].drop { $0 == " " }
        }
        return rest.hasPrefix("init(") || rest.hasPrefix("init?(") || rest.hasPrefix("init!(") || rest.hasPrefix("init<")
    }

    /// The value of `name = value` or `self.name = value` (one statement, balanced), else nil.
    static func assignedValue(_ statement: String, to name: String) -> String? {
        for target in [name, "self." + name] where statement.hasPrefix(target) {
            let rest = statement.dropFirst(target.count).drop { $0 == " " }
            guard rest.hasPrefix("="), !rest.hasPrefix("=="), SwiftFile.balanced(String(rest)) else { continue }
            let value = String(rest.dropFirst()).trimmingWhitespace
            guard !value.isEmpty else { return nil }
            return value
        }
        return nil
    }

    static func storageAssignment(_ name: String, _ value: String, _ number: Int) -> String {
        "_\(name) = PlainWatched(wrappedValue: \(value), \"\(name)\", line: \(number))"
    }

    /// The identifiers in a line of code (outside string literals), in order.
    static func identifiers(in code: String) -> [String] {
        var found: [String] = [], current = "", inString = false, previous: Character = " "
        for character in code {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && (character.isLetter || character.isNumber || character == "_") {
                current.append(character)
            } else if !current.isEmpty {
                found.append(current)
                current = ""
            }
            previous = character
        }
        if !current.isEmpty { found.append(current) }
        return found
    }

    /// The block whose braces directly enclose line `index`.
    static func enclosingBlock(_ index: Int, _ file: SwiftFile) -> SwiftBlock? {
        file.blocks.last { $0.opener < index && $0.closer > index && file.lines[$0.opener].depthAfter == file.lines[index].depthBefore }
    }

    /// Whether line `index` is a declaration directly inside a class's braces.
    static func isInClassBody(_ index: Int, _ file: SwiftFile) -> Bool {
        let line = file.lines[index]
        guard line.context == .type, line.depthBefore > 0 else { return false }
        guard let block = enclosingBlock(index, file) else { return false }
        let words = identifiers(in: file.lines[block.opener].code)
        return words.contains("class") && !words.contains(where: { ["struct", "enum", "extension", "protocol", "actor"].contains($0) })
    }

    /// The first line of code after `index` (for an observer block opened at the end of a line).
    static func nextCode(after index: Int, _ file: SwiftFile) -> String {
        file.lines.dropFirst(index + 1).first { !$0.trimmed.isEmpty }?.trimmed ?? ""
    }

    static let modifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "final",
                                         "private(set)", "fileprivate(set)", "internal(set)", "public(set)"]

    /// The statements of a one-line class body (`var done = false; let lock = NSLock()`), each
    /// plain `var` wrapped and the rest as written; nil when no `var` can be wrapped. A `var`
    /// that would need `init` to assign its wrapper stays plain: a one-line class has no `init`.
    static func rewriteStatements(_ body: String, number: Int) -> (code: String, names: [String])? {
        var pieces: [String] = [], names: [String] = []
        for statement in Shape.topLevelPieces(Array(body), separator: ";") {
            let code = statement.trimmingWhitespace
            if let rewritten = rewrite(code, next: "", number: number), !rewritten.initStorage {
                pieces.append(rewritten.code)
                names += rewritten.names
            } else {
                pieces.append(code)
            }
        }
        return names.isEmpty ? nil : (pieces.joined(separator: "; "), names)
    }

    /// The inside of a class written on one line (`final class Flag { var done = false }`), when
    /// it holds declarations only (no braces: no observers, no methods).
    static func oneLineClassBody(_ code: String) -> Range<String.Index>? {
        let characters = Array(code)
        guard let open = characters.firstIndex(of: "{"), characters.last == "}",
              SwiftFile.matchingBrace(in: characters, from: open) == characters.count,
              SwiftFile.kind(openedAfter: String(characters[..<open])) == .type else { return nil }
        let words = identifiers(in: String(characters[..<open]))
        guard words.contains("class"), !words.contains(where: { ["struct", "enum", "extension", "protocol", "actor"].contains($0) })
        else { return nil }
        let inside = String(characters[(open + 1)..<(characters.count - 1)])
        guard !inside.contains("{") else { return nil }
        return code.index(code.startIndex, offsetBy: open + 1)..<code.index(code.startIndex, offsetBy: characters.count - 1)
    }

    /// A local `nonisolated(unsafe) var name = value` (one name, an initial value, no observers)
    /// with the wrapper in front: the only local `var` a `@Sendable` closure may capture and
    /// write, so the one a "resumed already" flag shared by a callback and a timer is kept in
    /// (blind round 40). Swift 6.3 warns that `nonisolated(unsafe)` "has no effect" there, yet
    /// needs it to compile the capture; a compiler that refuses the pair gets the copy put back.
    static func rewriteUnsafeLocal(_ code: String, number: Int) -> (code: String, name: String)? {
        // The house rule's guard comment: this names the attribute the learner wrote, guards nothing.
        let attribute = "nonisolated" + "(unsafe) "
        guard code.hasPrefix(attribute) else { return nil }
        let rest = code.dropFirst(attribute.count).drop { $0 == " " }
        guard rest.hasPrefix("var ") else { return nil }
        let declaration = rest.dropFirst(4).drop { $0 == " " }
        let name = String(declaration.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard let first = name.first, !first.isNumber else { return nil }
        let shape = Shape(Array(declaration.dropFirst(name.count)))
        guard shape.balancedExceptTrailingBrace, !shape.hasTopLevelComma, let equals = shape.equals,
              shape.brace.map({ equals < $0 }) ?? true, !code.contains("didSet"), !code.contains("willSet"), code.last != "{" else { return nil }
        return ("@PlainWatched(\"\(name)\", localAt: \(number)) " + code, name)
    }

    /// The declaration `code` (trimmed, no comment) with the wrapper in front, or nil when it must
    /// stay as it is. `next` is the next line of code (an observer block opened at the end).
    /// `initStorage`: every assignment in `init` must go to the wrapper's storage (initAssignments).
    static func rewrite(_ code: String, next: String, number: Int) -> (code: String, names: [String], initStorage: Bool)? {
        var rest = Substring(code)
        while let space = rest.firstIndex(of: " "), modifiers.contains(String(rest[..<space])) {
            rest = rest[space...].drop { $0 == " " }
        }
        guard rest.hasPrefix("var ") else { return nil }
        let prefix = String(code.prefix(code.count - rest.count))   // the modifiers, as written
        rest = rest.dropFirst(4).drop { $0 == " " }
        let bindings = Shape.topLevelPieces(Array(rest))
        if bindings.count > 1 {
            // `var a = 0, b = false`: one declaration each, on the same line.
            var pieces: [String] = [], names: [String] = []
            for binding in bindings {
                guard let one = rewrite(prefix + "var " + binding.trimmingWhitespace, next: "", number: number), !one.initStorage else { return nil }
                pieces.append(one.code)
                names += one.names
            }
            return (pieces.joined(separator: "; "), names, false)
        }
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard let first = name.first, !first.isNumber else { return nil }
        let afterName = rest.dropFirst(name.count)
        let shape = Shape(Array(afterName))
        guard shape.balancedExceptTrailingBrace, !shape.hasTopLevelComma else { return nil }
        // A property with observers is wrapped too, observers and all; its assignments in `init`
        // are then made to the wrapper's storage (initAssignments), as a plain property's run no observer.
        let isObserved = { (text: String) in text.contains("didSet") || text.contains("willSet") }
        let observed = isObserved(String(afterName)) || (shape.brace != nil && afterName.last == "{" && isObserved(next))
        var text = code
        if let equals = shape.equals, shape.brace.map({ equals < $0 }) ?? true {
            // An initial value (a closure's braces, or observers, after it are fine).
        } else {
            if let brace = shape.brace {
                guard observed else { return nil }   // computed
                // No initial value, observers: an optional gets its implicit `nil` before them.
                var type = String(afterName.prefix(brace))
                while type.last == " " { type.removeLast() }
                guard type.trimmingWhitespace.hasPrefix(":"), !type.hasSuffix("!") else { return nil }
                // Not optional: the wrapper is made where `init` assigns the property.
                guard type.hasSuffix("?") else { return ("@PlainWatched " + text, [name], true) }
                text.insert(contentsOf: " = nil", at: text.index(text.startIndex, offsetBy: code.count - afterName.count + type.count))
                return ("@PlainWatched(\"\(name)\", line: \(number)) " + text, [name], true)
            }
            var type = String(afterName)
            while type.last == " " { type.removeLast() }
            guard type.trimmingWhitespace.hasPrefix(":"), !type.hasSuffix("!") else { return nil }
            if type.hasSuffix("?") {
                text += " = nil"   // the `nil` an optional has implicitly
            } else {
                // No initial value: the wrapper is made where `init` assigns the property.
                return ("@PlainWatched " + text, [name], true)
            }
        }
        return ("@PlainWatched(\"\(name)\", line: \(number)) " + text, [name], observed)
    }
}

/// Where a declaration's `=` and `{` are, outside strings and brackets.
struct Shape {
    /// `characters` cut at its top-level commas, or `separator` (outside strings, brackets and braces).
    static func topLevelPieces(_ characters: [Character], separator: Character = ",") -> [String] {
        var pieces: [String] = [], current = "", depth = 0, inString = false
        for (index, character) in characters.enumerated() {
            if character == "\"" && (index == 0 || characters[index - 1] != "\\") { inString.toggle() }
            if !inString {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
                if character == separator, depth == 0 {
                    pieces.append(current)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    var equals: Int?
    var brace: Int?
    var hasTopLevelComma = false
    var balancedExceptTrailingBrace = true

    init(_ characters: [Character]) {
        var depth = 0, braces = 0
        var inString = false
        for (index, character) in characters.enumerated() {
            if character == "\"" && (index == 0 || characters[index - 1] != "\\") { inString.toggle() }
            if inString { continue }
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "{":
                if depth == 0, braces == 0, brace == nil { brace = index }
                braces += 1
            case "}": braces -= 1
            case "=" where depth == 0 && braces == 0 && equals == nil:
                let before = index > 0 ? characters[index - 1] : " "
                let after = index + 1 < characters.count ? characters[index + 1] : " "
                if !"=!<>".contains(before), after != "=" { equals = index }
            case "," where depth == 0 && braces == 0: hasTopLevelComma = true
            default: break
            }
        }
        // One `{` left open is an observer block continued on the next lines; anything else open
        // (an initial value over several lines) is not this rewrite's business.
        balancedExceptTrailingBrace = depth == 0 && !inString && (braces == 0 || (braces == 1 && characters.last == "{"))
    }
}

// The mutation operators that move, drop, copy or wrap whole lines: statements left out, done
// twice, in the other order, outside or inside a critical section, under a condition.

import Foundation

enum LineOperators {
    static func apply(_ file: SwiftFile, into set: inout MutantSet) {
        let texts = file.texts
        let codeBlocks = file.blocks.filter { $0.kind != .type }
        for block in codeBlocks {
            let units = file.units(in: block).filter { file.isMutableCode($0) }
            for unit in units {
                deleteUnit(unit, texts, &set)
                if file.isOneLineStatement(unit), file.lines[unit.lowerBound].trimmed.contains("(") {
                    var lines = texts
                    lines.insert(texts[unit.lowerBound], at: unit.lowerBound + 1)
                    set.add(.duplicateStatement, line: unit.lowerBound, "`\(file.lines[unit.lowerBound].trimmed)` twice", lines: lines)
                }
                if file.isOneLineStatement(unit) { wrapInIf(unit.lowerBound, file, &set) }
            }
            for (first, second) in zip(units, units.dropFirst()) where first.upperBound + 1 == second.lowerBound
                && !(isAccessor(file.lines[first.lowerBound].trimmed) && isAccessor(file.lines[second.lowerBound].trimmed)) {
                let lines = Array(texts[..<first.lowerBound]) + texts[second] + texts[first] + Array(texts[(second.upperBound + 1)...])
                set.add(.swapStatements, line: first.lowerBound,
                        "`\(file.lines[first.lowerBound].trimmed)` and `\(file.lines[second.lowerBound].trimmed)` swapped", lines: lines)
            }
        }
        for block in file.blocks where block.kind == .guarded && file.lines[block.opener].editable {
            guardedBlock(block, file, &set)
        }
        trappingInit(file, &set)
    }

    /// `get {` and `set {` may come in either order: swapping them changes nothing.
    static func isAccessor(_ code: String) -> Bool {
        ["get", "set", "didSet", "willSet"].contains { code.hasPrefix($0 + " {") || code.hasPrefix($0 + "{") || code.hasPrefix($0 + "(") }
    }

    private static func deleteUnit(_ unit: ClosedRange<Int>, _ texts: [String], _ set: inout MutantSet) {
        var lines = texts
        lines.removeSubrange(unit)
        let what = texts[unit.lowerBound].trimmingWhitespace + (unit.count > 1 ? " …" : "")
        set.add(.deleteStatement, line: unit.lowerBound, "`\(what)` left out", lines: lines)
    }

    /// Operators on a multi-line `withLock {` / `sync {` / `async {` closure.
    private static func guardedBlock(_ block: SwiftBlock, _ file: SwiftFile, _ set: inout MutantSet) {
        let texts = file.texts
        let opener = file.lines[block.opener]
        let openerCode = opener.trimmed
        let units = file.units(in: block)
        let statementOpener = isWholeStatement(openerCode)
        // Out of the closure: its first unit before the opener, its last after the closer.
        if statementOpener, let first = units.first {
            var lines = texts
            let moved = Array(texts[first]).map { dedent($0) }
            lines.removeSubrange(first)
            lines.insert(contentsOf: moved, at: block.opener)
            set.add(.moveOutOfGuard, line: first.lowerBound, "`\(file.lines[first.lowerBound].trimmed)` moved before `\(openerCode)`", lines: lines)
        }
        if statementOpener, let last = units.last {
            var lines = texts
            let moved = Array(texts[last]).map { dedent($0) }
            lines.insert(contentsOf: moved, at: block.closer + 1)
            lines.removeSubrange(last)
            set.add(.moveOutOfGuard, line: last.lowerBound, "`\(file.lines[last.lowerBound].trimmed)` moved after the closure", lines: lines)
        }
        // Into the closure: the statement just before the opener, or just after the closer.
        if statementOpener, block.opener > 0, file.isOneLineStatement(block.opener - 1...block.opener - 1),
           file.lines[block.opener - 1].depthBefore == opener.depthBefore {
            var lines = texts
            let moved = "    " + texts[block.opener - 1]
            lines.insert(moved, at: block.opener + 1)
            lines.remove(at: block.opener - 1)
            set.add(.moveIntoGuard, line: block.opener - 1, "`\(file.lines[block.opener - 1].trimmed)` moved into `\(openerCode)`", lines: lines)
        }
        if statementOpener, block.closer + 1 < texts.count, file.isOneLineStatement(block.closer + 1...block.closer + 1),
           file.lines[block.closer + 1].depthBefore == opener.depthBefore {
            var lines = texts
            let moved = "    " + texts[block.closer + 1]
            lines.remove(at: block.closer + 1)
            lines.insert(moved, at: block.closer)
            set.add(.moveIntoGuard, line: block.closer + 1, "`\(file.lines[block.closer + 1].trimmed)` moved into the closure", lines: lines)
        }
        // The lock or queue dropped: the body runs bare.
        if statementOpener {
            var lines = texts
            lines.remove(at: block.closer)
            lines.remove(at: block.opener)
            for index in block.opener..<(block.closer - 1) { lines[index] = dedent(lines[index]) }
            set.add(.unwrapGuard, line: block.opener, "`\(openerCode)` dropped: its body runs unguarded", lines: lines)
        }
        // One critical section split in two between consecutive units.
        if statementOpener, !openerCode.contains(".async") {
            for second in units.dropFirst() {
                var lines = texts
                lines.insert(contentsOf: [opener.indentation + "}", opener.indentation + openerCode], at: second.lowerBound)
                set.add(.splitGuard, line: second.lowerBound, "`\(openerCode)` split in two before `\(file.lines[second.lowerBound].trimmed)`", lines: lines)
            }
        }
        // A hop through the global concurrent queue before the real one.
        if openerCode.contains(".async {"), !openerCode.hasPrefix("DispatchQueue.global()") {
            var lines = texts
            lines[block.opener] = opener.indentation + "DispatchQueue.global().async { " + openerCode
            lines[block.closer] = texts[block.closer] + " }"
            set.add(.hopThroughGlobal, line: block.opener, "`\(openerCode)` reached through DispatchQueue.global().async", lines: lines,
                    needs: [.foundation])
        }
    }

    /// `receiver.withLock {`: the opener is a statement of its own (nothing assigned or returned).
    static func isWholeStatement(_ openerCode: String) -> Bool {
        guard openerCode.hasSuffix("{") else { return false }
        let head = String(openerCode.dropLast()).trimmingWhitespace
        return !head.contains("=") && !head.hasPrefix("return") && !head.contains(" ")
    }

    private static func dedent(_ line: String) -> String {
        line.hasPrefix("    ") ? String(line.dropFirst(4)) : line
    }

    /// `statement` → `if condition { statement }`, for each condition the file itself tests that
    /// reads a name the statement uses: the "only if it is still there" mistake.
    private static func wrapInIf(_ index: Int, _ file: SwiftFile, _ set: inout MutantSet) {
        let line = file.lines[index]
        let statement = line.trimmed
        guard !statement.hasPrefix("return"), !statement.hasPrefix("let "), !statement.hasPrefix("var "),
              !statement.hasPrefix("if "), !statement.hasPrefix("guard "), !statement.hasPrefix("continue") else { return }
        let used = identifiers(in: statement)
        for condition in conditions(in: file) where !identifiers(in: condition).isDisjoint(with: used) {
            for tested in [condition, "!(\(condition))"] {
                var lines = file.texts
                lines[index] = line.indentation + "if \(tested) { \(statement) }"
                set.add(.wrapInIf, line: index, "`\(statement)` only if \(tested)", lines: lines)
            }
        }
    }

    /// The conditions the file tests, as expressions: `if`/`guard` conditions without bindings,
    /// and `EXPR != nil` for each `let name = EXPR` binding.
    static func conditions(in file: SwiftFile) -> [String] {
        var found: [String] = []
        for line in file.lines where line.editable {
            let code = line.trimmed
            for keyword in ["if ", "guard "] where code.hasPrefix(keyword) {
                var body = String(code.dropFirst(keyword.count))
                if let end = body.range(of: " else {") ?? body.range(of: " {") { body = String(body[..<end.lowerBound]) }
                for clause in body.components(separatedBy: ", ") {
                    if clause.hasPrefix("let ") || clause.hasPrefix("var ") {
                        if let equals = clause.range(of: " = ") { found.append(String(clause[equals.upperBound...]) + " != nil") }
                        else { found.append(String(clause.dropFirst(4)) + " != nil") }
                    } else {
                        found.append(clause)
                    }
                }
            }
        }
        return found.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    static func identifiers(in code: String) -> Set<String> {
        let keywords: Set<String> = ["if", "let", "var", "nil", "true", "false", "as", "in", "self", "return", "guard", "else", "try"]
        var names: Set<String> = []
        var current = ""
        var afterDot = false
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty, !afterDot, current.first?.isLowercase == true || current.first == "_",
                   !keywords.contains(current) {
                    names.insert(current)
                }
                afterDot = character == "."
                current = ""
            }
        }
        return names
    }

    /// A caseless enum given `init() { fatalError() }`: `Namespace()` compiles again.
    private static func trappingInit(_ file: SwiftFile, _ set: inout MutantSet) {
        for (index, line) in file.lines.enumerated() where line.editable {
            let code = line.trimmed
            guard code.contains("enum "), code.hasSuffix("{"), line.context == .file || line.context == .type else { continue }
            var lines = file.texts
            lines.insert(line.indentation + "    public init() { fatalError(\"a namespace is never made\") }", at: index + 1)
            set.add(.trappingInit, line: index, "`init() { fatalError() }` added to `\(code)`", lines: lines)
        }
    }
}

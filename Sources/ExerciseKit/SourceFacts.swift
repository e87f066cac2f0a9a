// What a check can only learn from the learner's source, not by running it: whether a type
// declares an initializer. (A caseless enum with `init() { fatalError() }` has no values, yet
// `ThumbnailStorage()` compiles — the one thing a namespace exists to forbid.)

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

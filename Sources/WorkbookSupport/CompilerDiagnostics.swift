// The compiler's messages about one file, read out of a `swift build`'s output, in the order a
// learner fixes them. A build prints a file's errors more than once (the module is emitted and
// compiled in separate passes, each reporting what it finds) and in the order its jobs finish,
// not in line order; and each message comes with an excerpt of the code and a caret under the
// place, which a list of bare "file:line: error:" lines throws away.

import Foundation

/// One message of the compiler: where, how bad, what, and the excerpt it printed under it.
public struct CompilerDiagnostic: Equatable, Sendable {
    public var path: String
    public var line: Int
    public var column: Int
    /// "error", "warning" or "note".
    public var severity: String
    public var message: String
    /// The lines the compiler printed under the message: the offending line and the caret line
    /// (the context lines around it are dropped).
    public var excerpt: [String]

    /// "path:line:column: severity: message", as the compiler wrote it.
    public var header: String { "\(path):\(line):\(column): \(severity): \(message)" }
}

public enum CompilerDiagnostics {
    /// Every message in `output`, in the order printed (duplicates included).
    public static func parse(_ output: String) -> [CompilerDiagnostic] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [CompilerDiagnostic] = []
        var index = 0
        while index < lines.count {
            guard var diagnostic = header(lines[index]) else { index += 1; continue }
            index += 1
            var block: [String] = []
            while index < lines.count, !lines[index].isEmpty, header(lines[index]) == nil, !lines[index].hasPrefix("[") {
                block.append(lines[index])
                index += 1
            }
            diagnostic.excerpt = excerpt(block, line: diagnostic.line)
            found.append(diagnostic)
        }
        return found
    }

    /// The messages about the file at `path`: each once, errors before warnings, each kind in
    /// line order; `isLikelyConsequence` moves an error to the end of the errors (an error on a
    /// line the learner did not touch is mostly the echo of one they made elsewhere).
    public static func messages(about path: String, in output: String,
                                isLikelyConsequence: (Int) -> Bool = { _ in false }) -> [CompilerDiagnostic] {
        var seen: Set<String> = []
        let mine = parse(output).filter { $0.path == path && $0.severity != "note" && seen.insert($0.header).inserted }
        func rank(_ diagnostic: CompilerDiagnostic) -> Int {
            diagnostic.severity == "error" ? (isLikelyConsequence(diagnostic.line) ? 1 : 0) : 2
        }
        return mine.sorted { (rank($0), $0.line, $0.column) < (rank($1), $1.line, $1.column) }
    }

    /// A "path:line:column: severity: message" line, without its excerpt.
    static func header(_ text: String) -> CompilerDiagnostic? {
        for severity in ["error", "warning", "note"] {
            guard let marker = text.range(of: ": \(severity): ") else { continue }
            let place = text[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let line = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { continue }
            let path = place.dropLast(2).joined(separator: ":")
            guard !path.isEmpty, !path.contains(" |") else { continue }
            return CompilerDiagnostic(path: path, line: line, column: column, severity: severity,
                                      message: String(text[marker.upperBound...]), excerpt: [])
        }
        return nil
    }

    /// From the block printed under a message, the offending line and the lines under it up to the
    /// next numbered line: "36 | code" and "   | `- error: …". (The older style, a code line and a
    /// line with '^', is kept as it is.)
    static func excerpt(_ block: [String], line: Int) -> [String] {
        func number(_ text: String) -> Int? {
            guard let bar = text.firstIndex(of: "|") else { return nil }
            return Int(text[..<bar].trimmingCharacters(in: .whitespaces))
        }
        guard let start = block.firstIndex(where: { number($0) == line }) else {
            return block.contains(where: { $0.contains("^") }) ? Array(block.prefix(2)) : []
        }
        var lines = [block[start]]
        for text in block[(start + 1)...] {
            guard number(text) == nil, text.contains("|") else { break }
            lines.append(text)
        }
        return dedented(lines)
    }

    /// The excerpt with the indentation its lines share after "| " taken out (a line nested four
    /// levels deep otherwise starts its code 16 columns in), the caret moved with the code.
    static func dedented(_ lines: [String]) -> [String] {
        func after(_ line: String) -> Substring? {
            guard let bar = line.firstIndex(of: "|") else { return nil }
            return line[line.index(after: bar)...]
        }
        let margins = lines.compactMap(after).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
        guard let shared = margins.min(), shared > 1 else { return lines }
        return lines.map { line in
            guard let bar = line.firstIndex(of: "|"), let rest = after(line) else { return line }
            return String(line[...bar]) + " " + rest.dropFirst(shared)
        }
    }
}

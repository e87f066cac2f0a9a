// The notes name code by file and symbol — `Sources/KFDCache/MemoryStorage.swift#removeExpired`,
// then `#store` for another symbol of the same file — never by line number. These tests resolve
// every such reference in every README and exercise header to an existing declaration, and fail
// naming the stale one. Paths under folders this repository does not have (Kingfisher's
// `Sources/Cache/...`) are references to Kingfisher, and are not checked here.

import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

enum NotesReferences {
    struct Reference: Equatable, CustomStringConvertible {
        let path: String
        let symbol: String?
        let location: String
        var description: String { "\(location): \(path)\(symbol.map { "#\($0)" } ?? "")" }
    }

    /// The references in `text`: backticked `path.swift#symbol` and `#symbol` (same line, same
    /// file), and in Swift comments `path (`symbol`)`.
    static func references(in text: String, document: String) -> [Reference] {
        var found: [Reference] = []
        let pathPattern = try! NSRegularExpression(pattern: #"((?:Sources|Chapters|Tests|Experiments)/[\w./+-]+\.(?:swift|md))(?:#(\w+))?(?:`? \(`(\w+)`\))?"#)
        let symbolPattern = try! NSRegularExpression(pattern: #"`#(\w+)`"#)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            let location = "\(document):\(index + 1)"
            let range = NSRange(line.startIndex..., in: line)
            var current: String?
            var events: [(Int, Reference)] = []
            for match in pathPattern.matches(in: line, range: range) {
                let path = String(line[Range(match.range(at: 1), in: line)!])
                let symbol = [2, 3].compactMap { Range(match.range(at: $0), in: line).map { String(line[$0]) } }.first
                events.append((match.range.location, Reference(path: path, symbol: symbol, location: location)))
            }
            for match in symbolPattern.matches(in: line, range: range) {
                events.append((match.range.location, Reference(path: "", symbol: String(line[Range(match.range(at: 1), in: line)!]), location: location)))
            }
            for (_, reference) in events.sorted(by: { $0.0 < $1.0 }) {
                if reference.path.isEmpty {
                    if let current { found.append(Reference(path: current, symbol: reference.symbol, location: location)) }
                } else {
                    current = reference.path
                    found.append(reference)
                }
            }
        }
        return found
    }

    /// Whether `path` names a file of this repository (rather than one of Kingfisher's, or a
    /// template such as `Chapters/NN-slug/Exercises/File.swift` in CONTRIBUTING.md).
    static func isOurs(_ path: String, root: URL) -> Bool {
        if path.contains("NN") || path.contains("ChapterN") || path.hasSuffix("/File.swift") { return false }
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return false }
        if parts[0] == "Sources" || parts[0] == "Tests" {
            return FileManager.default.fileExists(atPath: root.appendingPathComponent("\(parts[0])/\(parts[1])").path)
        }
        return true
    }

    /// What is wrong with `references`: a missing file, or a symbol its file does not declare.
    static func problems(_ references: [Reference], root: URL) -> [String] {
        references.compactMap { reference in
            guard isOurs(reference.path, root: root) else { return nil }
            guard let text = try? String(contentsOf: root.appendingPathComponent(reference.path), encoding: .utf8) else {
                return "\(reference): no such file"
            }
            guard let symbol = reference.symbol else { return nil }
            let declaration = try! NSRegularExpression(
                pattern: #"\b(func|var|let|class|struct|enum|protocol|case|typealias|actor|extension)\s+\#(NSRegularExpression.escapedPattern(for: symbol))\b"#)
            if declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                return "\(reference): \(reference.path) declares no `\(symbol)`"
            }
            return nil
        }
    }

    /// Every README, CONTRIBUTING, exercise file and chapter program of the repository.
    static func documents(root: URL) -> [String] {
        var paths = ["README.md", "CONTRIBUTING.md", "Experiments/README.md"]
        let chapters = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)) ?? []
        for chapter in chapters.sorted() {
            paths.append("Chapters/\(chapter)/README.md")
            paths.append("Chapters/\(chapter)/Lab/Chapter.swift")   // its "Where to read" list
            let exercises = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters/\(chapter)/Exercises").path)) ?? []
            paths += exercises.filter { $0.hasSuffix(".swift") }.sorted().map { "Chapters/\(chapter)/Exercises/\($0)" }
        }
        return paths.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }
}

@Suite("The notes' references to the code")
struct NotesReferenceTests {
    @Test("every file#symbol in the READMEs and exercise headers names an existing declaration")
    func referencesResolve() {
        var checked = 0
        for document in NotesReferences.documents(root: root) {
            let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
            let references = NotesReferences.references(in: text, document: document)
            checked += references.count
            for problem in NotesReferences.problems(references, root: root) { Issue.record(Comment(rawValue: problem)) }
        }
        #expect(checked > 30, "only \(checked) references found: is the reference syntax still `path.swift#symbol`?")
    }

    @Test("no file:line reference: line numbers drift")
    func noLineNumbers() {
        let pattern = try! NSRegularExpression(pattern: #"\.swift:\d+"#)
        for document in NotesReferences.documents(root: root) where document.hasSuffix(".md") {
            let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
            let count = pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
            #expect(count == 0, "\(document) has \(count) file:line references: write path.swift#symbol instead")
        }
    }

    @Test("the checker catches a stale reference made on purpose")
    func catchesStale() {
        let stale = "See `Sources/KFDCache/MemoryStorage.swift#removeExpired`, `#noSuchFunction`, and `Sources/KFDCache/Gone.swift`."
        let problems = NotesReferences.problems(NotesReferences.references(in: stale, document: "sample.md"), root: root)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("noSuchFunction") })
        #expect(problems.contains { $0.contains("Gone.swift") })
        let kingfisher = "Kingfisher: `Sources/Cache/MemoryStorage.swift` (`removeExpired`)"
        #expect(NotesReferences.problems(NotesReferences.references(in: kingfisher, document: "k.md"), root: root).isEmpty)
    }
}

// Near-misses stored as small patches against the reference solution (`Name.patch` beside the
// whole-file `Name.swift` ones): the mistake reads at a glance, and the corpus does not copy the
// solution once per wrong answer. `workbook verify` writes each patched file under .build and
// checks it like any other near-miss. A right answer a learner wrote (Tests/Exercises/alternatives/)
// may be a patch too, whose first line is `// RIGHT ANSWER: …`.
//
// A patch is the `// NEAR-MISS: …` line, then one or more blocks:
//   @@ replace
//   <lines of the reference solution, exactly>
//   @@ with
//   <the lines that replace them>
//   @@ end

import Foundation
import WorkbookSupport

enum NearMissPatch {
    /// The patched text of `solution`, or why the patch does not apply. `marker` begins its first
    /// line: `// NEAR-MISS:` for a wrong answer, `// RIGHT ANSWER:` for an alternative.
    static func apply(_ patch: String, to solution: String, marker: String = "// NEAR-MISS:") -> Result<String, PatchError> {
        let lines = patch.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix(marker) else { return .failure(.noMistakeLine(marker)) }
        var text = solution
        var index = 1
        while index < lines.count {
            guard lines[index] == "@@ replace" else {
                if lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1; continue }
                return .failure(.unexpected(lines[index]))
            }
            guard let with = lines[index...].firstIndex(of: "@@ with"),
                  let end = lines[with...].firstIndex(of: "@@ end") else { return .failure(.unclosedBlock(index + 1)) }
            let old = lines[(index + 1)..<with].joined(separator: "\n")
            let new = lines[(with + 1)..<end].joined(separator: "\n")
            guard let range = text.range(of: old) else { return .failure(.notInSolution(old)) }
            text.replaceSubrange(range, with: new)
            index = end + 1
        }
        // The solution's own header comment gives way to the mistake's line.
        let body = text.range(of: "\nimport ").map { String(text[text.index(after: $0.lowerBound)...]) } ?? text
        return .success(first + "\n\n" + body)
    }

    enum PatchError: Error, CustomStringConvertible {
        case noMistakeLine(String), unexpected(String), unclosedBlock(Int), notInSolution(String)

        var description: String {
            switch self {
            case .noMistakeLine(let marker): return "its first line must be `\(marker) <what it is>`"
            case .unexpected(let line): return "expected `@@ replace`, found: \(line)"
            case .unclosedBlock(let line): return "the block at line \(line) has no `@@ with` or `@@ end`"
            case .notInSolution(let old): return "the lines to replace are not in the reference solution: \(old.prefix(80))"
            }
        }
    }

    /// The file to check for near-miss `name` of `exercise`: the whole file, or the patch applied
    /// (written under .build). Throws when a patch does not apply.
    static func source(_ exercise: ExerciseInfo, _ name: String, root: URL) throws -> URL {
        try source(exercise, name, root: root, in: exercise.nearMisses, marker: "// NEAR-MISS:", into: "near-miss-patches")
    }

    /// The file to check for right answer `name` of `exercise` (Tests/Exercises/alternatives/):
    /// the whole file, or the patch applied. Throws when a patch does not apply.
    static func alternativeSource(_ exercise: ExerciseInfo, _ name: String, root: URL) throws -> URL {
        try source(exercise, name, root: root, in: "Tests/Exercises/alternatives/\(exercise.name)", marker: "// RIGHT ANSWER:",
                   into: "alternative-patches")
    }

    private static func source(_ exercise: ExerciseInfo, _ name: String, root: URL, in corpus: String, marker: String,
                               into written: String) throws -> URL {
        let whole = root.appendingPathComponent("\(corpus)/\(name).swift")
        let patchURL = root.appendingPathComponent("\(corpus)/\(name).patch")
        guard FileManager.default.fileExists(atPath: patchURL.path) else { return whole }
        let patch = try String(contentsOf: patchURL, encoding: .utf8)
        let solution = try String(contentsOf: root.appendingPathComponent(exercise.solution), encoding: .utf8)
        let text = try apply(patch, to: solution, marker: marker).get()
        let folder = root.appendingPathComponent(".build/workbook-checks/\(written)/\(exercise.name)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("\(name).swift")
        if (try? String(contentsOf: out, encoding: .utf8)) != text { try text.write(to: out, atomically: true, encoding: .utf8) }
        return out
    }
}

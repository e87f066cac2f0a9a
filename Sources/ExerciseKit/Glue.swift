// The lines of an exercise file the learner must not change: the code the check calls through.
// They are marked in the file; the check compares their digest with the manifest's, so an edit
// there ("make the test pass by changing what it calls") is caught and named.

import Foundation
import KFDCache

public enum Glue {
    /// A line starting a protected block: `// DO NOT EDIT …`. The block runs to `// END DO NOT EDIT`
    /// or to the end of the file.
    public static let beginMarker = "// DO NOT EDIT"
    public static let endMarker = "// END DO NOT EDIT"

    /// The protected lines, trimmed, without blank lines and comments (comments are free to edit).
    public static func protectedLines(of source: String) -> [String] {
        numberedProtectedLines(of: source).map(\.text)
    }

    /// The protected lines as `protectedLines`, each with its line number in the file (from 1).
    public static func numberedProtectedLines(of source: String) -> [(number: Int, text: String)] {
        var inside = false
        var lines: [(number: Int, text: String)] = []
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(endMarker) { inside = false; continue }
            if line.hasPrefix(beginMarker) { inside = true; continue }
            if inside, !line.isEmpty, !line.hasPrefix("//") { lines.append((index + 1, line)) }
        }
        return lines
    }

    /// One difference between the shipped file's protected lines and the learner's.
    public enum Change: Equatable, Sendable {
        /// The learner's line `line` stands where the shipped `shipped` stood.
        case changed(line: Int, shipped: String, yours: String)
        /// The shipped `shipped` is gone; it stood after the learner's line `after` (0: at the top).
        case removed(after: Int, shipped: String)
        /// The learner's line `line` is new among the protected lines.
        case added(line: Int, yours: String)
    }

    /// How the protected lines of `yours` differ from those of `shipped`, in the learner's file's
    /// order: a line edited in place is one `.changed`, not a removal and an addition.
    public static func changes(shipped: String, yours: String) -> [Change] {
        let old = protectedLines(of: shipped), new = numberedProtectedLines(of: yours)
        // The longest common subsequence, by lengths of suffixes (the lists are a few lines long).
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j].text ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var changes: [Change] = []
        var removed: [String] = [], added: [(number: Int, text: String)] = []
        var lastLine = 0
        func flush() {
            let paired = min(removed.count, added.count)
            for k in 0..<paired { changes.append(.changed(line: added[k].number, shipped: removed[k], yours: added[k].text)) }
            for text in removed.dropFirst(paired) { changes.append(.removed(after: lastLine, shipped: text)) }
            for line in added.dropFirst(paired) { changes.append(.added(line: line.number, yours: line.text)) }
            removed = []
            added = []
        }
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j].text {
                flush()
                lastLine = new[j].number
                i += 1
                j += 1
            } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
                added.append(new[j])
                j += 1
            } else {
                removed.append(old[i])
                i += 1
            }
        }
        flush()
        return changes
    }

    /// The SHA-256 of the protected lines, one per line.
    public static func digest(of source: String) -> String {
        protectedLines(of: source).joined(separator: "\n").kfd.sha256
    }
}

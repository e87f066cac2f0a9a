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
        var inside = false
        var lines: [String] = []
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(endMarker) { inside = false; continue }
            if line.hasPrefix(beginMarker) { inside = true; continue }
            if inside, !line.isEmpty, !line.hasPrefix("//") { lines.append(line) }
        }
        return lines
    }

    /// The SHA-256 of the protected lines, one per line.
    public static func digest(of source: String) -> String {
        protectedLines(of: source).joined(separator: "\n").kfd.sha256
    }
}

// Reading Swift Testing's console output back into per-exercise results, for `workbook check`.

public struct ExerciseResult: Sendable, Equatable {
    public var passed: Bool
    /// The first failed expectation, in the test's own words ("↳" comment) when it has them.
    public var firstFailure: String?
    /// Where it failed: "File.swift:12:5: Expectation failed: …".
    public var location: String?

    public init(passed: Bool, firstFailure: String? = nil, location: String? = nil) {
        self.passed = passed
        self.firstFailure = firstFailure
        self.location = location
    }
}

public enum CheckReport {
    /// Results by test display name, from lines like
    ///   ✘ Test "06-shortcut" recorded an issue at Checks.swift:51:5: Expectation failed: …
    ///   ↳ a name missing from the set must be answered without asking the disk
    ///   ✔ Test "06-shortcut" passed after 0.002 seconds.
    public static func parse(_ output: String) -> [String: ExerciseResult] {
        var results: [String: ExerciseResult] = [:]
        var lastIssueTest: String?
        for rawLine in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = stripEscapes(String(rawLine))
            if let name = testName(in: line, after: "Test \"") {
                if line.contains("\" recorded an issue at ") {
                    var result = results[name] ?? ExerciseResult(passed: false)
                    result.passed = false
                    if result.location == nil,
                       let range = line.range(of: "\" recorded an issue at ") {
                        result.location = String(line[range.upperBound...])
                        lastIssueTest = name
                    } else {
                        lastIssueTest = nil
                    }
                    results[name] = result
                } else if line.contains("\" passed after") {
                    results[name] = results[name] ?? ExerciseResult(passed: true)
                    lastIssueTest = nil
                } else if line.contains("\" failed after") {
                    results[name, default: ExerciseResult(passed: false)].passed = false
                    lastIssueTest = nil
                }
                continue
            }
            if let test = lastIssueTest, let arrow = line.range(of: "↳ ") {
                if results[test]?.firstFailure == nil {
                    results[test]?.firstFailure = String(line[arrow.upperBound...])
                }
                lastIssueTest = nil
            }
        }
        return results
    }

    private static func testName(in line: String, after marker: String) -> String? {
        guard let start = line.range(of: marker) else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// Removes ANSI colour codes, in case the test run wrote them.
    static func stripEscapes(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" { inEscape = true; continue }
            out.append(character)
        }
        return out
    }
}

// The few lines of a Swift runtime backtrace a learner needs: which thread crashed, how, and the
// top frames by name and source line. Raw addresses, return-address markers and byte offsets say
// nothing to a reader (they differ in every run), so they are dropped.

import Foundation

public enum BacktraceExcerpt {
    /// The crash line and the crashed thread's first `limit` frames (thunks left out), cleaned;
    /// empty when `stderr` holds no backtrace.
    public static func excerpt(_ stderr: String, limit: Int = 5) -> [String] {
        var lines: [String] = []
        var inCrashedThread = false
        var frames = 0
        for raw in stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("*** Program crashed:") {
                lines.append(crashLine(line))
            } else if line.hasPrefix("Thread "), line.hasSuffix("crashed:") {
                inCrashedThread = true
                lines.append(threadLine(line))
            } else if inCrashedThread {
                if line == "..." || line.hasPrefix("Thread ") { break }
                guard let frame = frame(line) else { continue }
                if line.contains("[thunk]") { continue }
                lines.append(frame)
                frames += 1
                if frames == limit { break }
            }
        }
        return frames > 0 ? lines : []
    }

    /// "*** Program crashed: Bad pointer dereference at 0x0000000000000000 ***" →
    /// "Program crashed: Bad pointer dereference".
    static func crashLine(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "***", with: "").trimmingCharacters(in: .whitespaces)
        if let at = text.range(of: " at 0x") { text = String(text[..<at.lowerBound]) }
        return text
    }

    /// `Thread 0 "ch04-issue-1233" crashed:` → `Thread 0 crashed:` (the name is the program's).
    static func threadLine(_ line: String) -> String {
        let words = line.split(separator: " ")
        return words.count >= 2 ? "\(words[0]) \(words[1]) crashed:" : line
    }

    /// One frame line, e.g.
    /// `1 [ra] 0x00005644d70dfc8c Design570.store(_:forKey:expiresAt:) + 459 in ch04-issue-1233 at /…/Chapters/04-issue-1233/Lab/Designs.swift:73:14`
    /// → `1  Design570.store(_:forKey:expiresAt:) — Chapters/04-issue-1233/Lab/Designs.swift:73`;
    /// nil for a line that is not a frame.
    static func frame(_ line: String) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let number = words.first, Int(number) != nil else { return nil }
        words.removeFirst()
        while let first = words.first, first.hasPrefix("["), first.hasSuffix("]") { words.removeFirst() }
        guard let address = words.first, address.hasPrefix("0x") else { return nil }
        words.removeFirst()
        var rest = words.joined(separator: " ")
        var location: String?
        if let at = rest.range(of: " at ", options: .backwards) {
            location = String(rest[at.upperBound...])
            rest = String(rest[..<at.lowerBound])
        }
        var image: String?
        if let inImage = rest.range(of: " in ", options: .backwards) {
            image = String(rest[inImage.upperBound...])
            rest = String(rest[..<inImage.lowerBound])
        }
        if let plus = rest.range(of: " + ", options: .backwards), Int(rest[plus.upperBound...]) != nil {
            rest = String(rest[..<plus.lowerBound])
        }
        let place = location.flatMap(sourcePlace) ?? image
        return "\(number)  \(rest)" + (place.map { " — \($0)" } ?? "")
    }

    /// "/work/x/Chapters/04-issue-1233/Lab/Designs.swift:73:14" → "Chapters/04-issue-1233/Lab/Designs.swift:73";
    /// nil for the compiler's own code ("//<compiler-generated>").
    static func sourcePlace(_ location: String) -> String? {
        guard !location.contains("<compiler-generated>") else { return nil }
        var path = location
        for root in ["/Chapters/", "/Sources/", "/Tests/", "/Experiments/"] {
            if let range = path.range(of: root) { path = String(path[path.index(after: range.lowerBound)...]); break }
        }
        let parts = path.split(separator: ":")
        if parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil {
            return parts.dropLast().joined(separator: ":")
        }
        return path
    }
}

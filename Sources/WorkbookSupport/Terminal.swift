// Coloured but plain-text-safe output: colour only on a terminal, never with NO_COLOR set
// (https://no-color.org) or TERM=dumb, and never when the output is a pipe or a file.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum Terminal {
    /// Whether standard output is a terminal that wants colour.
    public static let usesColor: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment["NO_COLOR"].map({ !$0.isEmpty }) == true { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }()

    /// Whether standard error is a terminal (progress lines are drawn only there).
    public static let stderrIsTerminal: Bool = isatty(STDERR_FILENO) == 1
    public static let stdinIsTerminal: Bool = isatty(STDIN_FILENO) == 1

    public enum Style: String, Sendable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"
    }

    /// `text` wrapped in the style's escape codes when colour is on; `text` itself otherwise.
    public static func styled(_ text: String, _ styles: Style...) -> String {
        guard usesColor, !styles.isEmpty else { return text }
        return "\u{1B}[\(styles.map(\.rawValue).joined(separator: ";"))m\(text)\u{1B}[0m"
    }

    /// Writes to standard error (for errors and progress, which must not mix into `--json`).
    public static func printError(_ text: String, terminator: String = "\n") {
        FileHandle.standardError.write(Data((text + terminator).utf8))
    }
}

/// A progress line on standard error (named so as not to shadow `Foundation.Progress`), redrawn in
/// place, shown only on a terminal and only once the work has run for a moment (short work shows
/// nothing). Once `finish()` has erased it, it never draws again: a late `update` from a ticking
/// thread would otherwise leave it on screen, glued to the next line or naming finished work.
public final class ProgressLine: @unchecked Sendable {
    // @unchecked Sendable: `lastDraw`, `shown` and `finished` are touched only under `lock`.
    private let label: String
    private let total: Int
    private let start = Date()
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var shown = false
    private var finished = false

    public init(_ label: String, total: Int) {
        self.label = label
        self.total = total
    }

    /// Reports that `done` of `total` steps are finished (with `total` 0: shows the time elapsed).
    public func update(_ done: Int) {
        guard Terminal.stderrIsTerminal else { return }
        lock.withLock {
            let now = Date()
            guard !finished, now.timeIntervalSince(start) > 1.5, now.timeIntervalSince(lastDraw) > 0.1 else { return }
            lastDraw = now
            shown = true
            let count = total > 0 ? "\(done)/\(total)" : "\(Int(now.timeIntervalSince(start))) s"
            Terminal.printError("\r\u{1B}[2K" + Self.fitted("  … \(count) · \(label)"), terminator: "")
        }
    }

    /// Erases the line, if one was drawn; later updates draw nothing.
    public func finish() {
        lock.withLock {
            if shown { Terminal.printError("\r\u{1B}[2K", terminator: "") }
            shown = false
            finished = true
        }
    }

    /// `text` cut to fit one line of the terminal: a line that wrapped would leave its first part
    /// on screen, since erasing clears only the line the cursor is on. (The count comes first, so
    /// a cut never hides it.)
    static func fitted(_ text: String) -> String {
        let width = max(20, stderrColumns() - 1)
        return text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// Standard error's terminal width: the kernel's idea, else COLUMNS, else 80.
    private static func stderrColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }
}

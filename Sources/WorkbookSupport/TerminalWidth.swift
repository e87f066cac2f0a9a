// How wide the learner's terminal is, so that a lab report wraps to it instead of running past
// the right edge (or being cut mid-word by the terminal itself).

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Terminal {
    /// The width a report is wrapped to, in columns.
    ///
    /// `$COLUMNS` when it holds a number (an explicit choice wins, as for `ls`; it also lets a
    /// test or a pipe ask for a width), else the width of the terminal standard output is on
    /// (`ioctl(TIOCGWINSZ)`), else 100 — output to a pipe or a file. Never below 40: a narrower
    /// report would be a column of single words.
    public static let columns: Int = columns(environment: ProcessInfo.processInfo.environment,
                                             terminalWidth: terminalWidth())

    /// The rule behind `columns`, apart from the process it runs in (for tests).
    public static func columns(environment: [String: String], terminalWidth: Int?) -> Int {
        let chosen = environment["COLUMNS"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let width = chosen.flatMap { $0 > 0 ? $0 : nil } ?? terminalWidth ?? 100
        return max(40, width)
    }

    /// The column count of the terminal on standard output, or nil when it is not a terminal
    /// (or reports 0 columns, as a pseudo-terminal without a size does).
    public static func terminalWidth() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

// The language the workbook speaks: English, or Korean when asked (`--lang ko` anywhere on the
// command line, or a locale starting with "ko"). Read once per process. `--json` output never
// depends on it: figures, keys and values stay the same in both languages.

import Foundation

/// English (the fallback for every missing string) or Korean.
public enum Language: String, Sendable, CaseIterable {
    case en, ko

    /// The language asked for: `--lang` on the command line first (`--lang ko`, `--lang=ko`,
    /// `--lang en` forces English), then the first non-empty of LC_ALL, LC_MESSAGES and LANG,
    /// in that order as POSIX says; Korean when that value starts with "ko", else English.
    /// A `--lang` without a known value is an error (see `flagError`), and counts as English here.
    public static func resolve(arguments: [String], environment: [String: String]) -> Language {
        if let value = flagValue(in: arguments) { return Language(rawValue: value.lowercased()) ?? .en }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.lowercased().hasPrefix("ko") ? .ko : .en
    }

    /// This process's language, from its own command line and environment.
    public static let current: Language = resolve(arguments: Array(CommandLine.arguments.dropFirst()),
                                                  environment: ProcessInfo.processInfo.environment)

    /// The value of the last `--lang X` or `--lang=X` (nil without one; "" when X is missing).
    static func flagValue(in arguments: [String]) -> String? {
        var value: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--lang" {
                value = index + 1 < arguments.endIndex ? arguments[index + 1] : ""
                index += 1
            } else if argument.hasPrefix("--lang=") {
                value = String(argument.dropFirst("--lang=".count))
            }
            index += 1
        }
        return value
    }

    /// The arguments without `--lang X` / `--lang=X`: what the commands and chapters parse.
    public static func removingFlag(from arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            if arguments[index] == "--lang" { index += 2; continue }
            if !arguments[index].hasPrefix("--lang=") { kept.append(arguments[index]) }
            index += 1
        }
        return kept
    }

    /// The message for a `--lang` that names no language the workbook speaks, or nil.
    public static func flagError(in arguments: [String]) -> String? {
        guard let value = flagValue(in: arguments), Language(rawValue: value.lowercased()) == nil else { return nil }
        return value.isEmpty ? Strings.text(.langMissing) : Strings.text(.langUnknown, value)
    }
}

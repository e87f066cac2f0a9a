// Asking the real compiler. Chapters 1 and 2 show diagnostics the compiler prints for a snippet,
// rather than quoting them from memory: the learner sees what *their* toolchain says.

import Foundation

public enum Toolchain {
    /// The `swiftc` on PATH (or in $SWIFTC), if any.
    public static let swiftc: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], FileManager.default.isExecutableFile(atPath: explicit) {
            return URL(fileURLWithPath: explicit)
        }
        return onPath("swiftc")
    }()

    /// The system's SHA-256 tool: the first `sha256sum` on PATH — GNU coreutils' on Linux; on a Mac,
    /// the GNU-compatible one macOS 14 and later ship with md5(1), or Homebrew's coreutils if it
    /// comes first on PATH — else `shasum -a 256` (older macOS). Whoever reports a comparison
    /// names the tool found (`name`, `url`), not the one a platform usually has.
    /// `nil` when neither is there: a comparison with it must then be reported as skipped.
    public static let sha256Tool: (url: URL, arguments: [String], name: String)? = {
        if let url = onPath("sha256sum") { return (url, ["-"], "sha256sum") }
        if let url = onPath("shasum") { return (url, ["-a", "256", "-"], "shasum -a 256") }
        return nil
    }()

    /// The first executable called `name` in the directories of PATH.
    public static func onPath(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    public struct Compilation: Sendable {
        public let succeeded: Bool
        /// The compiler's `error:` lines, with the temporary path cut off.
        public let errors: [String]
        public let output: String
    }

    /// Compiles the given files in a fresh temporary folder with `swiftc <arguments> <files>`,
    /// after running each `(module, source)` in `modules` through `-emit-module` first.
    /// Returns nil when no compiler is available.
    public static func compile(_ files: [String: String], arguments: [String] = ["-typecheck"],
                               modules: [(name: String, source: String)] = []) -> Compilation? {
        guard let swiftc else { return nil }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("kfd-snippet-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for module in modules {
            let source = folder.appendingPathComponent("\(module.name).swift")
            try? module.source.write(to: source, atomically: true, encoding: .utf8)
            let result = ChildProcess.run(swiftc, arguments: [
                "-parse-as-library", "-emit-module", "-module-name", module.name,
                "-emit-module-path", folder.appendingPathComponent("\(module.name).swiftmodule").path, source.path,
            ], timeout: 120)
            guard result.succeeded else {
                return Compilation(succeeded: false, errors: errorLines(result.stderr, folder), output: result.stderr)
            }
        }
        var paths: [String] = []
        for (name, source) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try? source.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let result = ChildProcess.run(swiftc, arguments: arguments + ["-I", folder.path] + paths, timeout: 120)
        let output = result.stdout + result.stderr
        return Compilation(succeeded: result.succeeded, errors: errorLines(output, folder), output: output)
    }

    private static func errorLines(_ output: String, _ folder: URL) -> [String] {
        output.split(separator: "\n").map(String.init)
            .filter { $0.contains("error:") && !$0.contains("`-") }
            .map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
    }
}

import Foundation
import Testing
import WorkbookSupport

/// Runs a chapter's own executable (built by `swift test` with everything else) and returns its
/// `--json` figures.
func chapterFigures(_ number: Int, _ extra: [String] = []) throws -> [String: JSONValue] {
    let info = try #require(Catalog.chapter(named: "\(number)"))
    let result = ChildProcess.run(try executable(info.executable), arguments: ["--quick", "--json"] + extra, timeout: 300)
    #expect(result.succeeded, "\(info.executable) --quick --json ended with \(result.outcome): \(result.stderr.suffix(500))")
    let lastLine = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    guard case .object(let figures)? = JSONValue.parse(lastLine) else {
        Issue.record("\(info.executable) printed no JSON object: \(result.stdout.suffix(300))")
        return [:]
    }
    return figures
}

/// The path of a built executable of this package. Looked for, in order:
///   • next to the test runner (`swift test` on Linux runs the tests as an executable there);
///   • next to the `.xctest` bundle (macOS: `swift test` runs the bundle in `xctest`, and Xcode puts
///     the bundle and the executables in the same Products folder — after ⌘B builds them);
///   • in the package's own `.build/debug`, found from this source file.
func executable(_ name: String) throws -> URL {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var candidates = [ChildProcess.currentExecutable.deletingLastPathComponent().appendingPathComponent(name)]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
    }
    candidates.append(root.appendingPathComponent(".build/debug/\(name)"))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw ExecutableNotBuilt(name: name)
    }
    return found
}

struct ExecutableNotBuilt: Error, CustomStringConvertible {
    let name: String
    var description: String {
        "\(name) is not built: run `swift build` (swift test builds it too); in Xcode, build the package's scheme (⌘B) before ⌘U"
    }
}

/// Runs one child scenario of a chapter's executable.
func childRun(_ executableName: String, _ scenario: String, _ arguments: [String] = [], timeout: TimeInterval = 60) throws -> ChildResult {
    ChildProcess.run(try executable(executableName), arguments: ["--kfd-child", scenario] + arguments,
                     environment: ["SWIFT_BACKTRACE": "enable=no"], timeout: timeout)
}

// The workbook's commands. Hand-written argument parsing: a command word, then its arguments.

import Foundation
import WorkbookSupport

enum Workbook {
    static let commands = ["list", "check", "hint", "verify", "help"]

    static func main(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return list() }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help": return help(rest.first)
        case "list", "ls": return rest.contains("--help") ? help("list") : list()
        case "check": return rest.contains("--help") ? help("check") : Checking.check(rest)
        case "hint": return rest.contains("--help") ? help("hint") : hint(rest)
        case "verify": return rest.contains("--help") ? help("verify") : Checking.verify()
        default:
            if let info = Catalog.chapter(named: first), let program = ChapterPrograms.all[info.number] {
                return ChapterMain.run(program, arguments: rest, childPrefix: [info.paddedNumber])
            }
            let candidates = commands + Catalog.chapters.flatMap { [$0.paddedNumber, $0.slug] }
            let suggestion = Suggest.nearest(to: first, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
            Terminal.printError("error: '\(first)' is neither a command nor a chapter.\(suggestion)\n"
                                + "Run 'swift run workbook' for the chapters, 'swift run workbook --help' for the commands.")
            return 64
        }
    }

    // MARK: list

    static func list() -> Int32 {
        let progress = ProgressFile.load()
        print(Terminal.styled("Cache Workbook — Kingfisher's cache, rebuilt, run and broken on purpose", .bold))
        print()
        for chapter in Catalog.chapters {
            print("\(Terminal.styled(chapter.paddedNumber, .bold))  \(Terminal.styled(chapter.title, .bold))")
            print("    \(chapter.summary)")
            print(Terminal.styled("    run: swift run workbook \(chapter.paddedNumber)   (or: swift run \(chapter.executable))  ·  notes: \(chapter.folder)/README.md", .dim))
            for exercise in ExerciseCatalog.exercises where exercise.chapter == chapter.number {
                let status: String
                switch progress[exercise.name] {
                case true?: status = Terminal.styled("done     ", .green)
                case false?: status = Terminal.styled("to do    ", .yellow)
                case nil: status = Terminal.styled("unchecked", .dim)
                }
                print("    [\(status)] \(exercise.name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(exercise.title)")
            }
            print()
        }
        let done = ExerciseCatalog.exercises.filter { progress[$0.name] == true }.count
        print("Exercises done: \(done) of \(ExerciseCatalog.exercises.count) (as of your last 'swift run workbook check').")
        print("Next: swift run workbook 01 · swift run workbook check 01 · swift run workbook --help")
        return 0
    }

    // MARK: hint

    static func hint(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            Terminal.printError("error: which exercise? e.g. swift run workbook hint 04-reconcile-keys")
            return 64
        }
        guard let exercise = ExerciseCatalog.exercises.first(where: { $0.name == name.lowercased() }) else {
            let suggestion = Suggest.nearest(to: name, in: ExerciseCatalog.exercises.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
            Terminal.printError("error: no exercise named '\(name)'.\(suggestion) 'swift run workbook list' shows them all.")
            return 64
        }
        print(Terminal.styled("\(exercise.name) — \(exercise.title)", .bold))
        print("Edit:  \(exercise.stub)")
        for (index, hint) in exercise.hints.enumerated() { print("Hint \(index + 1): \(hint)") }
        print("Check: swift run workbook check \(exercise.name)")
        return 0
    }

    // MARK: help

    static func help(_ topic: String?) -> Int32 {
        switch topic {
        case "check"?:
            print("""
            USAGE: swift run workbook check [NN | EXERCISE]

            Builds and runs the exercise tests against your stubs (all of them, one chapter's, or one
            exercise's) and shows, for each exercise, done or to do with the first failing expectation.
            Same as: KFD_EXERCISES=check swift test --filter '<suite>/stub'
            Examples: swift run workbook check · swift run workbook check 04 · swift run workbook check 05-cache-time
            """)
        case "hint"?:
            print("USAGE: swift run workbook hint EXERCISE\n\nPrints the file to edit and the hints for one exercise.")
        case "verify"?:
            print("""
            USAGE: swift run workbook verify

            What CI runs: every reference solution must pass its check and every shipped stub must fail it.
            Same as: KFD_EXERCISES=verify swift test --filter ExerciseTests
            """)
        case "list"?:
            print("USAGE: swift run workbook list\n\nThe chapters and exercises, with your status from the last check.")
        default:
            print("""
            Cache Workbook — Kingfisher's cache layer rebuilt, run and broken on purpose.

            USAGE: swift run workbook [COMMAND]

            COMMANDS:
              (none), list         the chapters and exercises, with your progress
              NN [--quick|--json]  run chapter NN (e.g. 04), same as: swift run chNN-<slug>
              check [NN|EXERCISE]  run the exercise tests against your stubs
              hint EXERCISE        hints for one exercise
              verify               prove every stub fails and every solution passes (CI)
              help COMMAND         help for one command; NN --help for a chapter's flags

            Colour is used on a terminal only, never with NO_COLOR set. Tests: swift test.
            """)
        }
        return 0
    }
}

/// Where `workbook check` keeps each exercise's last result (under .build, never committed).
enum ProgressFile {
    static var url: URL? {
        PackageRoot.find().map { $0.appendingPathComponent(".build/workbook-progress.json") }
    }

    static func load() -> [String: Bool] {
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8),
              case .object(let members)? = JSONValue.parse(text) else { return [:] }
        return members.compactMapValues(\.boolValue)
    }

    static func save(_ results: [String: Bool]) {
        guard let url else { return }
        var all = load()
        for (name, passed) in results { all[name] = passed }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONValue.object(all.mapValues(JSONValue.bool)).text.write(to: url, atomically: true, encoding: .utf8)
    }
}

enum PackageRoot {
    /// The folder holding this workbook's Package.swift: the current folder or one above it; else
    /// the folder this program was built from (Xcode runs it from DerivedData, not from the package).
    static func find() -> URL? {
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for _ in 0..<12 {
            if isWorkbook(folder) { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return isWorkbook(built) ? built : nil
    }

    private static func isWorkbook(_ folder: URL) -> Bool {
        let manifest = folder.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return text.contains("\"CacheWorkbook\"")
    }
}

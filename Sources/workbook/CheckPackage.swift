// The check programs. Exercise files are not targets of the workbook's package: `workbook check`
// copies each file it checks into a small generated package under .build/workbook-checks/, where
// every file is its own module with its own check program. So an unfinished or broken stub never
// breaks `swift build`, `swift test`, or the check of any other exercise; and a crash or a hang
// in a check program is that exercise's outcome alone.
//
// Two generated packages: `learner` (your files) and `corpus` (reference solutions, the shipped
// stubs and the near-misses, for `workbook verify`). Both depend on this package by path and
// build only what a program needs; files are rewritten only when they change, so builds are
// incremental.

import ExerciseKit
import Foundation
import KFDCache
import WorkbookSupport

/// One exercise file to check.
struct CheckSubject: Sendable {
    enum Kind: Sendable, Equatable {
        case learner, solution, shipped
        case nearMiss(String)
        /// A mutant of the reference solution, by its digest (Mutation.swift).
        case mutant(String)
        /// A right answer written by someone who never saw the solution: must pass.
        case alternative(String)

        /// The program argument and the module-name part: "learner", "solution", "nm_GlueEdited", "m_1a2b3c4d".
        var tag: String {
            switch self {
            case .learner: return "learner"
            case .solution: return "solution"
            case .shipped: return "shipped"
            case .nearMiss(let name): return "nm_" + name
            case .mutant(let digest): return "m_" + digest
            case .alternative(let name): return "alt_" + name
            }
        }
    }

    let exercise: ExerciseInfo
    let kind: Kind
    /// The file as it is in the workbook (compiler messages are mapped back to it).
    let source: URL

    var module: String { "V" + exercise.name.filter { $0.isLetter || $0.isNumber } + "_" + kind.tag }
    var program: String { "check-" + exercise.name }
    /// The first line of a near-miss file: what its mistake is.
    var mistake: String? {
        guard case .nearMiss = kind, let text = try? String(contentsOf: source, encoding: .utf8) else { return nil }
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        return first.hasPrefix("// NEAR-MISS:") ? first.dropFirst("// NEAR-MISS:".count).trimmingCharacters(in: .whitespaces) : nil
    }
}

/// What checking one file found.
enum CheckResult: Sendable {
    case outcome(CheckOutcome)
    /// The program died of a signal (its name) before reporting; lines from its output that say where.
    case crashed(String, [String])
    /// Killed by the outer time limit.
    case hung
    /// The program ended by itself (its exit status) without a verdict: code it ran ended the
    /// process. Not a build failure: it was built and ran.
    case endedEarly(String)
    /// The file did not compile: the compiler's messages, with the file's own path.
    case doesNotCompile([String])
    /// The program could not be built for another reason (the workbook's own build, the toolchain).
    case buildFailed(String)
    /// The learner's DO NOT EDIT lines differ from the shipped stub's: each change, then the
    /// learner's own compiler messages, if any.
    case protectedLinesChanged([String], compiler: [String])
    /// The DO NOT EDIT lines are those of an earlier version of the exercise (the learner's file
    /// predates a change of the workbook): each difference from the new ones.
    case earlierVersion([String])

    var passed: Bool {
        if case .outcome(let outcome) = self { return outcome.verdict == .passed }
        return false
    }
}

struct CheckPackage {
    let root: URL
    let name: String
    /// "kfd-checks-NAME", never a bare "learner" or "corpus": a package's identity is its folder's
    /// name, and a workbook cloned into a folder of the same name would clash with it.
    var folder: URL { Self.checksFolder(root: root).appendingPathComponent("kfd-checks-\(name)", isDirectory: true) }

    /// Where the check packages are built: `.build/workbook-checks/` in the workbook, or the folder
    /// `KFD_CHECK_BUILD_DIR` names (for a workbook folder the learner cannot write).
    static func checksFolder(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let chosen = environment["KFD_CHECK_BUILD_DIR"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true).standardizedFileURL
        }
        return root.appendingPathComponent(".build/workbook-checks", isDirectory: true)
    }

    /// How the generated manifest names the workbook: relative from its own .build (so a moved
    /// workbook keeps its checks), else by its full path.
    private var workbookPath: String {
        folder.deletingLastPathComponent().path == root.appendingPathComponent(".build/workbook-checks").path ? "../../.." : root.path
    }

    /// Writes the package for `subjects` (all of them: a program holds every subject of its exercise).
    /// A folder or file that cannot be written is a `CannotWrite` naming it.
    func prepare(_ subjects: [CheckSubject]) throws {
        do { try write(subjects) } catch let error as CannotWrite { throw error } catch {
            throw CannotWrite(path: (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? folder.path, error: error)
        }
        // SwiftPM writes in the package's .build: find out now, not from a build's raw output.
        let probe = folder.appendingPathComponent(".build/.workbook-write-probe")
        do {
            try FileManager.default.createDirectory(at: probe.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: probe)
            try? FileManager.default.removeItem(at: probe)
        } catch {
            throw CannotWrite(path: probe.deletingLastPathComponent().path, error: error)
        }
    }

    /// A folder or file of the check package that could not be written, and why, in a few words.
    struct CannotWrite: Error {
        let path: String
        let reason: String

        init(path: String, error: Error) {
            self.path = path
            let nsError = error as NSError
            if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                reason = String(cString: strerror(Int32(underlying.code)))
            } else if nsError.domain == NSCocoaErrorDomain, nsError.code == CocoaError.fileWriteNoPermission.rawValue {
                reason = String(cString: strerror(EACCES))
            } else if nsError.domain == NSCocoaErrorDomain, nsError.code == CocoaError.fileWriteVolumeReadOnly.rawValue {
                reason = String(cString: strerror(EROFS))
            } else {
                reason = Self.obstacle(above: path) ?? nsError.localizedDescription
            }
        }

        /// Why nothing can be made at `path`, found by looking at the nearest part of it that
        /// exists (Foundation's error for a file standing where a folder is needed names no cause).
        static func obstacle(above path: String) -> String? {
            var folder = URL(fileURLWithPath: path)
            while folder.path != "/" {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                    if !isFolder.boolValue { return Strings.text(.fileNotFolder, folder.path) }
                    return access(folder.path, W_OK) == 0 ? nil : "\(folder.path): " + String(cString: strerror(EACCES))
                }
                folder.deleteLastPathComponent()
            }
            return nil
        }
    }

    private func write(_ subjects: [CheckSubject]) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        var targets: [String] = []
        let byExercise = Dictionary(grouping: subjects, by: \.exercise.name)
        for exercise in ExerciseCatalog.exercises where byExercise[exercise.name] != nil {
            let group = byExercise[exercise.name] ?? []
            for subject in group {
                let dir = folder.appendingPathComponent("Variants/\(subject.module)", isDirectory: true)
                try fileManager.createDirectory(at: dir, withIntermediateDirectories: true)
                try writeSource(try variantData(subject), to: dir.appendingPathComponent(exercise.file))
                let controlled = dir.appendingPathComponent(ControlledPrimitives.fileName)
                if exercise.isConcurrency {
                    try writeIfChanged(Data(ControlledPrimitives.source(for: exercise.name).utf8), to: controlled)
                } else if fileManager.fileExists(atPath: controlled.path) {
                    try fileManager.removeItem(at: controlled)
                }
                targets.append("""
                        .target(name: "\(subject.module)", dependencies: [checks], path: "Variants/\(subject.module)"),
                """)
            }
            let programDir = folder.appendingPathComponent("Programs/\(group[0].program)", isDirectory: true)
            try fileManager.createDirectory(at: programDir, withIntermediateDirectories: true)
            try writeIfChanged(Data(mainSource(exercise, group).utf8), to: programDir.appendingPathComponent("main.swift"))
            let modules = group.map { "\"\($0.module)\"" }.joined(separator: ", ")
            targets.append("""
                    .executableTarget(name: "\(group[0].program)", dependencies: [\(modules), checks], path: "Programs/\(group[0].program)"),
            """)
        }
        let identity = root.lastPathComponent
        let manifest = """
        // swift-tools-version: 6.0
        // Generated by `workbook check` from workbook.json: one module per exercise file, one check
        // program per exercise. Do not edit; it is rewritten on every check.
        // Sources stamp \(sourcesStamp()): SwiftPM keeps the dependency's build plan while this file is
        // unchanged, so a file added to or removed from the workbook's Sources/ must change it.
        import PackageDescription

        let checks: Target.Dependency = .product(name: "ExerciseChecks", package: "\(identity)")

        let package = Package(
            name: "WorkbookChecks\(name.capitalized)",
            platforms: [.macOS(.v15)],
            dependencies: [.package(path: "\(workbookPath)")],
            targets: [
        \(targets.joined(separator: "\n"))
            ],
            swiftLanguageModes: [.v6]
        )

        """
        try writeIfChanged(Data(manifest.utf8), to: folder.appendingPathComponent("Package.swift"))
    }

    /// The program's main: runs the check named in the manifest on the subject named by its argument.
    private func mainSource(_ exercise: ExerciseInfo, _ group: [CheckSubject]) -> String {
        var lines = ["// Generated by `workbook check`. Do not edit.", "import ExerciseChecks"]
        lines += group.map { "import \($0.module)" }
        lines.append("")
        lines.append("switch CommandLine.arguments.dropFirst().first {")
        for subject in group {
            lines.append("case \"\(subject.kind.tag)\"?:")
            let owner = exercise.isConcurrency ? ", instancesOf: \"\(exercise.type)\"" : ""
            lines.append("    CheckRunner.main(exercise: \"\(exercise.name)\"\(owner)) { \(exercise.check)(\(subject.module).\(exercise.type).self, $0) }")
        }
        lines.append("default:")
        lines.append("    fatalError(\"which file? one of: \(group.map(\.kind.tag).joined(separator: ", "))\")")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The SHA-256 (first 12 hex digits) of the workbook's Sources/ file list.
    private func sourcesStamp() -> String {
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted() ?? []
        return String(files.joined(separator: "\n").kfd.sha256.prefix(12))
    }

    /// The subject's file as its module compiles it: for a concurrency exercise, with the learner's
    /// plain stored properties watched by the schedule explorer (PlainMemoryRewrite.swift). The
    /// file as written is kept under Originals/, to be put back if the rewritten copy does not build.
    private func variantData(_ subject: CheckSubject) throws -> Data {
        let data = try Data(contentsOf: subject.source)
        let original = originalURL(subject.module)
        guard subject.exercise.isConcurrency, let text = String(data: data, encoding: .utf8) else {
            try? FileManager.default.removeItem(at: original)
            return data
        }
        let watched = PlainMemoryRewrite.watched(text)
        guard !watched.names.isEmpty else {
            try? FileManager.default.removeItem(at: original)
            return data
        }
        try FileManager.default.createDirectory(at: original.deletingLastPathComponent(), withIntermediateDirectories: true)
        try writeIfChanged(data, to: original)
        return Data(watched.source.utf8)
    }

    private func originalURL(_ module: String) -> URL {
        folder.appendingPathComponent("Originals/\(module).swift")
    }

    /// After a failed build: each rewritten file the compiler complained about is put back as the
    /// learner wrote it (its errors are then about the learner's own lines, and a file the
    /// rewrite broke is checked without its properties watched). True when one was put back.
    private func restoreRewrittenFiles(named output: String) -> Bool {
        var restored = false
        let variants = folder.appendingPathComponent("Variants")
        for module in (try? FileManager.default.contentsOfDirectory(atPath: variants.path)) ?? [] {
            let original = originalURL(module)
            guard FileManager.default.fileExists(atPath: original.path),
                  let file = try? FileManager.default.contentsOfDirectory(atPath: variants.appendingPathComponent(module).path)
                    .first(where: { $0 != ControlledPrimitives.fileName && $0.hasSuffix(".swift") }) else { continue }
            let copied = variants.appendingPathComponent("\(module)/\(file)")
            guard output.contains(copied.path + ":"), let data = try? Data(contentsOf: original) else { continue }
            try? writeSource(data, to: copied)
            try? FileManager.default.removeItem(at: original)
            restored = true
        }
        return restored
    }

    private func writeIfChanged(_ data: Data, to url: URL) throws {
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try data.write(to: url, options: .atomic)
    }

    /// Writes a source file of the learner's (or a near-miss's) that the build compiles, and,
    /// when its text changed, removes that file's compiled object from every build folder of this
    /// package. Swift 6.3.1's incremental build was seen (Linux, 2026-11-28) to keep the object of
    /// the text before: two answers tried in turn a second apart (A, B, A, B, …), the third check
    /// or a later one ran the other answer's code, in 5 of 10 rounds — also with a text no
    /// earlier version had. A missing object is always compiled again.
    private func writeSource(_ data: Data, to url: URL) throws {
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try data.write(to: url, options: .atomic)
        let module = url.deletingLastPathComponent().lastPathComponent
        let object = url.lastPathComponent + ".o"
        let fileManager = FileManager.default
        for scratch in [".build", ".build-tsan"] {
            let base = folder.appendingPathComponent(scratch, isDirectory: true)
            // <scratch>/<triple>/debug/<module>.build/<File>.swift.o (the triple differs by platform).
            for triple in (try? fileManager.contentsOfDirectory(atPath: base.path)) ?? [] {
                let compiled = base.appendingPathComponent("\(triple)/debug/\(module).build/\(object)")
                if fileManager.fileExists(atPath: compiled.path) { try? fileManager.removeItem(at: compiled) }
            }
        }
    }

    // MARK: Building and running

    /// Builds the programs of `exercises` (nil: every program). Returns nil on success, else the
    /// build's output.
    func build(_ exercises: [ExerciseInfo]?, swift: URL) -> String? {
        var arguments = ["build", "--package-path", folder.path]
        if let exercises, exercises.count == 1 { arguments += ["--product", "check-" + exercises[0].name] }
        var result = ChildProcess.run(swift, arguments: arguments, environment: ["NO_COLOR": "1"], timeout: 1_800, onInterrupt: .interrupt)
        // When the workbook itself loses a source file (an update removed it), this package's
        // build plan still names it: "missing inputs". Its build folder is then stale: start afresh.
        if !result.succeeded, (result.stdout + result.stderr).contains("because of missing inputs") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(".build"))
            result = ChildProcess.run(swift, arguments: arguments, environment: ["NO_COLOR": "1"], timeout: 1_800, onInterrupt: .interrupt)
        }
        if !result.succeeded, restoreRewrittenFiles(named: result.stdout + result.stderr) {
            result = ChildProcess.run(swift, arguments: arguments, environment: ["NO_COLOR": "1"], timeout: 1_800, onInterrupt: .interrupt)
        }
        return result.succeeded ? nil : result.stdout + result.stderr
    }

    /// The compiler's messages about `subject`'s file in a failed build's output, with its real
    /// path: each once, errors first in line order (errors on DO NOT EDIT lines the learner left as
    /// shipped after the others), each as its "path:line:column: error: …" line followed by the
    /// compiler's excerpt (the line and its caret), one string with line breaks.
    func compilerMessages(for subject: CheckSubject, in output: String) -> [String] {
        let copied = folder.appendingPathComponent("Variants/\(subject.module)/\(subject.exercise.file)").path
        let relative = subject.source.path.replacingOccurrences(of: root.path + "/", with: "")
        let source = (try? String(contentsOf: subject.source, encoding: .utf8)) ?? ""
        let shipped = (try? String(contentsOf: root.appendingPathComponent(subject.exercise.shipped), encoding: .utf8)) ?? ""
        let edited = Set(Glue.changes(shipped: shipped, yours: source).compactMap { change -> Int? in
            switch change {
            case .changed(let line, _, _), .added(let line, _): return line
            case .removed: return nil
            }
        })
        let untouched = Set(Glue.numberedProtectedLines(of: source).map(\.number)).subtracting(edited)
        return CompilerDiagnostics.messages(about: copied, in: output, isLikelyConsequence: { untouched.contains($0) }).map {
            var diagnostic = $0
            diagnostic.path = relative
            return ([diagnostic.header] + diagnostic.excerpt).joined(separator: "\n")
        }
    }

    /// Whether the subject's DO NOT EDIT lines are exactly those of an earlier version of its exercise.
    func hasEarlierGlue(_ subject: CheckSubject) -> Bool {
        guard !subject.exercise.earlierGlue.isEmpty,
              let source = try? String(contentsOf: subject.source, encoding: .utf8) else { return false }
        return subject.exercise.earlierGlue.contains(Glue.digest(of: source))
    }

    /// What became of the DO NOT EDIT lines of `subject`'s file, compared with the shipped stub's,
    /// in the learner's words (empty when they are as shipped).
    func protectedLineChanges(_ subject: CheckSubject) -> [String] {
        guard let source = try? String(contentsOf: subject.source, encoding: .utf8),
              let shipped = try? String(contentsOf: root.appendingPathComponent(subject.exercise.shipped), encoding: .utf8) else { return [] }
        return Glue.changes(shipped: shipped, yours: source).map { change in
            switch change {
            case .changed(let line, let before, let after): return Strings.text(.glueLineChanged, line, before, after)
            case .removed(let after, let before): return Strings.text(.glueLineRemoved, after, before)
            case .added(let line, let after): return Strings.text(.glueLineAdded, line, after)
            }
        }
    }

    /// The variable that carries `--seed N` to the check programs (CheckRunner reads it).
    static let seedVariable = "KFD_CHECK_SEED"

    /// The seed `check --seed N` or `verify --seed N` set in this process (nil: each check's own).
    static var seed: String? { getenv(seedVariable).map { String(cString: $0) } }

    /// Sets the seed every check program run from now on is given.
    static func use(seed: UInt64) { setenv(seedVariable, "\(seed)", 1) }

    /// Runs the check program on one subject.
    /// - Parameters:
    ///   - seconds: the time limit (a concurrency check gets at least 90 s).
    ///   - seed: the seed of the generated cases for this run only; nil: the one `use(seed:)` set,
    ///     or else the check's own.
    func run(_ subject: CheckSubject, seconds: Int = 20, seed: UInt64? = nil) -> CheckResult {
        if subject.exercise.isConcurrency, let text = try? String(contentsOf: subject.source, encoding: .utf8) {
            let spelled = ControlledPrimitives.qualifiedSpellings(in: text, exercise: subject.exercise.name)
            if !spelled.isEmpty {
                let names = spelled.joined(separator: ", ")
                return .outcome(CheckOutcome(exercise: subject.exercise.name, verdict: .failed, said: [
                    CheckMessage("your file spells \(names) with its module name: the check explores the schedules "
                                 + "of your code through the plain names (DispatchQueue, NSLock, …), which it controls. Write the plain name.",
                                 ko: "파일에 \(names)처럼 모듈 이름을 붙여 쓴 곳이 있습니다: 확인 프로그램은 모듈 이름 없이 쓴 이름"
                                     + "(DispatchQueue, NSLock, …)을 자기가 제어하는 것으로 바꿔서 코드의 스케줄을 탐색합니다. "
                                     + "모듈 이름 없이 쓰세요."),
                ], seconds: 0))
            }
        }
        // An explored check runs thousands of schedules: on a machine loaded many times over it may
        // need more than the usual limit, and it finds deadlocks and endless loops by itself.
        let seconds = subject.exercise.isConcurrency ? max(seconds, 90) : seconds
        let program = folder.appendingPathComponent(".build/debug/\(subject.program)")
        var environment = Platform.backtraceEnvironment
        // The same Set and Dictionary order in every run: an explored schedule replays exactly.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // One time zone, with daylight saving, on every machine: code that counts days with the
        // local calendar gets the same verdict on a Mac in Seoul and on a Linux box in UTC.
        environment["TZ"] = "America/New_York"
        environment["KFD_CHECK_SOURCE"] = subject.source.path
        environment["KFD_CHECK_GLUE"] = subject.exercise.glue
        environment["KFD_CHECK_SECONDS"] = "\(seconds)"
        if let seed = seed.map({ "\($0)" }) ?? Self.seed { environment[Self.seedVariable] = seed }
        let result = ChildProcess.run(program, arguments: [subject.kind.tag], environment: environment,
                                      timeout: TimeInterval(seconds + 10))
        if let outcome = CheckOutcome.parse(result.stdout) { return .outcome(outcome) }
        if result.timedOut { return .hung }
        if result.crashed {
            return .crashed(result.outcome, crashExcerpt(result.stderr + "\n" + result.stdout, subject))
        }
        return .endedEarly(result.outcome)
    }
}

extension CheckPackage {
    /// The runtime's words (no "Fatal error" before them) when a closure passed to
    /// `withoutActuallyEscaping` is still referenced after its block returns, e.g. queued with `async`.
    static let escapedClosureTrap = "closure argument was escaped in withoutActuallyEscaping block"

    /// What a crashed check program's output says about where it died: the runtime's own message,
    /// the check's line it was running (that line names the input; in a loop over inputs, the
    /// loop too) and the learner's lines in the crashed thread, each with its code.
    func crashExcerpt(_ output: String, _ subject: CheckSubject) -> [String] {
        let copied = folder.appendingPathComponent("Variants/\(subject.module)/\(subject.exercise.file)").path
        let relative = subject.source.path.replacingOccurrences(of: root.path + "/", with: "")
        var lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("Fatal error") || $0.contains("Fatal error:") || $0.contains(Self.escapedClosureTrap) }.prefix(1)
            .map { $0.replacingOccurrences(of: copied, with: relative) }   // the learner's file, not the check package's copy
        // Swift's exclusivity check words its trap differently: keep its first line, without the address.
        if lines.isEmpty, let conflict = output.split(separator: "\n").first(where: { $0.hasPrefix("Simultaneous accesses to ") }) {
            lines.append(conflict.replacingOccurrences(of: #"to 0x[0-9a-f]+, "#, with: "to one variable, ", options: .regularExpression)
                         + " (Fatal access conflict detected.)")
        }
        var checkLine: String?
        var yours: [String] = []
        var inCrashedThread = false
        for raw in output.split(separator: "\n").map(String.init) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Thread "), line.hasSuffix("crashed:") { inCrashedThread = true; continue }
            guard inCrashedThread else { continue }
            if line == "..." || line.hasPrefix("Thread ") { break }
            guard let at = line.range(of: " at ", options: .backwards) else { continue }
            let place = line[at.upperBound...].split(separator: ":")
            guard place.count >= 3, let number = Int(place[place.count - 2]) else { continue }
            let path = place.dropLast(2).joined(separator: ":")
            if path == copied {
                let entry = "\(relative):\(number): " + Self.code(at: number, in: subject.source)
                if !yours.contains(entry) { yours.append(entry) }
            } else if checkLine == nil, let range = path.range(of: "/Sources/ExerciseChecks/") {
                let file = URL(fileURLWithPath: path)
                var code = "`" + Self.code(at: number, in: file) + "`"
                if let loop = Self.enclosingLoop(of: number, in: file) { code += " (in `\(loop)`)" }
                checkLine = Strings.text(.crashWhile, number, String(path[path.index(after: range.lowerBound)...]), code)
            }
        }
        lines += yours.prefix(3)
        if let checkLine { lines.append(checkLine) }
        return lines
    }

    /// Line `number` of `file`, trimmed ("" when it cannot be read).
    static func code(at number: Int, in file: URL) -> String {
        let lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? lines[number - 1].trimmingCharacters(in: .whitespaces) : ""
    }

    /// The `for … in …` a line of `file` sits in (its nearest less-indented `for` above), if any.
    static func enclosingLoop(of number: Int, in file: URL) -> String? {
        let lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard number >= 1, number <= lines.count else { return nil }
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        var level = indent(lines[number - 1])
        for index in stride(from: number - 2, through: 0, by: -1) where !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
            guard indent(lines[index]) < level else { continue }
            level = indent(lines[index])
            let code = lines[index].trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("for ") { return code.hasSuffix("{") ? String(code.dropLast()).trimmingCharacters(in: .whitespaces) : code }
            if code.hasPrefix("public static func") || code.hasPrefix("static func") || level == 0 { return nil }
        }
        return nil
    }
}

// MARK: ThreadSanitizer

/// What running a check program built with ThreadSanitizer found.
enum SanitizedOutcome: Sendable {
    /// No data race reported.
    case clean
    /// Races with a frame in the checked file: each "path:line" of that file, in the report's order.
    case races([String])
    /// Races only in the workbook's own code (its probes): not the checked file's doing.
    case racesElsewhere(Int)
    /// ThreadSanitizer could not run here (the reason).
    case unavailable(String)
}

extension CheckPackage {
    /// `setarch`'s name for this machine.
    static var machine: String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "aarch64"
        #else
        return "unknown"
        #endif
    }

    /// The sanitized build has a scratch folder of its own: the plain build stays as it is.
    var sanitizedScratch: URL { folder.appendingPathComponent(".build-tsan", isDirectory: true) }

    /// Builds `exercise`'s check program with `--sanitize=thread`. Returns nil on success, else the output.
    func buildSanitized(_ exercise: ExerciseInfo, swift: URL) -> String? {
        let result = ChildProcess.run(swift, arguments: ["build", "--package-path", folder.path, "--scratch-path", sanitizedScratch.path,
                                                         "--sanitize=thread", "--product", "check-" + exercise.name],
                                      environment: ["NO_COLOR": "1"], timeout: 1_800, onInterrupt: .interrupt)
        return result.succeeded ? nil : result.stdout + result.stderr
    }

    /// Runs the sanitized check program on `subject` and reads ThreadSanitizer's reports.
    func runSanitized(_ subject: CheckSubject, root: URL, seconds: Int = 60) -> SanitizedOutcome {
        let program = sanitizedScratch.appendingPathComponent("debug/\(subject.program)")
        var environment = Platform.backtraceEnvironment
        environment["KFD_CHECK_SOURCE"] = subject.source.path
        environment["KFD_CHECK_GLUE"] = subject.exercise.glue
        environment["KFD_CHECK_SECONDS"] = "\(seconds)"
        // Measured false positives only (Synchronization.Mutex's contended path): see the file.
        let suppressions = root.appendingPathComponent(".ci/tsan-suppressions.txt")
        environment["TSAN_OPTIONS"] = "halt_on_error=1:exitcode=66:suppressions=\(suppressions.path)"
        var result = ChildProcess.run(program, arguments: [subject.kind.tag], environment: environment, timeout: TimeInterval(seconds + 30))
        if result.stderr.contains("unexpected memory mapping"), let setarch = Toolchain.onPath("setarch") {
            // Some kernels' address-space randomness is too high for TSan; without ASLR it starts.
            result = ChildProcess.run(setarch, arguments: [Self.machine, "-R", program.path, subject.kind.tag],
                                      environment: environment, timeout: TimeInterval(seconds + 30))
        }
        let output = result.stderr
        if output.contains("unexpected memory mapping") {
            return .unavailable("ThreadSanitizer cannot start on this kernel (sysctl vm.mmap_rnd_bits=28 fixes it)")
        }
        guard output.contains("WARNING: ThreadSanitizer: data race") else { return .clean }
        let copied = folder.appendingPathComponent("Variants/\(subject.module)/\(subject.exercise.file)").path
        let relative = subject.source.path.replacingOccurrences(of: root.path + "/", with: "")
        // Each frame in the checked file, as "path:line: the line's code" (names in TSan's frames
        // may be mangled; the line itself is what the learner recognises).
        let sourceLines = ((try? String(contentsOf: subject.source, encoding: .utf8)) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var lines: [String] = []
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: copied + ":"), let number = Int(line[range.upperBound...].prefix { $0.isNumber }) else { continue }
            let code = number >= 1 && number <= sourceLines.count ? ": " + sourceLines[number - 1] : ""
            let entry = "\(relative):\(number)\(code)"
            if !lines.contains(entry) { lines.append(entry) }
        }
        let reports = output.components(separatedBy: "WARNING: ThreadSanitizer: data race").count - 1
        return lines.isEmpty ? .racesElsewhere(reports) : .races(lines)
    }
}

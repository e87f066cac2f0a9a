// The exercise loop as a learner meets it: the list, `watch`'s next exercise, `reset`'s copy, a
// folder the workbook may not write, a changed DO NOT EDIT line and the compiler's messages.
// The commands run as the real `workbook` program, in a small copy of the workbook where they may
// write (nothing here builds a check program: see InterruptTests.swift for the one that does).

import ExerciseKit
import Foundation
import Testing
import WorkbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("the exercise loop")
struct LoopTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    // MARK: The list

    @Test("the list shows every exercise id whole, in Korean and in English, within 80 columns", arguments: ["ko", "en"])
    func listShowsEveryId(language: String) throws {
        let scratch = try LearnerCopy()
        defer { scratch.remove() }
        let result = ChildProcess.run(try builtWorkbook(), arguments: ["list", "--lang", language], environment: ["COLUMNS": "80"],
                                      directory: scratch.url, timeout: 60)
        #expect(result.succeeded, "\(result.outcome): \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for exercise in ExerciseCatalog.exercises {
            // "    [status] 04-one-critical-section   Title…": the id stands after "] " and before a space.
            #expect(lines.contains { $0.contains("] \(exercise.name) ") }, "\(exercise.name) is not whole in:\n\(result.stdout)")
        }
        for line in lines { #expect(ReportLayout.width(line) <= 80, "wider than 80 columns: \(line)") }
    }

    @Test("a file byte for byte as shipped is never 'changed', whatever was checked before")
    func shippedFileIsNotChanged() throws {
        let scratch = try LearnerCopy()
        defer { scratch.remove() }
        let exercise = try #require(ExerciseCatalog.exercises.first)
        // What a learner leaves behind after a pass, then `git checkout` of the file: an entry for
        // another version of it.
        try ProgressStore(url: scratch.url.appendingPathComponent(".workbook-progress.json"))
            .update(exercise.name) { $0 = ProgressEntry(passed: true, fileSHA256: String(repeating: "a", count: 64)) }
        let result = ChildProcess.run(try builtWorkbook(), arguments: ["list", "--lang", "en"], environment: ["COLUMNS": "100"],
                                      directory: scratch.url, timeout: 60)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("] \(exercise.name) ") })
        #expect(line.contains("[to do"), "the shipped file shows as: \(line)")
        let flat = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("changed: edited since its last check"), "the list does not explain its statuses")
    }

    // MARK: watch, reset

    @Test("after a pass, the next exercise is the next one not done after it, then from the start")
    func nextAfterPass() throws {
        let all = ExerciseCatalog.exercises
        let reconcile = try #require(all.firstIndex { $0.name == "04-reconcile-keys" })
        // Everything before 04-reconcile-keys is not done (02-data-digest among them): go on after it.
        let next = ExerciseCatalog.next(after: all[reconcile]) { all.firstIndex(of: $0)! == reconcile }
        #expect(next?.name == all[reconcile + 1].name)
        // Only one left, before it: wrap round to it.
        let left = all[1]
        #expect(ExerciseCatalog.next(after: all[reconcile]) { $0 != left }?.name == left.name)
        // All done.
        #expect(ExerciseCatalog.next(after: all[reconcile]) { _ in true } == nil)
    }

    @Test("reset keeps a copy of the learner's file and says where")
    func resetKeepsACopy() throws {
        let scratch = try LearnerCopy()
        defer { scratch.remove() }
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == "02-data-digest" })
        let file = scratch.url.appendingPathComponent(exercise.stub)
        let mine = Data("// an afternoon's work\n".utf8)
        try mine.write(to: file)
        let result = ChildProcess.run(try builtWorkbook(), arguments: ["reset", exercise.name, "--yes", "--lang", "en"],
                                      directory: scratch.url, timeout: 60)
        #expect(result.succeeded, "\(result.outcome): \(result.stderr)")
        #expect(try Data(contentsOf: file) == Data(contentsOf: scratch.url.appendingPathComponent(exercise.shipped)))
        let said = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Your version was kept as ") })
        let path = String(said.dropFirst("Your version was kept as ".count).dropLast())
        #expect(path.hasPrefix(".workbook-backups/\(exercise.name)-"))
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent(path)) == mine)
    }

    // MARK: A workbook folder that cannot be written

    /// As root, permissions stop nothing: the check's folder is made impossible to create by a
    /// plain file where its parent folder should be (the same code path, "not a directory").
    /// Where `setpriv` exists, the real case runs too: a read-only copy, checked as user 65534.
    @Test("check says what cannot be written and what to do; watch stops instead of waiting")
    func unwritableFolder() throws {
        let scratch = try LearnerCopy(), other = try LearnerCopy()
        defer { scratch.remove(); other.remove() }
        let workbook = try builtWorkbook()
        var runs: [(label: String, run: ([String]) -> ChildResult)] = []
        if getuid() != 0 {
            runs.append(("read-only copy", { arguments in
                scratch.setWritable(false)
                defer { scratch.setWritable(true) }
                return ChildProcess.run(workbook, arguments: arguments, directory: scratch.url, timeout: 120)
            }))
        } else {
            try Data().write(to: scratch.url.appendingPathComponent(".build"))
            runs.append(("a file where .build should be", { arguments in
                ChildProcess.run(workbook, arguments: arguments, directory: scratch.url, timeout: 120)
            }))
            // As another user, the workbook must still read its own sources' workbook.json: not so in a
            // copy inside a folder only root may enter (CI's isolation proof runs in a mktemp -d).
            let manifest = LoopTests.root.appendingPathComponent("workbook.json").path
            if let setpriv = Toolchain.onPath("setpriv"),
               ChildProcess.run(setpriv, arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c", "test -r \"$0\"", manifest],
                                timeout: 30).succeeded {
                runs.append(("read-only copy, as user 65534", { arguments in
                    other.setWritable(false)
                    return ChildProcess.run(setpriv, arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", workbook.path] + arguments,
                                            environment: ["HOME": other.url.path], directory: other.url, timeout: 120)
                }))
            }
        }
        for (label, run) in runs {
            let check = run(["check", "02-data-digest", "--lang", "en"])
            #expect(check.status == 1 && !check.signaled, "\(label): check ended with \(check.outcome)")
            let said = check.stderr.replacingOccurrences(of: "\n", with: " ")
            #expect(said.contains("error: cannot write"), "\(label): \(check.stderr)")
            #expect(said.contains("KFD_CHECK_BUILD_DIR") && said.contains("chmod -R u+w"), "\(label): \(check.stderr)")
            #expect(!said.contains("NSCocoaErrorDomain"), "\(label): a raw error: \(check.stderr)")
            let watch = run(["watch", "02-data-digest", "--lang", "en"])
            #expect(!watch.timedOut && watch.status == 1, "\(label): watch ended with \(watch.outcome)")
            #expect(watch.stderr.contains("watch stopped"), "\(label): \(watch.stderr)")
        }
    }

    // MARK: DO NOT EDIT lines and compiler messages

    @Test("a changed DO NOT EDIT line is named with its line number, as shipped and as changed")
    func protectedLineChanges() {
        let shipped = """
            import Foundation
            // DO NOT EDIT below: the check calls through these lines.
            public enum ClassWrapper: ClassWrapperExercise {
                public static func makeView() -> PhotoView { PhotoView() }
                public static func storedKey(of view: PhotoView) -> String? { view.storedKey }
            }
            """
        let changed = shipped.replacingOccurrences(of: "public enum", with: "internal enum")
        #expect(Glue.changes(shipped: shipped, yours: changed) == [
            .changed(line: 3, shipped: "public enum ClassWrapper: ClassWrapperExercise {",
                     yours: "internal enum ClassWrapper: ClassWrapperExercise {"),
        ])
        let removed = shipped.replacingOccurrences(of: "    public static func makeView() -> PhotoView { PhotoView() }\n", with: "")
        #expect(Glue.changes(shipped: shipped, yours: removed) == [
            .removed(after: 3, shipped: "public static func makeView() -> PhotoView { PhotoView() }"),
        ])
        let added = shipped.replacingOccurrences(of: "    public static func storedKey", with: "    static var x = 1\n    public static func storedKey")
        #expect(Glue.changes(shipped: shipped, yours: added) == [.added(line: 5, yours: "static var x = 1")])
        // Comments and blank lines are free to edit.
        #expect(Glue.changes(shipped: shipped, yours: shipped.replacingOccurrences(of: "{ PhotoView() }", with: "{ PhotoView() }  // mine")).count == 1)
        #expect(Glue.changes(shipped: shipped, yours: shipped + "\n\n// a note\n").isEmpty)
    }

    @Test("compiler messages: the learner's file only, each once, errors in line order, excerpt and caret kept")
    func compilerMessagesInOrder() {
        let file = "/w/.build/workbook-checks/kfd-checks-learner/Variants/V04reconcilekeys_learner/ReconcileKeys.swift"
        // The emit-module pass reports line 18 (a protected line the learner left alone) and a
        // duplicate of the real error; the compile pass reports the real error and a warning.
        let output = """
            [2/7] Emitting module V04reconcilekeys_learner
            \(file):18:5: error: expected declaration
            16 |     // DO NOT EDIT
            17 |     // the check watches these
            18 |     private let storage = WatchedCache<ExpiringItem>()
               |     `- error: expected declaration
            19 |     private let lock = WatchedLock()

            \(file):36:91: error: consecutive statements on a line must be separated by ';'
            36 |                 guard let item = storage.object(forKey: key as NSString) else { continue } item
               |                                                                                           `- error: consecutive statements on a line must be separated by ';'

            [3/7] Compiling V04reconcilekeys_learner ReconcileKeys.swift
            \(file):36:92: warning: expression of type 'ExpiringItem' is unused
            36 |                 guard let item = storage.object(forKey: key as NSString) else { continue } item
               |                                                                                            `- warning: expression of type 'ExpiringItem' is unused
            \(file):36:91: error: consecutive statements on a line must be separated by ';'
            36 |                 guard let item = storage.object(forKey: key as NSString) else { continue } item
               |                                                                                           `- error: consecutive statements on a line must be separated by ';'
            /w/Sources/ExerciseChecks/Chapter4Checks.swift:10:1: error: not the learner's file
            """
        let messages = CompilerDiagnostics.messages(about: file, in: output) { $0 == 18 }
        #expect(messages.map { "\($0.line):\($0.column) \($0.severity)" } == ["36:91 error", "18:5 error", "36:92 warning"])
        #expect(messages[0].excerpt == [
            "36 | guard let item = storage.object(forKey: key as NSString) else { continue } item",
            "   |                                                                           `- error: consecutive statements on a line must be separated by ';'",
        ])
        // The caret still stands under the place the column names.
        let caret = messages[0].excerpt[1].firstIndex(of: "`").map { messages[0].excerpt[1].distance(from: messages[0].excerpt[1].startIndex, to: $0) }
        let code = messages[0].excerpt[0]
        #expect(caret.map { code.dropFirst($0).hasPrefix(" item") } == true)
    }
}

/// A copy of what the learner's commands read and write: Package.swift (its name is how the
/// workbook knows its folder), the exercise files and their shipped copies. Too little to build
/// a check program; enough for list, next, hint, reset and the start of a check.
struct LearnerCopy {
    let url: URL

    init() throws {
        url = try ScratchFolder("learner-copy").url
        let root = LoopTests.root
        try FileManager.default.copyItem(at: root.appendingPathComponent("Package.swift"), to: url.appendingPathComponent("Package.swift"))
        for exercise in ExerciseCatalog.exercises {
            for path in [exercise.stub, exercise.shipped] {
                let target = url.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: root.appendingPathComponent(path), to: target)
            }
        }
        // Readable by another user (the read-only case runs as one); /tmp's own folders are not always.
        setWritable(true)
    }

    /// Every folder and file: readable by all, and writable by its owner or by no one.
    func setWritable(_ writable: Bool) {
        let fileManager = FileManager.default
        let all = [url.path] + (fileManager.enumerator(atPath: url.path)?.compactMap { $0 as? String }.map { url.appendingPathComponent($0).path } ?? [])
        for path in all {
            var isFolder: ObjCBool = false
            _ = fileManager.fileExists(atPath: path, isDirectory: &isFolder)
            let mode: Int16 = isFolder.boolValue ? (writable ? 0o755 : 0o555) : (writable ? 0o644 : 0o444)
            try? fileManager.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
    }

    func remove() {
        setWritable(true)
        try? FileManager.default.removeItem(at: url)
    }
}

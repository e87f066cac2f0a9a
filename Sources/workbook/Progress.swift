// Your progress: which exercises passed their check, and how many hints you have seen. Kept in
// .workbook-progress.json at the package root (git-ignored; outside .build, so a clean keeps it).
// A "done" is tied to the SHA-256 of the file that passed: reset or change the file and it is no
// longer done until checked again. Changes are safe with several workbook processes at once (see
// WorkbookSupport/ProgressStore.swift; the lock file beside it is .workbook-progress.json.lock).

import Foundation
import KFDCache
import WorkbookSupport

/// The learner's progress as this process last read it, and the way to change it. Every change
/// goes through `ProgressStore` (locked, re-read, one entry changed, written atomically), so a
/// `watch` running in another pane never loses what `check`, `hint` or `reset` recorded here, nor
/// the other way round; after each change `entries` is the file as written, others' work included.
struct LearnerProgress {
    private(set) var entries: [String: ProgressEntry] = [:]
    let store: ProgressStore
    let root: URL

    init(root: URL) {
        self.root = root
        store = ProgressStore(url: root.appendingPathComponent(".workbook-progress.json"))
        reload()
    }

    /// Reads the file again (another process may have recorded something).
    mutating func reload() {
        do { entries = try store.entries() } catch {
            Self.warnOnce(error)
        }
    }

    enum Status { case done, toDo, unchecked, changed, missing }

    /// missing: the file is not there. done: passed, and the file is still the one that passed.
    /// A file byte for byte as shipped is "to do" whatever was checked before (verify proves that
    /// every shipped stub fails its check): never "changed".
    func status(of exercise: ExerciseInfo) -> Status {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(exercise.stub)) else { return .missing }
        guard let entry = entries[exercise.name], !entry.fileSHA256.isEmpty else { return .unchecked }
        let digest = SHA256.hexDigest(of: Array(data))
        guard entry.fileSHA256 == digest else {
            let shipped = try? Data(contentsOf: root.appendingPathComponent(exercise.shipped))
            return shipped == data ? .toDo : .changed
        }
        return entry.passed ? .done : .toDo
    }

    func isDone(_ exercise: ExerciseInfo) -> Bool { status(of: exercise) == .done }

    /// Whether the exercise's file is not there (deleted or moved).
    func isMissing(_ exercise: ExerciseInfo) -> Bool {
        !FileManager.default.fileExists(atPath: root.appendingPathComponent(exercise.stub).path)
    }

    /// The first exercise, in workbook order, that is not done.
    var current: ExerciseInfo? { ExerciseCatalog.exercises.first { !isDone($0) } }

    /// The exercise to go on with once `exercise` has passed (the next not done after it).
    func next(after exercise: ExerciseInfo) -> ExerciseInfo? {
        ExerciseCatalog.next(after: exercise) { isDone($0) }
    }

    func fileDigest(_ exercise: ExerciseInfo) -> String {
        let data = (try? Data(contentsOf: root.appendingPathComponent(exercise.stub))) ?? Data()
        return SHA256.hexDigest(of: Array(data))
    }

    mutating func record(_ exercise: ExerciseInfo, passed: Bool) {
        let digest = fileDigest(exercise)
        change(exercise) {
            var entry = $0 ?? ProgressEntry()
            entry.passed = passed
            entry.fileSHA256 = digest
            $0 = entry
        }
    }

    /// Counts one more hint seen; returns how many have been seen now (at most all of them).
    mutating func nextHint(_ exercise: ExerciseInfo) -> Int {
        let total = exercise.hints.count
        var seen = min((entries[exercise.name]?.hintsSeen ?? 0) + 1, total)
        change(exercise) {
            var entry = $0 ?? ProgressEntry()
            entry.hintsSeen = min(entry.hintsSeen + 1, total)
            seen = entry.hintsSeen
            $0 = entry
        }
        return seen
    }

    mutating func forget(_ exercise: ExerciseInfo) {
        change(exercise) { $0 = nil }
    }

    /// Changes one entry in the file; on failure says why (the command itself goes on: a check's
    /// result is still worth printing when it cannot be recorded).
    private mutating func change(_ exercise: ExerciseInfo, _ body: (inout ProgressEntry?) -> Void) {
        do { entries = try store.update(exercise.name, body) } catch {
            Terminal.printError(Strings.text(.warningNotRecorded, "\(error)"))
        }
    }

    private static func warnOnce(_ error: ProgressError) {
        guard !warned.isSet else { return }
        warned.set()
        Terminal.printError("warning: \(error)")
    }
    private static let warned = Flag()
}

// MARK: _progress-writer (for ProgressStoreTests)

extension Workbook {
    /// `_progress-writer FILE COUNT KEY…`: adds one to each KEY's hint count, COUNT times, in the
    /// progress file FILE. Hidden: the tests run two of these at once to prove that no update is
    /// lost. Each first writes FILE.ready-KEY and waits (up to 60 s) for the other's, so that the
    /// two really overlap however slowly each one starts.
    static func progressWriter(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 3, let count = Int(arguments[1]), count >= 0 else {
            Terminal.printError("USAGE: workbook _progress-writer FILE COUNT KEY… [--wait-for KEY]")
            return 64
        }
        var keys = Array(arguments.dropFirst(2))
        var waitFor: String?
        if let index = keys.firstIndex(of: "--wait-for"), index + 1 < keys.count {
            waitFor = keys[index + 1]
            keys.removeSubrange(index...(index + 1))
        }
        let file = URL(fileURLWithPath: arguments[0])
        let store = ProgressStore(url: file)
        let ready = { (key: String) in URL(fileURLWithPath: file.path + ".ready-" + key) }
        guard let first = keys.first, FileManager.default.createFile(atPath: ready(first).path, contents: Data()) else {
            Terminal.printError("error: no KEY, or cannot write beside \(file.path)")
            return 64
        }
        if let waitFor {
            var polls = 0
            while !FileManager.default.fileExists(atPath: ready(waitFor).path), polls < 60_000 {
                usleep(1_000)
                polls += 1
            }
        }
        do {
            for _ in 0..<count {
                for key in keys {
                    try store.update(key) { entry in
                        var changed = entry ?? ProgressEntry()
                        changed.hintsSeen += 1
                        entry = changed
                    }
                }
            }
        } catch {
            Terminal.printError("error: \(error)")
            return 1
        }
        return 0
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

    /// The root, or an error message on standard error and nil.
    static func required() -> URL? {
        if let root = find() { return root }
        Terminal.printError(Strings.text(.errorNotInWorkbook, FileManager.default.currentDirectoryPath))
        return nil
    }

    private static func isWorkbook(_ folder: URL) -> Bool {
        let manifest = folder.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return text.contains("\"CacheWorkbook\"")
    }
}

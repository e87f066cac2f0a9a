// Your progress: which exercises passed their check, and how many hints you have seen. Kept in
// .workbook-progress.json at the package root (git-ignored; outside .build, so a clean keeps it).
// A "done" is tied to the SHA-256 of the file that passed: reset or change the file and it is no
// longer done until checked again.

import Foundation
import KFDCache
import WorkbookSupport

struct LearnerProgress {
    struct Entry: Codable, Equatable {
        var passed = false
        /// The SHA-256 of the file when it was checked.
        var fileSHA256 = ""
        var hintsSeen = 0
    }

    private(set) var entries: [String: Entry] = [:]
    let url: URL
    let root: URL

    init(root: URL) {
        self.root = root
        url = root.appendingPathComponent(".workbook-progress.json")
        if let data = try? Data(contentsOf: url),
           let decoded = try? JSONDecoder().decode([String: Entry].self, from: data) {
            entries = decoded
        }
    }

    enum Status { case done, toDo, unchecked, changed }

    /// done: passed, and the file is still the one that passed.
    func status(of exercise: ExerciseInfo) -> Status {
        guard let entry = entries[exercise.name], !entry.fileSHA256.isEmpty else { return .unchecked }
        guard entry.fileSHA256 == fileDigest(exercise) else { return .changed }
        return entry.passed ? .done : .toDo
    }

    func isDone(_ exercise: ExerciseInfo) -> Bool { status(of: exercise) == .done }

    /// The first exercise, in workbook order, that is not done.
    var current: ExerciseInfo? { ExerciseCatalog.exercises.first { !isDone($0) } }

    func fileDigest(_ exercise: ExerciseInfo) -> String {
        let data = (try? Data(contentsOf: root.appendingPathComponent(exercise.stub))) ?? Data()
        return SHA256.hexDigest(of: Array(data))
    }

    mutating func record(_ exercise: ExerciseInfo, passed: Bool) {
        var entry = entries[exercise.name] ?? Entry()
        entry.passed = passed
        entry.fileSHA256 = fileDigest(exercise)
        entries[exercise.name] = entry
        save()
    }

    /// Counts one more hint seen; returns how many have been seen now (at most all of them).
    mutating func nextHint(_ exercise: ExerciseInfo) -> Int {
        var entry = entries[exercise.name] ?? Entry()
        entry.hintsSeen = min(entry.hintsSeen + 1, exercise.hints.count)
        entries[exercise.name] = entry
        save()
        return entry.hintsSeen
    }

    mutating func forget(_ exercise: ExerciseInfo) {
        entries[exercise.name] = nil
        save()
    }

    private func save() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if let data = try? encoder.encode(entries) { try? data.write(to: url, options: .atomic) }
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
        Terminal.printError("error: run this inside the workbook's folder (no Package.swift of CacheWorkbook found above \(FileManager.default.currentDirectoryPath))")
        return nil
    }

    private static func isWorkbook(_ folder: URL) -> Bool {
        let manifest = folder.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return text.contains("\"CacheWorkbook\"")
    }
}

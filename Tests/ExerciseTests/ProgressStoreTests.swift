// The learner's progress file is shared by every workbook process (a `watch` in one pane, `check`,
// `hint` and `reset` in another). These tests prove that no process loses what another recorded:
// in one process with two stores, and with two real `workbook` processes updating at once.

import Foundation
import Testing
import WorkbookSupport

@Suite("the progress file loses nothing")
struct ProgressStoreTests {
    @Test("an update keeps the entries another store wrote after this one last read")
    func updateMerges() throws {
        let scratch = try ScratchFolder("progress-merge")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("progress.json")
        let watch = ProgressStore(url: file), check = ProgressStore(url: file)
        try watch.update("02-data-digest") { $0 = ProgressEntry(fileSHA256: "aa") }
        // What went wrong before: `check` records 01 while `watch` is running …
        try check.update("01-namespace-enum") { $0 = ProgressEntry(passed: true, fileSHA256: "bb", hintsSeen: 2) }
        // … and `watch` then records 02 again: 01 must survive it.
        let written = try watch.update("02-data-digest") { $0?.passed = true }
        #expect(written["01-namespace-enum"] == ProgressEntry(passed: true, fileSHA256: "bb", hintsSeen: 2))
        #expect(written["02-data-digest"] == ProgressEntry(passed: true, fileSHA256: "aa"))
        #expect(try check.entries() == written)
        // Removing one entry (reset) removes that one only.
        let afterReset = try check.update("02-data-digest") { $0 = nil }
        #expect(afterReset.keys.sorted() == ["01-namespace-enum"])
    }

    @Test("a file with fields missing or unknown still reads")
    func tolerantReading() throws {
        let scratch = try ScratchFolder("progress-fields")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("progress.json")
        try Data(#"{"01-cache-key": {"passed": true, "future": 1}, "02-data-digest": {}}"#.utf8).write(to: file)
        let entries = try ProgressStore(url: file).entries()
        #expect(entries["01-cache-key"] == ProgressEntry(passed: true))
        #expect(entries["02-data-digest"] == ProgressEntry())
    }

    @Test("a file that is not progress is left as it is, and updating it says why")
    func unreadableFileIsKept() throws {
        let scratch = try ScratchFolder("progress-unreadable")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("progress.json")
        let garbage = Data("{ not json".utf8)
        try garbage.write(to: file)
        let store = ProgressStore(url: file)
        #expect(throws: ProgressError.self) { try store.update("01-cache-key") { $0 = ProgressEntry() } }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test("two workbook processes updating at once lose no update")
    func twoProcesses() throws {
        let workbook = try builtWorkbook()
        let scratch = try ScratchFolder("progress-processes")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("progress.json")
        let rounds = 300
        // Each child updates its own key and a key both share, `rounds` times; each starts only
        // once the other has started, so that they overlap.
        let plans = [["a", "shared", "--wait-for", "b"], ["b", "shared", "--wait-for", "a"]]
        let results = LockedList<ChildResult>()
        DispatchQueue.concurrentPerform(iterations: plans.count) { index in
            results.append(ChildProcess.run(workbook, arguments: ["_progress-writer", file.path, "\(rounds)"] + plans[index],
                                            timeout: 300))
        }
        for result in results.values {
            #expect(result.succeeded, "a writer ended with \(result.outcome): \(result.stderr)")
        }
        let entries = try ProgressStore(url: file).entries()
        #expect(entries["a"]?.hintsSeen == rounds)
        #expect(entries["b"]?.hintsSeen == rounds)
        #expect(entries["shared"]?.hintsSeen == 2 * rounds, "updates to the shared entry were lost")
    }
}

/// The `workbook` executable `swift test` built with everything else: next to the test runner
/// (Linux), next to the `.xctest` bundle (macOS), or in the package's `.build/debug`.
func builtWorkbook() throws -> URL {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var candidates = [ChildProcess.currentExecutable.deletingLastPathComponent().appendingPathComponent("workbook")]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("workbook"))
    }
    candidates.append(root.appendingPathComponent(".build/debug/workbook"))
    return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                        "workbook is not built: run `swift build` (swift test builds it too)")
}

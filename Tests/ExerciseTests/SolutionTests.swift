// Every reference solution passes its check: the same check `workbook check` runs on a learner's
// file, here in-process under Swift Testing (and under ThreadSanitizer in CI). The learner's stubs
// and the near-misses are not part of `swift test`: `workbook check` and `workbook verify` build
// each of them on its own, so an unfinished stub never breaks this run.

import ExerciseChecks
import ExerciseKit
import ExerciseSolutions
import Foundation
import Testing
import WorkbookSupport

/// Each exercise's check, run on its reference solution. One line per exercise; the manifest test
/// fails if an exercise of workbook.json has none.
let solutionChecks: [String: @Sendable (CheckRun) -> Void] = [
    "01-namespace-enum": { Chapter1Checks.namespaceEnum(NamespaceEnum.self, $0) },
    "01-cache-key": { Chapter1Checks.cacheKey(CacheKey.self, $0) },
    "02-data-digest": { Chapter2Checks.dataDigest(DataDigest.self, $0) },
    "02-class-wrapper": { Chapter2Checks.classWrapper(ClassWrapper.self, $0) },
    "03-atomic-update": { Chapter3Checks.atomicUpdate(AtomicUpdate.self, $0) },
    "03-apply-limits": { Chapter3Checks.applyLimits(ApplyLimits.self, $0) },
    "04-one-critical-section": { Chapter4Checks.oneCriticalSection(OneCriticalSection.self, $0) },
    "04-reconcile-keys": { Chapter4Checks.reconcileKeys(ReconcileKeys.self, $0) },
    "05-file-attribute-date": { Chapter5Checks.fileAttributeDate(FileAttributeDate.self, $0) },
    "05-cache-time": { Chapter5Checks.cacheTime(CacheTime.self, $0) },
    "06-shortcut": { Chapter6Checks.shortcut(Shortcut.self, $0) },
    "06-forget-on-remove": { Chapter6Checks.forgetOnRemove(ForgetOnRemove.self, $0) },
    "07-async-journal": { Chapter7Checks.asyncJournal(AsyncJournal.self, $0) },
    "07-one-queue": { Chapter7Checks.oneQueue(OneQueue.self, $0) },
    "08-warm-memory": { Chapter8Checks.warmMemory(WarmMemory.self, $0) },
    "08-sync-read-anywhere": { Chapter8Checks.syncReadAnywhere(SyncRead.self, $0) },
    "09-cost-in-bytes": { Chapter9Checks.costInBytes(CostInBytes.self, $0) },
    "09-folder-vanished": { Chapter9Checks.folderVanished(FolderVanished.self, $0) },
    "10-clean-timer": { Chapter10Checks.cleanTimer(CleaningStore.self, $0) },
    "10-resume-once": { Chapter10Checks.resumeOnce(LoadBridge.self, $0) },
]

@Suite("Reference solutions pass their checks")
struct SolutionTests {
    @Test("the reference solution passes", arguments: ExerciseCatalog.exercises.map(\.name))
    func solutionPasses(_ exercise: String) {
        guard let check = solutionChecks[exercise] else {
            Issue.record("no solution check for \(exercise): add a line to solutionChecks in Tests/ExerciseTests/SolutionTests.swift")
            return
        }
        // The reference solution's text too, as `workbook check` gives the check program the
        // learner's: some contracts (a namespace declares no init) can only be read from it.
        let file = ExerciseCatalog.exercises.first { $0.name == exercise }.map(\.solution)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = file.flatMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
        #expect(source != nil, "the reference solution of \(exercise) could not be read")
        let run = CheckRun(source: source)
        check(run)
        for message in run.messages { Issue.record(Comment(rawValue: message)) }
    }
}

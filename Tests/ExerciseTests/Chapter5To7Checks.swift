import Exercises
import ExerciseKit
import ExerciseSolutions
import Foundation
import KFDCache
import Synchronization
import Testing
import WorkbookSupport

func checkFileAttributeDate<E: FileAttributeDateExercise>(_: E.Type) throws {
    var generator = SeededGenerator(seed: 5)
    for _ in 0..<1_000 {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(generator.next() % 10_000_000) / 1_000)
        let rounded = E.fileAttributeDate(date)
        #expect(rounded.timeIntervalSince1970 == rounded.timeIntervalSince1970.rounded(),
                "\(date.timeIntervalSince1970) became \(rounded.timeIntervalSince1970): not a whole second")
        #expect(rounded >= date, "\(date.timeIntervalSince1970) was rounded down to \(rounded.timeIntervalSince1970): an entry would expire early")
        #expect(rounded.timeIntervalSince(date) < 1, "rounded by a second or more")
        if rounded < date || rounded.timeIntervalSince1970 != rounded.timeIntervalSince1970.rounded() { return }
    }
    let whole = Date(timeIntervalSince1970: 1_700_000_000)
    #expect(E.fileAttributeDate(whole) == whole, "a whole second must not move")
}

func checkCacheTime<E: CacheTimeExercise>(_: E.Type) {
    var lastAccess = Date(timeIntervalSince1970: 1_700_000_000)
    var expiration = lastAccess.addingTimeInterval(20)
    var now = lastAccess
    for read in 1...30 {
        now = now.addingTimeInterval(1.7)
        guard let next = E.extended(lastAccess: lastAccess, expiration: expiration, now: now, extending: .cacheTime) else {
            Issue.record(".cacheTime must return new dates (got nil at read \(read))")
            return
        }
        lastAccess = next.lastAccess
        expiration = next.expiration
    }
    #expect(expiration.timeIntervalSince(lastAccess) == 20,
            "after 30 reads the lifetime is \(expiration.timeIntervalSince(lastAccess)) s, not the original 20 s")
    #expect(lastAccess == Date(timeIntervalSince1970: ceil(now.timeIntervalSince1970)), "last access is the read time, rounded up")
    let replaced = E.extended(lastAccess: lastAccess, expiration: expiration, now: now, extending: .expirationTime(.seconds(100)))
    #expect(replaced?.expiration == Date(timeIntervalSince1970: ceil(now.timeIntervalSince1970 + 100)),
            ".expirationTime(.seconds(100)) expires 100 s after now, rounded up")
    #expect(E.extended(lastAccess: lastAccess, expiration: expiration, now: now, extending: .none) == nil, ".none changes nothing")
}

func checkShortcut<E: ShortcutExercise>(_: E.Type) {
    let calls = Mutex(0)
    let onDisk: (String) -> Bool = { name in calls.withLock { $0 += 1 }; return name == "a" }
    #expect(!E.isCached(name: "zzz", knownNames: ["a", "b"], fileExists: onDisk))
    #expect(calls.withLock { $0 } == 0, "a name missing from the set must be answered without asking the disk")
    #expect(E.isCached(name: "a", knownNames: ["a", "b"], fileExists: onDisk))
    #expect(!E.isCached(name: "b", knownNames: ["a", "b"], fileExists: onDisk), "\"b\" is in the set but not on disk: a false positive the disk corrects")
    #expect(E.isCached(name: "a", knownNames: nil, fileExists: onDisk), "with no set, ask the disk")
}

func checkForgetOnRemove<E: ForgetOnRemoveExercise>(_: E.Type) {
    let index = E(knownNames: ["old"])
    index.stored("new")
    #expect(index.mightContain("old") && index.mightContain("new"))
    index.removed("new")
    #expect(!index.mightContain("new"), "after removed(\"new\") the index must stop saying maybe")
    index.removedAll()
    #expect(!index.mightContain("old"), "after removedAll() nothing is cached")
    index.stored("again")
    #expect(index.mightContain("again"), "removedAll() leaves an empty set that keeps working, not nil")
    #expect(E(knownNames: nil).mightContain("anything"), "no set: every name is a maybe")
}

func checkAsyncJournal<E: AsyncJournalExercise>(_: E.Type) {
    let written = Mutex<[String]>([])
    let release = DispatchSemaphore(value: 0)
    let journal = E(writer: { line in
        if line == "first" { release.wait() }   // the disk is slow on the first line
        written.withLock { $0.append(line) }
    })
    let returned = DispatchSemaphore(value: 0)
    spawn {
        journal.append("first")
        journal.append("second")
        returned.signal()
    }
    let returnedWhileWriting = waited(returned, seconds: 2)
    #expect(returnedWhileWriting, "append() waited for the writer: the caller is blocked by the disk")
    release.signal()
    if !returnedWhileWriting { returned.wait() }
    journal.append("third")
    journal.flush()
    #expect(written.withLock { $0 } == ["first", "second", "third"], "after flush() every line is written, in order")
}

func checkOneQueue<E: OneQueueExercise>(_: E.Type) {
    let pipeline = E()
    let v2Done = DispatchSemaphore(value: 0), allDone = DispatchGroup()
    allDone.enter(); allDone.enter()
    pipeline.store("v1", serializer: { value in _ = waited(v2Done, seconds: 1); return value }, done: { allDone.leave() })
    pipeline.store("v2", serializer: { $0 }, done: { v2Done.signal(); allDone.leave() })
    allDone.wait()
    let state = pipeline.state
    #expect(state.file == "v2", "the file holds \(state.file), but v2 was stored last")
    #expect(state.callbacks == ["v1", "v2"], "callbacks ran in the order \(state.callbacks), not in the order of the stores")
}

@Suite struct Ex05FileAttributeDate {
    @Test("05-file-attribute-date", .enabled(if: Mode.checksStubs)) func stub() throws { try Mode.stub { try checkFileAttributeDate(Exercises.FileAttributeDate.self) } }
    @Test("05-file-attribute-date (solution)") func solution() throws { try checkFileAttributeDate(ExerciseSolutions.FileAttributeDate.self) }
}

@Suite struct Ex05CacheTime {
    @Test("05-cache-time", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkCacheTime(Exercises.CacheTime.self) } }
    @Test("05-cache-time (solution)") func solution() { checkCacheTime(ExerciseSolutions.CacheTime.self) }
}

@Suite struct Ex06Shortcut {
    @Test("06-shortcut", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkShortcut(Exercises.Shortcut.self) } }
    @Test("06-shortcut (solution)") func solution() { checkShortcut(ExerciseSolutions.Shortcut.self) }
}

@Suite struct Ex06ForgetOnRemove {
    @Test("06-forget-on-remove", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkForgetOnRemove(Exercises.ForgetOnRemove.self) } }
    @Test("06-forget-on-remove (solution)") func solution() { checkForgetOnRemove(ExerciseSolutions.ForgetOnRemove.self) }
}

@Suite struct Ex07AsyncJournal {
    @Test("07-async-journal", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkAsyncJournal(Exercises.AsyncJournal.self) } }
    @Test("07-async-journal (solution)") func solution() { checkAsyncJournal(ExerciseSolutions.AsyncJournal.self) }
}

@Suite struct Ex07OneQueue {
    @Test("07-one-queue", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkOneQueue(Exercises.OneQueue.self) } }
    @Test("07-one-queue (solution)") func solution() { checkOneQueue(ExerciseSolutions.OneQueue.self) }
}

// Happens-before from the controlled operations: each logical thread keeps a vector clock; a
// release (unlock, async, signal, leave, an atomic's store) leaves the thread's clock on the
// object, the matching acquire (the next lock, the block's start, the wait, the load) joins it.
// Two writes of watched state are a data race when the second thread's clock has not seen the first.

/// One counter per logical thread (by id).
struct VectorClock {
    private var entries: [Int] = []

    subscript(thread: Int) -> Int { thread < entries.count ? entries[thread] : 0 }

    mutating func tick(_ thread: Int) {
        if thread >= entries.count { entries += Array(repeating: 0, count: thread + 1 - entries.count) }
        entries[thread] += 1
    }

    mutating func join(_ other: VectorClock) {
        if other.entries.count > entries.count { entries += Array(repeating: 0, count: other.entries.count - entries.count) }
        for index in other.entries.indices where other.entries[index] > entries[index] { entries[index] = other.entries[index] }
    }
}

/// The clock a synchronising object carries from its releases to its acquires.
final class SyncClock {
    var clock = VectorClock()

    /// `thread` releases: what it did so far happens before the next acquire.
    func release(_ thread: ScheduledThread) {
        clock.join(thread.clock)
        thread.clock.tick(thread.id)
    }

    /// `thread` acquires: everything released before is ordered before what it does next.
    func acquire(_ thread: ScheduledThread) { thread.clock.join(clock) }
}

/// The last write of each watched location (FastTrack's epoch: a thread and its own clock entry).
final class RaceDetector {
    /// The learner's own stored properties (SchedulePlainMemory.swift), by location.
    var plainAccesses: [ObjectIdentifier: PlainAccesses] = [:]
    private var lastWrite: [ObjectIdentifier: (thread: Int, name: CheckMessage, time: Int, what: CheckMessage)] = [:]

    /// Records the write of `location` (named by its owner, a probe); returns a message when it
    /// races with the previous write.
    func write(_ location: CheckMessage, of owner: ObjectIdentifier, thread: ScheduledThread, what: CheckMessage) -> CheckMessage? {
        defer { lastWrite[owner] = (thread.id, thread.name, thread.clock[thread.id], what) }
        guard let last = lastWrite[owner], last.thread != thread.id, last.time > thread.clock[last.thread] else { return nil }
        return CheckMessage("data race on \(location.english): \(thread.name.english) wrote it (\(what.english)) with nothing ordering "
                            + "that after \(last.name.english)'s write (\(last.what.english)) — no lock, queue, semaphore or atomic between the two",
                            ko: "데이터 레이스 — \(location.ko): \(thread.name.ko)의 쓰기(\(what.ko))와 그 앞의 \(last.name.ko)의 쓰기"
                                + "(\(last.what.ko)) 사이에 순서를 정해 주는 것이 없습니다. 둘 사이에 lock도, 큐도, 세마포어도, atomic도 없습니다")
    }
}

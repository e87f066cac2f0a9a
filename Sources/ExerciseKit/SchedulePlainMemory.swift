// The learner's own stored properties under an explored schedule. The scheduler runs one thread
// at a time and only controlled operations are scheduling points, so a `var resumed = false`
// read and written with no lock, queue or atomic never interleaves inside the learner's code —
// and the explorer used to pass it. The check package therefore rewrites each plain stored `var`
// of the learner's classes as `@PlainWatched("resumed", line: 4) var resumed = false`
// (PlainMemoryRewrite.swift). Each read and write then goes to the run's race detector with the
// thread's vector clock: an access not ordered after the previous conflicting one is a data race
// in every schedule that contains both, whichever order they ran in (happens-before, not luck).
// Outside an explored run the wrapper is plain storage: the same value, the same semantics.

/// A stored property of the learner's, watched for unordered accesses in explored runs.
@propertyWrapper
public struct PlainWatched<Value> {
    private var value: Value
    private let location: PlainLocation

    public init(wrappedValue: Value, _ name: String, line: Int) {
        value = wrappedValue
        location = PlainLocation(name: name, line: line, local: false)
    }

    /// A local variable (`nonisolated(unsafe) var`) that closures capture: one location per call.
    public init(wrappedValue: Value, _ name: String, localAt line: Int) {
        value = wrappedValue
        location = PlainLocation(name: name, line: line, local: true)
    }

    public var wrappedValue: Value {
        get {
            location.access(write: false)
            return value
        }
        set {
            location.access(write: true)
            value = newValue
        }
    }
}

/// One property of one instance: its identity is the race detector's key.
public final class PlainLocation: Sendable {
    let name: String
    let line: Int
    /// A local variable captured by closures, not a stored property.
    let local: Bool

    init(name: String, line: Int, local: Bool) {
        self.name = name
        self.line = line
        self.local = local
    }

    /// What the messages call it.
    var label: CheckMessage {
        local ? CheckMessage("`\(name)` (the local variable at line \(line), captured by closures)",
                             ko: "`\(name)`(\(line)행의 지역 변수, 클로저가 캡처함)")
              : CheckMessage("`\(name)` (the stored property at line \(line))", ko: "`\(name)`(\(line)행의 저장 프로퍼티)")
    }

    func access(write: Bool) {
        guard let thread = Execution.controlling else { return }
        if let race = thread.execution.races.plain(self, write: write, thread: thread) { thread.execution.fail(race) }
    }
}

extension RaceDetector {
    /// Records a read or write of a plain location; returns a message when it is not ordered
    /// after the previous conflicting access (a write after any access, a read after a write).
    func plain(_ location: PlainLocation, write: Bool, thread: ScheduledThread) -> CheckMessage? {
        let key = ObjectIdentifier(location)
        var state = plainAccesses[key] ?? PlainAccesses(location: location)
        defer { plainAccesses[key] = state }
        let now = Epoch(thread: thread.id, time: thread.clock[thread.id], name: thread.name)
        var conflict: (earlier: Epoch, wasWrite: Bool)?
        if let last = state.lastWrite, !last.isOrdered(before: thread) { conflict = (last, true) }
        if write, conflict == nil, let read = state.reads.values.first(where: { !$0.isOrdered(before: thread) }) {
            conflict = (read, false)
        }
        if write {
            state.lastWrite = now
            state.reads.removeAll()
        } else {
            state.reads[thread.id] = now
        }
        guard let conflict, !state.reported else { return nil }
        state.reported = true
        let done = write ? CheckMessage("wrote", ko: "썼") : CheckMessage("read", ko: "읽었")
        let before = conflict.wasWrite ? CheckMessage("write", ko: "쓰기") : CheckMessage("read", ko: "읽기")
        return CheckMessage("data race on \(location.label.english): \(thread.name.english) \(done.english) it with nothing ordering "
                            + "that after \(conflict.earlier.name.english)'s \(before.english) — no lock, queue, semaphore or atomic "
                            + "between the two",
                            ko: "데이터 레이스 — \(location.label.ko): \(thread.name.ko)이(가) \(done.ko)는데, 그 앞의 "
                                + "\(conflict.earlier.name.ko)의 \(before.ko)와 순서를 정해 주는 것이 없습니다. 둘 사이에 lock도, 큐도, "
                                + "세마포어도, atomic도 없습니다")
    }
}

/// An access: the thread, its own clock entry at the time, its name for messages.
struct Epoch {
    let thread: Int
    let time: Int
    let name: CheckMessage

    /// Whether `other` has seen this access through some release → acquire chain (or is its thread).
    func isOrdered(before other: ScheduledThread) -> Bool {
        thread == other.id || time <= other.clock[thread]
    }
}

/// FastTrack's state for one location: the last write, the reads since it (one per thread).
struct PlainAccesses {
    let location: PlainLocation
    var lastWrite: Epoch?
    var reads: [Int: Epoch] = [:]
    /// One message per location and run: the first race says what the rest would repeat.
    var reported = false
}

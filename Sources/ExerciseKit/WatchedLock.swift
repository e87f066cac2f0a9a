// Probes: the lock, cache and queue an exercise uses, made watchable by its check. Each behaves as
// the Foundation type it stands for (same calls, same meaning); it also records what the check
// needs to see — who holds the lock, on which queue a value was changed — so that a racy answer
// fails every time, not only when the race happens to strike.

import Foundation
import Synchronization

/// An `NSLock` the check can watch. Use it as an NSLock: `lock()`, `unlock()`, `withLock { }`.
/// It also knows which thread holds it and how many times it was taken.
public final class WatchedLock: Sendable {
    private let base = NSLock()
    private let holder = Atomic<UInt>(0)
    private let taken = Atomic<Int>(0)
    /// How many times the holder took it again while holding it (only the holder touches it).
    private let reentries = Atomic<Int>(0)
    private let log = ViolationLog()

    public init() {}

    /// The lock's state in the explored run the caller is part of (nil: outside every run).
    private var model: (ScheduledThread, LockModel)? {
        guard let thread = Execution.controlling else { return nil }
        return (thread, thread.execution.model(for: self) { LockModel(name: CheckMessage("lock", ko: "lock")) })
    }

    public func lock(line: Int = #line) {
        if let (thread, model) = model {
            taken.add(1, ordering: .relaxed)
            return model.lock(thread, site: siteLabel(line))
        }
        // Taken again by the thread that holds it: a real NSLock would wait for itself forever.
        // Said at once, and let through as if recursive (not counted as a taking) so the check can report it
        // instead of hanging until its time limit.
        if holder.load(ordering: .relaxed) == ThreadIdentity.current {
            reentries.add(1, ordering: .relaxed)
            let site = siteLabel(line)
            log.record(CheckMessage("lock was locked again\(site.english) by the thread that already holds it: with NSLock (not "
                                    + "recursive) that thread waits for itself forever, a deadlock — take the lock once, and call "
                                    + "helpers that need it from inside that critical section without locking again",
                                    ko: "이미 lock을 잡고 있는 스레드가 다시 잠갔습니다\(site.ko): NSLock은 재귀 lock이 아니라서 그 스레드는 "
                                        + "자기 자신을 영원히 기다립니다. 데드락입니다 — lock은 한 번만 잡고, lock이 필요한 helper는 "
                                        + "그 critical section 안에서 다시 잠그지 않고 부르세요"))
            return
        }
        base.lock()
        holder.store(ThreadIdentity.current, ordering: .relaxed)
        taken.add(1, ordering: .relaxed)
    }

    public func unlock(line: Int = #line) {
        if let (thread, model) = model { return model.unlock(thread, site: siteLabel(line)) }
        if reentries.load(ordering: .relaxed) > 0, holder.load(ordering: .relaxed) == ThreadIdentity.current {
            reentries.subtract(1, ordering: .relaxed)
            return
        }
        holder.store(0, ordering: .relaxed)
        base.unlock()
    }

    public func withLock<Result>(_ body: () throws -> Result, line: Int = #line) rethrows -> Result {
        lock(line: line)
        defer { unlock(line: line) }
        return try body()
    }

    // MARK: What the check reads

    /// Whether the calling thread holds this lock right now.
    public var isHeldByCurrentThread: Bool {
        if let (thread, model) = model { return model.owner === thread }
        return holder.load(ordering: .relaxed) == ThreadIdentity.current
    }

    /// How many times the lock has been taken so far.
    public var acquisitions: Int { taken.load(ordering: .relaxed) }

    /// Records `what` as a violation unless the calling thread holds the lock.
    /// In an explored run, also a scheduling point and a write of the state the lock guards (a
    /// data race when unordered with the previous write).
    public func requireHeld(_ what: @autoclosure () -> String) {
        let held = isHeldByCurrentThread
        if !held { log.record(what()) }
        guard let (thread, _) = model else { return }
        let execution = thread.execution
        let site = thread.lastSite
        execution.write(CheckMessage("the state lock guards", ko: "lock이 지키는 상태"), of: self, by: thread,
                        what: held ? CheckMessage("holding lock", ko: "lock을 잡고")
                            : CheckMessage("without lock\(site.english)", ko: "lock 없이\(site.ko)"))
        execution.point(thread, Pending(label: held ? CheckMessage("writes the state lock guards", ko: "lock이 지키는 상태에 씀")
                                            : CheckMessage("writes the state lock guards without holding lock", ko: "lock을 잡지 않고 lock이 지키는 상태에 씀"),
                                        enabled: { true }))
    }

    /// What was done without holding the lock, in order (each message once).
    public var violations: [CheckMessage] { log.messages }
}

/// A thread-safe list of distinct messages. A message comes from the protected lines of a
/// learner's file (`lock.requireHeld("…")`), which are English: its Korean is looked up.
final class ViolationLog: Sendable {
    private let state = Guarded<[CheckMessage]>([])
    func record(_ message: String) { record(CheckMessage(message)) }
    /// A message the workbook itself words, in both languages.
    func record(_ message: CheckMessage) {
        state.withLock { if !$0.contains(where: { $0.english == message.english }) { $0.append(message) } }
    }
    var messages: [CheckMessage] { state.withLock { $0 } }
}

/// A number that identifies the calling thread: a serial number handed out once per thread for the
/// life of the process. Not `pthread_self()`, whose values are reused once a thread has exited (a
/// queue's worker could then carry the identity of a caller that has finished), and not
/// `Thread.current`, which on Linux makes a Foundation object for every Dispatch worker thread.
public enum ThreadIdentity {
    /// The calling thread, as a number to compare (never 0).
    public static var current: UInt { ThreadSlot.serial }
}

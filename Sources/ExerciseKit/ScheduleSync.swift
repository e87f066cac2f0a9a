// Locks, semaphores and groups under an explored schedule: each operation is a scheduling point,
// a wait is an operation that can go only when its condition holds, and each release carries the
// releasing thread's clock to the next acquire.

/// A lock's state within one run. A non-recursive lock taken again by its holder is a deadlock; a
/// recursive one counts the depth and is free when its holder has unlocked as often as it locked.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class LockModel: @unchecked Sendable {
    let name: CheckMessage
    private let recursive: Bool
    private(set) var owner: ScheduledThread?
    private var depth = 0
    private let clock = SyncClock()
    /// Where its holder took it (", line 28"), for the message when the holder takes it again.
    private var takenAt: CheckMessage?

    init(name: CheckMessage, recursive: Bool = false) {
        self.name = name
        self.recursive = recursive
    }

    func lock(_ thread: ScheduledThread, site: CheckMessage) {
        thread.lastSite = site
        if owner === thread, !recursive {
            // Where it was taken, and a question rather than a cause: an early `return` or a
            // `throw` between lock and unlock leaves it held, and so does a nested lock.
            let since = takenAt.map {
                CheckMessage(". It took it\($0.english) and has not unlocked it since — does a path return or throw between that "
                             + "lock() and its unlock()?",
                             ko: " 그 스레드는 lock을 잡은 뒤\($0.ko) 아직 풀지 않았습니다 — 그 lock()과 unlock() 사이에 return하거나 "
                                 + "throw하는 경로가 있나요?")
            } ?? CheckMessage("", ko: "")
            thread.execution.fail(CheckMessage("\(name.english) was locked again\(site.english) by the thread that already holds it: "
                                               + "a deadlock (an NSLock is not recursive)",
                                               ko: "\(name.ko): 이미 잡고 있는 스레드가 다시 잠갔습니다\(site.ko). 데드락입니다 "
                                                   + "(NSLock은 재귀 lock이 아닙니다).")
                                  + since)
        }
        let recursive = self.recursive
        thread.execution.point(thread, Pending(label: CheckMessage("locks \(name.english)\(site.english)", ko: "\(name.ko) 잠금\(site.ko)"),
                                               enabled: { [unowned self] in self.owner == nil || (recursive && self.owner === thread) }))
        take(thread, site: site)
    }

    /// Takes the lock if it is free (or, recursive, already this thread's); never waits.
    func tryLock(_ thread: ScheduledThread, site: CheckMessage) -> Bool {
        thread.execution.point(thread, Pending(label: CheckMessage("tries \(name.english)\(site.english)", ko: "\(name.ko) 잠금 시도\(site.ko)"), enabled: { true }))
        guard owner == nil || (recursive && owner === thread) else { return false }
        take(thread, site: site)
        return true
    }

    private func take(_ thread: ScheduledThread, site: CheckMessage) {
        if owner !== thread { clock.acquire(thread); takenAt = site }
        owner = thread
        depth += 1
    }

    func unlock(_ thread: ScheduledThread, site: CheckMessage) {
        if owner !== thread {
            thread.execution.fail(CheckMessage("\(name.english) was unlocked\(site.english) by a thread that does not hold it",
                                               ko: "\(name.ko): 잡고 있지 않은 스레드가 풀었습니다\(site.ko)"))
        }
        depth = max(0, depth - 1)
        if depth == 0 || owner !== thread {
            clock.release(thread)
            owner = nil
            depth = 0
        }
        thread.execution.point(thread, Pending(label: CheckMessage("unlocks \(name.english)\(site.english)", ko: "\(name.ko) 해제\(site.ko)"), enabled: { true }))
    }
}

/// A counting semaphore's state within one run.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class SemaphoreModel: @unchecked Sendable {
    private var value: Int
    private let clock = SyncClock()

    init(value: Int) { self.value = value }

    func signal(_ thread: ScheduledThread, site: CheckMessage) {
        thread.execution.point(thread, Pending(label: CheckMessage("signals the semaphore\(site.english)", ko: "세마포어 signal\(site.ko)"), enabled: { true }))
        clock.release(thread)
        value += 1
    }

    /// Waits until the value is above zero; with `timed`, gives up when nobody else can go.
    /// Returns false when it gave up.
    func wait(_ thread: ScheduledThread, site: CheckMessage, timed: Bool, deadline: Int64? = nil) -> Bool {
        thread.execution.point(thread, Pending(label: CheckMessage("gets past the semaphore's wait\(site.english)", ko: "세마포어의 wait 통과\(site.ko)"), enabled: { [unowned self] in self.value > 0 },
                                               timed: timed, deadline: deadline))
        guard value > 0 else { return false }
        value -= 1
        clock.acquire(thread)
        return true
    }
}

/// A dispatch group's state within one run.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class GroupModel: @unchecked Sendable {
    private var count = 0
    private let clock = SyncClock()
    private var waiting: [(QueueModel, @Sendable () -> Void)] = []

    func enter(_ thread: ScheduledThread, site: CheckMessage) {
        thread.execution.point(thread, Pending(label: CheckMessage("enters the group\(site.english)", ko: "group enter\(site.ko)"), enabled: { true }))
        count += 1
    }

    func leave(_ thread: ScheduledThread, site: CheckMessage) {
        thread.execution.point(thread, Pending(label: CheckMessage("leaves the group\(site.english)", ko: "group leave\(site.ko)"), enabled: { true }))
        clock.release(thread)
        count -= 1
        if count < 0 {
            thread.execution.fail(CheckMessage("group.leave()\(site.english) without a matching enter(): Dispatch stops the program there",
                                               ko: "짝이 맞는 enter() 없이 group.leave()를 불렀습니다\(site.ko): Dispatch는 여기서 프로그램을 멈춥니다"))
            count = 0
        }
        if count == 0 { fireNotifications(from: thread) }
    }

    func wait(_ thread: ScheduledThread, site: CheckMessage, timed: Bool, deadline: Int64? = nil) -> Bool {
        thread.execution.point(thread, Pending(label: CheckMessage("gets past the group's wait\(site.english)", ko: "group의 wait 통과\(site.ko)"), enabled: { [unowned self] in self.count == 0 },
                                               timed: timed, deadline: deadline))
        guard count == 0 else { return false }
        clock.acquire(thread)
        return true
    }

    func notify(_ thread: ScheduledThread, queue: QueueModel, site: CheckMessage, _ work: @escaping @Sendable () -> Void) {
        thread.execution.point(thread, Pending(label: CheckMessage("asks the group to notify \(queue.name.english)\(site.english)",
                                                                ko: "group에 \(queue.name.ko)로 notify를 요청\(site.ko)"), enabled: { true }))
        waiting.append((queue, work))
        if count == 0 { fireNotifications(from: thread) }
    }

    private func fireNotifications(from thread: ScheduledThread) {
        let due = waiting
        waiting.removeAll()
        for (queue, work) in due {
            clock.acquire(thread)
            queue.enqueue(work, from: thread, label: CheckMessage("runs the group's notify block", ko: "group의 notify 블록 실행"))
        }
    }
}


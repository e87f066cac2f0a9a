// Locks, semaphores and groups under an explored schedule: each operation is a scheduling point,
// a wait is an operation that can go only when its condition holds, and each release carries the
// releasing thread's clock to the next acquire.

/// A non-recursive lock's state within one run.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class LockModel: @unchecked Sendable {
    let name: String
    private(set) var owner: ScheduledThread?
    private let clock = SyncClock()

    init(name: String) { self.name = name }

    func lock(_ thread: ScheduledThread, site: String) {
        thread.lastSite = site
        if owner === thread {
            thread.execution.fail("\(name) was locked again\(site) by the thread that already holds it: a deadlock (an NSLock is not recursive)")
        }
        thread.execution.point(thread, Pending(label: "locks \(name)\(site)", enabled: { [unowned self] in self.owner == nil }))
        owner = thread
        clock.acquire(thread)
    }

    /// Takes the lock if it is free; never waits.
    func tryLock(_ thread: ScheduledThread, site: String) -> Bool {
        thread.execution.point(thread, Pending(label: "tries \(name)\(site)", enabled: { true }))
        guard owner == nil else { return false }
        owner = thread
        clock.acquire(thread)
        return true
    }

    func unlock(_ thread: ScheduledThread, site: String) {
        if owner !== thread {
            thread.execution.fail("\(name) was unlocked\(site) by a thread that does not hold it")
        }
        clock.release(thread)
        owner = nil
        thread.execution.point(thread, Pending(label: "unlocks \(name)\(site)", enabled: { true }))
    }
}

/// A counting semaphore's state within one run.
// @unchecked Sendable: touched only by the thread holding the execution's baton.
final class SemaphoreModel: @unchecked Sendable {
    private var value: Int
    private let clock = SyncClock()

    init(value: Int) { self.value = value }

    func signal(_ thread: ScheduledThread, site: String) {
        thread.execution.point(thread, Pending(label: "signals the semaphore\(site)", enabled: { true }))
        clock.release(thread)
        value += 1
    }

    /// Waits until the value is above zero; with `timed`, gives up when nobody else can go.
    /// Returns false when it gave up.
    func wait(_ thread: ScheduledThread, site: String, timed: Bool, deadline: Int64? = nil) -> Bool {
        thread.execution.point(thread, Pending(label: "gets past the semaphore's wait\(site)", enabled: { [unowned self] in self.value > 0 },
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

    func enter(_ thread: ScheduledThread, site: String) {
        thread.execution.point(thread, Pending(label: "enters the group\(site)", enabled: { true }))
        count += 1
    }

    func leave(_ thread: ScheduledThread, site: String) {
        thread.execution.point(thread, Pending(label: "leaves the group\(site)", enabled: { true }))
        clock.release(thread)
        count -= 1
        if count < 0 {
            thread.execution.fail("group.leave()\(site) without a matching enter(): Dispatch stops the program there")
            count = 0
        }
        if count == 0 { fireNotifications(from: thread) }
    }

    func wait(_ thread: ScheduledThread, site: String, timed: Bool, deadline: Int64? = nil) -> Bool {
        thread.execution.point(thread, Pending(label: "gets past the group's wait\(site)", enabled: { [unowned self] in self.count == 0 },
                                               timed: timed, deadline: deadline))
        guard count == 0 else { return false }
        clock.acquire(thread)
        return true
    }

    func notify(_ thread: ScheduledThread, queue: QueueModel, site: String, _ work: @escaping @Sendable () -> Void) {
        thread.execution.point(thread, Pending(label: "asks the group to notify \(queue.name)\(site)", enabled: { true }))
        waiting.append((queue, work))
        if count == 0 { fireNotifications(from: thread) }
    }

    private func fireNotifications(from thread: ScheduledThread) {
        let due = waiting
        waiting.removeAll()
        for (queue, work) in due {
            clock.acquire(thread)
            queue.enqueue(work, from: thread, label: "runs the group's notify block")
        }
    }
}

import Dispatch
import Foundation
import Synchronization

/// A serial `DispatchQueue` the check can watch. Use it as the queue it wraps: `sync { }`,
/// `async { }`. The check can ask whether code runs on it (`isCurrent`), and values confined to it
/// report changes made elsewhere (`requireCurrent`).
///
/// `isCurrent` is kept by the wrapper itself — every block records the thread running it — not by
/// `DispatchQueue.getSpecific`: with thousands of calls from several threads, a getSpecific-based
/// probe corrupted the heap here about once in 50 runs (corelibs, Linux; "tcache_thread_shutdown").
public final class WatchedQueue: Sendable {
    private let queue: DispatchQueue
    /// The thread running a block on the queue now (0: none). Serial queue: one at a time.
    private let runner = Atomic<UInt>(0)
    private let log = ViolationLog()
    /// How many times a value confined to the queue was written (each `requireCurrent`).
    private let writes = Atomic<Int>(0)
    /// The thread that enqueued the block running now (see `enqueuerOfCurrentBlock`).
    private let enqueuer = Atomic<UInt>(0)

    /// What the story of an explored schedule calls it ("propertyQueue").
    private let name: String

    public init(label: String) {
        queue = DispatchQueue(label: label)
        name = label.split(separator: ".").last.map(String.init) ?? label
    }

    /// The queue's state in the explored run the caller is part of (nil: outside every run).
    private var model: (ScheduledThread, QueueModel)? {
        guard let thread = Execution.controlling else { return nil }
        return (thread, thread.execution.model(for: self) { QueueModel(name: CheckMessage(name, ko: name), serial: true, execution: thread.execution) })
    }

    /// Runs `work` on the queue and waits for it. Called from the queue itself, plain Dispatch
    /// would trap (a deadlock); this records the mistake and runs `work` in place, so the check
    /// can say what happened instead of crashing.
    public func sync<Result>(execute work: () throws -> Result, line: Int = #line) rethrows -> Result {
        if let (thread, model) = model { return try model.sync(thread, site: siteLabel(line), work) }
        if isCurrent {
            log.record("sync was called on the queue from a block already running on it (a deadlock with plain Dispatch)")
            return try work()
        }
        let caller = ThreadIdentity.current
        return try queue.sync {
            runner.store(ThreadIdentity.current, ordering: .releasing)
            enqueuer.store(caller, ordering: .releasing)
            defer { runner.store(0, ordering: .releasing) }
            return try work()
        }
    }

    /// Runs `work` on the queue later; returns at once.
    public func async(execute work: @escaping @Sendable () -> Void, line: Int = #line) {
        if let (thread, model) = model { return model.async(thread, site: siteLabel(line), work) }
        let caller = ThreadIdentity.current
        queue.async {
            self.runner.store(ThreadIdentity.current, ordering: .releasing)
            self.enqueuer.store(caller, ordering: .releasing)
            work()
            self.runner.store(0, ordering: .releasing)
        }
    }

    /// The thread that handed the running block to the queue (`ThreadIdentity.current` there).
    /// A block reached through another queue first (`DispatchQueue.global().async { q.async … }`)
    /// was handed over by that queue's thread, not by the caller: the caller's order is lost.
    public var enqueuerOfCurrentBlock: UInt {
        if let (thread, model) = model {
            return model.isCurrent(thread) ? thread.enqueuerIdentity ?? ThreadIdentity.current : 0
        }
        return enqueuer.load(ordering: .acquiring)
    }

    // MARK: For the check

    /// Whether the calling code runs on this queue.
    public var isCurrent: Bool {
        if let (thread, model) = model { return model.isCurrent(thread) }
        return runner.load(ordering: .acquiring) == ThreadIdentity.current
    }

    /// Records `what` as a violation unless called on this queue. In an explored run, also a
    /// scheduling point and a write of the queue's confined state (a data race when unordered).
    public func requireCurrent(_ what: @autoclosure () -> String) {
        writes.add(1, ordering: .relaxed)
        if let (thread, model) = model {
            let current = model.isCurrent(thread)
            if !current { log.record(what()) }
            let execution = thread.execution
            let site = thread.lastSite
            execution.write(CheckMessage("the state confined to \(name)", ko: "\(name)에 묶인 상태"), of: self, by: thread,
                            what: current ? CheckMessage("on \(name)", ko: "\(name) 위에서")
                                : CheckMessage("off \(name)\(site.english)", ko: "\(name) 밖에서\(site.ko)"))
            execution.point(thread, Pending(label: current ? CheckMessage("writes the state confined to \(name)", ko: "\(name)에 묶인 상태에 씀")
                                                : CheckMessage("writes the state confined to \(name) off the queue",
                                                               ko: "\(name) 밖에서 \(name)에 묶인 상태에 씀"),
                                            enabled: { true }))
            return
        }
        if !isCurrent { log.record(what()) }
    }

    /// How many writes of values confined to this queue have happened so far: a callback can ask
    /// whether the write it reports has already been made.
    public var confinedWrites: Int { writes.load(ordering: .relaxed) }

    /// What was done off the queue (or as a sync on itself), in order (each message once).
    public var violations: [CheckMessage] { log.messages }
}

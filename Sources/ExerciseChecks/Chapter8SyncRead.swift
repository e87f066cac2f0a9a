// 08-sync-read-anywhere's check: every schedule of the callers and ioQueue (ExerciseKit's
// ScheduleExplorer). ioQueue is a WatchedQueue, so each `sync`/`async` on it is a scheduling point,
// and so is each disk read and write (the check watches the disk). "Returns at once" and "waits
// for no queue" are gates only a returned caller opens, never time limits: a call that waits
// where it must not is a deadlock in some schedule, reported with that schedule.

import ExerciseKit
import WorkbookSupport

extension Chapter8Checks {
    /// 08-sync-read-anywhere: the asynchronous read runs on ioQueue, in order with the writes, and
    /// calls back once; the synchronous one calls back once, on the caller's thread, before it
    /// returns, waiting for no queue — so it also works from a block already running on ioQueue.
    public static func syncReadAnywhere<E: SyncReadExercise>(_: E.Type, _ run: CheckRun) {
        // 1. One caller: store, an asynchronous read, store, then synchronous reads while ioQueue
        //    is busy (its queued read is held until the synchronous ones have returned).
        run.explore("stores and reads from one caller, ioQueue busy") { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            let watch = DiskWatch(ioQueue, disk, world)
            let gate = ControlledSemaphore(value: 0)
            watch.holdFirstQueuedRead(until: gate)
            let asyncRead = Retrieval("K", synchronously: false)
            let busyRead = Retrieval("K", synchronously: true), missRead = Retrieval("Missing", synchronously: true)
            let lastRead = Retrieval("K", synchronously: true)
            let caller = world.spawn("the caller") {
                world.ifStuck("store(\"V1\", forKey: \"K\") did not return: a store hands its write to ioQueue and returns at once")
                world.tell("calls store(\"V1\", forKey: \"K\")")
                cache.store("V1", forKey: "K")
                world.ifStuck("retrieve(forKey: \"K\", synchronously: false) did not return until its read had run (in this run the "
                              + "read waits until the caller has gone on): hand the read to ioQueue and return at once")
                asyncRead.run(cache, ioQueue, watch, world)
                world.ifStuck("store(\"V2\", forKey: \"K\") did not return while ioQueue was busy with the queued read: a store hands "
                              + "its write to ioQueue and returns at once")
                world.tell("calls store(\"V2\", forKey: \"K\")")
                cache.store("V2", forKey: "K")
                world.ifStuck("retrieve(forKey: \"K\", synchronously: true) did not return while ioQueue was busy with the earlier "
                              + "asynchronous read (in this run that read waits until the synchronous one has returned): a "
                              + "synchronous read runs on the caller's thread and waits for no queue")
                busyRead.run(cache, ioQueue, watch, world)
                busyRead.expectSync(world, [nil, "V1", "V2"], "only those were ever stored under \"K\"")
                world.ifStuck("retrieve(forKey: \"Missing\", synchronously: true) did not return while ioQueue was busy with the earlier "
                              + "asynchronous read: a synchronous read runs on the caller's thread and waits for no queue")
                missRead.run(cache, ioQueue, watch, world)
                missRead.expectSync(world, [nil], "\"Missing\" was never stored")
                world.tell("lets the queued read go on")
                gate.signal()
                world.ifStuck("the check's waitForWrites() (an empty ioQueue.sync) never returned: a block on ioQueue never ended")
                world.tell("calls waitForWrites()")
                cache.waitForWrites()
                lastRead.run(cache, ioQueue, watch, world)
                lastRead.expectSync(world, ["V2"], "store(\"V2\") was the last store and waitForWrites() had returned")
            }
            world.join(caller)
            world.ifStuck("a block on ioQueue never ended")
            world.settle()
            for read in [busyRead, missRead, lastRead] { read.expectNoLateCalls(world) }
            asyncRead.expectAsync(world, "V1", "it was queued on ioQueue after store(\"V1\") and before store(\"V2\"), and ioQueue runs "
                                  + "its blocks in order")
            watch.expectWrites(["K": "V2"], stores: 2, after: "store(\"V1\"), store(\"V2\")")
        }
        guard run.passed else { return }

        // 2. A synchronous read from a block already running on ioQueue (as a store's completion
        //    handler runs there with Kingfisher's default callback queue).
        run.explore("a synchronous read from a block on ioQueue") { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            let watch = DiskWatch(ioQueue, disk, world)
            world.tell("calls store(\"V1\", forKey: \"K\")")
            cache.store("V1", forKey: "K")
            world.ifStuck("retrieve(forKey: \"K\", synchronously: true), called from a block running on ioQueue, never returned: it "
                          + "waited for ioQueue, which was busy running that very block — a synchronous read runs on the caller's "
                          + "thread and waits for no queue")
            let nested = Retrieval("K", synchronously: true, from: " from a block on ioQueue")
            world.tell("queues a block on ioQueue that calls retrieve(forKey: \"K\", synchronously: true)")
            ioQueue.async {
                nested.run(cache, ioQueue, watch, world)
                nested.expectSync(world, ["V1"], "the block was queued after store(\"V1\"), whose write ioQueue had done by then")
            }
            world.settle()
            nested.expectCalled(world)
            nested.expectNoLateCalls(world)
            watch.expectWrites(["K": "V1"], stores: 1, after: "store(\"V1\")")
        }
        guard run.passed else { return }

        // 3. Lifetimes: the caller lets go of the cache right after queuing a store and two reads;
        //    the write is still made and each completion still called, once.
        run.explore("reads queued, then the cache is let go") { world in
            let kept = Guarded<(disk: CountingDisk, queue: WatchedQueue)?>(nil)
            let letGo = " (the caller let go of the cache right after the call: a queued read must still call back, for example "
                + "not from a [weak self] block that finds the cache gone)"
            let found = Retrieval("K", synchronously: false, context: letGo)
            let missing = Retrieval("Missing", synchronously: false, context: letGo)
            let caller = world.spawn("the caller") {
                let cache = E()
                let (ioQueue, disk) = cache.probes
                kept.withLock { $0 = (disk, ioQueue) }
                let watch = DiskWatch(ioQueue, disk, world)
                world.tell("calls store(\"V1\", forKey: \"K\")")
                cache.store("V1", forKey: "K")
                found.run(cache, ioQueue, watch, world)
                missing.run(cache, ioQueue, watch, world)
                world.tell("lets go of the cache")
            }
            world.join(caller)
            world.settle()
            found.expectAsync(world, "V1", "it was queued after store(\"V1\")")
            missing.expectAsync(world, nil, "\"Missing\" was never stored: a miss calls the completion too, with nil")
            if let (disk, queue) = kept.withLock({ $0 }) {
                world.expect(disk.contents(of: "K") == "V1", "the cache was let go right after store(\"V1\", forKey: \"K\"); the disk "
                             + "holds \(disk.contents(of: "K").map { "\"\($0)\"" } ?? "nothing") under \"K\": a queued write must still be made")
                world.expect(queue.violations.isEmpty, CheckMessage.joined(queue.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 4. Two caches used in turn by one caller must not see each other (no `static` or
        //    global state): each stores its own value under the same key, then each is read.
        run.explore("two caches in turn") { world in
            let one = E(), two = E()
            let caches = [(1, one, "A1"), (2, two, "B1")]
            var watches: [DiskWatch] = []
            for (_, cache, _) in caches { watches.append(DiskWatch(cache.probes.ioQueue, cache.probes.disk, world)) }
            let why = " (each cache reads its own disk: no `static` or global state)"
            for (index, cache, value) in caches {
                world.tell("calls store(\"\(value)\", forKey: \"K\") on cache \(index)")
                cache.store(value, forKey: "K")
            }
            world.settle()   // both writes made: then each cache is read
            var later: [(Retrieval, String)] = []
            for (index, cache, value) in caches {
                let now = Retrieval("K", synchronously: true, from: " on cache \(index)")
                now.run(cache, cache.probes.ioQueue, watches[index - 1], world)
                now.expectSync(world, [value], "cache \(index) stored \"\(value)\" under \"K\", and its write is done" + why)
                let queued = Retrieval("K", synchronously: false, from: " on cache \(index)")
                queued.run(cache, cache.probes.ioQueue, watches[index - 1], world)
                later.append((queued, value))
            }
            world.settle()
            for (read, value) in later { read.expectAsync(world, value, "its cache stored \"\(value)\" under \"K\" before" + why) }
            for (index, _, value) in caches {
                watches[index - 1].expectWrites(["K": value], stores: 1, after: "store(\"\(value)\", forKey: \"K\") on cache \(index)")
            }
        }
    }
}

/// One `retrieve` call of the check and what its completion saw: each call's value, whether it ran
/// on ioQueue, on the thread that called retrieve, and whether retrieve had returned by then.
// @unchecked Sendable: touched only by the thread holding the explored run's baton.
private final class Retrieval: @unchecked Sendable {
    struct Call { var value: String?, onQueue: Bool, onCaller: Bool, afterReturn: Bool }

    let key: String
    let synchronously: Bool
    /// Where it was called from (" from a block on ioQueue"); what a missing call means here.
    let from: String, context: String
    private(set) var calls: [Call] = []
    private var returned = false
    private var callsAtReturn = 0
    /// Whether the disk held nothing under `key` when retrieve returned (a miss, as far as it could tell).
    private var missAtReturn = false

    init(_ key: String, synchronously: Bool, from: String = "", context: String = "") {
        self.key = key
        self.synchronously = synchronously
        self.from = from
        self.context = context
    }

    var name: String { "retrieve(forKey: \"\(key)\", synchronously: \(synchronously))\(from)" }

    func run<E: SyncReadExercise>(_ cache: E, _ ioQueue: WatchedQueue, _ watch: DiskWatch, _ world: ScheduleWorld) {
        world.tell("calls \(name)")
        let caller = ThreadIdentity.current
        watch.entering(self, caller: caller)
        cache.retrieve(forKey: key, synchronously: synchronously) { [self] value in
            world.tell("\(name)'s completion gets \(value.map { "\"\($0)\"" } ?? "nil")")
            calls.append(Call(value: value, onQueue: ioQueue.isCurrent, onCaller: ThreadIdentity.current == caller, afterReturn: returned))
        }
        returned = true
        callsAtReturn = calls.count
        missAtReturn = cache.probes.disk.contents(of: key) == nil
        watch.left(self)
    }

    private func shown(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }

    /// At return: called once, on the caller's thread, with one of `allowed`.
    func expectSync(_ world: ScheduleWorld, _ allowed: [String?], _ why: String) {
        if callsAtReturn == 0 {
            world.fail(calls.isEmpty ? "\(name) returned without calling its completion: with synchronously the completion runs, once, "
                                       + "before retrieve returns\(missAtReturn ? " — a miss too, with nil (the disk held nothing under \"\(key)\")" : "")"
                                     : "\(name) returned before calling its completion (it ran later\(calls[0].onQueue ? ", on ioQueue" : "")): "
                                       + "with synchronously the completion runs before retrieve returns")
        } else if callsAtReturn > 1 {
            world.fail("\(name) called its completion \(callsAtReturn) times before returning: once")
        } else if !calls[0].onCaller {
            world.fail("\(name) ran its completion on another thread than its caller's\(calls[0].onQueue ? " (on ioQueue)" : ""): with "
                       + "synchronously the completion runs on the calling thread, whichever thread or queue that is")
        } else if !allowed.contains(calls[0].value) {
            world.fail("\(name) gave \(shown(calls[0].value)) to its completion, not \(allowed.map(shown).joined(separator: " or ")): \(why)")
        }
    }

    /// After the run settled: no second call came later.
    func expectNoLateCalls(_ world: ScheduleWorld) {
        if callsAtReturn == 1, calls.count > 1 {
            world.fail("\(name) called its completion before returning, and \(calls.count == 2 ? "once more" : "\(calls.count - 1) more times") "
                       + "later\(calls[1].onQueue ? " on ioQueue" : ""): once, only")
        }
    }

    /// After the run settled: called at all.
    func expectCalled(_ world: ScheduleWorld) {
        if calls.isEmpty { world.fail("\(name) never called its completion\(context)") }
    }

    /// After the run settled: called once, on ioQueue, with `value`.
    func expectAsync(_ world: ScheduleWorld, _ value: String?, _ why: String) {
        if calls.isEmpty {
            world.fail("\(name) never called its completion\(context)\(value == nil ? ": a miss calls the completion too, with nil" : "")")
        } else if calls.count > 1 {
            world.fail("\(name) called its completion \(calls.count) times: once")
        } else if !calls[0].onQueue {
            world.fail("\(name) ran its completion off ioQueue\(calls[0].afterReturn ? "" : ", before retrieve returned"): the "
                       + "asynchronous read calls back from ioQueue")
        } else if calls[0].value != value {
            world.fail("\(name) gave \(shown(calls[0].value)) to its completion, not \(shown(value)): \(why)")
        }
    }
}

/// The disk as the check watches it: each read and write is a scheduling point told in the story;
/// a read is checked for where it runs (the asynchronous one on ioQueue, the synchronous one on
/// its caller's thread); one queued read can be held until the check lets it go.
// @unchecked Sendable: touched only by the thread holding the explored run's baton.
private final class DiskWatch: @unchecked Sendable {
    private let ioQueue: WatchedQueue
    private let disk: CountingDisk
    private let world: ScheduleWorld
    /// The retrieve call running now on some thread, with its caller's identity.
    private var current: (read: Retrieval, caller: UInt)?
    private var hold: ControlledSemaphore?
    /// Disk writes so far (a store writes once).
    private var writes = 0

    init(_ ioQueue: WatchedQueue, _ disk: CountingDisk, _ world: ScheduleWorld) {
        self.ioQueue = ioQueue
        self.disk = disk
        self.world = world
        disk.watchWrites { [self] name in
            writes += 1
            if !ioQueue.isCurrent { world.fail("a store's write to \"\(name)\" ran off ioQueue: writes belong on ioQueue") }
            world.step("writes \"\(name)\"")
        }
        disk.watchReads { [self] name in read(name) }
    }

    /// The first read made on ioQueue waits until `gate` is signalled.
    func holdFirstQueuedRead(until gate: ControlledSemaphore) { hold = gate }

    func entering(_ read: Retrieval, caller: UInt) { current = (read, caller) }
    func left(_ read: Retrieval) { if current?.read === read { current = nil } }

    private func read(_ name: String) {
        let onQueue = ioQueue.isCurrent
        if !onQueue {
            if let (read, caller) = current, read.synchronously {
                if ThreadIdentity.current != caller {
                    world.fail("\(read.name) read the disk on another thread than its caller's: a synchronous read runs on the calling "
                               + "thread and waits for no queue")
                }
            } else if let (read, caller) = current, ThreadIdentity.current == caller {
                world.fail("\(read.name) read the disk on the caller's thread before returning: the asynchronous read runs on ioQueue, "
                           + "so the caller never waits for the disk")
            } else {
                world.fail("a read of \"\(name)\" ran off ioQueue, and not on the thread of a retrieve(synchronously: true) in "
                           + "progress: the asynchronous read runs on ioQueue; the synchronous one on its caller's thread, before it returns")
            }
        }
        world.step("reads \"\(name)\"")
        if onQueue, let gate = hold {
            hold = nil
            world.tell("(the check holds this read until its caller has gone on)")
            gate.wait()
        }
    }

    /// After the run: what the disk holds, and nothing done off ioQueue that the queue saw.
    func expectWrites(_ contents: [String: String], stores: Int, after what: String) {
        if writes != stores {
            world.fail("\(what) made \(writes) disk write\(writes == 1 ? "" : "s"): each store writes once")
        }
        for (name, value) in contents where disk.contents(of: name) != value {
            world.fail("after \(what), the disk holds \(disk.contents(of: name).map { "\"\($0)\"" } ?? "nothing") under \"\(name)\", "
                       + "not \"\(value)\": each store writes once, on ioQueue, in the order of the stores")
        }
        world.expect(ioQueue.violations.isEmpty, CheckMessage.joined(ioQueue.violations, separator: "; "))
    }
}

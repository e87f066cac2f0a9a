// Chapter 8's checks: ImageCache's lookup order, and a synchronous read that is safe from anywhere.

import Dispatch
import ExerciseKit
import WorkbookSupport
import Foundation

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

/// Where a lookup found its value (Kingfisher's `CacheType`).
public enum LookupSource: String, Sendable, Equatable {
    case memory, disk, none
}

public protocol WarmMemoryExercise: AnyObject, Sendable {
    init()
    /// Stores under the computed key, in memory and on disk.
    func store(_ value: String, forKey key: String, processorIdentifier: String)
    func retrieve(forKey key: String, processorIdentifier: String, fromMemoryCacheOrRefresh: Bool) -> (value: String?, source: LookupSource)
    var probes: (memory: WatchedCache<NSString>, disk: CountingDisk) { get }
}

public protocol SyncReadExercise: AnyObject, Sendable {
    init()
    /// Writes on `ioQueue`, later.
    func store(_ value: String, forKey key: String)
    /// Reads from disk and calls `completion` with the value: on `ioQueue` by default; with
    /// `synchronously`, on the calling thread before returning, whichever thread (or queue) calls.
    func retrieve(forKey key: String, synchronously: Bool, completion: @escaping @Sendable (String?) -> Void)
    /// Returns when every write queued so far is done.
    func waitForWrites()
    var probes: (ioQueue: WatchedQueue, disk: CountingDisk) { get }
}

// MARK: The checks

public enum Chapter8Checks {
    /// 08-warm-memory: memory first; then disk, unless `fromMemoryCacheOrRefresh`; a disk hit is
    /// put in memory under the computed key.
    public static func warmMemory<E: WarmMemoryExercise>(_: E.Type, _ run: CheckRun) {
        let cache = E()
        let (memory, disk) = cache.probes
        cache.store("pixels", forKey: "a.png", processorIdentifier: "round(8)")
        let sets = Tally()
        memory.watch { event in if case .set = event { sets.add() } }

        let first = cache.retrieve(forKey: "a.png", processorIdentifier: "round(8)", fromMemoryCacheOrRefresh: false)
        run.expect(first.value == "pixels" && first.source == .memory, "right after a store the value is in memory (got \(first))")
        run.expect(sets.value == 0, "a memory hit stored the value in memory again: a hit needs no write")

        memory.evict(forKey: "a.png@round(8)")   // memory forgot it (a memory warning)
        let reads = disk.reads
        let refresh = cache.retrieve(forKey: "a.png", processorIdentifier: "round(8)", fromMemoryCacheOrRefresh: true)
        run.expect(refresh.value == nil && refresh.source == .none,
                   "with fromMemoryCacheOrRefresh a memory miss is a miss (got \(refresh)): the caller will download afresh")
        run.expect(disk.reads == reads, "with fromMemoryCacheOrRefresh the disk must not be read")

        let fromDisk = cache.retrieve(forKey: "a.png", processorIdentifier: "round(8)", fromMemoryCacheOrRefresh: false)
        run.expect(fromDisk.value == "pixels" && fromDisk.source == .disk, "after memory forgot it, the value comes from disk (got \(fromDisk))")
        run.expect(memory.contains("a.png@round(8)"), "a disk hit must warm memory under the computed key \"a.png@round(8)\"")
        let again = cache.retrieve(forKey: "a.png", processorIdentifier: "round(8)", fromMemoryCacheOrRefresh: false)
        run.expect(again.source == .memory, "the lookup after a disk hit must be a memory hit (got \(again.source))")
        run.expect(!memory.contains("a.png"), "memory was warmed under the plain key: processed images are stored under key@processor")

        let miss = cache.retrieve(forKey: "never", processorIdentifier: "", fromMemoryCacheOrRefresh: false)
        run.expect(miss.value == nil && miss.source == .none, "a key never stored is a miss (got \(miss))")
        memory.watch(nil)
    }

    /// 08-sync-read-anywhere: the asynchronous read runs on ioQueue; the synchronous one on the
    /// caller's thread, so that it works even when called from ioQueue (a store's completion).
    public static func syncReadAnywhere<E: SyncReadExercise>(_: E.Type, _ run: CheckRun) {
        let cache = E()
        let (ioQueue, disk) = cache.probes
        cache.store("v", forKey: "k")
        cache.waitForWrites()
        let readOffQueue = Flag(), readOnQueue = Flag()
        disk.watchReads { _ in if ioQueue.isCurrent { readOnQueue.set() } else { readOffQueue.set() } }

        // 1. Asynchronous: the read happens on ioQueue, the caller does not wait for it.
        let delivered: String?? = waitForCallback(timeout: 2) { done in
            cache.retrieve(forKey: "k", synchronously: false) { value in done(value) }
        }
        guard let asyncValue = delivered else { run.fail("retrieve(synchronously: false) never called its completion"); return }
        run.expect(asyncValue == "v", "the asynchronous read gave \(String(describing: asyncValue)), not \"v\"")
        run.expect(readOnQueue.isSet && !readOffQueue.isSet, "the asynchronous read ran off ioQueue: reads that do not block the caller belong on ioQueue")
        guard run.passed else { return }

        // 2. Synchronous, from a plain thread: the completion runs on this thread, with the
        //    value, before retrieve returns (checked by thread, not by timing: deterministic).
        let onCaller = Flag(), afterReturn = Flag(), gotValue = Flag()
        let plain = spawn {
            let caller = ObjectIdentifier(Thread.current)
            let returned = Flag()
            cache.retrieve(forKey: "k", synchronously: true) { value in
                if ObjectIdentifier(Thread.current) == caller { onCaller.set() }
                if returned.isSet { afterReturn.set() }
                if value == "v" { gotValue.set() }
            }
            returned.set()
        }
        guard run.wait(plain, seconds: 2, orFail: "retrieve(synchronously: true) never returned") else { return }
        run.expect(onCaller.isSet && !afterReturn.isSet,
                   "with synchronously: true the completion must run on the calling thread, before retrieve returns")
        run.expect(gotValue.isSet, "with synchronously: true the completion did not get the value \"v\"")

        // 3. Synchronous, from ioQueue itself (as from a store's completion): no deadlock, no trap.
        let nested = DispatchSemaphore(value: 0)
        let nestedValue = LockedValue<String?>(nil)
        ioQueue.async {
            cache.retrieve(forKey: "k", synchronously: true) { value in nestedValue.set(value) }
            nested.signal()
        }
        run.wait(nested, seconds: 2, orFail: "retrieve(synchronously: true) called on ioQueue never returned: "
                 + "it waits for ioQueue, which is busy running its own caller (a deadlock)")
        run.expect(nestedValue.get() == "v", "retrieve(synchronously: true) called on ioQueue did not deliver the value")
        run.expectNone(ioQueue.violations, "")
        disk.watchReads(nil)
    }
}

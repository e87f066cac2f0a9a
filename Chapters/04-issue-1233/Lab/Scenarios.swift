// The runs chapter 4 makes: a stress that crashes the 5.7.0 design, a forced interleaving that
// makes its ghost entry every time, and the delegate-takes-the-lock alternative.

import Dispatch
import Foundation
import WorkbookSupport

public enum Scenarios {
    /// Stores from two threads, NSCache-style purges from a third, `removeExpired` from a fourth,
    /// `operations` times each. Returns normally only if nothing crashed.
    ///
    /// 64 keys and no count limit: every purge then finds its value and reaches the callback, and
    /// `keys` stays small enough to be rewritten often. Measured here (debug, 2-core Linux, shared
    /// with other builds): 1 to 23 of 40 child runs crashed, in ten runs of the chapter; 256
    /// keys with a count limit of 32 crashed ~1 run in 8, since most purges found nothing to evict.
    static let stressKeyCount = 64

    static func stress(_ cache: some KeyIndexedCache, operations: Int, seed: UInt64) {
        let keys = (0..<stressKeyCount).map { "key-\($0)" }
        let far = Date.distantFuture
        DispatchQueue.concurrentPerform(iterations: 4) { role in
            var generator = SeededGenerator(seed: seed &+ UInt64(role))
            for step in 0..<operations {
                let key = keys[Int(generator.next() % UInt64(keys.count))]
                switch role {
                case 0, 1: cache.store(step, forKey: key, expiresAt: far)
                case 2: cache.purge(key: key, between: {})
                default: if step % 16 == 0 { cache.removeExpired(at: Date()) }
                }
            }
        }
    }

    /// The ghost: in the cache, not in `keys`. Forced, not hoped for:
    ///   purger: removes v1 (NSCache's internal eviction) → waits →
    ///   main:   stores v2 under the same key, inserts the key → lets the purger go →
    ///   purger: eviction callback removes the key — the key of v2, now live.
    /// Returns (ghost made, ghost survives removeExpired after it expired).
    public static func forcedGhost(design1255: Bool) -> (ghost: Bool, survivesClean: Bool) {
        let cache: any KeyIndexedCache = design1255 ? Design1255(countLimit: 0) : Design570(countLimit: 0)
        let soon = Date(timeIntervalSinceNow: 60)
        cache.store(1, forKey: "a", expiresAt: soon)
        let evicted = DispatchSemaphore(value: 0), resume = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            cache.purge(key: "a", between: { evicted.signal(); resume.wait() })
            done.signal()
        }
        evicted.wait()
        cache.store(2, forKey: "a", expiresAt: soon)
        resume.signal()
        done.wait()
        let ghost = cache.isInStorage("a") && !cache.keysSnapshot.contains("a")
        cache.removeExpired(at: soon.addingTimeInterval(1))
        return (ghost, cache.isInStorage("a"))
    }

    /// The delegate takes the lock, and NSCache calls it while the lock is held. Where that
    /// happens differs, so both are driven:
    ///   • corelibs (Linux): eviction happens inside `setObject`, inside `store` — the stores hang;
    ///   • Apple: `setObject` may not evict at once (limits are advisory), but `removeObject` calls
    ///     the delegate, inside `removeExpired` — which holds the lock too. It hangs there.
    static func lockedDelegate(recursive: Bool, operations: Int) {
        let lock: any BackendLock = recursive ? NSRecursiveLock() : NSLock()
        let cache = Design570(countLimit: 8, lock: lock, delegateTakesLock: true)
        for step in 0..<operations { cache.store(step, forKey: "key-\(step % 64)", expiresAt: .distantFuture) }
        cache.removeExpired(at: .distantFuture)
    }

    /// Nanoseconds per store for: NSLock with no delegate work, NSRecursiveLock + locking delegate.
    static func storeCost(operations: Int) -> (plain: Double, recursive: Double) {
        let plain = Design1255(countLimit: 8)
        let recursive = Design570(countLimit: 8, lock: NSRecursiveLock(), delegateTakesLock: true)
        func run(_ cache: some KeyIndexedCache) -> Double {
            Stats.time { for step in 0..<operations { cache.store(step, forKey: "key-\(step % 64)", expiresAt: .distantFuture) } }
                / Double(operations)
        }
        _ = run(plain); _ = run(recursive)   // warm-up
        var plainRuns: [Double] = [], recursiveRuns: [Double] = []
        for _ in 0..<5 { plainRuns.append(run(plain)); recursiveRuns.append(run(recursive)) }
        return (Stats.median(plainRuns), Stats.median(recursiveRuns))
    }
}

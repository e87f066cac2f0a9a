// Memory storage: Kingfisher 8's `Sources/Cache/MemoryStorage.swift`, rebuilt.
//
// `MemoryStorage` is a caseless enum: it can never be instantiated, it only gives `Backend` and
// `Config` one name to live under (chapter 1). The backend wraps `NSCache` and adds what
// `NSCache` lacks: per-value expiration, and a way to find the expired values (`NSCache` cannot
// be enumerated), which is the `keys` index.

import Dispatch
import Foundation
import Synchronization

public enum MemoryStorage {

    /// A thread-safe in-memory store of values with costs and expirations.
    ///
    /// The design after Kingfisher PR #1255 (chapter 4): `NSCache` evicts on its own, and nobody
    /// is told. `keys` may therefore name values `NSCache` has already dropped; `removeExpired()`
    /// reconciles the two. That reconciling loop was already in 5.7.0's `removeExpired`
    /// (`Sources/Cache/MemoryStorage.swift` at tag 5.7.0); 5.7.0 *also* removed keys from an
    /// eviction delegate, which mutated `keys` without the lock and crashed (issue #1233). PR #1255
    /// (commit a95db417) removed the delegate, leaving the loop as the only place keys catch up.
    // @unchecked Sendable: every mutable stored property (`storage`'s contents, `keys`, `_config`,
    // the clean timer and its schedule, each object's expiration) is read and written only while holding `lock`.
    public final class Backend<T: CacheCostCalculable & Sendable>: @unchecked Sendable {
        /// The values. `NSCache` is thread-safe by itself; `lock` is here for `keys`, and to make
        /// "change the cache and the index" one step.
        let storage = NSCache<NSString, StorageObject<T>>()

        /// Every key stored and not yet known to be gone. A superset of what `storage` holds:
        /// `NSCache` evictions do not remove keys here until the next `removeExpired()`.
        /// Read under `lock`: the clean timer changes it from another thread (Kingfisher's tests
        /// read `keys` on the main thread, where its `Timer` runs too).
        var keys: Set<String> { lock.withLock { _keys } }
        /// `keys` itself. Only under `lock`.
        private var _keys = Set<String>()

        // A plain `NSLock`, not a serial queue: every critical section here is a few hash-table
        // operations, where a lock costs tens of nanoseconds and a queue hop costs more (chapter 7).
        private let lock = NSLock()
        private var _config: Config
        private var cleanTimer: (any DispatchSourceTimer)?
        /// The clean timer's schedule, by the backend's clock: ticks at `cleanEpoch + k × cleanInterval`
        /// (k ≥ 1), `cleanEpoch` being init or the last change of interval. `nextClean` is the first
        /// tick not yet run (`distantFuture`: no timer). Both written under `lock` only.
        private var cleanEpoch = Date.distantPast
        /// `nextClean`'s seconds since the reference date, read on every hit: an `Atomic` (accessed
        /// relaxed, and only under `lock` anyway) so that the read is a plain load, with no run-time
        /// exclusivity check. Measured: a hit costs 3 instructions more than without the schedule.
        private let nextCleanSeconds = Atomic<Double>(Date.distantFuture.timeIntervalSinceReferenceDate)
        private var nextClean: Date {
            get { Date(timeIntervalSinceReferenceDate: nextCleanSeconds.load(ordering: .relaxed)) }
            set { nextCleanSeconds.store(newValue.timeIntervalSinceReferenceDate, ordering: .relaxed) }
        }

        /// The storage's limits. Setting it applies the new limits to `NSCache` at once.
        public var config: Config {
            get { lock.withLock { _config } }
            set {
                lock.withLock {
                    let rearm = newValue.cleanInterval != _config.cleanInterval
                    _config = newValue
                    storage.totalCostLimit = newValue.totalCostLimit
                    storage.countLimit = newValue.countLimit
                    if rearm { startCleanTimer(interval: newValue.cleanInterval) }
                }
            }
        }

        /// The clock. Tests replace it to move through lifetimes without sleeping.
        let now: @Sendable () -> Date

        public convenience init(config: Config) {
            self.init(config: config, now: { Date() })
        }

        init(config: Config, now: @escaping @Sendable () -> Date) {
            _config = config
            self.now = now
            storage.totalCostLimit = config.totalCostLimit
            storage.countLimit = config.countLimit
            startCleanTimer(interval: config.cleanInterval)
        }

        deinit {
            cleanTimer?.cancel()
        }

        /// Why a `DispatchSourceTimer` and not Kingfisher's `Timer.scheduledTimer`: a `Timer` fires
        /// only on a thread whose run loop runs; command-line tools and test runners on Linux have
        /// none, so the clean would silently never happen. The timer's handler holds `self` weakly:
        /// a timer must not keep its backend alive (`MemoryStorageTests` checks it), and `deinit` cancels it.
        /// Called from `init` and, holding `lock`, from the `config` setter; cancels any timer first.
        ///
        /// Kingfisher's schedule: a tick every `interval` from init. Its `Timer` and its callers
        /// share the main thread, so a tick that is due runs before a caller's later read. A
        /// dispatch timer's handler runs on another thread, and late (issue 29 measured a median of
        /// 134 µs after its deadline, up to 3.6 ms): a read just after a tick's time could see the
        /// cache as it was before the tick. So a read that finds a value and sees a tick due that
        /// has not run runs it first (`runDueClean`): each tick's clean happens by its time, or
        /// before the first read after it. (The timer's own late run then cleans again; it costs
        /// one pass over `keys`, and usually finds nothing.)
        private func startCleanTimer(interval: TimeInterval) {
            cleanTimer?.cancel()
            cleanTimer = nil
            nextClean = .distantFuture
            guard interval > 0, interval.isFinite else { return }
            cleanEpoch = now()
            nextClean = cleanEpoch.addingTimeInterval(interval)
            let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [weak self] in self?.timerTick() }
            timer.resume()
            cleanTimer = timer
        }

        /// The timer's tick: the clean, and the schedule moved past now.
        private func timerTick() {
            lock.withLock {
                let now = self.now()
                removeExpired(at: now)
                scheduleNextClean(after: now)
            }
        }

        /// Runs the tick that is due at `now`, if it has not run. Call holding `lock`.
        @inline(__always)
        private func runDueClean(_ now: Date) {
            guard now >= nextClean else { return }
            removeExpired(at: now)
            scheduleNextClean(after: now)
        }

        /// Sets `nextClean` to the first tick of the schedule after `now`. Call holding `lock`.
        private func scheduleNextClean(after now: Date) {
            let interval = _config.cleanInterval
            guard interval > 0, interval.isFinite, nextClean != .distantFuture else { return }
            let ticksSoFar = (now.timeIntervalSince(cleanEpoch) / interval).rounded(.down)
            nextClean = max(nextClean, cleanEpoch.addingTimeInterval((ticksSoFar + 1) * interval))
        }

        /// Removes the expired values, and forgets keys whose values `NSCache` evicted.
        ///
        /// Complexity: O(k) in the number of keys, under the lock.
        public func removeExpired() {
            lock.withLock { removeExpired(at: now()) }
        }

        /// `removeExpired()`'s work. Call holding `lock`.
        private func removeExpired(at now: Date) {
            for key in _keys {
                let nsKey = key as NSString
                guard let object = storage.object(forKey: nsKey) else {
                    // Evicted by NSCache behind our back: this is where `keys` catches up.
                    _keys.remove(key)
                    continue
                }
                if object.isExpired(at: now) {
                    storage.removeObject(forKey: nsKey)
                    _keys.remove(key)
                }
            }
        }

        /// Stores `value` under `key`, expiring after `expiration` (or `config.expiration`).
        /// A value stored with an already expired expiration is not stored at all.
        public func store(value: T, forKey key: String, expiration: StorageExpiration? = nil) {
            storeNoThrow(value: value, forKey: key, expiration: expiration)
        }

        /// `store`, by the name Kingfisher's own code and tests call it (its store never throws).
        func storeNoThrow(value: T, forKey key: String, expiration: StorageExpiration? = nil) {
            // The clock, the cost and the key's NSString are taken before the lock: the critical
            // section is the NSCache write and the index insert (Experiments/memory-overhead
            // measures each part of a store).
            let now = self.now(), cost = value.cacheCost, nsKey = key as NSString
            lock.withLock {
                let expiration = expiration ?? _config.expiration
                guard !expiration.isExpired else { return }
                let object = StorageObject(value, expiration: expiration, now: now, cost: cost,
                                           keepInBackground: _config.keepWhenEnteringBackground)
                storage.setObject(object, forKey: nsKey, cost: cost)
                _keys.insert(key)
            }
        }

        /// The total cost of the values NSCache holds now (expired ones included until they are
        /// cleaned): what counts against `totalCostLimit`. O(k) in the number of keys.
        public func totalCacheCost() -> Int {
            lock.withLock {
                _keys.reduce(0) { total, key in total + (storage.object(forKey: key as NSString)?.cost ?? 0) }
            }
        }

        /// Drops the values stored while `keepWhenEnteringBackground` was false: what the system
        /// does to a backgrounded app's cache. `HybridCache.handleEnteringBackground()` calls it.
        public func removeValuesNotKeptInBackground() {
            lock.withLock {
                for key in _keys {
                    let nsKey = key as NSString
                    guard let object = storage.object(forKey: nsKey) else { _keys.remove(key); continue }
                    if !object.keepInBackground {
                        storage.removeObject(forKey: nsKey)
                        _keys.remove(key)
                    }
                }
            }
        }

        /// The value for `key`, or `nil` when it is missing or expired. A hit extends the
        /// expiration as `extendingExpiration` says (default: restart its original lifetime).
        public func value(forKey key: String, extendingExpiration: ExpirationExtending = .cacheTime) -> T? {
            // Kingfisher reads without its lock here, and then mutates the object's expiration
            // unguarded (a benign-looking data race). We take the lock: the read path stays O(1)
            // and ThreadSanitizer stays quiet.
            lock.withLock {
                guard let object = storage.object(forKey: key as NSString) else { return nil }
                let now = self.now()
                runDueClean(now)
                if object.isExpired(at: now) { return nil }
                object.extendExpiration(extendingExpiration, from: now)
                return object.value
            }
        }

        /// Whether a value that has not expired is stored for `key`. Does not extend anything.
        public func isCached(forKey key: String) -> Bool {
            lock.withLock {
                guard let object = storage.object(forKey: key as NSString) else { return false }
                let now = self.now()
                runDueClean(now)
                return !object.isExpired(at: now)
            }
        }

        /// Removes the value for `key`, if any.
        public func remove(forKey key: String) {
            lock.withLock {
                storage.removeObject(forKey: key as NSString)
                _keys.remove(key)
            }
        }

        /// Removes every value.
        public func removeAll() {
            lock.withLock {
                storage.removeAllObjects()
                _keys.removeAll()
            }
        }
    }
}

extension MemoryStorage {
    /// The limits of a memory storage.
    public struct Config: Sendable {
        /// The most total cost `NSCache` keeps (0: no limit). Same unit as `cacheCost`.
        public var totalCostLimit: Int
        /// The most values `NSCache` keeps (`Int.max` here means no limit; 0 does too, for `NSCache`).
        public var countLimit: Int = .max
        /// The expiration a value gets when `store` is called without one. Default: 300 seconds.
        public var expiration: StorageExpiration = .seconds(300)
        /// How often the clean timer removes expired values. Setting a backend's `config` with a
        /// different interval re-arms its timer (0 or less: no timer).
        public var cleanInterval: TimeInterval
        /// Whether values stored from now on survive the app entering the background. By default
        /// (false) they are dropped then, to keep a backgrounded app small; values stored while
        /// this was false are dropped even after it is set (Kingfisher's rule). On Linux nothing
        /// enters the background: `HybridCache.handleEnteringBackground()` is the hook to call.
        public var keepWhenEnteringBackground = false

        public init(totalCostLimit: Int, cleanInterval: TimeInterval = 120) {
            self.totalCostLimit = totalCostLimit
            self.cleanInterval = cleanInterval
        }
    }
}

extension MemoryStorage {
    /// A value in memory with its expiration. A class, because `NSCache` holds objects.
    // @unchecked Sendable: `value` is immutable; `expiration` and `estimatedExpiration` are
    // changed only by `Backend` while it holds its lock.
    final class StorageObject<T: Sendable>: @unchecked Sendable {
        let value: T
        let cost: Int
        let keepInBackground: Bool
        /// The lifetime it was stored with: a `let`, as in Kingfisher 8.11.0 (`.expirationTime`
        /// moves only `estimatedExpiration`).
        let expiration: StorageExpiration
        private(set) var estimatedExpiration: Date

        /// `StorageObject(value, expiration:)` is Kingfisher's initializer (its tests make one
        /// alone); the backend passes its own clock, the cost and the background rule.
        init(_ value: T, expiration: StorageExpiration, now: Date = Date(), cost: Int = 0, keepInBackground: Bool = false) {
            self.value = value
            self.cost = cost
            self.keepInBackground = keepInBackground
            self.expiration = expiration
            self.estimatedExpiration = expiration.estimatedExpirationSince(now)
        }

        func isExpired(at date: Date) -> Bool { estimatedExpiration <= date }

        /// Kingfisher's `extendExpiration(_:)`, from the wall clock (default: restart the lifetime).
        /// Like every change to the object, call it under the owning backend's lock.
        /// `.expirationTime(e)` sets the expiration date to `e` from now and leaves the stored
        /// lifetime alone: a later `.cacheTime` hit restarts the lifetime the value was stored with
        /// (Kingfisher 8.11.0, `Sources/Cache/MemoryStorage.swift` lines 319–327). On disk the same
        /// option replaces the lifetime (`FileDates.extend`).
        func extendExpiration(_ extending: ExpirationExtending = .cacheTime) {
            extendExpiration(extending, from: Date())
        }

        func extendExpiration(_ extending: ExpirationExtending, from now: Date) {
            switch extending {
            case .none:
                return
            case .cacheTime:
                estimatedExpiration = expiration.estimatedExpirationSince(now)
            case .expirationTime(let newExpiration):
                estimatedExpiration = newExpiration.estimatedExpirationSince(now)
            }
        }
    }
}

import Foundation
import Synchronization
import Testing
@testable import KFDCache
import WorkbookSupport

@Suite("MemoryStorage.Backend")
struct MemoryStorageTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 2_000_000))

    func makeBackend(costLimit: Int = 0, countLimit: Int? = nil, cleanInterval: TimeInterval = 0)
        -> MemoryStorage.Backend<Payload> {
        var config = MemoryStorage.Config(totalCostLimit: costLimit, cleanInterval: cleanInterval)
        if let countLimit { config.countLimit = countLimit }
        return MemoryStorage.Backend(config: config, now: clock.closure)
    }

    @Test func configDefaults() {
        let config = MemoryStorage.Config(totalCostLimit: 10)
        #expect(config.cleanInterval == 120)
        #expect(config.expiration == .seconds(300))
        #expect(config.countLimit == .max)
    }

    @Test func storeValueRemove() {
        let backend = makeBackend()
        backend.store(value: Payload(1), forKey: "a")
        #expect(backend.value(forKey: "a") == Payload(1))
        #expect(backend.isCached(forKey: "a"))
        #expect(!backend.isCached(forKey: "b"))
        backend.remove(forKey: "a")
        #expect(backend.value(forKey: "a") == nil)
        #expect(backend.keys.isEmpty)
    }

    @Test func removeAll() {
        let backend = makeBackend()
        for i in 0..<10 { backend.store(value: Payload(i), forKey: "\(i)") }
        backend.removeAll()
        #expect((0..<10).allSatisfy { !backend.isCached(forKey: "\($0)") })
        #expect(backend.keys.isEmpty)
    }

    @Test("a value expires at its expiration, not before")
    func expiration() {
        let backend = makeBackend()
        backend.store(value: Payload(1), forKey: "a", expiration: .seconds(10))
        clock.advance(9.9)
        #expect(backend.isCached(forKey: "a"))
        clock.advance(0.2)
        #expect(!backend.isCached(forKey: "a"))
        #expect(backend.value(forKey: "a") == nil)
    }

    @Test("storing with .expired keeps nothing")
    func storeExpired() {
        let backend = makeBackend()
        backend.store(value: Payload(1), forKey: "a", expiration: .expired)
        #expect(!backend.isCached(forKey: "a"))
        #expect(backend.keys.isEmpty)
    }

    @Test("the config's expiration applies when store is given none")
    func defaultExpirationFromConfig() {
        let backend = makeBackend()
        var config = backend.config
        config.expiration = .seconds(3)
        backend.config = config
        backend.store(value: Payload(1), forKey: "a")
        clock.advance(3.5)
        #expect(!backend.isCached(forKey: "a"))
    }

    @Test(".cacheTime restarts the lifetime on each read; .none does not")
    func extendingExpiration() {
        let backend = makeBackend()
        backend.store(value: Payload(1), forKey: "slides", expiration: .seconds(10))
        backend.store(value: Payload(2), forKey: "fixed", expiration: .seconds(10))
        for _ in 0..<5 {
            clock.advance(8)
            #expect(backend.value(forKey: "slides") != nil)
            _ = backend.value(forKey: "fixed", extendingExpiration: .none)
        }
        #expect(backend.isCached(forKey: "slides"))
        #expect(!backend.isCached(forKey: "fixed"))
    }

    @Test(".expirationTime moves the expiration date; a later .cacheTime hit goes back to the stored lifetime (8.11)")
    func expirationTime() {
        let backend = makeBackend()
        backend.store(value: Payload(1), forKey: "a", expiration: .seconds(10))
        _ = backend.value(forKey: "a", extendingExpiration: .expirationTime(.seconds(100)))
        clock.advance(50)
        #expect(backend.isCached(forKey: "a"))
        // A .cacheTime hit restarts the 10 s the value was stored with, not the 100 s.
        _ = backend.value(forKey: "a", extendingExpiration: .cacheTime)
        clock.advance(11)
        #expect(!backend.isCached(forKey: "a"))
    }

    @Test("removeExpired removes expired values and forgets keys NSCache evicted")
    func removeExpiredReconcilesKeys() {
        let backend = makeBackend(countLimit: 3)
        #expect(backend.storage.countLimit == 3)
        for i in 0..<10 { backend.store(value: Payload(i), forKey: "\(i)") }
        // NSCache's own eviction, simulated as Kingfisher's tests do: removing the objects behind
        // the backend's back. Waiting for NSCache to evict would test the platform, not us: Apple's
        // limits are advisory (it may evict later, or never); corelibs evicts inside setObject.
        for i in 0..<10 where i % 3 != 0 { backend.storage.removeObject(forKey: "\(i)" as NSString) }
        let live = Set((0..<10).filter { backend.storage.object(forKey: "\($0)" as NSString) != nil }.map(String.init))
        #expect(backend.keys.isSuperset(of: live), "keys must name every live value")
        backend.removeExpired()
        #expect(backend.keys == live)
        #expect(live.isSubset(of: ["0", "3", "6", "9"]))

        clock.advance(301)
        backend.removeExpired()
        #expect(backend.keys.isEmpty)
    }

    @Test("setting config applies the new limits to NSCache")
    func configUpdatesLimits() {
        let backend = makeBackend(costLimit: 100)
        var config = backend.config
        config.totalCostLimit = 7
        config.countLimit = 3
        backend.config = config
        #expect(backend.storage.totalCostLimit == 7)
        #expect(backend.storage.countLimit == 3)
    }

    @Test("the clean timer runs removeExpired")
    func cleanTimerFires() async throws {
        let backend = makeBackend(cleanInterval: 0.02)
        backend.store(value: Payload(1), forKey: "a", expiration: .seconds(1))
        clock.advance(2)
        // Wait for the timer, bounded; the assertion is on the effect, not on the time taken.
        for _ in 0..<250 where !backend.keys.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(backend.keys.isEmpty)
    }

    @Test("the clean timer does not keep its backend alive")
    func timerDoesNotRetainBackend() {
        weak var weakBackend: MemoryStorage.Backend<Payload>?
        do {
            let backend = makeBackend(cleanInterval: 0.01)
            weakBackend = backend
            backend.store(value: Payload(1), forKey: "a")
        }
        #expect(weakBackend == nil)
    }

    @Test("many threads, overlapping keys, tiny limits: no crash, no torn value")
    func concurrentStress() {
        let backend = makeBackend(costLimit: 8, countLimit: 5)
        let torn = Tally()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var generator = SeededGenerator(seed: UInt64(worker + 1))
            for step in 0..<3_000 {
                let key = "k\(generator.next() % 16)"
                switch generator.next() % 10 {
                case 0..<5:
                    if let value = backend.value(forKey: key), !value.isIntact { torn.add(1) }
                case 5..<8: backend.store(value: Payload(step, cost: 1 + step % 3), forKey: key)
                case 8: backend.remove(forKey: key)
                default: backend.removeExpired()
                }
            }
        }
        #expect(torn.value == 0)
        backend.removeExpired()
        let live = backend.keys.filter { backend.storage.object(forKey: $0 as NSString) != nil }
        #expect(live == backend.keys)
    }
}

// The three designs behind one small interface, so the same workload and faults run against each.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

enum Outcome: Equatable, Sendable {
    case value(Bitmap)
    case miss
    case error(String)
}

protocol Contender {
    var name: String { get }
    var folder: URL { get }
    /// Stores; returns the error the design *reported*, if any.
    func store(_ bitmap: Bitmap, forKey key: String) -> String?
    func load(_ key: String) -> Outcome
    func clearMemory()
    func isInMemory(_ key: String) -> Bool
    func fileURL(_ key: String) -> URL
    /// What the design asks of NSCache: the limit it sets, in which unit, and the cost it gives
    /// one bitmap. Deterministic on every platform, unlike *when* NSCache evicts (on Apple
    /// platforms its limits are advisory).
    func memoryBudget(for bitmap: Bitmap) -> MemoryBudget
}

/// A design's memory limit and what one stored value counts against it.
struct MemoryBudget {
    enum Unit: String { case cost = "cost", count = "count" }
    let limit: Int
    let unit: Unit
    /// What one value adds: its cost for `.cost`, 1 for `.count`.
    let perValue: Int
    /// The store after which the total first exceeds the limit (NSCache may evict from then on);
    /// nil when it never does: with zero-cost values, or no limit (0).
    func overLimitAfter(stores: Int) -> Int? {
        guard limit > 0, perValue > 0 else { return nil }
        let first = limit / perValue + 1
        return first <= stores ? first : nil
    }
}

/// Kingfisher's design: `HybridCache`, with this library's serializer, which *throws* on bytes
/// it cannot decode. (Kingfisher 8.11's `CacheSerializer.image(with:options:)` returns an optional
/// instead, and `ImageCache` turns nil into a miss: `Sources/Cache/CacheSerializer.swift`,
/// `Sources/Cache/ImageCache.swift`, `retrieveImageInDiskCache`.)
struct KingfisherContender: Contender {
    let name = "HybridCache (Kingfisher's design)"
    let cache: HybridCache<Bitmap>
    var folder: URL { cache.diskStorage.directoryURL }

    init(directory: URL, memoryCostLimit: Int = HybridCache<Bitmap>.defaultMemoryCostLimit) throws {
        cache = try HybridCache(name: "kingfisher", serializer: PPMSerializer(), directory: directory, memoryCostLimit: memoryCostLimit)
    }

    func store(_ bitmap: Bitmap, forKey key: String) -> String? {
        let result: CacheStoreResult? = waitForCallback { done in cache.store(bitmap, forKey: key, completionHandler: done) }
        guard let result else { return "the store never called back" }
        if case .failure(let error) = result.diskCacheResult { return "\(error)" }
        return nil
    }

    func load(_ key: String) -> Outcome {
        var options = CacheOptions()
        options.loadDiskFileSynchronously = true
        let outcome: Outcome? = waitForCallback { done in
            cache.retrieveImage(forKey: key, options: options) { result in
                switch result {
                case .success(let found): done(found.image.map(Outcome.value) ?? .miss)
                case .failure(let error): done(.error("\(error)"))
                }
            }
        }
        return outcome ?? .error("the lookup never called back")
    }

    func clearMemory() { cache.clearMemoryCache() }
    func isInMemory(_ key: String) -> Bool { cache.memoryStorage.isCached(forKey: key) }
    func fileURL(_ key: String) -> URL { URL(fileURLWithPath: cache.cachePath(forKey: key)) }
    func memoryBudget(for bitmap: Bitmap) -> MemoryBudget {
        MemoryBudget(limit: cache.memoryStorage.config.totalCostLimit, unit: .cost, perValue: bitmap.cacheCost)
    }
}

/// Source 002's design.
struct Learner002Contender: Contender {
    let name = "002 (mtime TTL, folder scan)"
    let cache: Learner002Cache
    var folder: URL { cache.folder }
    init(directory: URL) { cache = Learner002Cache(folder: directory.appendingPathComponent("learner002")) }
    func store(_ bitmap: Bitmap, forKey key: String) -> String? { cache.save(bitmap, forKey: key); return nil }
    func load(_ key: String) -> Outcome { cache.load(key).map(Outcome.value) ?? .miss }
    func clearMemory() { cache.memory.removeAllObjects() }
    func isInMemory(_ key: String) -> Bool { cache.memory.object(forKey: key as NSString) != nil }
    func fileURL(_ key: String) -> URL { cache.path(key) }
    func memoryBudget(for bitmap: Bitmap) -> MemoryBudget {
        MemoryBudget(limit: Learner002Cache.memoryLimit, unit: .cost, perValue: 0)   // stored with no cost
    }
}

/// Source 003's design: `KeyedCacheStorage`.
struct Learner003Contender: Contender {
    let name = "003 (Codable, queue per storage)"
    let cache: KeyedCacheStorage<String, Bitmap>
    let folder: URL
    let countLimit: Int
    init(directory: URL, countLimit: Int = 0) throws {
        self.countLimit = countLimit
        folder = directory.appendingPathComponent("learner003")
        cache = try KeyedCacheStorage(directory: folder, countLimit: countLimit)
    }
    func store(_ bitmap: Bitmap, forKey key: String) -> String? {
        do { try cache.save(bitmap, forKey: key); return nil } catch { return "\(error)" }
    }
    func load(_ key: String) -> Outcome {
        do { return try cache.retrieve(forKey: key).map(Outcome.value) ?? .miss } catch { return .error("\(error)") }
    }
    func clearMemory() {
        // 003 has no memory-only clear; removing from NSCache is what a memory warning would do.
        cache.clearMemoryForStudy()
    }
    func isInMemory(_ key: String) -> Bool { cache.isInMemory(forKey: key) }
    func fileURL(_ key: String) -> URL { (try? cache.fileURL(for: key)) ?? folder }
    func memoryBudget(for bitmap: Bitmap) -> MemoryBudget {
        MemoryBudget(limit: countLimit, unit: .count, perValue: 1)
    }
}

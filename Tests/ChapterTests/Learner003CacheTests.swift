import Foundation
import Testing
import WorkbookSupport
import KFDCache
@testable import Chapter09

@Suite("KeyedCacheStorage (source 003's design)")
struct KeyedCacheStorageTests {
    struct Profile: Codable, Sendable, Equatable { let name: String; let age: Int }

    @Test("any Hashable & Codable key: strings, arrays, dictionaries")
    func keysOfAnyShape() throws {
        let folder = try ScratchFolder("learner003"); defer { folder.remove() }
        let byArray = try KeyedCacheStorage<[String], Profile>(directory: folder.url.appendingPathComponent("a"))
        try byArray.save(Profile(name: "a", age: 1), forKey: ["one", "two"])
        #expect(try byArray.retrieve(forKey: ["one", "two"]) == Profile(name: "a", age: 1))
        #expect(try byArray.retrieve(forKey: ["two", "one"]) == nil)

        let byDictionary = try KeyedCacheStorage<[String: String], Profile>(directory: folder.url.appendingPathComponent("d"))
        try byDictionary.save(Profile(name: "d", age: 2), forKey: ["x": "1", "y": "2", "z": "3"])
        let second = try KeyedCacheStorage<[String: String], Profile>(directory: folder.url.appendingPathComponent("d"))
        #expect(try second.retrieve(forKey: ["z": "3", "y": "2", "x": "1"]) == Profile(name: "d", age: 2),
                "the same dictionary must name the same file from another instance")
    }

    @Test("expired entries read as nil; remove and removeAll reach the disk")
    func expirationAndRemoval() throws {
        let folder = try ScratchFolder("learner003"); defer { folder.remove() }
        let cache = try KeyedCacheStorage<String, Int>(directory: folder.url)
        try cache.save(1, forKey: "gone", expiration: -1)
        #expect(try cache.retrieve(forKey: "gone") == nil)
        try cache.save(2, forKey: "k")
        try cache.remove(forKey: "k")
        #expect(try cache.retrieve(forKey: "k") == nil)
        try cache.save(3, forKey: "m")
        try cache.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("the change stream sees saves and removes in order")
    func changeStream() async throws {
        let folder = try ScratchFolder("learner003"); defer { folder.remove() }
        let cache = try KeyedCacheStorage<String, Int>(directory: folder.url)
        let stream = cache.changes()
        try cache.save(1, forKey: "a")
        try cache.remove(forKey: "a")
        try cache.removeAll()
        var seen: [String] = []
        for await change in stream {
            switch change {
            case .saved(let key, let value): seen.append("saved \(key)=\(value)")
            case .removed(let key): seen.append("removed \(key)")
            case .removedAll: seen.append("removedAll")
            case .failed(_, let message): seen.append("failed \(message)")
            }
            if seen.count == 3 { break }
        }
        #expect(seen == ["saved a=1", "removed a", "removedAll"])
    }
}

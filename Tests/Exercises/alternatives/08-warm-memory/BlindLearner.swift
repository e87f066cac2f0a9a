// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses.
// EXERCISE 08-warm-memory — ImageCache's lookup: memory, then disk, warming memory on a disk hit.
//
// `retrieve` must look in memory first (under the computed key: key@processor); on a miss, look
// on disk — unless `fromMemoryCacheOrRefresh` says a memory miss is a miss (the caller downloads
// afresh); and on a disk hit, put the value in memory, so that the next lookup is a memory hit.
// This version looks in both places but never warms memory, and ignores the option.
// Read: Chapters/08-hybrid-cache/README.md, Sources/KFDCache/HybridCache.swift (`retrieveImage`).
// Check: swift run workbook check 08-warm-memory      Hint: swift run workbook hint 08-warm-memory

import ExerciseChecks
import Foundation

// @unchecked Sendable: `memory` is an NSCache (thread-safe); `disk` guards itself.
public final class WarmMemory: @unchecked Sendable {
    // DO NOT EDIT (the check watches these: `memory` behaves as NSCache; `disk` is a disk kept in memory)
    private let memory = WatchedCache<NSString>()
    private let disk = CountingDisk()
    // END DO NOT EDIT

    public init() {}

    static func computedKey(_ key: String, _ processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? key : key + "@" + processorIdentifier
    }

    public func store(_ value: String, forKey key: String, processorIdentifier: String) {
        let computed = Self.computedKey(key, processorIdentifier)
        memory.setObject(value as NSString, forKey: computed as NSString)
        disk.write(value, name: computed)
    }

    // TODO: honour fromMemoryCacheOrRefresh, and warm memory on a disk hit.
    public func retrieve(forKey key: String, processorIdentifier: String,
                         fromMemoryCacheOrRefresh: Bool) -> (value: String?, source: LookupSource) {
        let computed = Self.computedKey(key, processorIdentifier)
        if let hit = memory.object(forKey: computed as NSString) { return (hit as String, .memory) }
        if fromMemoryCacheOrRefresh { return (nil, .none) }
        if let found = disk.read(computed) {
            memory.setObject(found as NSString, forKey: computed as NSString)
            return (found, .disk)
        }
        return (nil, .none)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension WarmMemory: WarmMemoryExercise {
    public var probes: (memory: WatchedCache<NSString>, disk: CountingDisk) { (memory, disk) }
}

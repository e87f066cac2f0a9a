// EXERCISE 09-cost-in-bytes — a memory limit that can apply: bytes against bytes.
//
// Learner 002's cache sets NSCache's totalCostLimit to "5% of RAM" in *megabytes* and stores every
// object with no cost at all, so the limit never applies (chapter 9, part 4). Make the limit
// `fraction` of the physical memory in bytes — for any memory size and any fraction from 0 to 1:
// never more than Int.max, and never a trap — and store each picture with its decoded size in
// bytes as its cost.
// Read: Chapters/09-three-caches/README.md, Sources/KFDCache/HybridCache.swift (`memoryCostLimit`),
// Chapters/09-three-caches/Lab/Learner002Cache.swift.
// Check: swift run workbook check 09-cost-in-bytes      Hint: swift run workbook hint 09-cost-in-bytes

import ExerciseChecks
import Foundation

// @unchecked Sendable: `memory` is an NSCache (thread-safe) and the only state.
public final class CostInBytes: @unchecked Sendable {
    // DO NOT EDIT (the check watches this; it behaves as NSCache)
    private let memory = WatchedCache<Picture>()
    // END DO NOT EDIT

    // TODO: the limit in bytes: `fraction` of `physicalMemory`, at most Int.max.
    public init(physicalMemory: UInt64, fraction: Double) {
        memory.totalCostLimit = Int(Double(physicalMemory) * fraction / 1024 / 1024)
    }

    // TODO: store with the picture's decoded size, in bytes, as its cost.
    public func store(_ picture: Picture, forKey key: String) {
        memory.setObject(picture, forKey: key as NSString)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CostInBytes: CostInBytesExercise {
    public var probes: WatchedCache<Picture> { memory }
}

// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses.
// EXERCISE 09-cost-in-bytes — a memory limit that can apply: bytes against bytes.
//
// Learner 002's cache sets NSCache's totalCostLimit to "5% of RAM" in *megabytes* and stores every
// object with no cost at all, so the limit never applies (chapter 9, part 4). Make the limit
// `fraction` of the physical memory in bytes — never more than Int.max, and never a trap — and
// store each picture with its decoded size in bytes as its cost.
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
        let bytes = Double(physicalMemory) * fraction
        // NaN or ≤ 0 → 0 (no limit); beyond Int.max → Int.max; Int(_) would trap on either.
        memory.totalCostLimit = !(bytes > 0) ? 0 : (bytes >= Double(Int.max) ? Int.max : Int(bytes))
    }

    // TODO: store with the picture's decoded size, in bytes, as its cost.
    public func store(_ picture: Picture, forKey key: String) {
        let (area, o1) = picture.width.multipliedReportingOverflow(by: picture.height)
        let (cost, o2) = area.multipliedReportingOverflow(by: picture.bytesPerPixel)
        memory.setObject(picture, forKey: key as NSString, cost: o1 || o2 ? Int.max : cost)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CostInBytes: CostInBytesExercise {
    public var probes: WatchedCache<Picture> { memory }
}

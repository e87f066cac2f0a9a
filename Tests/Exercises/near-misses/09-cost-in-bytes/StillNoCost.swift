// NEAR-MISS: the limit is now bytes, but pictures are still stored with no cost: the limit never applies.

import ExerciseChecks
import Foundation

// @unchecked Sendable: `memory` is an NSCache (thread-safe) and the only state.
public final class CostInBytes: @unchecked Sendable {
    // DO NOT EDIT (the check watches this; it behaves as NSCache)
    private let memory = WatchedCache<Picture>()
    // END DO NOT EDIT

    public init(physicalMemory: UInt64, fraction: Double) {
        let bytes = Double(physicalMemory) * fraction
        memory.totalCostLimit = bytes >= Double(Int.max) ? Int.max : Int(bytes)
    }

    public func store(_ picture: Picture, forKey key: String) {
        memory.setObject(picture, forKey: key as NSString)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CostInBytes: CostInBytesExercise {
    public var probes: WatchedCache<Picture> { memory }
}

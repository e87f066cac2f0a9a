// NEAR-MISS: remembers each key's cost in a static table: a new picture under a key seen before, in any cache, keeps the old cost (written blind)

import ExerciseChecks
import Foundation

// @unchecked Sendable: `memory` is an NSCache (thread-safe) and the only state.
public final class CostInBytes: @unchecked Sendable {
    // DO NOT EDIT (the check watches this; it behaves as NSCache)
    private let memory = WatchedCache<Picture>()
    // END DO NOT EDIT

    static let costs = Guarded<[String: Int]>([:])

    public init(physicalMemory: UInt64, fraction: Double) {
        let bytes = Double(physicalMemory) * fraction
        memory.totalCostLimit = bytes >= Double(Int.max) ? Int.max : Int(bytes)
    }

    public func store(_ picture: Picture, forKey key: String) {
        let cost = Self.costs.withLock { costs in
            if let known = costs[key] { return known }
            let cost = picture.width * picture.height * picture.bytesPerPixel
            costs[key] = cost
            return cost
        }
        memory.setObject(picture, forKey: key as NSString, cost: cost)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CostInBytes: CostInBytesExercise {
    public var probes: WatchedCache<Picture> { memory }
}

// NEAR-MISS: the cost counts pixels, not bytes: a limit in bytes then holds 4× the pictures it should.

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
        memory.setObject(picture, forKey: key as NSString, cost: picture.width * picture.height)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CostInBytes: CostInBytesExercise {
    public var probes: WatchedCache<Picture> { memory }
}

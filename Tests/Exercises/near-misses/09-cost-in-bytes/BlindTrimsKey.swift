// NEAR-MISS: stores each picture under its key with whitespace trimmed (written blind)

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
        let cost = picture.width * picture.height * picture.bytesPerPixel
        memory.setObject(picture, forKey: key.trimmingCharacters(in: .whitespacesAndNewlines) as NSString, cost: cost)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CostInBytes: CostInBytesExercise {
    public var probes: WatchedCache<Picture> { memory }
}

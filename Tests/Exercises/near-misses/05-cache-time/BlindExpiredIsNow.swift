// NEAR-MISS: .expirationTime(.expired) expires at now (rounded up) instead of in the distant past (written blind)

import ExerciseChecks
import Foundation
import KFDCache

public enum CacheTime {
    public static func extended(lastAccess: Date, expiration: Date, now: Date,
                                extending: ExpirationExtending) -> (lastAccess: Date, expiration: Date)? {
        switch extending {
        case .none:
            return nil
        case .cacheTime:
            let lifetime = expiration.timeIntervalSince(lastAccess)
            return (now.fileAttributeDate, now.addingTimeInterval(lifetime).fileAttributeDate)
        case .expirationTime(.expired):
            return (now.fileAttributeDate, now.fileAttributeDate)
        case .expirationTime(let replacement):
            return (now.fileAttributeDate, replacement.estimatedExpirationSince(now).fileAttributeDate)
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CacheTime: CacheTimeExercise {}

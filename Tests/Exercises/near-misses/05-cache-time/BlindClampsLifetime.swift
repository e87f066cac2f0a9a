// NEAR-MISS: a lifetime below zero (an entry already expired) is taken as zero: the expired entry comes back to life at now (written blind)

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
            let lifetime = max(0, expiration.timeIntervalSince(lastAccess))
            return (now.fileAttributeDate, now.addingTimeInterval(lifetime).fileAttributeDate)
        case .expirationTime(let replacement):
            return (now.fileAttributeDate, replacement.estimatedExpirationSince(now).fileAttributeDate)
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CacheTime: CacheTimeExercise {}

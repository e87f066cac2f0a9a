// NEAR-MISS: .expirationTime counts the new lifetime from the old last access, not from now.

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
        case .expirationTime(let replacement):
            return (now.fileAttributeDate, replacement.estimatedExpirationSince(lastAccess).fileAttributeDate)
        }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CacheTime: CacheTimeExercise {}

// Reference solution of 05-cache-time (the stub: Chapters/05-ceil-dates/Exercises/CacheTime.swift).
// Kept apart from the stubs; `swift test` proves it passes the same checks the stub must pass.

import ExerciseKit
import Foundation
import KFDCache

public enum CacheTime: CacheTimeExercise {
    public static func extended(lastAccess: Date, expiration: Date, now: Date,
                                extending: ExpirationExtending) -> (lastAccess: Date, expiration: Date)? {
        switch extending {
        case .none:
            return nil
        case .cacheTime:
            let lifetime = expiration.timeIntervalSince(lastAccess)
            return (now.fileAttributeDate, now.addingTimeInterval(lifetime).fileAttributeDate)
        case .expirationTime(let replacement):
            return (now.fileAttributeDate, replacement.estimatedExpirationSince(now).fileAttributeDate)
        }
    }
}

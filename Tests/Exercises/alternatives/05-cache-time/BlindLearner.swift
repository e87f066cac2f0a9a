// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses.
// EXERCISE 05-cache-time — extend an expiration so the lifetime survives reads.
//
// After a hit at `now`, the disk storage rewrites a file's two dates:
//   .none                  → nothing changes (return nil)
//   .cacheTime             → the original lifetime (expiration − lastAccess) restarts at now
//   .expirationTime(e)     → the lifetime becomes e, counted from now
// Both new dates are written rounded up to whole seconds. This version never extends anything.
// Read: Chapters/05-ceil-dates/README.md, Sources/KFDCache/FileMeta.swift (`extendExpiration`).
// Check: swift run workbook check 05-cache-time      Hint: swift run workbook hint 05-cache-time

import ExerciseChecks
import Foundation
import KFDCache

public enum CacheTime {
    // TODO: compute the new (lastAccess, expiration) for each kind of extension.
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

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension CacheTime: CacheTimeExercise {}

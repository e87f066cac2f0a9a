// The shared vocabulary of both storages: how long a value lives, how a read may extend that,
// and what a stored type must provide. Names and semantics follow Kingfisher 8's
// `Sources/Cache/Storage.swift`.

import Foundation

/// How long a stored value stays valid.
///
/// A storage turns an expiration into an *estimated expiration date* at the moment it stores the
/// value (`estimatedExpirationSince(_:)`); from then on only that date matters.
public enum StorageExpiration: Sendable, Equatable {
    /// The value never expires.
    case never
    /// The value expires after this many seconds.
    case seconds(TimeInterval)
    /// The value expires after this many days (of 86 400 seconds: no calendar, no DST).
    case days(Int)
    /// The value expires at this date.
    case date(Date)
    /// The value is already expired: storing with it keeps nothing that can be read back.
    case expired

    /// The date this expiration ends when counted from `date`.
    ///
    /// `.never` maps to `Date.distantFuture` and `.expired` to `Date.distantPast`, so every
    /// comparison against "now" works without special cases.
    public func estimatedExpirationSince(_ date: Date) -> Date {
        switch self {
        case .never: return .distantFuture
        case .seconds(let seconds): return date.addingTimeInterval(seconds)
        case .days(let days): return date.addingTimeInterval(TimeInterval(days) * 86_400)
        case .date(let ref): return ref
        case .expired: return .distantPast
        }
    }

    /// `estimatedExpirationSince(Date())`.
    public var estimatedExpirationSinceNow: Date { estimatedExpirationSince(Date()) }

    /// Whether storing with this expiration would keep the value for no time at all.
    public var isExpired: Bool { timeInterval <= 0 }

    /// The length of this expiration counted from now, in seconds.
    public var timeInterval: TimeInterval {
        switch self {
        case .never: return .infinity
        case .seconds(let seconds): return seconds
        case .days(let days): return TimeInterval(days) * 86_400
        case .date(let ref): return ref.timeIntervalSinceNow
        case .expired: return -.infinity
        }
    }
}

/// What a successful read does to the value's expiration.
public enum ExpirationExtending: Sendable, Equatable {
    /// Leave the expiration alone: a read is not a reason to keep the value longer.
    case none
    /// Restart the value's original lifetime from now ("sliding expiration").
    case cacheTime
    /// Expire this long from now instead. As in Kingfisher 8.11.0, what that does to *later*
    /// `.cacheTime` reads differs by storage. On disk it replaces the lifetime: the file's two
    /// dates are all that is kept, and `.cacheTime` recovers the lifetime as expiration − last
    /// access. In memory it moves only the expiration date: the memory object keeps the lifetime it
    /// was stored with (Kingfisher's `StorageObject.expiration` is a `let`,
    /// `Sources/Cache/MemoryStorage.swift` line 308; only `estimatedExpiration` moves, line 326),
    /// so the next `.cacheTime` hit goes back to it.
    case expirationTime(StorageExpiration)
}

/// A value that can tell the memory storage how much it costs to keep it.
///
/// The cost feeds `NSCache.totalCostLimit`. For images Kingfisher uses the decoded bitmap's byte
/// count; any monotone measure works as long as the limit uses the same unit.
public protocol CacheCostCalculable {
    var cacheCost: Int { get }
}

/// A value the disk storage can turn into bytes and back.
public protocol DataTransformable {
    func toData() throws -> Data
    static func fromData(_ data: Data) throws -> Self
    /// A placeholder returned by checks that must not decode the file (`isCached` only asks
    /// whether a valid file exists; decoding would waste the read).
    static var empty: Self { get }
}

extension Data: DataTransformable {
    public func toData() throws -> Data { self }
    public static func fromData(_ data: Data) throws -> Data { data }
    public static var empty: Data { Data() }
}

extension Date {
    /// This date rounded *up* to a whole second, the form every file date is written in.
    ///
    /// Why: a date written as a file time can come back slightly earlier than written (file
    /// systems store fewer digits than a `Double` holds; measured here: 0.48 µs early). An
    /// expiration date that comes back early makes a value expire before its time. A whole
    /// second survives every file system's precision, and rounding up (never down) means a
    /// value is only ever kept a fraction longer, never dropped early. Chapter 5 measures it.
    public var fileAttributeDate: Date {
        Date(timeIntervalSince1970: ceil(timeIntervalSince1970))
    }
}

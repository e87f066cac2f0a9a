// The small types the hybrid cache speaks in. Names follow Kingfisher 8's `ImageCache.swift`.

import Dispatch
import Foundation

/// Where a value was found.
public enum CacheType: Sendable, Equatable {
    /// Not cached.
    case none
    /// In memory: the decoded value itself, no I/O.
    case memory
    /// On disk: bytes that must be read and decoded.
    case disk

    /// Whether the value is cached at all.
    public var cached: Bool { self != .none }
}

/// What a store did, per layer. Storing to memory cannot fail (`Never`); storing to disk can.
public struct CacheStoreResult: Sendable {
    public let memoryCacheResult: Result<(), Never>
    public let diskCacheResult: Result<(), any Error>

    public init(memoryCacheResult: Result<(), Never>, diskCacheResult: Result<(), any Error>) {
        self.memoryCacheResult = memoryCacheResult
        self.diskCacheResult = diskCacheResult
    }
}

/// The value a retrieve found, and where.
public enum ImageCacheResult<Value: Sendable>: Sendable {
    case disk(Value)
    case memory(Value)
    case none

    /// The value, wherever it came from.
    public var image: Value? {
        switch self {
        case .disk(let value), .memory(let value): return value
        case .none: return nil
        }
    }

    public var cacheType: CacheType {
        switch self {
        case .disk: return .disk
        case .memory: return .memory
        case .none: return .none
        }
    }
}

/// Where a completion handler runs.
///
/// Kingfisher defaults many callbacks to the main queue, for UI. This library has no UI and runs
/// in command-line tools and servers, where nothing may be running the main queue; so every
/// default here is `.untouch` (the thread that finished the work), and `.mainAsync` is opt-in.
/// With `.untouch` a disk completion runs *on* `ioQueue`; that is safe because no public call
/// waits for `ioQueue` (`loadDiskFileSynchronously` reads on the caller's thread), so a completion
/// may call back into the same cache, synchronously or not.
public enum CallbackQueue: Sendable {
    /// `DispatchQueue.main.async`.
    case mainAsync
    /// On the main thread now if already there, else `DispatchQueue.main.async`.
    case mainCurrentOrAsync
    /// Wherever the work finished.
    case untouch
    /// `queue.async`.
    case dispatch(DispatchQueue)

    public func execute(_ block: @escaping @Sendable () -> Void) {
        switch self {
        case .mainAsync: DispatchQueue.main.async(execute: block)
        case .mainCurrentOrAsync:
            if Thread.isMainThread { block() } else { DispatchQueue.main.async(execute: block) }
        case .untouch: block()
        case .dispatch(let queue): queue.async(execute: block)
        }
    }
}

/// Turns a value into bytes for the disk and back (Kingfisher's `CacheSerializer`).
///
/// Two differences from Kingfisher 8.11 (`Sources/Cache/CacheSerializer.swift`): its
/// `image(with:options:)` returns an optional, and `ImageCache` reports a nil image as a miss,
/// where `value(with:)` here throws (`CacheError.cannotConvertFromData`); and its
/// `DefaultCacheSerializer` stores `original` as is only when `preferCacheOriginalData` is true
/// (default false: it re-encodes), where this library's serializers always keep `original`.
public protocol CacheSerializer<Value>: Sendable {
    associatedtype Value
    /// The bytes to store. `original` is the data the value was decoded from, when known;
    /// a serializer may store it as is rather than encode again.
    func data(with value: Value, original: Data?) throws -> Data
    /// The value decoded from stored bytes. Throws for bytes it cannot read.
    func value(with data: Data) throws -> Value
}

/// Stores `DataTransformable` values through `toData()` / `fromData(_:)`.
public struct DataTransformableSerializer<Value: DataTransformable>: CacheSerializer {
    public init() {}
    public func data(with value: Value, original: Data?) throws -> Data { try original ?? value.toData() }
    public func value(with data: Data) throws -> Value { try Value.fromData(data) }
}

extension Data: CacheCostCalculable {
    /// The byte count: what keeping it in memory costs.
    public var cacheCost: Int { count }
}

extension String {
    /// The key a processed value is stored under: the key itself with no processor, else
    /// `key@identifier` (Kingfisher's `computedKey(with:)`).
    public func computedKey(with processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? self : self + "@" + processorIdentifier
    }
}

extension Notification.Name {
    /// Posted by `HybridCache.cleanExpiredDiskCache` when it removed files; `userInfo` holds their
    /// hashes, without extension, under `KFDDiskCacheCleanedHashKey`. (Kingfisher 8.11.0:
    /// `.KingfisherDidCleanDiskCache`, whose list holds each file's `lastPathComponent`, extension
    /// included — `Sources/Cache/ImageCache.swift` line 906.)
    public static let KFDDidCleanDiskCache = Notification.Name("com.kfdcache.KFDDidCleanDiskCache")
}

/// The `userInfo` key of `.KFDDidCleanDiskCache`: the removed files' hashes, `[String]`.
public let KFDDiskCacheCleanedHashKey = "com.kfdcache.KFDDiskCacheCleanedHashKey"

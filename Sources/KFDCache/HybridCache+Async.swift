// async/await over the callback API, through checked continuations (Kingfisher 8 does the same).

import Foundation

extension HybridCache {
    /// Stores in memory and on disk; returns when the disk write is done. Throws its error.
    public func store(_ value: Value, original: Data? = nil, forKey key: String, options: CacheOptions = .init(),
                      toDisk: Bool = true) async throws {
        let result = await withCheckedContinuation { continuation in
            store(value, original: original, forKey: key, options: options, toDisk: toDisk) { continuation.resume(returning: $0) }
        }
        try result.diskCacheResult.get()
    }

    public func retrieveImage(forKey key: String, options: CacheOptions = .init()) async throws -> ImageCacheResult<Value> {
        try await withCheckedThrowingContinuation { continuation in
            retrieveImage(forKey: key, options: options) { continuation.resume(with: $0) }
        }
    }

    public func retrieveImageInDiskCache(forKey key: String, options: CacheOptions = .init()) async throws -> Value? {
        try await withCheckedThrowingContinuation { continuation in
            retrieveImageInDiskCache(forKey: key, options: options) { continuation.resume(with: $0) }
        }
    }

    /// Removes from memory and disk; throws the disk's error, if any.
    public func removeImage(forKey key: String, processorIdentifier: String = "", fromMemory: Bool = true,
                            fromDisk: Bool = true) async throws {
        let failure: (any Error)? = await withCheckedContinuation { continuation in
            removeImage(forKey: key, processorIdentifier: processorIdentifier, fromMemory: fromMemory, fromDisk: fromDisk) {
                continuation.resume(returning: $0)
            }
        }
        if let failure { throw failure }
    }

    public func clearDiskCache() async {
        await withCheckedContinuation { continuation in clearDiskCache { continuation.resume() } }
    }

    public func cleanExpiredDiskCache() async {
        await withCheckedContinuation { continuation in cleanExpiredDiskCache { continuation.resume() } }
    }

    /// Where a value for `key` is cached, asked on `ioQueue` after every disk operation queued before.
    public func imageCachedTypeAsync(forKey key: String, processorIdentifier: String = "",
                                     forcedExtension: String? = nil) async -> CacheType {
        await withCheckedContinuation { continuation in
            imageCachedTypeAsync(forKey: key, processorIdentifier: processorIdentifier, forcedExtension: forcedExtension) {
                continuation.resume(returning: $0)
            }
        }
    }

    /// The bytes the disk folder takes.
    public var diskStorageSize: UInt {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                calculateDiskStorageSize { continuation.resume(with: $0) }
            }
        }
    }
}

// 000 Q7: why DiskStorage.Backend sets `config.cachePathBlock = nil` after using it.
//
// Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift, `init(noThrowConfig:creatingDirectory:)`:
//     let creation = Creation(config)
//     self.directoryURL = creation.directoryURL
//     // Break any possible retain cycle set by outside.
//     config.cachePathBlock = nil
// Our Sources/KFDCache/DiskStorageBackend.swift does the same. The owner below is the study
// notes' `CacheManager`, made Sendable so that its block can be `@Sendable` (Swift 6 mode).

import Foundation
import KFDCache
import Synchronization
import WorkbookSupport

/// The notes' `CacheManager`: it owns a disk backend, and its path block reads its own `base`.
final class CacheManager: Sendable {
    let base: URL
    /// The backend it owns (a Mutex so that a Sendable class can hold a settable property).
    let backend = Mutex<DiskStorage.Backend<Data>?>(nil)

    init(base: URL) { self.base = base }

    /// A path block that captures `self` strongly: the mistake of the notes' example.
    var capturingPathBlock: @Sendable (URL, String) -> URL {
        { _, cacheName in self.base.appendingPathComponent(cacheName, isDirectory: true) }
    }

    /// Makes the backend with the capturing block in its config.
    func makeBackend() throws {
        var config = DiskStorage.Config(name: "ch10", sizeLimit: 0, directory: base)
        config.cachePathBlock = capturingPathBlock
        let made = try DiskStorage.Backend<Data>(config: config)
        backend.withLock { $0 = made }
    }
}

/// What happened to one manager after its last outside reference was dropped.
struct PathBlockLives: Sendable {
    /// The backend's init had the block: it used it and set it to nil. Freed?
    var freedAfterInit = false
    /// The block put back through `backend.config` (public and settable, in Kingfisher too). Freed?
    var freedWithBlockKept = false
    /// Then, through the weak reference, `config.cachePathBlock = nil`. Freed?
    var freedAfterSettingNil = false
    /// The folder the block chose (to show the block did run).
    var folderName = ""

    static func measure(in folder: URL) throws -> PathBlockLives {
        var lives = PathBlockLives()
        weak var watched: CacheManager?

        // 1. The block goes in through init only.
        do {
            let manager = CacheManager(base: folder)
            try manager.makeBackend()
            lives.folderName = manager.backend.withLock { $0?.directoryURL.lastPathComponent } ?? ""
            watched = manager
        }
        lives.freedAfterInit = watched == nil

        // 2. The block put back after init: manager → backend → config → block → manager.
        do {
            let manager = CacheManager(base: folder)
            try manager.makeBackend()
            manager.backend.withLock { $0?.config.cachePathBlock = manager.capturingPathBlock }
            watched = manager
        }
        lives.freedWithBlockKept = watched == nil

        // 3. Reach the leaked manager through the weak reference and drop the block.
        watched?.backend.withLock { $0?.config.cachePathBlock = nil }
        lives.freedAfterSettingNil = watched == nil
        return lives
    }
}

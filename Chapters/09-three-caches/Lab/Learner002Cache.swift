// Source document 002's cache, rebuilt from its notes (the picture type changed from UIImage to
// Bitmap, the file naming — not shown in the notes — is the key's SHA-256):
//   memory: NSCache, totalCostLimit = physical memory / 1024 / 1024 / 100 × 5 (a count of
//           megabytes), objects stored *without* a cost;
//   disk:   one file per key; its modification date is the TTL clock, refreshed on every read;
//           expired files are removed when read, and by a whole-folder scan on entering the background;
//   errors: swallowed (`try?`, `createFile` returning false) — a failure looks like a miss;
//   save:   "if the value in memory equals the value on disk, don't write" (`skipsEqualWrites`; the
//           notes show no code: here memory stands for the disk, as the cheap reading of it).

import Foundation
import KFDCache

// @unchecked Sendable: NSCache is thread-safe; `writes` is only touched under `writesLock`; the
// file system is the only other state.
final class Learner002Cache: @unchecked Sendable {
    final class Box: NSObject {
        let bitmap: Bitmap
        init(_ bitmap: Bitmap) { self.bitmap = bitmap }
    }

    let memory = NSCache<NSString, Box>()
    let folder: URL
    let ttl: TimeInterval
    /// 002's save-flow rule: skip the disk write when memory already holds an equal value.
    let skipsEqualWrites: Bool
    private let fileManager = FileManager.default
    private let writesLock = NSLock()   // guards `writes`
    private var writes = 0

    /// How many files `save` has written (for the chapter's count).
    var diskWrites: Int { writesLock.withLock { writes } }

    /// 002's formula, as written: megabytes, used where NSCache expects cost units.
    static var memoryLimit: Int { Int(ProcessInfo.processInfo.physicalMemory / 1024 / 1024 / 100 * 5) }

    init(folder: URL, ttl: TimeInterval = 86_400, skipsEqualWrites: Bool = false) {
        self.folder = folder
        self.ttl = ttl
        self.skipsEqualWrites = skipsEqualWrites
        memory.totalCostLimit = Self.memoryLimit
        try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ key: String) -> URL { folder.appendingPathComponent(key.kfd.sha256) }

    func save(_ bitmap: Bitmap, forKey key: String) {
        // "메모리에 저장한 값과 디스크에 저장되어 있는 값이 같으면 저장 안함": memory is trusted to say what
        // the disk holds — whatever happened to the file since.
        if skipsEqualWrites, memory.object(forKey: key as NSString)?.bitmap == bitmap { return }
        memory.setObject(Box(bitmap), forKey: key as NSString)   // no cost
        let data = (try? PPMSerializer().data(with: bitmap, original: nil)) ?? Data()
        _ = fileManager.createFile(atPath: path(key).path, contents: data)   // false on failure, ignored
        writesLock.withLock { writes += 1 }
    }

    func load(_ key: String) -> Bitmap? {
        if let box = memory.object(forKey: key as NSString) { return box.bitmap }
        let url = path(key)
        guard fileManager.fileExists(atPath: url.path),
              let attributes = try? fileManager.attributesOfItem(atPath: url.path),
              let modified = attributes[.modificationDate] as? Date else { return nil }
        if Date().timeIntervalSince(modified) > ttl {
            try? fileManager.removeItem(at: url)
            return nil
        }
        try? fileManager.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        guard let data = fileManager.contents(atPath: url.path),
              let bitmap = try? PPMSerializer().value(with: data) else { return nil }
        memory.setObject(Box(bitmap), forKey: key as NSString)
        return bitmap
    }

    /// 002's `clearExpriedCacheData`, run from `sceneDidEnterBackground`: scan the whole folder.
    /// The chapter does not run it (nothing here enters the background, and its TTL is a day); it
    /// is here to be read next to `HybridCache.cleanExpiredDiskCache`.
    func clearExpiredCacheData() {
        guard let urls = try? fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        else { return }
        for url in urls {
            if let modified = (try? fileManager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
               Date().timeIntervalSince(modified) > ttl {
                try? fileManager.removeItem(at: url)
            }
        }
    }
}

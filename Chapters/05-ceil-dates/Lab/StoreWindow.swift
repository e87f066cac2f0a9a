// Chapter 5, part `expiredUntilDated`: Kingfisher 8.11's store writes the file first and sets its
// dates after. In between, the file's modification date — its expiration — is the moment it was
// written: already past. A reader off `ioQueue` (`isCached`, `imageCachedType`,
// `loadDiskFileSynchronously`, another cache on the folder) finds it expired; and the write itself
// is in place (`writeOptions: []`), so a reader may meet half a file. A model of those lines
// (Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift), then our DiskStorage.Backend.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

/// `store` and `value` of Kingfisher 8.11.0's DiskStorage.Backend, reduced to the steps that
/// touch the file and its dates.
// @unchecked Sendable: `maybeCached` is only touched while holding `maybeCachedLock`; the rest is immutable.
final class KingfisherStoreModel: @unchecked Sendable {
    let folder: URL
    /// `maybeCached` (guarded by `maybeCachedCheckingQueue` in Kingfisher; by an NSLock here, not a
    /// Mutex: a contended Mutex on Linux waits in the kernel, where ThreadSanitizer cannot see it).
    private let maybeCachedLock = NSLock()
    private var maybeCached = Set<String>()
    /// After the write, before the dates: where the forced run holds the store.
    let afterWrite = PausePoint()

    init(folder: URL) { self.folder = folder }

    func fileURL(_ key: String) -> URL { folder.appendingPathComponent(key) }

    /// DiskStorage.swift:178–224: `try data.write(to: fileURL, options: writeOptions)` (180, the
    /// default `writeOptions: []`, 159); then `setAttributes` with `.creationDate: now` and
    /// `.modificationDate: expiration.estimatedExpirationSinceNow` (200–207); then the name joins
    /// `maybeCached` (219–224).
    func store(_ data: Data, forKey key: String, lifetime: TimeInterval) throws {
        let url = fileURL(key)
        try data.write(to: url, options: [])
        afterWrite.pass()
        let now = Date()
        try FileManager.default.setAttributes([.creationDate: now.fileAttributeDate,
                                               .modificationDate: now.addingTimeInterval(lifetime).fileAttributeDate],
                                              ofItemAtPath: url.path)
        maybeCachedLock.withLock { _ = maybeCached.insert(url.lastPathComponent) }
    }

    enum Read: String, Sendable { case hit, expired, missing, shortcut, torn }

    /// DiskStorage.swift:248–303 with `actuallyLoad: true`, `extendingExpiration: .none`: the
    /// shortcut (262–267), the dates (270–272), `if meta.expired(referenceDate: referenceDate)
    /// { return nil }` (289–291), then `Data(contentsOf: fileURL)` (295). `expected` tells a whole
    /// value from a torn one.
    func value(forKey key: String, expected: (Data) -> Bool) -> Read {
        let referenceDate = Date()
        let url = fileURL(key)
        guard maybeCachedLock.withLock({ maybeCached.contains(url.lastPathComponent) }) else { return .shortcut }
        guard let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .creationDateKey]) else { return .missing }
        if values.contentModificationDate.map({ $0.timeIntervalSince(referenceDate) <= 0 }) ?? true { return .expired }
        guard let data = try? Data(contentsOf: url) else { return .missing }
        return expected(data) ? .hit : .torn
    }
}

/// What the readers saw while one store overwrote a valid value.
struct WindowCount: Sendable {
    var runs = 0, runsWithExpired = 0, runsWithTorn = 0, runsWithMissing = 0, reads = 0
}

enum StoreWindow {
    static let size = 256 << 10
    static let old = Data(repeating: 0xAA, count: size), new = Data(repeating: 0xBB, count: size)
    /// A whole value: all of the old one, or all of the new one.
    static func whole(_ data: Data) -> Bool { data == old || data == new }

    /// The forced run: a valid value, overwritten by a store held between its write and its dates;
    /// one read in between. Returns what the read saw and how far in the past the expiration it saw was.
    static func kingfisherForced(_ model: KingfisherStoreModel) throws -> (read: KingfisherStoreModel.Read, after: KingfisherStoreModel.Read) {
        try model.store(old, forKey: "forced", lifetime: 3_600)
        model.afterWrite.arm()
        let stored = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? model.store(new, forKey: "forced", lifetime: 3_600)
            stored.signal()
        }
        guard model.afterWrite.waitUntilReached(seconds: 10) else { return (.missing, .missing) }
        let inside = model.value(forKey: "forced", expected: whole)
        model.afterWrite.release()
        _ = stored.wait(timeout: .now() + 10)
        return (inside, model.value(forKey: "forced", expected: whole))
    }

    static let overwritesPerRun = 5

    /// `runs` times: a valid value; one thread overwrites it five times while another reads it in a loop.
    static func free(runs: Int, store: @escaping @Sendable (Data) throws -> Void,
                     read: @escaping @Sendable () -> KingfisherStoreModel.Read) throws -> WindowCount {
        var count = WindowCount(runs: runs)
        for _ in 0..<runs {
            try store(old)
            let seen = LockedList<KingfisherStoreModel.Read>()
            let reading = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
            let storeDone = Flag()
            DispatchQueue.global().async {
                var first = true, mine: [KingfisherStoreModel.Read] = []
                // At least one read after the store returned, so that a slow reader still sees the end.
                while !storeDone.isSet || first {
                    mine.append(read())
                    if first { reading.signal(); first = false }
                }
                seen.append(contentsOf: mine)
                finished.signal()
            }
            reading.wait()
            let stored = Result { for index in 0..<overwritesPerRun { try store(index % 2 == 0 ? new : old) } }
            storeDone.set()
            finished.wait()
            try stored.get()
            let reads = seen.values
            count.reads += reads.count
            if reads.contains(.expired) { count.runsWithExpired += 1 }
            if reads.contains(.torn) { count.runsWithTorn += 1 }
            if reads.contains(.missing) || reads.contains(.shortcut) { count.runsWithMissing += 1 }
        }
        return count
    }
}

extension Chapter {

    static func expiredUntilDated(_ lab: Lab, folder: URL) throws {
        lab.part("expiredUntilDated", "Kingfisher's store: expired until its dates are set")
        lab.claim("Kingfisher 8.11.0's store writes the file in place (`writeOptions: []`), then sets its dates\n"
                  + "(Sources/Cache/DiskStorage.swift:180, 207). In between, its modification date — the expiration —\n"
                  + "is the write's own moment: a reader off ioQueue finds a valid value expired, or half written.",
                  ko: "Kingfisher 8.11.0의 store는 파일을 제자리에 쓰고(`writeOptions: []`) 그다음 날짜를 설정한다\n"
                      + "(Sources/Cache/DiskStorage.swift:180, 207). 그 사이 수정 날짜 — 만료 예정 시각 — 는 쓴 순간 그\n"
                      + "자체다: ioQueue 밖의 reader는 유효한 값을 만료된 것으로, 또는 반쯤 쓰인 것으로 본다.")
        let runs = lab.size("runs", quick: 15, full: 40)
        lab.run("a valid 256 KiB value (an hour left) is overwritten — a refreshed image stored again under its key.\n"
                + "1) forced: the model's store (Lab/StoreWindow.swift) held between its write and its dates; one read.\n"
                + "2) free: \(runs) runs of \(StoreWindow.overwritesPerRun) overwrites, a reader looping on value(forKey:) on another thread.\n"
                + "3) the same \(runs) on our DiskStorage.Backend. (A first store is not exposed in Kingfisher: its name\n"
                + "joins maybeCached only after the dates, so readers miss it anyway.)")
        let model = KingfisherStoreModel(folder: folder.appendingPathComponent("store-model"))
        try FileManager.default.createDirectory(at: model.folder, withIntermediateDirectories: true)
        let forced = try StoreWindow.kingfisherForced(model)
        lab.measured("forcedRead", forced.read.rawValue, "Kingfisher's model, forced: a read between write and dates")
        lab.measured("forcedReadAfter", forced.after.rawValue, "the same read once the store finished")

        let kingfisher = try StoreWindow.free(runs: runs, store: { try model.store($0, forKey: "free", lifetime: 3_600) },
                                              read: { model.value(forKey: "free", expected: StoreWindow.whole) })
        let disk = try DiskStorage.Backend<Data>(config: .init(name: "store-window", sizeLimit: 0, directory: folder))
        let ours = try StoreWindow.free(runs: runs, store: { try disk.store(value: $0, forKey: "free", expiration: .seconds(3_600)) },
                                        read: {
            // nil (no valid value) and an error both count as missing: our value(forKey:) does not say which.
            guard let data = try? disk.value(forKey: "free", extendingExpiration: .none) else { return .missing }
            return StoreWindow.whole(data) ? .hit : .torn
        })
        lab.table(["free runs (\(runs))", "reads", "runs: a read expired", "runs: a read torn", "runs: a read missing"], [
            ["Kingfisher 8.11.0 (model)", "\(kingfisher.reads)", "\(kingfisher.runsWithExpired)", "\(kingfisher.runsWithTorn)", "\(kingfisher.runsWithMissing)"],
            ["our DiskStorage.Backend", "\(ours.reads)", "\(ours.runsWithExpired)", "\(ours.runsWithTorn)", "\(ours.runsWithMissing)"],
        ])
        for (name, count) in [("kingfisher", kingfisher), ("ours", ours)] {
            lab.record(name, .object(["reads": .int(count.reads), "runsWithExpired": .int(count.runsWithExpired),
                                      "runsWithTorn": .int(count.runsWithTorn), "runsWithMissing": .int(count.runsWithMissing)]))
        }
        lab.measured("kingfisherRunsExpired", kingfisher.runsWithExpired, "Kingfisher's model, free: runs where a read saw it expired",
                     "\(kingfisher.runsWithExpired) of \(runs)")
        lab.measured("kingfisherRunsTorn", kingfisher.runsWithTorn, "Kingfisher's model, free: runs where a read saw it torn",
                     "\(kingfisher.runsWithTorn) of \(runs)")
        let oursNotWhole = max(ours.runsWithExpired, ours.runsWithTorn, ours.runsWithMissing)
        lab.measured("oursRunsNotWhole", oursNotWhole, "ours, free: runs where a read saw no whole value", "\(oursNotWhole) of \(runs)")
        lab.conclude("Forced, a read between Kingfisher's write and its dates saw the valid value as \(forced.read.rawValue). Free, in \(kingfisher.runsWithExpired)\n"
                     + "of \(runs) runs a reader saw an expired file, in \(kingfisher.runsWithTorn) a torn one. Ours: \(ours.runsWithExpired), \(ours.runsWithTorn) and\n"
                     + "\(ours.runsWithMissing) — it writes a hidden temporary file, sets its dates, and renames it into place\n"
                     + "(DiskStorageBackend.store): a reader sees the old file or the new one, each whole and dated.",
                     ko: "강제한 순서에서, Kingfisher의 쓰기와 날짜 설정 사이의 읽기는 유효한 값을 \(forced.read.rawValue)로 봤다. 자유 실행에서는\n"
                         + "\(runs)번 중 \(kingfisher.runsWithExpired)번 reader가 만료된 파일을, \(kingfisher.runsWithTorn)번 잘린 파일을 봤다. 우리 것:\n"
                         + "\(ours.runsWithExpired), \(ours.runsWithTorn), \(ours.runsWithMissing) — 숨긴 임시 파일에 쓰고, 날짜를 설정한 뒤, 제자리로 rename한다\n"
                         + "(DiskStorageBackend.store): reader는 옛 파일이나 새 파일을 보고, 어느 쪽이든 온전하고 날짜가 있다.")
    }
}

// Chapter 10, parts `cleanNeverReturns` and `trimSubfolders`: two faults of Kingfisher 8.11's own
// disk clean, run on the model in KingfisherCleanModel.swift, then the same scenario on our
// HybridCache. Each part reports what it measured; the forced run of the first is a child process,
// so that the task it leaves suspended, and the runtime's warning, stay there.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

// MARK: Files for the scenarios

enum CleanScenario {
    /// Writes `count` files of 100 bytes whose expiration passed a minute ago.
    static func expiredFiles(in folder: URL, count: Int) throws -> [URL] {
        let now = Date().timeIntervalSince1970.rounded(.down)
        return try (0..<count).map { index in
            let url = folder.appendingPathComponent("expired-\(index)")
            try Data(repeating: UInt8(index % 256), count: 100).write(to: url)
            try FileDatesOnDisk(lastAccess: Date(timeIntervalSince1970: now - 3_600), expiration: Date(timeIntervalSince1970: now - 60))
                .write(to: url.path)
            return url
        }
    }

    static func count(in folder: URL) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
    }
}

/// The forced run, in a child: five expired files listed, one removed while the clean is paused
/// before its first removal; then `await cleanExpiredDiskCache()` given `seconds` to return.
enum CleanChildren {
    static func forcedClean(seconds: Double) -> Int32 {
        guard let scratch = try? ScratchFolder("ch10-never"),
              let files = try? CleanScenario.expiredFiles(in: scratch.url, count: 5) else { return 1 }
        defer { scratch.remove() }
        let pause = PausePoint(armed: true)
        let model = KingfisherCleanModel(directoryURL: scratch.url, sizeLimit: 0, beforeRemoving: pause)
        let returned = DispatchSemaphore(value: 0)
        Task.detached {
            await model.cleanExpiredDiskCache()
            returned.signal()
        }
        guard pause.waitUntilReached(seconds: 10) else { return 2 }
        // Inside the window: another cache on the same folder (or the system) removes one of them.
        try? FileManager.default.removeItem(at: files[2])
        pause.release()
        model.drain()   // the clean has ended, and dropped its handler: the continuation is released here
        let left = CleanScenario.count(in: scratch.url)
        let didReturn = returned.wait(timeout: .now() + seconds) == .success
        print(JSONValue.object(["returned": .bool(didReturn), "filesLeft": .int(left)]).text)
        return 0
    }
}

// MARK: Free runs: two caches on one folder clean at once

struct CollisionCount: Sendable {
    var runs = 0, runsLosing = 0, finished = 0, expiredLeft = 0
}

enum CleanCollision {
    /// Two models of Kingfisher's clean on one folder (two `ImageCache`s with the same name both
    /// clean on the same background notification), their completion handlers counted.
    static func kingfisher(runs: Int, files: Int, root: URL) throws -> CollisionCount {
        var count = CollisionCount(runs: runs)
        for run in 0..<runs {
            let folder = root.appendingPathComponent("kf-\(run)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try CleanScenario.expiredFiles(in: folder, count: files)
            let models = [KingfisherCleanModel(directoryURL: folder, sizeLimit: 0), KingfisherCleanModel(directoryURL: folder, sizeLimit: 0)]
            let handlers = Tally()
            for model in models { model.cleanExpiredDiskCache { handlers.add() } }
            for model in models { model.drain() }
            count.finished += handlers.value
            if handlers.value < models.count { count.runsLosing += 1 }
            count.expiredLeft += CleanScenario.count(in: folder)
            try? FileManager.default.removeItem(at: folder)
        }
        return count
    }

    /// The same on two `HybridCache`s sharing one folder, through the `async` wrapper: how many
    /// awaits returned (each given 10 s).
    static func ours(runs: Int, files: Int, root: URL) throws -> CollisionCount {
        var count = CollisionCount(runs: runs)
        for run in 0..<runs {
            let parent = root.appendingPathComponent("ours-\(run)")
            let caches = try (0..<2).map { _ in
                HybridCache<Data>(memoryStorage: .init(config: .init(totalCostLimit: 0)),
                                  diskStorage: try DiskStorage.Backend<Data>(config: .init(name: "shared", sizeLimit: 0, directory: parent)),
                                  serializer: DataTransformableSerializer<Data>())
            }
            let folder = caches[0].diskStorage.directoryURL
            _ = try CleanScenario.expiredFiles(in: folder, count: files)
            let returned = Tally()
            let each = DispatchSemaphore(value: 0)
            for cache in caches {
                Task.detached {
                    await cache.cleanExpiredDiskCache()
                    returned.add()
                    each.signal()
                }
            }
            for _ in caches { _ = each.wait(timeout: .now() + 10) }
            count.finished += returned.value
            if returned.value < caches.count { count.runsLosing += 1 }
            count.expiredLeft += CleanScenario.count(in: folder)
            try? FileManager.default.removeItem(at: parent)
        }
        return count
    }
}

// MARK: A cache folder with a sub-folder in it

struct NestedLayoutRun: Sendable {
    /// What the clean counted before it started, what it left, and whether it finished.
    var countedBytes = 0, folderEntryBytes = 0
    var expiredPassRemoved = 0
    var thumbnailsLeft = 0, ownFilesLeft = 0
    var nestedFolderLeft = false
    var handlerRan = false
    var removedNames: [String] = []
}

enum NestedLayout {
    static let nestedFolder = "com.onevcat.Kingfisher.ImageCache.thumbnails"
    static let thumbnails = ["thumb-0", "thumb-1", "thumb-2"]
    static let ownFiles = (0..<5).map { "image-\($0)" }
    static let fileBytes = 1_000
    static let sizeLimit: UInt = 6_000

    /// Three thumbnails in a sub-folder (last accessed 60, 50, 40 minutes ago), then the cache's own
    /// five files (30 … 10 minutes ago), then the sub-folder's dates (5 minutes ago: it looks expired
    /// to a pass that would not skip folders). All of 1000 bytes, valid for an hour. Written in
    /// that order, 10 ms apart: on Linux, where `creationDate` reads as the change time, the order
    /// of the writes is the order of "last access".
    static func make(in folder: URL) throws {
        let now = Date().timeIntervalSince1970.rounded(.down)
        let nested = folder.appendingPathComponent(nestedFolder, isDirectory: true)
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let files = thumbnails.map { nested.appendingPathComponent($0) } + ownFiles.map { folder.appendingPathComponent($0) }
        let minutesAgo = [60, 50, 40, 30, 25, 20, 15, 10]
        for (url, minutes) in zip(files, minutesAgo) {
            try Data(repeating: 1, count: fileBytes).write(to: url)
            try FileDatesOnDisk(lastAccess: Date(timeIntervalSince1970: now - Double(minutes * 60)),
                                expiration: Date(timeIntervalSince1970: now + 3_600)).write(to: url.path)
            Thread.sleep(forTimeInterval: 0.01)
        }
        try FileDatesOnDisk(lastAccess: Date(timeIntervalSince1970: now - 300), expiration: Date(timeIntervalSince1970: now - 300))
            .write(to: nested.path)
    }

    static func tally(_ folder: URL, into run: inout NestedLayoutRun) {
        let nested = folder.appendingPathComponent(nestedFolder)
        run.nestedFolderLeft = FileManager.default.fileExists(atPath: nested.path)
        run.thumbnailsLeft = thumbnails.filter { FileManager.default.fileExists(atPath: nested.appendingPathComponent($0).path) }.count
        run.ownFilesLeft = ownFiles.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }.count
    }

    /// Kingfisher's clean (the model), size limit 6000 bytes.
    static func kingfisher(in folder: URL) throws -> NestedLayoutRun {
        try make(in: folder)
        var run = NestedLayoutRun()
        let removed = LockedList<String>()
        let model = KingfisherCleanModel(directoryURL: folder, sizeLimit: sizeLimit, onCleaned: { removed.append(contentsOf: $0) })
        run.countedBytes = Int(try model.totalSize())
        run.folderEntryBytes = (try? folder.appendingPathComponent(nestedFolder).resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) ?? 0
        run.expiredPassRemoved = try model.removeExpiredValues().count
        let ran = Flag()
        model.cleanExpiredDiskCache { ran.set() }
        model.drain()
        run.handlerRan = ran.isSet
        run.removedNames = removed.values
        tally(folder, into: &run)
        return run
    }

    /// Our HybridCache's clean on the same layout, inside its own folder.
    static func ours(in parent: URL) throws -> NestedLayoutRun {
        let disk = try DiskStorage.Backend<Data>(config: .init(name: "nested", sizeLimit: sizeLimit, directory: parent))
        let cache = HybridCache<Data>(memoryStorage: .init(config: .init(totalCostLimit: 0)), diskStorage: disk,
                                      serializer: DataTransformableSerializer<Data>())
        try make(in: disk.directoryURL)
        var run = NestedLayoutRun()
        run.countedBytes = Int(try disk.totalSize())
        let removed = LockedList<String>()
        let observer = NotificationCenter.default.addObserver(forName: .KFDDidCleanDiskCache, object: cache, queue: nil) { note in
            removed.append(contentsOf: note.userInfo?[KFDDiskCacheCleanedHashKey] as? [String] ?? [])
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        run.handlerRan = waitForCallback(timeout: 30) { done in cache.cleanExpiredDiskCache { done(true) } } ?? false
        run.removedNames = removed.values
        tally(disk.directoryURL, into: &run)
        return run
    }
}

// MARK: The two parts

extension Chapter {

    static func cleanNeverReturns(_ lab: Lab) throws {
        lab.part("cleanNeverReturns", "Kingfisher's clean: one removeFile that throws, and an await that never returns")
        lab.claim("In Kingfisher 8.11.0 the clean's removals and its completion handler share one `do { … } catch {}`\n"
                  + "(Sources/Cache/ImageCache.swift:896–917): a removeFile that throws — a file gone between the\n"
                  + "listing and the removal — skips the handler, and `await cleanExpiredDiskCache()` never returns.",
                  ko: "Kingfisher 8.11.0에서 clean의 삭제들과 completion handler는 `do { … } catch {}` 하나를 함께 쓴다\n"
                      + "(Sources/Cache/ImageCache.swift:896–917): 목록을 만든 뒤 지우기 전에 사라진 파일 하나 때문에\n"
                      + "removeFile이 throw하면 handler를 건너뛰고, `await cleanExpiredDiskCache()`는 끝내 돌아오지 않는다.")
        let wait = Double(lab.size(quick: 500, full: 1_000)) / 1_000
        let runs = lab.size("runs", quick: 10, full: 20), files = 30
        lab.run("1) forced, in a child process: the model of Kingfisher's clean (Lab/KingfisherCleanModel.swift) lists\n"
                + "5 expired files and is paused before its first removal; one of them is removed meanwhile (another\n"
                + "cache on the same folder, or the system); then `await cleanExpiredDiskCache()` gets \(wait) s to return.\n"
                + "2) free: \(runs) runs, two caches on one folder of \(files) expired files clean at once (two ImageCaches\n"
                + "with the same name both clean on the same background notification); completion handlers counted.\n"
                + "3) the same \(runs) free runs on two of our HybridCaches, through `await cleanExpiredDiskCache()`.")

        let child = lab.child("kingfisherCleanForced", ["\(wait)"], timeout: 30, environment: noBacktrace)
        let forced = child.succeeded ? JSONValue.parse(child.stdout.split(separator: "\n").last.map(String.init) ?? "") : nil
        let returned = forced?["returned"] == .bool(true)
        lab.record("childOutcome", .string(child.succeeded ? "finished" : child.outcome))
        lab.measured("forcedReturned", returned, "Kingfisher's model, forced: the await returned",
                     forced == nil ? "the child \(child.outcome)" : returned ? "yes" : "no: did not return within \(wait) s")
        let left = forced?["filesLeft"]?.intValue ?? -1
        lab.measured("forcedFilesLeft", left, "expired files still there (5 listed, 1 removed meanwhile)")
        let leak = misuseLine(child.stderr)
        lab.record("forcedLeakWarning", .bool(leak?.contains("leaked its continuation") == true))
        if let leak { lab.show(leak) }

        let root = try ScratchFolder("ch10-collide")
        defer { root.remove() }
        let kingfisher = try CleanCollision.kingfisher(runs: runs, files: files, root: root.url)
        lab.record("kingfisher", .object(["runsLosing": .int(kingfisher.runsLosing), "handlersRun": .int(kingfisher.finished),
                                          "expiredLeft": .int(kingfisher.expiredLeft)]))
        lab.measured("kingfisherRunsLosing", kingfisher.runsLosing, "Kingfisher's model, free: runs where a handler never ran",
                     "\(kingfisher.runsLosing) of \(runs)")
        lab.measured("kingfisherHandlersRun", kingfisher.finished, "handlers that ran", "\(kingfisher.finished) of \(2 * runs)")
        let ours = try CleanCollision.ours(runs: runs, files: files, root: root.url)
        lab.record("ours", .object(["runsLosing": .int(ours.runsLosing), "awaitsReturned": .int(ours.finished),
                                    "expiredLeft": .int(ours.expiredLeft)]))
        lab.measured("oursRunsLosing", ours.runsLosing, "our HybridCache, free: runs where an await never returned",
                     "\(ours.runsLosing) of \(runs)")
        lab.measured("oursAwaitsReturned", ours.finished, "awaits that returned", "\(ours.finished) of \(2 * runs)")
        lab.measured("oursExpiredLeft", ours.expiredLeft, "expired files left after our cleans")

        let forcedText = returned ? "the forced await returned (not what 8.11's code does: see the model)"
                                  : "the forced await did not return within \(wait) s"
        lab.conclude("Kingfisher's model: \(forcedText), and \(left) expired files stayed — the rest of the clean was skipped\n"
                     + "too. Free, \(kingfisher.runsLosing) of \(runs) runs lost a handler. Ours: \(ours.runsLosing) of \(runs) runs lost an\n"
                     + "await — each removal takes \"already gone\" as done (FileSystem.unlinkIfPresent), each step is a\n"
                     + "`try?` of its own, and the completion runs on every path (HybridCache.cleanExpiredDiskCache).",
                     ko: "Kingfisher 모델: " + (returned ? "강제한 await가 돌아왔다 (8.11의 코드와 다르다: 모델을 보자)" : "강제한 await는 \(wait) s 안에 돌아오지 않았다")
                         + ". 만료된 파일 \(left)개도 그대로 남았다 — clean의 나머지까지\n"
                         + "건너뛴 것이다. 자유 실행에서는 \(runs)번 중 \(kingfisher.runsLosing)번 handler 하나가 끝내 불리지 않았다. 우리 것은\n"
                         + "\(runs)번 중 \(ours.runsLosing)번 await가 돌아오지 않았다 — 삭제마다 \"이미 없음\"을 완료로 보고(FileSystem.unlinkIfPresent), 단계마다\n"
                         + "`try?`가 따로 있고, completion은 모든 경로에서 불린다 (HybridCache.cleanExpiredDiskCache).")
    }

    static func trimSubfolders(_ lab: Lab) throws {
        lab.part("trimSubfolders", "Kingfisher's size trim walks into sub-folders")
        lab.claim("Kingfisher 8.11.0's removeSizeExceededValues lists the folder through a recursive enumerator and\n"
                  + "keeps folders (Sources/Cache/DiskStorage.swift:465–497), unlike removeExpiredValues (445: `if\n"
                  + "meta.isDirectory { return false }`): a sub-folder's files count toward the limit, and are trimmed.",
                  ko: "Kingfisher 8.11.0의 removeSizeExceededValues는 재귀 enumerator로 폴더를 훑고 폴더도 후보에\n"
                      + "남긴다 (Sources/Cache/DiskStorage.swift:465–497). removeExpiredValues(445: `if meta.isDirectory {\n"
                      + "return false }`)와 다르다: 하위 폴더의 파일이 limit에 더해지고, trim으로 지워진다.")
        lab.run("a cache folder holding its own 5 files and a sub-folder of 3 thumbnails (another ImageCache made\n"
                + "with cacheDirectoryURL inside this one), 1000 bytes each, all valid for an hour; size limit\n"
                + "\(NestedLayout.sizeLimit) bytes — the cache's own files alone are under it. Then cleanExpiredDiskCache:\n"
                + "Kingfisher's model, and our HybridCache on the same layout")
        let scratch = try ScratchFolder("ch10-nested")
        defer { scratch.remove() }
        let kingfisher = try NestedLayout.kingfisher(in: scratch.url.appendingPathComponent("kingfisher"))
        let ours = try NestedLayout.ours(in: scratch.url.appendingPathComponent("ours"))
        lab.table(["", "bytes counted", "thumbnails left", "own files left", "sub-folder left", "handler ran"], [
            ["Kingfisher 8.11.0 (model)", "\(kingfisher.countedBytes)", "\(kingfisher.thumbnailsLeft) of 3", "\(kingfisher.ownFilesLeft) of 5",
             kingfisher.nestedFolderLeft ? "yes" : "no", kingfisher.handlerRan ? "yes" : "no"],
            ["our HybridCache", "\(ours.countedBytes)", "\(ours.thumbnailsLeft) of 3", "\(ours.ownFilesLeft) of 5",
             ours.nestedFolderLeft ? "yes" : "no", ours.handlerRan ? "yes" : "no"],
        ])
        for (name, run) in [("kingfisher", kingfisher), ("ours", ours)] {
            lab.record(name, .object(["countedBytes": .int(run.countedBytes), "thumbnailsLeft": .int(run.thumbnailsLeft),
                                      "ownFilesLeft": .int(run.ownFilesLeft), "nestedFolderLeft": .bool(run.nestedFolderLeft),
                                      "handlerRan": .bool(run.handlerRan), "removed": .array(run.removedNames.map { .string($0) })]))
        }
        lab.measured("folderEntryBytes", kingfisher.folderEntryBytes, "the sub-folder's own fileSize, counted by Kingfisher's total",
                     "\(kingfisher.folderEntryBytes) bytes (\(Platform.name))")
        lab.measured("expiredPassRemoved", kingfisher.expiredPassRemoved, "Kingfisher's expired pass: entries removed (the sub-folder's dates are past)")
        lab.show("Kingfisher's model removed, in order: " + (kingfisher.removedNames.isEmpty ? "nothing" : kingfisher.removedNames.joined(separator: ", ")))
        let lostOthers = kingfisher.thumbnailsLeft < NestedLayout.thumbnails.count
        let trimmedUnderLimit = kingfisher.ownFilesLeft < NestedLayout.ownFiles.count
        var harm: [String] = []
        if lostOthers { harm.append("another cache's data went") }
        if trimmedUnderLimit { harm.append("a cache under its limit was trimmed") }
        let harmKo = switch (lostOthers, trimmedUnderLimit) {
        case (true, true): " 다른 캐시의 데이터가 사라졌고, limit 아래의 캐시가 trim됐다."
        case (true, false): " 다른 캐시의 데이터가 사라졌다."
        case (false, true): " limit 아래의 캐시가 trim됐다."
        case (false, false): ""
        }
        lab.conclude("Kingfisher's trim counted \(kingfisher.countedBytes) bytes where the cache's own files are 5000, and left\n"
                     + "\(kingfisher.thumbnailsLeft) of 3 thumbnails and \(kingfisher.ownFilesLeft) of 5 own files" + (harm.isEmpty ? "" : ": " + harm.joined(separator: ", and ")) + ".\n"
                     + "The expired pass skipped the sub-folder (\(kingfisher.expiredPassRemoved) removed).\n"
                     + "Ours counted \(ours.countedBytes) bytes and left \(ours.thumbnailsLeft) thumbnails and \(ours.ownFilesLeft) own files: its\n"
                     + "scans read one folder level and skip sub-folders (DiskStorageBackend.scanFolder).",
                     ko: "Kingfisher의 trim은 캐시 자신의 파일이 5000 바이트인데 \(kingfisher.countedBytes) 바이트로 셌고, 썸네일 3개 중\n"
                         + "\(kingfisher.thumbnailsLeft)개, 자기 파일 5개 중 \(kingfisher.ownFilesLeft)개를 남겼다." + harmKo + "\n"
                         + "만료 패스는 하위 폴더를 건너뛰었다 (\(kingfisher.expiredPassRemoved)개 삭제).\n"
                         + "우리 것은 \(ours.countedBytes) 바이트로 셌고 썸네일 \(ours.thumbnailsLeft)개, 자기 파일 \(ours.ownFilesLeft)개를 남겼다:\n"
                         + "스캔이 폴더 한 단계만 읽고 하위 폴더는 건너뛴다 (DiskStorageBackend.scanFolder).")
    }
}

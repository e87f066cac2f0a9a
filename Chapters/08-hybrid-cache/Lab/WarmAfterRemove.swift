// Chapter 8, part `warmUndoesRemove`: Kingfisher 8.11's disk hit warms memory in the callback, after
// the `ioQueue` block that read the disk has ended; a `removeImage` that comes in between is undone.
// A model of the steps whose order matters (Kingfisher 8.11.0, Sources/Cache/ImageCache.swift),
// then our HybridCache in the same scenario, both ways it reads the disk.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

/// `retrieveImage` and `removeImage` of Kingfisher 8.11.0's ImageCache, reduced to their order.
// @unchecked Sendable: `memory` is only touched while holding `memoryLock`; the rest is immutable.
final class KingfisherRetrieveModel: @unchecked Sendable {
    let folder: URL
    /// MemoryStorage, whose own lock makes each call atomic, as this one does. An NSLock, not a
    /// Mutex: a contended Mutex on Linux waits in the kernel, where ThreadSanitizer cannot see it.
    private let memoryLock = NSLock()
    private var memory: [String: Data] = [:]
    let ioQueue = DispatchQueue(label: "model.ImageCache.ioQueue")
    /// Stands in for the main queue: `retrieveImage`'s default `callbackQueue` is `.mainCurrentOrAsync`,
    /// which from `ioQueue` is `DispatchQueue.main.async`; nothing runs the real main queue here.
    let callbackQueue = DispatchQueue(label: "model.main")
    /// In the callback, before the warm: "the main queue is busy with something else".
    let beforeWarming = PausePoint()

    init(folder: URL) { self.folder = folder }

    func fileURL(_ key: String) -> URL { folder.appendingPathComponent(key) }
    func isInMemory(_ key: String) -> Bool { memoryLock.withLock { memory[key] != nil } }

    /// ImageCache.swift:608–664 and 739–787. Memory first (618); on a miss the disk is read on
    /// `ioQueue` (746–747: `loadingQueue … .dispatch(ioQueue)`), and the result goes back through
    /// `callbackQueue.execute { outcomeHandler(.success(.image(image))) }` (779); only there,
    /// `self.store(image, forKey: key, options: cacheOptions, toDisk: false)` (649–653) puts it in memory.
    func retrieveImage(forKey key: String, completion: @escaping @Sendable (CacheType) -> Void) {
        if isInMemory(key) {
            callbackQueue.async { completion(.memory) }
            return
        }
        ioQueue.async {
            guard let data = try? Data(contentsOf: self.fileURL(key)) else {
                self.callbackQueue.async { completion(.none) }
                return
            }
            self.callbackQueue.async {
                self.beforeWarming.pass()
                self.memoryLock.withLock { self.memory[key] = data }
                completion(.disk)
            }
        }
    }

    /// ImageCache.swift:561–594: `memoryStorage.remove(forKey: computedKey)` at once (572–573), the
    /// file in `ioQueue.async { … try self.diskStorage.remove(…) … }` (583–590); the handler runs
    /// there (`callbackQueue` `.untouch`).
    func removeImage(forKey key: String, completion: @escaping @Sendable () -> Void) {
        memoryLock.withLock { memory[key] = nil }
        ioQueue.async {
            try? FileManager.default.removeItem(at: self.fileURL(key))
            completion()
        }
    }
}

/// Passes bytes through, with a pause point between the disk read and the warm: our HybridCache
/// decodes inside the read block, so its serializer is where that window can be held open.
struct PausingSerializer: CacheSerializer {
    let pause: PausePoint
    func data(with value: Data, original: Data?) throws -> Data { original ?? value }
    func value(with data: Data) throws -> Data {
        pause.pass()
        return data
    }
}

/// One retrieve, one remove of the same key, and what memory holds once both have finished.
struct WarmRun: Sendable {
    var removedValueInMemory = false
    var fileLeft = false
    var bothFinished = false
}

enum WarmScenario {
    static let bytes = Data(repeating: 7, count: 4_096)

    /// Waits for `semaphore` at most 10 s.
    static func arrived(_ semaphore: DispatchSemaphore) -> Bool { semaphore.wait(timeout: .now() + 10) == .success }

    /// Spins for `nanoseconds` (a sleep would be far coarser than the window).
    static func spin(_ nanoseconds: UInt64) {
        let until = DispatchTime.now().uptimeNanoseconds + nanoseconds
        while DispatchTime.now().uptimeNanoseconds < until {}
    }

    // MARK: Kingfisher's model

    static func kingfisherForced(_ model: KingfisherRetrieveModel, key: String) throws -> WarmRun {
        try bytes.write(to: model.fileURL(key))
        let retrieved = DispatchSemaphore(value: 0), removed = DispatchSemaphore(value: 0)
        model.beforeWarming.arm()
        model.retrieveImage(forKey: key) { _ in retrieved.signal() }
        var run = WarmRun()
        guard model.beforeWarming.waitUntilReached(seconds: 10) else { return run }
        // The disk was read; its callback waits its turn on the main queue. The remove runs whole.
        model.removeImage(forKey: key) { removed.signal() }
        let removeDone = arrived(removed)
        model.beforeWarming.release()
        run.bothFinished = removeDone && arrived(retrieved)
        run.removedValueInMemory = model.isInMemory(key)
        run.fileLeft = FileManager.default.fileExists(atPath: model.fileURL(key).path)
        return run
    }

    static func kingfisherFree(_ model: KingfisherRetrieveModel, key: String, delay: UInt64) throws -> WarmRun {
        try bytes.write(to: model.fileURL(key))
        let retrieved = DispatchSemaphore(value: 0), removed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { model.retrieveImage(forKey: key) { _ in retrieved.signal() } }
        DispatchQueue.global().async {
            spin(delay)
            model.removeImage(forKey: key) { removed.signal() }
        }
        var run = WarmRun()
        run.bothFinished = arrived(retrieved) && arrived(removed)
        model.callbackQueue.sync {}
        run.removedValueInMemory = model.isInMemory(key)
        run.fileLeft = FileManager.default.fileExists(atPath: model.fileURL(key).path)
        return run
    }

    // MARK: Our HybridCache

    static func options(synchronous: Bool) -> CacheOptions {
        var options = CacheOptions()
        options.loadDiskFileSynchronously = synchronous
        return options
    }

    static func oursForced(_ cache: HybridCache<Data>, _ pause: PausePoint, key: String, synchronous: Bool) throws -> WarmRun {
        try cache.diskStorage.store(value: bytes, forKey: key)
        let retrieved = DispatchSemaphore(value: 0), removed = DispatchSemaphore(value: 0)
        pause.arm()
        DispatchQueue.global().async {
            cache.retrieveImage(forKey: key, options: options(synchronous: synchronous)) { _ in retrieved.signal() }
        }
        var run = WarmRun()
        guard pause.waitUntilReached(seconds: 10) else { return run }
        // Read from disk, not yet decoded nor warmed. Asynchronously, the read holds `ioQueue`, so
        // the remove's own block waits behind it; synchronously, the remove runs whole meanwhile.
        cache.removeImage(forKey: key) { _ in removed.signal() }
        let removeDoneFirst = synchronous ? arrived(removed) : true
        pause.release()
        run.bothFinished = removeDoneFirst && arrived(retrieved) && (synchronous || arrived(removed))
        run.removedValueInMemory = cache.memoryStorage.isCached(forKey: key)
        run.fileLeft = cache.diskStorage.isCached(forKey: key)
        return run
    }

    static func oursFree(_ cache: HybridCache<Data>, key: String, synchronous: Bool, delay: UInt64) throws -> WarmRun {
        try cache.diskStorage.store(value: bytes, forKey: key)
        let retrieved = DispatchSemaphore(value: 0), removed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            cache.retrieveImage(forKey: key, options: options(synchronous: synchronous)) { _ in retrieved.signal() }
        }
        DispatchQueue.global().async {
            spin(delay)
            cache.removeImage(forKey: key) { _ in removed.signal() }
        }
        var run = WarmRun()
        run.bothFinished = arrived(retrieved) && arrived(removed)
        run.removedValueInMemory = cache.memoryStorage.isCached(forKey: key)
        run.fileLeft = cache.diskStorage.isCached(forKey: key)
        return run
    }
}

extension Chapter {

    static func warmUndoesRemove(_ lab: Lab, folder: URL) throws {
        lab.part("warmUndoesRemove", "Kingfisher's warm runs in the callback: a remove in between is undone")
        lab.claim("Kingfisher 8.11.0 reads the disk in an ioQueue block and warms memory in the callback, after that\n"
                  + "block (Sources/Cache/ImageCache.swift:779, 649–653). A removeImage between the two removes memory\n"
                  + "(nothing there yet) and the file; then the warm stores the removed value, and memory serves it.",
                  ko: "Kingfisher 8.11.0은 ioQueue 블록에서 디스크를 읽고, 그 블록이 끝난 뒤 콜백에서 메모리를 워밍한다\n"
                      + "(Sources/Cache/ImageCache.swift:779, 649–653). 그 사이에 온 removeImage는 메모리(아직 비어 있음)와\n"
                      + "파일을 지운다. 그다음 워밍이 지워진 값을 저장하고, 메모리가 그 값을 내준다.")
        let runs = lab.size("runs", quick: 40, full: 200)
        lab.run("1) forced: the model (Lab/WarmAfterRemove.swift) reads a 4 KiB value from disk; its callback is held\n"
                + "before the warm (the main queue busy) while a removeImage runs whole; then the callback goes on.\n"
                + "2) free: \(runs) runs, a retrieve and a removeImage of the same key from two threads, the remove\n"
                + "0–200 µs later (seeded). 3) our HybridCache, the same both ways: the read on ioQueue (the default) and\n"
                + "loadDiskFileSynchronously (the read on the caller's thread), the window held open in the serializer.\n"
                + "Kept: the removed value still in memory once both calls have finished.")
        let model = KingfisherRetrieveModel(folder: folder.appendingPathComponent("warm-model"))
        try FileManager.default.createDirectory(at: model.folder, withIntermediateDirectories: true)
        let pause = PausePoint()
        let disk = try DiskStorage.Backend<Data>(config: .init(name: "warm", sizeLimit: 0, directory: folder))
        let cache = HybridCache<Data>(memoryStorage: .init(config: .init(totalCostLimit: 0)), diskStorage: disk,
                                      serializer: PausingSerializer(pause: pause))

        let kfForced = try WarmScenario.kingfisherForced(model, key: "forced")
        let oursAsync = try WarmScenario.oursForced(cache, pause, key: "forced-async", synchronous: false)
        let oursSync = try WarmScenario.oursForced(cache, pause, key: "forced-sync", synchronous: true)

        var generator = SeededGenerator(seed: lab.options.seed)
        var bad = [0, 0, 0], unfinished = 0
        for run in 0..<runs {
            let delay = generator.next() % 200_000
            let results = [try WarmScenario.kingfisherFree(model, key: "free-\(run)", delay: delay),
                           try WarmScenario.oursFree(cache, key: "free-async-\(run)", synchronous: false, delay: delay),
                           try WarmScenario.oursFree(cache, key: "free-sync-\(run)", synchronous: true, delay: delay)]
            for (index, result) in results.enumerated() {
                if result.removedValueInMemory && !result.fileLeft { bad[index] += 1 }
                if !result.bothFinished { unfinished += 1 }
            }
        }
        let yesNo = { (flag: Bool) in flag ? "yes" : "no" }
        let yesNoKo = { (flag: Bool) in flag ? "예" : "아니요" }  // the Korean sentences' twin of yesNo
        lab.table(["retrieve + removeImage", "forced: kept", "file left", "free: kept"], [
            ["Kingfisher 8.11.0 (model)", yesNo(kfForced.removedValueInMemory), yesNo(kfForced.fileLeft), "\(bad[0]) of \(runs)"],
            ["ours, read on ioQueue", yesNo(oursAsync.removedValueInMemory), yesNo(oursAsync.fileLeft), "\(bad[1]) of \(runs)"],
            ["ours, loadDiskFileSynchronously", yesNo(oursSync.removedValueInMemory), yesNo(oursSync.fileLeft), "\(bad[2]) of \(runs)"],
        ])
        for (name, forced, count) in [("kingfisher", kfForced, bad[0]), ("oursAsync", oursAsync, bad[1]), ("oursSync", oursSync, bad[2])] {
            lab.record(name, .object(["forcedInMemory": .bool(forced.removedValueInMemory), "forcedFileLeft": .bool(forced.fileLeft),
                                      "forcedFinished": .bool(forced.bothFinished), "freeInMemory": .int(count)]))
        }
        lab.measured("kingfisherFree", bad[0], "Kingfisher's model, free: removed value left in memory", "\(bad[0]) of \(runs)")
        lab.measured("oursAsyncFree", bad[1], "ours (read on ioQueue), free: the same", "\(bad[1]) of \(runs)")
        lab.measured("oursSyncFree", bad[2], "ours (loadDiskFileSynchronously), free: the same", "\(bad[2]) of \(runs)")
        lab.measured("unfinished", unfinished, "runs where a retrieve or a remove did not finish within 10 s")
        let syncSentence = oursSync.removedValueInMemory || bad[2] > 0
            ? "With loadDiskFileSynchronously ours has the same fault (\(yesNo(oursSync.removedValueInMemory)) forced, \(bad[2]) free): the read\n"
              + "and the warm run on the caller's thread, and a remove that finishes between them is undone."
            : "With loadDiskFileSynchronously: \(yesNo(oursSync.removedValueInMemory)) forced, \(bad[2]) free — the read runs on the caller's\n"
              + "thread, outside ioQueue's order, but warms only if no removal completed since it began (HybridCache.removals)."
        let syncSentenceKo = oursSync.removedValueInMemory || bad[2] > 0
            ? "loadDiskFileSynchronously이면 우리 것도 같은 결함이 있다 (강제 \(yesNoKo(oursSync.removedValueInMemory)), 자유 \(bad[2])번): 읽기와\n"
              + "워밍이 호출자의 스레드에서 돌고, 그 사이에 끝난 remove는 되돌려진다."
            : "loadDiskFileSynchronously이면: 강제 \(yesNoKo(oursSync.removedValueInMemory)), 자유 \(bad[2])번 — 읽기는 ioQueue 순서 밖,\n"
              + "호출자의 스레드에서 돌지만, 읽기를 시작한 뒤 끝난 remove가 없을 때만 워밍한다(HybridCache.removals)."
        lab.conclude("Forced, Kingfisher's model kept the removed value in memory (\(yesNo(kfForced.removedValueInMemory))); free, \(bad[0]) of \(runs) runs\n"
                     + "ended so. Ours, reading on ioQueue: \(yesNo(oursAsync.removedValueInMemory)) forced, \(bad[1]) free — the warm is in the read's\n"
                     + "block and the remove clears memory again in its own, after it. " + syncSentence,
                     ko: "강제한 순서에서 Kingfisher 모델은 지워진 값을 메모리에 남겼다 (\(yesNoKo(kfForced.removedValueInMemory))). 자유 실행은 \(runs)번 중\n"
                         + "\(bad[0])번 그렇게 끝났다. ioQueue에서 읽는 우리 것: 강제 \(yesNoKo(oursAsync.removedValueInMemory)), 자유 \(bad[1])번 — 워밍이 읽기 블록\n"
                         + "안에 있고, remove가 그 뒤 자기 블록에서 메모리를 다시 지운다. " + syncSentenceKo)
    }
}

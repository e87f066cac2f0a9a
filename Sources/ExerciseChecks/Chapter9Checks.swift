// Chapter 9's checks: the two faults of learner 002's design, fixed the way Kingfisher does.

import Dispatch
import ExerciseKit
import Foundation
import WorkbookSupport

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

/// A value with a decoded size, as 09-cost-in-bytes stores it.
public final class Picture: Sendable {
    public let width: Int, height: Int, bytesPerPixel: Int
    public init(width: Int, height: Int, bytesPerPixel: Int) {
        self.width = width; self.height = height; self.bytesPerPixel = bytesPerPixel
    }
}

public protocol CostInBytesExercise: AnyObject, Sendable {
    /// A memory cache limited to `fraction` of `physicalMemory` bytes.
    init(physicalMemory: UInt64, fraction: Double)
    func store(_ picture: Picture, forKey key: String)
    var probes: WatchedCache<Picture> { get }
}

public protocol FolderVanishedExercise: AnyObject, Sendable {
    init(folder: URL)
    /// Writes `data` as a file named `key` in the folder.
    /// - Throws: any error but a missing folder, which is recreated (once) instead.
    func store(_ data: Data, forKey key: String) throws
}

// MARK: The checks

public enum Chapter9Checks {
    /// 09-cost-in-bytes: the limit is bytes, the cost is bytes, and no machine size traps.
    public static func costInBytes<E: CostInBytesExercise>(_: E.Type, _ run: CheckRun) {
        let gib: UInt64 = 1 << 30
        let cases: [(memory: UInt64, fraction: Double, limit: Int, why: String)] = [
            (8 * gib, 0.25, Int(2 * gib), "a quarter of 8 GiB is 2 GiB, in bytes"),
            (8 * gib, 0.05, Int(Double(8 * gib) * 0.05), "5% of 8 GiB, in bytes (not in megabytes)"),
            (3, 0.25, 0, "a quarter of 3 bytes rounds down to 0"),
            (UInt64.max, 1.0, Int.max, "all of an enormous memory is more than Int.max: the limit stops at Int.max (and must not trap)"),
            // Exactly 2^63 bytes: Double(Int.max) rounds up to 2^63, so `bytes > Double(Int.max)` is
            // false here and Int(bytes) traps. The clamp must include its boundary.
            (1 << 63, 1.0, Int.max, "2^63 bytes is one more than Int.max: the limit stops at Int.max (and must not trap)"),
            (1 << 62, 1.0, 1 << 62, "2^62 bytes fits in an Int: the limit is exactly that"),
            (16 * gib, 1.0 / 3.0, Int(Double(16 * gib) / 3.0), "a third of 16 GiB, rounded down to whole bytes"),
        ]
        for item in cases {
            let cache = E(physicalMemory: item.memory, fraction: item.fraction)
            let limit = cache.probes.totalCostLimit
            run.expect(limit == item.limit, "with \(item.memory) bytes and fraction \(item.fraction) the limit is \(limit), expected \(item.limit): \(item.why)")
        }
        let cache = E(physicalMemory: 8 * gib, fraction: 0.25)
        let costs = LockedList<Int>()
        cache.probes.watch { event in if case .set(_, let cost) = event { costs.append(cost) } }
        // Pictures of 1 to 16 bytes per pixel, of every shape, under mixed-case keys.
        let pictures = [(64, 32, 4), (1, 1, 1), (3, 5, 16), (1_000, 1, 2), (7, 9, 3)]
        for (index, shape) in pictures.enumerated() {
            let key = "Picture-\(index)-A"
            let before = costs.values.count
            cache.store(Picture(width: shape.0, height: shape.1, bytesPerPixel: shape.2), forKey: key)
            let given = Array(costs.values.dropFirst(before))
            let bytes = shape.0 * shape.1 * shape.2
            run.expect(given == [bytes], "a \(shape.0)×\(shape.1) picture of \(shape.2) bytes per pixel must be stored once with cost \(bytes) "
                       + "(its decoded bytes); costs given: \(given)" + (given == [0] ? " — with no cost (0), no limit ever applies" : ""))
            run.expect(cache.probes.contains(key), "the picture was not stored under its key \"\(key)\" (keys are used as given)")
        }
        cache.probes.watch(nil)
    }

    /// 09-folder-vanished: a store into a vanished folder recreates it and retries once; every
    /// other failure reaches the caller.
    public static func folderVanished<E: FolderVanishedExercise>(_: E.Type, _ run: CheckRun) {
        let fileManager = FileManager.default
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("kfd-check-\(UUID().uuidString)", isDirectory: true)
        let folder = base.appendingPathComponent("cache", isDirectory: true)
        defer { try? fileManager.removeItem(at: base) }
        do { try fileManager.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            run.fail("the check could not create its folder \(folder.path): \(error)")
            return
        }
        let storage = E(folder: folder)
        /// Runs one store on its own thread, bounded: an endless retry loop is reported, not waited for.
        func store(_ key: String) -> (finished: Bool, error: Error?) {
            let outcome = LockedValue<Error?>(nil)
            let done = spawn {
                do { try storage.store(Data(key.utf8), forKey: key) } catch { outcome.set(error) }
            }
            return (signalled(done, within: 3), outcome.get())
        }
        /// Whether the folder lists a file named exactly `key` holding the key's bytes (compared by
        /// listing, not by path: a case-insensitive disk would find "b" under "B").
        func exists(_ key: String) -> Bool {
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains(key) && fileManager.contents(atPath: folder.appendingPathComponent(key).path) == Data(key.utf8)
        }

        let plain = store("Photo-A")
        run.expect(plain.finished && plain.error == nil && exists("Photo-A"),
                   "storing \"Photo-A\" into the folder " + (plain.error.map { "threw \(describe($0))" } ?? "did not leave a file named \"Photo-A\" with its data"))

        try? fileManager.removeItem(at: folder)   // the system purged Library/Caches, or a user cleaned up
        let vanished = store("Photo-B")
        guard vanished.finished else { run.fail("store into a vanished folder never returned: a retry loop without end?"); return }
        run.expect(vanished.error == nil && exists("Photo-B"),
                   "store into a vanished folder must recreate the folder and retry; it \(vanished.error.map { "threw \(describe($0))" } ?? "wrote nothing")")

        // The folder and its parent vanished (the whole Caches folder was purged): make both again.
        try? fileManager.removeItem(at: base)
        let deep = store("Photo-D")
        guard deep.finished else { run.fail("store after the folder and its parent vanished never returned"); return }
        run.expect(deep.error == nil && exists("Photo-D"), "store after the folder *and its parent* vanished must recreate both "
                   + "(intermediate folders too) and retry; it \(deep.error.map { "threw \(describe($0))" } ?? "wrote nothing")")

        // The folder vanished and cannot be made again (a file where its parent was): the retry's
        // failure must reach the caller, not be swallowed.
        try? fileManager.removeItem(at: base)
        guard fileManager.createFile(atPath: base.path, contents: Data("not a folder".utf8)) else {
            run.fail("the check could not put a file at \(base.path)")
            return
        }
        let impossible = store("Photo-E")
        guard impossible.finished else { run.fail("store into a folder that cannot be recreated never returned: retry once, then give up"); return }
        run.expect(impossible.error != nil, "store into a vanished folder that cannot be recreated reported nothing: when the retry "
                   + "fails too, its error must reach the caller")
        try? fileManager.removeItem(at: base)
        do { try fileManager.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            run.fail("the check could not recreate its folder \(folder.path): \(error)")
            return
        }

        // A file where the folder should be: recreating cannot help; the error must reach the caller.
        try? fileManager.removeItem(at: folder)
        guard fileManager.createFile(atPath: folder.path, contents: Data("not a folder".utf8)) else {
            run.fail("the check could not put a file at \(folder.path)")
            return
        }
        let blocked = store("Photo-C")
        guard blocked.finished else {
            run.fail("store where a file blocks the folder never returned: retry once, then give up with the error")
            return
        }
        run.expect(blocked.error != nil, "store where a file blocks the folder reported nothing: the error must reach the caller")
    }

    /// An error as a learner reads it: its domain, code and message, without Foundation's
    /// user-info dump of temporary paths.
    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).map { " (underlying: \($0.domain) \($0.code))" } ?? ""
        return "\(nsError.domain) error \(nsError.code), \"\(nsError.localizedDescription)\"\(underlying)"
    }
}

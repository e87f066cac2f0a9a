// Where a disk hit's time goes: each step of `DiskStorage.Backend.value(forKey:)` timed alone, on
// the same key and file, beside the whole hit (the steps overlap: see `overlapNote`). Experiments/disk-overhead prints it in release;
// chapter 8 prints it in whatever build it runs in (and says which).

import Foundation
import KFDCache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum DiskHitAnatomy {
    /// What rewrites a file's dates after a hit on this backend — what `FileDates.write` calls for
    /// its `lastAccessAttribute`: `utimensat` for `.contentAccessDate` (the Linux default), or
    /// `FileManager.setAttributes` for `.creationDate` (the Apple default: only Foundation writes a
    /// creation date).
    public static func dateRewrite(_ backend: DiskStorage.Backend<Data>) -> String {
        backend.config.lastAccessAttribute == .contentAccessDate ? "utimensat" : "FileManager.setAttributes"
    }

    /// How a store sets the new file's dates on this backend: on the open file, with `futimens`,
    /// or, for `.creationDate`, with `FileManager.setAttributes` on the temporary file before the rename.
    public static func storeDates(_ backend: DiskStorage.Backend<Data>) -> String {
        backend.config.lastAccessAttribute == .contentAccessDate ? "futimens on the open file" : "FileManager.setAttributes before the rename"
    }

    /// The note that goes under the table: the rows are not parts of one sum.
    public static let overlapNote = "The rows overlap: the shortcut row finds the key's file name itself, and the whole hit\n"
        + "takes the name, the path, the shortcut and the system calls once each — not the date rewrite,\n"
        + "which .none does not ask for. So the rows add up to more than the whole. Both ask about one key\n"
        + "again and again: its name comes from the storage's table of recent keys, not from a new SHA-256."

    /// (step, time per call), in the order a hit takes them. The date rewrite row is what this
    /// backend runs (see `dateRewrite`), so the table is true on either platform.
    public static func measure(_ backend: DiskStorage.Backend<Data>, key: String, rounds: Int, operations: Int) -> [(String, BenchResult)] {
        let path = backend.cacheFileURL(forKey: key).path
        let folder = backend.directoryURL.path
        let name = key.kfd.sha256
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        func floorRead() -> Int {
            var status = stat()
            guard stat(path, &status) == 0 else { return 0 }
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return 0 }
            defer { close(fd) }
            return buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min(Int(status.st_size), $0.count)) }
        }
        let now = Int(Date().timeIntervalSince1970)
        let config = backend.config
        let rewrite: (String, BenchResult)
        if config.lastAccessAttribute == .contentAccessDate {
            rewrite = ("utimensat (the date rewrite, on the meta queue)", Bench.measure(rounds: rounds, operations: operations) { count in
                var times = [timespec(tv_sec: now, tv_nsec: 0), timespec(tv_sec: now + 3_600, tv_nsec: 0)]
                for _ in 0..<count { blackHole(utimensat(AT_FDCWD, path, &times, 0)) } })
        } else {
            // What FileDates.write runs for .creationDate: both dates in one Foundation call.
            let lastAccess = Date(timeIntervalSince1970: TimeInterval(now))
            let attributes: [FileAttributeKey: Any] = [.creationDate: lastAccess, .modificationDate: lastAccess.addingTimeInterval(3_600)]
            rewrite = ("FileManager.setAttributes (the date rewrite, on the meta queue)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole((try? config.fileManager.setAttributes(attributes, ofItemAtPath: path)) != nil) } })
        }
        return [
            ("SHA-256 of the key (the file name)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole(key.kfd.sha256.utf8.count) } }),
            ("the path: folder + \"/\" + name", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole((folder + "/" + name).utf8.count) } }),
            ("the maybeCached shortcut (config + the key's name + lock + lookup)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole(backend.isMaybeCached(forKey: key) ? 1 : 0) } }),
            ("stat + open + read + close (the floor)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole(floorRead()) } }),
            rewrite,
            ("the whole hit, .none (KFDCache)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole((try? backend.value(forKey: key, extendingExpiration: .none))??.count ?? 0) } }),
        ]
    }
}

// Where a disk hit's time goes: each step of `DiskStorage.Backend.value(forKey:)` timed alone, on
// the same key and file, beside the whole hit. Experiments/disk-overhead prints it in release;
// chapter 8 prints it in whatever build it runs in (and says which).

import Foundation
import KFDCache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum DiskHitAnatomy {
    /// (step, ns per call), in the order a hit takes them.
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
        return [
            ("SHA-256 of the key (the file name)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole(key.kfd.sha256.utf8.count) } }),
            ("the path: folder + \"/\" + name", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole((folder + "/" + name).utf8.count) } }),
            ("the maybeCached shortcut (config + hash + lock + lookup)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole(backend.isMaybeCached(forKey: key) ? 1 : 0) } }),
            ("stat + open + read + close (the floor)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole(floorRead()) } }),
            ("utimensat (the date rewrite, on the meta queue)", Bench.measure(rounds: rounds, operations: operations) { count in
                var times = [timespec(tv_sec: now, tv_nsec: 0), timespec(tv_sec: now + 3_600, tv_nsec: 0)]
                for _ in 0..<count { blackHole(utimensat(AT_FDCWD, path, &times, 0)) } }),
            ("the whole hit, .none (KFDCache)", Bench.measure(rounds: rounds, operations: operations) { count in
                for _ in 0..<count { blackHole((try? backend.value(forKey: key, extendingExpiration: .none))??.count ?? 0) } }),
        ]
    }
}

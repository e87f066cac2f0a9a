// One disk operation, repeated, and nothing else: what `Experiments/count-instructions.sh` runs
// under `valgrind --tool=callgrind`. Callgrind counts the instructions run in user space; a system
// call's own work happens in the kernel and is not counted, so these counts show what the library
// adds around its system calls (a certain miss makes none: its count is the whole of it).

import Foundation
import KFDCache
import WorkbookSupport

enum DiskInstructionProbe {
    /// `KFD_INSTRUCTION_PROBE=<operation>:<count>`; nil when the variable is not set.
    static var requested: (operation: String, count: Int)? {
        guard let value = ProcessInfo.processInfo.environment["KFD_INSTRUCTION_PROBE"] else { return nil }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let count = Int(parts[1]), count > 0 else { return nil }
        return (String(parts[0]), count)
    }

    /// Runs `operation` `count` times over 100 stored 1 KiB values; false for an unknown name.
    static func run(_ operation: String, count: Int) throws -> Bool {
        let scratch = try ScratchFolder("instruction-probe")
        defer { scratch.remove() }
        let backend = try DiskStorage.Backend<Data>(config: .init(name: "probe", sizeLimit: 0, directory: scratch.url))
        let keys = (0..<100).map { "https://images.example/1024/\($0).png" }
        let missing = (0..<100).map { "https://images.example/never/\($0).png" }
        for key in keys { try backend.store(value: Data(repeating: 7, count: 1 << 10), forKey: key) }
        backend.waitForInitialScan()
        switch operation {
        case "sha256-key": for i in 0..<count { blackHole(keys[i % 100].kfd.sha256.utf8.count) }
        case "disk-miss": for i in 0..<count { blackHole(backend.isCached(forKey: missing[i % 100]) ? 1 : 0) }
        case "disk-isCached": for i in 0..<count { blackHole(backend.isCached(forKey: keys[i % 100]) ? 1 : 0) }
        case "disk-hit-none":
            for i in 0..<count { blackHole((try? backend.value(forKey: keys[i % 100], extendingExpiration: .none))??.count ?? 0) }
        default: return false
        }
        return true
    }
}

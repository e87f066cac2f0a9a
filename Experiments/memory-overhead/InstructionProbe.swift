// One operation, repeated, and nothing else: what `Experiments/count-instructions.sh` runs under
// `valgrind --tool=callgrind` to count the instructions an operation executes. Wall-clock figures
// on a shared 2-core machine wobble by tens of percent; instruction counts do not.

import Foundation
import KFDCache
import WorkbookSupport

enum MemoryInstructionProbe {
    /// `KFD_INSTRUCTION_PROBE=<operation>:<count>`; nil when the variable is not set.
    static var requested: (operation: String, count: Int)? {
        guard let value = ProcessInfo.processInfo.environment["KFD_INSTRUCTION_PROBE"] else { return nil }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let count = Int(parts[1]), count > 0 else { return nil }
        return (String(parts[0]), count)
    }

    struct Item: CacheCostCalculable, Sendable { let id: Int; var cacheCost: Int { 1 } }
    final class Box: NSObject { let value: Item; init(_ value: Item) { self.value = value } }

    /// Runs `operation` `count` times over 1,000 keys stored beforehand; false for an unknown name.
    static func run(_ operation: String, count: Int) -> Bool {
        let keys = (0..<1_000).map { "key-\($0)" }
        let nsKeys = keys.map { $0 as NSString }
        let cache = NSCache<NSString, Box>()
        let backend = MemoryStorage.Backend<Item>(config: .init(totalCostLimit: 0, cleanInterval: 0))
        for (index, key) in keys.enumerated() {
            cache.setObject(Box(Item(id: index)), forKey: nsKeys[index])
            backend.store(value: Item(id: index), forKey: key)
        }
        switch operation {
        case "nscache-hit": for i in 0..<count { blackHole(cache.object(forKey: keys[i % 1_000] as NSString)?.value.id ?? 0) }
        case "memory-hit": for i in 0..<count { blackHole(backend.value(forKey: keys[i % 1_000])?.id ?? 0) }
        case "nscache-store": for i in 0..<count { cache.setObject(Box(Item(id: i)), forKey: keys[i % 1_000] as NSString) }
        case "memory-store": for i in 0..<count { backend.store(value: Item(id: i), forKey: keys[i % 1_000]) }
        default: return false
        }
        return true
    }
}

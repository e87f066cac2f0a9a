// RIGHT ANSWER: written by a learner who never saw the reference solution, the checks or the near-misses (blind round 36): warms memory only if it still has nothing under the key, as KFDCache's readDisk does.
// EXERCISE 08-warm-memory
import ExerciseChecks
import Foundation

// @unchecked Sendable: `memory` is an NSCache (thread-safe); `disk` guards itself.
public final class WarmMemory: @unchecked Sendable {
    // DO NOT EDIT (the check watches these: `memory` behaves as NSCache; `disk` is a disk kept in memory)
    private let memory = WatchedCache<NSString>()
    private let disk = CountingDisk()
    // END DO NOT EDIT

    public init() {}

    static func computedKey(_ key: String, _ processorIdentifier: String) -> String {
        processorIdentifier.isEmpty ? key : key + "@" + processorIdentifier
    }

    public func store(_ value: String, forKey key: String, processorIdentifier: String) {
        let computed = Self.computedKey(key, processorIdentifier)
        memory.setObject(value as NSString, forKey: computed as NSString)
        disk.write(value, name: computed)
    }

    public func retrieve(forKey key: String, processorIdentifier: String,
                         fromMemoryCacheOrRefresh: Bool) -> (value: String?, source: LookupSource) {
        let computed = Self.computedKey(key, processorIdentifier)
        if let hit = memory.object(forKey: computed as NSString) { return (hit as String, .memory) }
        if fromMemoryCacheOrRefresh { return (nil, .none) }
        if let found = disk.read(computed) {
            if memory.object(forKey: computed as NSString) == nil {
                memory.setObject(found as NSString, forKey: computed as NSString)
            }
            return (found, .disk)
        }
        return (nil, .none)
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension WarmMemory: WarmMemoryExercise {
    public var probes: (memory: WatchedCache<NSString>, disk: CountingDisk) { (memory, disk) }
}

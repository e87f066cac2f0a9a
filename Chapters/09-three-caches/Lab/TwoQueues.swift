// Chapter 9, part `twoQueues`: 003's two serial queues (one for memory, one for disk) under a
// concurrent save and remove of the same key. Each queue keeps its own storage consistent;
// nothing orders the two steps of one operation against another's — so memory and disk can end
// up disagreeing. A logical disagreement, not a data race: it runs here, under ThreadSanitizer.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

extension Chapter {

    static func twoQueues(_ lab: Lab, _ root: URL) throws {
        lab.part("twoQueues", "003's two queues: memory and disk disagree under concurrent save and remove")
        lab.claim("A serial queue per storage makes each storage safe, not the pair: a save and a remove of the\n"
                  + "same key can interleave between their memory step and their disk step.",
                  ko: "스토리지마다 직렬 큐를 두면 각 스토리지는 안전해지지만 둘의 짝은 아니다: 같은 키의 저장과 삭제가\n"
                      + "메모리 단계와 디스크 단계 사이에서 끼어들 수 있다.")
        lab.run("1) forced: one operation parked between its two steps while the other runs whole;\n"
                + "2) free: \(threads) threads × \(operations(lab)) random saves/removes of \(keys.count) keys, \(runs(lab)) runs per design;\n"
                + "   afterwards, count keys in memory but not on disk, and on disk but not in memory")

        let memoryOnly = try forced(root.appendingPathComponent("forced-a"), parked: .remove)
        let diskOnly = try forced(root.appendingPathComponent("forced-b"), parked: .save)
        lab.table(["forced interleaving (003)", "in memory", "on disk"], [
            ["remove's memory step · save · remove's disk step", memoryOnly.memory ? "yes" : "no", memoryOnly.disk ? "yes" : "no"],
            ["save's memory step · remove · save's disk step", diskOnly.memory ? "yes" : "no", diskOnly.disk ? "yes" : "no"],
        ])
        lab.record("forced", .object([
            "removeParked": .object(["inMemory": .bool(memoryOnly.memory), "onDisk": .bool(memoryOnly.disk)]),
            "saveParked": .object(["inMemory": .bool(diskOnly.memory), "onDisk": .bool(diskOnly.disk)]),
        ]))

        var rows: [[String]] = []
        var harmful: [String] = [], allowed: [String] = []
        for design in [Design.learner003, .kingfisher] {
            var memoryNotDisk = 0, diskNotMemory = 0, runsDisagreeing = 0
            for run in 0..<runs(lab) {
                let folder = root.appendingPathComponent("free-\(design)-\(run)")
                let (memory, disk) = try design == .learner003
                    ? free003(folder, seed: lab.options.seed &+ UInt64(run), operations: operations(lab))
                    : freeHybrid(folder, seed: lab.options.seed &+ UInt64(run), operations: operations(lab))
                memoryNotDisk += memory
                diskNotMemory += disk
                if memory + disk > 0 { runsDisagreeing += 1 }
                try? FileManager.default.removeItem(at: folder)
            }
            lab.record(design.rawValue, .object(["runs": .int(runs(lab)), "runsDisagreeing": .int(runsDisagreeing),
                                                 "memoryNotDisk": .int(memoryNotDisk), "diskNotMemory": .int(diskNotMemory)]))
            // The harmful direction leads: a high count of the allowed one must not read as the worse design.
            let name = design == .learner003 ? "003" : "HybridCache"
            harmful.append("\(name) \(memoryNotDisk)")
            allowed.append("\(name) \(diskNotMemory)")
            rows.append([design == .learner003 ? "003 (two queues)" : "HybridCache (Kingfisher's design)",
                         "\(memoryNotDisk)", "\(diskNotMemory)", "\(runsDisagreeing)/\(runs(lab))"])
        }
        lab.table(["design, free runs", "memory-not-disk (harmful)", "disk-not-memory (allowed)", "runs with either"], rows)
        lab.note("Memory-not-disk is the harmful one: the cache answers \"hit\" until the next memory warning, then\n"
                 + "\"miss\", and no order of the operations run one at a time ends that way. Disk-not-memory is what a\n"
                 + "two-level cache may legally hold (memory evicts); a later read warms memory again. HybridCache runs\n"
                 + "every disk step in call order on one ioQueue, and its remove clears memory again inside its disk block.")
        let machine = Platform.isMac ? "macOS" : "Linux"
        lab.conclude("Forced: 003 ended with the key in memory but not on disk (remove parked) and on disk but not in\n"
                     + "memory (save parked). Free runs, this machine (\(machine)): keys left in memory but not on disk,\n"
                     + "the harmful direction — \(harmful.joined(separator: ", ")); on disk but not in memory, which a two-level\n"
                     + "cache allows — \(allowed.joined(separator: ", ")). The window is narrow, so free counts vary run to run —\n"
                     + "the forced order shows it is there.",
                     ko: "강제한 순서: 003은 키가 메모리에는 있고 디스크에는 없는 상태(삭제를 멈춤)와, 디스크에는 있고 메모리에는\n"
                         + "없는 상태(저장을 멈춤)로 끝났다. 자유 실행, 이 환경(\(machine)): 메모리에는 있고 디스크에는 없는 key,\n"
                         + "곧 해로운 쪽 — \(harmful.joined(separator: ", ")). 디스크에는 있고 메모리에는 없는 key, 곧 2단 캐시가\n"
                         + "허용하는 쪽 — \(allowed.joined(separator: ", ")). 틈이 좁아서 자유 실행의 횟수는 실행마다 다르다 —\n"
                         + "강제한 순서가 그 틈이 있다는 것을 보여 준다.")
    }

    enum Design: String { case learner003, kingfisher }
    static let keys = ["a", "b", "c", "d"]
    static let threads = 4
    static func operations(_ lab: Lab) -> Int { lab.size(quick: 20, full: 40) }
    static func runs(_ lab: Lab) -> Int { lab.size(quick: 15, full: 60) }

    /// One operation parked between its memory and disk steps while the other runs whole.
    static func forced(_ folder: URL, parked: KeyedCacheStorage<String, Int>.TwoStepOperation) throws -> (memory: Bool, disk: Bool) {
        let reached = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let storage = try KeyedCacheStorage<String, Int>(directory: folder, pauseBetweenStorages: { operation in
            guard operation == parked else { return }
            reached.signal()
            go.wait()
        })
        if parked == .remove {
            // The key exists; a remove starts, and a save of a new value slips in between its steps.
            try storage.save(1, forKey: "k")   // not parked: only the remove is
        }
        DispatchQueue.global().async {
            if parked == .remove { try? storage.remove(forKey: "k") } else { try? storage.save(2, forKey: "k") }
            finished.signal()
        }
        reached.wait()
        if parked == .remove { try storage.save(2, forKey: "k") } else { try storage.remove(forKey: "k") }
        go.signal()
        finished.wait()
        return (storage.isInMemory(forKey: "k"), storage.isOnDisk(forKey: "k"))
    }

    /// `threads` threads, each doing `operations` random saves and removes; returns the disagreements.
    static func free003(_ folder: URL, seed: UInt64, operations: Int) throws -> (memoryNotDisk: Int, diskNotMemory: Int) {
        let storage = try KeyedCacheStorage<String, Int>(directory: folder)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var generator = SeededGenerator(seed: seed &* 31 &+ UInt64(thread))
            for step in 0..<operations {
                let key = keys[Int(generator.next() % UInt64(keys.count))]
                if generator.next() % 2 == 0 { try? storage.save(step, forKey: key) } else { try? storage.remove(forKey: key) }
            }
        }
        return count { (storage.isInMemory(forKey: $0), storage.isOnDisk(forKey: $0)) }
    }

    /// The same against HybridCache; waits for `ioQueue` to finish before looking.
    static func freeHybrid(_ folder: URL, seed: UInt64, operations: Int) throws -> (memoryNotDisk: Int, diskNotMemory: Int) {
        let cache = try HybridCache(name: "two-queues", serializer: PPMSerializer(), directory: folder)
        let picture = Bitmap.gradient(width: 2, height: 2)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var generator = SeededGenerator(seed: seed &* 31 &+ UInt64(thread))
            for _ in 0..<operations {
                let key = keys[Int(generator.next() % UInt64(keys.count))]
                if generator.next() % 2 == 0 { cache.store(picture, forKey: key) } else { cache.removeImage(forKey: key) }
            }
        }
        let drained = DispatchSemaphore(value: 0)
        cache.calculateDiskStorageSize { _ in drained.signal() }   // runs on ioQueue after every queued block
        drained.wait()
        return count { (cache.memoryStorage.isCached(forKey: $0), cache.diskStorage.isCached(forKey: $0)) }
    }

    static func count(_ where: (String) -> (memory: Bool, disk: Bool)) -> (memoryNotDisk: Int, diskNotMemory: Int) {
        var memoryNotDisk = 0, diskNotMemory = 0
        for key in keys {
            let found = `where`(key)
            if found.memory && !found.disk { memoryNotDisk += 1 }
            if found.disk && !found.memory { diskNotMemory += 1 }
        }
        return (memoryNotDisk, diskNotMemory)
    }
}

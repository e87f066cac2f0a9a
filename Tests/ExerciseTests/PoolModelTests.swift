// The explorer's model of Dispatch's pool (ScheduleOptions.poolThreads): with a size set, a
// concurrent queue's block waits for a free pool thread, so blocks that sleep hold the pool and
// later ones start late; a private serial queue's blocks run on overcommit threads; a timer
// (asyncAfter) holds no thread while it waits. Without a size, every block runs at once.

import ExerciseKit
import Foundation
import Testing

@Suite("Dispatch's pool under the explorer")
struct PoolModelTests {
    /// Three blocks on `queue(i)` that each sleep 0.5 s on the virtual clock; the seconds at which each ended.
    private static func sleepers(_ world: ScheduleWorld, on queue: @escaping @Sendable (Int) -> ControlledQueue) -> [Double] {
        let ends = Guarded<[Double]>([])
        for index in 0..<3 {
            queue(index).async {
                ControlledThread.sleep(forTimeInterval: 0.5)
                ends.withLock { $0.append(Double(world.nowNanoseconds) / 1_000_000_000) }
            }
        }
        world.settle()
        return ends.withLock { $0.sorted() }
    }

    private static func options(pool: Int?) -> ScheduleOptions {
        var options = ScheduleOptions(preemptions: 1, randomSchedules: 10)
        options.virtualTime = true
        options.poolThreads = pool
        return options
    }

    @Test("a pool of 2: the third sleeping global block starts when one of the first two ends")
    func sleepersWaitForThePool() {
        let exploration = ScheduleExplorer.explore(Self.options(pool: 2)) { world in
            let ends = Self.sleepers(world) { _ in ControlledQueue.global() }
            world.expect(ends == [0.5, 0.5, 1.0] && world.poolWaits == 1, "ends \(ends), pool waits \(world.poolWaits)",
                         ko: "끝난 시각 \(ends), 풀 대기 \(world.poolWaits)")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }

    @Test("a pool of 2: private concurrent queues wait for it too; private serial queues do not (Dispatch's overcommit threads)")
    func whichQueuesUseThePool() {
        let concurrent = (0..<3).map { ControlledQueue(label: "concurrent \($0)", attributes: .concurrent) }
        let serial = (0..<3).map { ControlledQueue(label: "serial \($0)") }
        let exploration = ScheduleExplorer.explore(Self.options(pool: 2)) { world in
            let onConcurrent = Self.sleepers(world) { concurrent[$0] }
            let onSerial = Self.sleepers(world) { serial[$0] }
            world.expect(onConcurrent == [0.5, 0.5, 1.0] && onSerial.allSatisfy { $0 == onSerial[0] },
                         "concurrent \(onConcurrent), serial \(onSerial)", ko: "동시 큐 \(onConcurrent), 직렬 큐 \(onSerial)")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }

    @Test("a pool of 2: three timers (asyncAfter) all fire on time: none holds a thread while it waits")
    func timersHoldNoThread() {
        let exploration = ScheduleExplorer.explore(Self.options(pool: 2)) { world in
            let fired = Guarded<[Double]>([])
            for _ in 0..<3 {
                ControlledQueue.global().asyncAfter(deadline: .now() + 0.5) {
                    fired.withLock { $0.append(Double(world.nowNanoseconds) / 1_000_000_000) }
                }
            }
            world.settle()
            let times = fired.withLock { $0 }
            world.expect(times == [0.5, 0.5, 0.5] && world.poolWaits == 0, "fired \(times), pool waits \(world.poolWaits)",
                         ko: "실행 시각 \(times), 풀 대기 \(world.poolWaits)")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }

    @Test("no pool size: every sleeping block runs at once")
    func noSizeNoWait() {
        let exploration = ScheduleExplorer.explore(Self.options(pool: nil)) { world in
            let ends = Self.sleepers(world) { _ in ControlledQueue.global() }
            world.expect(ends == [0.5, 0.5, 0.5] && world.poolWaits == 0, "ends \(ends)", ko: "끝난 시각 \(ends)")
        }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
    }
}

// `verify --busy`: threads that spin on every core while the checks run, so a verdict that
// depends on the machine's load shows up as a change between runs (`--repeat N`). The check
// programs are child processes; these threads compete with them for the cores, as two other
// processes would.

import Foundation
import Synchronization

final class BusyCores: Sendable {
    /// How many threads spin (one per core the system reports).
    let count: Int
    private let stopped = Atomic<Bool>(false)

    private init(count: Int) { self.count = count }

    static func start() -> BusyCores {
        let busy = BusyCores(count: max(1, ProcessInfo.processInfo.activeProcessorCount))
        for _ in 0..<busy.count {
            let thread = Thread { [busy] in
                var spins: UInt64 = 0
                while !busy.stopped.load(ordering: .relaxed) { spins &+= 1 }
            }
            thread.start()
        }
        return busy
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}

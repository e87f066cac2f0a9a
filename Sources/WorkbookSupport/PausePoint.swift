// An injected pause point: the one way the fault parts force a timing window. The code under study
// calls `pass()` at the place the window opens; when the point is armed, the first thread to pass
// stops there until the demo has done what it wants to do inside the window, then goes on. Unarmed,
// `pass()` costs one atomic load — the free runs go through the same code, unpaused.

import Dispatch
import Synchronization

public final class PausePoint: Sendable {
    private let armed: Atomic<Bool>
    private let reached = DispatchSemaphore(value: 0)
    private let go = DispatchSemaphore(value: 0)

    public init(armed: Bool = false) { self.armed = Atomic(armed) }

    /// The next `pass()` stops (once).
    public func arm() { armed.store(true, ordering: .releasing) }

    /// Called by the code under study. Blocks only when armed: never call it from an async context.
    public func pass() {
        guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return }
        reached.signal()
        go.wait()
    }

    /// Waits until a thread stopped at the point; false if none did within `seconds`.
    public func waitUntilReached(seconds: Double) -> Bool {
        reached.wait(timeout: .now() + seconds) == .success
    }

    /// Lets the stopped thread go on.
    public func release() { go.signal() }
}

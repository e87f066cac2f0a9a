// Ctrl-C (SIGINT) or SIGTERM while the workbook waits for a child: the children go with it.
// A child started through `Process` does not always get the terminal's Ctrl-C (measured here: a
// check program spinning in `while true {}` outlived `workbook check`, re-parented to init, until
// its own time limit), so the workbook stops each child it started before it exits itself.
//
// The signal handler only writes one byte to a pipe (all a handler may safely do); a thread
// waiting on the pipe's other end does the work: a `swift build` is asked to stop as Ctrl-C
// would ask it (SIGINT: SwiftPM then stops the compilers it started), a program is killed; what
// is still running two seconds later is killed, with its process group when it leads one.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// How a running child is stopped when the workbook is interrupted.
    public enum OnInterrupt: Sendable {
        /// SIGKILL at once: a program that may ignore or never reach a gentler signal (a check program).
        case kill
        /// SIGINT first, as Ctrl-C would send it (a `swift build`, which then stops its compilers).
        case interrupt
    }

    /// From now on, SIGINT and SIGTERM stop every child this process is running (see above), then
    /// end this process with 128 + the signal's number, as the shell would report it.
    public static func stopChildrenOnInterrupt() {
        guard RunningChildren.shared.installOnce() else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        // Written once, here, before either handler is installed; only read afterwards.
        interruptPipe = ends[1]
        let readEnd = ends[0]
        Thread.detachNewThread {
            var signalNumber: UInt8 = 0
            while read(readEnd, &signalNumber, 1) != 1 {}
            if RunningChildren.shared.stopAll() > 0 { Terminal.printError("\n" + Strings.text(.interrupted)) }
            fflush(nil)
            _exit(128 + Int32(signalNumber))
        }
        // A process started by a thread that blocks these signals (a test runner's, a tool's)
        // inherits the block: they would stay pending, and Ctrl-C would do nothing at all.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in [SIGINT, SIGTERM] {
            // A handler, not SIG_IGN: an ignored signal stays ignored in the children (a `swift
            // build` would not stop on SIGINT), a handled one is reset for them when they start.
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(interruptPipe, &byte, 1)
            }
        }
    }
}

/// The write end of the interrupt pipe (-1 until installed).
// nonisolated(unsafe): written once by stopChildrenOnInterrupt before the handlers exist; read-only afterwards.
nonisolated(unsafe) private var interruptPipe: Int32 = -1

/// The children running now, by process id, and how each is to be stopped.
// @unchecked Sendable: `children`, `installed` and `stopping` are only touched while holding `lock`.
final class RunningChildren: @unchecked Sendable {
    static let shared = RunningChildren()
    private let lock = NSLock()
    private var children: [Int32: ChildProcess.OnInterrupt] = [:]
    private var installed = false
    private var stopping = false

    func installOnce() -> Bool {
        lock.withLock {
            defer { installed = true }
            return !installed
        }
    }

    /// Records a child that has just started; false (and the child killed) when the workbook is
    /// already stopping: nothing new may outlive it.
    @discardableResult
    func add(_ pid: Int32, _ policy: ChildProcess.OnInterrupt) -> Bool {
        let accepted = lock.withLock {
            if !stopping { children[pid] = policy }
            return !stopping
        }
        if !accepted { Self.signal(pid, SIGKILL) }
        return accepted
    }

    /// Called by a thread whose child has just ended: when the workbook is stopping, that thread
    /// must not go on to report the child's death as a verdict. It waits here until the
    /// interrupt's thread ends the process.
    func holdIfStopping() {
        while lock.withLock({ stopping }) { sleep(60) }
    }

    func remove(_ pid: Int32) {
        lock.withLock { _ = children.removeValue(forKey: pid) }
    }

    /// Asks each child to stop, waits up to two seconds for them to end, then kills the rest.
    /// Returns how many children were running.
    @discardableResult
    func stopAll() -> Int {
        let running = lock.withLock {
            stopping = true
            return children
        }
        for (pid, policy) in running { Self.signal(pid, policy == .interrupt ? SIGINT : SIGKILL) }
        var waited = 0
        while waited < 40, lock.withLock({ !children.isEmpty }) {
            usleep(50_000)
            waited += 1
        }
        for pid in lock.withLock({ Array(children.keys) }) { Self.signal(pid, SIGKILL) }
        return running.count
    }

    /// Sends `signal` to `pid`, and to its process group when it leads one (a child `Process`
    /// started in a group of its own: its own children, the compilers of a build, are in it too).
    private static func signal(_ pid: Int32, _ number: Int32) {
        if getpgid(pid) == pid { _ = kill(-pid, number) }
        _ = kill(pid, number)
    }
}

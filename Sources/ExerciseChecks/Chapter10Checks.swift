// Chapter 10's checks: a clean timer that lets its owner go and stops with it; a callback bridged
// to async that resumes its continuation exactly once on every path.

import Dispatch
import ExerciseKit
import Foundation
import Synchronization
import WorkbookSupport

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol CleanTimerExercise: AnyObject, Sendable {
    /// Makes the store; its clean timer calls `removeExpired()` (which calls `onClean`) every
    /// `cleanInterval` seconds on the run loop of the thread calling init.
    init(cleanInterval: TimeInterval, onClean: @escaping @Sendable () -> Void)
    /// The store's clean timer. The check reads it only on the thread that made the store.
    var timerProbe: Timer? { get }
}

/// A callback API: calls `completion` once, on any thread — or, when the disk hangs, never.
public typealias LoadFunction = @Sendable (_ key: String, _ completion: @escaping @Sendable (Result<Data, any Error>) -> Void) -> Void

/// What a bridge resumes: a `CheckedContinuation<Data, any Error>` in the app; in the check, a
/// wrapper that counts resumes instead of trapping on the second.
public protocol DataContinuation: Sendable {
    func resume(returning value: Data)
    func resume(throwing error: any Error)
}

extension DataContinuation {
    /// Resumes with a result: its data, or its error.
    public func resume(with result: Result<Data, any Error>) {
        switch result {
        case .success(let data): resume(returning: data)
        case .failure(let error): resume(throwing: error)
        }
    }
}

/// The app's continuation, as a `DataContinuation`: every call goes straight to the
/// `CheckedContinuation` (which traps on a second resume).
public struct CheckedDataContinuation: DataContinuation {
    private let base: CheckedContinuation<Data, any Error>
    public init(_ base: CheckedContinuation<Data, any Error>) { self.base = base }
    public func resume(returning value: Data) { base.resume(returning: value) }
    public func resume(throwing error: any Error) { base.resume(throwing: error) }
}

/// The error a bridge resumes with when the loader has not called back in time.
public enum BridgeError: Error, Equatable, Sendable {
    case timedOut
}

public protocol ResumeOnceExercise: Sendable {
    /// Calls `load(key, …)` and resumes `continuation` exactly once: with the data, with the
    /// loader's error, or — if the loader has not called back within `timeout` seconds — with
    /// `BridgeError.timedOut`. A callback after that is ignored.
    static func start(key: String, timeout: TimeInterval, load: @escaping LoadFunction, continuation: some DataContinuation)
    /// The async API, through a real CheckedContinuation.
    static func data(forKey key: String, timeout: TimeInterval, load: @escaping LoadFunction) async throws -> Data
}

// MARK: The checks

public enum Chapter10Checks {
    /// 10-clean-timer: while the store lives, `removeExpired()` runs every interval; when its last
    /// owner lets go, the store is freed, and its timer is no longer valid.
    public static func cleanTimer<E: CleanTimerExercise>(_: E.Type, _ run: CheckRun) {
        let interval = 0.02, alive = 0.3
        let cleans = Tally()
        let seen = LockedValue(TimerSeen())
        // Everything on one new thread whose run loop the check runs: the store's timer is scheduled
        // there (as on an app's main thread) and read only there.
        let finished = spawn {
            var store: E? = E(cleanInterval: interval, onClean: { cleans.add() })
            weak var watched: E?
            watched = store
            Self.spinRunLoop(for: alive)
            var result = TimerSeen(cleansWhileAlive: cleans.value)
            let timer = store?.timerProbe
            result.hadTimer = timer != nil
            store = nil
            // Right after the last release, before the run loop turns again: a timer stopped "the
            // next time it fires and finds self gone" still fires once more, into nil.
            result.validRightAfterRelease = watched == nil && (timer?.isValid ?? false)
            Self.spinRunLoop(for: 0.05)
            result.freed = watched == nil
            let atRelease = cleans.value
            Self.spinRunLoop(for: 0.15)
            result.cleansAfter = cleans.value - atRelease
            result.validAfter = timer?.isValid ?? false
            timer?.invalidate()   // the check's own tidying: whatever the store did, stop it now
            seen.set(result)
        }
        guard run.wait(finished, seconds: 10, orFail: "init or deinit never returned: does it wait for the timer?") else { return }
        let result = seen.get()
        let expected = Int(alive / interval)
        if result.cleansWhileAlive == 0 {
            run.fail(result.hadTimer
                     ? "removeExpired() never ran in \(alive) s with cleanInterval \(interval) s: a Timer fires only on a run loop "
                       + "that runs. Schedule it from init itself (the check runs that thread's run loop), not from a dispatch "
                       + "queue; and Timer(…) alone is on no run loop: use Timer.scheduledTimer"
                     : "cleanTimer is nil after init: schedule a repeating Timer in init and keep it in cleanTimer")
            return
        }
        run.expect(result.hadTimer, "removeExpired() ran, but cleanTimer is nil: keep the timer in cleanTimer so that deinit can stop it")
        run.expect(result.cleansWhileAlive >= 3, "removeExpired() ran \(result.cleansWhileAlive) time(s) in \(alive) s "
                   + "(about \(expected) expected): the timer must repeat every cleanInterval")
        run.expect(result.freed, "the store was not freed when its last owner let it go: the run loop holds the timer, and the "
                   + "timer's closure holds the store. Capture it weakly ([weak self]); a method reference such as "
                   + "`removeExpired` passed as the closure holds self strongly too")
        if result.freed, result.validRightAfterRelease, !result.validAfter {
            run.fail("the store was freed, but its timer stayed valid until it fired once more and found nil: stop it when the "
                     + "store goes — invalidate it in deinit — not on a later tick")
        }
        if result.freed {
            run.expect(!result.validAfter, "the store was freed, but its timer is still valid: it fires every \(interval) s for "
                       + "as long as the thread lives, into nil. Invalidate it in deinit (`cleanTimer = nil` is not enough: "
                       + "the run loop still holds the timer)")
            run.expect(result.cleansAfter == 0, "removeExpired() ran \(result.cleansAfter) time(s) after the store was freed")
        }
    }

    struct TimerSeen: Sendable {
        var cleansWhileAlive = 0
        var hadTimer = false
        var freed = false
        var validRightAfterRelease = false
        var cleansAfter = 0
        var validAfter = false
    }

    /// Runs the current thread's run loop for `seconds` (sleeping in short steps while it has nothing to run).
    static func spinRunLoop(for seconds: TimeInterval) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if !RunLoop.current.run(mode: .default, before: end) { Thread.sleep(forTimeInterval: 0.005) }
        }
    }

    /// 10-resume-once: every path — data, error, a synchronous callback, no callback, a late
    /// callback — resumes exactly once, with the right result, never before the loader called
    /// back (except on time-out), and never early. Resumes are counted by a wrapper: a real
    /// CheckedContinuation would trap on the second, and awaiting one would need the cooperative
    /// thread pool, which other checks may be holding. (Tests/ExerciseTests/ResumeOnceBridgeTests
    /// runs the reference solution through the real one.)
    public static func resumeOnce<E: ResumeOnceExercise>(_: E.Type, _ run: CheckRun) {
        let payload = Data("image".utf8)
        let paths: [BridgePath] = [
            BridgePath(name: "data from another thread", timeout: 0.5, callback: .after(0, .success(payload)), expected: .data(payload)),
            BridgePath(name: "the loader's error from another thread", timeout: 0.5, callback: .after(0, .failure(DiskFault.unreadable)),
                       expected: .error("\(DiskFault.unreadable)")),
            BridgePath(name: "data called back before load returns", timeout: 0.5, callback: .immediately(.success(payload)),
                       expected: .data(payload)),
            BridgePath(name: "no callback at all", timeout: 0.1, callback: .never, expected: .timedOut),
            // Called back only once the bridge has resumed (or after 3 s): the order is forced, not timed.
            BridgePath(name: "a callback after the timeout", timeout: 0.1, callback: .afterFirstResume(.success(payload)), expected: .timedOut),
        ]
        let runs = paths.map { path in (path, path.start(E.self)) }
        Thread.sleep(forTimeInterval: 0.8)   // every path's callback and timeout are due by now
        for (_, counter) in runs where counter.count == 0 {
            _ = counter.first.wait(timeout: .now() + 1)   // a slow machine: give the first resume a little longer
        }
        var allOnce = true
        for (path, counter) in runs {
            if counter.startWaited.withLock({ $0 }) {
                run.fail("\(path.name): start returned only after the timeout had resumed the bridge: it blocked its "
                         + "thread (a Swift concurrency thread, of which there are few) for up to `timeout`. Schedule the timeout "
                         + "(e.g. asyncAfter) and return at once")
            }
            let asked = counter.keysAsked.withLock { $0 }
            if asked != [BridgePath.key] {
                run.fail("\(path.name): the loader was asked for \(asked.map { "\"\($0)\"" }) — call load once, with the key exactly as given "
                         + "(\"\(BridgePath.key)\")")
            }
            let resumes = counter.resumes
            guard let first = resumes.first else {
                allOnce = false
                run.fail(path.callback.isNever
                         ? "\(path.name): nothing resumed — the caller's task stays suspended forever. After `timeout` seconds "
                           + "resume with BridgeError.timedOut"
                         : "\(path.name): the bridge never resumed (every path must resume: the data, the loader's error, the timeout)")
                continue
            }
            if resumes.count > 1 {
                allOnce = false
                run.fail("\(path.name): resumed \(resumes.count) times (\(resumes.map(\.outcome.text).joined(separator: ", "))) — "
                         + "a CheckedContinuation traps on the second resume. Let only the first of the callback and the timeout resume")
            }
            let after = String(format: "%.3f", first.seconds)
            if first.outcome != path.expected {
                let why: String
                switch (path.expected, first.outcome) {
                case (.error, .timedOut):
                    why = " after \(after) s: the loader's error must reach the caller at once, as the error itself"
                case (.data, .timedOut) where !first.afterCallback:
                    why = " \(after) s after the start, before the loader called back (timeout \(path.timeout) s): is the timeout in seconds?"
                case (.timedOut, _):
                    why = ": the loader had not called back within the timeout"
                default:
                    why = ""
                }
                run.fail("\(path.name): resumed with \(first.outcome.text) (expected \(path.expected.text))\(why)")
            } else if path.expected == .timedOut && first.seconds < path.timeout * 0.9 {
                run.fail("\(path.name): resumed with timedOut after \(String(format: "%.3f", first.seconds)) s, but timeout is \(path.timeout) s")
            }
        }
        guard allOnce else { return }

        // Explored: the loader's callback (on a thread of its own) and the timeout, in every order
        // and interleaving. Time stands still while start runs (it returns long before any
        // deadline): a start that waits for the timeout meanwhile can only time out.
        run.explore("the callback and the timeout") { world in
            let resumes = LockedList<BridgeOutcome>()
            let returned = Flag(), resumedInStart = Flag()
            let continuation = ListContinuation(resumes)
            let load: LoadFunction = { _, completion in
                world.spawn("the loader's callback") {
                    world.step("calls back with data")
                    completion(.success(payload))
                }
            }
            world.holdTime(true)
            E.start(key: BridgePath.key, timeout: 0.5, load: load, continuation: continuation)
            if !resumes.values.isEmpty, resumes.values.allSatisfy({ $0 == .timedOut }) { resumedInStart.set() }
            returned.set()
            world.holdTime(false)
            world.settle()
            let seen = resumes.values
            world.expect(!resumedInStart.isSet, "start returned only after the timeout had resumed the bridge: it blocked its "
                         + "thread for the timeout. Schedule the timeout (e.g. asyncAfter) and return at once")
            world.expect(seen.count == 1, seen.isEmpty
                         ? "the loader called back and the timeout passed, and nothing resumed: one of them must resume"
                         : "the loader's callback and the timeout both came and the bridge resumed \(seen.count) times "
                           + "(\(seen.map(\.text).joined(separator: ", "))) — a CheckedContinuation traps on the second resume. "
                           + "Deciding who resumes must be one atomic step (a lock held across the check and the set, or Atomic.exchange)")
            world.expect(seen.allSatisfy { $0 == .data(payload) || $0 == .timedOut }, "resumed with \(seen.map(\.text)): "
                         + "only the loader's data or BridgeError.timedOut can come first here")
        }
    }

    /// A continuation under an explored schedule: records each resume (the check counts them).
    final class ListContinuation: DataContinuation {
        private let list: LockedList<BridgeOutcome>
        init(_ list: LockedList<BridgeOutcome>) { self.list = list }
        func resume(returning value: Data) { list.append(.data(value)) }
        func resume(throwing error: any Error) {
            list.append((error as? BridgeError) == .timedOut ? .timedOut : .error("\(error)"))
        }
    }

    /// The loader's fault on the error path.
    enum DiskFault: Error, CustomStringConvertible {
        case unreadable
        var description: String { "DiskFault.unreadable" }
    }
}

// MARK: The bridge check's pieces

/// What one resume carried.
enum BridgeOutcome: Equatable, Sendable {
    case data(Data), error(String), timedOut

    var text: String {
        switch self {
        case .data(let data): return "data (\(data.count) bytes)"
        case .error(let description): return "error \(description)"
        case .timedOut: return "BridgeError.timedOut"
        }
    }
}

/// When the loader calls back.
enum Callback: Sendable {
    /// On another thread after this many seconds.
    case after(TimeInterval, Result<Data, Chapter10Checks.DiskFault>)
    /// Inside `load`, on the calling thread.
    case immediately(Result<Data, Chapter10Checks.DiskFault>)
    /// On another thread, once the bridge has resumed (at most 3 s later).
    case afterFirstResume(Result<Data, Chapter10Checks.DiskFault>)
    case never

    var isNever: Bool { if case .never = self { return true } else { return false } }
}

/// One path through a bridge: the loader's behaviour, the timeout, the one right outcome.
struct BridgePath: Sendable {
    /// Mixed case on purpose: the loader must be asked for the key exactly as given.
    static let key = "Avatars/Key-A.png"
    let name: String
    let timeout: TimeInterval
    let callback: Callback
    let expected: BridgeOutcome

    /// Starts the learner's bridge on this path with a counting continuation.
    func start<E: ResumeOnceExercise>(_: E.Type) -> CountingContinuation {
        let calledBack = Flag()
        let counter = CountingContinuation(calledBack: calledBack)
        let callback = self.callback
        let load: LoadFunction = { key, completion in
            counter.keysAsked.withLock { $0.append(key) }
            @Sendable func deliver(_ result: Result<Data, Chapter10Checks.DiskFault>) {
                calledBack.set()
                completion(result.mapError { $0 as any Error })
            }
            switch callback {
            case .after(let delay, let result):
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: delay)
                    deliver(result)
                }
            case .immediately(let result): deliver(result)
            case .afterFirstResume(let result):
                Thread.detachNewThread {
                    _ = counter.resumedForLoader.wait(timeout: .now() + 3)
                    deliver(result)
                }
            case .never: break
            }
        }
        E.start(key: BridgePath.key, timeout: timeout, load: load, continuation: counter)
        // With no callback due before the timeout (never, or only after the first resume), nothing
        // may have happened yet when start returns: start runs on a Swift concurrency thread and
        // must not wait there for the timeout.
        switch callback {
        case .never, .afterFirstResume: if counter.count > 0 { counter.startWaited.withLock { $0 = true } }
        case .after, .immediately: break
        }
        return counter
    }
}

/// A continuation that counts its resumes and never traps.
final class CountingContinuation: DataContinuation {
    struct Resume: Sendable {
        let outcome: BridgeOutcome
        /// Seconds after the bridge started.
        let seconds: TimeInterval
        /// Whether the loader had called back when it came.
        let afterCallback: Bool
    }

    private let started = Date()
    private let calledBack: Flag
    private let recorded = Guarded<[Resume]>([])
    /// The keys the bridge asked the loader for.
    let keysAsked = Guarded<[String]>([])
    /// Whether start() returned only after the bridge had resumed (with no callback due).
    let startWaited = Guarded(false)
    /// Signalled at the first resume (one for the check, one for a loader that waits for it).
    let first = DispatchSemaphore(value: 0), resumedForLoader = DispatchSemaphore(value: 0)

    init(calledBack: Flag) { self.calledBack = calledBack }

    var resumes: [Resume] { recorded.withLock { $0 } }
    var count: Int { recorded.withLock { $0.count } }

    func resume(returning value: Data) { record(.data(value)) }

    func resume(throwing error: any Error) {
        if let bridge = error as? BridgeError, bridge == .timedOut { record(.timedOut) } else { record(.error("\(error)")) }
    }

    private func record(_ outcome: BridgeOutcome) {
        let resume = Resume(outcome: outcome, seconds: Date().timeIntervalSince(started), afterCallback: calledBack.isSet)
        let isFirst = recorded.withLock { list -> Bool in
            list.append(resume)
            return list.count == 1
        }
        if isFirst {
            first.signal()
            resumedForLoader.signal()
        }
    }
}

// The clean timers of chapter 10: Kingfisher's `Timer` design and its two alternatives, our
// library's `DispatchSourceTimer` design, and the run-loop helpers they need.
//
// Kingfisher 8.11.0, Sources/Cache/MemoryStorage.swift (read with `git show 8.11.0:…`):
//     private var cleanTimer: Timer? = nil
//     cleanTimer = .scheduledTimer(withTimeInterval: config.cleanInterval, repeats: true) { [weak self] _ in
//         guard let self = self else { return }
//         self.removeExpired()
//     }                                                       (in init, and in config's didSet)
// and no `deinit`: the timer is invalidated only when `config` is set again (its didSet).

import Dispatch
import Foundation
import WorkbookSupport

// MARK: Run loops

/// Runs the current thread's run loop until `seconds` have passed. A run loop with nothing
/// scheduled on it returns at once; the thread then sleeps in short steps, so the call lasts
/// `seconds` either way.
func spinRunLoop(for seconds: TimeInterval) {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if !RunLoop.current.run(mode: .default, before: end) { Thread.sleep(forTimeInterval: 0.005) }
    }
}

/// Runs `body` on a new thread and waits for its result. The thread's run loop runs only while
/// `body` spins it (`spinRunLoop`), as a main thread's would in an app.
func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    waitForCallback(timeout: .infinity) { done in Thread.detachNewThread { done(body()) } }!
}

// MARK: Kingfisher's Timer, and two alternatives

/// How an owner's repeating `Timer` is set up.
enum TimerDesign: String, CaseIterable, Sendable {
    /// Kingfisher 8.11.0: `[weak self]`, no `invalidate()` in `deinit`.
    case weakNoInvalidate
    /// The closure captures `self` strongly.
    case strongCapture
    /// `[weak self]`, and `deinit` calls `cleanTimer?.invalidate()`.
    case weakInvalidateInDeinit

    var label: String {
        switch self {
        case .weakNoInvalidate: return "[weak self], no invalidate (Kingfisher 8.11.0)"
        case .strongCapture: return "strong self"
        case .weakInvalidateInDeinit: return "[weak self] + invalidate() in deinit"
        }
    }
}

/// A stand-in for `MemoryStorage.Backend` with Kingfisher's clean timer: its `removeExpired()`
/// only counts. `fires` counts every firing, including those that find the owner gone.
// @unchecked Sendable: `cleanTimer` is set in `init` and touched afterwards only on the thread
// that made the owner (the thread whose run loop the timer is scheduled on), including `deinit`.
final class TimerOwner: @unchecked Sendable {
    private(set) var cleanTimer: Timer?
    private let design: TimerDesign
    private let cleans: Tally

    init(design: TimerDesign, interval: TimeInterval, fires: Tally, cleans: Tally) {
        self.design = design
        self.cleans = cleans
        switch design {
        case .strongCapture:
            cleanTimer = .scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                fires.add()
                self.removeExpired()
            }
        case .weakNoInvalidate, .weakInvalidateInDeinit:
            cleanTimer = .scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
                fires.add()
                guard let self = self else { return }
                self.removeExpired()
            }
        }
    }

    deinit {
        if design == .weakInvalidateInDeinit { cleanTimer?.invalidate() }
    }

    func removeExpired() { cleans.add() }
}

// MARK: Our library's DispatchSourceTimer

/// The same owner with a `DispatchSourceTimer`, as `MemoryStorage.Backend.startCleanTimer` in
/// Sources/KFDCache/MemoryStorage.swift makes it: on a global queue, handler holding `self` weakly.
// @unchecked Sendable: `cleanTimer` is a constant; a dispatch source may be cancelled from any thread.
final class SourceOwner: @unchecked Sendable {
    private let cleanTimer: any DispatchSourceTimer
    private let cancelInDeinit: Bool
    private let cleans: Tally

    init(cancelInDeinit: Bool, interval: TimeInterval, fires: Tally, cleans: Tally) {
        self.cancelInDeinit = cancelInDeinit
        self.cleans = cleans
        cleanTimer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        cleanTimer.schedule(deadline: .now() + interval, repeating: interval)
        cleanTimer.setEventHandler { [weak self] in
            fires.add()
            self?.removeExpired()
        }
        cleanTimer.resume()
    }

    deinit {
        if cancelInDeinit { cleanTimer.cancel() }
    }

    func removeExpired() { cleans.add() }
}

// MARK: What one owner's life shows

/// One owner's timer, measured: while the owner lives, when it is let go, and after.
struct TimerLife: Sendable {
    /// `removeExpired()` calls while the owner was alive.
    var cleansWhileAlive = 0
    /// Whether a weak reference became nil when the last strong one was dropped.
    var freed = false
    /// `Timer.isValid` after the owner was let go (nil: not a `Timer`).
    var validAfter: Bool?
    /// Firings after the owner was let go (into nil, unless the owner is still alive).
    var firesAfter = 0
    /// Strong capture only: whether `invalidate()` on the timer then freed the owner.
    var freedByInvalidate: Bool?

    var json: JSONValue {
        var object: [String: JSONValue] = ["cleansWhileAlive": .int(cleansWhileAlive), "freed": .bool(freed),
                                           "firesAfter": .int(firesAfter)]
        if let validAfter { object["validAfter"] = .bool(validAfter) }
        if let freedByInvalidate { object["freedByInvalidate"] = .bool(freedByInvalidate) }
        return .object(object)
    }
}

enum TimerLives {
    /// A `TimerOwner` made on a thread that runs its run loop: alive for `alive` seconds, then let
    /// go and watched for `after` seconds. Everything runs on that one thread, as in an app's main thread.
    static func timer(_ design: TimerDesign, interval: TimeInterval, alive: TimeInterval, after: TimeInterval) -> TimerLife {
        onNewThread {
            let fires = Tally(), cleans = Tally()
            var owner: TimerOwner? = TimerOwner(design: design, interval: interval, fires: fires, cleans: cleans)
            weak var watched: TimerOwner?
            watched = owner
            spinRunLoop(for: alive)
            var life = TimerLife(cleansWhileAlive: cleans.value)
            let timer = owner?.cleanTimer
            owner = nil
            life.freed = watched == nil
            let firesAtRelease = fires.value
            spinRunLoop(for: after)
            life.firesAfter = fires.value - firesAtRelease
            life.validAfter = timer?.isValid
            // Tidy up what Kingfisher's design leaves scheduled; for the strong design, see whether
            // taking the timer off the run loop frees the owner. The cycle is owner → timer → closure
            // → owner: it breaks only if the invalidated timer lets go of its closure.
            timer?.invalidate()
            if !life.freed {
                spinRunLoop(for: 0.01)
                life.freedByInvalidate = watched == nil
            }
            return life
        }
    }

    /// A `SourceOwner` made on a GCD worker: alive for `alive` seconds, then let go (no reference to
    /// its timer is kept) and watched for `after` seconds.
    static func source(cancelInDeinit: Bool, interval: TimeInterval, alive: TimeInterval, after: TimeInterval) -> TimerLife {
        let fires = Tally(), cleans = Tally()
        var owner: SourceOwner? = waitForCallback(timeout: .infinity) { done in
            DispatchQueue.global().async {
                done(SourceOwner(cancelInDeinit: cancelInDeinit, interval: interval, fires: fires, cleans: cleans))
            }
        }
        weak var watched: SourceOwner?
        watched = owner
        Thread.sleep(forTimeInterval: alive)
        var life = TimerLife(cleansWhileAlive: cleans.value)
        owner = nil
        // A firing handler holds the owner for a moment: give it a few intervals to let go.
        for _ in 0..<20 where watched != nil { Thread.sleep(forTimeInterval: interval) }
        life.freed = watched == nil
        let firesAtRelease = fires.value
        Thread.sleep(forTimeInterval: after)
        life.firesAfter = fires.value - firesAtRelease
        return life
    }

    /// Fires of a repeating timer scheduled from a GCD worker, counted for `seconds`.
    static func timerFromGCDWorker(interval: TimeInterval, seconds: TimeInterval) -> Int {
        let fires = Tally()
        let scheduled = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // Scheduled on this worker thread's run loop, which nobody runs. It is left there: it
            // never fires, and a Timer may only be invalidated from the thread it was scheduled on.
            _ = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in fires.add() }
            scheduled.signal()
        }
        scheduled.wait()
        Thread.sleep(forTimeInterval: seconds)
        return fires.value
    }

    /// Fires of a repeating timer scheduled on a thread that then runs its run loop for `seconds`.
    static func timerOnRunningRunLoop(interval: TimeInterval, seconds: TimeInterval) -> Int {
        onNewThread {
            let fires = Tally()
            let timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in fires.add() }
            spinRunLoop(for: seconds)
            timer.invalidate()
            return fires.value
        }
    }

    /// Fires of a `DispatchSourceTimer` made from a GCD worker, counted for `seconds`.
    static func sourceFromGCDWorker(interval: TimeInterval, seconds: TimeInterval) -> Int {
        let fires = Tally()
        let timer = waitForCallback(timeout: .infinity) { done in
            DispatchQueue.global().async {
                let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
                timer.schedule(deadline: .now() + interval, repeating: interval)
                timer.setEventHandler { fires.add() }
                timer.resume()
                done(SourceBox(timer))
            }
        }!
        Thread.sleep(forTimeInterval: seconds)
        timer.source.cancel()
        return fires.value
    }
}

/// Carries a dispatch source between threads.
// @unchecked Sendable: the source is only resumed and cancelled, which Dispatch allows from any thread.
struct SourceBox: @unchecked Sendable {
    let source: any DispatchSourceTimer
    init(_ source: any DispatchSourceTimer) { self.source = source }
}

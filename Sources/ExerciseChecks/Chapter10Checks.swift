// Chapter 10's checks: a clean timer that lets its owner go and stops with it; a callback bridged
// to async that resumes its continuation exactly once on every path.

import Dispatch
import ExerciseKit
import Foundation
import Synchronization
import WorkbookSupport

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol CleanTimerExercise: AnyObject, Sendable {
    /// `Timer` as your file sees it: under the check, the check's controlled timer on a virtual
    /// clock (the check package names it `Timer` in your module); Foundation's elsewhere.
    associatedtype ProbedTimer: AnyObject
    /// Makes the store; its clean timer calls `removeExpired()` (which calls `onClean`) every
    /// `cleanInterval` seconds on the run loop of the thread calling init.
    init(cleanInterval: TimeInterval, onClean: @escaping @Sendable () -> Void)
    /// The store's clean timer. The check reads it only on the thread that made the store.
    var timerProbe: ProbedTimer? { get }
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


// MARK: The checks (10-clean-timer's is in Chapter10CleanTimer.swift)

public enum Chapter10Checks {
    /// 10-resume-once: every path — data, error, a synchronous callback, no callback, a late
    /// callback, a callback at the very instant of the timeout — resumes exactly once, with the
    /// right result, at the right (virtual) time, and start returns at once. Each path is explored
    /// on a virtual clock: the loader's callback and the timeout come at their virtual times, and
    /// what comes at one instant is interleaved in every way within the preemption bound. Resumes
    /// are counted by a wrapper: a real CheckedContinuation would trap on the second.
    /// (Tests/ExerciseTests/ResumeOnceBridgeTests runs the reference solution through the real one.)
    public static func resumeOnce<E: ResumeOnceExercise>(_: E.Type, _ run: CheckRun) {
        let payload = Data("image".utf8)
        let paths: [BridgePath] = [
            BridgePath(name: "data from another thread", callback: .at(0.1, .success(payload)), expected: .data(payload)),
            BridgePath(name: "the loader's error from another thread", callback: .at(0.1, .failure(DiskFault.unreadable)),
                       expected: .error("\(DiskFault.unreadable)")),
            BridgePath(name: "data called back before load returns", callback: .inside(.success(payload)), expected: .data(payload)),
            BridgePath(name: "no callback at all", callback: .never, expected: .timedOut),
            BridgePath(name: "a callback after the timeout", callback: .at(0.8, .success(payload)), expected: .timedOut),
            BridgePath(name: "a callback at the very instant of the timeout", callback: .at(0.5, .success(payload)), expected: nil),
        ]
        var options = ScheduleOptions()
        options.virtualTime = true
        // Read from the code, not the comments (the header itself names Task.sleep).
        let code = (run.source ?? "").split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        let usesTask = code.contains { $0.contains("Task {") || $0.contains("Task.sleep") || $0.contains("Task.detached") }
        for path in paths {
            let held = run.explore("\(path.name) (timeout \(ScheduleWorld.text(seconds: BridgePath.timeout)))", options) { world in
                path.explore(E.self, world, usesTask: usesTask)
            }
            if !held { return }
        }
    }

    /// A continuation under an explored schedule: records each resume with its virtual time.
    final class ListContinuation: DataContinuation {
        private let list: LockedList<TimedResume>
        private let world: ScheduleWorld
        init(_ list: LockedList<TimedResume>, _ world: ScheduleWorld) {
            self.list = list
            self.world = world
        }
        func resume(returning value: Data) { record(.data(value)) }
        func resume(throwing error: any Error) { record((error as? BridgeError) == .timedOut ? .timedOut : .error("\(error)")) }
        private func record(_ outcome: BridgeOutcome) { list.append(TimedResume(outcome: outcome, at: world.nowNanoseconds)) }
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

/// A resume and its virtual time (nanoseconds).
struct TimedResume: Sendable {
    let outcome: BridgeOutcome
    let at: Int64
}

/// When the loader calls back.
enum Callback: Sendable {
    /// On a thread of its own, at this virtual time (seconds).
    case at(TimeInterval, Result<Data, Chapter10Checks.DiskFault>)
    /// Inside `load`, on the calling thread.
    case inside(Result<Data, Chapter10Checks.DiskFault>)
    case never

    var result: Result<Data, Chapter10Checks.DiskFault>? {
        switch self {
        case .at(_, let result), .inside(let result): return result
        case .never: return nil
        }
    }
}

/// One path through a bridge: the loader's behaviour and the one right outcome (nil: either the
/// data or the timeout, as long as exactly one resumes).
struct BridgePath: Sendable {
    /// Mixed case on purpose: the loader must be asked for the key exactly as given.
    static let key = "Avatars/Key-A.png"
    static let timeout = 0.5
    let name: String
    let callback: Callback
    let expected: BridgeOutcome?

    /// One run of the path: start, then everything that follows on the virtual clock.
    func explore<E: ResumeOnceExercise>(_: E.Type, _ world: ScheduleWorld, usesTask: Bool) {
        let resumes = LockedList<TimedResume>(), keys = LockedList<String>()
        let calledBack = LockedList<Int64>()
        let callback = self.callback
        let load: LoadFunction = { key, completion in
            keys.append(key)
            @Sendable func deliver(_ result: Result<Data, Chapter10Checks.DiskFault>) {
                calledBack.append(world.nowNanoseconds)
                completion(result.mapError { $0 as any Error })
            }
            switch callback {
            case .inside(let result): deliver(result)
            case .at(let seconds, let result):
                world.spawn("the loader's callback") {
                    world.sleep(until: seconds, CheckMessage("waits", ko: "기다림"))
                    world.step(CheckMessage("calls back (\(ScheduleWorld.text(seconds: seconds)))",
                                            ko: "콜백 호출 (\(ScheduleWorld.text(seconds: seconds)))"))
                    deliver(result)
                }
            case .never: break
            }
        }
        E.start(key: Self.key, timeout: Self.timeout, load: load, continuation: Chapter10Checks.ListContinuation(resumes, world))
        let returnedAt = world.nowNanoseconds
        world.settle()
        judge(world, resumes: resumes.values, keys: keys.values, calledBack: calledBack.values.first, returnedAt: returnedAt, usesTask: usesTask)
    }

    private func judge(_ world: ScheduleWorld, resumes: [TimedResume], keys: [String], calledBack: Int64?, returnedAt: Int64, usesTask: Bool) {
        let timeout = Self.timeout, deadline = Int64((Self.timeout * 1e9).rounded())
        func at(_ nanoseconds: Int64) -> String { ScheduleWorld.text(seconds: Double(nanoseconds) / 1e9) }
        if returnedAt > 0 {
            world.fail("\(name): start returned only at \(at(returnedAt)) (virtual clock): it blocked its thread (a Swift concurrency "
                       + "thread, of which there are few) waiting. Schedule the timeout (e.g. asyncAfter) and return at once")
        }
        if keys != [Self.key] {
            let asked = keys.isEmpty ? "never asked for anything" : "asked for " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
            world.fail("\(name): the loader was \(asked) — call load once, with the key exactly as given (\"\(Self.key)\")")
        }
        guard let first = resumes.first else {
            var message = callback.result == nil
                ? "\(name): nothing resumed — the caller's task stays suspended forever. After `timeout` seconds resume with BridgeError.timedOut"
                : "\(name): the bridge never resumed (every path must resume: the data, the loader's error, the timeout)"
            if world.timersOnCheckRunLoop > 0 {
                message += ". Your timeout is a Timer on the run loop of the thread that called start — a Swift concurrency "
                    + "thread, whose run loop never runs, so it never fires: use asyncAfter on a queue"
            } else if usesTask {
                message += ". Your file starts a Task: the check's virtual clock drives DispatchQueue.asyncAfter, Timer, timed waits "
                    + "and Thread.sleep, not Task.sleep (see the exercise's header)"
            }
            world.fail(message)
            return
        }
        if resumes.count > 1 {
            world.fail("\(name): resumed \(resumes.count) times (\(resumes.map { "\($0.outcome.text) at \(at($0.at))" }.joined(separator: ", "))) — "
                       + "a CheckedContinuation traps on the second resume. Let only the first of the callback and the timeout resume; "
                       + "deciding who is first must be one atomic step (a lock held across the check and the set, or Atomic.exchange)")
            return
        }
        let when = "at \(at(first.at))"
        guard let expected else {
            world.expect(first.outcome == .timedOut || callback.result.map { first.outcome == Self.outcome($0) } == true,
                         "\(name): resumed with \(first.outcome.text): only the loader's data or BridgeError.timedOut can come first here")
            return
        }
        if first.outcome != expected {
            switch (expected, first.outcome) {
            case (_, .timedOut) where first.at < deadline:
                world.fail("\(name): resumed with BridgeError.timedOut \(when) (virtual clock), but timeout is \(timeout) s — "
                           + "a TimeInterval, in seconds — and the loader called back \(calledBack.map { "at \(at($0))" } ?? "later")")
            case (.error, .timedOut):
                world.fail("\(name): resumed with BridgeError.timedOut \(when) instead of the loader's error, which came at "
                           + "\(calledBack.map(at) ?? "the start"): the loader's error must reach the caller at once, as the error itself")
            case (.data, .timedOut):
                world.fail("\(name): resumed with BridgeError.timedOut \(when), though the loader called back with data at "
                           + "\(calledBack.map(at) ?? "the start"): resume with the data when it comes")
            case (.timedOut, _):
                world.fail("\(name): resumed with \(first.outcome.text) \(when), but the loader had not called back within the timeout "
                           + "(\(timeout) s): at \(timeout) s nothing had resumed")
            default:
                world.fail("\(name): resumed with \(first.outcome.text) \(when) (expected \(expected.text))")
            }
            return
        }
        if expected == .timedOut {
            if first.at < deadline {
                world.fail("\(name): resumed with BridgeError.timedOut \(when) (virtual clock), but timeout is \(timeout) s — a TimeInterval, in seconds")
            } else if first.at > deadline + deadline / 10 {
                world.fail("\(name): resumed with BridgeError.timedOut only \(when) (virtual clock); timeout is \(timeout) s")
            }
        } else if let calledBack, first.at != calledBack {
            world.fail("\(name): resumed \(when), though the loader called back at \(at(calledBack)): resume when the callback comes")
        }
    }

    private static func outcome(_ result: Result<Data, Chapter10Checks.DiskFault>) -> BridgeOutcome {
        switch result {
        case .success(let data): return .data(data)
        case .failure(let error): return .error("\(error)")
        }
    }
}

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
            BridgePath(name: CheckMessage("data from another thread", ko: "다른 스레드에서 온 데이터"),
                       callback: .at(0.1, .success(payload)), expected: .data(payload)),
            BridgePath(name: CheckMessage("the loader's error from another thread", ko: "다른 스레드에서 온 loader의 에러"),
                       callback: .at(0.1, .failure(DiskFault.unreadable)), expected: .error("\(DiskFault.unreadable)")),
            BridgePath(name: CheckMessage("data called back before load returns", ko: "load가 돌아오기 전에 콜백으로 온 데이터"),
                       callback: .inside(.success(payload)), expected: .data(payload)),
            // Empty data is data: a file of 0 bytes is a hit, not "nothing loaded yet".
            BridgePath(name: CheckMessage("empty data (0 bytes) from another thread", ko: "다른 스레드에서 온 빈 데이터(0 bytes)"),
                       callback: .at(0.1, .success(Data())), expected: .data(Data())),
            BridgePath(name: CheckMessage("no callback at all", ko: "콜백이 아예 없음"), callback: .never, expected: .timedOut),
            // A long timeout is a timeout too (an hour of virtual time costs nothing).
            BridgePath(name: CheckMessage("no callback at all, a long timeout", ko: "콜백이 아예 없음, 긴 타임아웃"), callback: .never,
                       expected: .timedOut, timeout: 3_600),
            // An empty key is a key: it gets loaded and answered like any other.
            BridgePath(name: CheckMessage("an empty key \"\", data from another thread", ko: "빈 key \"\", 다른 스레드에서 온 데이터"),
                       callback: .at(0.1, .success(payload)), expected: .data(payload), key: ""),
            // A key in NFD is asked for in NFD: normalising it asks the loader for another URL.
            BridgePath(name: CheckMessage("a key in NFD, data from another thread", ko: "NFD로 쓴 key, 다른 스레드에서 온 데이터"),
                       callback: .at(0.1, .success(payload)), expected: .data(payload), key: "Avatars/Cafe\u{301}.png"),
            // Spaces are part of a key: trimming them asks the loader for another URL (blind round 40).
            BridgePath(name: CheckMessage("a key with a space at each end, data from another thread", ko: "앞뒤에 공백이 있는 key, 다른 스레드에서 온 데이터"),
                       callback: .at(0.1, .success(payload)), expected: .data(payload), key: " Avatars/Key A.png "),
            BridgePath(name: CheckMessage("a callback after the timeout", ko: "타임아웃 뒤에 온 콜백"),
                       callback: .at(0.8, .success(payload)), expected: .timedOut),
            // The loader's error after the timeout is ignored as its data is (blind round 41 guarded the data path only).
            BridgePath(name: CheckMessage("the loader's error after the timeout", ko: "타임아웃 뒤에 온 loader의 에러"),
                       callback: .at(0.8, .failure(DiskFault.unreadable)), expected: .timedOut),
            BridgePath(name: CheckMessage("a callback at the very instant of the timeout", ko: "타임아웃과 정확히 같은 순간에 온 콜백"),
                       callback: .at(0.5, .success(payload)), expected: nil),
            BridgePath(name: CheckMessage("the loader's error at the very instant of the timeout", ko: "타임아웃과 정확히 같은 순간에 온 loader의 에러"),
                       callback: .at(0.5, .failure(DiskFault.unreadable)), expected: nil),
            // A zero timeout has passed at once: the data that comes later is ignored, not
            // resumed a second time. And a short one is kept as given, not rounded up.
            BridgePath(name: CheckMessage("a zero timeout, data from another thread", ko: "타임아웃 0, 다른 스레드에서 온 데이터"),
                       callback: .at(0.1, .success(payload)), expected: .timedOut, timeout: 0),
            BridgePath(name: CheckMessage("a 1 ms timeout, data at 5 ms", ko: "1 ms 타임아웃, 5 ms에 온 데이터"),
                       callback: .at(0.005, .success(payload)), expected: .timedOut, timeout: 0.001),
            // Not rounded to whole milliseconds either way (blind round 44 truncated 1.5 ms to 1 ms).
            BridgePath(name: CheckMessage("a 1.5 ms timeout, data at 1.2 ms", ko: "1.5 ms 타임아웃, 1.2 ms에 온 데이터"),
                       callback: .at(0.0012, .success(payload)), expected: .data(payload), timeout: 0.0015),
            BridgePath(name: CheckMessage("a 1.5 ms timeout, data at 1.8 ms", ko: "1.5 ms 타임아웃, 1.8 ms에 온 데이터"),
                       callback: .at(0.0018, .success(payload)), expected: .timedOut, timeout: 0.0015),
            // An app's main thread is often busy (or blocked): a timeout must come on time anyway
            // (blind round 38 scheduled it on the main queue).
            BridgePath(name: CheckMessage("no callback at all, start called on the main thread, which then stays busy for 2 s",
                                          ko: "콜백이 아예 없음, 메인 스레드에서 start를 부르고 그 스레드는 2초 동안 바쁨"),
                       callback: .never, expected: .timedOut, mainBusyUntil: 2),
            // Data that comes in time wins even while the main thread is busy (blind round 42 hopped the
            // callback to the main queue before deciding: the timeout won at 0.5 s).
            BridgePath(name: CheckMessage("data from another thread at 0.1 s, start called on the main thread, which then stays busy for 2 s",
                                          ko: "0.1초에 다른 스레드에서 온 데이터, 메인 스레드에서 start를 부르고 그 스레드는 2초 동안 바쁨"),
                       callback: .at(0.1, .success(payload)), expected: .data(payload), mainBusyUntil: 2),
            // Each call's timeout counts from that call (blind round 43 kept the first start's time
            // in a `static let`: every later call found its deadline long past).
            BridgePath(name: CheckMessage("start called at 10 s, data from another thread at 10.1 s",
                                          ko: "10초에 start 호출, 10.1초에 다른 스레드에서 온 데이터"),
                       callback: .at(10.1, .success(payload)), expected: .data(payload), startAt: 10),
            // The timeout counts from the call to start: a loader may work before it returns (a
            // timeout armed only after load returns came 0.4 s late and let the data win; blind round 39).
            BridgePath(name: CheckMessage("the loader works 0.4 s before it returns, then calls back with data at 0.6 s",
                                          ko: "loader가 돌아오기 전에 0.4초 동안 일하고, 0.6초에 데이터로 콜백함"),
                       callback: .at(0.6, .success(payload)), expected: .timedOut, loaderWorksUntil: 0.4),
            // ... and may call back before it returns, after the timeout (blind round 42 armed the
            // timeout, with the deadline taken at start, only after load returned).
            BridgePath(name: CheckMessage("the loader works 0.6 s, then calls back with data before it returns",
                                          ko: "loader가 0.6초 동안 일한 뒤, 돌아오기 전에 데이터로 콜백함"),
                       callback: .inside(.success(payload)), expected: .timedOut, loaderWorksUntil: 0.6),
        ]
        // Data one byte past each number the checked file writes (a "big data takes another path"
        // cut-off, whatever number was picked): on time, it is the answer; after the timeout, ignored.
        // And timeouts one second past each number the file writes (a "timeouts are capped at a
        // day" cut-off): the timeout comes at exactly that time, not earlier.
        let longPaths = SourceFacts.sizesPastCutOffs(in: run.source, within: 2...100_000_000, limit: 2).map { seconds in
            BridgePath(name: CheckMessage("no callback at all, a timeout of \(grouped(seconds)) s", ko: "콜백이 아예 없음, 타임아웃 \(grouped(seconds))초"),
                       callback: .never, expected: .timedOut, timeout: TimeInterval(seconds))
        }
        let bigPaths = longPaths + SourceFacts.sizesPastCutOffs(in: run.source, within: 6...(64 << 20), limit: 2).flatMap { size -> [BridgePath] in
            let big = Data(repeating: 0x2A, count: size)
            return [BridgePath(name: CheckMessage("\(grouped(size)) bytes of data from another thread", ko: "다른 스레드에서 온 \(grouped(size))바이트 데이터"),
                               callback: .at(0.1, .success(big)), expected: .data(big)),
                    BridgePath(name: CheckMessage("\(grouped(size)) bytes of data after the timeout", ko: "타임아웃 뒤에 온 \(grouped(size))바이트 데이터"),
                               callback: .at(0.8, .success(big)), expected: .timedOut)]
        }
        var options = ScheduleOptions()
        options.virtualTime = true
        // Read from the code, not the comments (the header itself names Task.sleep).
        let code = (run.source ?? "").split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        let uncontrolledClock = code.contains { $0.contains("Task {") || $0.contains("Task.sleep") || $0.contains("Task.detached") }
            ? BridgePath.Uncontrolled.task
            : code.contains { $0.contains("DispatchSource") } ? BridgePath.Uncontrolled.dispatchSource
            : code.contains { $0.contains("Date()") || $0.contains("Date.now") || $0.contains("CFAbsoluteTimeGetCurrent") }
                ? BridgePath.Uncontrolled.wallClock : nil
        for path in paths + bigPaths {
            let title = CheckMessage("\(path.name.english) (timeout \(ScheduleWorld.text(seconds: path.timeout)))",
                                     ko: "\(path.name.ko) (타임아웃 \(ScheduleWorld.text(seconds: path.timeout)))")
            let held = run.explore(title, options) { world in
                path.explore(E.self, world, uncontrolledClock: uncontrolledClock)
            }
            if !held { return }
        }
        let overlapping = run.explore(CheckMessage("three loads in flight at once, two of one key", ko: "동시에 진행 중인 load 세 개, 그중 둘은 같은 key"), options) { world in
            overlappingLoads(E.self, world)
        }
        if !overlapping { return }
        // The question here is when each timeout comes, not how blocks interleave (the scenarios
        // above explore that; a late timeout shows on the schedule without preemptions): ≤ 1 is enough.
        options.poolThreads = busyPoolThreads
        options.preemptions = 1
        run.explore(CheckMessage("\(busyPoolThreads + 1) loads in flight, none calling back, on a pool of \(busyPoolThreads) threads",
                                 ko: "콜백 없는 load \(busyPoolThreads + 1)개가 동시에 진행 중, 스레드 \(busyPoolThreads)개짜리 풀"), options) { world in
            loadsOnABusyPool(E.self, world)
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

    var text: CheckMessage {
        switch self {
        case .data(let data): return CheckMessage("data (\(data.count) bytes)", ko: "데이터(\(data.count) bytes)")
        case .error(let description): return CheckMessage("error \(description)", ko: "에러 \(description)")
        case .timedOut: return CheckMessage("BridgeError.timedOut", ko: "BridgeError.timedOut")
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
    /// A clock the file uses that the check's virtual clock does not drive (said when nothing resumed).
    /// A clock in the file that the virtual clock does not drive: a Task, a DispatchSource, or a
    /// reading of the real time (Date(), told only to explain a deadline that came early).
    enum Uncontrolled: Sendable { case task, dispatchSource, wallClock }
    /// Mixed case on purpose: the loader must be asked for the key exactly as given.
    static let key = "Avatars/Key-A.png"
    static let timeout = 0.5
    let name: CheckMessage
    let callback: Callback
    let expected: BridgeOutcome?
    /// The key this path asks for ("" is a key too: a URL with no string still gets an answer).
    var key: String = BridgePath.key
    /// The timeout this path passes to start, in seconds.
    var timeout: TimeInterval = BridgePath.timeout
    /// When set, start is called on the app's main thread, which then stays busy until this
    /// virtual time (an app's main thread at work): the timeout must not wait for it.
    var mainBusyUntil: TimeInterval?
    /// When set, load works until this virtual time before it returns (on start's thread): the
    /// timeout still counts from the call to start.
    var loaderWorksUntil: TimeInterval?
    /// When set, start is called only at this virtual time (the app has run a while): its timeout
    /// counts from this call, not from an earlier one.
    var startAt: TimeInterval?

    /// One run of the path: start, then everything that follows on the virtual clock.
    func explore<E: ResumeOnceExercise>(_: E.Type, _ world: ScheduleWorld, uncontrolledClock: Uncontrolled?) {
        let resumes = LockedList<TimedResume>(), keys = LockedList<String>()
        let calledBack = LockedList<Int64>()
        let callback = self.callback, loaderWorksUntil = self.loaderWorksUntil
        let load: LoadFunction = { key, completion in
            keys.append(key)
            if let loaderWorksUntil {
                world.sleep(until: loaderWorksUntil, CheckMessage("load works before it returns", ko: "load가 돌아오기 전에 일함"))
            }
            @Sendable func deliver(_ result: Result<Data, Chapter10Checks.DiskFault>) {
                calledBack.append(world.nowNanoseconds)
                completion(result.mapError { $0 as any Error })
            }
            switch callback {
            case .inside(let result): deliver(result)
            case .at(let seconds, let result):
                world.spawn(CheckMessage("the loader's callback", ko: "loader의 콜백")) {
                    world.sleep(until: seconds, CheckMessage("waits", ko: "기다림"))
                    world.step(CheckMessage("calls back (\(ScheduleWorld.text(seconds: seconds)))",
                                            ko: "콜백 호출 (\(ScheduleWorld.text(seconds: seconds)))"))
                    deliver(result)
                }
            case .never: break
            }
        }
        if mainBusyUntil != nil { world.actAsMainThread() }
        if let startAt {
            world.sleep(until: startAt, CheckMessage("the app runs a while before it calls start", ko: "앱이 start를 부르기 전에 한동안 실행됨"))
        }
        let startedAt = world.nowNanoseconds
        E.start(key: key, timeout: timeout, load: load, continuation: Chapter10Checks.ListContinuation(resumes, world))
        let returnedAt = world.nowNanoseconds - startedAt
        if let busy = mainBusyUntil {
            world.sleep(until: busy, CheckMessage("stays busy (the app's main thread at work)", ko: "바쁘게 일함(앱의 메인 스레드가 일하는 중)"))
        }
        world.settle()
        judge(world, resumes: resumes.values, keys: keys.values, calledBack: calledBack.values.first, returnedAt: returnedAt, uncontrolledClock: uncontrolledClock)
    }

    private func judge(_ world: ScheduleWorld, resumes: [TimedResume], keys: [String], calledBack: Int64?, returnedAt: Int64, uncontrolledClock: Uncontrolled?) {
        let timeout = self.timeout, deadline = Int64((timeout * 1e9).rounded())
        func at(_ nanoseconds: Int64) -> String { ScheduleWorld.text(seconds: Double(nanoseconds) / 1e9) }
        /// The path's name, then what went wrong on it.
        func fail(_ english: String, ko korean: String) { world.fail(name + CheckMessage(english, ko: korean)) }
        // A loader that works before it returns holds start until then; nothing else may.
        if returnedAt > Int64(((loaderWorksUntil ?? 0) * 1e9).rounded()) {
            fail(": start returned only \(at(returnedAt)) after it was called (virtual clock): it blocked its thread (a Swift concurrency "
                 + "thread, of which there are few) waiting. Schedule the timeout (e.g. asyncAfter) and return at once",
                 ko: ": start는 호출된 지 \(at(returnedAt)) 뒤에야 돌아왔습니다(가상 시계). 스레드(몇 개 없는 Swift concurrency 스레드)를 붙잡고 "
                 + "기다렸습니다. 타임아웃은 asyncAfter 같은 것으로 예약해 두고 곧바로 돌아오세요")
        }
        // By bytes: String's == takes a key in NFD for its NFC spelling, and a loader does not.
        if keys.count != 1 || !sameBytes(keys[0], key) {
            let list = keys.map(quoted).joined(separator: ", "), given = quoted(key)
            let asked = keys.isEmpty ? CheckMessage(": the loader was never asked for anything", ko: ": loader에 아무것도 요청하지 않았습니다")
                                     : CheckMessage(": the loader was asked for \(list)", ko: ": loader에 요청한 key: \(list)")
            world.fail(name + asked + CheckMessage(" — call load once, with the key exactly as given (\(given))",
                                                   ko: " — load는 한 번, 주어진 key 그대로(\(given)) 부르세요"))
        }
        guard let first = resumes.first else {
            var message = callback.result == nil
                ? CheckMessage(": nothing resumed — the caller's task stays suspended forever. After `timeout` seconds resume with BridgeError.timedOut",
                               ko: ": 아무것도 resume하지 않았습니다 — 호출한 쪽의 task가 영원히 멈춰 있습니다. `timeout`초가 지나면 "
                               + "BridgeError.timedOut으로 resume하세요")
                : CheckMessage(": the bridge never resumed (every path must resume: the data, the loader's error, the timeout)",
                               ko: ": 브리지가 끝내 resume하지 않았습니다 (데이터, loader의 에러, 타임아웃 — 모든 경로에서 resume해야 합니다)")
            if world.timersOnCheckRunLoop > 0 {
                message = message + CheckMessage(". Your timeout is a Timer on the run loop of the thread that called start — a Swift concurrency "
                    + "thread, whose run loop never runs, so it never fires: use asyncAfter on a queue",
                    ko: ". 타임아웃을 start를 부른 스레드의 run loop에 건 Timer로 만들었습니다. 그 스레드는 run loop가 돌지 않는 Swift "
                    + "concurrency 스레드라서 Timer가 끝내 실행되지 않습니다: 큐의 asyncAfter를 쓰세요")
            } else if uncontrolledClock == .task {
                message = message + CheckMessage(". Your file starts a Task: the check's virtual clock drives DispatchQueue.asyncAfter, Timer, timed waits "
                    + "and Thread.sleep, not Task.sleep (see the exercise's header)",
                    ko: ". 파일에서 Task를 시작합니다: 확인의 가상 시계가 움직이는 것은 DispatchQueue.asyncAfter, Timer, 시간 제한이 있는 "
                    + "wait, Thread.sleep이고 Task.sleep은 아닙니다 (할 일의 머리말을 보세요)")
            } else if uncontrolledClock == .dispatchSource {
                // Blind round 43: a DispatchSourceTimer fires in an app; here it is on the real clock,
                // so "suspended forever" would not be true of it.
                message = CheckMessage(": nothing resumed while the check ran", ko: ": 확인이 도는 동안 아무것도 resume하지 않았습니다")
                    + CheckMessage(". Your file makes a DispatchSource: in an app its timer fires (while something keeps the source alive: a "
                    + "local one is freed when start returns), but the check's virtual clock "
                    + "drives DispatchQueue.asyncAfter, Timer, timed waits and Thread.sleep, not a DispatchSource (see the exercise's header): "
                    + "schedule the timeout with one of those",
                    ko: ". 파일에서 DispatchSource를 만듭니다: 앱에서라면 그 timer가 울리겠지만(무언가가 source를 붙잡고 있는 동안에만: 지역 변수에 "
                    + "담은 source는 start가 돌아올 때 해제됩니다), 확인의 가상 시계가 움직이는 것은 "
                    + "DispatchQueue.asyncAfter, Timer, 시간 제한이 있는 wait, Thread.sleep이고 DispatchSource는 아닙니다 (할 일의 머리말을 "
                    + "보세요): 타임아웃은 그중 하나로 예약하세요")
            }
            world.fail(name + message)
            return
        }
        if resumes.count > 1 {
            let list = CheckMessage.joined(resumes.map { CheckMessage("\($0.outcome.text.english) at \(at($0.at))",
                                                                      ko: "\(at($0.at)): \($0.outcome.text.ko)") }, separator: ", ")
            world.fail(name + CheckMessage(": resumed \(resumes.count) times (", ko: ": resume이 \(resumes.count)번 일어났습니다 (") + list
                       + CheckMessage(") — a CheckedContinuation traps on the second resume. Let only the first of the callback and the timeout "
                                      + "resume: every path that resumes asks one shared decision first and resumes only when it won, and that "
                                      + "decision is one atomic step (a lock held across the check and the set, or Atomic.exchange)",
                                      ko: ") — CheckedContinuation은 두 번째 resume에서 trap합니다. 콜백과 타임아웃 중 먼저 온 쪽만 resume하게 "
                                      + "하세요: resume하는 모든 경로가 먼저 하나의 공유된 결정을 묻고 이겼을 때만 resume해야 하며, 그 결정은 "
                                      + "원자적인 한 단계여야 합니다 (확인과 설정을 한 lock 안에서 하거나 Atomic.exchange)"))
            return
        }
        let when = at(first.at), came = calledBack.map(at)
        let calledWhen = came.map { CheckMessage("at \($0)", ko: "\($0)") } ?? CheckMessage("later", ko: "그보다 나중")
        // Why a timeout came early: a thousandth of it or less is a unit (milliseconds for seconds);
        // a little early is a deadline counted from another moment or on another clock (blind round
        // 46b: the real elapsed time, read with Date(), taken off it was told "in seconds").
        let early = first.at * 100 < deadline
            ? CheckMessage("a TimeInterval, in seconds", ko: "timeout은 초 단위 TimeInterval입니다")
            : uncontrolledClock == .wallClock
            ? CheckMessage("it counts from start's call, on the clock asyncAfter and Timer use (your file reads Date(), the real clock, "
                           + "which the check's virtual clock does not move)",
                           ko: "타임아웃은 start를 부른 때부터, asyncAfter와 Timer가 쓰는 시계로 셉니다 (파일에서 읽는 Date()는 실제 시계라서 "
                               + "확인의 가상 시계가 움직이지 않습니다)")
            : CheckMessage("it waits the whole timeout from start's call (a TimeInterval keeps fractions of a second: cut or rounded "
                           + "away, the timeout comes early)",
                           ko: "타임아웃은 start를 부른 때부터 timeout 전체를 기다립니다 (TimeInterval에는 1초보다 작은 부분도 있습니다: "
                               + "잘라 내거나 반올림하면 타임아웃이 일찍 옵니다)")
        guard let expected else {
            if !(first.outcome == .timedOut || callback.result.map { first.outcome == Self.outcome($0) } == true) {
                fail(": resumed with \(first.outcome.text.english): only the loader's data or BridgeError.timedOut can come first here",
                     ko: ": resume한 값: \(first.outcome.text.ko). 여기서 먼저 올 수 있는 것은 loader의 데이터나 BridgeError.timedOut뿐입니다")
            }
            return
        }
        if first.outcome != expected {
            // Resumed with timedOut at the very instant the loader called back: the callback's own
            // result was turned into timedOut (the cases below say so), not a timeout in other units.
            let atCallback = calledBack == first.at
            switch (expected, first.outcome) {
            case (_, .timedOut) where first.at < deadline && !atCallback:
                fail(": resumed with BridgeError.timedOut at \(when) (virtual clock), but timeout is \(timeout) s — "
                     + "\(early.english) — and the loader called back \(calledWhen.english)",
                     ko: ": BridgeError.timedOut으로 resume한 시각(가상 시계): \(when). 하지만 timeout은 \(timeout) s입니다 — "
                     + "\(early.ko). loader가 콜백한 시각: \(calledWhen.ko)")
            case (.error, .timedOut):
                fail(": resumed with BridgeError.timedOut at \(when) instead of the loader's error, which came at "
                     + "\(came ?? "the start"): the loader's error must reach the caller at once, as the error itself",
                     ko: ": loader의 에러 대신 BridgeError.timedOut으로 resume했습니다 (resume 시각: \(when), 에러가 온 시각: "
                     + "\(came ?? "시작할 때")). loader의 에러는 그 에러 그대로 곧바로 호출한 쪽에 전해야 합니다")
            case (.data, .timedOut):
                let busy = mainBusyUntil.map { seconds in
                    CheckMessage(" — the main thread, which called start, was busy until \(ScheduleWorld.text(seconds: seconds)): what this "
                                 + "path waits for on it (the main queue, its run loop) comes only then, after the timeout",
                                 ko: " — start를 부른 메인 스레드는 \(ScheduleWorld.text(seconds: seconds))까지 바빴습니다: 이 경로가 메인 "
                                 + "스레드에서 기다리는 것(메인 큐, 그 run loop)은 그때에야, 타임아웃보다 늦게 옵니다")
                } ?? startAt.map { seconds in
                    CheckMessage(" — start was called at \(ScheduleWorld.text(seconds: seconds)), so its timeout was due at "
                                 + "\(ScheduleWorld.text(seconds: seconds + timeout)): each call's timeout counts from that call, not from an earlier one",
                                 ko: " — start를 부른 시각이 \(ScheduleWorld.text(seconds: seconds))이므로 타임아웃은 "
                                 + "\(ScheduleWorld.text(seconds: seconds + timeout))에 와야 했습니다: 호출마다 타임아웃은 그 호출 때부터 셉니다. "
                                 + "그 전 호출 때부터가 아닙니다")
                } ?? CheckMessage("", ko: "")
                world.fail(name + CheckMessage(": resumed with BridgeError.timedOut at \(when), though the loader called back with data at "
                                               + "\(came ?? "the start"): resume with the data when it comes",
                                               ko: ": loader가 데이터로 콜백했는데도 BridgeError.timedOut으로 resume했습니다 (resume 시각: \(when), "
                                               + "콜백 시각: \(came ?? "시작할 때")). 데이터가 오면 그 데이터로 resume하세요") + busy)
            case (.timedOut, .error) where first.at >= deadline && calledBack.map({ $0 > first.at }) ?? true:
                // An error of the bridge's own at the timeout (blind round 42 threw CancellationError).
                fail(": resumed with \(first.outcome.text.english) at \(when), when the timeout (\(timeout) s) passed: a timeout "
                     + "resumes with BridgeError.timedOut, the error the caller is told to expect",
                     ko: ": 타임아웃(\(timeout) s)이 지난 \(when)에 \(first.outcome.text.ko)(으)로 resume했습니다: 타임아웃은 호출한 "
                     + "쪽이 기다리는 에러인 BridgeError.timedOut으로 resume해야 합니다")
            case (.timedOut, _) where loaderWorksUntil != nil:
                let worked = ScheduleWorld.text(seconds: loaderWorksUntil ?? 0)
                fail(": resumed with \(first.outcome.text.english) at \(when), but the loader had not called back within the timeout "
                     + "(\(timeout) s) of the call to start — the timeout counts from that call, even while load takes \(worked) to return",
                     ko: ": resume한 값: \(first.outcome.text.ko) (시각: \(when)). 그런데 loader는 start를 부른 때부터 타임아웃(\(timeout) s) "
                     + "안에 콜백하지 않았습니다 — 타임아웃은 load가 돌아오기까지 걸린 시간(\(worked))과 상관없이 start를 부른 때부터 셉니다")
            case (.timedOut, _):
                fail(": resumed with \(first.outcome.text.english) at \(when), but the loader had not called back within the timeout "
                     + "(\(timeout) s): at \(timeout) s nothing had resumed",
                     ko: ": resume한 값: \(first.outcome.text.ko) (시각: \(when)). 그런데 loader는 타임아웃(\(timeout) s) 안에 "
                     + "콜백하지 않았으니, 시각이 \(timeout) s가 됐을 때 BridgeError.timedOut으로 resume했어야 합니다")
            default:
                fail(": resumed with \(first.outcome.text.english) at \(when) (expected \(expected.text.english))",
                     ko: ": resume한 값: \(first.outcome.text.ko) (시각: \(when)). 기대한 값: \(expected.text.ko)")
            }
            return
        }
        if expected == .timedOut {
            if first.at < deadline {
                fail(": resumed with BridgeError.timedOut at \(when) (virtual clock), but timeout is \(timeout) s — \(early.english)",
                     ko: ": BridgeError.timedOut으로 resume한 시각(가상 시계): \(when). 하지만 timeout은 \(timeout) s입니다 — \(early.ko)")
            } else if first.at > deadline + deadline / 10 {
                let busy = mainBusyUntil.map { seconds in
                    CheckMessage(": the main thread, which called start, was busy until \(ScheduleWorld.text(seconds: seconds)), and a timeout "
                                 + "scheduled on the main queue waits for it (or never comes, while the main thread is blocked) — schedule it on a "
                                 + "queue that is free, such as a global one",
                                 ko: ". start를 부른 메인 스레드가 \(ScheduleWorld.text(seconds: seconds))까지 바빴는데, 메인 큐에 예약한 타임아웃은 "
                                 + "메인 스레드가 풀릴 때까지 기다립니다 (메인 스레드가 막혀 있으면 끝내 오지 않습니다) — global 큐처럼 비어 있는 "
                                 + "큐에 예약하세요")
                } ?? CheckMessage("", ko: "")
                world.fail(name + CheckMessage(": resumed with BridgeError.timedOut only at \(when) (virtual clock); timeout is \(timeout) s",
                                               ko: ": BridgeError.timedOut으로 resume한 시각(가상 시계): \(when). timeout(\(timeout) s)보다 한참 늦습니다")
                           + busy)
            }
        } else if let calledBack, first.at != calledBack {
            fail(": resumed at \(when), though the loader called back at \(at(calledBack)): resume when the callback comes",
                 ko: ": resume 시각: \(when), loader가 콜백한 시각: \(at(calledBack)). 콜백이 오면 그때 resume하세요")
        }
    }

    private static func outcome(_ result: Result<Data, Chapter10Checks.DiskFault>) -> BridgeOutcome {
        switch result {
        case .success(let data): return .data(data)
        case .failure(let error): return .error("\(error)")
        }
    }
}

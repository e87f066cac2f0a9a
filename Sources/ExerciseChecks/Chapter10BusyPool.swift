// 10-resume-once: three loads in flight, none calling back, on a Dispatch pool of two threads.
// A timeout that waits on a pool thread (Thread.sleep or a timed wait in a global-queue block)
// holds that thread for the whole timeout: with more loads in flight than the pool has threads,
// a later load's block starts only when an earlier one ends, and its timeout comes late (blind
// rounds 40b, 41b and 41c; docs/CHECKS.md has the pool of a 2-core Linux machine, measured). A
// timeout armed with asyncAfter or a timer holds no thread while it waits.

import ExerciseKit
import Foundation
import WorkbookSupport

extension Chapter10Checks {
    /// Threads in the pool for this scenario; loads started at once: one more.
    static let busyPoolThreads = 2

    static func loadsOnABusyPool<E: ResumeOnceExercise>(_: E.Type, _ world: ScheduleWorld) {
        let labels = (1...busyPoolThreads + 1).map { "load \($0) of \"Photo-\($0)\"" }
        let resumes = labels.map { _ in LockedList<TimedResume>() }
        for (index, label) in labels.enumerated() {
            let key = "Photo-\(index + 1)"
            world.tell(CheckMessage("calls start(key: \"\(key)\", timeout: 0.5) (\(label))", ko: "start(key: \"\(key)\", timeout: 0.5) 호출 (\(label))"))
            // The loader returns at once and never calls back: only the timeout can answer.
            E.start(key: key, timeout: BridgePath.timeout, load: { _, _ in }, continuation: ListContinuation(resumes[index], world))
        }
        world.settle()
        let due = Int64(BridgePath.timeout * 1_000_000_000)
        let scene = CheckMessage("\(labels.count) loads in flight at once, started at 0 s, none calling back, on a Dispatch pool of \(busyPoolThreads) threads",
                                 ko: "0 s에 시작해 동시에 진행 중인 load \(labels.count)개, 모두 콜백 없음, 스레드 \(busyPoolThreads)개짜리 Dispatch 풀")
        for (index, label) in labels.enumerated() {
            let got = resumes[index].values
            if got.map(\.outcome) != [.timedOut] {
                let told = got.isEmpty ? CheckMessage("never resumed", ko: "resume하지 않았습니다")
                    : CheckMessage("resumed with ", ko: "resume한 값: ")
                        + CheckMessage.joined(got.map(\.outcome.text), separator: CheckMessage(", then ", ko: ", 이어서 "))
                world.fail(scene + CheckMessage(": \(label) ", ko: "에서 \(label)은 ") + told
                           + CheckMessage("; expected BridgeError.timedOut, once, at 0.500 s", ko: ". 기대한 것은 0.500 s에 BridgeError.timedOut 한 번입니다"))
                return
            }
            guard let at = got.first?.at, at != due else { continue }
            let when = ScheduleWorld.text(seconds: Double(at) / 1_000_000_000)
            let cause = world.poolWaits > 0
                ? CheckMessage(" — a queue block waited for a free pool thread while earlier blocks held all \(busyPoolThreads) of its threads. A block "
                               + "that sleeps or waits for the timeout holds its pool thread all that time, and every pool has a limit: arm "
                               + "the timeout without holding a thread while it waits (asyncAfter, a Timer)",
                               ko: " — 큐 블록 하나가 앞선 블록들이 풀 스레드 \(busyPoolThreads)개를 모두 붙잡고 있는 동안 빈 스레드를 기다렸습니다. 잠들거나 "
                                   + "타임아웃을 기다리는 블록은 그동안 내내 풀 스레드 하나를 붙잡고, 풀에는 언제나 한도가 있습니다. 기다리는 동안 "
                                   + "스레드를 붙잡지 않는 방법(asyncAfter, Timer)으로 타임아웃을 거세요")
                : CheckMessage(" — each start's timeout counts from its own call", ko: " — start마다 타임아웃은 자기 호출 때부터 셉니다")
            world.fail(scene + CheckMessage(": \(label) timed out at \(when), not at 0.500 s", ko: "에서 \(label)은 0.500 s가 아니라 \(when)에 타임아웃됐습니다")
                       + cause)
            return
        }
    }
}

// 10-resume-once: three bridges in flight at once — two loads of one key and one of another — on
// the virtual clock. Each start owns its continuation: whatever else is in flight, each resumes
// exactly once, with its own loader's result or its own timeout.

import ExerciseKit
import Foundation
import WorkbookSupport

/// One of the loads in flight: its loader calls back with `callback` at that virtual time, or never.
private struct OverlappingLoad: Sendable {
    let label: String
    let key: String
    let callback: (seconds: TimeInterval, data: Data)?
    var expected: BridgeOutcome { callback.map { .data($0.data) } ?? .timedOut }
}

extension Chapter10Checks {
    static func overlappingLoads<E: ResumeOnceExercise>(_: E.Type, _ world: ScheduleWorld) {
        let loads = [
            OverlappingLoad(label: "load 1 of \"\(BridgePath.key)\"", key: BridgePath.key, callback: (0.1, Data("one".utf8))),
            OverlappingLoad(label: "load 2 of \"\(BridgePath.key)\"", key: BridgePath.key, callback: (0.2, Data("two!".utf8))),
            OverlappingLoad(label: "load 3 of \"Other\"", key: "Other", callback: nil),
        ]
        let resumes = loads.map { _ in LockedList<TimedResume>() }
        for (index, load) in loads.enumerated() {
            world.tell(CheckMessage("calls start(key: \"\(load.key)\", timeout: 0.5) (\(load.label))",
                                    ko: "start(key: \"\(load.key)\", timeout: 0.5) 호출 (\(load.label))"))
            let loader: LoadFunction = { _, completion in
                guard let (seconds, data) = load.callback else { return }
                world.spawn(CheckMessage("the callback of \(load.label)", ko: "\(load.label)의 콜백")) {
                    world.sleep(until: seconds, CheckMessage("waits", ko: "기다림"))
                    world.step(CheckMessage("calls back", ko: "콜백 호출"))
                    completion(.success(data))
                }
            }
            E.start(key: load.key, timeout: BridgePath.timeout, load: loader, continuation: ListContinuation(resumes[index], world))
        }
        world.settle()
        for (index, load) in loads.enumerated() {
            let got = resumes[index].values.map(\.outcome)
            guard got != [load.expected] else { continue }
            let told = got.isEmpty ? CheckMessage("never resumed", ko: "resume하지 않았습니다")
                : CheckMessage("resumed with ", ko: "resume한 값: ") + CheckMessage.joined(got.map(\.text), separator: CheckMessage(", then ", ko: ", 이어서 "))
            world.fail(CheckMessage("three loads in flight at once (two of \"\(BridgePath.key)\", calling back at 0.1 s and 0.2 s with 3 and 4 bytes; "
                                    + "one of \"Other\", never calling back): \(load.label) ",
                                    ko: "동시에 진행 중인 load 세 개(\"\(BridgePath.key)\" 둘은 0.1 s와 0.2 s에 3 bytes, 4 bytes로 콜백, "
                                    + "\"Other\" 하나는 콜백 없음): \(load.label)은 ")
                       + told
                       + CheckMessage("; expected \(load.expected.text.english), once: each start resumes its own continuation exactly once, "
                                      + "with its own loader's result or its own timeout, whatever other loads are in flight (of the same key too)",
                                      ko: ". 기대한 것은 \(load.expected.text.ko) 한 번입니다: start는 호출마다 자기 continuation을, 자기 loader의 "
                                      + "결과나 자기 타임아웃으로 정확히 한 번 resume합니다. 다른 load가 (같은 key로라도) 진행 중이어도 그렇습니다"))
            return
        }
        // Each timeout counts from its own start, whatever else is in flight (blind round 41b made
        // every timeout wait on one shared serial queue: the third came when the others' waits ended).
        let due = Int64(BridgePath.timeout * 1_000_000_000)
        for (index, load) in loads.enumerated() where load.expected == .timedOut {
            guard let at = resumes[index].values.first?.at, at != due else { continue }
            let when = ScheduleWorld.text(seconds: Double(at) / 1_000_000_000)
            world.fail(CheckMessage("three loads in flight at once, all started at 0 s (two of \"\(BridgePath.key)\" calling back at 0.1 s and "
                                    + "0.2 s, one of \"Other\" never calling back): \(load.label) timed out at \(when), not at 0.500 s — each "
                                    + "start's timeout counts from its own call, whatever other loads are in flight",
                                    ko: "동시에 진행 중인 load 세 개(모두 0 s에 시작, \"\(BridgePath.key)\" 둘은 0.1 s와 0.2 s에 콜백, \"Other\" 하나는 "
                                        + "콜백 없음)에서 \(load.label)은 0.500 s가 아니라 \(when)에 타임아웃됐습니다 — start마다 타임아웃은 다른 load가 "
                                        + "진행 중이든 아니든 자기 호출 때부터 셉니다"))
            return
        }
    }
}

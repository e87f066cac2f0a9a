// 07-async-journal, two more scenarios: a disk slow enough that any time limit runs out (on a
// virtual clock, so "slow" is exact and free), and two callers flushing at once, one of them the
// app's main thread. flush returns when every line appended before it has been written, however
// slow the disk, whoever calls it, whatever else is flushing.

import ExerciseKit
import WorkbookSupport

extension Chapter7Checks {
    static func journalSlowAndShared<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        var slow = ScheduleOptions()
        slow.virtualTime = true
        run.explore(CheckMessage("a slow disk: each write takes 10 minutes", ko: "느린 디스크: 쓰기마다 10분"), slow) { world in
            let written = LockedList<String>()
            let journal = E(writer: { line in
                world.step(CheckMessage("starts writing \"\(line)\"", ko: "\"\(line)\" 쓰기 시작"))
                ControlledThread.sleep(forTimeInterval: 600, line: 0)
                world.step(CheckMessage("has written \"\(line)\"", ko: "\"\(line)\" 쓰기 끝"))
                written.append(line)
            })
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                journal.append("one")
                journal.append("two")
                world.tell(CheckMessage("calls flush()", ko: "flush() 호출"))
                journal.flush()
                let seen = written.values
                world.expect(seen == ["one", "two"], "with a slow disk (each write takes 10 minutes), flush() returned when the writer "
                             + "had written \(seen) of [\"one\", \"two\"]: flush returns only when every line appended before it has "
                             + "been written, however long that takes",
                             ko: "느린 디스크에서(쓰기마다 10분) writer가 [\"one\", \"two\"] 중 \(seen)만 썼을 때 flush()가 돌아왔습니다: "
                             + "flush는 그 전에 append한 줄이 모두 쓰였을 때만 돌아옵니다. 얼마나 오래 걸리든 그렇습니다")
            }
            world.join(caller)
            world.settle()
        }
        guard run.passed else { return }

        run.explore(CheckMessage("two callers append and flush at once, one of them the main thread",
                                 ko: "두 호출 스레드가 동시에 append와 flush, 그중 하나는 메인 스레드")) { world in
            let written = LockedList<String>()
            let journal = E(writer: { line in
                world.step(CheckMessage("writes \"\(line)\"", ko: "\"\(line)\" 씀"))
                written.append(line)
            })
            func caller(_ name: CheckMessage, line: String, main: Bool) -> ScheduledHandle {
                world.spawn(name, asMainThread: main) {
                    world.tell(CheckMessage("calls append(\"\(line)\"), flush()", ko: "append(\"\(line)\"), flush() 호출"))
                    journal.append(line)
                    journal.flush()
                    let seen = written.values
                    world.expect(seen.contains(line), "flush() on \(name.english) returned before \"\(line)\", appended just before it on "
                                 + "that thread, was written (the writer had \(seen)): each flush waits for every line appended before "
                                 + "it, whoever calls it and whatever else is flushing",
                                 ko: "\(name.ko)의 flush()가, 바로 앞에서 그 스레드가 append한 \"\(line)\"이 쓰이기 전에 돌아왔습니다 "
                                 + "(writer가 받은 줄: \(seen)): flush는 누가 부르든, 다른 flush가 진행 중이든, 그 전에 append한 줄을 "
                                 + "모두 기다립니다")
                }
            }
            let main = caller(CheckMessage("the main thread", ko: "메인 스레드"), line: "from main", main: true)
            let other = caller(CheckMessage("the second caller", ko: "두 번째 호출 스레드"), line: "from the second caller", main: false)
            world.join(main)
            world.join(other)
            world.settle()
            let seen = written.values
            world.expect(seen.sorted() == ["from main", "from the second caller"],
                         "two callers each appended one line; the writer was given \(seen): every line is written once",
                         ko: "두 호출 스레드가 한 줄씩 append했는데 writer가 받은 줄은 \(seen)입니다: 모든 줄은 한 번씩 쓰여야 합니다")
        }
    }
}

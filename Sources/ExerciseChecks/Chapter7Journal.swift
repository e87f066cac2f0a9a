// 07-async-journal, two more scenarios: a disk slow enough that any time limit runs out (on a
// virtual clock, so "slow" is exact and free), and two callers flushing at once: the app's main
// thread, after appending a line, and a second caller that appended nothing but owes that line
// too. flush returns when every line appended before it has been written, however slow the disk,
// whoever calls it, whatever else is flushing.

import ExerciseKit
import WorkbookSupport

extension Chapter7Checks {
    static func journalSlowAndShared<E: AsyncJournalExercise>(_: E.Type, _ run: CheckRun) {
        var slow = ScheduleOptions()
        slow.virtualTime = true
        // 10 minutes a write, or one second past the largest number the checked file writes (a
        // flush that "gives up after an hour" is the same mistake whatever the hour).
        let seconds = ([600] + SourceFacts.sizesPastCutOffs(in: run.source, within: 600...10_000_000, limit: 1)).max() ?? 600
        let took = seconds == 600 ? CheckMessage("10 minutes", ko: "10분") : CheckMessage("\(grouped(seconds)) s", ko: "\(grouped(seconds))초")
        run.explore(CheckMessage("a slow disk: each write takes \(took.english)", ko: "느린 디스크: 쓰기마다 \(took.ko)"), slow) { world in
            let written = LockedList<String>()
            let journal = E(writer: { line in
                world.step(CheckMessage("starts writing \"\(line)\"", ko: "\"\(line)\" 쓰기 시작"))
                ControlledThread.sleep(forTimeInterval: Double(seconds), line: 0)
                world.step(CheckMessage("has written \"\(line)\"", ko: "\"\(line)\" 쓰기 끝"))
                written.append(line)
            })
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                journal.append("one")
                journal.append("two")
                world.tell(CheckMessage("calls flush()", ko: "flush() 호출"))
                journal.flush()
                let seen = written.values
                world.expect(seen == ["one", "two"], "with a slow disk (each write takes \(took.english)), flush() returned when the writer "
                             + "had written \(seen) of [\"one\", \"two\"]: flush returns only when every line appended before it has "
                             + "been written, however long that takes",
                             ko: "느린 디스크에서(쓰기마다 \(took.ko)) writer가 [\"one\", \"two\"] 중 \(seen)만 썼을 때 flush()가 돌아왔습니다: "
                             + "flush는 그 전에 append한 줄이 모두 쓰였을 때만 돌아옵니다. 얼마나 오래 걸리든 그렇습니다")
            }
            world.join(caller)
            world.settle()
        }
        guard run.passed else { return }

        run.explore(CheckMessage("the main thread appends and flushes; a second caller flushes too",
                                 ko: "메인 스레드가 append와 flush, 두 번째 호출 스레드도 flush")) { world in
            let written = LockedList<String>()
            let journal = E(writer: { line in
                world.step(CheckMessage("writes \"\(line)\"", ko: "\"\(line)\" 씀"))
                written.append(line)
            })
            // The main thread appends a line, then another, and flushes; the second caller, once the
            // first line is appended (a semaphore orders them), appends nothing and flushes. Both
            // flushes owe the first line, the main thread's owes both: a flush that skips when a
            // "dirty" flag reads clear can find it cleared by the other flush, which started before
            // the second line (blind round 41).
            let appended = ControlledSemaphore(value: 0)
            func caller(_ name: CheckMessage, appends: Bool) -> ScheduledHandle {
                world.spawn(name, asMainThread: appends) {
                    if appends {
                        world.tell(CheckMessage("calls append(\"from main\")", ko: "append(\"from main\") 호출"))
                        journal.append("from main")
                        appended.signal(line: 0)
                        world.tell(CheckMessage("calls append(\"again\")", ko: "append(\"again\") 호출"))
                        journal.append("again")
                    } else {
                        appended.wait(line: 0)
                    }
                    world.tell(CheckMessage("calls flush()", ko: "flush() 호출"))
                    journal.flush()
                    let seen = written.values
                    let owed = appends ? ["from main", "again"] : ["from main"]
                    guard let missing = owed.first(where: { !seen.contains($0) }) else { return }
                    let by = appends ? CheckMessage("on the same thread", ko: "같은 스레드에서")
                                     : CheckMessage("by the main thread", ko: "메인 스레드에서")
                    world.fail("flush() on \(name.english) returned before \"\(missing)\" was written (appended before that flush, \(by.english); "
                               + "the writer had \(seen)): each flush waits for every line appended before it, by any thread, whatever "
                               + "else is flushing",
                               ko: "\(name.ko)의 flush()가 \"\(missing)\" 줄이 쓰이기 전에 돌아왔습니다. 그 줄은 이 flush 전에 \(by.ko) "
                               + "append한 것입니다 (writer가 받은 줄: \(seen)). flush는 어느 스레드가 append했든, 다른 flush가 진행 중이든, "
                               + "그 전에 append한 줄을 모두 기다립니다")
                }
            }
            let main = caller(CheckMessage("the main thread", ko: "메인 스레드"), appends: true)
            let other = caller(CheckMessage("the second caller", ko: "두 번째 호출 스레드"), appends: false)
            world.join(main)
            world.join(other)
            world.settle()
            let seen = written.values
            world.expect(seen == ["from main", "again"], "two lines were appended (\"from main\", then \"again\"); the writer was given \(seen): "
                         + "every line is written once, in the order appended",
                         ko: "두 줄(\"from main\", 이어서 \"again\")을 append했는데 writer가 받은 줄은 \(seen)입니다: 모든 줄은 append한 "
                             + "순서대로 한 번씩 쓰여야 합니다")
        }
        guard run.passed else { return }

        // Two callers append at once; once both appends have returned, the check flushes. A
        // flush that waits only for "the last append" (whichever set its marker last) can return
        // while the other line, queued after it, is still waiting.
        run.explore(CheckMessage("two callers append at once, then a flush", ko: "두 호출 스레드가 동시에 append, 이어서 flush")) { world in
            let written = LockedList<String>()
            let journal = E(writer: { line in
                world.step(CheckMessage("writes \"\(line)\"", ko: "\"\(line)\" 씀"))
                written.append(line)
            })
            let callers = ["A", "B"].map { line in
                world.spawn(CheckMessage("caller \(line)", ko: "호출 스레드 \(line)")) {
                    world.tell(CheckMessage("calls append(\"\(line)\")", ko: "append(\"\(line)\") 호출"))
                    journal.append(line)
                }
            }
            for caller in callers { world.join(caller) }
            world.tell(CheckMessage("calls flush() after both appends returned", ko: "두 append가 돌아온 뒤 flush() 호출"))
            journal.flush()
            let seen = written.values
            world.expect(Set(seen) == ["A", "B"], "append(\"A\") and append(\"B\") returned on two threads, then flush() returned when "
                         + "the writer had \(seen): flush waits for every line appended before it, not only for the one appended last",
                         ko: "두 스레드에서 append(\"A\")와 append(\"B\")가 돌아온 뒤 부른 flush()가, writer가 받은 줄이 \(seen)뿐일 때 "
                             + "돌아왔습니다: flush는 마지막에 append한 줄만이 아니라 그 전에 append한 줄을 모두 기다려야 합니다")
            world.settle()
        }
        guard run.passed else { return }

        // Two journals, one caller: journal 1 appends, journal 2 appends, journal 1 flushes. Each
        // journal's flush waits for its own lines; state the journals share (a static "last
        // append" to wait for) makes journal 1's flush wait for journal 2's line (blind round 39).
        run.explore(CheckMessage("two journals: journal 1 appends, journal 2 appends, journal 1 flushes",
                                 ko: "journal 두 개: journal 1이 append, journal 2가 append, journal 1이 flush")) { world in
            let written = LockedList<String>()
            func writer(_ name: String) -> @Sendable (String) -> Void {
                { line in
                    world.step(CheckMessage("\(name) writes \"\(line)\"", ko: "\(name): \"\(line)\" 씀"))
                    written.append(line)
                }
            }
            let one = E(writer: writer("journal 1")), two = E(writer: writer("journal 2"))
            world.tell(CheckMessage("calls journal 1: append(\"a1\")", ko: "journal 1: append(\"a1\") 호출"))
            one.append("a1")
            world.tell(CheckMessage("calls journal 2: append(\"b1\")", ko: "journal 2: append(\"b1\") 호출"))
            two.append("b1")
            world.tell(CheckMessage("calls journal 1: flush()", ko: "journal 1: flush() 호출"))
            one.flush()
            let seen = written.values
            world.expect(seen.contains("a1"), "journal 1: append(\"a1\"), journal 2: append(\"b1\"), then journal 1: flush() returned when "
                         + "the writers had \(seen): a journal's flush waits for its own lines — each journal has its own queue, and nothing "
                         + "of one journal (no `static`) may stand for another's",
                         ko: "journal 1: append(\"a1\"), journal 2: append(\"b1\") 뒤에 부른 journal 1: flush()가, writer들이 받은 줄이 "
                             + "\(seen)뿐일 때 돌아왔습니다: journal의 flush는 자기 줄을 기다려야 합니다 — journal마다 자기 큐가 있고, "
                             + "한 journal의 무엇도(`static` 금지) 다른 journal의 것을 대신하면 안 됩니다")
            world.settle()
        }
    }
}

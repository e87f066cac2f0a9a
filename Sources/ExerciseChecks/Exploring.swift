// A check's explored schedules: run a scenario under every schedule within the preemption bound
// and a fixed number of seeded random ones (ExerciseKit's ScheduleExplorer). The verdict is the
// same on every run, quiet machine or loaded: it never rests on which interleaving happened.

import ExerciseKit

extension CheckRun {
    /// Explores `scenario` (`title` names it in the notes). On the first failing schedule records
    /// its broken property with the schedule told as a story; returns whether every schedule held.
    @discardableResult
    public func explore(_ title: CheckMessage, _ options: ScheduleOptions = ScheduleOptions(),
                        _ scenario: @escaping @Sendable (ScheduleWorld) -> Void) -> Bool {
        let exploration = ScheduleExplorer.explore(options, scenario)
        let summary = exploration.summary
        guard let counterexample = exploration.counterexample else {
            note(CheckMessage("\(title.english): \(summary.english), every one held",
                              ko: "\(title.ko): \(summary.ko), 모두 통과"))
            return true
        }
        let count = counterexample.preemptions
        let story = counterexample.story.english.isEmpty
            ? CheckMessage("the check's thread alone, nothing else ran", ko: "확인의 스레드 혼자, 다른 것은 아무것도 실행되지 않음")
            : counterexample.story
        let clock = exploration.virtualTime ? CheckMessage("; virtual time", ko: "; 가상 시간") : CheckMessage("", ko: "")
        let frame = CheckMessage("\nThe schedule that shows it (\(title.english); found after \(exploration.schedules) explored; "
                                 + "\(count) preemption\(count == 1 ? "" : "s")\(clock.english)): ",
                                 ko: "\n이 결과가 나온 스케줄 (\(title.ko); 스케줄 \(exploration.schedules)개를 탐색해 찾음; 선점 \(count)번\(clock.ko)): ")
        fail(counterexample.failures[0] + frame + story)
        return false
    }
}

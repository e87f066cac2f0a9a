// A check's explored schedules: run a scenario under every schedule within the preemption bound
// and a fixed number of seeded random ones (ExerciseKit's ScheduleExplorer). The verdict is the
// same on every run, quiet machine or loaded: it never rests on which interleaving happened.

import ExerciseKit

extension CheckRun {
    /// Explores `scenario` (`title` names it in the notes). On the first failing schedule records
    /// its broken property with the schedule told as a story; returns whether every schedule held.
    @discardableResult
    public func explore(_ title: String, _ options: ScheduleOptions = ScheduleOptions(),
                        _ scenario: @escaping @Sendable (ScheduleWorld) -> Void) -> Bool {
        let exploration = ScheduleExplorer.explore(options, scenario)
        guard let counterexample = exploration.counterexample else {
            note("\(title): \(exploration.summary), every one held")
            return true
        }
        let preemptions = counterexample.preemptions == 1 ? "1 preemption" : "\(counterexample.preemptions) preemptions"
        let story = counterexample.story.isEmpty ? "the check's thread alone, nothing else ran" : counterexample.story
        fail("\(counterexample.failures[0])\nThe schedule that shows it (\(title); found after \(exploration.schedules) "
             + "explored; \(preemptions)\(exploration.virtualTime ? "; virtual time" : "")): " + story)
        return false
    }
}

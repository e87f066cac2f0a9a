// Who goes next: a prefix of recorded choices to replay, then a default (the running thread goes
// on while it can; otherwise the lowest id), or a PCT random schedule (random priorities per
// thread, a few points where the running thread drops to the bottom).

/// One choice of a schedule, with what else was possible there.
struct ScheduleChoice {
    let enabled: [Int]
    let chosen: Int
    /// The thread that was running, if it could go on (choosing another is a preemption).
    let current: Int?

    var isPreemption: Bool { current.map { $0 != chosen } ?? false }
}

/// Picks among the threads that can go, and records each pick where there was a choice.
class ScheduleChooser {
    private(set) var choices: [ScheduleChoice] = []

    func choose(among enabled: [Int], current: Int?) -> Int {
        let pick = enabled.count == 1 ? enabled[0] : decide(among: enabled, current: current)
        if enabled.count > 1 { choices.append(ScheduleChoice(enabled: enabled, chosen: pick, current: current)) }
        return pick
    }

    func decide(among enabled: [Int], current: Int?) -> Int { current ?? enabled[0] }
}

/// Replays `prefix`, then lets the running thread go on (no further preemption).
final class ReplayChooser: ScheduleChooser {
    private let prefix: [Int]

    init(_ prefix: [Int]) { self.prefix = prefix }

    override func decide(among enabled: [Int], current: Int?) -> Int {
        let index = choices.count
        if index < prefix.count, enabled.contains(prefix[index]) { return prefix[index] }
        return current ?? enabled[0]
    }
}

/// PCT (Burckhardt et al., 2010): each thread gets a random priority; the highest that can go
/// runs; at `depth - 1` random steps the running thread's priority drops below all others.
final class RandomChooser: ScheduleChooser {
    private var generator: SplitMix
    private var priorities: [Int: Int] = [:]
    private var changePoints: Set<Int>
    private var step = 0
    private var lowered = 0

    init(seed: UInt64, depth: Int, expectedSteps: Int) {
        generator = SplitMix(seed: seed)
        var points = Set<Int>()
        for _ in 0..<max(0, depth - 1) { points.insert(Int(generator.next() % UInt64(max(1, expectedSteps)))) }
        changePoints = points
    }

    override func decide(among enabled: [Int], current: Int?) -> Int {
        step += 1
        for id in enabled where priorities[id] == nil { priorities[id] = 1_000 + Int(generator.next() % 1_000_000) }
        if changePoints.contains(step), let current {
            lowered += 1
            priorities[current] = -lowered
        }
        return enabled.max { (priorities[$0] ?? 0) < (priorities[$1] ?? 0) } ?? enabled[0]
    }
}

/// A small seeded random generator (SplitMix64): the same seed gives the same schedules anywhere.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

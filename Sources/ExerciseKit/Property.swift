// Running a property over many generated cases, and shrinking the first case that breaks it to the
// smallest one that still does: that smallest case is what the learner is shown.

import WorkbookSupport

/// What a property run found.
public struct PropertyResult<Value> {
    /// How many cases ran (all of them when nothing failed).
    public var cases: Int
    /// The smallest failing case found, with what the property said about it, and the number of
    /// the generated case it was shrunk from (1-based).
    public var failure: (value: Value, message: CheckMessage, caseNumber: Int)?
}

public enum Property {
    /// Case `number` of a run with `seed`: each case has a seed of its own, so one case can be
    /// drawn again without drawing the cases before it.
    public static func caseSeed(_ seed: UInt64, _ number: Int) -> UInt64 {
        var generator = SeededGenerator(seed: seed &+ UInt64(number) &* 0xD1B5_4A32_D192_ED03)
        return generator.next()
    }

    /// Runs `property` on `cases` values of `gen`; stops at the first that breaks it (the property
    /// returns what is wrong, or nil) and shrinks it.
    public static func check<Value>(_ gen: Gen<Value>, cases: Int, seed: UInt64, shrinkBudget: Int = 4_000,
                                    _ property: (Value) -> CheckMessage?) -> PropertyResult<Value> {
        for number in 1...max(1, cases) {
            var choices = Choices(seed: caseSeed(seed, number))
            let value = gen.draw(&choices)
            if let message = property(value) {
                let smallest = shrink(choices.drawn, value: value, message: message, gen: gen, budget: shrinkBudget, property)
                return PropertyResult(cases: number, failure: (smallest.value, smallest.message, number))
            }
        }
        return PropertyResult(cases: cases, failure: nil)
    }

    /// The smallest list of draws (shorter first, then smaller numbers) whose value still breaks
    /// the property, reached by deleting runs of draws and lowering single draws. Bounded: at most
    /// `budget` candidates are tried.
    public static func shrink<Value>(_ start: [UInt64], value: Value, message: CheckMessage, gen: Gen<Value>,
                                     budget: Int = 4_000, _ property: (Value) -> CheckMessage?) -> (value: Value, message: CheckMessage, draws: [UInt64]) {
        var best = (value: value, message: message, draws: start)
        var tries = 0
        /// Replays `candidate`; keeps it when it still fails and is simpler than the best so far.
        func attempt(_ candidate: [UInt64]) -> Bool {
            guard tries < budget else { return false }
            tries += 1
            var choices = Choices(replaying: candidate)
            let value = gen.draw(&choices)
            let drawn = choices.drawn
            guard simpler(drawn, than: best.draws), let message = property(value) else { return false }
            best = (value, message, drawn)
            return true
        }
        var improved = true
        while improved && tries < budget {
            improved = false
            for size in (1...8).reversed() {   // every step of a run is a few draws long: its own size, whatever it is
                var start = 0
                while start + size <= best.draws.count {
                    var candidate = best.draws
                    candidate.removeSubrange(start..<(start + size))
                    if attempt(candidate) { improved = true } else { start += 1 }
                }
            }
            for index in best.draws.indices {
                guard index < best.draws.count, best.draws[index] > 0 else { continue }
                for lower in lowerings(best.draws[index]) {
                    var candidate = best.draws
                    candidate[index] = lower
                    if attempt(candidate) { improved = true; break }
                }
            }
        }
        return best
    }

    /// Smaller numbers to try in place of `value`: 0 first, then ever closer to `value`.
    static func lowerings(_ value: UInt64) -> [UInt64] {
        var result: [UInt64] = [0]
        var gap = value / 2
        while gap > 0 {
            result.append(value - gap)
            gap /= 2
        }
        return result.filter { $0 < value }
    }

    /// Shortlex order: fewer draws, then the first differing draw smaller. Shrinking only ever
    /// moves down this order, so it ends.
    public static func simpler(_ a: [UInt64], than b: [UInt64]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        for (x, y) in zip(a, b) where x != y { return x < y }
        return false
    }
}

// The generators and the shrinker behind the differential checks: the same seed draws the same
// cases, each generator reaches the inputs it promises, and a failing case shrinks to the
// smallest one.

import ExerciseKit
import Foundation
import Testing

@Suite("Generators and shrinking")
struct GeneratorTests {
    /// `count` values of `gen`, drawn from `seed` as a property run draws them.
    func sample<Value>(_ gen: Gen<Value>, count: Int = 2_000, seed: UInt64 = 1) -> [Value] {
        (1...count).map { number in
            var choices = Choices(seed: Property.caseSeed(seed, number))
            return gen.draw(&choices)
        }
    }

    @Test("the same seed draws the same cases; another seed draws others")
    func deterministic() {
        let gen = Gen<String>.text()
        #expect(sample(gen, count: 200, seed: 7) == sample(gen, count: 200, seed: 7))
        #expect(sample(gen, count: 200, seed: 7) != sample(gen, count: 200, seed: 8))
    }

    @Test("replaying a case's draws gives the same value; past their end every draw is the simplest")
    func replay() {
        let gen = zip(Gen<Int>.int(in: -5...5), Gen<String>.text())
        var choices = Choices(seed: 42)
        let value = gen.draw(&choices)
        var again = Choices(replaying: choices.drawn)
        let replayed = gen.draw(&again)
        #expect(replayed.0 == value.0 && replayed.1 == value.1)
        var empty = Choices(replaying: [])
        let simplest = gen.draw(&empty)
        #expect(simplest.0 == -5 && simplest.1 == "")
    }

    @Test("strings reach empty, mixed case, padded, separators, NFC and NFD, and long")
    func strings() {
        let values = sample(Gen<String>.text())
        #expect(values.contains(""))
        #expect(values.contains { $0 != $0.lowercased() && $0 != $0.uppercased() })
        #expect(values.contains { $0.hasPrefix(" ") } && values.contains { $0.hasSuffix(" ") })
        for separator in [".", "@", "/"] { #expect(values.contains { $0.dropFirst().dropLast().contains(separator) }) }
        #expect(values.contains { $0.hasSuffix(".png") || $0.hasSuffix(".PNG") })
        #expect(values.contains { $0.unicodeScalars.contains("\u{301}") })   // NFD
        #expect(values.contains { $0.unicodeScalars.contains("\u{E9}") })    // NFC
        #expect(values.contains { $0.count >= 300 })
        let twins = Gen<String>.twins(of: "Photo-A.png")
        #expect(twins.first == "Photo-A.png")
        for twin in ["photo-a.png", " Photo-A.png", "Photo-A", "Photo-A.PNG", "Photo-A.png@"] { #expect(twins.contains(twin)) }
    }

    @Test("bytes reach the PNG signature at 0, elsewhere, changed, cut short, and slices not starting at 0")
    func bytes() {
        let signature = Gen<[UInt8]>.pngSignature
        let values = sample(Gen<SlicedBytes>.sliced(.aroundPNG))
        #expect(values.contains { $0.bytes.starts(with: signature) && $0.bytes.count > 8 })
        #expect(values.contains { $0.bytes == signature })
        #expect(values.contains { !$0.bytes.starts(with: signature) && Data($0.bytes).range(of: Data(signature)) != nil })
        #expect(values.contains { $0.bytes.count == 8 && zip($0.bytes, signature).filter { $0 != $1 }.count == 1 })
        #expect(values.contains { $0.bytes.count == 7 && signature.starts(with: $0.bytes) })
        #expect(values.contains { $0.bytes.isEmpty })
        let slices = values.filter { !$0.prefix.isEmpty }
        #expect(!slices.isEmpty)
        for slice in slices.prefix(50) {
            #expect(slice.data.startIndex == slice.prefix.count && Array(slice.data) == slice.bytes)
        }
    }

    @Test("dates reach ±1e20, whole seconds and their neighbours, 2^31, and fractions below a microsecond")
    func dates() {
        let values = sample(Gen<Double>.seconds, count: 4_000)
        #expect(values.contains(1e20) && values.contains(-1e20))
        #expect(values.contains { $0 == $0.rounded() && abs($0) < 1e10 })
        #expect(values.contains { $0 != $0.rounded() && abs($0 - $0.rounded()) < 1e-6 && abs($0) > 1e8 })
        #expect(values.contains { abs($0 - 2_147_483_648) < 1 && $0 != 2_147_483_648 })
        #expect(values.contains { $0 < 0 && $0 != $0.rounded() })
        let grid = sample(Gen<Double>.gridSeconds)
        #expect(grid.allSatisfy { ($0 * 1_048_576).rounded() == $0 * 1_048_576 && abs($0) < 8_589_934_592 })
    }

    @Test("sizes reach 0, 1, Int.max, 2^63, UInt64.max and the neighbours of powers of two")
    func sizes() {
        let values = Set(sample(Gen<UInt64>.size, count: 4_000))
        for size: UInt64 in [0, 1, UInt64(Int.max), 1 << 63, UInt64.max] { #expect(values.contains(size)) }
        // `&+`: UInt64.max is in the set, and `+ 1` on it traps — only when a Set's per-process
        // order happened to reach it before a 2^k − 1 (a CI run died of it once).
        #expect(values.contains { $0 > 4 && $0.nonzeroBitCount == 1 } && values.contains { $0 > 4 && $0 < .max && ($0 &+ 1).nonzeroBitCount == 1 })
    }

    @Test("arrays shrink to the one element that fails, and numbers to the boundary")
    func shrinking() {
        // Fails whenever a number ≥ 1000 is in the list: the smallest case is exactly [1000].
        let gen = Gen<Int>.int(in: 0...1_000_000).array(maxCount: 10)
        let result = Property.check(gen, cases: 1_000, seed: 3) { values in
            values.contains { $0 >= 1_000 } ? "too big" : nil
        }
        #expect(result.failure?.value == [1_000])
        #expect(result.failure?.message == "too big")
    }

    @Test("strings shrink to the fewest, simplest pieces that still fail")
    func shrinkingStrings() {
        let result = Property.check(Gen<String>.text(), cases: 2_000, seed: 5) { text in
            text.contains("@") ? "has an @" : nil
        }
        #expect(result.failure?.value == "@")
    }

    @Test("a property that always holds runs every case and reports none")
    func passing() {
        let result = Property.check(Gen<UInt64>.size, cases: 500, seed: 9) { _ in nil }
        #expect(result.cases == 500 && result.failure == nil)
    }

    @Test("a run that fails reports the case it started from, and shrinking never grows the case")
    func caseNumber() {
        let result = Property.check(Gen<Int>.int(in: 0...9), cases: 100, seed: 11) { $0 == 7 ? "seven" : nil }
        #expect(result.failure?.value == 7)
        #expect((result.failure?.caseNumber ?? 0) >= 1 && result.cases == result.failure?.caseNumber)
        #expect(Property.simpler([1, 2], than: [1, 2, 0]) && Property.simpler([1, 1], than: [1, 2]) && !Property.simpler([1, 2], than: [1, 2]))
    }
}

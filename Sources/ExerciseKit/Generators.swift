// Generators for property checks, with shrinking that needs no code of its own (Hypothesis's idea):
// every generator builds its value from a list of small numbers it draws, one at a time. A case is
// that list. To shrink a failing case, the shrinker makes the list shorter or its numbers smaller
// and draws again; a generator therefore puts its simplest choice at 0 (the first element, the
// lowest number, "no more elements"), and a smaller list gives a simpler value.

import WorkbookSupport

/// The numbers one generated case is drawn from: fresh from a seeded SplitMix64, or replayed from
/// a list (a shrink candidate; past its end every draw is 0, the simplest choice).
public struct Choices {
    private var random: SeededGenerator
    private let replay: [UInt64]?
    /// Every number drawn so far, already reduced to its bound: replaying it gives the same value.
    public private(set) var drawn: [UInt64] = []

    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        replay = nil
    }

    public init(replaying list: [UInt64]) {
        random = SeededGenerator(seed: 0)
        replay = list
    }

    /// A number in `0..<bound` (bound ≥ 1); 0 is the simplest.
    public mutating func below(_ bound: UInt64) -> UInt64 {
        let raw: UInt64
        if let replay { raw = drawn.count < replay.count ? replay[drawn.count] : 0 } else { raw = random.next() }
        let value = bound == 0 ? raw : raw % bound
        drawn.append(value)
        return value
    }
}

/// A recipe for values of one kind, drawn from `Choices`.
public struct Gen<Value> {
    public let draw: (inout Choices) -> Value

    public init(_ draw: @escaping (inout Choices) -> Value) { self.draw = draw }

    public func map<T>(_ transform: @escaping (Value) -> T) -> Gen<T> {
        Gen<T> { choices in transform(draw(&choices)) }
    }

    public func flatMap<T>(_ next: @escaping (Value) -> Gen<T>) -> Gen<T> {
        Gen<T> { choices in next(draw(&choices)).draw(&choices) }
    }

    public static func constant(_ value: Value) -> Gen<Value> { Gen { _ in value } }

    /// One of `generators`, the first the simplest.
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        Gen { choices in generators[Int(choices.below(UInt64(generators.count)))].draw(&choices) }
    }

    /// One of `values`, the first the simplest.
    public static func element(of values: [Value]) -> Gen<Value> {
        Gen { choices in values[Int(choices.below(UInt64(values.count)))] }
    }

    /// Up to `maxCount` values. Each element is announced by a draw of 1 to 4 (0, one time in
    /// five, ends the list: runs are long enough for their steps to meet), so the shrinker removes
    /// an element by deleting its announcement and its draws, or ends the list by lowering one to 0.
    public func array(maxCount: Int) -> Gen<[Value]> {
        Gen<[Value]> { choices in
            var values: [Value] = []
            while values.count < maxCount, choices.below(5) != 0 { values.append(draw(&choices)) }
            return values
        }
    }

    /// nil (the simplest) or a value.
    public var optional: Gen<Value?> {
        Gen<Value?> { choices in choices.below(2) == 0 ? nil : draw(&choices) }
    }
}

extension Gen where Value == Int {
    /// An Int in `range`; its lower bound is the simplest.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen { choices in
            let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
            let offset = width == UInt64.max ? choices.below(0) : choices.below(width + 1)
            return range.lowerBound &+ Int(bitPattern: UInt(offset))
        }
    }
}

extension Gen where Value == UInt64 {
    /// Any UInt64; 0 is the simplest.
    public static var any: Gen<UInt64> { Gen { choices in choices.below(0) } }
}

extension Gen where Value == Bool {
    public static var bool: Gen<Bool> { Gen { choices in choices.below(2) == 1 } }
}

/// Two generators drawn one after the other.
public func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> {
    Gen { choices in (a.draw(&choices), b.draw(&choices)) }
}

/// Three generators drawn one after the other.
public func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> {
    Gen { choices in (a.draw(&choices), b.draw(&choices), c.draw(&choices)) }
}

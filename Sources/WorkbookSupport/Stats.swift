// Summary statistics for measured samples. Tests never assert on these for speed; chapters and
// experiments print them, and compare two measurements only as a ratio from the same run.

import Foundation

public enum Stats {
    /// The p-th percentile (0…100) by nearest rank of the sorted samples; 0 for no samples.
    public static func percentile(_ samples: [Double], _ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    public static func median(_ samples: [Double]) -> Double { percentile(samples, 50) }

    /// Nanoseconds since an arbitrary start, monotonic.
    @inline(__always)
    public static func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The smallest step this clock was seen to take, in nanoseconds (1 on Linux; about 41.7 on
    /// Apple Silicon, where `DispatchTime` counts 24 MHz ticks). One operation shorter than a few
    /// steps cannot be timed alone: time a batch and divide.
    public static let timerResolution: Double = {
        var smallest = UInt64.max
        for _ in 0..<1_000 {
            let first = nanoseconds()
            var next = nanoseconds()
            while next == first { next = nanoseconds() }
            smallest = min(smallest, next - first)
        }
        return Double(smallest)
    }()

    /// Nanoseconds per call of `body`, timed as one batch of `count` calls: right even when one
    /// call is shorter than the clock's step (`timerResolution`).
    @inline(__always)
    public static func timePerCall(batch count: Int, _ body: () throws -> Void) rethrows -> Double {
        try time { for _ in 0..<count { try body() } } / Double(count)
    }

    /// Runs `body` and returns the nanoseconds it took.
    @inline(__always)
    public static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = nanoseconds()
        try body()
        return Double(nanoseconds() - start)
    }

    /// "123 ns", "4.5 µs", "6.7 ms", "1.2 s".
    /// A spread (a share of the median) as "±12%"; under 1 %, with one decimal ("±0.4%"), and
    /// "±<0.1%" below that: "±0%" would claim rounds that did not differ at all.
    public static func formatSpread(_ share: Double) -> String {
        let percent = share * 100
        if percent >= 1 { return String(format: "±%.0f%%", percent) }
        if percent >= 0.05 { return String(format: "±%.1f%%", percent) }
        return "±<0.1%"
    }

    /// A byte count in binary units, as they are meant: "512 B", "1 KiB", "256 KiB", "4 MiB", "23.5 GiB".
    public static func formatBytes(_ bytes: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return value == value.rounded() ? String(format: "%.0f %@", value, units[unit]) : String(format: "%.1f %@", value, units[unit])
    }

    public static func formatNanoseconds(_ value: Double) -> String {
        switch value {
        case ..<1_000: return String(format: "%.0f ns", value)
        case ..<1_000_000: return String(format: "%.1f µs", value / 1_000)
        case ..<1_000_000_000: return String(format: "%.1f ms", value / 1_000_000)
        default: return String(format: "%.2f s", value / 1_000_000_000)
        }
    }

    /// A byte count in binary units, named as such ("15.6 GiB", "12 KiB"): ByteCountFormatter's
    /// `.memory` style divides by 1024 but prints "GB".
    public static func formatBytes(_ bytes: Int) -> String { formatBytes(Int64(bytes)) }
}

/// A small seeded generator (SplitMix64), so a run can be repeated from its printed seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// A small benchmark harness for Experiments/: warm-up, repeated rounds, median and spread, and a
// plain statement of the build mode — debug numbers are not to be quoted.

import Foundation

public struct BenchResult: Sendable {
    /// Nanoseconds per operation, one value per round.
    public let rounds: [Double]
    /// Rounds timed by the caller (a harness of its own, such as storing a folder in tenths).
    public init(rounds: [Double]) { self.rounds = rounds }
    public var median: Double { Stats.median(rounds) }
    public var min: Double { rounds.min() ?? 0 }
    public var max: Double { rounds.max() ?? 0 }
    /// Half the range between the 25th and 75th percentiles, as a share of the median.
    public var spread: Double {
        guard median > 0 else { return 0 }
        return (Stats.percentile(rounds, 75) - Stats.percentile(rounds, 25)) / 2 / median
    }
    public var summary: String {
        "\(Stats.formatNanoseconds(median)) \(Stats.formatSpread(spread))"
    }
}

public enum Bench {
    public static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Runs `body(operations)` once to warm up, then `rounds` times; returns ns per operation.
    public static func measure(rounds: Int, operations: Int, _ body: (Int) throws -> Void) rethrows -> BenchResult {
        try body(Swift.max(1, operations / 10))
        var results: [Double] = []
        for _ in 0..<rounds {
            let nanos = try Stats.time { try body(operations) }
            results.append(nanos / Double(operations))
        }
        return BenchResult(rounds: results)
    }

    /// Cores, OS, Swift version and build mode, for the top of every report.
    public static func machineDescription() -> String {
        let info = ProcessInfo.processInfo
        let swift = Toolchain.swiftc.map { ChildProcess.run($0, arguments: ["--version"], timeout: 30).stdout }
            .flatMap { $0.split(separator: "\n").first.map(String.init) } ?? "swift version unknown"
        return "\(info.activeProcessorCount) cores · \(Stats.formatBytes(Int64(info.physicalMemory))) · "
            + "\(info.operatingSystemVersionString) · \(swift) · \(isDebugBuild ? "DEBUG build" : "release build")"
    }

    /// The warning every experiment prints first in a debug build.
    public static let debugWarning = "This is a DEBUG build: its numbers are not to be quoted. Run with swift run -c release."
}

/// Consumes a value so the optimizer cannot delete the work that produced it.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {
    _ = value
}

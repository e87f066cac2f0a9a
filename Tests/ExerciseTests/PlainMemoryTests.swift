// The learner's own stored properties under the schedule explorer: which declarations the check
// package's rewrite wraps (and which it must leave alone), and that a wrapped property read and
// written by two threads with nothing between them is a data race in every explored schedule,
// while a lock or a queue hand-off between them is not.

import ExerciseKit
import Foundation
import Testing

@Suite("Plain memory under the explorer")
struct PlainMemoryTests {
    @Test("the rewrite wraps a class's plain stored vars on their own lines, and nothing else")
    func rewrite() {
        let source = """
        import Foundation

        final class Flag { var done = false }

        public final class Journal {
            private var pending = 0          // a counter
            private(set) var last: String?
            private var names: Set<String>? { didSet { print("changed") } }
            var handler: (() -> Void)? = nil {
                didSet { print("set") }
            }
            private let lock = NSLock()
            private var items: [String]
            private lazy var cache = [String: Int]()
            weak var owner: AnyObject?
            static var shared = 0
            var count: Int { items.count }
            var a = 0, b = 1
            var total = [1, 2,
                         3].count

            init(items: [String]) { self.items = items }

            func work() {
                var local = 0
                local += 1
            }
        }

        struct Value { var number = 0 }

        final class Index {
            private var names: Set<String>? { didSet { check() } }
            init(known: Set<String>?) { names = known }
            func check() {}
        }

        final class Other {
            private var seen = 0 { didSet { print("seen") } }
            init(start: Int) {
                if start > 0 { seen = start }
            }
        }
        """
        let result = PlainMemoryRewrite.watched(source)
        #expect(result.names == ["done", "pending", "last", "names", "handler", "items", "a", "b", "names"])
        let lines = result.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count, "line numbers must not move")
        #expect(lines[2] == "final class Flag { @PlainWatched(\"done\", line: 3) var done = false }")
        #expect(lines[5] == "    @PlainWatched(\"pending\", line: 6) private var pending = 0          // a counter")
        #expect(lines[6] == "    @PlainWatched(\"last\", line: 7) private(set) var last: String? = nil")
        #expect(lines[7] == "    @PlainWatched(\"names\", line: 8) private var names: Set<String>? = nil { didSet { print(\"changed\") } }")
        #expect(lines[8] == "    @PlainWatched(\"handler\", line: 9) var handler: (() -> Void)? = nil {")
        // An observed property's assignment in init goes to the wrapper's storage: no observer runs,
        // as none runs for a plain property's; one init touches it otherwise: it stays plain.
        #expect(lines[32] == "    @PlainWatched(\"names\", line: 33) private var names: Set<String>? = nil { didSet { check() } }")
        #expect(lines[33] == "    init(known: Set<String>?) { _names = PlainWatched(wrappedValue: known, \"names\", line: 33) }")
        #expect(!lines[38].contains("@PlainWatched") && lines[40] == "        if start > 0 { seen = start }")
        #expect(lines[12] == "    @PlainWatched private var items: [String]")
        #expect(lines[21] == "    init(items: [String]) { _items = PlainWatched(wrappedValue: items, \"items\", line: 13) }")
        for untouched in [11, 13, 14, 15, 16, 18, 19, 23, 28] {
            #expect(!lines[untouched].contains("@PlainWatched"), "line \(untouched + 1) must stay plain: \(lines[untouched])")
        }
    }

    @Test("two names in one var become two wrapped declarations; a property with no initial value is made where init assigns it")
    func moreShapes() {
        let source = """
        final class Gate {
            private var resumed = false, timedOut = false
            private var started: Bool
            private var count: Int
            private var limit: Int { didSet { print("limit") } }
            init(started: Bool) {
                limit = 3
                self.started = started
                count = 0
            }
        }
        final class Half {
            var ready: Bool
            init(flag: Bool) { if flag { ready = true } else { ready = false } }
        }
        """
        let result = PlainMemoryRewrite.watched(source)
        #expect(result.names == ["resumed", "timedOut", "started", "count", "limit"])
        let lines = result.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "    @PlainWatched(\"resumed\", line: 2) private var resumed = false; @PlainWatched(\"timedOut\", line: 2) private var timedOut = false")
        #expect(lines[2] == "    @PlainWatched private var started: Bool")
        #expect(lines[4] == "    @PlainWatched private var limit: Int { didSet { print(\"limit\") } }")
        #expect(lines[6] == "        _limit = PlainWatched(wrappedValue: 3, \"limit\", line: 5)")
        #expect(lines[7] == "        _started = PlainWatched(wrappedValue: started, \"started\", line: 3)")
        #expect(lines[8] == "        _count = PlainWatched(wrappedValue: 0, \"count\", line: 4)")
        #expect(lines[12] == "    var ready: Bool", "assigned inside an if: stays plain")
    }

    @Test("a one-line class with several statements: each plain var wrapped, the rest as written")
    func oneLineStatements() {
        // Round 33b's 10-resume-once answer: its lock-free flag passed while the class stayed plain.
        let source = "final class Flag: @unchecked Sendable { var done = false; let lock = NSLock() }\n"
            + "final class Memo { static let shared = Memo(); var seen = Set<String>(); var hits = 0 }\n"
            + "final class Only { static var count = 0; let name = \"a;b\" }\n"
        let result = PlainMemoryRewrite.watched(source)
        #expect(result.names == ["done", "seen", "hits"])
        let lines = result.source.split(separator: "\n", omittingEmptySubsequences: false)
        // Test data, not a declaration: the learner's one-line class, whose `done` nothing guards (the rewrite now watches it).
        #expect(lines[0] == "final class Flag: @unchecked Sendable { @PlainWatched(\"done\", line: 1) var done = false; let lock = NSLock() }")
        #expect(lines[1] == "final class Memo { static let shared = Memo(); @PlainWatched(\"seen\", line: 2) var seen = Set<String>(); "
                + "@PlainWatched(\"hits\", line: 2) var hits = 0 }")
        #expect(lines[2] == "final class Only { static var count = 0; let name = \"a;b\" }")
    }

    @Test("a property whose wrapper storage name (`_name`) the file already uses stays plain")
    func storageNameTaken() {
        let source = "final class Box {\n    private var _count = 0\n    private var count = 0\n}\n"
        #expect(PlainMemoryRewrite.watched(source).names == ["_count"])
    }

    @Test("a local nonisolated(unsafe) var, captured by closures, is wrapped as a local; other locals stay plain")  // a test's name: guards nothing
    func unsafeLocals() {
        // Blind round 40's 10-resume-once flag: a captured local no lock guards (test input, never compiled).
        let unsafe = "nonisolated" + "(unsafe)"
        let source = """
        enum Bridge {
            static func start(done: @escaping @Sendable () -> Void) {
                \(unsafe) var finished = false
                \(unsafe) var a = 0, b = 1
                var plain = 0
                \(unsafe) var handler = {
                    plain += 1
                }
            }
        }
        """
        let result = PlainMemoryRewrite.watched(source)
        #expect(result.names == ["finished"])
        let lines = result.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == "        @PlainWatched(\"finished\", localAt: 3) \(unsafe) var finished = false")
        for untouched in [3, 4, 5] { #expect(!lines[untouched].contains("@PlainWatched"), "\(lines[untouched])") }
    }

    @Test("a file with a lock the explorer does not control, or a barrier, is left as written")
    func uncontrolled() {
        for marker in ["NSCondition()", "queue.async(flags: .barrier) {}"] {
            let source = "final class Box {\n    var value = 0\n    func f() { \(marker) }\n}\n"
            #expect(PlainMemoryRewrite.watched(source).names.isEmpty)
        }
    }

    /// Two threads that each bump the counter, ordered by `order` (nil: by nothing).
    private func explore(_ order: (@Sendable (ControlledLock, @Sendable () -> Void) -> Void)?) -> Exploration {
        ScheduleExplorer.explore { world in
            let counter = Counter()
            let lock = ControlledLock()
            let bump: @Sendable () -> Void = { counter.value += 1 }
            let first = world.spawn(CheckMessage("caller 1", ko: "호출자 1")) { order.map { $0(lock, bump) } ?? bump() }
            let second = world.spawn(CheckMessage("caller 2", ko: "호출자 2")) { order.map { $0(lock, bump) } ?? bump() }
            world.join(first)
            world.join(second)
            world.expect(counter.value == 2, "lost update: \(counter.value)", ko: "갱신 유실: \(counter.value)")
        }
    }

    @Test("a counter bumped by two threads with nothing between them: a data race naming the property")
    func race() throws {
        let found = try #require(explore(nil).counterexample)
        let first = try #require(found.failures.first)
        #expect(first.english.hasPrefix("data race on `value` (the stored property at line 7)"), "\(first.english)")
        #expect(first.ko.contains("`value`(7행의 저장 프로퍼티)"))
    }

    @Test("the same counter bumped under a lock: no race in any schedule")
    func locked() {
        let exploration = explore { lock, bump in lock.withLock { bump() } }
        #expect(exploration.counterexample == nil, "\(exploration.counterexample?.failures.first?.english ?? "")")
        #expect(exploration.schedules > 1)
    }
}

// @unchecked Sendable: `value` is the plain memory under test; the explorer runs one thread at a time.
private final class Counter: @unchecked Sendable {
    @PlainWatched("value", line: 7) var value = 0
}

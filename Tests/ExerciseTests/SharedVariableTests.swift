// The variables no instance owns (SourceFacts.sharedVariables), which the concurrency checks reject:
// stored statics and top-level vars count; instance properties, locals, computed statics and the
// DO NOT EDIT lines do not.

import ExerciseKit
import Testing

@Suite("State every instance shares, read from the learner's code")
struct SharedVariableTests {
    @Test("stored statics and globals are found, with their lines; instance, local and computed ones are not")
    func found() {
        let source = """
        import Foundation
        nonisolated(unsafe) var table: [String: Int] = [:]  // guarded by nothing: test input, never compiled
        private let limit = 3
        public final class Index: @unchecked Sendable {  // guarded by nothing: test input, never compiled
            // DO NOT EDIT
            private static var watched = 0
            // END DO NOT EDIT
            nonisolated(unsafe) private static var lastCost = 0  // shared
            static var computed: Int { 4 }
            private var names: Set<String> = []
            func f() { var local = 1; local += 1 }
        }
        enum Memo {
            nonisolated(unsafe) static var seen: Set<String> = [] { didSet { } }  // guarded by nothing: test input
        }
        """
        let found = SourceFacts.sharedVariables(in: source)
        #expect(found.map(\.name) == ["table", "lastCost", "seen"])
        #expect(found.map(\.line) == [2, 8, 14])
        #expect(found.map(\.isGlobal) == [true, false, false])
    }

    @Test("a type written on one line: the statics between its braces are found")
    func oneLineTypes() {
        // Blind round 41's memos (test input, never compiled; nothing guards them).
        let source = """
        enum Memo { nonisolated(unsafe) static var m: [String: Bool] = [:] }  // guarded by nothing: test input, never compiled
        enum Two { static let name = "a;b"; nonisolated(unsafe) static var hits = 0; static var total: Int { 1 } }  // guarded by nothing: test input
        final class Plain { var instance = 0 }
        """
        let found = SourceFacts.sharedVariables(in: source)
        #expect(found.map(\.name) == ["m", "hits"])
        #expect(found.map(\.line) == [1, 2])
        #expect(found.map(\.isGlobal) == [false, false])
    }
}

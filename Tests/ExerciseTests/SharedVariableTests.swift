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
}

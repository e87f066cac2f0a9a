// The mutation operators make the wrong answers they promise, and only outside the DO NOT EDIT
// lines (a mutant of the glue would be rejected for the edit, proving nothing about the check).

import ExerciseKit
import Foundation
import Testing
import WorkbookSupport

@Suite("Mutation operators")
struct MutationTests {
    static let sample = """
    import Foundation

    // @unchecked Sendable: `items` is only touched while holding `lock` (a sample for the operators).
    public final class Box: @unchecked Sendable {
        // DO NOT EDIT
        private let lock = NSLock()
        private let queue = DispatchQueue(label: "q")
        // END DO NOT EDIT
        private var items: Set<String> = []

        public func add(_ key: String, done: @escaping @Sendable () -> Void) {
            lock.withLock {
                items.insert(key)
                done()
            }
        }

        public func later(_ key: String) { queue.async { print(key) } }

        public func limit(_ value: Double) -> Int { value >= 10 ? Int(ceil(value)) : 0 }
    }

    // DO NOT EDIT below
    extension Box {}
    """

    func mutants(_ operation: MutationOperator) -> [Mutant] {
        Mutation.mutants(of: Self.sample).filter { $0.operation == operation }
    }

    @Test("each operator the issue names makes at least one mutant here")
    func operatorsFire() {
        for operation: MutationOperator in [.deleteStatement, .duplicateStatement, .swapStatements, .moveOutOfGuard,
                                            .unwrapGuard, .splitGuard, .syncAsync, .globalQueue, .hopThroughGlobal,
                                            .privateGuard, .relational, .rounding, .int32, .lowercased, .emptyBody] {
            #expect(!mutants(operation).isEmpty, "no \(operation.rawValue) mutant of the sample")
        }
    }

    @Test("the protected lines never change")
    func glueUntouched() {
        let glue = Glue.digest(of: Self.sample)
        for mutant in Mutation.mutants(of: Self.sample) {
            #expect(Glue.digest(of: mutant.source) == glue, "\(mutant.id) changed the DO NOT EDIT lines")
        }
    }

    @Test("a statement moved out of its critical section lands before the lock")
    func moveOut() {
        let moved = mutants(.moveOutOfGuard).map(\.source)
        #expect(moved.contains { $0.contains("items.insert(key)\n        lock.withLock {") })
    }

    @Test("the boundary, the rounding and the width are each changed alone")
    func tokens() {
        #expect(mutants(.relational).contains { $0.source.contains("value > 10 ?") })
        #expect(mutants(.rounding).contains { $0.source.contains("floor(value)") })
        #expect(mutants(.int32).contains { $0.source.contains("Int(Int32(ceil(value)))") })
        #expect(mutants(.hopThroughGlobal).contains { $0.source.contains("DispatchQueue.global().async { queue.async { print(key) } }") })
    }

    @Test("a private lock is declared after the imports, not in the protected block")
    func privateLock() {
        let mutant = mutants(.privateGuard).first { $0.source.contains("mutantLock.withLock") }
        #expect(mutant?.source.contains("import Foundation\n// A lock of the mutant's own") == true)
    }

    @Test("the same solution always gives the same mutants (equivalent lists name them by digest)")
    func stable() {
        #expect(Mutation.mutants(of: Self.sample).map(\.id) == Mutation.mutants(of: Self.sample).map(\.id))
        let ids = Mutation.mutants(of: Self.sample).map(\.digest)
        #expect(Set(ids).count == ids.count, "two mutants with one digest")
    }

    @Test("every equivalent-mutant entry names a mutant of today's reference solution", arguments: ExerciseCatalog.exercises.map(\.name))
    func equivalentsExist(_ exercise: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let info = try #require(ExerciseCatalog.exercises.first { $0.name == exercise })
        let list = root.appendingPathComponent("Tests/Exercises/equivalent-mutants/\(exercise).txt")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return }
        let solution = try String(contentsOf: root.appendingPathComponent(info.solution), encoding: .utf8)
        let digests = Set(Mutation.mutants(of: solution).map(\.digest))
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let digest = String(line.prefix { $0 != " " })
            #expect(digests.contains(digest), Comment(rawValue: "\(list.lastPathComponent) lists \(digest), which is no mutant of "
                    + "\(info.solution) any more: the solution changed; run swift run workbook verify \(exercise) and list its equivalent mutants again"))
            #expect(line.contains(" — "), "\(list.lastPathComponent): \(digest) gives no reason (after \" — \")")
        }
    }
}

// The reference solutions' module names the same controlled primitives as the module `workbook
// check` makes for 10-clean-timer and 10-resume-once (Sources/workbook/ControlledPrimitives.swift),
// so SolutionTests runs those two on the same virtual clock.

import Foundation
import Testing

@Suite("The solutions' controlled names")
struct ControlledNamesTests {
    @Test("Tests/Exercises/ZZControlledTime.swift declares each name the check package declares (NSLock aside)")
    func inStep() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let generator = try String(contentsOf: root.appendingPathComponent("Sources/workbook/ControlledPrimitives.swift"), encoding: .utf8)
        let solutions = try String(contentsOf: root.appendingPathComponent("Tests/Exercises/ZZControlledTime.swift"), encoding: .utf8)
        let declared = generator.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("public typealias ") && !$0.hasPrefix("public typealias NSLock ") }
        #expect(declared.count >= 10, "the generator's typealias lines were not found")
        for line in declared {
            #expect(solutions.contains(line + "\n"), "Tests/Exercises/ZZControlledTime.swift lacks `\(line)`")
        }
    }
}

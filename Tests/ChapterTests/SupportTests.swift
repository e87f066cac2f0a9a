import Foundation
import Testing
import WorkbookSupport

@Suite("Workbook support code")
struct SupportTests {
    @Test func jsonRoundTrip() {
        let value = JSONValue.object(["a": .int(1), "b": .array([.bool(true), .null, .string("x\"y\n")]), "c": .double(0.5)])
        #expect(JSONValue.parse(value.text) == value)
        #expect(value.text == #"{"a":1,"b":[true,null,"x\"y\n"],"c":0.5}"#)
        #expect(JSONValue.parse("{\"a\":") == nil)
        #expect(JSONValue.parse("[1, 2] x") == nil)
    }

    @Test func suggestions() {
        #expect(Suggest.nearest(to: "chek", in: ["list", "check", "hint"]) == "check")
        #expect(Suggest.nearest(to: "1233", in: ["ch04-issue-1233", "ch05-ceil-dates"]) == "ch04-issue-1233")
        #expect(Suggest.nearest(to: "zzzzzz", in: ["list", "check"]) == nil)
        #expect(Suggest.editDistance("kitten", "sitting") == 3)
    }

    @Test func chapterLookup() {
        #expect(Catalog.chapter(named: "4")?.slug == "issue-1233")
        #expect(Catalog.chapter(named: "04")?.number == 4)
        #expect(Catalog.chapter(named: "ch04-issue-1233")?.number == 4)
        #expect(Catalog.chapter(named: "ceil-dates")?.number == 5)
        #expect(Catalog.chapter(named: "10")?.slug == "lifetimes")
        #expect(Catalog.chapter(named: "99") == nil)
        #expect(ExerciseCatalog.select("04")?.count == 2)
        #expect(ExerciseCatalog.exercises.count >= 14)
        #expect(ExerciseCatalog.exercises.first { $0.name == "04-reconcile-keys" }?.solution == "Tests/Exercises/ReconcileKeys.swift")
    }

    @Test("every exercise's stub file exists and names its check command")
    func stubsExist() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for exercise in ExerciseCatalog.exercises {
            let text = try String(contentsOf: root.appendingPathComponent(exercise.stub), encoding: .utf8)
            #expect(text.contains("swift run workbook check \(exercise.name)"), "\(exercise.stub)")
        }
    }

    @Test func percentiles() {
        let samples = (1...100).map(Double.init)
        #expect(Stats.percentile(samples, 50) == 50)
        #expect(Stats.percentile(samples, 99) == 99)
        #expect(Stats.median([]) == 0)
    }
}

// workbook.json is the single source of truth for chapters and exercises. These tests fail, with
// the fix in the message, wherever a folder, a file, a README row or a CI step disagrees with it.

import ExerciseKit
import Foundation
import Testing
import WorkbookSupport

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func text(_ path: String) -> String? { try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) }

@Suite("workbook.json agrees with the files")
struct ManifestTests {
    @Test("every chapter has its folder, lab, executable and notes; every folder is a chapter")
    func chapterFolders() throws {
        for chapter in Catalog.chapters {
            for part in ["Lab", "Main", "README.md"] {
                #expect(exists("\(chapter.folder)/\(part)"), "\(chapter.folder)/\(part) is missing: workbook.json lists chapter \(chapter.paddedNumber)")
            }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Chapters").path)
            .filter { !$0.hasPrefix(".") }
        for folder in folders {
            #expect(Catalog.chapters.contains { $0.folder == "Chapters/\(folder)" },
                    "Chapters/\(folder) is not in workbook.json: add the chapter there (number, slug, title, summary)")
        }
    }

    @Test("the workbook command runs every chapter (Sources/workbook/Chapters.swift)")
    func workbookRunsEveryChapter() throws {
        let source = try #require(text("Sources/workbook/Chapters.swift"))
        for chapter in Catalog.chapters {
            #expect(source.contains("import Chapter\(chapter.paddedNumber)"), "add `import Chapter\(chapter.paddedNumber)` to Sources/workbook/Chapters.swift")
            #expect(source.contains("\(chapter.number): Chapter\(chapter.paddedNumber).Chapter.self"),
                    "add `\(chapter.number): Chapter\(chapter.paddedNumber).Chapter.self` to ChapterPrograms.all in Sources/workbook/Chapters.swift")
        }
    }

    @Test("the README's chapter table has one row per chapter")
    func readmeTable() throws {
        let readme = try #require(text("README.md"))
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| 0") || $0.hasPrefix("| 1") }
        #expect(rows.count == Catalog.chapters.count, "README.md's chapter table has \(rows.count) rows for \(Catalog.chapters.count) chapters")
        for chapter in Catalog.chapters {
            #expect(rows.contains { $0.hasPrefix("| \(chapter.paddedNumber) |") && $0.contains("`swift run workbook \(chapter.paddedNumber)`") },
                    "README.md needs a row `| \(chapter.paddedNumber) | \(chapter.title) | `swift run workbook \(chapter.paddedNumber)` | … |`")
        }
    }

    @Test("each chapter's notes name its exercises")
    func notesNameExercises() {
        for exercise in ExerciseCatalog.exercises {
            let chapter = Catalog.chapter(named: "\(exercise.chapter)")!
            #expect(text("\(chapter.folder)/README.md")?.contains("`\(exercise.name)`") == true,
                    "\(chapter.folder)/README.md should list `\(exercise.name)` under Exercises")
        }
    }

    @Test(".ci/run takes the chapters and exercises from the manifest, not from a list of its own")
    func ciDerivesFromManifest() throws {
        let script = try #require(text(".ci/run"))
        for chapter in Catalog.chapters {
            #expect(!script.contains(chapter.executable), ".ci/run names \(chapter.executable): use `workbook manifest executables` instead")
        }
        #expect(script.contains("workbook manifest executables"), ".ci/run must run every chapter from `workbook manifest executables`")
        #expect(script.contains("workbook verify"), ".ci/run must run `workbook verify`")
    }

    @Test("each exercise: its file, solution, shipped copy and near-misses agree with the manifest",
          arguments: ExerciseCatalog.exercises.map(\.name))
    func exerciseFiles(_ name: String) throws {
        let exercise = try #require(ExerciseCatalog.exercises.first { $0.name == name })
        let stub = try #require(text(exercise.stub), "\(exercise.stub) is missing")
        #expect(stub.contains("// TODO:"), "\(exercise.stub) needs a `// TODO:` at each place the learner edits")
        #expect(stub.contains(Glue.beginMarker), "\(exercise.stub) needs its DO NOT EDIT block (the lines the check calls through)")
        #expect(stub.contains("swift run workbook check \(exercise.name)"), "\(exercise.stub)'s header should name its check command")
        #expect(stub.contains("\(exercise.type)"), "\(exercise.stub) must declare \(exercise.type), the type its check runs against")

        let shipped = try #require(text(exercise.shipped), "\(exercise.shipped) is missing: copy the shipped stub there (workbook reset restores from it)")
        let solution = try #require(text(exercise.solution), "\(exercise.solution) is missing")
        #expect(Glue.digest(of: shipped) == exercise.glue,
                "the protected lines of \(exercise.shipped) changed: if on purpose, set \"glue\" of \(exercise.name) in workbook.json to \"\(Glue.digest(of: shipped))\" and move the old one into \"glue_earlier\" (a learner's file from before the change is then told so)")
        #expect(!exercise.earlierGlue.contains(exercise.glue), "\(exercise.name): its glue is listed among the earlier ones too")
        #expect(Glue.digest(of: solution) == exercise.glue,
                "\(exercise.solution) must keep the stub's DO NOT EDIT lines exactly (digest \(Glue.digest(of: solution)), expected \(exercise.glue))")

        let folder = root.appendingPathComponent(exercise.nearMisses)
        let nearMisses = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".swift") } ?? []
        #expect(nearMisses.count >= exercise.minimumNearMisses,
                "\(exercise.nearMisses) holds \(nearMisses.count) near-misses; \(exercise.name) needs at least \(exercise.minimumNearMisses)")
        for file in nearMisses {
            let source = try #require(text("\(exercise.nearMisses)/\(file)"))
            #expect(source.hasPrefix("// NEAR-MISS: "), "\(exercise.nearMisses)/\(file) must start with `// NEAR-MISS: <its mistake, in one line>`")
        }
        #expect(solutionChecks[exercise.name] != nil, "add \(exercise.name) to solutionChecks in Tests/ExerciseTests/SolutionTests.swift")
    }

    @Test("Package.swift's chapter stamp matches workbook.json (SwiftPM re-reads the manifest only when Package.swift changes)")
    func packageStamp() throws {
        let package = try #require(text("Package.swift"))
        let stamp = Catalog.chapters.map { "\($0.paddedNumber)-\($0.slug)" }.joined(separator: " ")
        #expect(package.contains("let chapterStamp = \"\(stamp)\""),
                "workbook.json's chapters changed: set `let chapterStamp = \"\(stamp)\"` in Package.swift")
    }

    @Test("reference solutions share one module: their type names must differ")
    func solutionTypesDiffer() {
        let types = ExerciseCatalog.exercises.map(\.type)
        #expect(Set(types).count == types.count, "two exercises declare the same type: \(types)")
    }
}

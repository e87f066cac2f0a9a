// swift-tools-version: 6.0
// Cache Workbook: Kingfisher's cache layer rebuilt, run and broken on purpose.
// No package dependencies: stdlib, Foundation, Dispatch, Synchronization, Swift Testing only.

import Foundation
import PackageDescription

/// The chapters and exercises, from workbook.json: the single source of truth (see CONTRIBUTING.md).
struct Workbook: Decodable {
    struct Chapter: Decodable {
        let number: Int
        let slug: String
        var padded: String { number < 10 ? "0\(number)" : "\(number)" }
    }
    let chapters: [Chapter]

    static func load() -> Workbook {
        let url = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("workbook.json")
        do {
            return try JSONDecoder().decode(Workbook.self, from: Data(contentsOf: url))
        } catch {
            fatalError("workbook.json cannot be read: \(error)")
        }
    }
}
let workbook = Workbook.load()

/// SwiftPM caches this manifest by its own text and does not see workbook.json change. This stamp
/// is the chapter list it was last evaluated with; ManifestTests fails, with the new stamp, when
/// workbook.json's chapters change — and editing the stamp makes SwiftPM read the manifest again.
let chapterStamp = "01-namespace-enums 02-kfd-wrapper 03-config-queue 04-issue-1233 05-ceil-dates 06-maybe-cached 07-lock-vs-queue 08-hybrid-cache 09-three-caches 10-lifetimes"

/// The chapters: (number, slug). Each has a library `ChapterNN` (its lab code, in `Lab/`), an
/// executable `chNN-slug` (in `Main/`) and notes (`README.md`); exercise stubs live in `Exercises/`
/// and are *not* targets: `workbook check` builds each on its own (see Sources/workbook/CheckPackage.swift),
/// so an unfinished stub never breaks `swift build` or another exercise.
let chapters: [(number: String, slug: String)] = workbook.chapters.map { ($0.padded, $0.slug) }

let chapterLibraries: [Target] = chapters.map { chapter in
    .target(
        name: "Chapter\(chapter.number)",
        dependencies: ["KFDCache", "WorkbookSupport"],
        path: "Chapters/\(chapter.number)-\(chapter.slug)/Lab")
}

let chapterExecutables: [Target] = chapters.map { chapter in
    .executableTarget(
        name: "ch\(chapter.number)-\(chapter.slug)",
        dependencies: [.target(name: "Chapter\(chapter.number)"), "WorkbookSupport"],
        path: "Chapters/\(chapter.number)-\(chapter.slug)/Main")
}

/// The experiments: one executable each, in Experiments/<name>/.
let experiments = ["memory-overhead", "disk-overhead", "scaling", "contention"]

let experimentExecutables: [Target] = experiments.map { name in
    .executableTarget(name: name, dependencies: ["KFDCache", "WorkbookSupport"], path: "Experiments/\(name)")
}

let package = Package(
    name: "CacheWorkbook",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "KFDCache", targets: ["KFDCache"]),
        // For the check programs `workbook check` builds in .build/workbook-checks (they depend on this package).
        .library(name: "ExerciseChecks", targets: ["ExerciseChecks"]),
        .executable(name: "workbook", targets: ["workbook"]),
    ] + chapters.map { .executable(name: "ch\($0.number)-\($0.slug)", targets: ["ch\($0.number)-\($0.slug)"]) }
      + experiments.map { .executable(name: $0, targets: [$0]) },
    targets: chapterLibraries + chapterExecutables + experimentExecutables + [
        .target(name: "KFDCache", path: "Sources/KFDCache"),
        .target(name: "WorkbookSupport", dependencies: ["KFDCache"], path: "Sources/WorkbookSupport"),
        .executableTarget(
            name: "workbook",
            dependencies: ["KFDCache", "WorkbookSupport", "ExerciseKit"] + chapters.map { .target(name: "Chapter\($0.number)") },
            path: "Sources/workbook"),
        .testTarget(
            name: "KFDCacheTests",
            dependencies: ["KFDCache", "WorkbookSupport"],
            path: "Tests/KFDCacheTests"),
        // Exercises: the watched lock, cache and queue (ExerciseKit), each exercise's contract and
        // check (ExerciseChecks), and the reference solutions (Tests/Exercises/, beside the shipped
        // stubs and the near-misses).
        .target(name: "ExerciseKit", dependencies: ["KFDCache", "WorkbookSupport"], path: "Sources/ExerciseKit"),
        .target(name: "ExerciseChecks", dependencies: ["ExerciseKit", "KFDCache", "WorkbookSupport"], path: "Sources/ExerciseChecks"),
        .target(
            name: "ExerciseSolutions",
            dependencies: ["ExerciseChecks"],
            path: "Tests/Exercises",
            exclude: ["shipped", "near-misses", "equivalent-mutants", "alternatives"]),
        .testTarget(
            name: "ExerciseTests",
            dependencies: ["ExerciseSolutions", "ExerciseChecks", "ExerciseKit", "KFDCache", "WorkbookSupport"],
            path: "Tests/ExerciseTests"),
        .testTarget(
            name: "ChapterTests",
            dependencies: ["KFDCache", "WorkbookSupport"] + chapters.map { .target(name: "Chapter\($0.number)") },
            path: "Tests/ChapterTests"),
    ],
    swiftLanguageModes: [.v6]
)

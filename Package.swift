// swift-tools-version: 6.0
// Cache Workbook: Kingfisher's cache layer rebuilt, run and broken on purpose.
// No package dependencies: stdlib, Foundation, Dispatch, Synchronization, Swift Testing only.

import PackageDescription

/// The chapters: (number, slug). Each has a library `ChapterNN` (its lab code, in `Lab/`), an
/// executable `chNN-slug` (in `Main/`) and notes (`README.md`); chapters 1–7 also have exercise
/// stubs (`Exercises/`).
let chapters: [(number: String, slug: String)] = [
    ("01", "namespace-enums"), ("02", "kfd-wrapper"), ("03", "config-queue"), ("04", "issue-1233"),
    ("05", "ceil-dates"), ("06", "maybe-cached"), ("07", "lock-vs-queue"),
    ("08", "hybrid-cache"), ("09", "three-caches"),
]

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
        .executable(name: "workbook", targets: ["workbook"]),
    ] + chapters.map { .executable(name: "ch\($0.number)-\($0.slug)", targets: ["ch\($0.number)-\($0.slug)"]) }
      + experiments.map { .executable(name: $0, targets: [$0]) },
    targets: chapterLibraries + chapterExecutables + experimentExecutables + [
        .target(name: "KFDCache", path: "Sources/KFDCache"),
        .target(name: "WorkbookSupport", path: "Sources/WorkbookSupport"),
        .executableTarget(
            name: "workbook",
            dependencies: ["KFDCache", "WorkbookSupport"] + chapters.map { .target(name: "Chapter\($0.number)") },
            path: "Sources/workbook"),
        .testTarget(
            name: "KFDCacheTests",
            dependencies: ["KFDCache", "WorkbookSupport"],
            path: "Tests/KFDCacheTests"),
        // Exercises: the learner's stubs (one per exercise, in each chapter's Exercises/ folder),
        // the reference solutions (kept apart, in Tests/), and the one set of checks for both.
        .target(name: "ExerciseKit", dependencies: ["KFDCache"], path: "Sources/ExerciseKit"),
        .target(
            name: "Exercises",
            dependencies: ["ExerciseKit", "KFDCache"],
            path: "Chapters",
            exclude: chapters.flatMap { ["\($0.number)-\($0.slug)/Lab", "\($0.number)-\($0.slug)/Main", "\($0.number)-\($0.slug)/README.md"] },
            sources: chapters.prefix(7).map { "\($0.number)-\($0.slug)/Exercises" }),
        .target(name: "ExerciseSolutions", dependencies: ["ExerciseKit", "KFDCache"], path: "Tests/ExerciseSolutions"),
        .testTarget(
            name: "ExerciseTests",
            dependencies: ["Exercises", "ExerciseSolutions", "ExerciseKit", "KFDCache", "WorkbookSupport"],
            path: "Tests/ExerciseTests"),
        .testTarget(
            name: "ChapterTests",
            dependencies: ["KFDCache", "WorkbookSupport"] + chapters.map { .target(name: "Chapter\($0.number)") },
            path: "Tests/ChapterTests"),
    ],
    swiftLanguageModes: [.v6]
)

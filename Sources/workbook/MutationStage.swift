// `workbook verify`'s mutation stage: each reference solution's mutants (ExerciseKit's Mutation)
// that compile are built into a check package of their own and run through the exercise's check.
// A mutant the check passes is a wrong answer a learner could submit and be told "done": verify
// fails on it unless it is listed as equivalent, with a reason, in
// Tests/Exercises/equivalent-mutants/<exercise>.txt.

import ExerciseKit
import Foundation
import WorkbookSupport

/// One exercise's mutants and what became of them.
struct MutationTally {
    var generated = 0
    var compiled = 0
    var killed = 0
    var equivalent = 0
    var survivors: [Mutant] = []
    /// "id (change): why the check rejected it", for `verify --verbose`.
    var killReasons: [String] = []
    /// Equivalent-list entries that name no mutant any more (the solution changed).
    var staleEntries: [String] = []
    /// Whether the reference solution compiled the way each mutant is compiled (a sanity check).
    var solutionCompiles = false
}

/// The equivalent mutants listed for one exercise: digest → reason.
struct EquivalentMutants {
    let entries: [String: String]
    let lines: [String: String]

    static func path(_ exercise: ExerciseInfo) -> String { "Tests/Exercises/equivalent-mutants/\(exercise.name).txt" }

    /// Reads `<digest> <operator>@L<line> — <reason>` lines; `#` starts a comment.
    init(root: URL, exercise: ExerciseInfo) {
        let text = (try? String(contentsOf: root.appendingPathComponent(Self.path(exercise)), encoding: .utf8)) ?? ""
        var entries: [String: String] = [:], lines: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let reason = parts[1].components(separatedBy: " — ").dropFirst().joined(separator: " — ")
            entries[parts[0]] = reason
            lines[parts[0]] = String(line)
        }
        self.entries = entries
        self.lines = lines
    }
}

enum MutationStage {
    /// Generates, compiles, builds and runs the mutants of `exercises`' reference solutions.
    /// - Returns: each exercise's tally, and whether the mutants could be built and run at all.
    static func run(_ exercises: [ExerciseInfo], root: URL, swift: URL, corpus: CheckPackage,
                    repeats: Int = 1, seeds: [UInt64] = []) -> ([String: MutationTally], Bool) {
        let modules = corpus.folder.appendingPathComponent(".build/debug/Modules")
        let sourceFolder = root.appendingPathComponent(".build/workbook-checks/mutant-sources", isDirectory: true)
        try? FileManager.default.removeItem(at: sourceFolder)
        var tallies: [String: MutationTally] = [:]
        var subjects: [CheckSubject] = []
        var byDigest: [String: Mutant] = [:]
        let swiftc = Toolchain.swiftc ?? swift.deletingLastPathComponent().appendingPathComponent("swiftc")

        for exercise in exercises {
            guard let source = try? String(contentsOf: root.appendingPathComponent(exercise.solution), encoding: .utf8) else { continue }
            let equivalents = EquivalentMutants(root: root, exercise: exercise)
            let every = Mutation.mutants(of: source)
            var tally = MutationTally(generated: every.count)
            let folder = sourceFolder.appendingPathComponent(exercise.name, isDirectory: true)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The solution itself first: if it does not compile this way, no mutant can, and a
            // "0 compile" would hide a broken toolchain call rather than a strong check.
            let unmutated = Mutant(operation: .deleteStatement, line: 0, change: "none", source: source)
            tally.solutionCompiles = !compiles([unmutated], folder: folder, file: exercise.file, modules: modules, swiftc: swiftc).isEmpty
            let compiling = Checking.withTicker("compiling \(every.count) mutants of \(exercise.name)") {
                compiles(every, folder: folder, file: exercise.file, modules: modules, swiftc: swiftc)
            }
            tally.compiled = compiling.count
            let digests = Set(compiling.map(\.digest))
            tally.staleEntries = equivalents.entries.keys.filter { !digests.contains($0) }.sorted()
                .map { equivalents.lines[$0] ?? $0 }
            let candidates = compiling.filter { equivalents.entries[$0.digest] == nil }
            tally.equivalent = compiling.count - candidates.count
            for mutant in candidates {
                let url = folder.appendingPathComponent("\(mutant.digest)/\(exercise.file)")
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? mutant.source.write(to: url, atomically: true, encoding: .utf8)
                subjects.append(CheckSubject(exercise: exercise, kind: .mutant(mutant.digest), source: url))
                byDigest[exercise.name + mutant.digest] = mutant
            }
            tallies[exercise.name] = tally
        }
        guard !subjects.isEmpty else { return (tallies, true) }
        let package = CheckPackage(root: root, name: "mutants")
        try? FileManager.default.removeItem(at: package.folder.appendingPathComponent("Variants"))
        try? FileManager.default.removeItem(at: package.folder.appendingPathComponent("Programs"))
        // A mutant that passed the compiler on its own may still fail in the package build (a
        // diagnostic only a later pass makes): drop the modules the errors name, and build again.
        for attempt in 1...3 {
            do { try package.prepare(subjects) } catch {
                Terminal.printError("error: cannot write the mutants' check package: \(error)")
                return (tallies, false)
            }
            guard let output = Checking.withTicker("building \(subjects.count) mutants", { package.build(nil, swift: swift) }) else { break }
            let failing = subjects.filter { output.contains("Variants/\($0.module)/") }
            if failing.isEmpty || attempt == 3 {
                print("✘ the mutants' check package did not build:")
                print(String(output.suffix(2_000)))
                return (tallies, false)
            }
            for subject in failing { tallies[subject.exercise.name]?.compiled -= 1 }
            let dropped = Set(failing.map(\.module))
            subjects.removeAll { dropped.contains($0.module) }
            try? FileManager.default.removeItem(at: package.folder.appendingPathComponent("Variants"))
            try? FileManager.default.removeItem(at: package.folder.appendingPathComponent("Programs"))
        }
        let progress = ProgressLine("running the checks on \(subjects.count) mutants", total: subjects.count)
        for (done, subject) in subjects.enumerated() {
            guard case .mutant(let digest) = subject.kind, let mutant = byDigest[subject.exercise.name + digest] else { continue }
            let result = package.run(subject, seconds: 15)
            var change: String?
            if case .verdict(let text)? = Checking.verdictChange(result, repeats: repeats, { package.run(subject, seconds: 15) }) { change = text }
            change = change ?? Checking.seedChange(result, seeds: seeds, { package.run(subject, seconds: 15, seed: $0) })
            if let change {
                tallies[subject.exercise.name]?.survivors.append(mutant)
                tallies[subject.exercise.name]?.killReasons.append("\(mutant.id) (\(mutant.change)): \(change)")
                print("    \(subject.exercise.name) \(mutant.id): \(change)")
            } else if result.passed {
                tallies[subject.exercise.name]?.survivors.append(mutant)
            } else {
                tallies[subject.exercise.name]?.killed += 1
                tallies[subject.exercise.name]?.killReasons.append("\(mutant.id) (\(mutant.change)): \(Checking.summary(result))")
            }
            progress.update(done + 1)
        }
        progress.finish()
        return (tallies, true)
    }

    /// The mutants that type-check, each on its own against the corpus package's modules.
    private static func compiles(_ mutants: [Mutant], folder: URL, file: String, modules: URL, swiftc: URL) -> [Mutant] {
        let results = LockedList<Int>()
        DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
            let url = folder.appendingPathComponent("typecheck-\(index)-\(file)")
            guard (try? mutants[index].source.write(to: url, atomically: true, encoding: .utf8)) != nil else { return }
            // -emit-sil, not -typecheck: definite initialization ("return from initializer without
            // initializing all stored properties") is diagnosed only once SIL is made.
            let result = ChildProcess.run(swiftc, arguments: ["-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-parse-as-library",
                                                              "-I", modules.path, "-module-name", "Mutant", url.path],
                                          timeout: 60)
            try? FileManager.default.removeItem(at: url)
            if result.succeeded { results.append(index) }
        }
        return results.values.sorted().map { mutants[$0] }
    }

    /// A mutant's change as a two-sided excerpt: the lines that differ from the solution.
    static func diff(_ mutant: Mutant, against original: String) -> [String] {
        let old = original.split(separator: "\n", omittingEmptySubsequences: false)
        var new = mutant.source.split(separator: "\n", omittingEmptySubsequences: false)
        // The declarations a mutant needs (its own lock or queue, an import) are shown as one note.
        let support = MutantSupport.lines(in: new.map(String.init))
        new = new.enumerated().filter { !support.contains($0.offset) }.map(\.element)
        let all = mutant.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declared = support.sorted().map { all[$0] }.filter { !$0.hasPrefix("//") }
        let note: [String] = declared.isEmpty ? [] : ["+ (at the top: " + declared.joined(separator: "; ") + ")"]
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return note + old[prefix..<(old.count - suffix)].map { "- " + $0 } + new[prefix..<(new.count - suffix)].map { "+ " + $0 }
    }
}

extension MutationStage {
    /// `workbook mutants EXERCISE [DIGEST]`: the mutants of its reference solution (for whoever
    /// writes or strengthens a check), or one mutant's change in full.
    static func list(_ arguments: [String]) -> Int32 {
        guard let root = PackageRoot.required() else { return 1 }
        guard arguments.count == 1 || arguments.count == 2, let found = Checking.select(arguments[0]), found.count == 1,
              let exercise = found.first else {
            Terminal.printError("usage: swift run workbook mutants EXERCISE [DIGEST]   (one exercise, e.g. 03-atomic-update)")
            return 64
        }
        guard let source = try? String(contentsOf: root.appendingPathComponent(exercise.solution), encoding: .utf8) else {
            Terminal.printError("error: cannot read \(exercise.solution)")
            return 1
        }
        let mutants = Mutation.mutants(of: source)
        if arguments.count == 2 {
            guard let mutant = mutants.first(where: { $0.digest == arguments[1] || $0.id == arguments[1] }) else {
                Terminal.printError("error: \(exercise.name) has no mutant \(arguments[1]); 'swift run workbook mutants \(exercise.name)' lists them.")
                return 64
            }
            print("\(mutant.id): \(mutant.change) — \(mutant.operation.models)")
            for line in diff(mutant, against: source) { print("  \(line)") }
            return 0
        }
        let equivalents = EquivalentMutants(root: root, exercise: exercise)
        for mutant in mutants {
            let mark = equivalents.entries[mutant.digest].map { " [equivalent: \($0)]" } ?? ""
            print("\(mutant.id)  \(mutant.change)\(mark)")
        }
        print("\(mutants.count) mutants (not all compile). Operators: \(Set(mutants.map(\.operation.rawValue)).sorted().joined(separator: ", ")).")
        return 0
    }
}

// Chapter 6's checks: the `maybeCached` shortcut and an index that forgets on remove.

import Dispatch
import ExerciseKit
import Foundation
import Synchronization

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol ShortcutExercise {
    static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool
}

public protocol ForgetOnRemoveExercise: AnyObject, Sendable {
    init(knownNames: Set<String>?)
    func stored(_ name: String)
    func removed(_ name: String)
    func removedAll()
    /// false: certainly not cached; true: maybe.
    func mightContain(_ name: String) -> Bool
    /// The set's queue, watched: `names` reports changes made off it.
    var queueProbe: WatchedQueue { get }
}

// MARK: The checks

public enum Chapter6Checks {
    /// 06-shortcut: a name missing from the set is a miss without asking the disk.
    public static func shortcut<E: ShortcutExercise>(_: E.Type, _ run: CheckRun) {
        let calls = Guarded(0)
        let onDisk: (String) -> Bool = { name in calls.withLock { $0 += 1 }; return name == "a" }
        func asked(_ body: () -> Bool) -> (answer: Bool, calls: Int) {
            calls.withLock { $0 = 0 }
            let answer = body()
            return (answer, calls.withLock { $0 })
        }
        let miss = asked { E.isCached(name: "zzz", knownNames: ["a", "b"], fileExists: onDisk) }
        run.expect(!miss.answer, "\"zzz\" is not in the set: it is certainly not cached")
        run.expect(miss.calls == 0, "a name missing from the set must be answered without asking the disk (asked \(miss.calls) times)")
        let hit = asked { E.isCached(name: "a", knownNames: ["a", "b"], fileExists: onDisk) }
        run.expect(hit.answer && hit.calls == 1, "\"a\" is in the set: ask the disk once, and it says yes")
        let falsePositive = asked { E.isCached(name: "b", knownNames: ["a", "b"], fileExists: onDisk) }
        run.expect(!falsePositive.answer, "\"b\" is in the set but not on disk: the set only says maybe; the disk decides")
        let noSet = asked { E.isCached(name: "a", knownNames: nil, fileExists: onDisk) }
        run.expect(noSet.answer && noSet.calls == 1, "with no set (nil), ask the disk")
        let noSetMiss = asked { E.isCached(name: "zzz", knownNames: nil, fileExists: onDisk) }
        run.expect(!noSetMiss.answer && noSetMiss.calls == 1, "with no set (nil), every name is a maybe: ask the disk")
        let mixed = asked { E.isCached(name: "Photo-A", knownNames: ["Photo-A"], fileExists: { calls.withLock { $0 += 1 }; return $0 == "Photo-A" }) }
        run.expect(mixed.answer && mixed.calls == 1, "\"Photo-A\" is in the set and on disk: the answer must be true after asking the disk "
                   + "once (got \(mixed.answer), asked \(mixed.calls) times)")
        let otherCase = asked { E.isCached(name: "photo-a", knownNames: ["Photo-A"], fileExists: { calls.withLock { $0 += 1 }; return $0 == "photo-a" }) }
        run.expect(!otherCase.answer && otherCase.calls == 0, "\"photo-a\" is not \"Photo-A\": it is missing from the set, a miss without asking the disk")
        let empty = asked { E.isCached(name: "a", knownNames: [], fileExists: onDisk) }
        run.expect(!empty.answer && empty.calls == 0, "an empty set knows the folder is empty: a miss without asking the disk")
        if run.passed { shortcutOnGeneratedFolders(E.self, run) }
    }

    /// One `isCached` call on a generated folder.
    struct Lookup {
        var name: String, knownNames: Set<String>?, onDisk: Set<String>

        /// The header's rule: a name missing from the set is false with no disk call; otherwise
        /// one call, fileExists(name), and its answer.
        var reference: (answer: Bool, calls: [String]) {
            if let knownNames, !knownNames.contains(name) { return (false, []) }
            return (onDisk.contains(name), [name])
        }

        var call: String { "isCached(name: \(quoted(name)), knownNames: \(quoted(knownNames)))" }
    }

    /// Generated: runs of up to 5 lookups, each with its own folder (two caches' lookups
    /// interleaved), whose set and disk hold near twins of the name (other case, padded, trimmed,
    /// a prefix, the extension dropped, the other Unicode form), nothing, or no set at all (nil).
    /// Compared: the answer, and every fileExists call with its argument.
    static func shortcutOnGeneratedFolders<E: ShortcutExercise>(_: E.Type, _ run: CheckRun) {
        let name = Gen<String>.oneOf([.element(of: ["Photo-A", "a.png", "", "e\u{301}.png", " b "]), .text(maxPieces: 4)])
        let lookup = name.flatMap { name in
            let names = Gen<String>.twin(of: name).array(maxCount: 4).map { Set($0) }
            return zip(names.optional, names).map { Lookup(name: name, knownNames: $0.0, onDisk: $0.1) }
        }
        run.forAll(lookup.array(maxCount: 5), cases: 4_000, seed: 0x0601) { lookups in
            for (index, lookup) in lookups.enumerated() {
                var calls: [String] = []
                let answer = E.isCached(name: lookup.name, knownNames: lookup.knownNames) { asked in
                    calls.append(asked)
                    return lookup.onDisk.contains(asked)
                }
                let expected = lookup.reference
                let sameCalls = calls.count == expected.calls.count && zip(calls, expected.calls).allSatisfy { sameBytes($0, $1) }
                if answer == expected.answer && sameCalls { continue }
                let after = index == 0 ? "" : "after \(index) lookup\(index == 1 ? "" : "s") on other folders, "
                let asked = calls.isEmpty ? "asked the disk nothing"
                    : "asked the disk \(calls.count == 1 ? "once" : "\(calls.count) times") (\(calls.map { "fileExists(\(quoted($0)))" }.joined(separator: ", ")))"
                let disk = "the disk holds \(quoted(lookup.onDisk))"
                let rule = expected.calls.isEmpty
                    ? "the set cannot contain \(quoted(lookup.name)), so the answer is false with no disk call"
                    : (lookup.knownNames == nil ? "with no set, ask the disk" : "\(quoted(lookup.name)) is in the set, which only says maybe: ask the disk")
                      + " once, fileExists(\(quoted(lookup.name))), and answer what it says (\(expected.answer))"
                return after + "`\(lookup.call)` answered \(answer) and \(asked) (\(disk)); \(rule)"
            }
            return nil
        }
    }
}

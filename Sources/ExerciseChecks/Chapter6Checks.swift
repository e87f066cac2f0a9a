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
        run.expect(!miss.answer, "\"zzz\" is not in the set: it is certainly not cached",
                   ko: "\"zzz\"는 집합에 없습니다: 확실히 캐시에 없는 이름입니다")
        run.expect(miss.calls == 0, "a name missing from the set must be answered without asking the disk (asked \(miss.calls) times)",
                   ko: "집합에 없는 이름에는 디스크에 묻지 않고 답해야 합니다 (디스크에 \(miss.calls)번 물었습니다)")
        let hit = asked { E.isCached(name: "a", knownNames: ["a", "b"], fileExists: onDisk) }
        run.expect(hit.answer && hit.calls == 1, "\"a\" is in the set: ask the disk once, and it says yes",
                   ko: "\"a\"는 집합에 있습니다: 디스크에 한 번 묻고, 디스크가 있다고 답하니 true입니다")
        let falsePositive = asked { E.isCached(name: "b", knownNames: ["a", "b"], fileExists: onDisk) }
        run.expect(!falsePositive.answer, "\"b\" is in the set but not on disk: the set only says maybe; the disk decides",
                   ko: "\"b\"는 집합에는 있지만 디스크에는 없습니다: 집합은 '있을지도 모름'만 말하고, 답은 디스크가 정합니다")
        let noSet = asked { E.isCached(name: "a", knownNames: nil, fileExists: onDisk) }
        run.expect(noSet.answer && noSet.calls == 1,
                   "isCached(name: \"a\", knownNames: nil) answered \(noSet.answer) after asking the disk \(noSet.calls) times; "
                   + "with no set (nil), ask the disk once and answer what it says (true)",
                   ko: "isCached(name: \"a\", knownNames: nil) 호출이 디스크에 \(noSet.calls)번 묻고 \(noSet.answer)를 돌려줬습니다. "
                       + "집합이 없으면(nil) 디스크에 한 번 묻고 그 답(true)을 돌려줍니다")
        let noSetMiss = asked { E.isCached(name: "zzz", knownNames: nil, fileExists: onDisk) }
        run.expect(!noSetMiss.answer && noSetMiss.calls == 1,
                   "isCached(name: \"zzz\", knownNames: nil) answered \(noSetMiss.answer) after asking the disk \(noSetMiss.calls) times; "
                   + "with no set (nil), every name is a maybe: ask the disk once and answer what it says (false)",
                   ko: "isCached(name: \"zzz\", knownNames: nil) 호출이 디스크에 \(noSetMiss.calls)번 묻고 \(noSetMiss.answer)를 돌려줬습니다. "
                       + "집합이 없으면(nil) 모든 이름이 '있을지도 모름'입니다: 디스크에 한 번 묻고 그 답(false)을 돌려줍니다")
        let mixed = asked { E.isCached(name: "Photo-A", knownNames: ["Photo-A"], fileExists: { calls.withLock { $0 += 1 }; return $0 == "Photo-A" }) }
        run.expect(mixed.answer && mixed.calls == 1, "\"Photo-A\" is in the set and on disk: the answer must be true after asking the disk "
                   + "once (got \(mixed.answer), asked \(mixed.calls) times)",
                   ko: "\"Photo-A\"는 집합에도 디스크에도 있습니다: 디스크에 한 번 묻고 true를 돌려줘야 합니다 "
                       + "(결과 \(mixed.answer), 디스크에 \(mixed.calls)번 물었습니다)")
        let otherCase = asked { E.isCached(name: "photo-a", knownNames: ["Photo-A"], fileExists: { calls.withLock { $0 += 1 }; return $0 == "photo-a" }) }
        run.expect(!otherCase.answer && otherCase.calls == 0,
                   "isCached(name: \"photo-a\", knownNames: [\"Photo-A\"]) answered \(otherCase.answer) after asking the disk "
                   + "\(otherCase.calls) time\(otherCase.calls == 1 ? "" : "s"); the set does not hold \"photo-a\" (only \"Photo-A\", "
                   + "another name): false, without asking the disk",
                   ko: "isCached(name: \"photo-a\", knownNames: [\"Photo-A\"]) 호출이 디스크에 \(otherCase.calls)번 묻고 \(otherCase.answer)를 "
                       + "돌려줬습니다. 집합에는 \"photo-a\"가 없습니다(있는 것은 다른 이름인 \"Photo-A\"뿐입니다): "
                       + "디스크에 묻지 않고 false입니다")
        let empty = asked { E.isCached(name: "a", knownNames: [], fileExists: onDisk) }
        run.expect(!empty.answer && empty.calls == 0,
                   "isCached(name: \"a\", knownNames: []) answered \(empty.answer) after asking the disk \(empty.calls) time\(empty.calls == 1 ? "" : "s"); "
                   + "an empty set (not nil) says the folder holds nothing: false, without asking the disk",
                   ko: "isCached(name: \"a\", knownNames: []) 호출이 디스크에 \(empty.calls)번 묻고 \(empty.answer)를 돌려줬습니다. "
                       + "(nil이 아닌) 빈 집합은 폴더에 아무것도 없다는 뜻입니다: 디스크에 묻지 않고 false입니다")
        if run.passed { urlNamesKept(E.self, run) }
        if run.passed { shortcutOnGeneratedFolders(E.self, run) }
        if run.passed { shortcutOnLargeSets(E.self, run) }
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

    /// Names as URLs hold them, beside what a decoder or a cutter would make of them: the name is
    /// used exactly as given, in the set and in the one disk call.
    static func urlNamesKept<E: ShortcutExercise>(_: E.Type, _ run: CheckRun) {
        let lookups = [Lookup(name: "a%20b.png", knownNames: ["a%20b.png"], onDisk: ["a%20b.png"]),
                       Lookup(name: "a%20b.png", knownNames: ["a b.png"], onDisk: ["a b.png"]),
                       Lookup(name: "a.png?v=2", knownNames: ["a.png", "a.png?v=2"], onDisk: ["a.png"]),
                       Lookup(name: "a.png?v=2", knownNames: ["a.png"], onDisk: ["a.png"]),
                       Lookup(name: "100%", knownNames: nil, onDisk: ["100%"])]
        for lookup in lookups {
            var calls: [String] = []
            let answer = E.isCached(name: lookup.name, knownNames: lookup.knownNames) { asked in
                calls.append(asked)
                return lookup.onDisk.contains(asked)
            }
            let expected = lookup.reference
            guard answer != expected.answer || calls.count != expected.calls.count || !zip(calls, expected.calls).allSatisfy(sameBytes) else { continue }
            func listed(_ calls: [String]) -> CheckMessage {
                let list = calls.map { "fileExists(\(quoted($0)))" }.joined(separator: ", ")
                return calls.isEmpty ? CheckMessage("none", ko: "없음") : CheckMessage(list, ko: list)
            }
            let shown = listed(calls), reference = listed(expected.calls)
            // The rule, then only what this answer shows: a name asked in another form, the disk
            // asked again, or a set that answered for a name it does not hold.
            let why: CheckMessage
            if calls.contains(where: { !sameBytes($0, lookup.name) }) {
                why = CheckMessage(" (the disk was asked for another name: a \"%\" escape is not decoded, a \"?\" query is not cut off)",
                                   ko: " (디스크에 다른 이름을 물었습니다: \"%\" 이스케이프를 디코딩하지 않고, \"?\" 쿼리를 잘라 내지 않습니다)")
            } else if calls.count > 1 {
                why = CheckMessage(" (one lookup asks the disk at most once)", ko: " (조회 한 번에 디스크는 많아야 한 번 묻습니다)")
            } else if calls.count > expected.calls.count {
                why = CheckMessage(" (the set does not hold that name, compared whole as Set.contains compares: a certain miss, no disk call)",
                                   ko: " (Set.contains처럼 이름 전체를 비교하면 집합에 그 이름이 없습니다: 확실한 미스이므로 디스크를 부르지 않습니다)")
            } else {
                why = CheckMessage("", ko: "")
            }
            run.fail("`\(lookup.call)` (the disk holds \(quoted(lookup.onDisk))) answered \(answer), disk calls: \(shown.english); the reference "
                     + "answers \(expected.answer), disk calls: \(reference.english): the name is used exactly as given, in the set and on the disk"
                     + why.english,
                     ko: "`\(lookup.call)` 호출(디스크에는 \(quoted(lookup.onDisk)))이 \(answer)를 돌려줬고, 디스크 호출: \(shown.ko). 기준 구현은 "
                         + "\(expected.answer), 디스크 호출: \(reference.ko)입니다: 이름은 집합에서도 디스크에서도 주어진 그대로 씁니다"
                         + why.ko)
            return
        }
    }

    /// Generated: runs of up to 5 lookups, each with its own folder (two caches' lookups
    /// interleaved), whose set and disk hold near twins of the name (other case, padded, trimmed,
    /// a prefix, the extension dropped, the other Unicode form), nothing, or no set at all (nil).
    /// Compared: the answer, and every fileExists call with its argument.
    static func shortcutOnGeneratedFolders<E: ShortcutExercise>(_: E.Type, _ run: CheckRun) {
        /// Runs of lookups whose names are drawn from `text` and a few fixed names.
        func runs(_ text: Gen<String>, _ fixed: [String]) -> Gen<[Lookup]> {
            let name = Gen<String>.oneOf([.element(of: ["Photo-A", "a.png", "", "e\u{301}.png", " b "] + fixed), text])
            let lookup = name.flatMap { name in
                let names = Gen<String>.twin(of: name).array(maxCount: 4).map { Set($0) }
                return zip(names.optional, names).map { Lookup(name: name, knownNames: $0.0, onDisk: $0.1) }
            }
            return lookup.array(maxCount: 5)
        }
        // First the runs drawn as always; then names that also hold line breaks, NUL, ":" and the
        // strings your file writes (a value it singles out is tried).
        let written = SourceFacts.stringLiterals(in: run.source).filter { $0.count <= 200 }
        for (gen, cases, seed) in [(runs(.text(maxPieces: 4), []), 4_000, UInt64(0x0601)),
                                   (runs(.text(maxPieces: 4, adding: Gen<String>.edgeFragments + written), written), 2_000, UInt64(0x0611))] {
            guard run.passed else { return }
            lookupsMatch(E.self, run, gen, cases: cases, seed: seed)
        }
    }

    static func lookupsMatch<E: ShortcutExercise>(_: E.Type, _ run: CheckRun, _ gen: Gen<[Lookup]>, cases: Int, seed: UInt64) {
        let log = AnswerLog()
        run.forAll(gen, cases: cases, seed: seed) { lookups -> CheckMessage? in
            for (index, lookup) in lookups.enumerated() {
                var calls: [String] = []
                let answer = E.isCached(name: lookup.name, knownNames: lookup.knownNames) { asked in
                    calls.append(asked)
                    return lookup.onDisk.contains(asked)
                }
                let expected = lookup.reference
                let sameCalls = calls.count == expected.calls.count && zip(calls, expected.calls).allSatisfy { sameBytes($0, $1) }
                let shownCalls = calls.map { "fileExists(\(quoted($0)))" }.joined(separator: ", ")
                let disk = quoted(lookup.onDisk)
                let shownCall = CheckMessage("`\(lookup.call)` (the disk holds \(disk))", ko: "`\(lookup.call)` (디스크에 있는 것: \(disk))")
                let earlier = log.record(shownCall.english, "\(answer) [\(shownCalls)]")
                if answer == expected.answer && sameCalls { continue }
                if let earlier {
                    return AnswerLog.changed(shownCall, now: "\(answer) [\(shownCalls)]", earlier: earlier)
                }
                let after = index == 0 ? CheckMessage("", ko: "")
                    : CheckMessage("after \(index) lookup\(index == 1 ? "" : "s") on other folders, ", ko: "다른 폴더에서 \(index)번 조회한 뒤, ")
                let asked = calls.isEmpty ? CheckMessage("asked the disk nothing", ko: "디스크에 묻지 않았습니다")
                    : CheckMessage("asked the disk \(calls.count) time\(calls.count == 1 ? "" : "s") (\(shownCalls))",
                                   ko: "디스크에 \(calls.count)번 물었습니다 (\(shownCalls))")
                let name = quoted(lookup.name), expectedAnswer = expected.answer
                let rule = expected.calls.isEmpty
                    ? CheckMessage("the set cannot contain \(name), so the answer is false with no disk call",
                                   ko: "집합에 없는 이름(\(name))이니 디스크에 묻지 않고 false입니다")
                    : (lookup.knownNames == nil ? CheckMessage("with no set, ask the disk", ko: "집합이 없으면 디스크에 묻습니다.")
                        : (lookup.knownNames?.contains(where: { sameBytes($0, lookup.name) }) == false
                            // In the set by Set.contains (canonical equivalence), not byte for byte: say so.
                            ? CheckMessage("\(name) is in the set as Set.contains reads it — one of its names is the same text in another "
                                           + "Unicode form, which Swift's String compares equal (and Apple's file systems take for the same "
                                           + "file) — and the set only says maybe: ask the disk",
                                           ko: "Set.contains로 보면 \(name)도 집합에 있습니다. 집합의 이름 하나가 유니코드 정규화 형태만 다른 같은 "
                                               + "텍스트인데, Swift의 String은 둘을 같다고 보기 때문입니다 (Apple의 파일 시스템도 같은 파일로 봅니다). "
                                               + "집합은 '있을지도 모름'만 말하므로 디스크에 묻습니다.")
                            : CheckMessage("\(name) is in the set, which only says maybe: ask the disk",
                                           ko: "집합에 있는 이름(\(name))이지만 집합은 '있을지도 모름'만 말합니다: 디스크에 묻습니다.")))
                      + CheckMessage(" once, fileExists(\(name)), and answer what it says (\(expectedAnswer))",
                                     ko: " 디스크에는 fileExists(\(name))로 한 번만 묻고 그 답(\(expectedAnswer))을 돌려줍니다")
                return after + CheckMessage("`\(lookup.call)` answered \(answer) and \(asked.english) (the disk holds \(disk)); \(rule.english)",
                                            ko: "`\(lookup.call)` 호출이 \(answer)를 돌려주고 \(asked.ko) (디스크에는 \(disk)). \(rule.ko)")
            }
            return nil
        }
    }

    /// Sets of every size up to 2^17 names, built once per size: a check that keeps to small sets
    /// cannot tell a shortcut that is used only below some cut-off.
    final class NameSets {
        private var bySize: [Int: Set<String>] = [:]
        func names(_ count: Int) -> Set<String> {
            if let known = bySize[count] { return known }
            let made = Set((0..<count).map { "name-\($0)" })
            bySize[count] = made
            return made
        }
    }

    /// Generated: one lookup against a large set (sizes around 1000, 4096, 65 536 and 2^17, and
    /// any size up to 5000): a name the set holds (on disk or not) or one it does not. Compared:
    /// the answer, and every fileExists call with its argument.
    static func shortcutOnLargeSets<E: ShortcutExercise>(_: E.Type, _ run: CheckRun) {
        let sizes = NameSets()
        let size = Gen<Int>.oneOf([.element(of: [999, 1_000, 1_001, 1_024, 4_096, 65_536, 1 << 17]), .int(in: 5...5_000)])
        let lookup = zip(size, Gen<UInt64>.any, zip(Gen<Bool>.bool, Gen<Bool>.bool)).map { size, pick, flags in
            let (inSet, onDisk) = flags
            let name = "name-\(inSet ? Int(pick % UInt64(size)) : size + Int(pick % 8))"
            return (size: size, name: name, onDisk: onDisk)
        }
        run.forAll(lookup, cases: 300, seed: 0x0602) { lookup -> CheckMessage? in
            let knownNames = sizes.names(lookup.size)
            var calls: [String] = []
            let answer = E.isCached(name: lookup.name, knownNames: knownNames) { asked in
                calls.append(asked)
                return lookup.onDisk && asked == lookup.name
            }
            let inSet = knownNames.contains(lookup.name)
            let expected = inSet && lookup.onDisk, expectedCalls = inSet ? [lookup.name] : []
            if answer == expected && calls == expectedCalls { return nil }
            let name = quoted(lookup.name), count = lookup.size
            let shownCalls = calls.map { "fileExists(\(quoted($0)))" }.joined(separator: ", ")
            let asked = calls.isEmpty ? CheckMessage("asked the disk nothing", ko: "디스크에 묻지 않았습니다")
                : CheckMessage("asked the disk \(calls.count) time\(calls.count == 1 ? "" : "s") (\(shownCalls))",
                               ko: "디스크에 \(calls.count)번 물었습니다 (\(shownCalls))")
            let set = inSet ? CheckMessage("a set of \(count) names that holds it", ko: "그 이름이 든 \(count)개짜리 집합")
                : CheckMessage("a set of \(count) names without it", ko: "그 이름이 없는 \(count)개짜리 집합")
            let rule = inSet
                ? CheckMessage("the set says maybe: ask the disk once, fileExists(\(name)), and answer what it says (\(expected))",
                               ko: "집합은 '있을지도 모름'만 말합니다: 디스크에 fileExists(\(name))로 한 번 묻고 그 답(\(expected))을 돌려줍니다")
                : CheckMessage("the set cannot contain \(name), so the answer is false with no disk call, however many names it holds",
                               ko: "집합에 없는 이름(\(name))이니 집합이 얼마나 크든 디스크에 묻지 않고 false입니다")
            return CheckMessage("`isCached(name: \(name), knownNames: \(set.english))` answered \(answer) and \(asked.english); \(rule.english)",
                                ko: "`isCached(name: \(name), knownNames: \(set.ko))` 호출이 \(answer)를 돌려주고 \(asked.ko). \(rule.ko)")
        }
    }

}

// 06-forget-on-remove's value-level runs: the learner's index and a model of the header's rule on
// the same generated calls, one caller, two indexes. The names include those a shortcut singles
// out (a dot, an "@", the strings the checked file writes, names one past each number it
// writes), and the starting sets include big ones (one past each such number): "forget only while
// the index is small" and "only bare hash names" are the same mistake whatever was picked.

import ExerciseKit
import Foundation

extension Chapter6Checks {
    enum IndexStep: CustomStringConvertible {
        case stored(index: Int, name: String)
        case removed(index: Int, name: String)
        case removedAll(index: Int)
        case mightContain(index: Int, name: String)

        var index: Int {
            switch self {
            case .stored(let index, _), .removed(let index, _), .removedAll(let index), .mightContain(let index, _): index
            }
        }

        var description: String {
            let name = index == 0 ? "indexA" : "indexB"
            switch self {
            case .stored(_, let value): return "\(name).stored(\(quoted(value)))"
            case .removed(_, let value): return "\(name).removed(\(quoted(value)))"
            case .removedAll: return "\(name).removedAll()"
            case .mightContain(_, let value): return "\(name).mightContain(\(quoted(value)))"
            }
        }
    }

    /// Generated: runs of up to 8 calls on two indexes, each made from a starting set (nil, empty,
    /// one name, or one name past each number the file writes); after each call, every answer
    /// `mightContain` gives for the names of the run is compared with the model's.
    static func forgetOnGeneratedRuns<E: ForgetOnRemoveExercise>(_: E.Type, _ run: CheckRun) {
        let sizes = SourceFacts.sizesPastCutOffs(in: run.source, within: 2...20_000, limit: 2)
        let written = SourceFacts.stringLiterals(in: run.source).filter { !$0.isEmpty && $0.count <= 64 }.prefix(4).map { "a" + $0 }
        let long = sizes.map { padded("a", $0) }
        // "e.png" and "\u{E9}.png" differ by an accent only: a remove that folds accents forgets
        // the other too, and the index says "not cached" for a file that is (blind round 45b).
        let names = Gen<String>.element(of: ["a.png", "A.png", "a", "a.png@2x", "b", "", " a.png", "c.d.png", "e.png", "\u{E9}.png"]
                                         + written + long)
        // A starting set: nil (no listing yet), empty, one name, or `size` names "n0"… plus "a.png".
        let starts: [Set<String>?] = [nil, [], ["a.png"]] + sizes.map { size in Set((0..<size).map { "n\($0)" } + ["a.png"]) }
        let start = Gen<Int>.int(in: 0...(starts.count - 1))
        let steps = zip(start, start, zip(names, names, names)).flatMap { first, second, picked in
            let name = Gen<String>.element(of: [picked.0, picked.1, picked.2]), index = Gen<Int>.int(in: 0...1)
            let step = Gen<IndexStep>.oneOf([
                zip(index, name).map { .stored(index: $0, name: $1) },
                zip(index, name).map { .removed(index: $0, name: $1) },
                zip(index, name).map { .removed(index: $0, name: $1) },
                index.map { .removedAll(index: $0) },
                zip(index, name).map { .mightContain(index: $0, name: $1) },
            ])
            return step.array(maxCount: 8).map { (starts: [first, second], steps: $0) }
        }
        run.forAll(steps, cases: 1_200, seed: 0x0603) { generated -> CheckMessage? in
            let sets = generated.starts.map { starts[$0] }
            let indexes = sets.map { E(knownNames: $0) }
            var model = sets
            var asked: Set<String> = []
            func shown(_ set: Set<String>?) -> CheckMessage {
                guard let set else { return CheckMessage("nil", ko: "nil") }
                return set.count > 6 ? CheckMessage("\(set.count) names", ko: "이름 \(set.count)개") : CheckMessage(quoted(set), ko: quoted(set))
            }
            let opening = CheckMessage("indexA made with \(shown(sets[0]).english), indexB with \(shown(sets[1]).english)",
                                       ko: "indexA(처음 집합: \(shown(sets[0]).ko)), indexB(처음 집합: \(shown(sets[1]).ko))")
            for (number, step) in generated.steps.enumerated() {
                let which = step.index
                switch step {
                case .stored(_, let name):
                    indexes[which].stored(name)
                    _ = model[which]?.insert(name)
                    asked.insert(name)
                case .removed(_, let name):
                    indexes[which].removed(name)
                    _ = model[which]?.remove(name)
                    asked.insert(name)
                case .removedAll:
                    indexes[which].removedAll()
                    model[which] = []
                case .mightContain(_, let name):
                    asked.insert(name)
                }
                let story = CheckMessage.joined([opening] + generated.steps.prefix(number + 1).map { CheckMessage($0.description, ko: $0.description) },
                                                separator: "; ")
                for (position, index) in indexes.enumerated() {
                    for name in asked.sorted() {
                        let got = index.mightContain(name), wanted = model[position]?.contains(name) ?? true
                        guard got != wanted else { continue }
                        let label = position == 0 ? "indexA" : "indexB"
                        // Three rules, each said only where it applies: an unknown (nil) index stays
                        // unknown until removedAll() (blind round 42 emptied it on removed("") and was
                        // told about stored names).
                        let unknown = model[position] == nil
                        let rule = !wanted
                            ? CheckMessage("a removed name is certainly not cached, whatever the name and the size of the index",
                                           ko: "지운 이름은 이름이 무엇이든, index가 얼마나 크든 캐시에 확실히 없습니다")
                            : unknown
                                ? CheckMessage("\(label) is still nil (it knows nothing: every name is a maybe), and only removedAll() makes it "
                                               + "an empty set; removed(_:) forgets one name of a known set and leaves nil as it is",
                                               ko: "\(label)는 아직 nil입니다 (아는 것이 없으니 모든 이름이 '있을 수도 있음'입니다). 빈 집합으로 만드는 "
                                               + "것은 removedAll()뿐이고, removed(_:)는 아는 집합에서 이름 하나를 잊을 뿐 nil은 그대로 둡니다")
                                : CheckMessage("a stored name is a maybe until it is removed", ko: "저장한 이름은 지우기 전까지 '있을 수도 있음'입니다")
                        return CheckMessage("after \(story.english): \(label).mightContain(\(quoted(name))) is \(got); by the header's rule it is "
                                            + "\(wanted) — \(rule.english)",
                                            ko: "\(story.ko) 뒤: \(label).mightContain(\(quoted(name)))가 \(got)입니다. 헤더의 규칙대로라면 \(wanted)입니다 — "
                                                + "\(rule.ko)")
                    }
                }
            }
            return nil
        }
    }

    /// Many removes on one index — one more than each number the file writes (a "stop forgetting
    /// after N removals, rebuild later" cut-off): each removed name is forgotten at once.
    static func forgetAfterManyRemoves<E: ForgetOnRemoveExercise>(_: E.Type, _ run: CheckRun) {
        for count in SourceFacts.sizesPastCutOffs(in: run.source, within: 2...20_000, limit: 1) {
            let names = (1...count).map { "r\($0).png" }
            let index = E(knownNames: Set(names))
            for (number, name) in names.enumerated() {
                index.removed(name)
                if index.mightContain(name) {
                    run.fail("on an index made with \(count) names, removed(\(quoted(name))) — remove number \(number + 1) — left "
                             + "mightContain(\(quoted(name))) true: every removed name is forgotten, however many removes came before",
                             ko: "이름 \(count)개로 만든 index에서 \(number + 1)번째 remove인 removed(\(quoted(name))) 뒤에도 "
                                 + "mightContain(\(quoted(name)))가 true입니다: 앞서 몇 번을 지웠든, 지운 이름은 모두 잊어야 합니다")
                    return
                }
            }
        }
    }
}

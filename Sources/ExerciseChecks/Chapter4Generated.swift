// Chapter 4's value-level runs: the learner's cache and a model of the header's rules on the same
// generated operations, over keys that are prefixes, case variants and near twins of each other
// ("K1", "K10", "k1", "K1 ", ""). A remove or a reconcile that matches keys loosely (a prefix
// filter, a case-insensitive compare, a trimmed key) takes a neighbour's key with it, and the
// neighbour's value stays in NSCache without its key: the ghost chapter 4 is about.

import ExerciseKit
import Foundation
import WorkbookSupport

extension Chapter4Checks {
    /// Keys that meet in a few steps and differ from each other in the ways loose matching misses.
    static var nearKeys: Gen<String> {
        // "Ke\u{301}" is in NFD only: a remove that normalises the key asks NSCache for another
        // key (Apple's NSString compares UTF-16 units). Never its NFC twin beside it: corelibs'
        // NSCache traps on one key held in both forms.
        // "Ke" and "Ke\u{301}" differ by an accent only: a remove that folds accents takes the
        // other's key too (blind round 45b).
        .oneOf([.element(of: ["K1", "K10", "K", "k1", "", "K1 ", "K1.png", "K1/2", "K11", "Ke\u{301}", "Ke"]), .twin(of: "K1")])
    }

    /// Keys one character past each number the checked file writes ("keys longer than 32 are
    /// rare") and holding each string it writes ("keys with '@' are processor keys"); empty
    /// when it writes none (nil: nothing to add).
    static func writtenKeys(_ source: String?) -> [[String]] {
        let long = SourceFacts.sizesPastCutOffs(in: source, within: 3...65_536, limit: 2).map { padded("K1", $0) }
        let holding = SourceFacts.stringLiterals(in: source).filter { !$0.isEmpty && $0.count <= 64 }.prefix(4).map { "K1" + $0 }
        let all = long + holding
        return all.isEmpty ? [] : [all]
    }

    enum CriticalStep: CustomStringConvertible {
        case store(cache: Int, value: Int, key: String)
        case remove(cache: Int, key: String)
        /// NSCache drops the value on its own; the key stays until someone removes it.
        case evict(cache: Int, key: String)

        var cache: Int {
            switch self { case .store(let cache, _, _), .remove(let cache, _), .evict(let cache, _): cache }
        }

        var description: String {
            let name = cache == 0 ? "cacheA" : "cacheB"
            switch self {
            case .store(_, let value, let key): return "\(name).store(\(value), forKey: \(quoted(key)))"
            case .remove(_, let key): return "\(name).remove(forKey: \(quoted(key)))"
            case .evict(_, let key): return "NSCache of \(name) evicted \(quoted(key))"
            }
        }
    }

    /// Generated: runs of up to 8 stores, removes and evictions on two caches over three near keys;
    /// after each step the keys and every touched key's value are compared with the model.
    static func oneCriticalSectionOnGeneratedRuns<E: OneCriticalSectionExercise>(_: E.Type, _ run: CheckRun) {
        // Keys one past each number your file writes, too (a "long keys are rare, remove them in
        // two steps" cut-off): every remove pauses under the lock, whatever the key.
        let keys = Gen<String>.oneOf([nearKeys] + writtenKeys(run.source).map { Gen<String>.element(of: $0) })
        let runs = zip(keys, keys, keys).flatMap { a, b, c in
            let key = Gen<String>.element(of: [a, b, c]), cache = Gen<Int>.int(in: 0...1)
            return Gen<CriticalStep>.oneOf([
                zip(cache, Gen<Int>.int(in: 1...9), key).map { .store(cache: $0, value: $1, key: $2) },
                zip(cache, key).map { .remove(cache: $0, key: $1) },
                zip(cache, key).map { .evict(cache: $0, key: $1) },
            ]).array(maxCount: 8)
        }
        // Fixed first, so that no seed misses it: two keys that differ by an accent only (a remove
        // that folds accents takes the other's key; blind round 45b).
        let accents: [CriticalStep] = [.store(cache: 0, value: 1, key: "Ke\u{301}"), .store(cache: 0, value: 2, key: "Ke"),
                                       .remove(cache: 0, key: "Ke")]
        if let problem = criticalRun(accents) { run.fail(problem); return }
        run.forAll(runs, cases: 1_500, seed: 0x0401) { criticalRun($0) }

        /// One run of `steps` on two new caches, compared with the model after each step.
        func criticalRun(_ steps: [CriticalStep]) -> CheckMessage? {
            let caches = [E(), E()]
            var keys: [Set<String>] = [[], []], values: [[String: Int]] = [[:], [:]]
            var touched: Set<String> = []
            for (index, step) in steps.enumerated() {
                let which = step.cache
                switch step {
                case .store(_, let value, let key):
                    caches[which].store(value, forKey: key)
                    keys[which].insert(key)
                    values[which][key] = value
                    touched.insert(key)
                case .remove(_, let key):
                    let cache = caches[which]
                    let unlocked = Flag(), valueThere = Flag()
                    let asked = cache.probes.storage.keys(namedBy: { event in
                        if case .remove(let name) = event { name } else { nil }
                    }) {
                        cache.remove(forKey: key, pause: {
                            if !cache.probes.lock.isHeldByCurrentThread { unlocked.set() }
                            if cache.isInStorage(key) { valueThere.set() }
                        })
                    }
                    keys[which].remove(key)
                    values[which][key] = nil
                    let story = steps.prefix(index + 1).map(\.description).joined(separator: "; ")
                    if unlocked.isSet {
                        return CheckMessage("after \(story): pause() ran without the lock held — every remove, whatever its key, takes "
                                            + "the value and the key out in one critical section",
                                            ko: "\(story) 뒤: lock을 잡지 않은 채 pause()가 실행됐습니다 — key가 무엇이든 remove는 값과 key를 "
                                                + "하나의 critical section에서 함께 빼야 합니다")
                    }
                    if let other = asked.first(where: { !sameBytes($0, key) }) {
                        return CheckMessage("after \(story): remove(forKey: \(quoted(key))) asked NSCache to remove \(quoted(other)) — "
                                            + "the value is removed under the key exactly as given (its bytes: Apple's NSString compares "
                                            + "UTF-16 units, so another spelling is another key, and the value stays without its key)",
                                            ko: "\(story) 뒤: remove(forKey: \(quoted(key)))가 NSCache에 \(quoted(other)) 삭제를 요청했습니다 — "
                                                + "값은 주어진 key 그대로(바이트까지 같게) 지워야 합니다. Apple의 NSString은 UTF-16 단위로 "
                                                + "비교하므로 다르게 쓴 key는 다른 key이고, 값은 key 없이 남습니다")
                    }
                    if valueThere.isSet {
                        return CheckMessage("after \(story): when pause() ran the value was still in the cache — remove the value first, "
                                            + "then pause, then the key",
                                            ko: "\(story) 뒤: pause()가 실행될 때 값이 아직 캐시에 있었습니다 — 값을 먼저 지우고, pause를 "
                                                + "부르고, 그다음 key를 지우세요")
                    }
                case .evict(_, let key):
                    caches[which].probes.storage.evict(forKey: key)
                    values[which][key] = nil
                }
                let story = steps.prefix(index + 1).map(\.description).joined(separator: "; ")
                for (number, cache) in caches.enumerated() {
                    let name = number == 0 ? "cacheA" : "cacheB"
                    if cache.keys != keys[number] {
                        return CheckMessage("after \(story): \(name).keys is \(quoted(cache.keys)); by the header's rules it is "
                                            + "\(quoted(keys[number])) — a key is removed exactly as given, and only that key",
                                            ko: "\(story) 뒤: \(name).keys가 \(quoted(cache.keys))입니다. 헤더의 규칙대로라면 "
                                                + "\(quoted(keys[number]))입니다 — key는 주어진 그대로, 그 key 하나만 지워야 합니다")
                    }
                    for key in touched.sorted() {
                        let held = cache.probes.storage.object(forKey: key as NSString)?.intValue
                        if held != values[number][key] {
                            let got = held.map(String.init) ?? "nothing", want = values[number][key].map(String.init) ?? "nothing"
                            return CheckMessage("after \(story): \(name) holds \(got) for \(quoted(key)); by the header's rules it "
                                                + "holds \(want)",
                                                ko: "\(story) 뒤: \(name)에 \(quoted(key))의 값으로 \(got == "nothing" ? "아무것도 없습니다" : got + "이(가) 있습니다"). "
                                                    + "헤더의 규칙대로라면 \(want == "nothing" ? "아무것도 없어야" : want + "이어야") 합니다")
                        }
                    }
                }
            }
            return nil
        }
    }

    /// Expiration dates of generated stores, in seconds after the run's `now` (nil: `.distantFuture`):
    /// an hour ago, in an hour, never, 0.4 s ago, in 0.3 s, in 0.9 s. Fractions, so that a date cut to
    /// whole seconds (rounded, or rounded down) gives another answer (blind round 45).
    static let reconcileLifetimes: [Double?] = [-3_600, 3_600, nil, -0.4, 0.3, 0.9]
    /// When generated runs call removeExpired, in seconds after `now` (nil: `.distantPast`, a call that
    /// expires nothing and only reconciles): at `now`, at 0.6 s, at 0.3 s (exactly when one value
    /// expires: it is expired), two hours later, and `.distantPast` (blind round 45b: evicted keys
    /// dropped only for dates after 1970).
    static let reconcileCleanTimes: [Double?] = [0, 0.6, 0.3, 7_200, nil]
    /// A run's `now`: in the past of any machine's clock (2023-11-14) or in its future (2096): a clean
    /// that trusts `Date()` over the `date` it is given answers otherwise in one of them (blind round 45).
    static let reconcileNows: [(date: Date, code: String)] = [
        (Date(timeIntervalSince1970: 1_700_000_000), "Date(timeIntervalSince1970: 1_700_000_000)"),
        (Date(timeIntervalSinceReferenceDate: 3_000_000_000), "Date(timeIntervalSinceReferenceDate: 3_000_000_000)"),
    ]

    /// `now + 0.3 s`, `now - 1 h`: an offset from the run's `now` as a story shows it.
    static func afterNow(_ seconds: Double) -> String {
        if seconds == 0 { return "now" }
        let size = abs(seconds)
        let amount = size >= 3_600 && size.truncatingRemainder(dividingBy: 3_600) == 0 ? "\(Int(size / 3_600)) h" : "\(size) s"
        return "now \(seconds < 0 ? "-" : "+") \(amount)"
    }

    enum ReconcileStep: CustomStringConvertible {
        /// `lifetime`: an index into `reconcileLifetimes`.
        case store(cache: Int, value: Int, key: String, lifetime: Int)
        case evict(cache: Int, key: String)
        /// `at`: an index into `reconcileCleanTimes`.
        case removeExpired(cache: Int, at: Int)

        var cache: Int {
            switch self { case .store(let cache, _, _, _), .evict(let cache, _), .removeExpired(let cache, _): cache }
        }

        var description: String {
            let name = cache == 0 ? "cacheA" : "cacheB"
            switch self {
            case .store(_, let value, let key, let lifetime):
                let date = reconcileLifetimes[lifetime].map(afterNow) ?? ".distantFuture"
                return "\(name).store(\(value), forKey: \(quoted(key)), expiresAt: \(date))"
            case .evict(_, let key): return "NSCache of \(name) evicted \(quoted(key))"
            case .removeExpired(_, let at): return "\(name).removeExpired(at: \(reconcileCleanTimes[at].map(afterNow) ?? ".distantPast"))"
            }
        }
    }

    /// Generated: runs of up to 8 stores (expired, live, never expiring, some a fraction of a second
    /// from the clean), evictions and removeExpired calls at several dates, on two caches over three
    /// near keys, with `now` in the past or the future of the machine's clock; compared with the
    /// model after each step.
    static func reconcileOnGeneratedRuns<E: ReconcileKeysExercise>(_: E.Type, _ run: CheckRun) {
        // Keys one past each number your file writes, and holding each string it writes, too.
        let keys = Gen<String>.oneOf([nearKeys] + writtenKeys(run.source).map { Gen<String>.element(of: $0) })
        let steps = zip(keys, keys, keys).flatMap { a, b, c in
            let key = Gen<String>.element(of: [a, b, c]), cache = Gen<Int>.int(in: 0...1)
            return Gen<ReconcileStep>.oneOf([
                zip(zip(cache, Gen<Int>.int(in: 1...9)), key, Gen<Int>.int(in: 0...(reconcileLifetimes.count - 1))).map {
                    .store(cache: $0.0, value: $0.1, key: $1, lifetime: $2)
                },
                zip(cache, key).map { .evict(cache: $0, key: $1) },
                zip(cache, Gen<Int>.int(in: 0...(reconcileCleanTimes.count - 1))).map { .removeExpired(cache: $0, at: $1) },
            ]).array(maxCount: 8)
        }
        let runs = zip(Gen<Int>.int(in: 0...(reconcileNows.count - 1)), steps)
        // Fixed first, so that no seed misses it: a key found evicted, then stored again — it is
        // live, and stays in `keys` (an index of "known evicted" keys drops it; blind round 39).
        let again: [ReconcileStep] = [.store(cache: 0, value: 1, key: "K1", lifetime: 2), .evict(cache: 0, key: "K1"),
                                      .removeExpired(cache: 0, at: 0), .store(cache: 0, value: 2, key: "K1", lifetime: 2),
                                      .removeExpired(cache: 0, at: 0)]
        if let problem = reconcileRun(now: 0, again) { run.fail(problem); return }
        run.forAll(runs, cases: 1_500, seed: 0x0402) { now, steps in reconcileRun(now: now, steps) }

        /// One run of `steps` on two new caches, compared with the model after each step.
        func reconcileRun(now nowIndex: Int, _ steps: [ReconcileStep]) -> CheckMessage? {
            let now = reconcileNows[nowIndex].date
            func date(_ seconds: Double?) -> Date { seconds.map(now.addingTimeInterval) ?? .distantFuture }
            let caches = [E(), E()]
            var keys: [Set<String>] = [[], []], held: [[String: (value: Int, expiresAt: Date)]] = [[:], [:]]
            var touched: Set<String> = []
            for (index, step) in steps.enumerated() {
                let which = step.cache
                switch step {
                case .store(_, let value, let key, let lifetime):
                    caches[which].store(value, forKey: key, expiresAt: date(reconcileLifetimes[lifetime]))
                    keys[which].insert(key)
                    held[which][key] = (value, date(reconcileLifetimes[lifetime]))
                    touched.insert(key)
                case .evict(_, let key):
                    caches[which].probes.storage.evict(forKey: key)
                    held[which][key] = nil
                case .removeExpired(_, let at):
                    let cleanAt = reconcileCleanTimes[at].map(now.addingTimeInterval) ?? .distantPast
                    let asked = caches[which].probes.storage.keys(namedBy: { event in
                        switch event {
                        case .lookup(let name), .remove(let name): name
                        default: nil
                        }
                    }) {
                        caches[which].removeExpired(at: cleanAt)
                    }
                    // By bytes: NSString on Apple compares UTF-16 units, so a key looked up in
                    // another spelling is another key there (its value is "gone", its key dropped).
                    if let other = asked.first(where: { name in !keys[which].contains { sameBytes($0, name) } }) {
                        let story = "(now = \(reconcileNows[nowIndex].code)) " + steps.prefix(index + 1).map(\.description).joined(separator: "; ")
                        let known = quoted(keys[which])
                        return CheckMessage("after \(story): removeExpired asked NSCache about \(quoted(other)), which is not one of the keys "
                                            + "\(known) as they were stored (byte for byte) — look each key up exactly as it is in `keys`",
                                            ko: "\(story) 뒤: removeExpired가 NSCache에 \(quoted(other)) key를 물었는데, 이것은 저장된 그대로의(바이트까지 같은) "
                                                + "key \(known) 중 어느 것도 아닙니다 — 각 key는 `keys`에 있는 그대로 조회하세요")
                    }
                    for key in keys[which] {
                        guard let item = held[which][key] else { keys[which].remove(key); continue }
                        if item.expiresAt <= cleanAt {
                            keys[which].remove(key)
                            held[which][key] = nil
                        }
                    }
                }
                let story = "(now = \(reconcileNows[nowIndex].code)) " + steps.prefix(index + 1).map(\.description).joined(separator: "; ")
                for (number, cache) in caches.enumerated() {
                    let name = number == 0 ? "cacheA" : "cacheB"
                    if cache.keys != keys[number] {
                        return CheckMessage("after \(story): \(name).keys is \(quoted(cache.keys)); by the header's rules it is "
                                            + "\(quoted(keys[number])) — removeExpired drops the key of each evicted or expired value, "
                                            + "exactly that key, and no other",
                                            ko: "\(story) 뒤: \(name).keys가 \(quoted(cache.keys))입니다. 헤더의 규칙대로라면 "
                                                + "\(quoted(keys[number]))입니다 — removeExpired는 퇴출되거나 만료된 값의 key를, "
                                                + "그 key만 정확히 지워야 합니다")
                    }
                    for key in touched.sorted() where cache.isInStorage(key) != (held[number][key] != nil) {
                        let has = cache.isInStorage(key)
                        return CheckMessage("after \(story): \(quoted(key)) is \(has ? "" : "not ")in \(name)'s cache; by the header's "
                                            + "rules it is \(has ? "not" : "still") there",
                                            ko: "\(story) 뒤: \(name)의 캐시에 \(quoted(key))가 \(has ? "있습니다" : "없습니다"). "
                                                + "헤더의 규칙대로라면 \(has ? "없어야" : "있어야") 합니다")
                    }
                }
            }
            return nil
        }
    }
}

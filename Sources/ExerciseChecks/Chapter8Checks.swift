// Chapter 8's checks: ImageCache's lookup order, and a synchronous read that is safe from anywhere.

import Dispatch
import ExerciseKit
import WorkbookSupport
import Foundation

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

/// Where a lookup found its value (Kingfisher's `CacheType`).
public enum LookupSource: String, Sendable, Equatable {
    case memory, disk, none
}

/// A lookup's result in the exercise's words: "\"Pixels-2\" from disk", "a miss" — not Swift's
/// description of the tuple (`(value: Optional("Pixels-2"), source: ExerciseChecks.LookupSource.disk)`).
func lookup(_ result: (value: String?, source: LookupSource)) -> CheckMessage {
    switch (result.value, result.source) {
    case (nil, .none): return CheckMessage("a miss", ko: "미스")
    case (let value?, .none): return CheckMessage("\"\(value)\" with source .none", ko: "source가 .none인 \"\(value)\"")
    case (let value?, let source):
        return CheckMessage("\"\(value)\" from \(source)", ko: "\(source == .memory ? "메모리" : "디스크")에서 가져온 \"\(value)\"")
    case (nil, let source): return CheckMessage("no value, with source .\(source)", ko: "값 없이 source .\(source)")
    }
}

public protocol WarmMemoryExercise: AnyObject, Sendable {
    init()
    /// Stores under the computed key, in memory and on disk.
    func store(_ value: String, forKey key: String, processorIdentifier: String)
    func retrieve(forKey key: String, processorIdentifier: String, fromMemoryCacheOrRefresh: Bool) -> (value: String?, source: LookupSource)
    var probes: (memory: WatchedCache<NSString>, disk: CountingDisk) { get }
}

public protocol SyncReadExercise: AnyObject, Sendable {
    init()
    /// Writes on `ioQueue`, later.
    func store(_ value: String, forKey key: String)
    /// Reads from disk and calls `completion` with the value: on `ioQueue` by default; with
    /// `synchronously`, on the calling thread before returning, whichever thread (or queue) calls.
    func retrieve(forKey key: String, synchronously: Bool, completion: @escaping @Sendable (String?) -> Void)
    /// Returns when every write queued so far is done.
    func waitForWrites()
    var probes: (ioQueue: WatchedQueue, disk: CountingDisk) { get }
}

// MARK: The checks

public enum Chapter8Checks {
    /// 08-warm-memory: memory first; then disk, unless `fromMemoryCacheOrRefresh`; a disk hit is
    /// put in memory under the computed key. Every call is checked for what it did on its way
    /// (lookups, reads, writes counted), not only for the value it returned.
    public static func warmMemory<E: WarmMemoryExercise>(_: E.Type, _ run: CheckRun) {
        let cache = E()
        let (memory, disk) = cache.probes
        let lookups = Tally(), sets = Tally()
        memory.watch { event in
            switch event {
            case .lookup: lookups.add()
            case .set: sets.add()
            default: break
            }
        }
        /// What `body` did: memory lookups and sets, disk reads and writes.
        func traced<T>(_ body: () -> T) -> (result: T, lookups: Int, sets: Int, reads: Int, writes: Int) {
            let before = (lookups.value, sets.value, disk.reads, disk.writes)
            let result = body()
            return (result, lookups.value - before.0, sets.value - before.1, disk.reads - before.2, disk.writes - before.3)
        }
        // Mixed case on purpose: keys and processor identifiers are used exactly as given.
        let key = "Photos/A.png", processor = "Round(8)", computed = "Photos/A.png@Round(8)"

        // 1. A store writes memory and disk once each, under the computed key, and reads nothing.
        let store = traced { cache.store("Pixels-1", forKey: key, processorIdentifier: processor) }
        run.expect(store.sets == 1 && store.writes == 1, "store wrote memory \(store.sets) and disk \(store.writes) times: once each",
                   ko: "store가 메모리에 \(store.sets)번, 디스크에 \(store.writes)번 썼습니다: 각각 한 번씩이어야 합니다")
        run.expect(store.lookups == 0 && store.reads == 0, "store looked up memory \(store.lookups) and read disk \(store.reads) times: "
                   + "a store only writes (whatever is there is replaced)",
                   ko: "store가 메모리를 \(store.lookups)번 조회하고 디스크를 \(store.reads)번 읽었습니다: "
                       + "store는 쓰기만 합니다 (이미 있던 값은 교체됩니다)")
        run.expect(memory.contains(computed) && disk.contents(of: computed) == "Pixels-1",
                   "store must put the value in memory and on disk under the computed key \"\(computed)\"",
                   ko: "store는 값을 메모리와 디스크 모두에 computed key(\"\(computed)\")로 저장해야 합니다")
        guard run.passed else { memory.watch(nil); return }

        // 2. A memory hit: one lookup, no disk read, no write; with fromMemoryCacheOrRefresh too.
        let hit = traced { cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false) }
        run.expect(hit.result.value == "Pixels-1" && hit.result.source == .memory, "right after a store the value is in memory (got \(lookup(hit.result)))",
                   ko: "store 직후에는 값이 메모리에 있어야 합니다 (결과: \(lookup(hit.result).ko))")
        run.expect(hit.lookups == 1 && hit.reads == 0 && hit.sets == 0,
                   "a memory hit made \(hit.lookups) memory lookups, \(hit.reads) disk reads and \(hit.sets) memory writes: one lookup, nothing else",
                   ko: "메모리 히트 한 번에 메모리 조회 \(hit.lookups)번, 디스크 읽기 \(hit.reads)번, 메모리 쓰기 \(hit.sets)번이 일어났습니다: "
                       + "조회 한 번뿐이어야 합니다")
        let refreshHit = cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: true)
        run.expect(refreshHit.value == "Pixels-1" && refreshHit.source == .memory,
                   "with fromMemoryCacheOrRefresh a memory hit is still a hit (got \(lookup(refreshHit))): the option only skips the disk",
                   ko: "fromMemoryCacheOrRefresh가 true여도 메모리 히트는 그대로 히트입니다 (결과: \(lookup(refreshHit).ko)): 이 옵션은 디스크만 건너뜁니다")

        // 3. Storing again replaces the value, in memory and on disk.
        cache.store("Pixels-2", forKey: key, processorIdentifier: processor)
        let replaced = cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false)
        run.expect(replaced.value == "Pixels-2", "after storing \"Pixels-2\" over \"Pixels-1\" the lookup gave \(lookup(replaced)): a store replaces the value",
                   ko: "\"Pixels-1\" 위에 \"Pixels-2\"를 store한 뒤 조회 결과가 \(lookup(replaced).ko)입니다: store는 값을 교체합니다")
        run.expect(disk.contents(of: computed) == "Pixels-2", "after storing \"Pixels-2\" over \"Pixels-1\" the disk holds "
                   + "\(disk.contents(of: computed).map { "\"\($0)\"" } ?? "nothing"): a store replaces the value on disk too",
                   ko: "\"Pixels-1\" 위에 \"Pixels-2\"를 store한 뒤 디스크에 있는 값: "
                       + "\(disk.contents(of: computed).map { "\"\($0)\"" } ?? "없음"). store는 디스크의 값도 교체합니다")
        guard run.passed else { memory.watch(nil); return }

        // 4. Memory forgot it (a memory warning): with fromMemoryCacheOrRefresh, a miss without the disk.
        memory.evict(forKey: computed)
        let refresh = traced { cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: true) }
        run.expect(refresh.result.value == nil && refresh.result.source == .none,
                   "with fromMemoryCacheOrRefresh a memory miss is a miss (got \(lookup(refresh.result))): the caller will download afresh",
                   ko: "fromMemoryCacheOrRefresh가 true이면 메모리 미스가 곧 미스입니다 (결과: \(lookup(refresh.result).ko)): 호출한 쪽이 새로 다운로드합니다")
        run.expect(refresh.reads == 0, "with fromMemoryCacheOrRefresh the disk must not be read",
                   ko: "fromMemoryCacheOrRefresh가 true이면 디스크를 읽으면 안 됩니다")

        // 5. A disk hit: one lookup, one read, memory warmed once under the computed key.
        let fromDisk = traced { cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false) }
        run.expect(fromDisk.result.value == "Pixels-2" && fromDisk.result.source == .disk,
                   "after memory forgot it, the value comes from disk (got \(lookup(fromDisk.result)))",
                   ko: "메모리가 값을 잊은 뒤에는 값이 디스크에서 와야 합니다 (결과: \(lookup(fromDisk.result).ko))")
        // A second lookup just before warming ("only if memory still has nothing", the guard
        // KFDCache's own readDisk keeps against overwriting a newer value) is allowed.
        run.expect((1...2).contains(fromDisk.lookups) && fromDisk.reads == 1 && fromDisk.sets == 1 && fromDisk.writes == 0,
                   "a disk hit made \(fromDisk.lookups) memory lookups, \(fromDisk.reads) disk reads, \(fromDisk.sets) memory writes "
                   + "and \(fromDisk.writes) disk writes: one of each (a second memory lookup just before warming is allowed), and no disk write",
                   ko: "디스크 히트 한 번에 메모리 조회 \(fromDisk.lookups)번, 디스크 읽기 \(fromDisk.reads)번, 메모리 쓰기 \(fromDisk.sets)번, "
                       + "디스크 쓰기 \(fromDisk.writes)번이 일어났습니다: 메모리 조회, 디스크 읽기, 메모리 쓰기가 한 번씩이고(워밍 직전의 두 번째 "
                       + "메모리 조회는 허용됩니다) 디스크 쓰기는 없어야 합니다")
        run.expect(memory.contains(computed), "a disk hit must warm memory under the computed key \"\(computed)\"",
                   ko: "디스크 히트는 computed key(\"\(computed)\")로 메모리를 워밍해야 합니다")
        run.expect(!memory.contains(key), "memory was warmed under the plain key: processed images are stored under key@processor",
                   ko: "메모리를 processor가 붙지 않은 key로 워밍했습니다: processor를 거친 이미지는 key@processor로 저장합니다")
        let again = cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false)
        run.expect(again.source == .memory, "the lookup after a disk hit must be a memory hit (got \(again.source))",
                   ko: "디스크 히트 다음의 조회는 메모리 히트여야 합니다 (결과: \(again.source))")

        // 5b. Forgotten again (NSCache evicts whenever it likes): the next lookup reads the disk
        // once more and warms memory again — every disk hit warms, not only a key's first.
        memory.evict(forKey: computed)
        let fromDiskAgain = traced { cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false) }
        run.expect(fromDiskAgain.result.value == "Pixels-2" && fromDiskAgain.result.source == .disk && fromDiskAgain.reads == 1,
                   "after memory forgot \"\(computed)\" a second time, the lookup gave \(lookup(fromDiskAgain.result)) with "
                   + "\(fromDiskAgain.reads) disk reads: a memory miss reads the disk, once, however often the key was read before",
                   ko: "메모리가 \"\(computed)\" 항목을 두 번째로 잊은 뒤의 조회 결과는 \(lookup(fromDiskAgain.result).ko), 디스크 읽기 "
                   + "\(fromDiskAgain.reads)번입니다: 메모리 미스는 그 key를 전에 몇 번 읽었든 디스크를 한 번 읽습니다")
        run.expect(fromDiskAgain.sets == 1 && memory.contains(computed),
                   "the second disk hit on \"\(computed)\" wrote memory \(fromDiskAgain.sets) times: every disk hit warms memory, "
                   + "not only a key's first (NSCache may evict it again at any time)",
                   ko: "\"\(computed)\"의 두 번째 디스크 히트가 메모리에 \(fromDiskAgain.sets)번 썼습니다: 메모리 워밍은 그 key의 "
                   + "첫 디스크 히트만이 아니라 디스크 히트 때마다 합니다 (NSCache는 언제든 다시 퇴출할 수 있습니다)")

        // 6. No processor: the key itself. A key never stored: a miss, one lookup, one read.
        cache.store("Plain", forKey: key, processorIdentifier: "")
        run.expect(memory.contains(key) && disk.contents(of: key) == "Plain", "with no processor the computed key is the key itself",
                   ko: "processor가 없으면 computed key는 key 그대로입니다")
        let miss = traced { cache.retrieve(forKey: "Never", processorIdentifier: "", fromMemoryCacheOrRefresh: false) }
        run.expect(miss.result.value == nil && miss.result.source == .none, "a key never stored is a miss (got \(lookup(miss.result)))",
                   ko: "store한 적 없는 key는 미스입니다 (결과: \(lookup(miss.result).ko))")
        run.expect(miss.lookups == 1 && miss.reads == 1 && miss.sets == 0, "a miss made \(miss.lookups) memory lookups, "
                   + "\(miss.reads) disk reads and \(miss.sets) memory writes: one lookup and one read, nothing written",
                   ko: "미스 한 번에 메모리 조회 \(miss.lookups)번, 디스크 읽기 \(miss.reads)번, 메모리 쓰기 \(miss.sets)번이 일어났습니다: "
                       + "조회 한 번과 읽기 한 번뿐이고, 쓰는 것은 없어야 합니다")
        memory.watch(nil)
        guard run.passed else { return }

        // 7. A second cache, the same entry: its own disk hit warms its own memory, whatever the
        // first cache did with that key.
        let second = E()
        second.store("Other", forKey: key, processorIdentifier: processor)
        second.probes.memory.evict(forKey: computed)
        let secondHit = second.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false)
        let warmed = second.probes.memory.contains(computed)
        run.expect(secondHit.value == "Other" && warmed,
                   "a second cache's disk hit on \"\(computed)\" (the first cache had already warmed that key) gave \(lookup(secondHit)) "
                   + "and \(warmed ? "warmed" : "did not warm") its memory: each cache warms its own memory on every disk hit",
                   ko: "두 번째 캐시에서 \"\(computed)\" key로 디스크 히트가 났을 때(첫 번째 캐시는 이미 그 key로 메모리를 워밍함) 결과는 "
                       + "\(lookup(secondHit).ko), 메모리 워밍 여부: \(warmed). 각 캐시는 디스크 히트가 날 때마다 자기 메모리를 워밍해야 합니다")
        if run.passed { valuesComeBackAsStored(E.self, run) }
        if run.passed { decomposedKeyKept(E.self, run) }
        if run.passed { warmMemoryOnGeneratedRuns(E.self, run) }
    }

    /// A key in NFD ("e" and a combining accent) is used as it is, byte for byte: Apple's NSString
    /// compares UTF-16 units, so a memory key normalised to NFC ("\u{E9}") is another key there and
    /// every lookup misses. Linux's corelibs NSCache takes the two for one key, so the check reads
    /// the keys of the memory calls themselves. The entry is dropped from memory before the lookup
    /// (only one form is ever in the cache: corelibs traps on two canonically equal keys).
    static func decomposedKeyKept<E: WarmMemoryExercise>(_: E.Type, _ run: CheckRun) {
        let cache = E()
        let key = "e\u{301}.png", processor = "Round(8)", computed = "e\u{301}.png@Round(8)"
        let events = Guarded<[(call: String, key: String)]>([])
        cache.probes.memory.watch { event in
            switch event {
            case .lookup(let name): events.withLock { $0.append(("looked up", name)) }
            case .set(let name, _): events.withLock { $0.append(("set", name)) }
            default: break
            }
        }
        cache.store("Pixels", forKey: key, processorIdentifier: processor)
        cache.probes.memory.evict(forKey: computed)
        _ = cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: false)
        cache.probes.memory.watch(nil)
        guard let wrong = events.withLock({ $0 }).first(where: { !sameBytes($0.key, computed) }) else { return }
        let calls = "cache.store(\"Pixels\", forKey: \"e\\u{301}.png\", processorIdentifier: \"Round(8)\"); memory dropped it; "
            + "cache.retrieve(forKey: \"e\\u{301}.png\", processorIdentifier: \"Round(8)\", fromMemoryCacheOrRefresh: false)"
        run.fail("\(calls): memory was \(wrong.call) under \(quoted(wrong.key)), not under the computed key \(quoted(computed)) byte for byte — "
                 + "a key is used exactly as given (on Apple platforms NSString compares UTF-16 units, so \"e\\u{301}\" and \"\\u{E9}\" "
                 + "are two keys there, and a normalised memory key misses every time)",
                 ko: "\(calls): 메모리를 computed key \(quoted(computed)) 대신 \(quoted(wrong.key)) key로 "
                     + "\(wrong.call == "set" ? "썼습니다" : "조회했습니다") — key는 바이트 하나까지 주어진 그대로 씁니다 (Apple 플랫폼의 NSString은 "
                     + "UTF-16 단위로 비교하므로 \"e\\u{301}\"과 \"\\u{E9}\"는 서로 다른 key이고, 정규화한 메모리 key로는 매번 미스가 납니다)")
    }

    /// Values padded or holding line breaks of either kind, under keys that a URL decoder or a
    /// cutter would merge: all stored, all dropped from memory, then each looked up twice — from
    /// disk, then from the memory that lookup warmed. Each must come back byte for byte, under its own key.
    static func valuesComeBackAsStored<E: WarmMemoryExercise>(_: E.Type, _ run: CheckRun) {
        let cache = E()
        let entries = [("a%20b.png", " v1"), ("a b.png", "v1 "), ("100%", "v1\n"), ("100%25", "v\r\n2"),
                       ("a.png?w=1", "\r\n"), ("a.png#1", "\t")]
        for (key, value) in entries { cache.store(value, forKey: key, processorIdentifier: "") }
        for (key, _) in entries { cache.probes.memory.evict(forKey: key) }
        let stored = entries.map { "cache.store(\(quoted($0.1)), forKey: \(quoted($0.0)), processorIdentifier: \"\")" }.joined(separator: "; ")
        for (key, value) in entries {
            for (which, source) in [(CheckMessage("the lookup", ko: "조회"), LookupSource.disk),
                                    (CheckMessage("the lookup after it", ko: "그다음 조회"), LookupSource.memory)] {
                let got = cache.retrieve(forKey: key, processorIdentifier: "", fromMemoryCacheOrRefresh: false)
                guard !(got.source == source && got.value.map({ sameBytes($0, value) }) == true) else { continue }
                let expected = "(\(quoted(value)), .\(source.rawValue))"
                let shown = "(\(got.value.map { quoted($0) } ?? "nil"), .\(got.source.rawValue))"
                // The right value from the wrong place is about the key memory was warmed under,
                // not about the value; a wrong value is about the value.
                let rightValue = got.value.map { sameBytes($0, value) } == true
                let why = rightValue
                    ? CheckMessage("the value is right, but it came from \(got.source.rawValue): the disk hit before it warms memory under "
                                   + "the computed key, which with no processor is the key itself (\(quoted(key)), nothing added)",
                                   ko: "값은 맞지만 \(got.source.rawValue)에서 왔습니다: 그 앞의 디스크 히트는 computed key로 메모리를 "
                                       + "워밍하는데, processor가 없으면 computed key는 key 그 자체입니다 (\(quoted(key)), 아무것도 덧붙이지 않음)")
                    : CheckMessage("a value comes back exactly as it was stored, from disk and from the memory a disk hit warms, under its "
                                   + "own computed key (nothing trimmed, re-lined or decoded)",
                                   ko: "값은 디스크에서든, 디스크 히트가 워밍한 메모리에서든 저장한 그대로, 자기 computed key로 돌아옵니다 "
                                       + "(잘라 내거나, 줄바꿈을 바꾸거나, 디코딩하지 않습니다)")
                run.fail("after \(stored), and memory dropping them all (as NSCache may), \(which.english) of \(quoted(key)) returned "
                         + "\(shown); the reference returns \(expected): \(why.english)",
                         ko: "\(stored) 뒤에 메모리가 그것을 모두 잊었을 때(NSCache가 그럴 수 있듯이) \(quoted(key))의 \(which.ko) 결과가 "
                             + "\(shown)입니다. 기준 구현은 \(expected)입니다: \(why.ko)")
                return
            }
        }
    }

    /// One step of a generated run on two caches.
    enum WarmStep: CustomStringConvertible {
        case store(cache: Int, value: String, key: String, processor: String)
        case retrieve(cache: Int, key: String, processor: String, refresh: Bool)
        /// NSCache drops the entry on its own (a memory warning).
        case evict(cache: Int, key: String, processor: String)

        var cache: Int {
            switch self {
            case .store(let cache, _, _, _), .retrieve(let cache, _, _, _), .evict(let cache, _, _): return cache
            }
        }

        var description: String {
            let name = cache == 0 ? "cacheA" : "cacheB"
            switch self {
            case .store(_, let value, let key, let processor):
                return "\(name).store(\(quoted(value)), forKey: \(quoted(key)), processorIdentifier: \(quoted(processor)))"
            case .retrieve(_, let key, let processor, let refresh):
                return "\(name).retrieve(forKey: \(quoted(key)), processorIdentifier: \(quoted(processor)), fromMemoryCacheOrRefresh: \(refresh))"
            case .evict(_, let key, let processor):
                return "memory of \(name) dropped \(quoted(processor.isEmpty ? key : key + "@" + processor)) (as NSCache may)"
            }
        }

        /// The step in both languages (a call reads the same in each).
        var message: CheckMessage {
            guard case .evict(_, let key, let processor) = self else { return CheckMessage(description, ko: description) }
            let name = cache == 0 ? "cacheA" : "cacheB"
            return CheckMessage("memory of \(name) dropped \(quoted(processor.isEmpty ? key : key + "@" + processor)) (as NSCache may)",
                                ko: "\(name)의 메모리에서 \(quoted(processor.isEmpty ? key : key + "@" + processor)) 항목이 사라짐 (NSCache가 그럴 수 있듯이)")
        }
    }

    /// What a caller and the probes see of one step: the result, then each probe's calls in order.
    struct WarmTrace: Equatable {
        var value: String?, source: LookupSource?
        var memory: [WatchedCache<NSString>.Event] = [], reads: [String] = [], writes: [String] = []
    }

    /// The header's rule on a model of one cache (two dictionaries), step by step.
    struct WarmModel {
        var memory: [String: String] = [:], disk: [String: String] = [:]

        mutating func apply(_ step: WarmStep) -> WarmTrace {
            func computed(_ key: String, _ processor: String) -> String { processor.isEmpty ? key : key + "@" + processor }
            var trace = WarmTrace()
            switch step {
            case .store(_, let value, let key, let processor):
                let name = computed(key, processor)
                memory[name] = value
                disk[name] = value
                trace.memory = [.set(name, cost: 0)]
                trace.writes = [name]
            case .retrieve(_, let key, let processor, let refresh):
                let name = computed(key, processor)
                trace.memory = [.lookup(name)]
                if let hit = memory[name] {
                    (trace.value, trace.source) = (hit, .memory)
                } else if refresh {
                    trace.source = LookupSource.none
                } else {
                    trace.reads = [name]
                    if let found = disk[name] {
                        memory[name] = found
                        trace.memory.append(.set(name, cost: 0))
                        (trace.value, trace.source) = (found, .disk)
                    } else {
                        trace.source = LookupSource.none
                    }
                }
            case .evict(_, let key, let processor):
                memory[computed(key, processor)] = nil
            }
            return trace
        }
    }

    /// Generated: runs of up to 10 steps on two caches — stores, lookups with and without
    /// fromMemoryCacheOrRefresh, and NSCache dropping entries, with values short, empty and up to
    /// 4096 characters long — over keys and processor
    /// identifiers that collide when computed carelessly ("a.png@" + "" against "a.png" + "",
    /// "a" + "b@c" against "a@b" + "c", other case, a space). After each step, compared with the
    /// header's rule on a model: the result and where it came from, every memory lookup and write
    /// and every disk read and write with its key, and what each cache's memory and disk hold.
    static func warmMemoryOnGeneratedRuns<E: WarmMemoryExercise>(_: E.Type, _ run: CheckRun) {
        // Keys as URLs hold them too: "a%20b.png" and "a b.png" are two keys, and "100%" cannot be decoded.
        let baseKeys = ["a.png", "a.png@", "A.png", "", "a", "a@b", "a.png@Round(8)", "b", " a.png",
                        "a%20b.png", "a b.png", "100%", "100%25"]
        let baseProcessors = ["", "Round(8)", "round(8)", " ", "b@c", "@"]
        // Values short, empty (a value, not a miss), long (3 to 4096 characters: warming cannot
        // depend on a value's size), and padded or with line breaks of either kind: what was stored
        // comes back, from disk and from memory, byte for byte.
        let baseValues = ["v1", "v2", "", " v1", "v2 ", "v1\n", "v\r\n2", "\r\n", "\t"]
        // The second pass adds keys ending in "/", with CRLF or NUL, the strings your file writes
        // (as keys and identifiers), a value with NUL and values one past each number it writes
        // ("values over 64 KiB are not warmed"). Not "e\u{301}" beside "\u{E9}": corelibs' NSCache
        // on Linux takes the two for one key (NSString's isEqual there is Swift's canonical ==;
        // Apple's compares UTF-16 units), and its NSCacheKey then traps on "duplicate keys" — the
        // outcome would be the platform's.
        let written = SourceFacts.stringLiterals(in: run.source).filter { $0.count <= 200 }
        let past = SourceFacts.sizesPastCutOffs(in: run.source, within: 2...(16 << 20), limit: 2).map { String(repeating: "v", count: $0) }
        let passes: [(keys: [String], processors: [String], values: [String], cases: Int, seed: UInt64)] = [
            (baseKeys, baseProcessors, baseValues, 2_500, 0x0801),
            (baseKeys + ["a.png/", "a\r\n.png", "a\u{0}b.png"] + written, baseProcessors + written, baseValues + ["v\u{0}1"] + past, 1_500, 0x0811),
        ]
        // Each value one past a number your file writes, stored, dropped from memory, read back
        // from disk: a fixed case, so that no seed can miss the cut-off it tests.
        for value in past {
            let key = "a.png"
            let steps: [WarmStep] = [.store(cache: 0, value: value, key: key, processor: ""), .evict(cache: 0, key: key, processor: ""),
                                     .retrieve(cache: 0, key: key, processor: "", refresh: false),
                                     .retrieve(cache: 0, key: key, processor: "", refresh: false)]
            if let problem = warmRun(E.self, steps) { run.fail(problem); return }
        }
        for pass in passes {
            guard run.passed else { return }
            warmRuns(E.self, run, keys: pass.keys, processors: pass.processors, values: pass.values, cases: pass.cases, seed: pass.seed)
        }
    }

    static func warmRuns<E: WarmMemoryExercise>(_: E.Type, _ run: CheckRun, keys keyList: [String], processors processorList: [String],
                                                values valueList: [String], cases: Int, seed: UInt64) {
        let keys = Gen<String>.element(of: keyList), processors = Gen<String>.element(of: processorList)
        let value = Gen<String>.oneOf([.element(of: valueList), Gen<Int>.int(in: 3...4_096).map { String(repeating: "v", count: $0) }])
        // Each run picks two keys and two identifiers and uses only those, so that its steps meet
        // (a store, then a drop, then a lookup of the same entry) in a few steps.
        let run2 = zip(zip(keys, keys), zip(processors, processors)).flatMap { keys, processors in
            let key = Gen<String>.element(of: [keys.0, keys.1]), processor = Gen<String>.element(of: [processors.0, processors.1])
            let cache = Gen<Int>.int(in: 0...1)
            return Gen<WarmStep>.oneOf([
                zip(cache, Gen<Bool>.bool, zip(key, processor)).map { .retrieve(cache: $0, key: $2.0, processor: $2.1, refresh: $1) },
                zip(cache, value, zip(key, processor)).map {
                    .store(cache: $0, value: $1, key: $2.0, processor: $2.1)
                },
                zip(cache, key, processor).map { .evict(cache: $0, key: $1, processor: $2) },
            ]).array(maxCount: 10)
        }
        run.forAll(run2, cases: cases, seed: seed) { steps in warmRun(E.self, steps) }
    }

    /// One run of `steps` on two new caches, compared with the model after each step: what is
    /// wrong, or nil.
    static func warmRun<E: WarmMemoryExercise>(_: E.Type, _ steps: [WarmStep]) -> CheckMessage? {
        let caches = [E(), E()]
        var models = [WarmModel(), WarmModel()]
        let events = Guarded<[WatchedCache<NSString>.Event]>([])
        let reads = Guarded<[String]>([]), writes = Guarded<[String]>([])
        for cache in caches {
            cache.probes.memory.watch { event in events.withLock { $0.append(event) } }
            cache.probes.disk.watchReads { name in reads.withLock { $0.append(name) } }
            cache.probes.disk.watchWrites { name in writes.withLock { $0.append(name) } }
        }
        defer {
            for cache in caches {
                cache.probes.memory.watch(nil)
                cache.probes.disk.watchReads(nil)
                cache.probes.disk.watchWrites(nil)
            }
        }
        var touched: Set<String> = []
        for (index, step) in steps.enumerated() {
            events.withLock { $0 = [] }
            reads.withLock { $0 = [] }
            writes.withLock { $0 = [] }
            let cache = caches[step.cache]
            var got = WarmTrace()
            switch step {
            case .store(_, let value, let key, let processor):
                cache.store(value, forKey: key, processorIdentifier: processor)
            case .retrieve(_, let key, let processor, let refresh):
                (got.value, got.source) = cache.retrieve(forKey: key, processorIdentifier: processor, fromMemoryCacheOrRefresh: refresh)
            case .evict(_, let key, let processor):
                cache.probes.memory.evict(forKey: processor.isEmpty ? key : key + "@" + processor)
            }
            got.memory = Self.withoutGuardLookup(events.withLock { $0 }.map { if case .set(let name, _) = $0 { return .set(name, cost: 0) } else { return $0 } })
            got.reads = reads.withLock { $0 }
            got.writes = writes.withLock { $0 }
            let expected = models[step.cache].apply(step)
            // Only a failing step is told, so the story of the steps is written only then.
            var story: CheckMessage { CheckMessage.joined(steps.prefix(index + 1).map(\.message), separator: "; ") }
            if got != expected {
                return CheckMessage("after \(story.english): \(describe(got, step).english); the reference \(describe(expected, step).english)",
                                    ko: "\(story.ko) 뒤: \(describe(got, step).ko). 기준 구현: \(describe(expected, step).ko)")
            }
            for case .set(let name, _) in expected.memory { touched.insert(name) }
            touched.formUnion(expected.writes)
            for (which, cache) in caches.enumerated() {
                let label = which == 0 ? "cacheA" : "cacheB"
                for name in touched.sorted() {
                    let inMemory = cache.probes.memory.contains(name), onDisk = cache.probes.disk.contents(of: name)
                    let shouldBeInMemory = models[which].memory[name] != nil, shouldBeOnDisk = models[which].disk[name]
                    if inMemory != shouldBeInMemory || onDisk != shouldBeOnDisk {
                        return CheckMessage("after \(story.english): \(label) holds \(quoted(name)) "
                            + "\(inMemory ? "in memory" : "not in memory") and \(onDisk.map { "as \(quoted($0)) on disk" } ?? "not on disk"); "
                            + "the reference: \(shouldBeInMemory ? "in memory" : "not in memory") and "
                            + "\(shouldBeOnDisk.map { "as \(quoted($0)) on disk" } ?? "not on disk")",
                            ko: "\(story.ko) 뒤에 \(label)에서 \(quoted(name)) 항목은 \(inMemory ? "메모리에 있고" : "메모리에 없고") "
                            + "\(onDisk.map { "디스크에 \(quoted($0)) 값으로 있습니다" } ?? "디스크에 없습니다"). "
                            + "기준 구현: \(shouldBeInMemory ? "메모리에 있고" : "메모리에 없고") "
                            + "\(shouldBeOnDisk.map { "디스크에 \(quoted($0)) 값으로 있습니다" } ?? "디스크에 없습니다")")
                    }
                }
            }
        }
        return nil
    }

    /// A disk hit's memory calls with a guard's lookup left out: `lookup(k), lookup(k), set(k)`
    /// reads as `lookup(k), set(k)` — looking again just before warming ("only if memory still
    /// has nothing") changes nothing a caller sees.
    static func withoutGuardLookup(_ events: [WatchedCache<NSString>.Event]) -> [WatchedCache<NSString>.Event] {
        guard events.count == 3, case .lookup(let first) = events[0], case .lookup(let second) = events[1],
              case .set(let warmed, _) = events[2], sameBytes(first, second), sameBytes(second, warmed) else { return events }
        return [events[0], events[2]]
    }

    /// One step's trace as a sentence: what it returned, then what it did on its way.
    static func describe(_ trace: WarmTrace, _ step: WarmStep) -> CheckMessage {
        var parts: [CheckMessage] = []
        if case .retrieve = step {
            parts.append(CheckMessage("returned (\(trace.value.map { quoted($0) } ?? "nil"), .\(trace.source?.rawValue ?? "none"))",
                                      ko: "결과 (\(trace.value.map { quoted($0) } ?? "nil"), .\(trace.source?.rawValue ?? "none"))"))
        }
        let memory = trace.memory.map { event -> CheckMessage in
            switch event {
            case .lookup(let name): return CheckMessage("looked up \(quoted(name))", ko: "\(quoted(name)) 조회")
            case .set(let name, _): return CheckMessage("set \(quoted(name))", ko: "\(quoted(name)) 쓰기")
            case .remove(let name): return CheckMessage("removed \(quoted(name))", ko: "\(quoted(name)) 제거")
            case .removeAll: return CheckMessage("removed everything", ko: "전부 제거")
            case .limits: return CheckMessage("changed the limits", ko: "limit 변경")
            }
        }
        // nil when there were none (each language says so in its own words).
        let reads = trace.reads.isEmpty ? nil : trace.reads.map { quoted($0) }.joined(separator: ", ")
        let writes = trace.writes.isEmpty ? nil : trace.writes.map { quoted($0) }.joined(separator: ", ")
        parts.append(CheckMessage("memory: ", ko: "메모리: ")
                     + (memory.isEmpty ? CheckMessage("untouched", ko: "건드리지 않음") : CheckMessage.joined(memory, separator: ", ")))
        parts.append(CheckMessage("disk reads: " + (reads ?? "none"), ko: "디스크 읽기: " + (reads ?? "없음")))
        parts.append(CheckMessage("disk writes: " + (writes ?? "none"), ko: "디스크 쓰기: " + (writes ?? "없음")))
        return CheckMessage.joined(parts, separator: "; ")
    }
}

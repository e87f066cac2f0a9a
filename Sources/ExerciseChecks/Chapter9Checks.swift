// Chapter 9's checks: the two faults of learner 002's design, fixed the way Kingfisher does.

import Dispatch
import ExerciseKit
import Foundation
import WorkbookSupport

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

/// A value with a decoded size, as 09-cost-in-bytes stores it.
public final class Picture: Sendable {
    public let width: Int, height: Int, bytesPerPixel: Int
    public init(width: Int, height: Int, bytesPerPixel: Int) {
        self.width = width; self.height = height; self.bytesPerPixel = bytesPerPixel
    }
}

public protocol CostInBytesExercise: AnyObject, Sendable {
    /// A memory cache limited to `fraction` of `physicalMemory` bytes.
    init(physicalMemory: UInt64, fraction: Double)
    func store(_ picture: Picture, forKey key: String)
    var probes: WatchedCache<Picture> { get }
}

public protocol FolderVanishedExercise: AnyObject, Sendable {
    init(folder: URL)
    /// Writes `data` as a file named `key` in the folder.
    /// - Throws: any error but a missing folder, which is recreated (once) instead.
    func store(_ data: Data, forKey key: String) throws
    /// What the storage writes through (`files` in the stub): the check counts its writes.
    var probes: WatchedWrites { get }
}

// MARK: The checks

public enum Chapter9Checks {
    /// 09-cost-in-bytes: the limit is bytes, the cost is bytes, and no machine size traps.
    public static func costInBytes<E: CostInBytesExercise>(_: E.Type, _ run: CheckRun) {
        let gib: UInt64 = 1 << 30
        let cases: [(memory: UInt64, fraction: Double, limit: Int, why: CheckMessage)] = [
            (8 * gib, 0.25, Int(2 * gib), CheckMessage("a quarter of 8 GiB is 2 GiB, in bytes", ko: "8 GiB의 4분의 1은 2 GiB이고, 바이트 단위로 적어야 합니다")),
            (8 * gib, 0.05, Int(Double(8 * gib) * 0.05), CheckMessage("5% of 8 GiB, in bytes", ko: "8 GiB의 5%를 바이트 단위로 적어야 합니다")),
            (3, 0.25, 0, CheckMessage("a quarter of 3 bytes rounds down to 0", ko: "3바이트의 4분의 1은 내림해서 0입니다")),
            (UInt64.max, 1.0, Int.max, CheckMessage("all of an enormous memory is more than Int.max: the limit stops at Int.max (and must not trap)",
                                                    ko: "엄청나게 큰 메모리의 전부는 Int.max보다 큽니다. limit은 Int.max에서 멈춰야 합니다 (trap하면 안 됩니다)")),
            // Exactly 2^63 bytes: Double(Int.max) rounds up to 2^63, so `bytes > Double(Int.max)` is
            // false here and Int(bytes) traps. The clamp must include its boundary.
            (1 << 63, 1.0, Int.max, CheckMessage("2^63 bytes is one more than Int.max: the limit stops at Int.max (and must not trap)",
                                                 ko: "2^63바이트는 Int.max보다 하나 큽니다. limit은 Int.max에서 멈춰야 합니다 (trap하면 안 됩니다)")),
            (1 << 62, 1.0, 1 << 62, CheckMessage("2^62 bytes fits in an Int: the limit is exactly that", ko: "2^62바이트는 Int에 들어갑니다. limit은 정확히 그 값입니다")),
            (16 * gib, 1.0 / 3.0, Int(Double(16 * gib) / 3.0), CheckMessage("a third of 16 GiB, rounded down to whole bytes",
                                                                            ko: "16 GiB의 3분의 1을 바이트 단위로 내림한 값입니다")),
        ]
        for item in cases {
            let cache = E(physicalMemory: item.memory, fraction: item.fraction)
            let limit = cache.probes.totalCostLimit
            let hint = limitHint(got: limit, expected: item.limit)
            run.expect(limit == item.limit || limit == exactLimit(item.memory, item.fraction), "with \(item.memory) bytes and fraction \(item.fraction) the limit is \(limit), expected \(item.limit): "
                       + "\(item.why.english)\(hint.english)",
                       ko: "메모리가 \(item.memory)바이트, fraction이 \(item.fraction)일 때 limit이 \(item.limit)이 아니라 \(limit)입니다: "
                       + "\(item.why.ko)\(hint.ko)")
        }
        // The byte limit is the only one asked for: a count limit too would evict pictures the
        // byte limit still has room for. NSCache's countLimit starts at 0 (no limit), and stays.
        let counted = E(physicalMemory: 8 * gib, fraction: 0.25).probes.countLimit
        run.expect(counted == 0, countLimitMessage(counted, made: "CostInBytes(physicalMemory: \(8 * gib), fraction: 0.25)"))
        let cache = E(physicalMemory: 8 * gib, fraction: 0.25)
        let costs = LockedList<Int>()
        cache.probes.watch { event in if case .set(_, let cost) = event { costs.append(cost) } }
        // Pictures of 1 to 16 bytes per pixel, of every shape, under mixed-case keys; the last two
        // decode to 3.2 GB, past Int32, and 19.6 GB, past UInt32 too (a cost squeezed through
        // 32 bits, signed or not, wraps there).
        let pictures = [(64, 32, 4), (1, 1, 1), (3, 5, 16), (1_000, 1, 2), (7, 9, 3), (40_000, 20_000, 4), (70_000, 70_000, 4)]
        for (index, shape) in pictures.enumerated() {
            let key = "Picture-\(index)-A"
            let before = costs.values.count
            cache.store(Picture(width: shape.0, height: shape.1, bytesPerPixel: shape.2), forKey: key)
            let given = Array(costs.values.dropFirst(before))
            let bytes = shape.0 * shape.1 * shape.2
            run.expect(given == [bytes], "a \(shape.0)×\(shape.1) picture of \(shape.2) bytes per pixel must be stored once with cost \(bytes) "
                       + "(its decoded bytes); costs given: \(given)" + (given == [0] ? " — with no cost (0), no limit ever applies" : ""),
                       ko: "픽셀당 \(shape.2)바이트인 \(shape.0)×\(shape.1) 이미지는 cost \(bytes)(디코딩된 바이트 수)로 한 번 저장해야 합니다. "
                           + "넘긴 cost: \(given)" + (given == [0] ? " — cost가 없으면(0) 어떤 limit도 적용되지 않습니다" : ""))
            // Over the 2 GiB limit, NSCache may drop the picture at once (corelibs does; Apple's
            // limits are advisory): only the cost it was given is checked then.
            if bytes <= 2 * Int(gib) {
                run.expect(cache.probes.contains(key), "the picture was not stored under its key \"\(key)\" (keys are used as given)",
                           ko: "이미지가 자기 key \"\(key)\"로 저장되지 않았습니다 (key는 주어진 그대로 씁니다)")
            }
        }
        cache.probes.watch(nil)
        if run.passed { costsOnGeneratedMachines(E.self, run) }
    }

    /// A machine and the pictures stored on it, as a generated run makes them.
    struct Machine {
        var memory: UInt64, fraction: Double
        /// Each picture's width, height, bytes per pixel and key.
        var pictures: [(width: Int, height: Int, bytesPerPixel: Int, key: String)]

        /// The header's rule: `fraction` of the memory in bytes, rounded down, at most Int.max.
        var limit: Int {
            let bytes = Double(memory) * fraction
            return bytes >= Double(Int.max) ? Int.max : Int(bytes)
        }

        var made: String { "CostInBytes(physicalMemory: \(memory), fraction: \(fraction))" }
    }

    /// `fraction` × `memory` worked out exactly, rounded down, at most Int.max. Past 2^53 bytes
    /// `Double(memory)` is already rounded, so the reference's Double sum may differ from this by
    /// a few bytes either way; both are right answers (blind round 38 wrote this one with Decimal).
    static func exactLimit(_ memory: UInt64, _ fraction: Double) -> Int {
        guard fraction > 0, memory > 0, fraction.isFinite else { return 0 }
        guard fraction < 1 else { return memory >= UInt64(Int.max) ? Int.max : Int(memory) }
        // fraction = significand × 2^(exponent − 52), with a 53-bit whole significand.
        let significand = fraction.isNormal ? fraction.significandBitPattern | (1 << 52) : fraction.significandBitPattern
        let shift = 52 - Int(fraction.isNormal ? fraction.exponent : Double.leastNormalMagnitude.exponent)
        let (high, low) = memory.multipliedFullWidth(by: significand)
        let bytes: UInt64
        switch shift {
        case ..<64: bytes = (high << UInt64(64 - shift)) | (low >> UInt64(shift))   // shift ≥ 53 here: fraction < 1
        case 64..<128: bytes = high >> UInt64(shift - 64)
        default: bytes = 0
        }
        return bytes >= UInt64(Int.max) ? Int.max : Int(bytes)
    }

    /// Generated: two caches at a time, for machine sizes at their edges (0, 1, 3, powers of two
    /// and their neighbours, 2^63, Int.max, UInt64.max, whole gigabytes, any) and fractions from 0
    /// to 1; each stores up to 4 pictures (0 to 5000 pixels a side, 1 to 16 bytes per pixel) under
    /// keys of every shape (in NFC), the two caches' stores interleaved. Compared: each limit, and each
    /// store's calls on its memory (one set, its key, its cost in bytes), none on the other.
    static func costsOnGeneratedMachines<E: CostInBytesExercise>(_: E.Type, _ run: CheckRun) {
        let fraction = Gen<Double>.oneOf([
            .element(of: [1, 0.25, 0.05, 0, 0.5, 1.0 / 3.0, 0.999_999, 1e-9]),
            Gen<Int>.int(in: 0...1_048_576).map { Double($0) / 1_048_576 },
        ])
        let side = Gen<Int>.oneOf([.element(of: [1, 0, 64, 4_096]), .int(in: 0...5_000)])
        // Keys in NFC only: corelibs' NSCache traps ("Duplicate keys of type 'NSCacheKey'", seen
        // here) when one cache holds two keys that are the same text in NFC and NFD.
        let key = Gen<String>.text(maxPieces: 3).map { $0.precomposedStringWithCanonicalMapping }
        let picture = zip(zip(side, side), Gen<Int>.element(of: [4, 1, 2, 3, 8, 16]), key)
            .map { (width: $0.0, height: $0.1, bytesPerPixel: $1, key: $2) }
        let machine = zip(Gen<UInt64>.size, fraction, picture.array(maxCount: 4)).map { Machine(memory: $0, fraction: $1, pictures: $2) }
        let run2 = zip(machine, machine, Gen<UInt64>.any)
        run.forAll(run2, cases: 2_000, seed: 0x0901) { first, second, order -> CheckMessage? in
            let machines = [first, second]
            let caches = machines.map { E(physicalMemory: $0.memory, fraction: $0.fraction) }
            for (machine, cache) in zip(machines, caches)
            where cache.probes.totalCostLimit != machine.limit && cache.probes.totalCostLimit != exactLimit(machine.memory, machine.fraction) {
                return CheckMessage("\(machine.made) set the limit to \(cache.probes.totalCostLimit); the reference sets \(machine.limit): "
                                    + "fraction × memory in bytes, rounded down, and at most Int.max",
                                    ko: "\(machine.made) 호출로 만든 캐시의 limit이 \(cache.probes.totalCostLimit)입니다. 기준 구현은 \(machine.limit)입니다: "
                                        + "fraction × 메모리(바이트)를 내림한 값이고, 최대 Int.max입니다")
            }
            for (machine, cache) in zip(machines, caches) where cache.probes.countLimit != 0 {
                return countLimitMessage(cache.probes.countLimit, made: machine.made)
            }
            let seen = [LockedList<WatchedCache<Picture>.Event>(), LockedList<WatchedCache<Picture>.Event>()]
            for (index, cache) in caches.enumerated() { cache.probes.watch { event in seen[index].append(event) } }
            defer { for cache in caches { cache.probes.watch(nil) } }
            // The two caches' stores, interleaved as the bits of `order` say.
            var next = [0, 0], bit = 0
            while next[0] < first.pictures.count || next[1] < second.pictures.count {
                let which = next[1] >= second.pictures.count ? 0 : next[0] >= first.pictures.count ? 1 : Int((order >> UInt64(bit % 64)) & 1)
                bit += 1
                let shape = machines[which].pictures[next[which]]
                next[which] += 1
                let before = seen.map { $0.values.count }
                caches[which].store(Picture(width: shape.width, height: shape.height, bytesPerPixel: shape.bytesPerPixel), forKey: shape.key)
                let calls = seen[which].values.dropFirst(before[which]), elsewhere = seen[1 - which].values.count - before[1 - which]
                let bytes = shape.width * shape.height * shape.bytesPerPixel
                let expected: [WatchedCache<Picture>.Event] = [.set(shape.key, cost: bytes)]
                if Array(calls) != expected || elsewhere != 0 {
                    return CheckMessage("on \(machines[which].made), store(a \(shape.width)×\(shape.height) picture of \(shape.bytesPerPixel) bytes per pixel, "
                                        + "forKey: \(quoted(shape.key))) made the calls \(calls.map(describe)) (and \(elsewhere) on the other cache); "
                                        + "the reference makes one: set(\(quoted(shape.key)), cost: \(bytes)) — the key as given, the decoded bytes as the cost",
                                        ko: "\(machines[which].made) 호출로 만든 캐시에서 store(픽셀당 \(shape.bytesPerPixel)바이트인 \(shape.width)×\(shape.height) 이미지, "
                                            + "forKey: \(quoted(shape.key)))가 부른 것은 \(calls.map(describe))입니다 (다른 캐시에는 \(elsewhere)번). "
                                            + "기준 구현은 set(\(quoted(shape.key)), cost: \(bytes)) 하나만 부릅니다 — key는 주어진 그대로, cost는 디코딩된 바이트 수입니다")
                }
            }
            return nil
        }
    }

    /// What a wrong limit looks like, said only when it looks like it: the same limit in megabytes,
    /// or one byte off (rounded to the nearest byte, or kept at least 1, instead of cut down).
    static func limitHint(got: Int, expected: Int) -> CheckMessage {
        if expected >= 1 << 20, abs(got - expected / 1_048_576) <= 1 {
            return CheckMessage(" — \(got) is that limit in megabytes: NSCache compares it with the costs you give, here bytes",
                                ko: " — \(got)은 그 limit을 메가바이트로 적은 값입니다: NSCache는 이 값을 여러분이 준 cost, 여기서는 바이트와 비교합니다")
        }
        if got == Int(Int32.max) || got == Int(UInt32.max) {
            return CheckMessage(" — \(got) is the largest 32-bit value: a limit past it is cut down to Int.max only, not to a 32-bit bound",
                                ko: " — \(got)은 32비트로 나타낼 수 있는 가장 큰 값입니다: 그보다 큰 limit은 32비트 한계가 아니라 Int.max에서만 잘라야 합니다")
        }
        if abs(got - expected) == 1 {
            // Rounding to the nearest byte and a limit kept at least 1 both land here: say the rule, not a cause.
            return CheckMessage(" — one byte off: the limit is fraction × memory cut down to whole bytes (as Int(…) does), even where that is 0",
                                ko: " — 1바이트 차이입니다: limit은 fraction × 메모리를 (Int(…)처럼) 바이트 단위로 내림한 값이고, 그 값이 0이어도 그대로입니다")
        }
        return CheckMessage("", ko: "")
    }

    static func countLimitMessage(_ countLimit: Int, made: String) -> CheckMessage {
        CheckMessage("\(made) set the cache's countLimit to \(countLimit); it must stay 0 (no limit on the number of pictures), as NSCache "
                     + "starts: the header asks for a limit in bytes only, and a count limit would evict pictures the byte limit has room for",
                     ko: "\(made) 호출로 만든 캐시의 countLimit이 \(countLimit)입니다. NSCache의 초깃값처럼 0(이미지 개수 제한 없음)으로 두어야 합니다: "
                         + "헤더가 요구하는 limit은 바이트 단위뿐이고, 개수 limit이 있으면 바이트 limit에 아직 여유가 있는데도 이미지가 퇴출됩니다")
    }

    static func describe(_ event: WatchedCache<Picture>.Event) -> String {
        switch event {
        case .lookup(let key): return "lookup(\(quoted(key)))"
        case .set(let key, let cost): return "set(\(quoted(key)), cost: \(cost))"
        case .remove(let key): return "remove(\(quoted(key)))"
        case .removeAll: return "removeAll()"
        case .limits: return "a limit set"
        }
    }

    /// 09-folder-vanished: a store into a vanished folder recreates it and retries once; every
    /// other failure reaches the caller.
    public static func folderVanished<E: FolderVanishedExercise>(_: E.Type, _ run: CheckRun) {
        let fileManager = FileManager.default
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("kfd-check-\(UUID().uuidString)", isDirectory: true)
        let folder = base.appendingPathComponent("cache", isDirectory: true)
        defer { try? fileManager.removeItem(at: base) }
        do { try fileManager.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            run.fail("the check could not create its folder \(folder.path): \(error)",
                     ko: "확인 코드가 자기 폴더 \(folder.path)를 만들지 못했습니다: \(error)")
            return
        }
        let storage = E(folder: folder)
        /// Runs one store of `data` on its own thread, bounded: an endless retry loop is reported, not waited for.
        func store(_ data: Data, forKey key: String) -> StoreOutcome {
            let outcome = LockedValue<Error?>(nil)
            let before = storage.probes.writes
            storage.probes.limitWrites(to: 16)   // a store that calls itself ends with its count, not a stack overflow
            defer { storage.probes.limitWrites(to: nil) }
            let done = spawn {
                do { try storage.store(data, forKey: key) } catch { outcome.set(error) }
            }
            let finished = signalled(done, within: 3), after = storage.probes.writes
            return StoreOutcome(finished: finished, error: outcome.get(),
                                succeeded: after.succeeded - before.succeeded, failed: after.failed - before.failed)
        }
        /// A store of the key's own bytes (what `exists` looks for).
        func store(_ key: String) -> StoreOutcome { store(Data(key.utf8), forKey: key) }
        /// The header's "retry once", counted: at most two writes that fail in one store; and a
        /// file the store left was written through `files`.
        func expectWrites(_ what: CheckMessage, _ outcome: StoreOutcome, key: String) {
            if let problem = writesProblem(what, outcome, wroteFile: outcome.error == nil && exists(key)) { run.fail(problem) }
        }
        /// Whether the folder lists a file named exactly `key` holding the key's bytes (compared by
        /// listing, not by path: a case-insensitive disk would find "b" under "B").
        func exists(_ key: String) -> Bool {
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains(key) && fileManager.contents(atPath: folder.appendingPathComponent(key).path) == Data(key.utf8)
        }

        let plain = store("Photo-A")
        run.expect(plain.finished && plain.error == nil && exists("Photo-A"),
                   "storing \"Photo-A\" into the folder " + (plain.error.map { "threw \(describe($0))" } ?? "did not leave a file named \"Photo-A\" with its data"),
                   ko: "\"Photo-A\"를 폴더에 저장했더니 " + (plain.error.map { "오류를 던졌습니다: \(describe($0))" } ?? "그 데이터를 담은 \"Photo-A\" 파일이 남지 않았습니다"))
        expectWrites(CheckMessage("store(\"Photo-A\") into the folder", ko: "폴더에 한 store(\"Photo-A\")"), plain, key: "Photo-A")

        try? fileManager.removeItem(at: folder)   // the system purged Library/Caches, or a user cleaned up
        let vanished = store("Photo-B")
        guard vanished.finished else { run.fail("store into a vanished folder never returned: a retry loop without end?",
                                                     ko: "사라진 폴더에 store를 부르자 돌아오지 않았습니다: 끝나지 않는 재시도 루프인가요?"); return }
        let vanishedGot = outcomeText(vanished.error, key: "Photo-B", in: folder)
        let recovered = vanished.error == nil && exists("Photo-B")
        run.expect(recovered,
                   "store into a vanished folder must recreate the folder and retry; it \(vanishedGot.english)",
                   ko: "사라진 폴더에 store하면 폴더를 다시 만들고 한 번 더 써야 합니다. 그런데 \(vanishedGot.ko)")
        expectWrites(CheckMessage("store into a vanished folder", ko: "사라진 폴더에 한 store"), vanished, key: "Photo-B")
        // The folder made again must be one its owner can write into and list (as createDirectory
        // makes it by default). Run as root — as CI runs the check — a folder without write
        // permission still takes the retry's write; a learner's own account would not.
        if recovered, let mode = (try? fileManager.attributesOfItem(atPath: folder.path))?[.posixPermissions] as? Int, mode & 0o700 != 0o700 {
            let shown = "0o" + String(mode & 0o777, radix: 8)
            run.fail("store into a vanished folder made the folder again with permissions \(shown): its owner cannot "
                     + "\(mode & 0o200 == 0 ? "write into it" : "list or enter it") — every later store as your own user would fail "
                     + "(this check may run as root, which ignores permissions). Make it as createDirectory does by default",
                     ko: "사라진 폴더에 한 store가 폴더를 권한 \(shown) 상태로 다시 만들었습니다: 소유자가 "
                         + "\(mode & 0o200 == 0 ? "그 안에 쓸 수 없습니다" : "목록을 보거나 들어갈 수 없습니다") — 여러분의 계정으로는 그 뒤의 "
                         + "store가 모두 실패합니다 (이 확인은 권한을 무시하는 root로 실행될 수 있습니다). createDirectory의 기본값대로 만드세요")
        }

        // The folder vanishes again: every store that finds it missing recovers, not only the
        // first (blind round 40 kept a "recreated already" flag, per instance and per process).
        if recovered {
            try? fileManager.removeItem(at: folder)
            let again = store("Photo-B2")
            guard again.finished else { run.fail("store into the folder vanished a second time never returned",
                                                  ko: "두 번째로 사라진 폴더에 store를 부르자 돌아오지 않았습니다"); return }
            if !(again.error == nil && exists("Photo-B2")) {
                let againGot = outcomeText(again.error, key: "Photo-B2", in: folder)
                run.fail("the folder vanished a second time (only the folder, as the first time, when this storage made it again), and "
                         + "store(\"Photo-B2\") \(againGot.english): every store that finds the folder missing makes it again and retries once, "
                         + "however often that happened before, in this storage or another",
                         ko: "폴더가 두 번째로 사라졌고(첫 번째와 같이 폴더만 — 그때는 이 storage가 폴더를 다시 만들었습니다) "
                             + "store(\"Photo-B2\")는 \(againGot.ko). 폴더가 없음을 발견한 store는, 이 storage에서든 다른 storage에서든 "
                             + "전에 몇 번 그런 일이 있었든, 매번 폴더를 다시 만들고 한 번 더 써야 합니다")
                return
            }
            expectWrites(CheckMessage("store into the folder vanished a second time", ko: "두 번째로 사라진 폴더에 한 store"), again, key: "Photo-B2")
        }

        // The folder and its parent vanished (the whole Caches folder was purged): make both again.
        try? fileManager.removeItem(at: base)
        let deep = store("Photo-D")
        guard deep.finished else { run.fail("store after the folder and its parent vanished never returned",
                                                 ko: "폴더와 그 상위 폴더가 사라진 뒤 store가 돌아오지 않았습니다"); return }
        // What the disk shows after it, and whether the storage recovered from the first vanishing:
        // facts the learner can compare, not a guess at the cause.
        let parentMade = fileManager.fileExists(atPath: base.path)
        let deepGot = outcomeText(deep.error, key: "Photo-D", in: folder)
        let above = parentMade ? CheckMessage("the folder above is there again", ko: "상위 폴더는 다시 생겼습니다")
            : CheckMessage("the folder above is still missing", ko: "상위 폴더는 아직 없습니다")
        // When this storage recovered before, that comes first: a second vanishing handled
        // differently from the first is the finding, not how parent folders are made.
        if !(deep.error == nil && exists("Photo-D")) {
            if recovered && !parentMade {
                // What differs from the first vanishing is the folder above: lead with it.
                run.fail("store after the folder *and the folder above it* vanished \(deepGot.english), and the folder above is still "
                         + "missing (the first time, when only the folder vanished, this storage made it again): make the folder together "
                         + "with every folder above it that is missing, then retry once",
                         ko: "폴더와 *그 상위 폴더까지* 사라진 뒤의 store는 \(deepGot.ko). 상위 폴더도 여전히 없습니다 (폴더만 사라졌던 "
                             + "첫 번째에는 이 storage가 폴더를 다시 만들었습니다): 없는 상위 폴더까지 모두 함께 만든 뒤 한 번 재시도하세요")
            } else if recovered {
                run.fail("this storage made its vanished folder again earlier in this check, but not the second time (the folder and the "
                         + "folder above it vanished): the store \(deepGot.english), and \(above.english). Every store that finds the folder "
                         + "missing makes it again — with the folders above it — and retries once, however often that happened before",
                         ko: "이 storage는 이 확인 앞부분에서 사라진 폴더를 다시 만들었지만, 두 번째(폴더와 그 상위 폴더가 사라짐)에는 "
                             + "그러지 않았습니다. 이번 store는 \(deepGot.ko). \(above.ko). 폴더가 없음을 발견한 store는 그런 일이 전에 몇 번 있었든 "
                             + "매번 상위 폴더까지 다시 만들고 한 번 더 써야 합니다")
            } else {
                run.fail("store after the folder *and its parent* vanished must make both again and retry; it \(deepGot.english), and "
                         + "\(above.english)",
                         ko: "폴더와 *그 상위 폴더까지* 사라진 뒤의 store는 둘 다 다시 만들고 한 번 더 써야 합니다. 그런데 \(deepGot.ko). "
                             + "\(above.ko)")
            }
        }
        expectWrites(CheckMessage("store after the folder and its parent vanished", ko: "폴더와 그 상위 폴더가 사라진 뒤의 store"), deep, key: "Photo-D")

        // The folder vanished and cannot be made again (a file where its parent was): the retry's
        // failure must reach the caller, not be swallowed.
        try? fileManager.removeItem(at: base)
        guard fileManager.createFile(atPath: base.path, contents: Data("not a folder".utf8)) else {
            run.fail("the check could not put a file at \(base.path)", ko: "확인 코드가 \(base.path)에 파일을 두지 못했습니다")
            return
        }
        // What createDirectory throws here: the cause, which must reach the caller as it is.
        var cause: NSError?
        do { try fileManager.createDirectory(at: folder, withIntermediateDirectories: true) } catch { cause = error as NSError }
        let impossible = store("Photo-E")
        guard impossible.finished else { run.fail("store into a folder that cannot be recreated never returned: retry once, then give up",
                                                       ko: "다시 만들 수 없는 폴더에 store를 부르자 돌아오지 않았습니다: 한 번만 재시도하고 포기해야 합니다"); return }
        run.expect(impossible.error != nil, "store into a vanished folder that cannot be recreated reported nothing: when the retry "
                   + "fails too, its error must reach the caller",
                   ko: "다시 만들 수 없는 사라진 폴더에 store했는데 아무 오류도 알리지 않았습니다: 재시도까지 실패하면 그 오류가 호출한 쪽에 전달돼야 합니다")
        expectWrites(CheckMessage("store into a vanished folder that cannot be recreated", ko: "다시 만들 수 없는 사라진 폴더에 한 store"), impossible, key: "Photo-E")
        if let got = impossible.error.map({ $0 as NSError }), let cause, !sameError(got, cause) {
            run.fail("store into a vanished folder that cannot be made again (a file sits where the folder above it should be) threw "
                     + "\(describe(got)) about \(errorPath(got, in: base)); the reference finds the folder missing, tries to make it again, "
                     + "which fails with \(describe(cause)) about \(errorPath(cause, in: base)), and throws that error as it is",
                     ko: "다시 만들 수 없는 사라진 폴더(상위 폴더 자리에 파일이 있습니다)에 store했더니 \(describe(got)), 대상 "
                     + "\(errorPath(got, in: base)) 오류를 던졌습니다. 기준 구현은 폴더가 없는 것을 보고 다시 만들려 하는데, 그것이 "
                     + "\(describe(cause)), 대상 \(errorPath(cause, in: base)) 오류로 실패하고, 그 오류를 그대로 던집니다")
        }
        try? fileManager.removeItem(at: base)
        do { try fileManager.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            run.fail("the check could not recreate its folder \(folder.path): \(error)",
                     ko: "확인 코드가 자기 폴더 \(folder.path)를 다시 만들지 못했습니다: \(error)")
            return
        }

        // A file where the folder should be: recreating cannot help; the error must reach the caller.
        try? fileManager.removeItem(at: folder)
        guard fileManager.createFile(atPath: folder.path, contents: Data("not a folder".utf8)) else {
            run.fail("the check could not put a file at \(folder.path)", ko: "확인 코드가 \(folder.path)에 파일을 두지 못했습니다")
            return
        }
        // The error the write itself throws here: the one that must reach the caller, as it is.
        var writeError: NSError?
        do { try Data("Photo-C".utf8).write(to: folder.appendingPathComponent("Photo-C")) } catch { writeError = error as NSError }
        let blocked = store("Photo-C")
        guard blocked.finished else {
            run.fail("store where a file blocks the folder never returned: retry once, then give up with the error",
                     ko: "폴더 자리를 파일이 막고 있을 때 store가 돌아오지 않았습니다: 한 번만 재시도하고, 그 오류와 함께 포기해야 합니다")
            return
        }
        run.expect(blocked.error != nil, "store where a file blocks the folder reported nothing: the error must reach the caller",
                   ko: "폴더 자리를 파일이 막고 있는데 store가 아무 오류도 알리지 않았습니다: 그 오류가 호출한 쪽에 전달돼야 합니다")
        expectWrites(CheckMessage("store where a file blocks the folder", ko: "폴더 자리를 파일이 막고 있을 때의 store"), blocked, key: "Photo-C")
        if let got = blocked.error.map({ $0 as NSError }), let writeError {
            run.expect(got.domain == writeError.domain && got.code == writeError.code,
                       "store where a file blocks the folder must throw the write's own error (\(writeError.domain) \(writeError.code) here), "
                       + "not another one: it threw \(got.domain) \(got.code)",
                       ko: "폴더 자리를 파일이 막고 있을 때 store는 쓰기 자체가 던진 오류(여기서는 \(writeError.domain) \(writeError.code))를 "
                       + "바꾸지 말고 그대로 던져야 합니다. 던진 오류: \(got.domain) \(got.code)")
        }
        if run.passed { retriedWriteFails(storage, folder: folder, store: store, run) }
        if run.passed { retryFindsDiskFull(storage, folder: folder, store: store, exists: exists, run) }
        if run.passed { keyInSubfolder(folder: folder, store: store, run) }
        if run.passed { emptyData(folder: folder, store: { store($0, forKey: $1) }, run) }
        if run.passed { emptyKey(folder: folder, store: store, run) }
        if run.passed { storeWhileAnotherRecovers(storage, folder: folder, run) }
        if run.passed { storesOnGeneratedFolderStates(E.self, run) }
    }

    /// Two stores at once on one storage (it is Sendable): store A finds the folder missing and
    /// makes it again; just before A's next write the folder vanishes again and store B runs on
    /// another thread. B finds the folder missing too, so B must make it again and retry once,
    /// whatever A is doing — a store that gives up because another one is "already recreating"
    /// loses B's picture (blind round 38). B is given 2 s to end before A goes on: a store that
    /// holds a lock across its writes makes B wait for A, and B then recovers after A; either
    /// way B must end with its file written.
    static func storeWhileAnotherRecovers<E: FolderVanishedExercise>(_ storage: E, folder: URL, _ run: CheckRun) {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: folder)
        let triggered = LockedValue(false)
        let errorB = LockedValue<Error?>(nil)
        let doneB = LockedValue<DispatchSemaphore?>(nil)
        storage.probes.limitWrites(to: 16)
        defer { storage.probes.limitWrites(to: nil); storage.probes.beforeEachWrite(nil) }
        storage.probes.beforeEachWrite { _ in
            // Once, at the first write that finds the folder made again: A's retry.
            guard FileManager.default.fileExists(atPath: folder.path), !triggered.get() else { return }
            triggered.set(true)
            try? FileManager.default.removeItem(at: folder)
            let done = spawn {
                do { try storage.store(Data("Photo-G".utf8), forKey: "Photo-G") } catch { errorB.set(error) }
            }
            doneB.set(done)
            if signalled(done, within: 2) { done.signal() }   // B's end stays signalled for the wait below
        }
        let doneA = spawn { _ = try? storage.store(Data("Photo-F".utf8), forKey: "Photo-F") }
        guard signalled(doneA, within: 10) else {
            run.fail("two stores into a vanished folder at once: store(\"Photo-F\") never returned",
                     ko: "사라진 폴더에 store 두 개가 동시에 들어왔을 때 store(\"Photo-F\")가 돌아오지 않았습니다")
            return
        }
        guard triggered.get(), let done = doneB.get() else { return }   // A never made the folder again: told by the scenarios above
        guard signalled(done, within: 10) else {
            run.fail("two stores into a vanished folder at once: store(\"Photo-G\"), made while store(\"Photo-F\") was recovering, never returned",
                     ko: "사라진 폴더에 store 두 개가 동시에 들어왔을 때, store(\"Photo-F\")가 복구하는 동안 부른 store(\"Photo-G\")가 돌아오지 않았습니다")
            return
        }
        let written = fileManager.contents(atPath: folder.appendingPathComponent("Photo-G").path) == Data("Photo-G".utf8)
        if let error = errorB.get() {
            run.fail("two stores into a vanished folder at once: store(\"Photo-F\") made the folder again, it vanished again before its "
                     + "retry, and store(\"Photo-G\") on another thread then found it missing and threw \(describe(error)) — without "
                     + "making the folder again and retrying. Every store that finds the folder missing makes it again and retries once, "
                     + "whatever another store is doing",
                     ko: "사라진 폴더에 store 두 개가 동시에 들어왔습니다: store(\"Photo-F\")가 폴더를 다시 만들었지만 재시도 전에 폴더가 또 "
                         + "사라졌고, 다른 스레드의 store(\"Photo-G\")는 폴더가 없는 것을 보고 폴더를 다시 만들지도, 재시도하지도 않은 채 "
                         + "오류를 던졌습니다: \(describe(error)). 폴더가 없음을 발견한 store는 다른 store가 무엇을 하든 폴더를 다시 만들고 "
                         + "한 번 재시도해야 합니다")
        } else if !written {
            run.fail("two stores into a vanished folder at once: store(\"Photo-G\"), made while store(\"Photo-F\") was recovering, "
                     + "returned without an error but left no file \"Photo-G\" with its data",
                     ko: "사라진 폴더에 store 두 개가 동시에 들어왔을 때, store(\"Photo-F\")가 복구하는 동안 부른 store(\"Photo-G\")는 "
                         + "오류 없이 돌아왔지만 그 데이터를 담은 \"Photo-G\" 파일을 남기지 않았습니다")
        }
        try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A write that fails for a reason of its own: a name longer than any file system takes (300
    /// bytes; NAME_MAX is 255 on ext4 and APFS). With the folder there, that error must reach the
    /// caller as it is. Then with the folder vanished: the first write fails because the folder is
    /// missing (the path is walked before the name's length is looked at); the folder must be made
    /// again, and the retry's own error — the one writing that name into a folder that exists
    /// throws — must reach the caller: not swallowed (`try?`), not replaced.
    static func retriedWriteFails<E: FolderVanishedExercise>(_ storage: E, folder: URL,
                                                             store: (String) -> StoreOutcome, _ run: CheckRun) {
        let fileManager = FileManager.default
        let longName = String(repeating: "k", count: 300)
        guard emptyFolder(folder, run) else { return }
        var expected: NSError?
        do { try Data(longName.utf8).write(to: folder.appendingPathComponent(longName)) } catch { expected = error as NSError }
        guard let expected else { run.fail("this file system took a 300-byte file name; the check cannot make a retry fail here",
                                           ko: "이 파일 시스템은 300바이트 파일 이름을 받아들였습니다: 여기서는 확인 코드가 재시도를 실패하게 만들 수 없습니다"); return }
        // First with the folder there: nothing to make again, and the write's own error goes out as it is.
        let present = store(longName)
        guard present.finished else { run.fail("store of a 300-byte name into the folder never returned: give up with the write's error",
                                                    ko: "300바이트 이름을 폴더에 store하자 돌아오지 않았습니다: 쓰기 오류와 함께 포기해야 합니다"); return }
        if let problem = writesProblem(CheckMessage("store of a 300-byte name into the folder", ko: "300바이트 이름을 폴더에 넣는 store"), present, wroteFile: false) { run.fail(problem); return }
        guard let presentError = present.error.map({ $0 as NSError }) else {
            run.fail("store of a 300-byte name (too long for any file system) into the folder reported nothing: the write's error must reach the caller",
                     ko: "300바이트 이름(어느 파일 시스템에도 너무 긴 이름)을 폴더에 store했는데 아무 오류도 알리지 않았습니다: 쓰기 오류가 호출한 쪽에 전달돼야 합니다")
            return
        }
        guard presentError.domain == expected.domain && presentError.code == expected.code else {
            run.fail("store of a 300-byte name into the folder must throw the write's own error, \(expected.domain) \(expected.code) here, "
                     + "not another one: it threw \(presentError.domain) \(presentError.code)",
                     ko: "300바이트 이름을 폴더에 store하면 쓰기 자체가 던진 오류(여기서는 \(expected.domain) \(expected.code))를 바꾸지 말고 "
                     + "그대로 던져야 합니다. 던진 오류: \(presentError.domain) \(presentError.code)")
            return
        }
        try? fileManager.removeItem(at: folder)
        let outcome = store(longName)
        guard outcome.finished else { run.fail("store of a 300-byte name into a vanished folder never returned: retry once, then give up",
                                                     ko: "사라진 폴더에 300바이트 이름을 store하자 돌아오지 않았습니다: 한 번만 재시도하고 포기해야 합니다"); return }
        run.expect(fileManager.fileExists(atPath: folder.path),
                   "store into a vanished folder must make the folder again before it retries, even when the retry then fails",
                   ko: "사라진 폴더에 store하면, 재시도가 실패하더라도 재시도하기 전에 폴더를 다시 만들어야 합니다")
        if let problem = writesProblem(CheckMessage("store of a 300-byte name into a vanished folder", ko: "300바이트 이름을 사라진 폴더에 넣는 store"), outcome, wroteFile: false) { run.fail(problem) }
        guard let error = outcome.error else {
            run.fail("the folder vanished and the retried write failed (a 300-byte name, too long for any file system), but store "
                     + "reported nothing: the retry's error must reach the caller, not be swallowed",
                     ko: "폴더가 사라졌고 재시도한 쓰기도 실패했는데(300바이트 이름은 어느 파일 시스템에도 너무 깁니다) store는 아무 오류도 "
                     + "알리지 않았습니다: 재시도의 오류를 삼키지 말고 호출한 쪽에 전달해야 합니다")
            return
        }
        let got = error as NSError
        run.expect(got.domain == expected.domain && got.code == expected.code,
                   "the folder vanished and the retried write failed (a 300-byte name): store must throw that write's own error, "
                   + "\(expected.domain) \(expected.code) here, not another one; it threw \(got.domain) \(got.code)",
                   ko: "폴더가 사라졌고 재시도한 쓰기도 실패했습니다(300바이트 이름): store는 그 쓰기 자체의 오류(여기서는 "
                   + "\(expected.domain) \(expected.code))를 바꾸지 말고 그대로 던져야 합니다. 던진 오류: \(got.domain) \(got.code)")
    }

    /// The folder vanished; once it is made again, the disk is full: the retry through `files`
    /// fails with the error a full disk gives, while the disk itself would take the file. Retry
    /// once means that error reaches the caller and no file is left (a third write, through
    /// `files` or around it, is the loop the header forbids).
    static func retryFindsDiskFull<E: FolderVanishedExercise>(_ storage: E, folder: URL, store: (String) -> StoreOutcome,
                                                             exists: (String) -> Bool, _ run: CheckRun) {
        let fileManager = FileManager.default
        let key = "Photo-G"
        let full = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteOutOfSpace.rawValue,
                           userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])
        try? fileManager.removeItem(at: folder)
        let folderPath = folder.path
        storage.probes.failWrites { _ in FileManager.default.fileExists(atPath: folderPath) ? full : nil }
        let outcome = store(key)
        storage.probes.failWrites(nil)
        guard outcome.finished else { run.fail("store into a vanished folder whose retry found the disk full never returned: retry once, then give up",
                                               ko: "사라진 폴더에 store했고 재시도에서 디스크가 가득 찼는데 store가 돌아오지 않았습니다: 한 번만 재시도하고 포기해야 합니다"); return }
        let left = exists(key)
        let got = outcome.error.map { $0 as NSError }
        let what = got.map { CheckMessage("threw \(describe($0))", ko: "오류를 던졌습니다: \(describe($0))") }
            ?? CheckMessage("reported nothing", ko: "아무 오류도 알리지 않았습니다")
        let file = left ? CheckMessage(", and a file \"\(key)\" is in the folder (written by a third write)", ko: ". 그리고 폴더에 \"\(key)\" 파일이 있습니다 (세 번째 쓰기가 남긴 것)")
            : CheckMessage("", ko: "")
        let writes = outcome.failed + outcome.succeeded
        let count = writes > 2 ? CheckMessage("; \(writes) writes went through `files`", ko: "; `files`를 거친 쓰기: \(writes)번") : CheckMessage("", ko: "")
        guard let got, got.domain == full.domain, got.code == full.code, !left, writes <= 2 else {
            run.fail("store(\"\(key)\") into a vanished folder: the first write failed (no folder), the folder was made again, and the "
                     + "retry through `files` failed because the disk is full (\(full.domain) \(full.code)). Retry once: that error must "
                     + "reach the caller as it is, and no file be left; it \(what.english)\(file.english)\(count.english)",
                     ko: "사라진 폴더에 store(\"\(key)\"): 첫 쓰기는 (폴더가 없어) 실패했고, 폴더를 다시 만든 뒤 `files`로 한 재시도는 디스크가 "
                     + "가득 차서(\(full.domain) \(full.code)) 실패했습니다. 재시도는 한 번입니다: 그 오류가 그대로 호출한 쪽에 전달돼야 하고 "
                     + "파일이 남으면 안 됩니다. 그런데 \(what.ko)\(file.ko)\(count.ko)")
            return
        }
    }

    /// A key with "/" names a file in a subfolder that does not exist. The cache's folder is there,
    /// so this is not the vanished-folder case but "any other failure": the write's own error must
    /// reach the caller, with no folder made (a store that makes the file's parent instead of the
    /// cache's folder succeeds here, and files keys in folders the cache never had).
    static func keyInSubfolder(folder: URL, store: (String) -> StoreOutcome, _ run: CheckRun) {
        let fileManager = FileManager.default
        let key = "Album/Photo-F"
        guard emptyFolder(folder, run) else { return }
        var expected: NSError?
        do { try Data(key.utf8).write(to: folder.appendingPathComponent(key)) } catch { expected = error as NSError }
        guard let expected else { return }   // a file system that wrote it cannot show the mistake
        let outcome = store(key)
        guard outcome.finished else { run.fail("store(\"\(key)\") into the folder never returned: give up with the write's error",
                                                ko: "폴더에 store(\"\(key)\")를 부르자 돌아오지 않았습니다: 쓰기 오류와 함께 포기해야 합니다"); return }
        let madeSubfolder = fileManager.fileExists(atPath: folder.appendingPathComponent("Album").path)
        let got = outcome.error.map { $0 as NSError }
        guard let got, got.domain == expected.domain, got.code == expected.code, !madeSubfolder else {
            let what = got.map { CheckMessage("threw \(describe($0))", ko: "오류를 던졌습니다: \(describe($0))") }
                ?? CheckMessage("reported nothing", ko: "아무 오류도 알리지 않았습니다")
            let made = madeSubfolder ? CheckMessage(" and made a subfolder \"Album\"", ko: " 그리고 하위 폴더 \"Album\"을 만들었습니다.")
                : CheckMessage("", ko: "")
            run.fail("store(\"\(key)\") into the folder, which is there: the key names a file in a subfolder \"Album\" that does not exist. "
                     + "The cache's folder is not missing, so this is \"any other failure\": the write's own error (\(expected.domain) "
                     + "\(expected.code) here) must reach the caller, with no folder made and no retry; it \(what.english)\(made.english)",
                     ko: "폴더가 있는 상태에서 store(\"\(key)\"): 이 키는 없는 하위 폴더 \"Album\" 안의 파일을 가리킵니다. 캐시 폴더는 "
                     + "사라지지 않았으니 \"그 밖의 실패\"입니다: 쓰기 자체의 오류(여기서는 \(expected.domain) \(expected.code))가 폴더를 "
                     + "만들지도, 재시도하지도 않고 호출한 쪽에 전달돼야 합니다. 그런데 \(what.ko)\(made.ko)")
            return
        }
    }

    /// Makes `folder` again, empty; false (and a failure said) when the check cannot.
    static func emptyFolder(_ folder: URL, _ run: CheckRun) -> Bool {
        try? FileManager.default.removeItem(at: folder)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            run.fail("the check could not recreate its folder \(folder.path): \(error)",
                     ko: "확인 코드가 자기 폴더 \(folder.path)를 다시 만들지 못했습니다: \(error)")
            return false
        }
        return true
    }

    /// Empty data is data: with the folder there, storing it leaves an empty file, like
    /// `Data().write(to:)` (blind round 40 skipped it, and was told about the empty key).
    static func emptyData(folder: URL, store: (Data, String) -> StoreOutcome, _ run: CheckRun) {
        let fileManager = FileManager.default
        guard emptyFolder(folder, run) else { return }
        let outcome = store(Data(), "Empty-Data")
        guard outcome.finished else { run.fail("store(Data(), forKey: \"Empty-Data\") into the folder never returned",
                                                ko: "폴더에 store(Data(), forKey: \"Empty-Data\")를 부르자 돌아오지 않았습니다"); return }
        let path = folder.appendingPathComponent("Empty-Data").path
        let left = fileManager.contents(atPath: path)
        guard outcome.error == nil, left == Data(), outcome.succeeded == 1 else {
            let what = outcome.error.map { CheckMessage("threw \(describe($0))", ko: "\(describe($0)) 오류를 던졌습니다") }
                ?? (left == nil ? CheckMessage("reported nothing and left no file", ko: "아무 오류 없이 파일도 남기지 않았습니다")
                    : CheckMessage("left a file of \(left?.count ?? 0) bytes", ko: "\(left?.count ?? 0)바이트 파일을 남겼습니다"))
            run.fail("store(Data(), forKey: \"Empty-Data\") into the folder, which is there, \(what.english): empty data is data — it is "
                     + "written like any other, through files, leaving an empty file named \"Empty-Data\"",
                     ko: "폴더가 있는 상태에서 store(Data(), forKey: \"Empty-Data\")가 \(what.ko). 빈 데이터도 데이터입니다 — 다른 데이터처럼 "
                         + "files로 써서 \"Empty-Data\"라는 빈 파일을 남겨야 합니다")
            return
        }
    }

    /// The empty key names the folder itself: with the folder there, the write fails (a folder is
    /// not a file) and, the folder not being missing, that error must reach the caller as it is —
    /// not a success that wrote nothing. (Only with the folder there: where it is missing, writing
    /// at its path succeeds on some platforms, and the outcome is the platform's, not the rule's.)
    static func emptyKey(folder: URL, store: (String) -> StoreOutcome, _ run: CheckRun) {
        guard emptyFolder(folder, run) else { return }
        var expected: NSError?
        do { try Data().write(to: folder.appendingPathComponent("")) } catch { expected = error as NSError }
        guard let expected else { return }   // a platform that wrote it cannot show the mistake
        let outcome = store("")
        guard outcome.finished else { run.fail("store(\"\") into the folder never returned: give up with the write's error",
                                                ko: "폴더에 store(\"\")를 부르자 돌아오지 않았습니다: 쓰기 오류와 함께 포기해야 합니다"); return }
        if let problem = writesProblem(CheckMessage("store(\"\") into the folder", ko: "폴더에 한 store(\"\")"), outcome, wroteFile: false) {
            run.fail(problem)
            return
        }
        let got = outcome.error.map { $0 as NSError }
        guard let got, got.domain == expected.domain, got.code == expected.code else {
            let what = got.map { CheckMessage("threw \(describe($0))", ko: "\(describe($0)) 오류를 던졌습니다") }
                ?? CheckMessage("reported nothing", ko: "아무 오류도 알리지 않았습니다")
            run.fail("store(\"\") into the folder, which is there, \(what.english); the reference writes to the path the empty key names "
                     + "— the folder itself —, that write fails (\(expected.domain) \(expected.code) here), and the folder is not missing, "
                     + "so that error reaches the caller as it is: an empty key is a key like any other, and \"any other failure\" is thrown",
                     ko: "폴더가 있는 상태에서 store(\"\")가 \(what.ko). 기준 구현은 빈 key가 가리키는 경로 — 폴더 자신 — 에 쓰고, "
                     + "그 쓰기가 실패하며(여기서는 \(expected.domain) \(expected.code)), 폴더는 사라지지 않았으니 그 오류를 그대로 호출한 쪽에 "
                     + "전달합니다: 빈 key도 다른 key와 같은 key이고, \"그 밖의 실패\"는 던져집니다")
            return
        }
    }

    /// What a store did instead: the error it threw, or — threw nothing — that it left no file named
    /// `key` holding the key's bytes, and what the folder holds.
    static func outcomeText(_ error: Error?, key: String, in folder: URL) -> CheckMessage {
        if let error { return CheckMessage("threw \(describe(error))", ko: "오류를 던졌습니다: \(describe(error))") }
        let holds = show(place(folder, FileManager.default))
        return CheckMessage("threw nothing and left no file named \"\(key)\" holding its \(key.utf8.count) bytes: the folder holds \(holds.english)",
                            ko: "오류 없이 끝났는데, \(key.utf8.count)바이트를 담은 \"\(key)\" 파일이 없습니다. 폴더에 있는 것: \(holds.ko)")
    }

    /// Whether two errors are the same failure: domain, code and the path they are about.
    static func sameError(_ one: NSError, _ other: NSError) -> Bool {
        one.domain == other.domain && one.code == other.code && errorPath(one) == errorPath(other)
    }

    /// The path an error is about, as Foundation records it ("no path" when it does not).
    static func errorPath(_ error: NSError) -> String {
        (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path ?? "no path"
    }

    /// The same, with the check's temporary folder shown as "…" (the same text on every run).
    static func errorPath(_ error: NSError, in base: URL) -> String {
        errorPath(error).replacingOccurrences(of: base.path, with: "…")
    }

    /// One store in the fixed cases: whether it returned within its bound, what it threw, and the
    /// writes it made through `files` (those that wrote the file, those that threw).
    struct StoreOutcome {
        var finished: Bool, error: Error?, succeeded: Int, failed: Int
    }

    /// What is wrong with the writes one store made, by count: more than two that failed (the
    /// first and one retry), or a file left without a write through `files` that succeeded.
    static func writesProblem(_ what: CheckMessage, _ outcome: StoreOutcome, wroteFile: Bool) -> CheckMessage? {
        if outcome.failed > 2 {
            return CheckMessage("\(what) tried the write \(outcome.failed + outcome.succeeded) times, \(outcome.failed) of them failing: "
                                + "retry once — the first write and one retry, no more — then let the error reach the caller",
                                ko: "\(what.ko)에서 쓰기를 \(outcome.failed + outcome.succeeded)번 시도했고 그중 \(outcome.failed)번이 실패했습니다: "
                                + "재시도는 한 번뿐입니다 — 처음 쓰기와 재시도 한 번, 그 이상은 없습니다 — 그다음 오류를 호출한 쪽에 넘기세요")
        }
        if wroteFile && outcome.succeeded == 0 {
            return CheckMessage("\(what) left its file, but no write through `files` succeeded while it ran: write through `files`, "
                                + "before store returns (it writes as data.write(to:) does; the check counts the writes there — a write "
                                + "made another way, or later, is not one)",
                                ko: "\(what.ko)는 파일을 남겼지만, 실행되는 동안 `files`를 거친 쓰기는 하나도 성공하지 않았습니다: store가 "
                                + "돌아오기 전에 `files`를 거쳐 쓰세요 (`files`는 data.write(to:)와 같은 방식으로 쓰며, 확인은 거기서 쓰기 횟수를 셉니다 — 다른 "
                                + "방법으로 쓴 것이나 나중에 쓴 것은 세지 않습니다)")
        }
        return nil
    }

    /// What happens to a storage's folder just before a store, in a generated run.
    enum FolderEvent: String, CaseIterable {
        case nothing = "with its folder as it was"
        case folderVanished = "after its folder vanished"
        case parentVanished = "after its folder and the folder above vanished"
        case fileAtFolder = "after a file took the folder's place"
        case fileAtParent = "after the folder vanished and a file took the place of the folder above"
        case vanishesAtWrite = "with its folder removed just as the first write starts"
        case vanishesAtEveryWrite = "with its folder removed just before every write"

        /// The same in Korean, said before the store it happened to.
        var ko: String {
            switch self {
            case .nothing: return "폴더를 그대로 둔 채"
            case .folderVanished: return "폴더가 사라진 뒤"
            case .parentVanished: return "폴더와 상위 폴더가 사라진 뒤"
            case .fileAtFolder: return "폴더 자리에 파일이 생긴 뒤"
            case .fileAtParent: return "폴더가 사라지고 상위 폴더 자리에 파일이 생긴 뒤"
            case .vanishesAtWrite: return "첫 쓰기가 시작될 때 폴더가 지워지는 상태에서"
            case .vanishesAtEveryWrite: return "쓰기 직전마다 폴더가 지워지는 상태에서"
            }
        }
    }

    /// The data a generated store writes: short, empty (a value too), or long.
    static func generatedData(_ kind: Int, key: String, number: Int) -> Data {
        switch kind {
        case 1: return Data()
        case 2: return Data(String(repeating: "\(key) #\(number) ", count: 400).utf8)
        default: return Data("\(key) #\(number)".utf8)
        }
    }

    /// What is at a path, as the model and the check's look at the disk see it.
    enum Place: Equatable {
        case missing, file
        case folder([String: Data])

        var kind: CheckMessage {
            switch self {
            case .missing: return CheckMessage("nothing", ko: "없음")
            case .file: return CheckMessage("a file", ko: "파일")
            case .folder: return CheckMessage("a folder", ko: "폴더")
            }
        }
    }

    /// Generated: runs of up to 6 stores on two storages (each with its own folder inside a
    /// parent of its own), each store after something happened to its folder — nothing, the folder
    /// vanished, the folder and its parent vanished, a file where the folder or the parent should
    /// be. Compared after each store with the header's rule on a model: whether it threw, and what
    /// is at the folder's and the parent's paths (which files, with which bytes) — for the storage
    /// that stored, and after the last store for both.
    /// Keys differ in more than case and Unicode form: a Mac's disk would take "A" and "a" for one name.
    static func storesOnGeneratedFolderStates<E: FolderVanishedExercise>(_: E.Type, _ run: CheckRun) {
        // Keys as given, byte for byte: padded, decomposed (NFD; never beside its NFC twin, which a
        // Mac's disk takes for the same name), and one in a subfolder that does not exist.
        let keys = ["Photo-A", "b.png", "c d", "Photo-F@2x", " a.png", "a.png ", "e\u{301}.jpg", "Album/x"]
        func steps(_ keys: [String]) -> Gen<[(Int, FolderEvent, String, Int)]> {
            zip(zip(Gen<Int>.int(in: 0...1), Gen<FolderEvent>.element(of: FolderEvent.allCases)),
                Gen<String>.element(of: keys), Gen<Int>.int(in: 0...2)).map { ($0.0, $0.1, $1, $2) }.array(maxCount: 6)
        }
        // 160 runs as always, then 80 whose keys also hold ":" and characters Windows forbids, beside
        // the names a careless mapping would give them ("a:b.png" beside "a-b.png"): each step is a
        // dozen real file-system calls (about 5 ms a step on a busy machine).
        for (gen, cases, seed) in [(steps(keys), 160, UInt64(0x0902)),
                                   (steps(keys + ["a:b.png", "a-b.png", "x*y?.png", "x_y_.png"]), 80, UInt64(0x0912))] {
            guard run.passed else { return }
            folderRuns(E.self, run, gen, cases: cases, seed: seed)
        }
    }

    static func folderRuns<E: FolderVanishedExercise>(_: E.Type, _ run: CheckRun, _ gen: Gen<[(Int, FolderEvent, String, Int)]>,
                                                     cases: Int, seed: UInt64) {
        let fileManager = FileManager.default
        run.forAll(gen, cases: cases, seed: seed, shrinkBudget: 300) { steps in
            let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
                .appendingPathComponent("kfd-check-\(UUID().uuidString)", isDirectory: true)
            defer { try? fileManager.removeItem(at: base) }
            let parents = [base.appendingPathComponent("one"), base.appendingPathComponent("two")]
            let folders = parents.map { $0.appendingPathComponent("cache", isDirectory: true) }
            for folder in folders { try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true) }
            let storages = folders.map { E(folder: $0) }
            var parentModel: [Place] = [.folder([:]), .folder([:])]
            var folderModel: [Place] = [.folder([:]), .folder([:])]
            var done: [CheckMessage] = []
            for (number, (which, event, key, dataKind)) in steps.enumerated() {
                let label = CheckMessage(which == 0 ? "storage one" : "storage two", ko: which == 0 ? "첫째 storage" : "둘째 storage")
                let data = generatedData(dataKind, key: key, number: number)
                let inSubfolder = key.contains("/")
                var vanishing: FolderEvent?
                switch event {
                case .nothing: break
                case .vanishesAtWrite, .vanishesAtEveryWrite:
                    vanishing = event
                case .folderVanished:
                    try? fileManager.removeItem(at: folders[which])
                    if case .folder = parentModel[which] { folderModel[which] = .missing }
                case .parentVanished:
                    try? fileManager.removeItem(at: parents[which])
                    (parentModel[which], folderModel[which]) = (.missing, .missing)
                case .fileAtFolder:
                    try? fileManager.removeItem(at: parents[which])
                    try? fileManager.createDirectory(at: parents[which], withIntermediateDirectories: true)
                    _ = fileManager.createFile(atPath: folders[which].path, contents: Data("not a folder".utf8))
                    (parentModel[which], folderModel[which]) = (.folder([:]), .file)
                case .fileAtParent:
                    try? fileManager.removeItem(at: parents[which])
                    _ = fileManager.createFile(atPath: parents[which].path, contents: Data("not a folder".utf8))
                    (parentModel[which], folderModel[which]) = (.file, .missing)
                }
                // The rule: a missing folder is made (with the folders above it) and the write
                // retried once; anything else that fails the write reaches the caller. The writes
                // the reference makes: a store may make no more that fail, and as many that succeed.
                var shouldThrow = false
                var writes = (succeeded: 0, failed: 0)
                // Removed at the first write: a folder, or a file standing in its place, alike.
                if vanishing != nil, case .folder = parentModel[which] { folderModel[which] = .missing }
                switch (folderModel[which], parentModel[which]) {
                case (.folder(var files), _):
                    if inSubfolder {
                        (shouldThrow, writes) = (true, (0, 1))
                    } else {
                        files[exactName(key)] = data
                        folderModel[which] = .folder(files)
                        writes = (1, 0)
                    }
                case (.missing, .file), (.file, _):
                    (shouldThrow, writes) = (true, (0, 1))
                case (.missing, _):
                    parentModel[which] = .folder([:])
                    if vanishing == .vanishesAtEveryWrite {
                        folderModel[which] = .missing
                        (shouldThrow, writes) = (true, (0, 2))
                    } else if inSubfolder {
                        folderModel[which] = .folder([:])
                        (shouldThrow, writes) = (true, (0, 2))
                    } else {
                        folderModel[which] = .folder([exactName(key): data])
                        writes = (1, 1)
                    }
                }
                let folder = folders[which]
                switch vanishing {
                case .vanishesAtWrite?:
                    let first = Guarded(true)
                    storages[which].probes.beforeEachWrite { _ in
                        if first.withLock({ let was = $0; $0 = false; return was }) { try? FileManager.default.removeItem(at: folder) }
                    }
                case .vanishesAtEveryWrite?:
                    storages[which].probes.beforeEachWrite { _ in try? FileManager.default.removeItem(at: folder) }
                default:
                    storages[which].probes.beforeEachWrite(nil)
                }
                let bytes = CheckMessage(dataKind == 1 ? " (0 bytes)" : dataKind == 2 ? " (\(data.count) bytes)" : "",
                                         ko: dataKind == 1 ? " (0바이트)" : dataKind == 2 ? " (\(data.count)바이트)" : "")
                done.append(CheckMessage("\(label.english): store(\(quoted(key)))\(bytes.english) \(event.rawValue)",
                                         ko: "\(label.ko): \(event.ko) store(\(quoted(key)))\(bytes.ko)"))
                let story = CheckMessage.joined(done, separator: "; ")
                // On this thread: a thread per store costs milliseconds on a busy machine. The
                // fixed cases above already bound every store that could loop; one that loops only
                // here still ends the check at its time limit.
                var threw: Error?
                let before = storages[which].probes.writes
                storages[which].probes.limitWrites(to: 16)
                do { try storages[which].store(data, forKey: key) } catch { threw = error }
                storages[which].probes.limitWrites(to: nil)
                let after = storages[which].probes.writes
                storages[which].probes.beforeEachWrite(nil)
                let outcome = StoreOutcome(finished: true, error: threw,
                                           succeeded: after.succeeded - before.succeeded, failed: after.failed - before.failed)
                if outcome.failed > writes.failed {
                    return story + CheckMessage(": the last store made \(outcome.failed) write\(outcome.failed == 1 ? "" : "s") "
                        + "that failed; the reference makes \(writes.failed): "
                        + (writes.failed == 1 ? "a write that fails with the folder there (or where it cannot be made) is not retried — its error reaches the caller"
                                              : "the folder missing, it is made again and the write retried once — no more, even if the folder vanished again"),
                        ko: ": 마지막 store에서 실패한 쓰기가 \(outcome.failed)번입니다. 기준 구현은 \(writes.failed)번입니다: "
                        + (writes.failed == 1 ? "폴더가 있을 때(또는 폴더를 만들 수 없는 곳에서) 실패한 쓰기는 재시도하지 않습니다 — 그 오류가 호출한 쪽에 전달됩니다"
                                              : "폴더가 없으면 다시 만들고 쓰기를 한 번 재시도합니다 — 폴더가 또 사라져도 그 이상은 하지 않습니다"))
                }
                var wroteFile = false
                if threw == nil, case .folder(let files) = place(folders[which], fileManager) { wroteFile = files[exactName(key)] == data }
                if let problem = writesProblem(CheckMessage("the last store", ko: "마지막 store"), outcome, wroteFile: wroteFile) {
                    return story + CheckMessage(": ") + problem
                }
                if (threw != nil) != shouldThrow {
                    return story + CheckMessage(": the last store " + (threw.map { "threw \(describe($0))" } ?? "threw nothing")
                        + "; the reference " + (shouldThrow ? "throws: the folder cannot be made there, so the error must reach the caller"
                                                            : "succeeds: a missing folder is made again (with the folders above it) and the write retried once"),
                        ko: ": 마지막 store가 " + (threw.map { "\(describe($0)) 오류를 던졌습니다" } ?? "아무 오류도 던지지 않았습니다")
                        + ". 기준 구현은 " + (shouldThrow ? "오류를 던집니다: 그 자리에는 폴더를 만들 수 없으니 오류가 호출한 쪽에 전달돼야 합니다"
                                                        : "성공합니다: 사라진 폴더는 (상위 폴더까지) 다시 만들고 쓰기를 한 번 재시도합니다"))
                }
                // The storage that stored, after each store; both, after the last.
                for index in number == steps.count - 1 ? [0, 1] : [which] {
                    let seen = place(folders[index], fileManager)
                    let parentKind = place(parents[index], fileManager, listing: false).kind, expectedParentKind = parentModel[index].kind
                    if seen != folderModel[index] || parentKind != expectedParentKind {
                        return CheckMessage("after \(story.english), storage \(index == 0 ? "one" : "two")'s folder holds "
                            + "\(show(seen).english) and the folder above it is \(parentKind.english); the reference: \(show(folderModel[index]).english), "
                            + "and \(expectedParentKind.english) above (each store writes its own folder, the file named by its key, its bytes, "
                            + "nothing else)",
                            ko: "\(story.ko) 뒤에 \(index == 0 ? "첫째" : "둘째") storage의 폴더: \(show(seen).ko), 그 상위 폴더 자리: "
                            + "\(parentKind.ko). 기준 구현: 폴더는 \(show(folderModel[index]).ko), 상위 폴더 자리는 \(expectedParentKind.ko) "
                            + "(store마다 자기 폴더에, key가 가리키는 파일 하나를 그 바이트 그대로 쓰고, 다른 것은 쓰지 않습니다)")
                    }
                }
            }
            return nil
        }
    }

    /// What is at `url`: nothing, a file, or a folder (with each file's bytes when `listing`; a
    /// folder inside counts as an empty entry).
    static func place(_ url: URL, _ fileManager: FileManager, listing: Bool = true) -> Place {
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return .missing }
        guard isFolder.boolValue else { return .file }
        guard listing else { return .folder([:]) }
        var files: [String: Data] = [:]
        for name in (try? fileManager.contentsOfDirectory(atPath: url.path)) ?? [] {
            files[exactName(name)] = fileManager.contents(atPath: url.appendingPathComponent(name).path) ?? Data()
        }
        return .folder(files)
    }

    /// A file name as a dictionary key that tells its bytes apart: String's == takes the NFC and
    /// NFD forms of "é" for one string, so every non-ASCII scalar is spelled out (`e\u{301}`).
    static func exactName(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }

    static func show(_ place: Place) -> CheckMessage {
        switch place {
        case .missing: return CheckMessage("nothing (no folder)", ko: "아무것도 없음 (폴더 없음)")
        case .file: return CheckMessage("a file, not a folder", ko: "폴더가 아닌 파일")
        case .folder(let files) where files.isEmpty: return CheckMessage("an empty folder", ko: "빈 폴더")
        case .folder(let files):
            // Contents up to 40 bytes as text; longer ones by their size (a message stays readable).
            let entries = files.keys.sorted().map { name -> CheckMessage in
                let data = files[name] ?? Data()
                return CheckMessage("\(quoted(name)) (\(data.count <= 40 ? quoted(String(decoding: data, as: UTF8.self)) : "\(data.count) bytes"))",
                                    ko: "\(quoted(name)) (\(data.count <= 40 ? quoted(String(decoding: data, as: UTF8.self)) : "\(data.count)바이트"))")
            }
            return CheckMessage("a folder with ", ko: "") + CheckMessage.joined(entries, separator: ", ") + CheckMessage("", ko: " 파일이 든 폴더")
        }
    }

    /// An error as a learner reads it: its domain, code and message, without Foundation's
    /// user-info dump of temporary paths.
    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).map { " (underlying: \($0.domain) \($0.code))" } ?? ""
        return "\(nsError.domain) error \(nsError.code), \"\(nsError.localizedDescription)\"\(underlying)"
    }
}

// Chapter 5's checks: dates rounded up to whole seconds, and lifetimes that survive reads.

import ExerciseKit
import Foundation
import KFDCache
import WorkbookSupport

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol FileAttributeDateExercise {
    static func fileAttributeDate(_ date: Date) -> Date
}

public protocol CacheTimeExercise {
    /// The new (last access, expiration) after a hit at `now`, or nil when nothing changes.
    static func extended(lastAccess: Date, expiration: Date, now: Date,
                         extending: ExpirationExtending) -> (lastAccess: Date, expiration: Date)?
}

// MARK: The checks

public enum Chapter5Checks {
    /// 05-file-attribute-date: rounded up to a whole second; a whole second stays.
    public static func fileAttributeDate<E: FileAttributeDateExercise>(_: E.Type, _ run: CheckRun) {
        // Both sides of each boundary, negative dates (before 1970) included.
        let seconds: [Double] = [1_700_000_000, 1_700_000_000.000_001, 1_700_000_000.5, 1_700_000_000.999_999,
                                 0, -1, -1.5, -0.25, 0.25, 978_307_200.5,
                                 // "Any date": past 2038 (2^31 s), year 2100, distant future and past.
                                 2_147_483_647.5, 2_147_483_648.25, 4_102_444_800.75, 99_999_999_999.5,
                                 -2_147_483_649.5, -62_135_596_800.5,
                                 Date.distantFuture.timeIntervalSince1970 + 0.5, Date.distantPast.timeIntervalSince1970 - 0.5,
                                 // Far past anything an Int of seconds holds: no conversion may trap.
                                 1e20, -1e20, 9.3e18 + 0.5,
                                 // Infinite dates are whole already: they stay (a "never" written as +infinity).
                                 .infinity, -.infinity]
        var generator = SeededGenerator(seed: 5)
        let random = (0..<500).map { _ in 1_700_000_000 + Double(generator.next() % 10_000_000) / 1_000 }
        for value in seconds + random {
            let date = Date(timeIntervalSince1970: value)
            let rounded: Double = E.fileAttributeDate(date).timeIntervalSince1970
            let whole = rounded == rounded.rounded()
            let added: Double = rounded == value ? 0 : rounded - value   // infinity - infinity is NaN
            run.expect(whole, "\(value) became \(rounded): not a whole second",
                       ko: "\(value) → \(rounded): 정수 초가 아닙니다")
            run.expect(rounded >= value, "\(value) was rounded down to \(rounded): an entry would expire early",
                       ko: "\(value) → \(rounded): 내림됐습니다. 항목이 일찍 만료됩니다")
            let stays = value == value.rounded()
            run.expect(added < 1, "\(value) became \(rounded): rounded up by a second or more " + (stays ? "(a whole second must not move)" : ""),
                       ko: "\(value) → \(rounded): 1초 이상 올림됐습니다" + (stays ? " (정수 초는 그대로 있어야 합니다)" : ""))
            if !run.passed { return }
        }
        roundedUpOnGeneratedDates(E.self, run)
    }

    /// Generated: runs of up to 4 dates — whole seconds and the values beside them (±1 µs,
    /// below a µs, the next Double up or down), around 2^31, before 1970, up to ±1e20 — each result
    /// compared with the next whole second. A date between two clocks' whole seconds (Foundation
    /// keeps seconds since 2001; 1970 is 978307200 s earlier, and the sum can round onto a whole
    /// second) accepts either clock's answer.
    static func roundedUpOnGeneratedDates<E: FileAttributeDateExercise>(_: E.Type, _ run: CheckRun) {
        run.forAll(Gen<Double>.seconds.array(maxCount: 4), cases: 4_000, seed: 0x0501) { values in
            for (index, value) in values.enumerated() {
                let date = Date(timeIntervalSince1970: value)
                let since1970 = Date(timeIntervalSince1970: ceil(date.timeIntervalSince1970))
                let since2001 = Date(timeIntervalSinceReferenceDate: ceil(date.timeIntervalSinceReferenceDate))
                let got = E.fileAttributeDate(date)
                guard got != since1970 && got != since2001 else { continue }
                let after = index == 0 ? CheckMessage("", ko: "")
                    : CheckMessage("after \(index) other date\(index == 1 ? "" : "s"), ", ko: "다른 날짜 \(index)개 뒤, ")
                let shown = String(format: "%.9f", date.timeIntervalSince1970)
                let gotShown = String(format: "%.9f", got.timeIntervalSince1970)
                let why = got < date ? CheckMessage("it was rounded down: an entry would expire early", ko: "내림됐습니다: 항목이 일찍 만료됩니다")
                    : date.timeIntervalSince1970 == date.timeIntervalSince1970.rounded()
                        ? CheckMessage("a whole second stays as it is", ko: "정수 초는 그대로 둡니다")
                        : CheckMessage("the next whole second up, no further", ko: "바로 다음 정수 초로 올림하고, 그보다 더 가지 않습니다")
                let reference = String(format: "%.0f", since1970.timeIntervalSince1970)
                return after + CheckMessage("fileAttributeDate(\(shown) s since 1970) is \(gotShown); the reference gives \(reference): \(why.english)",
                                            ko: "fileAttributeDate(1970년부터 \(shown)초)가 \(gotShown)입니다. 기준 구현은 \(reference)입니다: \(why.ko)")
            }
            return nil
        }
    }

    /// 05-cache-time: the dates a hit writes, for each `ExpirationExtending`.
    public static func cacheTime<E: CacheTimeExercise>(_: E.Type, _ run: CheckRun) {
        var lastAccess = Date(timeIntervalSince1970: 1_700_000_000)
        var expiration = lastAccess.addingTimeInterval(20)
        var now = lastAccess
        for read in 1...30 {
            now = now.addingTimeInterval(1.7)
            guard let next = E.extended(lastAccess: lastAccess, expiration: expiration, now: now, extending: .cacheTime) else {
                run.fail(".cacheTime must return new dates (got nil at read \(read))",
                         ko: ".cacheTime은 새 날짜를 돌려줘야 합니다 (\(read)번째 읽기에서 nil)")
                return
            }
            lastAccess = next.lastAccess
            expiration = next.expiration
        }
        let lifetime = String(format: "%.3f", expiration.timeIntervalSince(lastAccess))
        run.expect(expiration.timeIntervalSince(lastAccess) == 20,
                   "after 30 reads the lifetime (expiration − last access) is \(lifetime) s, "
                   + "not the original 20 s: .cacheTime keeps the lifetime the entry was stored with",
                   ko: "30번 읽은 뒤 수명(만료 예정 시각 − 마지막 접근 시각)이 처음의 20초가 아니라 \(lifetime)초입니다: "
                       + ".cacheTime은 항목을 저장할 때의 수명을 그대로 유지합니다")
        run.expect(lastAccess == Date(timeIntervalSince1970: ceil(now.timeIntervalSince1970)),
                   "last access after a read at \(now.timeIntervalSince1970) is \(lastAccess.timeIntervalSince1970): it is the read time, rounded up",
                   ko: "\(now.timeIntervalSince1970)에 읽은 뒤 마지막 접근 시각이 \(lastAccess.timeIntervalSince1970)입니다: "
                       + "읽은 시각을 올림한 값이어야 합니다")

        let at = Date(timeIntervalSince1970: 1_700_000_100.4)
        let replaced = E.extended(lastAccess: lastAccess, expiration: expiration, now: at, extending: .expirationTime(.seconds(100)))
        if replaced == nil {
            run.fail(".expirationTime(.seconds(100)) read at 1700000100.4 returned nil: a hit with .expirationTime always writes new dates "
                     + "(last access 1700000101, expiration 1700000201), even for an entry that had already expired",
                     ko: "1700000100.4에 읽은 .expirationTime(.seconds(100))이 nil을 돌려줬습니다: .expirationTime 히트는 항목이 이미 만료됐어도 "
                         + "언제나 새 날짜(마지막 접근 시각 1700000101, 만료 예정 시각 1700000201)를 씁니다")
        }
        let gotAccess = replaced.map { "\($0.lastAccess.timeIntervalSince1970)" } ?? "nil"
        run.expect(replaced == nil || replaced?.lastAccess == Date(timeIntervalSince1970: 1_700_000_101),
                   ".expirationTime: last access is now, rounded up (1700000101; got \(gotAccess))",
                   ko: ".expirationTime: 마지막 접근 시각은 지금을 올림한 값입니다 (1700000101, 결과: \(gotAccess))")
        let got = replaced.map { "\($0.expiration.timeIntervalSince1970)" } ?? "nil"
        run.expect(replaced == nil || replaced?.expiration == Date(timeIntervalSince1970: 1_700_000_201),
                   ".expirationTime(.seconds(100)) must expire 100 s after *now*, rounded up (1700000201; got \(got))",
                   ko: ".expirationTime(.seconds(100))은 *지금*부터 100초 뒤를 올림한 시각(1700000201)에 만료돼야 합니다 (결과: \(got))")
        let never = E.extended(lastAccess: lastAccess, expiration: expiration, now: at, extending: .expirationTime(.never))
        run.expect(never?.expiration == StorageExpiration.never.estimatedExpirationSince(at).fileAttributeDate,
                   ".expirationTime(.never) must give StorageExpiration.never's date",
                   ko: ".expirationTime(.never)는 StorageExpiration.never의 날짜를 줘야 합니다")
        run.expect(E.extended(lastAccess: lastAccess, expiration: expiration, now: at, extending: .none) == nil, ".none changes nothing: return nil",
                   ko: ".none은 아무것도 바꾸지 않습니다: nil을 돌려주세요")
        guard run.passed else { return }

        // A lifetime that is not a whole number of seconds: the expiration is now + lifetime,
        // rounded up once — not now rounded up, plus the lifetime (that drifts by the rounding).
        let fractional = E.extended(lastAccess: Date(timeIntervalSince1970: 1_700_000_000),
                                    expiration: Date(timeIntervalSince1970: 1_700_000_010.25),
                                    now: Date(timeIntervalSince1970: 1_700_000_100.5), extending: .cacheTime)
        let gotFractional = fractional.map { String(format: "%.2f", $0.expiration.timeIntervalSince1970) } ?? "nil"
        // The advice names the rounding order only when the date is one a wrong order gives:
        // ceil(now) + lifetime, now + ceil(lifetime), no rounding, or rounded twice (the stored
        // dates rounded first give that too, so it says where the one rounding goes, not which was early).
        let misordered: Set<Double> = [1_700_000_111.25, 1_700_000_111.5, 1_700_000_110.75, 1_700_000_112]
        let advice = fractional.map { misordered.contains($0.expiration.timeIntervalSince1970) } == true
            ? CheckMessage("only the sum is rounded up, once: now (1700000100.5) plus the lifetime as stored (expiration − last access = "
                           + "10.25 s), neither of them rounded before",
                           ko: "올림은 합에만 한 번 합니다: 지금(1700000100.5)에 저장된 그대로의 수명(expiration − 마지막 접근 시각 = 10.25초)을 "
                               + "더하고, 그 전에는 어느 쪽도 올림하지 않습니다")
            : CheckMessage("the lifetime is the expiration minus the last access (10.25 s here), added to now and rounded up once",
                           ko: "수명은 expiration에서 마지막 접근 시각을 뺀 값(여기서는 10.25초)이고, 그것을 지금에 더한 뒤 한 번 올림합니다")
        run.expect(fractional?.expiration == Date(timeIntervalSince1970: 1_700_000_111),
                   "a 10.25 s lifetime read at 1700000100.5 must expire at ceil(1700000100.5 + 10.25) = 1700000111 (got "
                   + "\(gotFractional)): \(advice.english)",
                   ko: "수명이 10.25초인 항목을 1700000100.5에 읽으면 ceil(1700000100.5 + 10.25) = 1700000111에 만료돼야 합니다 "
                       + "(결과: \(gotFractional)): \(advice.ko)")

        // Other expirations and far dates: whatever the header promises, tried.
        let year2100 = Date(timeIntervalSince1970: 4_102_444_800.3)
        let far = E.extended(lastAccess: Date(timeIntervalSince1970: 4_102_444_000), expiration: Date(timeIntervalSince1970: 4_102_444_090),
                             now: year2100, extending: .cacheTime)
        let gotFar = far.map { "\($0.lastAccess.timeIntervalSince1970), \($0.expiration.timeIntervalSince1970)" } ?? "nil"
        run.expect(far?.lastAccess == Date(timeIntervalSince1970: 4_102_444_801) && far?.expiration == Date(timeIntervalSince1970: 4_102_444_891),
                   ".cacheTime in the year 2100 (a 90 s lifetime, read at 4102444800.3) must give last access 4102444801 and expiration "
                   + "4102444891 (got \(gotFar))",
                   ko: "2100년의 .cacheTime (수명 90초, 4102444800.3에 읽음)은 마지막 접근 시각 4102444801, 만료 예정 시각 "
                       + "4102444891을 줘야 합니다 (결과: \(gotFar))")
        let days = E.extended(lastAccess: lastAccess, expiration: expiration, now: at, extending: .expirationTime(.days(2)))
        run.expect(days?.expiration == Date(timeIntervalSince1970: ceil(at.timeIntervalSince1970 + 2 * 86_400)),
                   ".expirationTime(.days(2)) must expire two days after now, rounded up",
                   ko: ".expirationTime(.days(2))는 지금부터 이틀 뒤를 올림한 시각에 만료돼야 합니다")
        // "Forever" written as a huge number of days: KFDCache's StorageExpiration counts days in
        // TimeInterval, so any Int of days is a date; an Int product of seconds traps first (as
        // Kingfisher 8.11.0's Sources/Cache/Storage.swift, `secondsInOneDay * days`, would).
        for count in [Int.max, Int.max / 86_400 + 1, 1 << 53] {
            let huge = E.extended(lastAccess: lastAccess, expiration: expiration, now: at, extending: .expirationTime(.days(count)))
            let expected = StorageExpiration.days(count).estimatedExpirationSince(at).fileAttributeDate
            let gotHuge = huge.map { "\($0.expiration.timeIntervalSince1970)" } ?? "nil"
            run.expect(huge?.expiration == expected,
                       ".expirationTime(.days(\(count))) must expire at StorageExpiration.days(\(count)).estimatedExpirationSince(now), "
                       + "rounded up (\(expected.timeIntervalSince1970); got \(gotHuge))",
                       ko: ".expirationTime(.days(\(count))) 히트는 StorageExpiration.days(\(count)).estimatedExpirationSince(now)를 올림한 "
                           + "시각(\(expected.timeIntervalSince1970))에 만료돼야 합니다 (결과: \(gotHuge))")
        }
        let fixed = Date(timeIntervalSince1970: 1_800_000_000.2)
        let dated = E.extended(lastAccess: lastAccess, expiration: expiration, now: at, extending: .expirationTime(.date(fixed)))
        run.expect(dated?.expiration == Date(timeIntervalSince1970: 1_800_000_001),
                   ".expirationTime(.date(d)) must expire at d itself, rounded up (not d counted from now)",
                   ko: ".expirationTime(.date(d))는 d 자체를 올림한 시각에 만료돼야 합니다 (지금부터 d만큼이 아니라)")
        if run.passed { extendedOnGeneratedHits(E.self, run) }
    }

    /// One hit on a cached file, as the generated runs make it.
    struct Hit: CustomStringConvertible {
        var lastAccess: Date, expiration: Date, now: Date, extending: ExpirationExtending

        var description: String {
            "extended(lastAccess: \(seconds(lastAccess)), expiration: \(seconds(expiration)), now: \(seconds(now)), "
                + "extending: \(Self.name(extending)))"
        }

        static func name(_ extending: ExpirationExtending) -> String {
            switch extending {
            case .none: return ".none"
            case .cacheTime: return ".cacheTime"
            case .expirationTime(.never): return ".expirationTime(.never)"
            case .expirationTime(.expired): return ".expirationTime(.expired)"
            case .expirationTime(.seconds(let value)): return ".expirationTime(.seconds(\(value)))"
            case .expirationTime(.days(let value)): return ".expirationTime(.days(\(value)))"
            case .expirationTime(.date(let date)): return ".expirationTime(.date(\(seconds(date))))"
            }
        }

        /// What the header promises for this hit.
        var reference: (lastAccess: Date, expiration: Date)? {
            switch extending {
            case .none: return nil
            case .cacheTime:
                return (now.fileAttributeDate, now.addingTimeInterval(expiration.timeIntervalSince(lastAccess)).fileAttributeDate)
            case .expirationTime(let replacement):
                return (now.fileAttributeDate, replacement.estimatedExpirationSince(now).fileAttributeDate)
            }
        }
    }

    /// A date as the messages write it: seconds since 1970.
    static func seconds(_ date: Date) -> String {
        let value = date.timeIntervalSince1970
        return value == value.rounded() && abs(value) < 1e15 ? String(format: "%.0f", value) : String(format: "%.7f", value)
    }

    /// Generated: runs of up to 4 hits with dates and lifetimes on a 2^-20 s grid (exact in
    /// either of Foundation's clocks, so any right formula gives the same bits), lifetimes of 0 to
    /// 11 days and, in a third of the hits, of a year to 79 years (2^31 s among them; expirations
    /// past 2200) — negative too, for an entry already expired — a now as far after or before the
    /// last access, and every kind of extension (`.days` up to `Int.max` among them), each
    /// compared with the header's rule.
    static func extendedOnGeneratedHits<E: CacheTimeExercise>(_: E.Type, _ run: CheckRun) {
        let expiration = Gen<StorageExpiration>.oneOf([
            Gen<Double>.gridSpan.map { .seconds($0) },
            .element(of: [.never, .expired]),
            Gen<Int>.int(in: 0...3_650).map { .days($0) },
            // Far more days than an Int of seconds holds ("forever" as a count of days).
            Gen<Int>.oneOf([.element(of: [Int.max, Int.max / 86_400 + 1]), .int(in: (Int.max / 86_400)...Int.max)]).map { .days($0) },
            Gen<Double>.gridSeconds.map { .date(Date(timeIntervalSince1970: $0)) },
        ])
        let extending = Gen<ExpirationExtending>.oneOf([
            .element(of: [.cacheTime, .none]),
            expiration.map { .expirationTime($0) },
        ])
        // Now is after the last access, or before it (a clock stepped back, a file written by a
        // clock that ran ahead): the header's rule restarts at now either way.
        let sinceAccess = zip(Gen<Double>.gridSpan, Gen<Bool>.bool).map { span, before in before ? -span : span }
        let hit = zip(zip(Gen<Double>.gridSeconds, Gen<Double>.gridSpan, Gen<Bool>.bool), sinceAccess, extending).map { dates, sinceAccess, extending in
            let (access, lifetime, expired) = dates
            return Hit(lastAccess: Date(timeIntervalSince1970: access),
                       expiration: Date(timeIntervalSince1970: expired ? access - lifetime : access + lifetime),
                       now: Date(timeIntervalSince1970: access + sinceAccess), extending: extending)
        }
        // Long lifetimes: a year and more, around 2^31 s, and expirations past the year 2200. The
        // dates stay below 2^33 s, so the 2^-20 s grid stays exact: the sums are capped to fit.
        let longSpan = Gen<Int>.oneOf([
            .element(of: [31_536_000, 63_072_000, 2_147_483_647, 2_147_483_648, 2_147_483_649]),
            .int(in: 1_000_000...2_500_000_000),
        ])
        let longHit = zip(zip(Gen<Double>.gridSeconds, longSpan, Gen<Bool>.bool), zip(longSpan, Gen<Bool>.bool), extending)
            .map { dates, since, extending in
                let (access, span, expired) = dates
                // access + lifetime + the time since stays below 2^33 (the lifetime drawn first, so
                // that an expiration can reach past 2200 from an access near 6e9).
                let room = Int(8_500_000_000 - max(access, 0))
                let drawn = min(span, room)
                let lifetime = Double(drawn), elapsed = Double(min(since.0, room - drawn)) * (since.1 ? -1 : 1)
                return Hit(lastAccess: Date(timeIntervalSince1970: access),
                           expiration: Date(timeIntervalSince1970: expired ? access - lifetime : access + lifetime),
                           now: Date(timeIntervalSince1970: access + elapsed), extending: extending)
            }
        // Fixed, before the generated ones: an expiration of Date.distantFuture (how Kingfisher
        // stores .never) and lifetimes of a century and two: .cacheTime keeps any lifetime, and
        // none of these is a "never" that may be left alone (blind round 40). Whole seconds, so
        // every right formula gives the same bits.
        let access = Date(timeIntervalSince1970: 1_700_000_000), later = Date(timeIntervalSince1970: 1_700_000_100)
        let fixed = [Hit(lastAccess: access, expiration: .distantFuture, now: later, extending: .cacheTime),
                     Hit(lastAccess: access, expiration: access.addingTimeInterval(3_153_600_000), now: later, extending: .cacheTime),
                     Hit(lastAccess: access, expiration: access.addingTimeInterval(6_307_200_000), now: later, extending: .cacheTime)]
        for hit in fixed {
            let expected = hit.reference
            let got = E.extended(lastAccess: hit.lastAccess, expiration: hit.expiration, now: hit.now, extending: hit.extending)
            guard got?.lastAccess != expected?.lastAccess || got?.expiration != expected?.expiration else { continue }
            let shownGot = got.map { "(lastAccess: \(seconds($0.lastAccess)), expiration: \(seconds($0.expiration)))" } ?? "nil"
            let shownExpected = expected.map { "(lastAccess: \(seconds($0.lastAccess)), expiration: \(seconds($0.expiration)))" } ?? "nil"
            run.fail("\(hit) returned \(shownGot); the reference returns \(shownExpected): .cacheTime keeps the lifetime "
                     + "(expiration − lastAccess) however long it is, Date.distantFuture's too, and restarts it at now",
                     ko: "\(hit)의 결과가 \(shownGot)입니다. 기준 구현은 \(shownExpected)입니다: .cacheTime은 수명(expiration − lastAccess)이 "
                         + "아무리 길어도, Date.distantFuture까지의 수명이라도 그대로 두고 지금부터 다시 시작합니다")
            return
        }
        run.forAll(Gen<Hit>.oneOf([hit, hit, longHit]).array(maxCount: 4), cases: 4_000, seed: 0x0502) { hits in
            for (index, hit) in hits.enumerated() {
                let expected = hit.reference
                let got = E.extended(lastAccess: hit.lastAccess, expiration: hit.expiration, now: hit.now, extending: hit.extending)
                if got?.lastAccess == expected?.lastAccess && got?.expiration == expected?.expiration { continue }
                // The hits before it are named only when they matter: asked again, does it still fail?
                let again = E.extended(lastAccess: hit.lastAccess, expiration: hit.expiration, now: hit.now, extending: hit.extending)
                let failsAnyway = !(again?.lastAccess == expected?.lastAccess && again?.expiration == expected?.expiration)
                let after = index == 0 || failsAnyway ? CheckMessage("", ko: "")
                    : CheckMessage("after \(index) other hit\(index == 1 ? "" : "s"), ", ko: "다른 히트 \(index)번 뒤, ")
                func shown(_ dates: (lastAccess: Date, expiration: Date)?) -> String {
                    dates.map { "(lastAccess: \(seconds($0.lastAccess)), expiration: \(seconds($0.expiration)))" } ?? "nil"
                }
                let why: CheckMessage
                switch hit.extending {
                case .none: why = CheckMessage(".none changes nothing", ko: ".none은 아무것도 바꾸지 않습니다")
                case .cacheTime:
                    why = CheckMessage("the lifetime (expiration − lastAccess) restarts at now; both dates rounded up to whole seconds",
                                       ko: "수명(expiration − lastAccess)이 지금부터 다시 시작합니다. 두 날짜 모두 정수 초로 올림합니다")
                case .expirationTime:
                    why = CheckMessage("the new lifetime counts from now (a .date is that date itself); both dates rounded up to whole seconds",
                                       ko: "새 수명은 지금부터 셉니다 (.date는 그 날짜 자체). 두 날짜 모두 정수 초로 올림합니다")
                }
                return after + CheckMessage("\(hit) returned \(shown(got)); the reference returns \(shown(expected)): \(why.english)",
                                            ko: "\(hit)의 결과가 \(shown(got))입니다. 기준 구현은 \(shown(expected))입니다: \(why.ko)")
            }
            return nil
        }
    }
}

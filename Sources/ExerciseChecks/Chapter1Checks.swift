// Chapter 1's checks: namespaces nobody can instantiate.

import ExerciseKit
import Foundation
import WorkbookSupport

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol NamespaceEnumExercise {
    /// The namespace type: must be an enum with no cases.
    associatedtype Namespace
    /// A config made through the namespace (proves `Config` is nested and works).
    static func makeConfig(limit: Int) -> (limit: Int, typeName: String)
}

public protocol CacheKeyExercise {
    associatedtype Namespace
    static func computedKey(_ key: String, processorIdentifier: String) -> String
}

// MARK: The checks

public enum Chapter1Checks {
    /// 01-namespace-enum: `ThumbnailStorage` is a caseless enum; `Config` still nested and working.
    public static func namespaceEnum<E: NamespaceEnumExercise>(_: E.Type, _ run: CheckRun) {
        let shape = Self.shape(E.Namespace.self)
        switch TypeKind.enumCaseCount(E.Namespace.self) {
        case 0?: break
        case _?:
            run.fail("ThumbnailStorage is \(shape.english): a case declares values of the type (ThumbnailStorage.\u{2026}), "
                     + "which a namespace does not have. A namespace enum has no cases at all.",
                     ko: "ThumbnailStorage는 \(shape.ko)입니다: case는 그 타입의 값(ThumbnailStorage.\u{2026})을 선언하는데, "
                         + "네임스페이스에는 값이 없습니다. 네임스페이스 enum에는 case가 하나도 없습니다.")
        case nil where TypeKind.describe(E.Namespace.self) == "a struct":
            // An unavailable or private init does not make a struct a namespace: an init added in
            // an extension (in the same file, if its properties are private) makes its values (blind round 40).
            run.fail("ThumbnailStorage is \(shape.english): a type of values. Whatever its own inits are (public, private or "
                     + "unavailable), an init added in an extension can make one. A namespace is an enum "
                     + "with no cases: no value of it can exist.",
                     ko: "ThumbnailStorage는 \(shape.ko)입니다: 값을 갖는 타입입니다. 자기 init이 public이든 private이든 unavailable이든, "
                         + "extension으로 init을 더하면 값을 만들 수 있습니다. "
                         + "네임스페이스는 case가 없는 enum이라 그 값은 아예 존재할 수 없습니다.")
        case nil:
            run.fail("ThumbnailStorage is \(shape.english): a type whose values can be made (with an init — even a private one, "
                     + "from its own file). A namespace is an enum with no cases.",
                     ko: "ThumbnailStorage는 \(shape.ko)입니다: 값을 만들 수 있는 타입입니다 (init으로 — private init이라도 "
                         + "같은 파일 안에서는 만들 수 있습니다). 네임스페이스는 case가 없는 enum입니다.")
        }
        rejectInitializers("ThumbnailStorage", of: E.Namespace.self, run)
        let config = E.makeConfig(limit: 42)
        run.expect(config.limit == 42, "ThumbnailStorage.Config(limit: 42).limit is \(config.limit), not 42",
                   ko: "ThumbnailStorage.Config(limit: 42).limit이 42가 아니라 \(config.limit)입니다")
        run.expect(config.typeName == "Config", "Config should stay nested inside the namespace (found \(config.typeName))",
                   ko: "Config는 네임스페이스 안에 중첩된 채로 있어야 합니다 (찾은 것: \(config.typeName))")
        // Config keeps every limit as given: the exercise changes the namespace, not what is inside.
        let limits = [0, -1, Int.max, Int.min, Int(Int32.max) + 1, 1 << 40]
            + SourceFacts.sizesPastCutOffs(in: run.source, within: 2...Int.max, limit: 3)
        for limit in limits {
            let made = E.makeConfig(limit: limit).limit
            guard made != limit else { continue }
            run.fail("ThumbnailStorage.Config(limit: \(limit)).limit is \(made): Config keeps the limit it is given, any Int, as it "
                     + "did before — making ThumbnailStorage a namespace changes ThumbnailStorage only",
                     ko: "ThumbnailStorage.Config(limit: \(limit)).limit이 \(made)입니다: Config는 받은 limit을, 어떤 Int든, 전처럼 "
                         + "그대로 유지해야 합니다 — ThumbnailStorage를 네임스페이스로 바꿀 때 바뀌는 것은 ThumbnailStorage뿐입니다")
            break
        }
        keptInside(["Config": "struct", "Backend": "class"], of: "ThumbnailStorage", run)
        if run.passed { publicAPIKept(run) }
        if run.passed { bodiesKept(run) }
    }

    /// Config and Backend as shipped (the exercise changes ThumbnailStorage only).
    static let shippedNestedTypes = """
        public struct Config {
            public var limit: Int
            public init(limit: Int) { self.limit = limit }
        }
        public final class Backend {
            public let config: Config
            public init(config: Config) { self.config = config }
        }
        """

    /// Config's and Backend's declarations, token for token as shipped (whitespace and comments
    /// aside): a `didSet` that clamps, a static that remembers the first config, a stored
    /// property added — behaviour the check cannot reach through its calls, and the exercise
    /// does not ask to change.
    static func bodiesKept(_ run: CheckRun) {
        declarationsKept(["Config", "Backend"], shipped: shippedNestedTypes,
                         task: CheckMessage("Making ThumbnailStorage a namespace changes ThumbnailStorage only",
                                            ko: "ThumbnailStorage를 네임스페이스로 바꿀 때 바뀌는 것은 ThumbnailStorage뿐입니다"), run)
    }

    /// Each of `names` declared token for token as in `shipped` (whitespace and comments aside),
    /// where the file declares it: a type the exercise does not ask to change stays as it was.
    static func declarationsKept(_ names: [String], shipped: String, task: CheckMessage, _ run: CheckRun) {
        guard let source = run.source else { return }
        for name in names {
            guard let expected = SourceFacts.declarationBody(of: name, in: shipped),
                  let yours = SourceFacts.declarationBody(of: name, in: source), yours != expected else { continue }
            run.fail("\(name)'s declaration is not as shipped — yours: `\(yours)`; shipped: `\(expected)`. \(task.english): keep "
                     + "\(name) exactly as it was (an observer, a static, a stored property, an access level or `final` changed "
                     + "changes what \(name) is for every caller)",
                     ko: "\(name)의 선언이 배포된 모습과 다릅니다 — 여러분의 선언: `\(yours)`, 배포된 선언: `\(expected)`. \(task.ko): "
                         + "\(name) 타입은 원래 모습 그대로 두세요 (observer, static, 저장 프로퍼티를 더하거나 접근 수준이나 `final`을 바꾸면 모든 "
                         + "호출자에게 \(name) 타입이 달라집니다)")
            return
        }
    }

    /// What another module sees of Config and Backend, as shipped: the check's own calls come
    /// from the learner's module, where `internal` works too, so the declarations are read.
    static func publicAPIKept(_ run: CheckRun) {
        guard let source = run.source else { return }
        let code = SourceFacts.code(of: source)
        let config = #"(ThumbnailStorage\.)?Config"#
        let kept: [(pattern: String, shipped: String)] = [
            (#"public\s+struct\s+Config\b"#, "public struct Config"),
            (#"public\s+var\s+limit\s*:\s*Int\b"#, "public var limit: Int"),
            (#"public\s+init\s*\(\s*limit\s*:\s*Int\s*\)"#, "public init(limit: Int)"),
            (#"public\s+final\s+class\s+Backend\b"#, "public final class Backend"),
            (#"public\s+let\s+config\s*:\s*"# + config + #"\b"#, "public let config: Config"),
            (#"public\s+init\s*\(\s*config\s*:\s*"# + config + #"\s*\)"#, "public init(config: Config)"),
        ]
        for (pattern, shipped) in kept where code.range(of: pattern, options: .regularExpression) == nil {
            run.fail("`\(shipped)` is no longer in the file as shipped (its access, `var`/`let`, `final` or its signature changed): another "
                     + "module makes, reads and sets Config and Backend through exactly these — making ThumbnailStorage a namespace "
                     + "changes ThumbnailStorage only (the check calls from your own module, where `internal` would pass unnoticed)",
                     ko: "`\(shipped)` 선언이 더는 배포된 모습 그대로 파일에 없습니다 (접근 수준, `var`/`let`, `final`, 시그니처 중 무언가가 "
                         + "바뀌었습니다): 다른 모듈은 바로 이 선언들로 Config와 Backend를 만들고, 읽고, 설정합니다 — ThumbnailStorage를 "
                         + "네임스페이스로 바꿀 때 바뀌는 것은 ThumbnailStorage뿐입니다 (확인은 여러분의 모듈 안에서 부르므로 `internal`이어도 "
                         + "드러나지 않고 통과합니다)")
            return
        }
    }

    /// Each of `kinds`' types is still declared in `namespace`'s body (or an extension of it),
    /// with the same kind: a typealias to a type declared elsewhere reads the same to a caller
    /// but is not the nesting the exercise keeps, and a struct turned class changes its meaning.
    static func keptInside(_ kinds: [String: String], of namespace: String, _ run: CheckRun) {
        guard let source = run.source else { return }
        for (name, kind) in kinds.sorted(by: { $0.key < $1.key }) {
            let found = SourceFacts.declarations(of: name, in: source)
            guard let inside = found.first(where: { $0.enclosing == namespace && $0.keyword != "typealias" }) else {
                let elsewhere: CheckMessage
                if let alias = found.first(where: { $0.keyword == "typealias" }) {
                    let target = found.first { $0.keyword != "typealias" }
                    // Aliased to a type of another name (blind round 41: `Configuration`, nested all the same): "another type".
                    elsewhere = CheckMessage("line \(alias.line) makes \(namespace).\(name) a typealias for "
                                             + (target.map { "a type declared " + ($0.enclosing.map { "inside \($0) (line \(target!.line))" } ?? "at the top level (line \($0.line))") }
                                                ?? "another type"),
                                             ko: "\(alias.line)번째 줄이 \(namespace).\(name) 타입을 "
                                                 + (target.map { "다른 곳에 선언된 타입" + ($0.enclosing.map { "(\($0) 안, \(target!.line)번째 줄)" } ?? "(최상위, \($0.line)번째 줄)") }
                                                    ?? "다른 타입") + "의 typealias로 만듭니다")
                } else if let other = found.first {
                    elsewhere = CheckMessage("\(name) is declared \(other.enclosing.map { "inside \($0)" } ?? "at the top level") (line \(other.line))",
                                             ko: "\(name) 타입이 \(other.enclosing.map { "\($0) 안" } ?? "최상위")에 선언돼 있습니다 (\(other.line)번째 줄)")
                } else {
                    elsewhere = CheckMessage("no declaration of \(name) was found", ko: "\(name)의 선언을 찾지 못했습니다")
                }
                run.fail(elsewhere + CheckMessage(": keep \(name) itself declared inside \(namespace), as MemoryStorage declares its Config "
                                                  + "and Backend — the namespace is where the types live, not a name that points at them",
                                                  ko: ": \(name) 자체를 \(namespace) 안에 선언된 채로 두세요. MemoryStorage도 자기 안에 Config와 "
                                                      + "Backend를 선언합니다 — 네임스페이스는 타입이 실제로 들어 있는 곳이지, 타입을 가리키는 이름이 아닙니다"))
                return
            }
            guard inside.keyword == kind else {
                run.fail("\(namespace).\(name) is now a\(inside.keyword == "enum" || inside.keyword == "actor" ? "n" : "") \(inside.keyword) "
                         + "(line \(inside.line)); it was a \(kind): making \(namespace) a namespace changes \(namespace) only, and "
                         + "\(name) keeps what it was (\(kind == "struct" ? "a value: a copy changed in one place stays as it was elsewhere" : "one shared instance"))",
                         ko: "\(namespace).\(name) 타입이 이제 \(inside.keyword)입니다 (\(inside.line)번째 줄). 원래는 \(kind)였습니다: "
                             + "\(namespace)를 네임스페이스로 바꿀 때 바뀌는 것은 \(namespace)뿐이고, \(name) 타입은 원래 모습 그대로 남아야 합니다 "
                             + "(\(kind == "struct" ? "값 타입: 한 곳에서 바꾼 복사본은 다른 곳에 영향을 주지 않습니다" : "공유되는 인스턴스 하나"))")
                return
            }
        }
    }

    /// 01-cache-key: Kingfisher's computed key, from a caseless-enum namespace.
    public static func cacheKey<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun) {
        let cases: [(key: String, identifier: String, expected: String, why: CheckMessage)] = [
            ("https://a/b.png", "", "https://a/b.png", CheckMessage("with no processor the computed key is the key itself",
                                                                    ko: "processor가 없으면 computed key는 key 그 자체입니다")),
            ("https://a/b.png", "round(8)", "https://a/b.png@round(8)", CheckMessage("with a processor it is key + \"@\" + identifier",
                                                                                     ko: "processor가 있으면 key + \"@\" + identifier입니다")),
            ("k", " ", "k@ ", CheckMessage("an identifier of one space is not empty: it is appended",
                                           ko: "공백 하나짜리 identifier는 빈 문자열이 아닙니다: 뒤에 붙습니다")),
            ("a@b", "p", "a@b@p", CheckMessage("a key that already holds \"@\" is used as it is",
                                               ko: "이미 \"@\"가 들어 있는 key도 그대로 씁니다")),
            ("https://A/B.PNG", "Round(8)", "https://A/B.PNG@Round(8)", CheckMessage("keys and identifiers are used exactly as given, case included",
                                                                                     ko: "key와 identifier는 대소문자까지 주어진 그대로 씁니다")),
            ("Avatar", "", "Avatar", CheckMessage("with no processor the key is returned exactly as given, case included",
                                                  ko: "processor가 없으면 key를 대소문자까지 주어진 그대로 돌려줍니다")),
            // Invisible, but not empty: a zero-width space, a soft hyphen, a byte-order mark.
            ("k", "\u{200B}", "k@\u{200B}", CheckMessage("an identifier of one invisible character (U+200B) is not empty: it is appended",
                                                         ko: "보이지 않는 문자(U+200B) 하나로 된 identifier도 빈 문자열이 아닙니다: 뒤에 붙습니다")),
            ("k", "\u{AD}", "k@\u{AD}", CheckMessage("an identifier of one soft hyphen (U+00AD) is not empty: it is appended",
                                                     ko: "soft hyphen(U+00AD) 하나로 된 identifier도 빈 문자열이 아닙니다: 뒤에 붙습니다")),
            ("k", "\u{FEFF}", "k@\u{FEFF}", CheckMessage("an identifier of one byte-order mark (U+FEFF) is not empty: it is appended",
                                                         ko: "BOM(바이트 순서 표시, U+FEFF) 하나로 된 identifier도 빈 문자열이 아닙니다: 뒤에 붙습니다")),
        ]
        for item in cases {
            let got = E.computedKey(item.key, processorIdentifier: item.identifier)
            // An identifier appended, but changed on the way (encoded, trimmed, escaped): the case's
            // own reason (say, "one space is not empty") is not what went wrong then.
            let changed = item.expected != item.key && got.hasPrefix(item.key + "@") && got != item.expected
            let why = changed ? CheckMessage("the identifier is appended exactly as given — nothing encoded, trimmed or escaped",
                                             ko: "identifier는 주어진 그대로 붙습니다 — 인코딩하거나, 자르거나, 이스케이프하지 않습니다")
                              : item.why
            run.expect(sameBytes(got, item.expected),
                       "computedKey(\(quoted(item.key)), \(quoted(item.identifier))) is \(quoted(got)), expected \(quoted(item.expected)): \(why.english)",
                       ko: "computedKey(\(quoted(item.key)), \(quoted(item.identifier)))의 결과가 \(quoted(got))입니다. 기대한 값은 \(quoted(item.expected))입니다: \(why.ko)")
        }
        if run.passed { urlKeysKept(E.self, run) }
        if run.passed { computedKeysMatch(E.self, run) }
        if run.passed { keysPastCutOffs(E.self, run) }
        if TypeKind.enumCaseCount(E.Namespace.self) != 0 {
            let shape = Self.shape(E.Namespace.self)
            run.fail("CacheKeys is \(shape.english): make it a caseless enum holding a static function",
                     ko: "CacheKeys는 \(shape.ko)입니다: static 함수를 담은, case 없는 enum으로 만드세요")
        }
        rejectInitializers("CacheKeys", of: E.Namespace.self, run)
        // Shared mutable state nothing guards: Swift 6 compiles a static or global `var` only when
        // it is `nonisolated(unsafe)`, the programmer's promise that something else keeps it safe.
        // With no lock, queue or atomic in the file, nothing does: Kingfisher computes keys on any
        // thread, and two at once race on it (a memo's Dictionary can crash; blind round 39).
        if run.passed, let source = run.source {
            let code = SourceFacts.code(of: source)
            let unsafeKeyword = "nonisolated" + "(unsafe)"  // the keyword searched for in the learner's file; this line declares nothing
            let guards = ["NSLock", "NSRecursiveLock", "Mutex", "DispatchQueue", "Atomic", "os_unfair_lock", "withLock", "pthread_mutex"]
            if code.contains(unsafeKeyword), !guards.contains(where: { code.contains($0) }) {
                run.fail("your file keeps state in a `\(unsafeKeyword)` variable that no lock, queue or atomic guards: computedKey is "
                         + "called from any thread (Kingfisher computes keys wherever an image is asked for), and two calls at once are a "
                         + "data race on it — a Dictionary written by two threads can crash. A computed key needs no state: compute it each time",
                         ko: "파일이 어떤 lock, 큐, atomic도 지키지 않는 `\(unsafeKeyword)` 변수에 상태를 둡니다: computedKey는 어느 스레드에서나 "
                             + "불립니다(Kingfisher는 이미지를 요청받는 곳 어디서든 key를 계산합니다). 두 호출이 동시에 오면 그 변수에서 데이터 레이스가 "
                             + "나고, 두 스레드가 함께 쓰는 Dictionary는 크래시할 수 있습니다. 계산된 key에는 상태가 필요 없습니다: 매번 계산하세요")
            }
        }
        // What another module calls: the check's own call comes from the learner's module.
        if run.passed, let source = run.source {
            // CacheKeys' own declaration only: the DO NOT EDIT lines declare a public computedKey of their own.
            let code = SourceFacts.declarationBody(of: "CacheKeys", in: source) ?? ""
            for (pattern, shipped) in [(#"public\s+enum\s+CacheKeys\b"#, "public enum CacheKeys"),
                                       (#"public\s+static\s+func\s+computedKey\s*\("#, "public static func computedKey(")]
            where code.range(of: pattern, options: .regularExpression) == nil {
                run.fail("`\(shipped)` is not in the file: the app calls CacheKeys.computedKey from its own module, where an internal "
                         + "namespace or function is out of reach (the check calls from your module, where `internal` would pass unnoticed)",
                         ko: "`\(shipped)` 선언이 파일에 없습니다: 앱은 자기 모듈에서 CacheKeys.computedKey를 부르므로 internal인 "
                             + "네임스페이스나 함수에는 접근할 수 없습니다 (확인은 여러분의 모듈 안에서 부르므로 `internal`이어도 드러나지 않고 통과합니다)")
                break
            }
        }
    }

    /// Keys as URLs hold them: percent escapes, a query, a fragment, a backslash — each part of
    /// the key, kept byte for byte. Stops at the first wrong one: "%%" comes first, because a key
    /// used as a format string reads arguments that were never passed at a lone "%".
    static func urlKeysKept<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun) {
        let percent = CheckMessage("\"%\" is a character of the key like any other (the key is not a format string)",
                                   ko: "\"%\"도 key의 다른 문자와 같은 문자입니다 (key는 format 문자열이 아닙니다)")
        let escape = CheckMessage("a percent escape stays as it is: \"a%20b\" and \"a b\" are two keys",
                                  ko: "퍼센트 이스케이프는 그대로 둡니다: \"a%20b\"와 \"a b\"는 서로 다른 key입니다")
        let query = CheckMessage("a query is part of the key: \"a.png?w=100\" and \"a.png?w=200\" are two keys",
                                 ko: "쿼리도 key의 일부입니다: \"a.png?w=100\"과 \"a.png?w=200\"은 서로 다른 key입니다")
        let cases: [(key: String, identifier: String, why: CheckMessage)] = [
            ("a%%b.png", "p", percent), ("https://x/a%20b.png", "p", escape), ("100%", "", percent), ("100%25", "p", escape),
            ("a.png?w=100", "", query), ("a.png?w=100", "p", query),
            ("user#1", "", CheckMessage("a \"#\" and what follows are part of the key: \"user#1\" and \"user#2\" are two keys",
                                        ko: "\"#\"와 그 뒤도 key의 일부입니다: \"user#1\"과 \"user#2\"는 서로 다른 key입니다")),
            ("a\\b", "p", CheckMessage("a backslash stays a backslash: \"a\\\\b\" and \"a/b\" are two keys",
                                        ko: "백슬래시는 백슬래시 그대로입니다: \"a\\\\b\"와 \"a/b\"는 서로 다른 key입니다")),
        ]
        for (key, identifier, why) in cases {
            let expected = identifier.isEmpty ? key : key + "@" + identifier
            let got = E.computedKey(key, processorIdentifier: identifier)
            guard !sameBytes(got, expected) else { continue }
            let call = "computedKey(\(quoted(key)), processorIdentifier: \(quoted(identifier)))"
            run.fail("\(call) is \(quoted(got)); the reference gives \(quoted(expected)): \(why.english)",
                     ko: "\(call)의 결과가 \(quoted(got))입니다. 기준 구현은 \(quoted(expected))입니다: \(why.ko)")
            return
        }
    }

    /// Generated: runs of up to 6 calls (keys and identifiers of every shape: empty, mixed case,
    /// padded, "@" or "." or "/" inside or at the end, NFC and NFD, 300 characters, and every
    /// string literal of the checked file), each result
    /// compared byte for byte with Kingfisher's rule. A run repeats keys, so a memo shows.
    static func computedKeysMatch<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun) {
        /// Runs of calls whose parts are drawn from `text` and a few fixed parts.
        func runs(_ text: Gen<String>, _ fixed: [String]) -> Gen<[(key: String, identifier: String)]> {
            let part = Gen<String>.oneOf([text, .element(of: ["", " ", "a@", "@", "Round(8)", "a.png"] + fixed)])
            let call = zip(part, part).map { (key: $0.0, identifier: $0.1) }
            return Gen<(key: String, identifier: String)>.oneOf([call, call.map { (key: $0.identifier, identifier: $0.key) }]).array(maxCount: 6)
        }
        // First the runs drawn as always; then runs that also hold line breaks, NUL, ":" and the
        // strings your file writes (a value it singles out is tried).
        let written = SourceFacts.stringLiterals(in: run.source).filter { $0.count <= 200 }
        for (gen, cases, seed) in [(runs(.text(), []), 4_000, UInt64(0x0101)),
                                   (runs(.text(adding: Gen<String>.edgeFragments + written), written), 2_000, UInt64(0x0111))] {
            guard run.passed else { return }
            matchKeys(E.self, run, gen, cases: cases, seed: seed)
        }
    }

    static func matchKeys<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun, _ gen: Gen<[(key: String, identifier: String)]>,
                                              cases: Int, seed: UInt64) {
        let log = AnswerLog()
        run.forAll(gen, cases: cases, seed: seed) { calls -> CheckMessage? in
            for (index, call) in calls.enumerated() {
                let expected = call.identifier.isEmpty ? call.key : call.key + "@" + call.identifier
                let got = E.computedKey(call.key, processorIdentifier: call.identifier)
                let shownCall = "computedKey(\(quoted(call.key)), processorIdentifier: \(quoted(call.identifier)))"
                let earlier = log.record(shownCall, quoted(got))
                guard !sameBytes(got, expected) else {
                    log.noteRight(shownCall, quoted(got))
                    continue
                }
                if let earlier { return AnswerLog.changed(shownCall, now: quoted(got), earlier: earlier) }
                if !madeOnlyFrom(got, call.key, call.identifier), let other = log.earlierCall(answered: quoted(got), other: shownCall) {
                    return CheckMessage("\(shownCall) is \(quoted(got)); the reference gives \(quoted(expected))",
                                        ko: "\(shownCall)의 결과가 \(quoted(got))입니다. 기준 구현은 \(quoted(expected))입니다")
                        + AnswerLog.carriedOver(quoted(got), from: other)
                }
                if got == expected {
                    // Canonically equivalent but other bytes: normalised, or answered from an
                    // earlier call through a String-keyed memo (Swift's == and Dictionary take "é"
                    // and "e\u{301}" for one key). A prefix never asked before tells them apart.
                    let fresh = "never-asked-\(UUID().uuidString)-"
                    let probe = E.computedKey(fresh + call.key, processorIdentifier: call.identifier)
                    if sameBytes(probe, call.identifier.isEmpty ? fresh + call.key : fresh + call.key + "@" + call.identifier) {
                        return CheckMessage("\(shownCall) is \(quoted(got)); the reference gives \(quoted(expected)). With a key never "
                                            + "asked before in front, the same key and identifier come back byte for byte: this answer was "
                                            + "carried over from an earlier call whose strings are canonically equivalent (Swift's == and "
                                            + "Dictionary take \"\u{E9}\" and \"e\u{301}\" for one key) — a memo or a `static` keeps "
                                            + "answers across calls",
                                            ko: "\(shownCall)의 결과가 \(quoted(got))입니다. 기준 구현은 \(quoted(expected))입니다. 한 번도 묻지 "
                                                + "않은 key를 앞에 붙이면 같은 key와 identifier가 바이트 그대로 돌아옵니다: 이 답은 정준 동치인 "
                                                + "문자열로 한 앞선 호출에서 넘어온 것입니다 (Swift의 ==와 Dictionary는 \"\u{E9}\"와 "
                                                + "\"e\u{301}\"를 같은 key로 봅니다) — 메모나 `static`이 호출 사이에 답을 간직합니다")
                    }
                }
                let before = calls.prefix(index).map { "computedKey(\(quoted($0.key)), processorIdentifier: \(quoted($0.identifier)))" }
                    .joined(separator: ", ")
                let why = call.identifier.isEmpty
                    ? CheckMessage("with no processor (an empty identifier) the computed key is the key itself, byte for byte",
                                   ko: "processor가 없으면(identifier가 빈 문자열) computed key는 바이트 하나까지 key 그 자체입니다")
                    : CheckMessage("with a processor it is the key, \"@\" and the identifier, each exactly as given (nothing trimmed, "
                                   + "lowercased or normalised, whatever the key holds)",
                                   ko: "processor가 있으면 key, \"@\", identifier를 각각 주어진 그대로 잇습니다 (key에 무엇이 "
                                       + "들어 있든 잘라 내거나, 소문자로 바꾸거나, 정규화하지 않습니다)")
                let after = before.isEmpty ? CheckMessage("", ko: "") : CheckMessage("after \(before), ", ko: "\(before) 뒤, ")
                return after + CheckMessage("\(shownCall) is \(quoted(got)); the reference gives \(quoted(expected)): \(why.english)",
                                            ko: "\(shownCall)의 결과가 \(quoted(got))입니다. 기준 구현은 \(quoted(expected))입니다: \(why.ko)")
            }
            return nil
        }
    }

    /// Keys and identifiers one character past each number the file writes (a "long keys are cut
    /// to N characters" cut-off, whatever number was picked): kept whole, byte for byte.
    static func keysPastCutOffs<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun) {
        for length in SourceFacts.sizesPastCutOffs(in: run.source, within: 2...4_194_304, limit: 3) {
            let key = padded("https://example.com/", length)
            for (key, identifier) in [(key, ""), (key, "Round(8)"), ("a.png", padded("Round(8)", length))] {
                let expected = identifier.isEmpty ? key : key + "@" + identifier
                let got = E.computedKey(key, processorIdentifier: identifier)
                guard sameBytes(got, expected) else {
                    let call = "computedKey(\(quoted(key)), processorIdentifier: \(quoted(identifier)))"
                    run.fail("\(call) is \(quoted(got)) (\(got.count) characters); the reference gives all \(expected.count): a key is kept "
                             + "whole however long it is (two long URLs that share a start or an end are still two keys)",
                             ko: "\(call)의 결과가 \(quoted(got))(\(got.count)자)입니다. 기준 구현은 \(expected.count)자 전부입니다: key는 "
                                 + "아무리 길어도 통째로 둡니다 (앞이나 끝이 같은 긴 URL 두 개도 서로 다른 key입니다)")
                    return
                }
            }
        }
    }

    /// Whether `text` could have been built from the key, "@" and the identifier alone (each
    /// character used at most as often as they hold it, ignoring case and Unicode form): when it
    /// could not, a wrong answer that another call rightly got came from that call.
    static func madeOnlyFrom(_ text: String, _ key: String, _ identifier: String) -> Bool {
        func scalars(_ string: String) -> [Unicode.Scalar] { Array(string.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars) }
        var pool: [Unicode.Scalar: Int] = [:]
        for scalar in scalars(key + "@" + identifier) { pool[scalar, default: 0] += 1 }
        for scalar in scalars(text) {
            guard let left = pool[scalar], left > 0 else { return false }
            pool[scalar] = left - 1
        }
        return true
    }

    /// What kind of type `type` is, in both languages ("a struct", "struct").
    static func shape(_ type: Any.Type) -> CheckMessage {
        if let cases = TypeKind.enumCaseCount(type) {
            return cases == 0 ? CheckMessage("a caseless enum", ko: "case 없는 enum")
                : CheckMessage("an enum with \(cases) case\(cases == 1 ? "" : "s")", ko: "case가 \(cases)개인 enum")
        }
        switch TypeKind.describe(type) {
        case "a struct": return CheckMessage("a struct", ko: "struct")
        case "a class": return CheckMessage("a class", ko: "class")
        default: return CheckMessage("another kind of type", ko: "다른 종류의 타입")
        }
    }

    /// How a call of the init `declaration` is written: `init?(name: String)` → `Name(name:)`,
    /// `init(_ x: Int)` → `Name(_:)`, `init()` → `Name()`.
    static func callForm(of declaration: String, _ typeName: String) -> String {
        guard let open = declaration.firstIndex(of: "(") else { return "\(typeName)()" }
        // The parameter list ends at the `)` that matches the first `(`: a body on the same line
        // (`init() { fatalError() }`) has parentheses of its own (blind round 40).
        var labels: [String] = [], depth = 0, piece = "", closed = false
        for character in declaration[declaration.index(after: open)...] {
            if "([<".contains(character) { depth += 1 } else if ")]>".contains(character) {
                if depth == 0 && character == ")" { closed = true; break }
                depth -= 1
            }
            if character == ",", depth == 0 { labels.append(piece); piece = "" } else { piece.append(character) }
        }
        guard closed else { return "\(typeName)()" }
        labels.append(piece)
        let names = labels.compactMap { parameter -> String? in
            let head = parameter.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            return head.split(separator: " ").first.map { "\($0):" }
        }
        return "\(typeName)(\(names.joined()))"
    }

    /// A caseless enum with an init still lets anyone write `Name()`: it compiles, then traps or
    /// never returns. Only the source can tell (an init of an enum without cases is never run here).
    /// Said of a caseless enum only: a struct's or a class's init makes values, and an enum with
    /// cases can assign one — their own messages say what is wrong (blind round 40 was told the
    /// enum reason for a struct's private init).
    static func rejectInitializers(_ typeName: String, of type: Any.Type, _ run: CheckRun) {
        guard TypeKind.enumCaseCount(type) == 0, let source = run.source else { return }
        for declaration in SourceFacts.initializers(of: typeName, in: source) {
            let call = callForm(of: declaration, typeName)
            run.fail("\(typeName) still declares `\(declaration)`: `\(call)` compiles, and with no cases the init "
                     + "can only trap, return nil or never return. A namespace has no init at all: delete it.",
                     ko: "\(typeName)에 아직 `\(declaration)` 선언이 있습니다: `\(call)` 호출이 컴파일되는데, case가 없으니 그 init은 "
                         + "trap하거나, nil을 돌려주거나, 영영 돌아오지 않을 수밖에 없습니다. 네임스페이스에는 init이 아예 없습니다: 지우세요.")
        }
    }
}

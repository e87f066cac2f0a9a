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
        let shape = TypeKind.describe(E.Namespace.self)
        switch TypeKind.enumCaseCount(E.Namespace.self) {
        case 0?: break
        case _?:
            run.fail("ThumbnailStorage is \(shape): each case is a value anyone can make (ThumbnailStorage.\u{2026}). "
                     + "A namespace enum has no cases at all.")
        case nil:
            run.fail("ThumbnailStorage is \(shape): a type whose values can be made (with an init — even a private one, "
                     + "from its own file). A namespace is an enum with no cases.")
        }
        rejectInitializers("ThumbnailStorage", run)
        let config = E.makeConfig(limit: 42)
        run.expect(config.limit == 42, "ThumbnailStorage.Config(limit: 42).limit is \(config.limit), not 42")
        run.expect(config.typeName == "Config", "Config should stay nested inside the namespace (found \(config.typeName))")
    }

    /// 01-cache-key: Kingfisher's computed key, from a caseless-enum namespace.
    public static func cacheKey<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun) {
        let cases: [(key: String, identifier: String, expected: String, why: String)] = [
            ("https://a/b.png", "", "https://a/b.png", "with no processor the computed key is the key itself"),
            ("https://a/b.png", "round(8)", "https://a/b.png@round(8)", "with a processor it is key + \"@\" + identifier"),
            ("k", " ", "k@ ", "an identifier of one space is not empty: it is appended"),
            ("a@b", "p", "a@b@p", "a key that already holds \"@\" is used as it is"),
            ("https://A/B.PNG", "Round(8)", "https://A/B.PNG@Round(8)", "keys and identifiers are used exactly as given, case included"),
            ("Avatar", "", "Avatar", "with no processor the key is returned exactly as given, case included"),
        ]
        for item in cases {
            let got = E.computedKey(item.key, processorIdentifier: item.identifier)
            run.expect(got == item.expected,
                       "computedKey(\"\(item.key)\", \"\(item.identifier)\") is \"\(got)\", expected \"\(item.expected)\": \(item.why)")
        }
        if run.passed { computedKeysMatch(E.self, run) }
        if TypeKind.enumCaseCount(E.Namespace.self) != 0 {
            run.fail("CacheKeys is \(TypeKind.describe(E.Namespace.self)): make it a caseless enum holding a static function")
        }
        rejectInitializers("CacheKeys", run)
    }

    /// Generated: runs of up to 6 calls (keys and identifiers of every shape: empty, mixed case,
    /// padded, "@" or "." or "/" inside or at the end, NFC and NFD, 300 characters), each result
    /// compared byte for byte with Kingfisher's rule. A run repeats keys, so a memo shows.
    static func computedKeysMatch<E: CacheKeyExercise>(_: E.Type, _ run: CheckRun) {
        let part = Gen<String>.oneOf([.text(), .element(of: ["", " ", "a@", "@", "Round(8)", "a.png"])])
        let call = zip(part, part).map { (key: $0.0, identifier: $0.1) }
        let calls = Gen<(key: String, identifier: String)>.oneOf([call, call.map { (key: $0.identifier, identifier: $0.key) }])
        run.forAll(calls.array(maxCount: 6), cases: 4_000, seed: 0x0101) { calls in
            for (index, call) in calls.enumerated() {
                let expected = call.identifier.isEmpty ? call.key : call.key + "@" + call.identifier
                let got = E.computedKey(call.key, processorIdentifier: call.identifier)
                guard !sameBytes(got, expected) else { continue }
                let before = calls.prefix(index).map { "computedKey(\(quoted($0.key)), processorIdentifier: \(quoted($0.identifier)))" }
                let why = call.identifier.isEmpty
                    ? "with no processor (an empty identifier) the computed key is the key itself, byte for byte"
                    : "with a processor it is the key, \"@\" and the identifier, each exactly as given (nothing trimmed, "
                      + "lowercased or normalised, whatever the key holds)"
                return (before.isEmpty ? "" : "after " + before.joined(separator: ", ") + ", ")
                    + "computedKey(\(quoted(call.key)), processorIdentifier: \(quoted(call.identifier))) is \(quoted(got)); "
                    + "the reference gives \(quoted(expected)): \(why)"
            }
            return nil
        }
    }

    /// A caseless enum with an init still lets anyone write `Name()`: it compiles, then traps or
    /// never returns. Only the source can tell (an init of an enum without cases is never run here).
    static func rejectInitializers(_ typeName: String, _ run: CheckRun) {
        guard let source = run.source else { return }
        for declaration in SourceFacts.initializers(of: typeName, in: source) {
            run.fail("\(typeName) still declares `\(declaration)`: `\(typeName)()` compiles, and with no cases the init "
                     + "can only trap, return nil or never return. A namespace has no init at all: delete it.")
        }
    }
}

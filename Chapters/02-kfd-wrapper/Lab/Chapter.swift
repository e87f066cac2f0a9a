// Chapter 2 — The `kfd` wrapper trick.
// One property, `kfd`, on the types we extend; every helper hangs off the wrapper it returns. The
// chapter checks our SHA-256 against the system's, shows the collision the wrapper avoids with the
// compiler's own diagnostic, and measures what the empty `set {}` does for a class and for a struct.

import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "2")!

    public static func run(_ lab: Lab) throws {
        checkDigests(lab)
        showExtensions(lab)
        showCollision(lab)
        measureSetter(lab)
        compileNotesCode(lab)
        lab.read([
            "Sources/KFDCache/KFDWrapper.swift — the wrapper, both protocols, the empty `set {}`",
            "Sources/KFDCache/SHA256.swift — FIPS 180-4, written here (no CryptoKit on Linux)",
            "Chapters/02-kfd-wrapper/Lab/Thumbnail.swift — a class and a struct with `kfd` setters",
            "Kingfisher 8.11.0: Sources/General/Kingfisher.swift (KingfisherWrapper, KingfisherCompatible), Sources/Utility/String+SHA256.swift",
        ])
        lab.exercises()
    }

    static func checkDigests(_ lab: Lab) {
        lab.part("sha256", "\"…\".kfd.sha256 against the system's SHA-256 tool")
        lab.claim("Our SHA-256 gives the same digest as the system's tool for any input.",
                  ko: "우리의 SHA-256은 어떤 입력에 대해서도 시스템 도구와 같은 digest를 낸다.")
        let count = lab.size("count", quick: 12, full: 120)
        guard let tool = Toolchain.sha256Tool else {
            lab.note("skipped: neither sha256sum nor shasum is on PATH here")
            lab.measured("compared", false, "whether a system tool was found to compare with")
            return
        }
        lab.run("\(count) random strings (seed \(lab.options.seed)), lengths 0…300, each piped through \(tool.name)")
        var generator = SeededGenerator(seed: lab.options.seed)
        var matches = 0
        var example = ""
        for _ in 0..<count {
            let length = Int(generator.next() % 301)
            let text = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(32 + generator.next() % 95))) })
            let result = ChildProcess.run(tool.url, arguments: tool.arguments, input: Data(text.utf8), timeout: 10)
            let theirs = result.stdout.split(separator: " ").first.map(String.init) ?? ""
            if theirs == text.kfd.sha256 { matches += 1 }
            if example.isEmpty, length > 0 { example = "\"\(text.prefix(24))…\".kfd.sha256 = \(text.kfd.sha256.prefix(16))…" }
        }
        lab.measured("tool", tool.name, "the system tool compared with", "\(tool.name) (\(tool.url.path))")
        lab.measured("matches", matches, "digests equal to \(tool.name)'s", "\(matches) of \(count)")
        lab.show(example)
        lab.conclude(matches == count ? "Every digest agreed. The cache can name files by hash on any platform."
                                      : "Some digests differed: that is a bug in Sources/KFDCache/SHA256.swift.",
                     ko: matches == count
                         ? "모든 digest가 일치했다. 캐시는 어느 플랫폼에서나 해시로 파일 이름을 정할 수 있다."
                         : "일부 digest가 달랐다: Sources/KFDCache/SHA256.swift의 버그다.")
    }

    static func showExtensions(_ lab: Lab) {
        lab.part("ext", "\"…\".kfd.ext: the extension kept after a hashed name")
        let keys = ["https://example.com/a/photo.png", "icon.jpg@2x", "archive.tar.gz", "no-extension", "trailing.",
                    "https://example.com/image", "https://a.example/200.jpg?v=2"]
        lab.claim("Kingfisher 8.11.0's `ext` (Sources/Utility/String+SHA256.swift) cuts the key at its first `@`, takes\n"
                  + "the text after the last `.`, and keeps it only when it is 1–20 letters or digits (issue #2301);\n"
                  + "our `kfd.ext` follows it.",
                  ko: "Kingfisher 8.11.0의 `ext`(Sources/Utility/String+SHA256.swift)는 key를 첫 `@`에서 자르고, 마지막\n"
                      + "`.` 뒤의 글자를 가져와, 1–20개의 영문자나 숫자일 때만 남긴다(issue #2301). 우리의 `kfd.ext`도\n"
                      + "그대로 따른다.")
        lab.run("ext of \(keys.count) keys")
        for key in keys {
            lab.show("\(key.padding(toLength: 34, withPad: " ", startingAt: 0)) → \(key.kfd.ext ?? "nil")")
        }
        let kept = keys.filter { $0.kfd.ext != nil }.count
        lab.measured("extKept", kept, "keys that keep an extension", "\(kept) of \(keys.count)")
        lab.measured("extNone", keys.count - kept, "keys stored as the plain hash", "\(keys.count - kept) of \(keys.count)")
        lab.record("ext", .object(Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.kfd.ext.map(JSONValue.string) ?? .null) })))
        lab.conclude("With autoExtAfterHashedFileName, \"photo.png\" is stored as <sha256>.png; a key whose text after\n"
                     + "the last dot is not 1–20 letters or digits keeps its plain hash: no / or ? in a file name (#2301).",
                     ko: "autoExtAfterHashedFileName이면 \"photo.png\"는 <sha256>.png로 저장된다. 마지막 점 뒤의\n"
                         + "글자가 1–20개의 영문자나 숫자가 아닌 key는 그냥 해시만 쓴다: 파일 이름에 /나 ?가 들어가지\n"
                         + "않는다 (#2301).")
    }

    static func showCollision(_ lab: Lab) {
        lab.part("collision", "Two libraries, one `sha256` on String")
        lab.claim("Two modules that each add `sha256` to String make every use ambiguous; behind their\n"
                  + "own wrappers (`a`, `b`) they never meet.",
                  ko: "각자 String에 `sha256`을 추가하는 모듈 두 개는 모든 사용을 모호하게 만든다. 각자의 래퍼(`a`,\n"
                      + "`b`) 뒤에 두면 서로 만날 일이 없다.")
        guard Toolchain.swiftc != nil else {
            lab.note("skipped: no swiftc on PATH (set $SWIFTC)")
            return
        }
        lab.run("swiftc -emit-module for LibA and LibB, then -typecheck a file importing both")
        let bare = Toolchain.compile(["main.swift": CollisionSnippets.bareUse], modules: CollisionSnippets.bareModules)!
        lab.measured("bareExtensions", bare.succeeded, "\"x\".sha256 with both libraries", bare.succeeded ? "compiles" : "rejected")
        lab.show(bare.errors.prefix(2).joined(separator: "\n"))
        let wrapped = Toolchain.compile(["main.swift": CollisionSnippets.wrappedUse], modules: CollisionSnippets.wrappedModules)!
        lab.measured("wrappedExtensions", wrapped.succeeded, "\"x\".a.sha256 and \"x\".b.sha256", wrapped.succeeded ? "compiles" : "rejected")
        lab.conclude("The wrapper costs one property name per library instead of one per helper.",
                     ko: "래퍼를 쓰면 이름은 helper마다 하나씩이 아니라 라이브러리마다 하나(`a`, `b`)만 차지한다.")
    }

    static func measureSetter(_ lab: Lab) {
        lab.part("setter", "Why two protocols, and why the empty `set {}`")
        lab.claim("`kfd` needs a setter so that `x.kfd.prop = v` compiles; the setter throws the wrapper\n"
                  + "away. For a class the write lands anyway (through `base`, a reference); for a value type\n"
                  + "it lands on a copy and is silently lost.",
                  ko: "`x.kfd.prop = v`가 컴파일되려면 `kfd`에 setter가 있어야 하는데, 그 setter는 래퍼를 버린다.\n"
                      + "클래스라면 쓰기가 그래도 닿고(`base`, 즉 참조를 통해), 값 타입이라면 복사본에 닿아서 조용히\n"
                      + "사라진다.")
        lab.run("thumbnail.kfd.cacheKey = \"k\" on a class, then label.kfd.caption = \"new\" on a struct")
        let thumbnail = Thumbnail()
        thumbnail.kfd.cacheKey = "k"
        lab.measured("classWriteKept", thumbnail.cacheKey == "k", "class: write visible afterwards")
        var label = Label(caption: "old")
        label.kfd.caption = "new"
        lab.measured("structWriteKept", label.caption == "new", "struct: write visible afterwards",
                     label.caption == "new" ? "true" : "false (caption is still \"\(label.caption)\")")
        lab.show("data.kfd.hexPreview (this chapter's own kfd helper) = \(Data("kfd".utf8).kfd.hexPreview)")
        lab.conclude("Kingfisher's settable helpers sit on wrappers of classes (image views, buttons):\n"
                     + "`KFDCompatible: AnyObject` is where such a helper is safe. On `KFDCompatibleValue`\n"
                     + "types keep helpers read-only, as String.kfd.sha256 is.",
                     ko: "Kingfisher의 설정 가능한 helper는 클래스(image view, button)의 래퍼에 있다: 그런 helper가\n"
                         + "안전한 곳은 `KFDCompatible: AnyObject`다. `KFDCompatibleValue` 타입에서는\n"
                         + "String.kfd.sha256처럼 helper를 읽기 전용으로 두자.")
    }
}

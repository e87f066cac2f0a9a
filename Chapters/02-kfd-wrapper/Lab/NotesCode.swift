// Chapter 2, part "notesCode": what the compiler says to the study notes' own code.

import Foundation
import WorkbookSupport

extension Chapter {
    static func compileNotesCode(_ lab: Lab) {
        lab.part("notesCode", "The study notes' code, compiled in Swift 6 and Swift 5 mode")
        lab.claim("000 Q1's `struct KFDWrapper<Base>: Sendable` and 000 Q7's `cachePathBlock` capturing `self`\n"
                  + "are errors in Swift 6 mode (this package's mode); Swift 5 mode lets both through.",
                  ko: "000 Q1의 `struct KFDWrapper<Base>: Sendable`과 000 Q7의 `self`를 캡처하는 `cachePathBlock`은\n"
                      + "Swift 6 모드(이 패키지의 모드)에서는 에러다. Swift 5 모드는 둘 다 통과시킨다.")
        guard Toolchain.swiftc != nil else {
            lab.note("skipped: no swiftc on PATH (set $SWIFTC)")
            lab.record("notesCodeCompiled", .bool(false))
            return
        }
        lab.run("swiftc -typecheck -swift-version 6, then -swift-version 5, on each snippet\n"
                + "(Chapters/02-kfd-wrapper/Lab/NotesSnippets.swift)")
        let cases: [(key: String, label: String, source: String)] = [
            ("wrapperAsWritten", "000 Q1: struct KFDWrapper<Base>: Sendable", NotesSnippets.wrapperAsWritten),
            ("capturingPathBlock", "000 Q7: cachePathBlock = { … self … }", NotesSnippets.capturingPathBlock),
            // A label quoting Kingfisher's declaration, not a conformance of ours.
            ("wrapperUnchecked", "Kingfisher 8: KingfisherWrapper<Base>: @unchecked Sendable", NotesSnippets.wrapperUnchecked),
            ("wrapperConditional", "this library: Sendable where Base: Sendable", NotesSnippets.wrapperConditional),
        ]
        var rejected: Set<String> = []
        for item in cases {
            for mode in ["6", "5"] {
                guard let result = Toolchain.compile(["snippet.swift": item.source], arguments: ["-typecheck", "-swift-version", mode]) else { continue }
                if !result.succeeded { rejected.insert("\(item.key)/\(mode)") }
                // The compiler's warning lines, from the file name on (the temporary folder cut off).
                let warnings = result.output.split(separator: "\n").filter { $0.contains("warning:") && !$0.contains("`-") }
                    .map { line in line.range(of: "snippet.swift").map { String(line[$0.lowerBound...]) } ?? String(line) }
                lab.measured("\(item.key)Swift\(mode)", result.succeeded, "\(item.label), Swift \(mode) mode",
                             result.succeeded ? (warnings.isEmpty ? "compiles" : "compiles, with a warning") : "rejected")
                let said = result.succeeded ? Array(warnings.prefix(1)) : Array(result.errors.prefix(1))
                if !said.isEmpty { lab.show(said.joined(separator: "\n")) }
            }
        }
        let asClaimed = rejected == ["wrapperAsWritten/6", "capturingPathBlock/6"]
        lab.conclude(!asClaimed ? "Not as claimed with this compiler: rejected here were \(rejected.sorted()). Compare with Swift 6.3." :
                     "A generic wrapper cannot promise Sendable for every Base; Kingfisher promises it anyway\n"
                     + "(@unchecked, unconditional), this library only where Base is Sendable. A @Sendable\n"
                     + "closure may not capture a non-Sendable self in Swift 6: 000 Q7's cycle needs Swift 5\n"
                     + "mode, or a Sendable owner, to be written at all (chapter 10 runs the cycle).",
                     ko: !asClaimed
                         ? "이 컴파일러에서는 말한 대로가 아니다: 여기서 거부된 것은 \(rejected.sorted())이다. Swift\n"
                           + "6.3과 비교해 보자."
                         : "제네릭 래퍼는 모든 Base에 대해 Sendable을 약속할 수 없다. Kingfisher는 그래도\n"
                           + "약속하고(@unchecked, 조건 없이), 이 라이브러리는 Base가 Sendable일 때만 약속한다. Swift\n"
                           + "6에서 @Sendable 클로저는 Sendable이 아닌 self를 캡처할 수 없다: 000 Q7의 순환 참조는 Swift 5\n"
                           + "모드나 Sendable인 주인이 있어야 아예 쓸 수 있다 (10장에서 그 순환을 돌려 본다).")
    }
}

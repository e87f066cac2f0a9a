// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("sha256", "\"…\".kfd.sha256과 시스템의 SHA-256 도구 비교"),
        .part("ext", "\"…\".kfd.ext: 해시 파일 이름 뒤에 남는 확장자"),
        .part("collision", "라이브러리 두 개, String의 `sha256` 하나"),
        .part("setter", "왜 프로토콜이 두 개이고, 왜 `set {}`이 비어 있나"),
        .part("notesCode", "스터디 노트의 코드를 Swift 6 모드와 Swift 5 모드로 컴파일"),

        .text("skipped: neither sha256sum nor shasum is on PATH here", "건너뜀: 여기에는 PATH에 sha256sum도 shasum도 없다"),
        .text("whether a system tool was found to compare with", "비교할 시스템 도구를 찾았나"),
        .text("{1} random strings (seed {2}), lengths 0…300, each piped through {3}",
              "무작위 문자열 {1}개 (seed {2}, 길이 0…300), 각각 {3}에 파이프로 넘김"),
        .text("the system tool compared with", "비교한 시스템 도구"),
        .text("digests equal to {1}'s", "{1}의 결과와 같은 digest"),
        .text("ext of {1} keys", "key {1}개의 ext"),
        .text("keys that keep an extension", "확장자가 남는 key"),
        .text("keys stored as the plain hash", "해시만으로 저장되는 key"),

        .text("skipped: no swiftc on PATH (set $SWIFTC)", "건너뜀: PATH에 swiftc가 없다 ($SWIFTC로 지정)"),
        .text("swiftc -emit-module for LibA and LibB, then -typecheck a file importing both",
              "LibA와 LibB를 swiftc -emit-module로 만든 뒤, 둘 다 import하는 파일을 -typecheck"),
        .text("\"x\".sha256 with both libraries", "라이브러리 둘 다 있을 때 \"x\".sha256"),
        .text("\"x\".a.sha256 and \"x\".b.sha256", "\"x\".a.sha256과 \"x\".b.sha256"),
        .text("compiles, with a warning", "컴파일됨 (경고 있음)"),

        .text("thumbnail.kfd.cacheKey = \"k\" on a class, then label.kfd.caption = \"new\" on a struct",
              "클래스에 thumbnail.kfd.cacheKey = \"k\", 이어서 struct에 label.kfd.caption = \"new\""),
        .text("class: write visible afterwards", "클래스: 쓴 값이 나중에도 보이나"),
        .text("struct: write visible afterwards", "struct: 쓴 값이 나중에도 보이나"),
        .text("false (caption is still \"{1}\")", "false (caption은 여전히 \"{1}\")"),
        .text("data.kfd.hexPreview (this chapter's own kfd helper) = {1}", "data.kfd.hexPreview (이 장에서 만든 kfd helper) = {1}"),

        .text("swiftc -typecheck -swift-version 6, then -swift-version 5, on each snippet (Chapters/02-kfd-wrapper/Lab/NotesSnippets.swift)",
              "스니펫마다 swiftc -typecheck -swift-version 6, 이어서 -swift-version 5 (Chapters/02-kfd-wrapper/Lab/NotesSnippets.swift)"),
        .text("{1}, Swift {2} mode", "{1}, Swift {2} 모드"),
        .text("000 Q1: struct KFDWrapper<Base>: Sendable", "000 Q1: `struct KFDWrapper<Base>: Sendable`"),
        .text("000 Q7: cachePathBlock = { … self … }", "000 Q7: `cachePathBlock = { … self … }`"),
        // A quotation of Kingfisher's declaration (report text): no type here is @unchecked Sendable.
        .text("Kingfisher 8: KingfisherWrapper<Base>: @unchecked Sendable", "Kingfisher 8: `KingfisherWrapper<Base>: @unchecked Sendable`"),
        .text("this library: Sendable where Base: Sendable", "이 라이브러리: `Sendable where Base: Sendable`"),

        .text("Sources/KFDCache/KFDWrapper.swift — the wrapper, both protocols, the empty `set {}`",
              "Sources/KFDCache/KFDWrapper.swift — 래퍼, 프로토콜 두 개, 비어 있는 `set {}`"),
        .text("Sources/KFDCache/SHA256.swift — FIPS 180-4, written here (no CryptoKit on Linux)",
              "Sources/KFDCache/SHA256.swift — FIPS 180-4를 여기서 직접 구현 (Linux에는 CryptoKit이 없다)"),
        .text("Chapters/02-kfd-wrapper/Lab/Thumbnail.swift — a class and a struct with `kfd` setters",
              "Chapters/02-kfd-wrapper/Lab/Thumbnail.swift — `kfd` setter가 있는 클래스 하나와 struct 하나"),
    ])
}

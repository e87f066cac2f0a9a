// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("compiler", "컴파일러에게 묻기: 네임스페이스의 값을 누가 만들 수 있나?"),
        .part("library", "실제 라이브러리 읽기: 네임스페이스에 무엇이 들어 있나"),

        .text("swiftc -typecheck on each snippet below, in a temporary folder",
              "아래 스니펫마다 임시 폴더에서 swiftc -typecheck 실행"),
        .text("let s = Storage() (caseless enum)", "let s = Storage() (case 없는 enum)"),
        .text("Storage() inside its own file (struct, private init)", "같은 파일 안의 Storage() (struct, private init)"),
        .text("two module-level `Config` types", "모듈 수준의 `Config` 타입 두 개"),
        .text("the same two, nested in caseless enums", "같은 두 타입을 case 없는 enum 안에 중첩"),
        .text("skipped: no swiftc on PATH (set $SWIFTC to point at one). The rest still runs.",
              "건너뜀: PATH에 swiftc가 없다($SWIFTC로 지정할 수 있다). 나머지는 그대로 돈다."),

        .text("MemoryLayout and String(reflecting:) on the library's real types; default configs built",
              "라이브러리의 실제 타입에 MemoryLayout과 String(reflecting:) 적용, 기본 config 생성"),
        .text("both are enums (runtime metadata kind)", "둘 다 enum인가 (런타임 메타데이터의 kind)"),
        .text("At the call site:  let config = DiskStorage.Config(name: \"avatars\", sizeLimit: 50 << 20)",
              "호출하는 쪽에서:  let config = DiskStorage.Config(name: \"avatars\", sizeLimit: 50 << 20)"),
        .text("Without the enum:  let config = DiskStorageConfig(...)  — and a `Config` of your own would clash",
              "enum이 없으면:  let config = DiskStorageConfig(...)  — 그리고 직접 만든 `Config`와 이름이 부딪힌다"),

        .text("Sources/KFDCache/MemoryStorage.swift — `public enum MemoryStorage` (top) and its extensions",
              "Sources/KFDCache/MemoryStorage.swift — `public enum MemoryStorage`(맨 위)와 그 extension들"),
        .text("Sources/KFDCache/DiskStorage.swift — `public enum DiskStorage {}` then `extension DiskStorage`",
              "Sources/KFDCache/DiskStorage.swift — `public enum DiskStorage {}`, 이어서 `extension DiskStorage`"),
        .text("Kingfisher: Sources/Cache/MemoryStorage.swift and DiskStorage.swift (the same shape)",
              "Kingfisher: Sources/Cache/MemoryStorage.swift, DiskStorage.swift (같은 구조)"),
        .text("Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift and Sources/Cache/DiskStorage.swift (the same shape)",
              "Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift, Sources/Cache/DiskStorage.swift (같은 구조)"),
        .text("Chapters/01-namespace-enums/Lab/Snippets.swift — the four snippets compiled above",
              "Chapters/01-namespace-enums/Lab/Snippets.swift — 위에서 컴파일한 스니펫 네 개"),
    ])
}

// Chapter 1 — Namespace enums.
// Why `MemoryStorage` and `DiskStorage` are `enum`s with no cases: a type nobody can make a value
// of, used only as a name for `Backend` and `Config` to live under. The chapter asks the compiler
// to prove it (three snippets), then reads the live library's nested names.

import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "1")!

    public static func run(_ lab: Lab) throws {
        lab.part("compiler", "Ask the compiler: who can make a value of the namespace?")
        lab.claim("A caseless enum cannot be instantiated by anyone, anywhere. A struct with a private\n"
                  + "init can still be instantiated from inside its own file. Module-level names collide.",
                  ko: "case 없는 enum은 누구도, 어디서도 인스턴스를 만들 수 없다. private init을 가진 struct는 같은\n"
                      + "파일 안에서는 여전히 만들 수 있다. 모듈 수준의 이름은 서로 부딪힌다.")
        guard Toolchain.swiftc != nil else {
            lab.note("skipped: no swiftc on PATH (set $SWIFTC to point at one). The rest still runs.")
            lab.record("swiftcAvailable", .bool(false))
            runLibraryPart(lab)
            return
        }
        lab.record("swiftcAvailable", .bool(true))
        lab.run("swiftc -typecheck on each snippet below, in a temporary folder")
        for snippet in Snippets.all {
            let result = Toolchain.compile(["snippet.swift": snippet.source])!
            lab.measured(snippet.key, .bool(result.succeeded), snippet.label,
                         result.succeeded ? "compiles" : "rejected")
            lab.show(result.succeeded ? snippet.source.trimmingCharacters(in: .newlines)
                                      : result.errors.prefix(2).joined(separator: "\n"))
        }
        lab.conclude("Only the caseless enum is closed to everyone: there is no case to return, so there\n"
                     + "is no initializer to write, in any file, ever. That is the whole trick.",
                     ko: "모두에게 닫혀 있는 것은 case 없는 enum뿐이다: 반환할 case가 없으니 어느 파일에서도,\n"
                         + "언제까지도 쓸 수 있는 initializer가 없다. 트릭은 이게 전부다.")
        runLibraryPart(lab)
    }

    private static func runLibraryPart(_ lab: Lab) {
        lab.part("library", "Read the live library: what the namespaces hold")
        lab.claim("The enums take no memory and have no values; the nested names read as one phrase.",
                  ko: "이 enum들은 메모리를 차지하지 않고 값도 없다. 중첩된 이름은 한 구절처럼 읽힌다.")
        lab.run("MemoryLayout and String(reflecting:) on the library's real types; default configs built")
        lab.measured("memoryStorageSize", MemoryLayout<MemoryStorage>.size, "MemoryLayout<MemoryStorage>.size", "\(MemoryLayout<MemoryStorage>.size) bytes")
        lab.measured("diskStorageSize", MemoryLayout<DiskStorage>.size, "MemoryLayout<DiskStorage>.size", "\(MemoryLayout<DiskStorage>.size) bytes")
        lab.measured("isEnum", .bool(TypeKind.isEnum(MemoryStorage.self) && TypeKind.isEnum(DiskStorage.self)),
                     "both are enums (runtime metadata kind)")
        let memory = MemoryStorage.Config(totalCostLimit: 1 << 20)
        let disk = DiskStorage.Config(name: "demo", sizeLimit: 0)
        lab.measured("memoryExpiration", "\(memory.expiration)", "MemoryStorage.Config().expiration")
        lab.measured("diskExpiration", "\(disk.expiration)", "DiskStorage.Config().expiration")
        // Foundation's types carry their module in a reflected name, and the module differs:
        // FoundationEssentials.Data here, Foundation.Data on a Mac. The lesson is the nesting; the
        // module of Data is left out so that the line is true on both.
        let backend = String(reflecting: DiskStorage.Backend<Data>.self)
            .replacingOccurrences(of: "FoundationEssentials.", with: "").replacingOccurrences(of: "Foundation.", with: "")
        lab.show("""
        \(String(reflecting: MemoryStorage.Config.self))   vs   \(String(reflecting: DiskStorage.Config.self))
        \(backend)
        At the call site:  let config = DiskStorage.Config(name: "avatars", sizeLimit: 50 << 20)
        Without the enum:  let config = DiskStorageConfig(...)  — and a `Config` of your own would clash
        """)
        lab.conclude("Two `Config`s, two `Backend`s, no clash and no prefix soup; the compiler enforces\n"
                     + "that nobody writes `MemoryStorage()`. Kingfisher's kf.xxx wrapper (chapter 2) is the\n"
                     + "same idea applied to methods on types you do not own.",
                     ko: "`Config` 두 개, `Backend` 두 개가 부딪히지 않고, 접두사 범벅도 없다. 아무도\n"
                         + "`MemoryStorage()`를 쓰지 못하게 컴파일러가 막아 준다. Kingfisher의 kf.xxx 래퍼(2장)는 같은\n"
                         + "아이디어를 내가 소유하지 않은 타입의 메서드에 적용한 것이다.")
        lab.read([
            "Sources/KFDCache/MemoryStorage.swift — `public enum MemoryStorage` (top) and its extensions",
            "Sources/KFDCache/DiskStorage.swift — `public enum DiskStorage {}` then `extension DiskStorage`",
            "Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift and Sources/Cache/DiskStorage.swift (the same shape)",
            "Chapters/01-namespace-enums/Lab/Snippets.swift — the four snippets compiled above",
        ])
        lab.exercises()
    }
}

// The snippets chapter 1 hands to the compiler. Each is a whole file.

struct Snippet {
    let key: String
    let label: String
    let source: String
}

enum Snippets {
    static let all = [caselessEnum, privateInit, moduleLevel, nested]

    /// Nobody can make one: there is no case to return from any initializer.
    static let caselessEnum = Snippet(key: "caselessEnum", label: "let s = Storage()  (caseless enum)", source: """
    enum Storage {
        struct Config { var limit = 0 }
    }
    let s = Storage()
    """)

    /// `private init()` closes the door to other files only; this file can still open it.
    static let privateInit = Snippet(key: "privateInitFromSameFile", label: "Storage() inside its own file (struct, private init)", source: """
    struct Storage {
        private init() {}
        struct Config { var limit = 0 }
    }
    extension Storage {
        static let accidental = Storage()   // allowed: same file
    }
    print(Storage.accidental)
    """)

    /// Two libraries' `Config` at module level in one module: a redeclaration.
    static let moduleLevel = Snippet(key: "moduleLevelNames", label: "two module-level `Config` types", source: """
    struct Config { var totalCostLimit = 0 }   // the memory storage's
    struct Config { var sizeLimit = 0 }        // the disk storage's
    """)

    /// The same two, each under its namespace: no clash.
    static let nested = Snippet(key: "nestedNames", label: "the same two, nested in caseless enums", source: """
    enum MemoryStorage { struct Config { var totalCostLimit = 0 } }
    enum DiskStorage { struct Config { var sizeLimit = 0 } }
    let both = (MemoryStorage.Config(), DiskStorage.Config())
    """)
}

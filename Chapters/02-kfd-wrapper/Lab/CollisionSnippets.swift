// Two "libraries" that each extend String, compiled as real modules by chapter 2.

enum CollisionSnippets {
    static let bareModules: [(name: String, source: String)] = [
        ("LibA", "extension String { public var sha256: String { \"from LibA\" } }"),
        ("LibB", "extension String { public var sha256: String { \"from LibB\" } }"),
    ]
    static let bareUse = """
    import LibA
    import LibB
    let digest = "x".sha256
    """

    static let wrappedModules: [(name: String, source: String)] = [
        ("LibA", """
        public struct AWrapper { public let base: String }
        extension String { public var a: AWrapper { AWrapper(base: self) } }
        extension AWrapper { public var sha256: String { "from LibA" } }
        """),
        ("LibB", """
        public struct BWrapper { public let base: String }
        extension String { public var b: BWrapper { BWrapper(base: self) } }
        extension BWrapper { public var sha256: String { "from LibB" } }
        """),
    ]
    static let wrappedUse = """
    import LibA
    import LibB
    let digests = ("x".a.sha256, "x".b.sha256)
    """
}

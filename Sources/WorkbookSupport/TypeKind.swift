// What kind of type a metatype is, read from the runtime's metadata: the first word of a Swift
// type's metadata record is its kind (the Swift ABI's MetadataKind): struct 0x200, enum 0x201,
// optional 0x202. Chapter 1 and its exercises use it to tell an enum namespace from a struct.

public enum TypeKind {
    public static func isEnum(_ type: Any.Type) -> Bool { kind(type) == 0x201 }
    public static func isStruct(_ type: Any.Type) -> Bool { kind(type) == 0x200 }

    /// The number of cases of an enum type (nil for any other kind), from its type descriptor:
    /// the metadata's second word points to it; at byte 20 the payload cases (low 24 bits), at
    /// byte 24 the empty cases (the Swift ABI's TargetEnumDescriptor, stable since Swift 5).
    public static func enumCaseCount(_ type: Any.Type) -> Int? {
        guard isEnum(type) else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafePointer<UnsafeRawPointer>.self)
        let descriptor = metadata.advanced(by: 1).pointee
        let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
        let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
        return Int(payloadCases) + Int(emptyCases)
    }

    /// "a struct", "an enum with 2 cases", "a caseless enum", "a class".
    public static func describe(_ type: Any.Type) -> String {
        if let cases = enumCaseCount(type) {
            return cases == 0 ? "a caseless enum" : "an enum with \(cases) case\(cases == 1 ? "" : "s")"
        }
        if isStruct(type) { return "a struct" }
        return type is AnyClass ? "a class" : "another kind of type"
    }

    static func kind(_ type: Any.Type) -> Int {
        unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
    }
}

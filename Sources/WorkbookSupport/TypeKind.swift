// What kind of type a metatype is, read from the runtime's metadata: the first word of a Swift
// type's metadata record is its kind (the Swift ABI's MetadataKind): struct 0x200, enum 0x201,
// optional 0x202. Chapter 1 and its exercises use it to tell an enum namespace from a struct.

public enum TypeKind {
    public static func isEnum(_ type: Any.Type) -> Bool { kind(type) == 0x201 }
    public static func isStruct(_ type: Any.Type) -> Bool { kind(type) == 0x200 }

    static func kind(_ type: Any.Type) -> Int {
        unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
    }
}

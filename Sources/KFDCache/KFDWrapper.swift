// The `kfd` namespace trick, as Kingfisher's `KingfisherWrapper` / `.kf` does it: instead of
// adding `sha256` to every `String` in the program (where another library may add its own), we add
// one property, `kfd`, that returns a wrapper, and hang our helpers on the wrapper.
// Chapter 2 shows the collision this avoids with the real compiler diagnostic.

import Foundation

/// Holds a value so that extensions can add library-specific API under `value.kfd`.
public struct KFDWrapper<Base> {
    /// The wrapped value.
    public let base: Base
    public init(_ base: Base) { self.base = base }
}

extension KFDWrapper: Sendable where Base: Sendable {}

/// Adopted by reference types (classes) to gain `.kfd`.
///
/// Why two protocols: the getter is the same, but the *setter* story differs. For a class,
/// `object.kfd.something = x` mutates the object through `base` without any setter on `kfd`.
/// A protocol limited to `AnyObject` lets the compiler know that.
public protocol KFDCompatible: AnyObject {}

/// Adopted by value types (structs, enums) to gain `.kfd`.
public protocol KFDCompatibleValue {}

extension KFDCompatible {
    /// The wrapper holding `self`.
    public var kfd: KFDWrapper<Self> {
        get { KFDWrapper(self) }
        // The empty setter is deliberate: it makes `kfd` settable, so `value.kfd.x = y` type-checks
        // when a helper on the wrapper is `mutating`/settable. The new wrapper is thrown away; a
        // helper that really changes the base does so through a reference (`base` of a class).
        set {}
    }
}

extension KFDCompatibleValue {
    /// The wrapper holding a copy of `self`.
    public var kfd: KFDWrapper<Self> {
        get { KFDWrapper(self) }
        // See `KFDCompatible.kfd`: present only so that chained assignments type-check.
        set {}
    }
}

extension String: KFDCompatibleValue {}
extension Data: KFDCompatibleValue {}

extension KFDWrapper where Base == String {
    /// The SHA-256 digest of the string's UTF-8 bytes, as 64 lowercase hex digits.
    /// Used as the cache file name, so any key maps to a fixed-length, path-safe name.
    public var sha256: String {
        // Hash the string's UTF-8 storage in place when it is contiguous (native strings are):
        // no copy of the key per call.
        var string = base
        return string.withUTF8 { SHA256.hexDigest(UnsafeRawBufferPointer($0)) }
    }

    /// The path extension of a key that looks like a file name or URL, as Kingfisher 8.11 reads
    /// it: `"a/b/photo.png"` → `"png"`, `"icon.jpg@2x"` → `"jpg"`, `"noext"` → `nil`.
    ///
    /// The key is cut at its first `@` (scale and processor suffixes), the text after the last
    /// `.` is taken, and it counts only if it looks like an extension: 1 to 20 letters or digits.
    /// Anything else — `"com/image"` from a URL without one, `"jpg?v=2"` from a query string —
    /// would put a `/` or a `?` into the cache file's name (Kingfisher issue #2301), so it is nil.
    /// Kingfisher uses it (with `autoExtAfterHashedFileName`) to keep the original extension on
    /// hashed file names, which some tools need to recognise file types.
    public var ext: String? {
        guard let name = base.split(separator: "@").first, let dot = name.lastIndex(of: ".") else { return nil }
        let candidate = name[name.index(after: dot)...]
        guard (1...20).contains(candidate.count), candidate.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return String(candidate)
    }
}

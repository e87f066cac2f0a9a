// A class and a struct that gain `kfd`, each with a settable helper on its wrapper: the class's
// write reaches the object through `base`; the struct's lands on the wrapper's copy and is lost.

import Foundation
import KFDCache

/// A stand-in for an image view: a reference type.
public final class Thumbnail: KFDCompatible {
    public var cacheKey: String?
    public init() {}
}

extension KFDWrapper where Base: Thumbnail {
    /// Settable through `thumbnail.kfd.cacheKey = …`: the setter mutates the wrapper (so `kfd`
    /// must be settable — hence `set {}`), and the write goes through `base`, a reference.
    public var cacheKey: String? {
        get { base.cacheKey }
        set { base.cacheKey = newValue }
    }
}

/// A value type with the same kind of helper, to show what goes wrong.
public struct Label: KFDCompatibleValue {
    public var caption: String
    public init(caption: String) { self.caption = caption }
}

extension KFDWrapper where Base == Label {
    /// Compiles, and does nothing useful: it changes the wrapper's copy of the label, and the
    /// empty `set {}` of `kfd` throws that wrapper away.
    public var caption: String {
        get { base.caption }
        set {
            var copy = base
            copy.caption = newValue
            self = KFDWrapper(copy)
        }
    }
}

extension KFDWrapper where Base == Data {
    /// The first bytes as hex, e.g. "6b 66 64" — this chapter's own small `kfd` helper.
    public var hexPreview: String {
        base.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
    }
}

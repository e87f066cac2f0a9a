// The study notes' own code, handed to the compiler by chapter 2 (part "notesCode"), in both
// language modes: 000 Q1's wrapper and 000 Q7's capturing `cachePathBlock`. Each is a whole file,
// copied from the notes with only what a file needs to stand alone (Foundation, a `Config`).

enum NotesSnippets {
    /// 000 Q1, as written in the notes: `struct KFDWrapper<Base>: Sendable`.
    static let wrapperAsWritten = """
    protocol KFDCompatibleValue {}

    struct KFDWrapper<Base>: Sendable {
        let base: Base
        init(_ base: Base) {
            self.base = base
        }
    }

    extension KFDCompatibleValue {
        var kfd: KFDWrapper<Self> {
            get { return KFDWrapper(self) }
            set { }
        }
    }
    extension String: KFDCompatibleValue { }
    """

    /// Kingfisher 8's choice (`Sources/General/Kingfisher.swift`, 8.0.0 to 8.11.0): unconditional.
    static let wrapperUnchecked = """
    // @unchecked Sendable: nothing guards `base`; the compiler takes Kingfisher's word for it.
    struct KFDWrapper<Base>: @unchecked Sendable {
        let base: Base
    }
    """

    /// This library's choice (`Sources/KFDCache/KFDWrapper.swift`): Sendable when its base is.
    static let wrapperConditional = """
    struct KFDWrapper<Base> {
        let base: Base
    }
    extension KFDWrapper: Sendable where Base: Sendable {}
    """

    /// 000 Q7's example: a `cachePathBlock` (`@Sendable`, as in Kingfisher 8's `DiskStorage.Config`)
    /// that captures a non-Sendable `self`.
    static let capturingPathBlock = """
    import Foundation

    struct Config {
        var cachePathBlock: (@Sendable (_ directory: URL, _ cacheName: String) -> URL)! = { directory, cacheName in
            directory.appendingPathComponent(cacheName, isDirectory: true)
        }
    }

    final class CacheManager {
        var customBaseURL: URL { URL(fileURLWithPath: "/tmp") }
        var config = Config()

        func makeBackend() {
            // (mistake) cachePathBlock captures self
            config.cachePathBlock = { _, cacheName in
                return self.customBaseURL.appendingPathComponent(cacheName)
            }
        }
    }
    """
}

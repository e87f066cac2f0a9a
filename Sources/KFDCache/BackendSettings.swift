// The disk backend's settings snapshot (`DiskStorage.Backend.Settings`), declared outside the
// generic `Backend<T>`: a type nested in a generic class is generic too, and its metadata is looked
// up at run time on every use — about 330 instructions a lookup, on every `isCached` and miss
// (callgrind, Experiments/count-instructions.sh). Out here its metadata is static.

extension DiskStorage {
    /// The config and readiness as of the last set; replaced whole, never changed.
    final class BackendSettings: Sendable {
        let config: Config
        let ready: Bool
        /// The config's file-naming fields, copied out once per set: the hot path reads these.
        let naming: FileNaming
        init(config: Config, ready: Bool) { self.config = config; self.ready = ready; naming = FileNaming(config) }
    }

    /// What a key's file name depends on, besides the key and a forced extension.
    struct FileNaming: Sendable {
        let usesHashedFileName: Bool
        let pathExtension: String?
        let autoExtAfterHashedFileName: Bool

        init(_ config: Config) {
            usesHashedFileName = config.usesHashedFileName
            pathExtension = config.pathExtension
            autoExtAfterHashedFileName = config.autoExtAfterHashedFileName
        }
    }
}

// Which strings may be a cache file's name. Only matters with `usesHashedFileName = false` (or a
// path extension supplied by the caller): a hashed name is 64 hex digits and always safe.
//
// Why this exists: built on Linux, Kingfisher's storage with unhashed names deletes its whole
// folder on `remove(forKey: "")` and on `remove(forKey: "..")` — the key becomes a path.

extension DiskStorage {
    enum FileNameRules {
        /// The longest file name most file systems accept (ext4, APFS: 255 bytes).
        static let maximumBytes = 255

        /// `name` itself when it names a plain file directly inside the cache folder.
        /// - Throws: `CacheError.invalidKey` saying why it does not.
        static func validated(_ name: String, key: String) throws -> String {
            func reject(_ reason: String) -> CacheError { .invalidKey(key: key, reason: reason) }
            if name.isEmpty { throw reject("the file name would be empty") }
            if name.hasPrefix(".") {
                throw reject("a name starting with \".\" is \".\", \"..\" or a hidden file that cleaning skips")
            }
            if name.contains("/") { throw reject("it contains \"/\", which would leave the cache folder") }
            if name.utf8.contains(0) { throw reject("it contains a NUL byte") }
            if name.utf8.count > maximumBytes {
                throw reject("the file name would be \(name.utf8.count) bytes; the limit is \(maximumBytes)")
            }
            return name
        }
    }
}

// The SHA-256 names of the keys a disk storage was asked about lately, so that a key asked again
// (a list scrolled back, `isCached` then `value`, a miss asked twice) is not hashed again.
//
// Why: hashing a 64-byte key costs about 5,800 instructions (Experiments/count-instructions.sh),
// most of `isCached` and nearly all of a miss the `maybeCached` shortcut answers.
//
// Why it can never give a wrong name: it maps a key to the key's SHA-256 and nothing else — a pure
// function of the key. What the config adds (hashing on or off, an extension, a forced extension)
// is applied to the hash afterwards, on every call, so a config change cannot make an entry stale.
//
// Bounded: two generations of at most `generationLimit` entries each. A hit in the older one moves
// the entry to the newer; when the newer is full, the older is dropped and the newer takes its
// place. So at most `2 × generationLimit` keys are held, and a key asked at least once per
// `generationLimit` new keys stays. What it costs: an entry holds the key and its 64-character
// hash (two heap strings, for keys over 15 bytes) and a dictionary slot. Measured on Linux (glibc's
// malloc statistics, the same two dictionaries filled with 1,024 keys of 34 bytes): 308 bytes an
// entry, about 310 KiB for a full table; longer keys cost their extra bytes.

extension DiskStorage {
    final class RecentHashes: Sendable {
        /// Entries per generation (the table holds at most twice this).
        static let generationLimit = 512

        private struct Generations {
            var newer: [String: String] = [:]
            var older: [String: String] = [:]

            mutating func lookUp(_ key: String) -> String? {
                if let hash = newer[key] { return hash }
                guard let hash = older.removeValue(forKey: key) else { return nil }
                insert(key, hash)
                return hash
            }

            mutating func insert(_ key: String, _ hash: String) {
                if newer.count >= RecentHashes.generationLimit {
                    older = newer
                    newer = Dictionary(minimumCapacity: RecentHashes.generationLimit)
                }
                newer[key] = hash
            }
        }

        /// Guarded by its own lock (`Locked`): lookups come from every thread calling the storage.
        private let table = Locked(Generations())

        /// `key.kfd.sha256`, from the table when the key was asked lately. The hash itself is
        /// computed outside the lock: two threads may both compute a new key's hash (the same).
        func sha256(of key: String) -> String {
            if let hash = table.withLock({ $0.lookUp(key) }) { return hash }
            let hash = key.kfd.sha256
            table.withLock { $0.insert(key, hash) }
            return hash
        }
    }
}

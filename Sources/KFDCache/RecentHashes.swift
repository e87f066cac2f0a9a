// The SHA-256 names of the keys a disk storage was asked about lately, so that a key asked again
// (a list scrolled back, `isCached` then `value`, a miss asked twice) is not hashed again.
//
// Why: hashing a 64-byte key costs about 5,800 instructions (Experiments/count-instructions.sh),
// most of `isCached` and nearly all of a miss the `maybeCached` shortcut answers.
//
// Why it can never give a wrong name: it maps a key to the key's SHA-256 and nothing else — a pure
// function of the key's UTF-8 bytes (an entry answers only a key with exactly those bytes, not a
// canonically equivalent one). What the config adds (hashing on or off, an extension, a forced extension)
// is applied to the hash afterwards, on every call, so a config change cannot make an entry stale.
//
// Bounded: two generations of at most `generationLimit` entries each. A hit in the older one moves
// the entry to the newer; when the newer is full, the older is dropped and the newer takes its
// place. So at most `2 × generationLimit` keys are held, and a key asked at least once per
// `generationLimit` new keys stays. What it costs: an entry holds the key and its 64-character
// hash (two heap strings, for keys over 15 bytes) and a dictionary slot. Measured on Linux (glibc's
// malloc statistics, the same two dictionaries filled with 1,024 keys of 34 bytes): 308 bytes an
// entry, about 310 KiB for a full table; longer keys cost their extra bytes. (Measured before an
// entry kept its key beside its hash: that adds one reference to the same string, 16 bytes.)

extension DiskStorage {
    final class RecentHashes: Sendable {
        /// Entries per generation (the table holds at most twice this).
        static let generationLimit = 512

        /// The key as it was hashed, beside its hash. Swift's `String ==` (and so a dictionary
        /// lookup) treats canonically equivalent strings as equal — "é" in NFC and in NFD — while
        /// their SHA-256, of the UTF-8 bytes, differs: Kingfisher gives them two files. An entry
        /// answers only a key with exactly its bytes.
        private struct Entry {
            let key: String
            let hash: String
            func hash(ifExactly key: String) -> String? { self.key.utf8.elementsEqual(key.utf8) ? hash : nil }
        }

        private struct Generations {
            var newer: [String: Entry] = [:]
            var older: [String: Entry] = [:]

            mutating func lookUp(_ key: String) -> String? {
                if let entry = newer[key] { return entry.hash(ifExactly: key) }
                guard let entry = older.removeValue(forKey: key) else { return nil }
                insert(entry)
                return entry.hash(ifExactly: key)
            }

            mutating func insert(_ entry: Entry) {
                if newer.count >= RecentHashes.generationLimit {
                    older = newer
                    newer = Dictionary(minimumCapacity: RecentHashes.generationLimit)
                }
                newer[entry.key] = entry
            }
        }

        /// Guarded by its own lock (`Locked`): lookups come from every thread calling the storage.
        private let table = Locked(Generations())

        /// `key.kfd.sha256`, from the table when the key was asked lately. The hash itself is
        /// computed outside the lock: two threads may both compute a new key's hash (the same).
        func sha256(of key: String) -> String {
            if let hash = table.withLock({ $0.lookUp(key) }) { return hash }
            let hash = key.kfd.sha256
            table.withLock { $0.insert(Entry(key: key, hash: hash)) }
            return hash
        }
    }
}

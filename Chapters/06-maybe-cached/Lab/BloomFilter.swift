// A Bloom filter: the classic answer to "a set that may say maybe". Chapter 6 compares it with
// `maybeCached` (a `Set<String>` of file names): far less memory, a tunable false-positive rate,
// and no way to remove a name — the same one-sidedness, traded for space.

import Foundation

public struct BloomFilter: Sendable {
    private var words: [UInt64]
    public let bitCount: Int
    public let hashCount: Int

    /// A filter sized for `expectedCount` items at `bitsPerItem` bits each, with the hash count
    /// that minimises false positives for that size: k = (m/n)·ln 2.
    public init(expectedCount: Int, bitsPerItem: Int) {
        bitCount = max(64, expectedCount * bitsPerItem)
        hashCount = max(1, Int((Double(bitsPerItem) * log(2)).rounded()))
        words = [UInt64](repeating: 0, count: (bitCount + 63) / 64)
    }

    public var byteCount: Int { words.count * 8 }

    public mutating func insert(_ item: String) {
        for bit in bits(for: item) { words[bit >> 6] |= 1 << UInt64(bit & 63) }
    }

    /// `false`: certainly never inserted. `true`: maybe.
    public func mightContain(_ item: String) -> Bool {
        bits(for: item).allSatisfy { words[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
    }

    /// k bit positions by double hashing (Kirsch–Mitzenmacher): h1 + i·h2.
    private func bits(for item: String) -> [Int] {
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a
        for byte in item.utf8 { h1 = (h1 ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var h2 = h1 ^ 0x9E37_79B9_7F4A_7C15        // a second, independent-enough hash (SplitMix64 finaliser)
        h2 = (h2 ^ (h2 >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h2 = (h2 ^ (h2 >> 27)) &* 0x94D0_49BB_1331_11EB
        h2 = (h2 ^ (h2 >> 31)) | 1
        return (0..<hashCount).map { Int((h1 &+ UInt64($0) &* h2) % UInt64(bitCount)) }
    }
}

// SHA-256 as FIPS 180-4 §6.2 specifies it, written here because the workbook takes no packages
// (Kingfisher uses CryptoKit / CommonCrypto, neither of which exists on Linux).
// Checked against the FIPS test vectors and the system's `sha256sum` in Tests/KFDCacheTests.

/// A one-shot SHA-256 digest.
///
/// Complexity: O(n) in the message length; one 64-byte block at a time, no allocation per block.
public enum SHA256 {
    /// The 32-byte digest of `message`.
    public static func digest(of message: [UInt8]) -> [UInt8] {
        let state = message.withUnsafeBufferPointer { hash(UnsafeRawBufferPointer($0)) }
        var out = [UInt8](repeating: 0, count: 32)
        for index in 0..<8 { store(word(state, index), into: &out, at: index * 4) }
        return out
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public static func hexDigest(of message: [UInt8]) -> String {
        message.withUnsafeBufferPointer { hexDigest(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits. Allocates only the result: the
    /// message is read in place, the schedule and state live on the stack, and the digits are
    /// written straight into the string's own storage.
    public static func hexDigest(_ bytes: UnsafeRawBufferPointer) -> String {
        let state = hash(bytes)
        return String(unsafeUninitializedCapacity: 64) { text in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for index in 0..<8 {
                    let value = word(state, index)
                    for nibble in 0..<8 {
                        text[index * 8 + nibble] = digits[Int(value >> UInt32(28 - nibble * 4) & 0xf)]
                    }
                }
            }
            return 64
        }
    }

    /// Eight 32-bit words: the hash state.
    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    @inline(__always)
    private static func word(_ state: State, _ index: Int) -> UInt32 {
        withUnsafeBytes(of: state) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
    }

    private static func store(_ value: UInt32, into out: inout [UInt8], at offset: Int) {
        out[offset] = UInt8(truncatingIfNeeded: value >> 24)
        out[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
        out[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
        out[offset + 3] = UInt8(truncatingIfNeeded: value)
    }

    /// FIPS 180-4 §6.2.2 over `message`, padded (§5.1.1) on the fly: the whole blocks are read in
    /// place; the last one or two blocks — the tail, a single 1 bit, zeros, and the length in bits
    /// as a big-endian 64-bit integer — are built in a 128-byte stack buffer.
    static func hash(_ message: UnsafeRawBufferPointer) -> State {
        var state: State = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            let wholeBlocks = message.count / 64
            for block in 0..<wholeBlocks {
                compress(UnsafeRawBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]), &state, schedule)
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                tail.initialize(repeating: 0)
                let rest = message.count - wholeBlocks * 64
                if rest > 0 {
                    tail.baseAddress!.initialize(from: message.baseAddress!.advanced(by: wholeBlocks * 64)
                        .assumingMemoryBound(to: UInt8.self), count: rest)
                }
                tail[rest] = 0x80
                let length = rest < 56 ? 64 : 128
                let bits = UInt64(message.count) &* 8
                for index in 0..<8 { tail[length - 1 - index] = UInt8(truncatingIfNeeded: bits >> UInt64(index * 8)) }
                let raw = UnsafeRawBufferPointer(tail)
                compress(UnsafeRawBufferPointer(rebasing: raw[0..<64]), &state, schedule)
                if length == 128 { compress(UnsafeRawBufferPointer(rebasing: raw[64..<128]), &state, schedule) }
            }
        }
        return state
    }

    /// One 64-byte block (§6.2.2 steps 1–4).
    @inline(__always)
    private static func compress(_ block: UnsafeRawBufferPointer, _ state: inout State, _ w: UnsafeMutableBufferPointer<UInt32>) {
        for t in 0..<16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
        }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        roundConstants.withBuffer { k in
            for t in 0..<64 {
                let bigSigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ bigSigma1 &+ choose &+ k[t] &+ w[t]
                let bigSigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = bigSigma0 &+ majority
                h = g; g = f; f = e; e = d &+ t1
                d = c; c = b; b = a; a = t1 &+ t2
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants = RoundConstants()
}

/// The 64 round constants, in one contiguous, immutable buffer read without bounds checks.
private struct RoundConstants: Sendable {
    private let values: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    @inline(__always)
    func withBuffer<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        values.withUnsafeBufferPointer(body)
    }
}

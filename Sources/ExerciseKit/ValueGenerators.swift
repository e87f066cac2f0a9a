// The inputs the exercises take, as generators: strings that trip up matching, byte arrays around
// the PNG signature, dates around the places rounding goes wrong, and sizes at their limits. Each
// puts its simplest value first, so a shrunk counterexample reads plainly.

import Foundation

extension Gen where Value == String {
    /// Pieces a key or a name is made of: letters of both cases, separators, extensions,
    /// whitespace, the same accented letters in NFC and NFD, a run long enough for file names, and
    /// what URLs hold: percent escapes ("%%", a lone "%", "%20", "%25"), a query, a fragment, a
    /// backslash — a key is any string, and none of these may be decoded, cut off or replaced.
    /// (Kept as it is: a check's first pass draws the same cases it always drew; the edge
    /// fragments below come in a second pass, `text(adding:)`.)
    public static var fragment: Gen<String> {
        .element(of: ["a", "b", "A", "B", "x", "1", ".", "@", "/", "-", " ", ".png", ".PNG", ".jpg", "\t", "\n",
                      "\u{E9}", "e\u{301}", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}", "\u{1F600}", "ß",
                      String(repeating: "x", count: 300),
                      "%%", "%", "%20", "%25", "?", "?w=1", "#", "#1", "\\"])
    }

    /// Line breaks of either kind ("\r\n" is one Character to Swift), a NUL (where a C string
    /// would end), ":" and characters Windows forbids in file names.
    public static let edgeFragments = ["\r\n", "\r", "\u{0}", ":", "*", "|", "<"]

    /// A string of up to `maxPieces` fragments, drawn also from `extra` when it is not empty; ""
    /// is the simplest. With no extra, the same draws as always.
    public static func text(maxPieces: Int = 6, adding extra: [String] = []) -> Gen<String> {
        let pieces: Gen<String> = extra.isEmpty ? fragment : .oneOf([fragment, .element(of: extra)])
        return pieces.array(maxCount: maxPieces).map { $0.joined() }
    }

    /// `base` itself first, or a near twin of it that a loose comparison mistakes for it: another
    /// case, trimmed or padded, a prefix, the extension dropped or swapped, the other Unicode form.
    public static func twin(of base: String) -> Gen<String> {
        .element(of: twins(of: base))
    }

    /// The near twins of `base` (itself first).
    public static func twins(of base: String) -> [String] {
        let noExtension = base.range(of: ".", options: .backwards).map { String(base[..<$0.lowerBound]) } ?? base
        return [base, base.lowercased(), base.uppercased(), base.capitalized, " " + base, base + " ",
                base.trimmingCharacters(in: .whitespacesAndNewlines), String(base.dropLast()), String(base.dropFirst()),
                base + "x", noExtension, noExtension + ".PNG", base + "@", "@" + base,
                base.precomposedStringWithCanonicalMapping, base.decomposedStringWithCanonicalMapping]
    }
}

/// Bytes handed to a function as a `Data`: possibly a slice of a larger buffer, whose first index
/// is then `prefix.count`, not 0.
public struct SlicedBytes: CustomStringConvertible, Sendable {
    public let prefix: [UInt8]
    public let bytes: [UInt8]

    public init(prefix: [UInt8], bytes: [UInt8]) {
        self.prefix = prefix
        self.bytes = bytes
    }

    public var data: Data { prefix.isEmpty ? Data(bytes) : Data(prefix + bytes)[prefix.count...] }

    public var description: String {
        let hex = bytes.prefix(12).map { String(format: "%02X", $0) }.joined(separator: " ")
            + (bytes.count > 12 ? " … (\(bytes.count) bytes)" : "")
        let shown = bytes.isEmpty ? "empty Data" : "Data([\(hex)])"
        return prefix.isEmpty ? shown : "\(shown) as a slice whose startIndex is \(prefix.count)"
    }

    /// The same in Korean, for a Korean message.
    public var ko: String {
        let hex = bytes.prefix(12).map { String(format: "%02X", $0) }.joined(separator: " ")
            + (bytes.count > 12 ? " … (\(bytes.count)바이트)" : "")
        let shown = bytes.isEmpty ? "빈 Data" : "Data([\(hex)])"
        return prefix.isEmpty ? shown : "startIndex가 \(prefix.count)인 slice로 준 \(shown)"
    }
}

extension Gen where Value == [UInt8] {
    public static var pngSignature: [UInt8] { [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] }

    public static func bytes(maxCount: Int) -> Gen<[UInt8]> {
        Gen<UInt8>.byte.array(maxCount: maxCount)
    }

    /// Bytes a text file may start with, that a lenient reader skips: whitespace and a UTF-8 BOM.
    public static var leadingSkippable: Gen<[UInt8]> {
        .element(of: [[0x0A], [0x20], [0x09], [0x0D], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], [0x00]])
    }

    /// Byte arrays around the PNG signature: it at offset 0 then more bytes, exactly it, it after
    /// other bytes, it after whitespace or a BOM, it with one byte changed, it cut short, and bytes of any kind.
    public static var aroundPNG: Gen<[UInt8]> {
        let signature = pngSignature
        let tail = bytes(maxCount: 6)
        return .oneOf([
            tail.map { signature + $0 },
            bytes(maxCount: 10),
            zip(bytes(maxCount: 4), tail).map { $0.0 + [0] + signature + $0.1 },
            zip(leadingSkippable.array(maxCount: 3), tail).map { lead, rest in (lead.isEmpty ? [0x0A] : lead.flatMap { $0 }) + signature + rest },
            zip(Gen<Int>.int(in: 0...7), Gen<UInt8>.byte, tail).map { position, replacement, rest in
                var changed = signature
                changed[position] = changed[position] == replacement ? replacement &+ 1 : replacement
                return changed + rest
            },
            Gen<Int>.int(in: 0...7).map { Array(signature.prefix($0)) },
            zip(Gen<Int>.int(in: 1...8), tail).map { Array(signature.prefix($0)) + $1 },
        ])
    }
}

extension Gen where Value == SlicedBytes {
    /// `bytes` as a plain Data (the simplest) or as a slice starting 1 to 5 bytes into a buffer.
    public static func sliced(_ bytes: Gen<[UInt8]>) -> Gen<SlicedBytes> {
        zip(Gen<[UInt8]>.oneOf([.constant([]), Gen<UInt8>.byte.array(maxCount: 5)]), bytes)
            .map { SlicedBytes(prefix: $0.0, bytes: $0.1) }
    }
}

extension Gen where Value == UInt8 {
    public static var byte: Gen<UInt8> { Gen { choices in UInt8(choices.below(256)) } }
}

extension Gen where Value == Double {
    /// Seconds since 1970 where rounding goes wrong: whole seconds and the values just beside
    /// them (by a microsecond, below one, by the smallest step a Double has there), around 2^31,
    /// before 1970, and far beyond any Int of seconds (±1e20).
    public static var seconds: Gen<Double> {
        let whole = Gen<Double>.element(of: [0, 1, -1, 1_700_000_000, 978_307_200, 2_147_483_648, 2_147_483_647, -2_147_483_648,
                                            4_102_444_800, 99_999_999_999, -62_135_596_800, 1e15, 1e20, -1e20, 9.3e18])
        let random = Gen<Int>.int(in: -4_000_000_000...4_000_000_000).map(Double.init)
        let base = Gen<Double>.oneOf([whole, random])
        let offset = Gen<Double>.element(of: [0, 0.5, -0.5, 0.25, 0.999_999, -0.999_999, 1e-6, -1e-6, 1e-7, -1e-7, 1e-9, -1e-9,
                                             0.000_000_238_418_579_101_562_5, 0.1, 0.9])
        return .oneOf([
            base,
            zip(base, offset).map { $0 + $1 },
            zip(base, Gen<Int>.int(in: -3...3)).map { value, steps in
                steps < 0 ? (0 ..< -steps).reduce(value) { v, _ in v.nextDown } : (0 ..< steps).reduce(value) { v, _ in v.nextUp }
            },
            zip(base, Gen<Int>.int(in: 1...1_048_575)).map { $0 + Double($1) / 1_048_576 },
        ])
    }

    /// Seconds on a grid of 2^-20 s (about a microsecond) below 2^33 in size: every sum and
    /// difference of a few of them is exact, in either of Foundation's clocks (1970 or 2001), so
    /// any right formula gives the same bits.
    public static var gridSeconds: Gen<Double> {
        let whole = Gen<Int>.oneOf([
            .element(of: [1_700_000_000, 0, 2_147_483_648, 2_147_483_647, 978_307_200, 4_102_444_800, -1_000_000_000]),
            .int(in: -2_000_000_000...6_000_000_000),
        ])
        let fraction = Gen<Int>.oneOf([.element(of: [0, 524_288, 1, 1_048_575, 262_144]), .int(in: 0...1_048_575)])
        return zip(whole, fraction).map { Double($0) + Double($1) / 1_048_576 }
    }

    /// A span of seconds on the same grid, 0 (the simplest) to about 11 days.
    public static var gridSpan: Gen<Double> {
        let whole = Gen<Int>.oneOf([.element(of: [0, 1, 20, 60, 300, 86_400]), .int(in: 0...1_000_000)])
        let fraction = Gen<Int>.oneOf([.element(of: [0, 524_288, 1, 1_048_575]), .int(in: 0...1_048_575)])
        return zip(whole, fraction).map { Double($0) + Double($1) / 1_048_576 }
    }
}

extension Gen where Value == UInt64 {
    /// Sizes at their edges: 0, 1, a few, powers of two and their neighbours (2^63, Int.max,
    /// UInt64.max among them), gigabytes, and any value.
    public static var size: Gen<UInt64> {
        let power = Gen<Int>.int(in: 0...63).map { UInt64(1) << UInt64($0) }
        return .oneOf([
            .element(of: [0, 1, 3, 8 << 30, 16 << 30, UInt64(Int.max), 1 << 63, (1 << 63) + 1, UInt64.max, UInt64.max - 1]),
            power,
            zip(power, Gen<Int>.int(in: -2...2)).map { value, offset in offset < 0 ? value &- UInt64(-offset) : value &+ UInt64(offset) },
            Gen<Int>.int(in: 1...64).map { UInt64($0) << 30 },
            .any,
        ])
    }
}

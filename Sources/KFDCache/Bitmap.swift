// A small real value for the hybrid cache: a decoded RGB bitmap in memory (its cost is its byte
// count, as a decoded image's is), stored on disk as a binary PPM file ("P6", Netpbm) — so
// "decoded in memory, encoded on disk" is something a learner can open in an image viewer.

import Foundation

public struct Bitmap: CacheCostCalculable, Sendable, Equatable, Codable {
    public let width: Int
    public let height: Int
    /// Row-major RGB, 3 bytes a pixel.
    public let pixels: [UInt8]

    /// nil unless `pixels` holds exactly width × height × 3 bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// What keeping it decoded in memory costs: its bytes.
    public var cacheCost: Int { pixels.count }

    /// Decodes and validates (synthesized decoding would accept a pixel count that does not fit).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let width = try container.decode(Int.self, forKey: .width)
        let height = try container.decode(Int.self, forKey: .height)
        let pixels = try container.decode([UInt8].self, forKey: .pixels)
        guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
            throw DecodingError.dataCorruptedError(forKey: .pixels, in: container,
                                                   debugDescription: "\(pixels.count) bytes for \(width)×\(height)")
        }
        self = bitmap
    }

    /// A deterministic test picture: a gradient shifted by `seed`.
    public static func gradient(width: Int, height: Int, seed: Int = 0) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(truncatingIfNeeded: x &* 255 / max(1, width - 1) &+ seed)
                pixels[offset + 1] = UInt8(truncatingIfNeeded: y &* 255 / max(1, height - 1) &+ seed &* 7)
                pixels[offset + 2] = UInt8(truncatingIfNeeded: (x ^ y) &+ seed &* 13)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)!
    }
}

/// Encodes a `Bitmap` as binary PPM (`P6 <width> <height> 255` then the RGB bytes) and back.
public struct PPMSerializer: CacheSerializer {
    public struct InvalidPPM: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {}

    public func data(with value: Bitmap, original: Data?) throws -> Data {
        if let original { return original }
        var data = Data("P6\n\(value.width) \(value.height)\n255\n".utf8)
        data.append(contentsOf: value.pixels)
        return data
    }

    public func value(with data: Data) throws -> Bitmap {
        let bytes = [UInt8](data)
        var index = 0
        func token() throws -> String {
            // Skip whitespace and comments ("# …" to end of line).
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else { break }
            }
            let start = index
            while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index > start else { throw InvalidPPM(description: "the header ends early") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard try token() == "P6" else { throw InvalidPPM(description: "not a binary PPM (no P6 magic)") }
        guard let width = Int(try token()), let height = Int(try token()), let maxValue = Int(try token()),
              width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else {
            throw InvalidPPM(description: "bad width, height or maximum value")
        }
        guard maxValue == 255 else { throw InvalidPPM(description: "only 8-bit PPM is supported (max value \(maxValue))") }
        index += 1   // the single whitespace byte after the header
        let count = width * height * 3
        guard bytes.count - index >= count, let bitmap = Bitmap(width: width, height: height,
                                                                 pixels: Array(bytes[index..<index + count])) else {
            throw InvalidPPM(description: "\(max(0, bytes.count - index)) pixel bytes for a \(width)×\(height) image (need \(count))")
        }
        return bitmap
    }
}

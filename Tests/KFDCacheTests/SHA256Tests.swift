import Foundation
import Testing
@testable import KFDCache
import WorkbookSupport

@Suite("SHA-256 and the kfd wrapper")
struct SHA256Tests {
    // FIPS 180-4 example vectors (NIST "SHA256.pdf" and the CAVP short-message set).
    @Test("FIPS 180-4 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func vectors(message: String, expected: String) {
        #expect(message.kfd.sha256 == expected)
    }

    @Test("one million \"a\"")
    func millionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("padding boundaries: lengths 55, 56, 63, 64, 65 differ and are 64 hex digits")
    func paddingBoundaries() {
        let digests = [55, 56, 63, 64, 65].map { String(repeating: "x", count: $0).kfd.sha256 }
        #expect(Set(digests).count == 5)
        #expect(digests.allSatisfy { $0.count == 64 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
    }

    @Test("agrees with the system's SHA-256 tool (the sha256sum or shasum found on PATH) on random inputs",
          .enabled(if: Toolchain.sha256Tool != nil, "neither sha256sum nor shasum is on PATH: nothing to compare with"))
    func agreesWithSystemTool() throws {
        let tool = try #require(Toolchain.sha256Tool)
        var generator = SeededGenerator(seed: 0x5EED)
        for length in [0, 1, 55, 56, 64, 119, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let process = Process()
            process.executableURL = tool.url
            process.arguments = tool.arguments
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(bytes))
            try input.fileHandleForWriting.close()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(text.split(separator: " ").first.map(String.init) == SHA256.hexDigest(of: bytes),
                    "length \(length)")
        }
    }

    @Test("kfd.ext takes the last extension and drops @-suffixes", arguments: [
        ("photo.png", "png"), ("https://a.example/x/icon.jpg@2x", "jpg"), ("noext", nil),
        ("trailing.", nil), ("a.b.gif", "gif"),
    ] as [(String, String?)])
    func ext(key: String, expected: String?) {
        #expect(key.kfd.ext == expected)
    }
}

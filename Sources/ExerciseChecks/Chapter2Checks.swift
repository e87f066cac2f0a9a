// Chapter 2's checks: helpers behind the `kfd` wrapper.

import ExerciseKit
import Foundation
import KFDCache

// MARK: The contracts (what your file provides; its conformance sits in the DO NOT EDIT lines)

public protocol DataDigestExercise {
    static func sha256(of data: Data) -> String
    static func isPNG(_ data: Data) -> Bool
}

public protocol ClassWrapperExercise {
    associatedtype View: AnyObject
    static func makeView() -> View
    static func setCacheKey(_ key: String?, on view: View)
    static func storedKey(of view: View) -> String?
    /// What `view.kfd.cacheKey` reads.
    static func cacheKey(of view: View) -> String?
}

// MARK: The checks

public enum Chapter2Checks {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// 02-data-digest: `data.kfd.sha256` (lowercase hex) and `data.kfd.isPNG`, on every shape of Data.
    public static func dataDigest<E: DataDigestExercise>(_: E.Type, _ run: CheckRun) {
        let abc = E.sha256(of: Data("abc".utf8))
        run.expect(abc == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                   "data.kfd.sha256 of \"abc\" is \"\(abc)\": it must be the FIPS 180-4 digest, 64 lowercase hex digits")
        run.expect(E.sha256(of: Data()) == SHA256.hexDigest(of: []), "the digest of empty data is wrong")
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        run.expect(E.sha256(of: Data(bytes)) == SHA256.hexDigest(of: bytes), "the digest of 1000 bytes differs from SHA256.hexDigest")
        // Every length around SHA-256's 64-byte blocks and its 55/56-byte padding edge, and inputs
        // far longer than any key: the header says "any Data".
        for length in [1, 55, 56, 63, 64, 65, 119, 120, 128, 4_097, 1 << 20] {
            let long = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 3) }
            let got = E.sha256(of: Data(long))
            if got != SHA256.hexDigest(of: long) {
                run.fail("the digest of \(length) bytes is \"\(got.prefix(16))…\", not SHA-256's \"\(SHA256.hexDigest(of: long).prefix(16))…\": "
                         + "hash the data's own bytes (not a String made from them), as 64 lowercase hex digits, two per byte")
                break
            }
        }
        let million = E.sha256(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        run.expect(million == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                   "data.kfd.sha256 of a million \"a\" bytes (FIPS 180-4's long test vector) is \"\(million.prefix(16))…\"")
        let slice = Data([1, 2] + bytes)[2...]
        run.expect(E.sha256(of: slice) == SHA256.hexDigest(of: bytes),
                   "the digest of a Data slice (startIndex 2) differs from SHA-256 of its bytes: hash the slice's own bytes, as bytes")

        let cases: [(Data, Bool, String)] = [
            (Data(pngSignature + [0, 0, 0, 13]), true, "bytes starting with the PNG signature are a PNG"),
            (Data(pngSignature), true, "exactly the 8 signature bytes are a PNG"),
            (Data(pngSignature.prefix(7)), false, "7 of the 8 signature bytes are not a PNG"),
            (Data(pngSignature.prefix(4) + [0, 0, 0, 0]), false, "only the first 4 signature bytes right (89 50 4E 47) is not a PNG"),
            (Data([0xFF, 0xD8, 0xFF, 0xE0]), false, "a JPEG is not a PNG"),
            (Data(), false, "empty data is not a PNG"),
            (Data([0xAA] + pngSignature)[1...], true, "a Data slice whose startIndex is 1 and whose bytes are a PNG is a PNG"),
        ]
        for (data, expected, why) in cases {
            run.expect(E.isPNG(data) == expected, "isPNG was \(!expected): \(why)")
        }
        if run.passed { digestsMatch(E.self, run) }
    }

    /// Generated: runs of up to 4 calls on byte arrays around the PNG signature (at offset 0, after
    /// other bytes, one byte changed, cut short, any bytes), each as a plain Data or as a slice
    /// whose startIndex is not 0; each answer compared with SHA-256 of the bytes and with
    /// "starts with the 8 signature bytes".
    static func digestsMatch<E: DataDigestExercise>(_: E.Type, _ run: CheckRun) {
        let call = zip(Gen<Bool>.bool, Gen<SlicedBytes>.sliced(.aroundPNG))
        run.forAll(call.array(maxCount: 4), cases: 4_000, seed: 0x0201) { calls in
            for (index, (asksDigest, input)) in calls.enumerated() {
                let after = index == 0 ? "" : "after \(index) other call\(index == 1 ? "" : "s"), "
                if asksDigest {
                    let expected = SHA256.hexDigest(of: input.bytes), got = E.sha256(of: input.data)
                    if got != expected {
                        return after + "sha256 of \(input) is \"\(got.prefix(20))…\"; the reference gives \"\(expected.prefix(20))…\": "
                            + "the SHA-256 of exactly the Data's own bytes, from its startIndex, as 64 lowercase hex digits"
                    }
                } else {
                    let expected = input.bytes.starts(with: pngSignature), got = E.isPNG(input.data)
                    if got != expected {
                        return after + "isPNG(\(input)) is \(got); the reference says \(expected): "
                            + (expected ? "its bytes start with all 8 signature bytes 89 50 4E 47 0D 0A 1A 0A"
                                        : "a PNG's bytes *start* with all 8 signature bytes 89 50 4E 47 0D 0A 1A 0A, and these do not")
                    }
                }
            }
            return nil
        }
    }

    /// 02-class-wrapper: `view.kfd.cacheKey = …` reaches that view, and only that view.
    public static func classWrapper<E: ClassWrapperExercise>(_: E.Type, _ run: CheckRun) {
        let view = E.makeView(), other = E.makeView()
        E.setCacheKey("avatar-42", on: view)
        run.expect(E.storedKey(of: view) == "avatar-42", "view.kfd.cacheKey = \"avatar-42\" did not reach the view")
        run.expect(E.storedKey(of: other) == nil,
                   "setting the key on one view changed another view: the key must be stored on `base`, not shared")
        run.expect(E.cacheKey(of: view) == "avatar-42", "after view.kfd.cacheKey = \"avatar-42\", view.kfd.cacheKey reads "
                   + "\(E.cacheKey(of: view).map { quoted($0) } ?? "nil"): reading through kfd must give the key the view holds")
        run.expect(E.cacheKey(of: other) == nil, "after view.kfd.cacheKey = \"avatar-42\", another view's kfd.cacheKey reads "
                   + "\(E.cacheKey(of: other).map { quoted($0) } ?? "nil"), though nothing was set on it: reading through kfd must give "
                   + "that view's own key (nil here), never one set on another view")
        E.setCacheKey("Avatar-42.PNG", on: view)
        run.expect(E.storedKey(of: view) == "Avatar-42.PNG", "view.kfd.cacheKey = \"Avatar-42.PNG\" stored "
                   + "\(E.storedKey(of: view).map { "\"\($0)\"" } ?? "nil"): store the key exactly as given")
        E.setCacheKey("", on: view)
        run.expect(E.storedKey(of: view) == "", "view.kfd.cacheKey = \"\" stored \(E.storedKey(of: view).map { "\"\($0)\"" } ?? "nil"): "
                   + "an empty key is a value, not nil")
        E.setCacheKey(nil, on: view)
        run.expect(E.storedKey(of: view) == nil, "view.kfd.cacheKey = nil must clear the key")
        if run.passed { viewsKeepTheirKeys(E.self, run) }
    }

    /// Generated: runs of up to 8 assignments (keys of every shape, "" and nil among them) spread
    /// over three views, some of them new; after each, every view's key — as stored on the view and
    /// as `kfd.cacheKey` reads it — is compared with what was last set on that view, byte for byte.
    static func viewsKeepTheirKeys<E: ClassWrapperExercise>(_: E.Type, _ run: CheckRun) {
        let key = Gen<String?>.oneOf([Gen<String>.text().optional, .element(of: [nil, "", " ", "Avatar-42.PNG"])])
        let step = zip(Gen<Int>.int(in: 0...2), key)
        run.forAll(step.array(maxCount: 8), cases: 3_000, seed: 0x0202) { steps in
            let views = [E.makeView(), E.makeView(), E.makeView()]
            var expected: [String?] = [nil, nil, nil]
            var done: [String] = []
            for (index, key) in steps {
                E.setCacheKey(key, on: views[index])
                expected[index] = key
                done.append("view\(index + 1).kfd.cacheKey = \(key.map { quoted($0) } ?? "nil")")
                for viewIndex in 0..<3 {
                    for (got, how) in [(E.storedKey(of: views[viewIndex]), "holds"), (E.cacheKey(of: views[viewIndex]), "reads through kfd.cacheKey")] {
                        let same = got.map { g in expected[viewIndex].map { sameBytes(g, $0) } ?? false } ?? (expected[viewIndex] == nil)
                        guard !same else { continue }
                        return "after \(done.joined(separator: "; ")), view\(viewIndex + 1) \(how) \(got.map { quoted($0) } ?? "nil"); "
                            + "the reference \(how) \(expected[viewIndex].map { quoted($0) } ?? "nil"): each view keeps exactly the last key "
                            + "set on it (nil clears it, \"\" is a key), and no other view's"
                    }
                }
            }
            return nil
        }
    }
}

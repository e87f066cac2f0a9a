import Exercises
import ExerciseKit
import ExerciseSolutions
import Foundation
import KFDCache
import Testing
import WorkbookSupport

func checkNamespaceEnum<E: NamespaceEnumExercise>(_: E.Type) {
    #expect(TypeKind.isEnum(E.Namespace.self),
            "ThumbnailStorage must be an enum with no cases (it is a \(TypeKind.isStruct(E.Namespace.self) ? "struct" : "non-enum type"), so anyone can write ThumbnailStorage())")
    #expect(MemoryLayout<E.Namespace>.size == 0, "a namespace holds no data")
    let config = E.makeConfig(limit: 42)
    #expect(config.limit == 42)
    #expect(config.typeName == "Config", "Config should stay nested inside the namespace")
}

func checkCacheKey<E: CacheKeyExercise>(_: E.Type) {
    #expect(E.computedKey("https://a/b.png", processorIdentifier: "") == "https://a/b.png",
            "with no processor the computed key is the key itself")
    #expect(E.computedKey("https://a/b.png", processorIdentifier: "round(8)") == "https://a/b.png@round(8)",
            "with a processor the computed key is key + \"@\" + identifier")
    #expect(TypeKind.isEnum(E.Namespace.self), "CacheKeys must be a caseless enum (no values, only a static function)")
}

func checkDataDigest<E: DataDigestExercise>(_: E.Type) {
    #expect(E.sha256(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "data.kfd.sha256 of \"abc\" must be the FIPS 180-4 digest, lowercase hex")
    #expect(E.sha256(of: Data()) == SHA256.hexDigest(of: []), "the digest of empty data")
    #expect(E.isPNG(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])), "bytes starting with the PNG signature are a PNG")
    #expect(!E.isPNG(Data([0xFF, 0xD8, 0xFF])), "a JPEG is not a PNG")
    #expect(!E.isPNG(Data([0x89, 0x50])), "two bytes are not a PNG")
}

func checkClassWrapper<E: ClassWrapperExercise>(_: E.Type) {
    let view = E.makeView()
    E.setCacheKey("avatar-42", on: view)
    #expect(E.storedKey(of: view) == "avatar-42", "view.kfd.cacheKey = \"avatar-42\" must reach the view")
    E.setCacheKey(nil, on: view)
    #expect(E.storedKey(of: view) == nil, "setting nil must clear it")
}

@Suite struct Ex01NamespaceEnum {
    @Test("01-namespace-enum", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkNamespaceEnum(Exercises.NamespaceEnum.self) } }
    @Test("01-namespace-enum (solution)") func solution() { checkNamespaceEnum(ExerciseSolutions.NamespaceEnum.self) }
}

@Suite struct Ex01CacheKey {
    @Test("01-cache-key", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkCacheKey(Exercises.CacheKey.self) } }
    @Test("01-cache-key (solution)") func solution() { checkCacheKey(ExerciseSolutions.CacheKey.self) }
}

@Suite struct Ex02DataDigest {
    @Test("02-data-digest", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkDataDigest(Exercises.DataDigest.self) } }
    @Test("02-data-digest (solution)") func solution() { checkDataDigest(ExerciseSolutions.DataDigest.self) }
}

@Suite struct Ex02ClassWrapper {
    @Test("02-class-wrapper", .enabled(if: Mode.checksStubs)) func stub() { Mode.stub { checkClassWrapper(Exercises.ClassWrapper.self) } }
    @Test("02-class-wrapper (solution)") func solution() { checkClassWrapper(ExerciseSolutions.ClassWrapper.self) }
}

// The Korean of English messages whose lines cannot carry it. A `CheckMessage` made from English
// alone takes its Korean from here when its text is exactly a key; any other English-only message
// is shown in English, labelled as such. Tests/ExerciseTests/CheckMessageTests.swift fails when a
// key no longer matches the sources.

public enum KnownKorean {
    /// Said by the protected lines of the learner's files (`lock.requireHeld("…")`, whose digest
    /// is fixed), by a probe a check sets up, or by a check's thread names: each key is a whole
    /// string literal in the sources.
    public static let literals: [String: String] = [
        "_limits was changed without holding lock": "lock을 잡지 않은 채 _limits를 바꿨습니다",
        "_settings was changed off propertyQueue": "propertyQueue 밖에서 _settings를 바꿨습니다",
        "keys was changed without holding lock": "lock을 잡지 않은 채 keys를 바꿨습니다",
        "names was changed off queue": "`queue` 밖에서 names를 바꿨습니다",
        "the file was written off ioQueue": "ioQueue 밖에서 파일을 썼습니다",
        "NSCache's limits were set without holding lock": "lock을 잡지 않은 채 NSCache의 limit을 설정했습니다",
        "storage.removeObject ran without holding lock": "lock을 잡지 않은 채 storage.removeObject가 실행됐습니다",
        "storage.object(forKey:) ran without holding lock": "lock을 잡지 않은 채 storage.object(forKey:)가 실행됐습니다",
        "storage.setObject ran without holding lock: the value and its key change together, under the lock":
            "lock을 잡지 않은 채 storage.setObject가 실행됐습니다: 값과 그 key는 lock 아래에서 함께 바뀌어야 합니다",
    ]

    /// What the shipped stubs of chapters 2, 6, 8 and 9 are told, word for word (values
    /// included: a stub's answer is always the same), while those checks are still English only.
    public static let stubMessages: [String: String] = [
        // 02-data-digest
        "data.kfd.sha256 of \"abc\" is \"\": it must be the FIPS 180-4 digest, 64 lowercase hex digits":
            "\"abc\"의 data.kfd.sha256이 \"\"입니다: FIPS 180-4 digest, 즉 소문자 16진수 64자리여야 합니다",
        "the digest of 1000 bytes differs from SHA256.hexDigest": "1000바이트의 digest가 SHA256.hexDigest와 다릅니다",
        // 02-class-wrapper
        "view.kfd.cacheKey = \"avatar-42\" did not reach the view": "view.kfd.cacheKey = \"avatar-42\"가 그 view에 닿지 않았습니다",
        // 06-shortcut
        "a name missing from the set must be answered without asking the disk (asked 1 times)":
            "set에 없는 이름에는 디스크에 묻지 않고 답해야 합니다 (디스크에 1번 물었습니다)",
        // 08-warm-memory
        "with fromMemoryCacheOrRefresh a memory miss is a miss (got \"Pixels-2\" from disk): the caller will download afresh":
            "fromMemoryCacheOrRefresh에서는 메모리 미스가 곧 미스입니다 (디스크에서 \"Pixels-2\"를 가져왔습니다): 호출한 쪽이 새로 다운로드합니다",
        "with fromMemoryCacheOrRefresh the disk must not be read": "fromMemoryCacheOrRefresh에서는 디스크를 읽으면 안 됩니다",
        "a disk hit made 1 memory lookups, 1 disk reads, 0 memory writes and 0 disk writes: one of each, and no disk write":
            "디스크 히트 한 번에 메모리 조회 1번, 디스크 읽기 1번, 메모리 쓰기 0번, 디스크 쓰기 0번이 일어났습니다: "
            + "메모리 조회, 디스크 읽기, 메모리 쓰기가 한 번씩이고 디스크 쓰기는 없어야 합니다",
    ]

    /// Both tables.
    static let table = literals.merging(stubMessages) { first, _ in first }
}

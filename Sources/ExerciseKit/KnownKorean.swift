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

    /// What the shipped stubs are told, word for word (values included: a stub's answer is always
    /// the same), while their checks are still English only. Empty: the checks of chapters 2, 6, 8
    /// and 9 now say their Korean at the call site.
    public static let stubMessages: [String: String] = [:]

    /// Both tables.
    static let table = literals.merging(stubMessages) { first, _ in first }
}

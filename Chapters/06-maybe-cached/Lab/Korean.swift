// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("falsePositive", "캐시 모르게 지워진 파일"),
        .part("falseNegative", "준비가 끝난 뒤 다른 인스턴스가 쓴 파일"),
        .part("duringSetup", "Set을 아직 만드는 중에 저장한 파일"),
        .part("payoff", "지름길이 미스 한 번에 아끼는 것"),
        .part("bloom", "Set 옆에 Bloom filter를 두면"),

        .text("store {1} keys, delete their files with FileManager, ask the set, then isCached",
              "key {1}개를 store하고, 그 파일을 FileManager로 지운 뒤, Set에 묻고 이어서 isCached에 묻는다"),
        .text("set says maybe", "Set의 답: 아마도"),
        .text("isCached says cached", "isCached의 답: 있음"),

        .text("instance A starts; instance B stores {1} keys in the same folder; A is asked",
              "인스턴스 A가 시작하고, 인스턴스 B가 같은 폴더에 key {1}개를 store한 뒤, A에게 묻는다"),
        .text("files on disk", "디스크에 있는 파일"),
        .text("reported cached by A", "A가 있다고 답한 것"),

        .text("{1} files exist; a new instance starts and at once stores {2} more; all are asked",
              "파일 {1}개가 있는 상태에서 새 인스턴스가 시작하자마자 {2}개를 더 store하고, 전부에 대해 묻는다"),
        .text("pairs (old, new) both found", "둘 다 찾은 (기존, 새 파일) 쌍"),

        .text("{1} misses of each kind, 5 rounds, median per round: never-stored keys (set says no) vs keys whose files were deleted (set says maybe → stat); same backend, same run",
              "종류마다 미스 {1}번씩 5라운드, 라운드별 중앙값: 한 번도 저장하지 않은 key(Set이 없다고 답함) 대 파일을 지운 "
                + "key(Set이 아마도라고 답함 → stat). 같은 backend, 같은 실행"),
        .text("miss answered by the set", "Set이 답한 미스"),
        .text("miss that asks the disk", "디스크에 물어본 미스"),
        .text("disk miss ÷ shortcut miss", "디스크 미스 ÷ 지름길 미스"),

        .text("{1} SHA-256 file names into a Set<String> and into a Bloom filter (10 bits per name); then {2} names never inserted are asked",
              "SHA-256 파일 이름 {1}개를 Set<String>과 Bloom filter(이름 하나에 10비트)에 넣고, 넣은 적 없는 이름 {2}개를 묻는다"),
        .text("Set<String>: bytes per name (estimated)", "Set<String>: 이름 하나에 드는 바이트 (추정)"),
        .text("≈ {1} B ({2} B of table slots + 96 B per name's text)", "≈ {1} B (테이블 슬롯 {2} B + 이름 하나당 텍스트 96 B)"),
        .text("Bloom filter: bytes per name", "Bloom filter: 이름 하나에 드는 바이트"),
        .text("{1} B (k = {2} hashes)", "{1} B (해시 k = {2}개)"),
        .text("Bloom false-positive rate", "Bloom filter의 false positive 비율"),
        .text("{1}% (theory for k = 7: 0.82%)", "{1}% (k = 7일 때 이론값: 0.82%)"),
        .text("Bloom false negatives", "Bloom filter의 false negative"),

        .text("Sources/KFDCache/DiskStorageBackend.swift — `maybeCached`, `setupCacheChecking()`, `shortcutAllows`",
              "Sources/KFDCache/DiskStorageBackend.swift — `maybeCached`, `setupCacheChecking()`, `shortcutAllows`"),
        .text("Chapters/06-maybe-cached/Lab/BloomFilter.swift — the comparison", "Chapters/06-maybe-cached/Lab/BloomFilter.swift — 비교에 쓴 코드"),
        .text("Kingfisher: Sources/Cache/DiskStorage.swift — `maybeCached` and `maybeCachedCheckingQueue`",
              "Kingfisher: Sources/Cache/DiskStorage.swift — `maybeCached`와 `maybeCachedCheckingQueue`"),
    ])
}

// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("workload", "셋에 같은 작업량을"),
        .part("folderDeleted", "장애: 쓰는 도중에 캐시 폴더가 지워짐"),
        .part("corruptFile", "장애: 바이트를 디코딩할 수 없는 파일"),
        .part("memoryBound", "무엇이 메모리를 제한하나"),
        .part("keyIdentity", "003의 NSCacheKey: 값이 같은 새 key 객체로 조회하기"),
        .part("slidingTTL", "002의 슬라이딩 TTL과 Kingfisher의 .cacheTime, 002가 건너뛰는 같은 값 쓰기"),
        .part("recreateFails", "장애: 폴더가 사라졌고, 다시 만들기가 한 번 실패했다"),
        .part("twoQueues", "003의 큐 두 개: 저장과 삭제가 동시에 일어나면 메모리와 디스크가 어긋난다"),

        // The three designs, as every table names them.
        .text("HybridCache (Kingfisher's design)", "HybridCache (Kingfisher의 설계)"),
        .text("002 (mtime TTL, folder scan)", "002 (mtime TTL, 폴더 훑기)"),
        .text("003 (Codable, queue per storage)", "003 (Codable, 스토리지마다 큐)"),

        .text("{1} pictures of {2}×{3} stored; {4} reads (seed {5}, 80% from a hot fifth); memory cleared half-way through (a memory warning)",
              "{2}×{3} 그림 {1}개를 저장하고 {4}번 읽는다 (seed {5}, 80%는 자주 읽는 5분의 1에서). 중간에 메모리를 비운다 (메모리 경고)"),
        .text("right", "맞음"),
        .text("wrong", "틀림"),
        .text("misses", "미스"),
        .text("per read", "읽기 한 번"),
        .text("disk/picture", "그림당 디스크"),

        .text("store p0; delete the folder; store p1; clear memory; read p1", "p0 store → 폴더 삭제 → p1 store → 메모리 비우기 → p1 읽기"),
        .text("store error reported", "store 에러 보고"),
        .text("p1 read back", "p1을 다시 읽음"),

        .text("store p0; overwrite its file with text (dates kept); clear memory; read p0",
              "p0 store → 그 파일을 텍스트로 덮어쓰기(날짜는 유지) → 메모리 비우기 → p0 읽기"),
        .text("what the read gave", "읽기의 결과"),
        .text("a picture (!)", "그림 (!)"),
        .text("a silent miss", "조용한 미스"),
        .text("an error: {1}", "에러 `{1}`"),
        .text("HybridCache's row is this library's throwing PPM serializer. Kingfisher 8.11 itself (read, not run: Sources/Cache/CacheSerializer.swift, Sources/Cache/ImageCache.swift at 8.11.0) would give 002's answer: image(with:options:) returns nil, retrieveImageInDiskCache reports .notFound, the caller gets .none.",
              "HybridCache의 행은 이 라이브러리의, 에러를 던지는 PPM serializer의 결과다. Kingfisher 8.11 자체라면(돌려 본 것이 아니라 "
                + "8.11.0의 Sources/Cache/CacheSerializer.swift, Sources/Cache/ImageCache.swift를 읽은 것) 002와 같은 답을 준다: "
                + "image(with:options:)가 nil을 반환하고, retrieveImageInDiskCache가 .notFound를 보고해서 호출자는 .none을 받는다."),

        .text("{1} pictures of 64×64 (12 KiB each) stored; Kingfisher given a 256 KiB budget (costs in bytes), 002 its own formula ({2} \"cost units\" here), 003 a count limit of 10",
              "64×64 그림(각 12 KiB) {1}개를 저장한다. Kingfisher에는 256 KiB 예산(cost는 바이트), 002에는 자체 공식"
                + "(여기서는 {2} \"cost 단위\"), 003에는 count limit 10"),
        .text("per value", "값당 cost"),
        .text("over limit from", "limit 초과 시점"),
        .figure("store {1}", "{1}번째 store"),
        .text("never", "없음"),
        .figure("{1} (cost)", "{1} (cost)"),
        .figure("{1} (count)", "{1} (개수)"),
        .text("{1} of {2} ({3} KiB)", "{2}개 중 {1}개 ({3} KiB)"),
        .text("On a Mac, NSCache's limits are advisory: it may keep more than its limit until memory is short, so 'in memory' can exceed the limit. 'Over limit from' is what each design asked for.",
              "Mac에서 NSCache의 limit은 권고일 뿐이다: 메모리가 부족해질 때까지 limit보다 많이 들고 있을 수 있어서, '메모리에'가 "
                + "limit을 넘을 수 있다. 'limit 초과 시점'은 각 설계가 요청한 것이다."),
        .text("Here (corelibs) NSCache evicts inside setObject as soon as a limit is exceeded, so 'in memory' follows the limits exactly. On a Mac, limits are advisory: NSCache may keep more.",
              "여기(corelibs)의 NSCache는 limit을 넘는 즉시 setObject 안에서 퇴출하므로, '메모리에'가 limit을 정확히 따른다. "
                + "Mac에서 limit은 권고일 뿐이라 NSCache가 더 들고 있을 수 있다."),

        .text("{1} values stored under NSCacheKey(value: \"k<i>\"); each looked up with a NEW key object of the same value, and once with the very object it was stored under",
              "값 {1}개를 NSCacheKey(value: \"k<i>\")로 저장한 뒤, 값이 같은 *새* key 객체로 하나씩 조회하고, 저장할 때 쓴 바로 그 "
                + "객체로도 한 번씩 조회"),
        .text("as written, new key object of equal value: hits", "노트 그대로, 값이 같은 새 key 객체: 히트"),
        .text("as written, the same key object: hits", "노트 그대로, 같은 key 객체: 히트"),
        .text("with hash and isEqual (KeyBox), new key object: hits", "hash와 isEqual 추가(KeyBox), 새 key 객체: 히트"),
        .text("measured on {1} ({2}). NSObject's own isEqual(_:) is identity on every platform, so expect the same on a Mac — run it there to see.",
              "{1}에서 잰 값 ({2}). NSObject의 isEqual(_:)은 어느 플랫폼에서나 identity 비교이므로 Mac에서도 같을 것이다 — 직접 돌려 보자."),
        .text("swift-corelibs' NSCache", "swift-corelibs의 NSCache"),
        .text("Apple's NSCache", "Apple의 NSCache"),

        .text("TTL {1} s. Every {2} ms for {3} s: read \"hot\" from disk (memory cleared first); 002 also reads \"warm\" with memory kept (memory hits). \"cold\" is never read. Then look again.",
              "TTL {1} s. {3} s 동안 {2} ms마다 \"hot\"을 디스크에서 읽는다(먼저 메모리를 비움). 002는 \"warm\"도 메모리를 "
                + "그대로 둔 채 읽는다(메모리 히트). \"cold\"는 한 번도 읽지 않는다. 그다음 다시 본다."),
        .text("hits", "히트"),
        .text("hot after", "hot, 끝난 뒤"),
        .text("cold after", "cold, 끝난 뒤"),
        .text("hot's mtime − now", "hot의 mtime − 지금"),
        .text("002, reads from disk", "002, 디스크에서 읽기"),
        .text("002, reads from memory (warm)", "002, 메모리에서 읽기 (warm)"),
        .text("gone", "사라짐"),
        .text("no file", "파일 없음"),
        .text("Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift, FileMeta.extendExpiration: .cacheTime recovers the lifetime as modificationDate − creationDate and writes creationDate = now, modificationDate = now + that lifetime. (This library keeps the last access in atime on Linux: DiskStorage.LastAccessAttribute.)",
              "Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift, FileMeta.extendExpiration: .cacheTime은 수명을 "
                + "modificationDate − creationDate로 되살리고 creationDate = 지금, modificationDate = 지금 + 그 수명으로 쓴다. "
                + "(이 라이브러리는 Linux에서 마지막 접근 시각을 atime에 둔다: DiskStorage.LastAccessAttribute.)"),
        .text("save one picture {1} times, with and without the skip; then delete its file (as 002's own background scan, or the system, may), save it again, clear memory, read",
              "그림 하나를 건너뛰기 없이, 그리고 건너뛰기와 함께 {1}번씩 save한다. 그다음 그 파일을 지우고(002의 백그라운드 정리나 "
                + "시스템이 그럴 수 있다) 다시 save한 뒤, 메모리를 비우고 읽는다"),
        .text("002 save", "002의 save"),
        .text("disk writes for {1} saves", "save {1}번의 디스크 쓰기"),
        .text("file after re-save", "다시 save한 뒤 파일"),
        .text("read after memory cleared", "메모리를 비운 뒤 읽기"),
        .text("always write", "항상 쓰기"),
        .text("skip when equal", "같으면 건너뛰기"),
        .text("no (lost)", "아니요 (잃음)"),

        .text("1) forced: one operation parked between its two steps while the other runs whole; 2) free: {1} threads × {2} random saves/removes of {3} keys, {4} runs per design; afterwards, count keys in memory but not on disk, and on disk but not in memory",
              "1) 강제: 한 동작을 두 단계 사이에 세워 두고 다른 동작을 통째로 돌린다. 2) 자유: 스레드 {1}개 × key {3}개에 대한 "
                + "무작위 save/remove {2}번, 설계마다 {4}번 실행. 끝나면 메모리에는 있는데 디스크에는 없는 key와, 디스크에는 있는데 "
                + "메모리에는 없는 key를 센다"),
        .text("forced interleaving (003)", "강제한 인터리빙 (003)"),
        .text("in memory", "메모리에"),
        .text("on disk", "디스크에"),
        .text("remove's memory step · save · remove's disk step", "remove의 메모리 단계 · save · remove의 디스크 단계"),
        .text("save's memory step · remove · save's disk step", "save의 메모리 단계 · remove · save의 디스크 단계"),
        .text("design, free runs", "설계, 자유 실행"),
        .text("runs disagreeing", "어긋난 실행"),
        .text("memory-not-disk (harmful)", "메모리에만 있음 (해로움)"),
        .text("disk-not-memory (allowed)", "디스크에만 있음 (허용)"),
        .text("runs with either", "어느 쪽이든 생긴 실행"),
        .text("keys memory-not-disk", "메모리에만 있는 key"),
        .text("keys disk-not-memory", "디스크에만 있는 key"),
        .text("003 (two queues)", "003 (큐 두 개)"),
        .text("Memory-not-disk is the harmful one: the cache answers \"hit\" until the next memory warning, then \"miss\", and no order of the operations run one at a time ends that way. Disk-not-memory is what a two-level cache may legally hold (memory evicts); a later read warms memory again. HybridCache runs every disk step in call order on one ioQueue, and its remove clears memory again inside its disk block.",
              "해로운 쪽은 메모리에만 있는 경우다: 캐시는 다음 메모리 경고까지 \"히트\", 그 뒤로는 \"미스\"라고 답하는데, 동작을 하나씩 "
                + "차례로 돌리면 어떤 순서로도 그렇게 끝나지 않는다. 디스크에만 있는 것은 2단 캐시가 정당하게 가질 수 있는 상태다"
                + "(메모리는 퇴출하니까). 다음 읽기가 메모리를 다시 워밍한다. HybridCache는 모든 디스크 단계를 ioQueue 하나에서 호출 "
                + "순서대로 돌리고, remove는 디스크 블록 안에서 메모리를 한 번 더 비운다."),

        .text("store a; delete the folder; store b while creating a folder fails (a file manager that says \"out of space\" once: Config.fileManager); then {1} stores with nothing failing, and a read. No timing window here: each run is deterministic.",
              "a를 store → 폴더 삭제 → 폴더 만들기가 실패하는 동안 b를 store (한 번만 \"공간 부족\"이라고 답하는 file manager: "
                + "Config.fileManager) → 아무것도 실패하지 않는 store {1}번과 읽기 한 번. 여기에는 타이밍의 틈이 없다: 매번 같은 결과가 나온다."),
        .text("the failing store", "실패하는 store"),
        .text("later stores", "이후 store"),
        .text("then", "그다음"),
        .text("folder back", "폴더 복구"),
        .text("{1} of {2} ok", "{2}번 중 {1}번 성공"),
        .text("Kingfisher 8.11.0 (model)", "Kingfisher 8.11.0 (모델)"),
        .text("our DiskStorage.Backend", "우리 DiskStorage.Backend"),
        .text("the model took the failed write for a vanished folder", "모델이 실패한 쓰기를 폴더가 사라진 것으로 봤나"),
        .text("Kingfisher's isFolderMissing as written, on {1}", "{1}에서, 쓰인 그대로의 Kingfisher isFolderMissing"),
        .text("Here the write's underlying error is a Swift POSIXError, which `as? NSError` does not bridge (Apple's Foundation does): built on Linux, Kingfisher would never make the folder again at all. The model reads the underlying error as `any Error`, to run the path Kingfisher runs on Apple platforms.",
              "여기서 쓰기의 underlying error는 Swift POSIXError인데, `as? NSError`가 이것을 브리징하지 못한다(Apple의 Foundation은 "
                + "한다). Linux에서 빌드하면 Kingfisher는 폴더를 아예 다시 만들지 않는다. 모델은 Kingfisher가 Apple 플랫폼에서 도는 "
                + "경로를 돌리려고 underlying error를 `any Error`로 읽는다."),
        .text("Sources/KFDCache/HybridCache.swift — the contender named Kingfisher: this library's ImageCache",
              "Sources/KFDCache/HybridCache.swift — Kingfisher라는 이름으로 나온 설계: 이 라이브러리의 ImageCache"),
        .text("Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — the design it follows", "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — 그 설계의 원본"),
        .text("Chapters/09-three-caches/Lab/RecreateFails.swift — Kingfisher 8.11.0's prepareDirectory and store, modelled",
              "Chapters/09-three-caches/Lab/RecreateFails.swift — Kingfisher 8.11.0의 prepareDirectory와 store를 본뜬 모델"),
        .text("Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift:128–143, 163–198 — storageReady, set false, never back",
              "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift:128–143, 163–198 — storageReady가 false가 되면 돌아오지 않는다"),
        .text("Chapters/09-three-caches/Lab/Learner002Cache.swift — 002, rebuilt from its notes",
              "Chapters/09-three-caches/Lab/Learner002Cache.swift — 노트를 보고 다시 만든 002"),
        .text("Chapters/09-three-caches/Lab/Learner003Cache.swift — 003's design (AsyncStream instead of Combine)",
              "Chapters/09-three-caches/Lab/Learner003Cache.swift — 003의 설계 (Combine 대신 AsyncStream)"),
        .text("Sources/KFDCache/HybridCache.swift — Kingfisher's", "Sources/KFDCache/HybridCache.swift — Kingfisher의 설계"),
        .text("Chapters/09-three-caches/Lab/Contenders.swift — the one interface all three run behind",
              "Chapters/09-three-caches/Lab/Contenders.swift — 세 설계가 모두 뒤에서 도는 하나의 인터페이스"),
        .text("Chapters/09-three-caches/Lab/SlidingTTL.swift, TwoQueues.swift — 002's TTL and skipped writes, 003's two queues",
              "Chapters/09-three-caches/Lab/SlidingTTL.swift, TwoQueues.swift — 002의 TTL과 건너뛴 쓰기, 003의 큐 두 개"),
    ])
}

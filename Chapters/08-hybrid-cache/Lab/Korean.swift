// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("asymmetry", "메모리 히트, 디스크 히트, 미스를 나란히"),
        .part("anatomy", "디스크 히트의 시간은 어디에 쓰이나"),
        .part("warming", "디스크 히트가 메모리를 워밍한다"),
        .part("memoryOrRefresh", "fromMemoryCacheOrRefresh: 무엇을 건너뛰나"),
        .part("ordering", "ioQueue가 직렬화 → 쓰기 → 콜백을 한 단위로 만든다"),
        .part("limits", "이 환경의 메모리 limit"),
        .part("evictionOrder", "NSCache는 어떤 값을 퇴출하나: 가장 오래된 것?"),
        .part("notReady", "폴더를 만들지 못한 디스크 스토리지: 나중에 다시 시도하나?"),
        .part("warmUndoesRemove", "Kingfisher의 워밍은 콜백에서 돈다: 그 사이의 remove가 되돌려진다"),

        .text("a {1}×{2} RGB bitmap ({3} KiB decoded); {4} samples of each kind, median; memory hits and misses timed in batches of {5} (the clock's step here is {6}); disk hits one at a time, the memory copy removed before each",
              "{1}×{2} RGB bitmap (디코딩하면 {3} KiB). 종류마다 표본 {4}개의 중앙값. 메모리 히트와 미스는 {5}번씩 묶어서 "
                + "잰다(여기서 시계의 눈금은 {6}). 디스크 히트는 매번 메모리의 사본을 지운 뒤 한 번씩 잰다"),
        .text("memory hit", "메모리 히트"),
        .text("disk hit of the {1} bitmap (read + decode + warm)", "{1} bitmap의 디스크 히트 (읽기 + 디코딩 + 워밍)"),
        .text("miss", "미스"),
        .text("disk hit ÷ memory hit", "디스크 히트 ÷ 메모리 히트"),

        .text("each step of DiskStorage.Backend.value(forKey:) timed alone on one 1 KiB file (not part 1's bitmap: no decoding here), {1} calls × 5 rounds; the date rewrite is what this platform runs ({2}, for lastAccessAttribute .{3}); a debug build: the Swift steps look slower than they are (swift run -c release ch08-hybrid-cache)",
              "1 KiB 파일 하나에서 DiskStorage.Backend.value(forKey:)의 단계마다 따로 잰다 (1번 파트의 bitmap이 아니라서 "
                + "디코딩은 없다). 호출 {1}번 × 5라운드. 날짜 다시 쓰기는 이 플랫폼이 실제로 하는 것이다 "
                + "({2}, lastAccessAttribute .{3}). debug 빌드라서 Swift 단계는 실제보다 느려 보인다 (swift run -c release ch08-hybrid-cache)"),
        .text("each step of DiskStorage.Backend.value(forKey:) timed alone on one 1 KiB file (not part 1's bitmap: no decoding here), {1} calls × 5 rounds; the date rewrite is what this platform runs ({2}, for lastAccessAttribute .{3})",
              "1 KiB 파일 하나에서 DiskStorage.Backend.value(forKey:)의 단계마다 따로 잰다 (1번 파트의 bitmap이 아니라서 "
                + "디코딩은 없다). 호출 {1}번 × 5라운드. 날짜 다시 쓰기는 이 플랫폼이 실제로 하는 것이다 ({2}, lastAccessAttribute .{3})"),
        .text("step (1 KiB file)", "단계 (1 KiB 파일)"),
        .text("time per call", "호출 한 번의 시간"),
        .text("SHA-256 of the key (the file name)", "key의 SHA-256 (파일 이름)"),
        .text("the path: folder + \"/\" + name", "경로: 폴더 + \"/\" + 이름"),
        .text("the maybeCached shortcut (config + the key's name + lock + lookup)", "maybeCached 지름길 (config + key의 파일 이름 + lock + 조회)"),
        .text("stat + open + read + close (the floor)", "stat + open + read + close (바닥값)"),
        .text("utimensat (the date rewrite, on the meta queue)", "utimensat (날짜 다시 쓰기, 메타 큐에서)"),
        .text("FileManager.setAttributes (the date rewrite, on the meta queue)", "FileManager.setAttributes (날짜 다시 쓰기, 메타 큐에서)"),
        .text("the whole hit, .none (KFDCache)", "히트 전체, .none (KFDCache)"),
        .text("The rows overlap: the shortcut row finds the key's file name itself, and the whole hit takes the name, the path, the shortcut and the system calls once each — not the date rewrite, which .none does not ask for. So the rows add up to more than the whole. Both ask about one key again and again: its name comes from the storage's table of recent keys, not from a new SHA-256.",
              "행들은 서로 겹친다: 지름길 행은 key의 파일 이름을 따로 구하고, 히트 전체에는 이름, 경로, 지름길, 시스템 콜이 "
                + "한 번씩 들어간다 — 날짜 다시 쓰기는 .none이 요청하지 않으므로 빠진다. 그래서 행을 더하면 전체보다 크다. "
                + "두 행 모두 같은 key를 거듭 묻기 때문에, 이름은 SHA-256을 새로 계산하지 않고 스토리지가 최근 key를 담아 두는 표에서 나온다."),
        .text("the system calls' share of a 1 KiB hit", "1 KiB 히트에서 시스템 콜이 차지하는 몫"),

        .text("clear memory; look up twice; record where each lookup found it", "메모리를 비우고 두 번 조회해서, 조회마다 어디서 찾았는지 기록"),
        .text("first lookup found it in", "첫 조회에서 찾은 곳"),
        .text("second lookup found it in", "두 번째 조회에서 찾은 곳"),
        .text("disk", "디스크"),
        .text("memory", "메모리"),

        .text("value on disk only; one lookup with the option, one without", "값은 디스크에만 있다. 옵션을 주고 한 번, 주지 않고 한 번 조회"),
        .text("with the option: found in", "옵션을 줬을 때 찾은 곳"),
        .text("without: found in", "옵션이 없을 때 찾은 곳"),
        .text("none ({1})", "없음 (.none, {1})"),
        .text("disk ({1})", "디스크 ({1})"),
        .text("memory ({1})", "메모리 ({1})"),

        .text("{1} stores of different pictures to one key, back to back; completion order recorded",
              "key 하나에 서로 다른 그림을 연달아 {1}번 store하고, 완료 순서를 기록"),
        .text("completions out of call order", "호출 순서와 다르게 끝난 것"),
        .text("the file holds the last store", "파일에 마지막 store가 남았나"),

        .text("ProcessInfo.physicalMemory and the two fractions", "ProcessInfo.physicalMemory와 두 가지 비율"),
        .text("physical memory", "물리 메모리"),
        .text("HybridCache default (¼)", "HybridCache 기본값 (¼)"),

        .text("NSCache with countLimit {1}; {2} values stored in order #1…#{3}, each with cost 1; then each looked up",
              "countLimit {1}인 NSCache에 값 {2}개를 #1…#{3} 순서로, 각각 cost 1로 저장한 뒤 하나씩 조회"),
        .text("values still in the cache", "캐시에 남은 값"),
        .text("{1} of #1…#{2}", "#1…#{2} 중 {1}"),
        .text("values evicted", "퇴출된 값"),
        .text("none", "없음"),
        .text("were the evicted ones the oldest?", "퇴출된 것이 가장 오래된 것이었나?"),
        .text("measured on {1} (Apple's NSCache: its limits are advisory, it may evict later, or not at all until memory is short)",
              "{1}에서 잰 값 (Apple의 NSCache: limit은 권고일 뿐이라 나중에 퇴출하거나, 메모리가 부족해질 때까지 아예 퇴출하지 않을 수 있다)"),
        .text("measured on {1} (swift-corelibs' NSCache: it evicts inside setObject, from the front of a list sorted by cost, where a new entry of equal cost goes in first — swift-corelibs-foundation's NSCache.swift)",
              "{1}에서 잰 값 (swift-corelibs의 NSCache: setObject 안에서, cost로 정렬된 목록의 앞에서부터 퇴출하고, cost가 같으면 "
                + "새 항목이 앞에 들어간다 — swift-corelibs-foundation의 NSCache.swift)"),

        .text("a file sits where the parent folder should be; the backend is made (no throw); the file is then removed, so the folder *could* be made; {1} stores and {2} reads follow",
              "부모 폴더가 있어야 할 자리에 파일이 있다. backend를 만들고(throw 없음), 그 파일을 지워서 이제는 폴더를 만들 *수* "
                + "있게 한 뒤, store {1}번과 읽기 {2}번"),
        .text("calls that threw storageNotReady", "storageNotReady를 던진 호출"),
        .text("was the folder made by any later call?", "나중 호출 중 폴더를 만든 것이 있었나?"),

        .text("1) forced: the model (Lab/WarmAfterRemove.swift) reads a 4 KiB value from disk; its callback is held before the warm (the main queue busy) while a removeImage runs whole; then the callback goes on. 2) free: {1} runs, a retrieve and a removeImage of the same key from two threads, the remove 0–200 µs later (seeded). 3) our HybridCache, the same both ways: the read on ioQueue (the default) and loadDiskFileSynchronously (the read on the caller's thread), the window held open in the serializer. Kept: the removed value still in memory once both calls have finished.",
              "1) 강제: 모델(Lab/WarmAfterRemove.swift)이 디스크에서 4 KiB 값을 읽고, 콜백은 워밍 직전에 붙잡힌다(main 큐가 바쁜 "
                + "상태). 그동안 removeImage가 통째로 돌고, 그다음 콜백이 이어진다. 2) 자유: {1}번 실행, 두 스레드에서 같은 key로 "
                + "retrieve와 removeImage를 부르고, remove는 0–200 µs 늦게(seed로 정함). 3) 우리 HybridCache로 두 방식 모두: "
                + "ioQueue에서 읽기(기본값)와 loadDiskFileSynchronously(호출자의 스레드에서 읽기), 틈은 serializer에서 벌려 둔다. "
                + "'남음'은 두 호출이 끝난 뒤에도 지운 값이 메모리에 남은 경우다."),
        .text("retrieve + removeImage", "retrieve + removeImage"),
        .text("forced: kept", "강제: 남음"),
        .text("file left", "파일이 남음"),
        .text("free: kept", "자유: 남음"),
        .text("Kingfisher 8.11.0 (model)", "Kingfisher 8.11.0 (모델)"),
        .text("ours, read on ioQueue", "우리 것, ioQueue에서 읽기"),
        .text("ours, loadDiskFileSynchronously", "우리 것, loadDiskFileSynchronously"),
        .text("Kingfisher's model, free: removed value left in memory", "Kingfisher 모델, 자유: 지운 값이 메모리에 남음"),
        .text("ours (read on ioQueue), free: the same", "우리 것 (ioQueue에서 읽기), 자유: 같은 경우"),
        .text("ours (loadDiskFileSynchronously), free: the same", "우리 것 (loadDiskFileSynchronously), 자유: 같은 경우"),
        .text("runs where a retrieve or a remove did not finish within {1} s", "retrieve나 remove가 {1} s 안에 끝나지 않은 실행"),
        .text("Chapters/08-hybrid-cache/Lab/WarmAfterRemove.swift — Kingfisher 8.11.0's retrieve and remove, modelled",
              "Chapters/08-hybrid-cache/Lab/WarmAfterRemove.swift — Kingfisher 8.11.0의 retrieve와 remove를 본뜬 모델"),
        .text("Kingfisher 8.11.0: Sources/Cache/ImageCache.swift:779, 649–653 — the warm, in the callback",
              "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift:779, 649–653 — 콜백 안의 워밍"),
        .text("Sources/KFDCache/HybridCache.swift — store (memory now, disk on ioQueue), retrieveImage, readDisk (warming)",
              "Sources/KFDCache/HybridCache.swift — store (메모리는 바로, 디스크는 ioQueue에서), retrieveImage, readDisk (워밍)"),
        .text("Sources/KFDCache/Bitmap.swift — the value: decoded RGB in memory, PPM on disk",
              "Sources/KFDCache/Bitmap.swift — 값: 메모리에는 디코딩된 RGB, 디스크에는 PPM"),
        .text("Sources/KFDCache/Lifecycle.swift — memory warning, background, terminate as explicit hooks",
              "Sources/KFDCache/Lifecycle.swift — 메모리 경고, 백그라운드, 종료를 명시적인 hook으로"),
    ])
}

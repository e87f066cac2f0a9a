// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("tiny", "NSLock, Mutex, DispatchQueue.sync, actor 뒤의 증가 한 번"),
        .part("blocked", "디스크 I/O에 붙잡힌 호출자: lock 대 직렬 큐에 async"),
        .part("pipeline", "직렬화 → 쓰기 → 콜백: 한 단위인가, 세 단계인가?"),

        .text("{1} increments per round, 1 and 2 threads, median of 5 rounds (+1 warm-up)",
              "라운드마다 증가 {1}번, 스레드 1개와 2개, 5라운드의 중앙값 (+ 워밍업 1라운드)"),
        .text("{1} (1 thread, {2}× Mutex) · {3} (2 threads)", "{1} (스레드 1개, Mutex의 {2}배) · {3} (스레드 2개)"),

        .text("4 caller threads × {1} stores of 32 KiB (atomic write); time each call",
              "호출 스레드 4개 × 32 KiB store {1}번 (atomic 쓰기), 호출마다 시간을 잰다"),
        .text("caller blocked, {1}", "호출자가 붙잡힌 시간, {1}"),
        .text("files written (both variants)", "쓰인 파일 (두 방식 합계)"),

        .text("forced interleaving: store(\"v1\") whose serializer waits (≤ 0.5 s) for store(\"v2\") to finish",
              "강제한 인터리빙: store(\"v1\")의 serializer가 store(\"v2\")가 끝나기를 기다린다 (≤ 0.5 s)"),
        .text("only the write on ioQueue", "쓰기만 ioQueue에서"),
        .text("whole pipeline on ioQueue", "파이프라인 전체를 ioQueue에서"),
        .text("file = {1}, callbacks {2}", "파일 = {1}, 콜백 순서 {2}"),
        .text("every interleaving, only the write on ioQueue", "모든 인터리빙, 쓰기만 ioQueue에서"),
        .text("every interleaving, whole pipeline on ioQueue", "모든 인터리빙, 파이프라인 전체를 ioQueue에서"),
        .text("newest on disk", "디스크에 최신 값"),
        .text("older value on disk", "디스크에 옛 값"),
        .text("the shortest interleaving that leaves the older value (model: Chapters/07-lock-vs-queue/Lab/Models.swift):",
              "옛 값을 남기는 가장 짧은 인터리빙 (모델: Chapters/07-lock-vs-queue/Lab/Models.swift):"),

        .text("the shortest interleaving that leaves the older value — store(v1) was called first, store(v2) second, and v2 overtakes it (model: Chapters/07-lock-vs-queue/Lab/Models.swift):",
              "옛 값을 남기는 가장 짧은 인터리빙 — store(v1)을 먼저, store(v2)를 나중에 불렀는데 v2가 앞지른다 "
                + "(모델: Chapters/07-lock-vs-queue/Lab/Models.swift):"),
        .text("Sources/KFDCache/MemoryStorage.swift — `lock`: NSLock around NSCache + keys",
              "Sources/KFDCache/MemoryStorage.swift — `lock`: NSCache + keys를 감싸는 NSLock"),
        .text("Sources/KFDCache/DiskStorageBackend.swift — `metaChangingQueue.async` after a hit",
              "Sources/KFDCache/DiskStorageBackend.swift — 히트 뒤의 `metaChangingQueue.async`"),
        .text("Chapters/07-lock-vs-queue/Lab/Guards.swift — the counters and the two pipelines",
              "Chapters/07-lock-vs-queue/Lab/Guards.swift — 카운터들과 두 파이프라인"),
        .text("Kingfisher: Sources/Cache/ImageCache.swift — `ioQueue` in store(_:original:forKey:...)",
              "Kingfisher: Sources/Cache/ImageCache.swift — store(_:original:forKey:...)의 `ioQueue`"),
    ])
}

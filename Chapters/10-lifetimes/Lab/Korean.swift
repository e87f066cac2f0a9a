// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("runloop", "Timer는 도는 run loop에서만 실행된다"),
        .part("weakSelf", "[weak self]는 주인을 놓아주고, timer를 멈추는 것은 invalidate()뿐이다"),
        .part("dispatchSource", "우리 라이브러리의 DispatchSourceTimer와 Kingfisher의 Timer"),
        .part("pathBlock", "cachePathBlock: 주인을 살려 두는 클로저"),
        .part("continuations", "두 번 resume한 checked continuation과 한 번도 resume하지 않은 것"),
        .part("diskClean", "디스크 위 파일의 수명: 만료된 것 먼저, 다음은 가장 오래전에 접근한 것"),
        .part("cleanNeverReturns", "Kingfisher의 정리: 던지는 removeFile 하나와, 끝내 돌아오지 않는 await"),
        .part("trimSubfolders", "Kingfisher의 용량 정리는 하위 폴더까지 들어간다"),
        .part("lookups", "value(forKey:) 대 isCached(forKey:referenceDate:): 각각 무엇을 읽고 무엇을 연장하나"),

        .text("a repeating timer every {1} s, fires counted for {2} s, scheduled from each place",
              "{1} s마다 반복하는 timer를 곳마다 예약하고, {2} s 동안 실행 횟수를 센다"),
        .text("Timer scheduled from a GCD worker", "GCD worker에서 예약한 Timer"),
        .text("Timer on a thread running its run loop", "run loop가 도는 스레드의 Timer"),
        .text("DispatchSourceTimer made from a GCD worker", "GCD worker에서 만든 DispatchSourceTimer"),
        .figure("{1} fires", "{1}번 실행"),

        .text("an owner with Kingfisher's clean timer (every {1} s) on a thread running its run loop: alive {2} s, then its last reference dropped, then {3} s more",
              "run loop가 도는 스레드에서 Kingfisher의 정리 timer({1} s마다)를 가진 주인: {2} s 동안 살아 있다가 마지막 참조를 놓고, "
                + "{3} s 더 지켜본다"),
        .text("strong self: freed once the timer is invalidated", "strong self: timer를 invalidate하면 해제되나"),
        .text("cleans alive", "생존 중 정리"),
        .text("freed", "해제됨"),
        .text("timer after", "이후 timer"),
        .text("fires after", "이후 실행"),
        .text("valid", "유효"),
        .text("invalid", "무효"),
        .text("[weak self], no invalidate (Kingfisher 8.11.0)", "[weak self], invalidate 없음 (Kingfisher 8.11.0)"),
        .text("[weak self] + invalidate() in deinit", "[weak self] + deinit에서 invalidate()"),
        .text("here ({1}) an invalidated Timer still holds its closure while the Timer object lives, and the owner holds the Timer: the strong cycle outlives invalidate(). Apple documents that invalidate() releases a target/selector timer's target; for block timers it says nothing.",
              "여기({1})서는 invalidate한 Timer도 Timer 객체가 살아 있는 동안 클로저를 들고 있고, 주인은 그 Timer를 들고 있다: "
                + "강한 순환 참조가 invalidate() 뒤에도 남는다. Apple 문서는 invalidate()가 target/selector 방식 timer의 target을 "
                + "놓는다고 하지만, block 방식 timer에 대해서는 아무 말이 없다."),

        .text("SourceOwner made from a GCD worker, every {1} s: alive {2} s, dropped, {3} s more — without and with cancel() in deinit (in a child process: releasing a running source is what is measured); then the library's MemoryStorage.Backend, made from a GCD worker",
              "GCD worker에서 만든 SourceOwner({1} s마다): {2} s 동안 살아 있다가 놓이고, {3} s 더 지켜본다 — deinit에서 cancel()을 "
                + "하지 않을 때와 할 때 (도는 source를 해제하는 것 자체를 재므로 자식 프로세스에서). 이어서 GCD worker에서 만든 "
                + "라이브러리의 MemoryStorage.Backend"),
        .text("the child run", "자식 실행"),
        .text("timer", "timer"),
        .text("fires, made on GCD", "GCD에서 실행"),
        .text("owner freed", "주인 해제"),
        .text("fires after: not stopped", "놓은 뒤 실행"),
        .text("stopped in deinit", "deinit에서 멈추면"),
        .text("DispatchSourceTimer (ours)", "DispatchSourceTimer (우리 것)"),
        .text("MemoryStorage.Backend: cost stored (4 values, 0.1 s)", "MemoryStorage.Backend: 저장된 cost (값 4개, 0.1 s)"),
        .text("the same, 0.5 s later, nothing read", "같은 것, 0.5 s 뒤, 아무것도 읽지 않음"),
        .text("backend freed when dropped", "놓았을 때 backend가 해제되나"),

        .text("the notes' CacheManager with a real DiskStorage.Backend<Data>, its block capturing self; the last outside reference dropped, a weak reference watched",
              "노트의 CacheManager에 실제 DiskStorage.Backend<Data>를 붙이고, block이 self를 캡처한다. 바깥의 마지막 참조를 놓고 "
                + "weak 참조를 지켜본다"),
        .text("the folder the block chose", "block이 고른 폴더"),
        .text("block given to init only: owner freed", "block을 init에만 줬을 때: 주인 해제"),
        .text("block set again via backend.config: freed", "backend.config로 block을 다시 설정했을 때: 해제"),
        .text("then config.cachePathBlock = nil: freed", "그 뒤 config.cachePathBlock = nil: 해제"),

        .text("two child processes (this binary: a {1} build): one resumes twice; one drops its continuation, and its main thread waits {2} s for the task to go on",
              "자식 프로세스 두 개 (이 바이너리는 {1} 빌드): 하나는 두 번 resume하고, 다른 하나는 continuation을 버린 뒤 main "
                + "스레드가 task가 이어지기를 {2} s 기다린다"),
        .text("resumed twice: the child", "두 번 resume: 자식 프로세스"),
        .text("never resumed: the child", "resume 안 함: 자식 프로세스"),
        .text("the task still suspended after {1} s", "{1} s 뒤에도 task가 멈춰 있나"),

        .text("10 files of 1000 bytes, size limit {1} bytes; their dates set as time would have left them: 2 expired, 8 alive with last accesses minutes apart; then HybridCache.cleanExpiredDiskCache()",
              "1000바이트 파일 10개, 크기 limit {1}바이트. 시간이 흘렀다면 남았을 날짜로 설정한다: 2개는 만료, 8개는 살아 있고 "
                + "마지막 접근이 몇 분씩 떨어져 있다. 그다음 HybridCache.cleanExpiredDiskCache()"),
        .text("file (least recent first)", "파일 (오래전에 접근한 순)"),
        .text("last access", "마지막 접근"),
        .text("expires", "만료"),
        .text("after the clean", "정리 뒤"),
        .figure("{1} min ago", "{1}분 전"),
        .figure("in {1} min", "{1}분 뒤"),
        .text("expired", "만료로 삭제"),
        .figure("trimmed #{1}", "용량 정리 #{1}"),
        .text("bytes before", "정리 전 바이트"),
        .text("bytes after", "정리 뒤 바이트"),
        .text("{1} bytes (limit {2})", "{1}바이트 (limit {2})"),
        .text("{1} bytes (target: half the limit, {2})", "{1}바이트 (목표: limit의 절반, {2})"),
        .text("notifications: cleanExpiredDiskCache", "알림: cleanExpiredDiskCache"),
        .text("notifications: the same again, nothing to remove", "알림: 한 번 더, 지울 것이 없을 때"),
        .text("notifications: clearDiskCache", "알림: clearDiskCache"),
        .text("files left after clearDiskCache", "clearDiskCache 뒤 남은 파일"),

        .text("one file stored 5 minutes ago with a 10-minute lifetime (dates set), then each lookup; and a file whose bytes cannot be decoded",
              "5분 전에 수명 10분으로 저장한 파일 하나(날짜를 설정)에 조회를 하나씩, 그리고 바이트를 디코딩할 수 없는 파일 하나"),
        .text("(dates relative to the moment value(forKey:) ran)", "(날짜는 value(forKey:)가 돈 순간 기준)"),
        .text("dates unchanged by both isCached", "isCached 두 번 뒤에도 날짜가 그대로인가"),
        .text("value(forKey:) found it", "value(forKey:)가 찾았나"),
        .text("dates changed by value(forKey:)", "value(forKey:)가 날짜를 바꿨나"),
        .text("{1} (last access {2} s, expires {3} s)", "{1} (마지막 접근 {2} s, 만료 {3} s)"),
        .text("undecodable file: isCached", "디코딩할 수 없는 파일: isCached"),
        .text("undecodable file: value(forKey:) throws", "디코딩할 수 없는 파일: value(forKey:)가 던지는 에러"),

        .text("1) forced, in a child process: the model of Kingfisher's clean (Lab/KingfisherCleanModel.swift) lists 5 expired files and is paused before its first removal; one of them is removed meanwhile (another cache on the same folder, or the system); then `await cleanExpiredDiskCache()` gets {1} s to return. 2) free: {2} runs, two caches on one folder of {3} expired files clean at once (two ImageCaches with the same name both clean on the same background notification); completion handlers counted. 3) the same {4} free runs on two of our HybridCaches, through `await cleanExpiredDiskCache()`.",
              "1) 강제, 자식 프로세스에서: Kingfisher 정리의 모델(Lab/KingfisherCleanModel.swift)이 만료된 파일 5개를 나열하고 첫 "
                + "삭제 직전에 멈춘다. 그동안 그중 하나가 지워진다(같은 폴더를 쓰는 다른 캐시, 또는 시스템). 그다음 "
                + "`await cleanExpiredDiskCache()`가 돌아오기를 {1} s 기다린다. 2) 자유: {2}번 실행, 만료된 파일 {3}개가 든 폴더 "
                + "하나를 캐시 두 개가 동시에 정리한다(이름이 같은 ImageCache 두 개가 같은 백그라운드 알림에 함께 정리하는 경우). "
                + "completion handler가 몇 번 불렸는지 센다. 3) 우리 HybridCache 두 개로 같은 자유 실행 {4}번, "
                + "`await cleanExpiredDiskCache()`를 통해서"),
        .text("Kingfisher's model, forced: the await returned", "Kingfisher 모델, 강제: await가 돌아왔나"),
        .text("no: did not return within {1} s", "아니요: {1} s 안에 돌아오지 않았다"),
        .text("the child {1}", "자식 프로세스: {1}"),
        .text("expired files still there (5 listed, 1 removed meanwhile)", "아직 남은 만료 파일 (5개를 나열했고, 그동안 1개가 지워짐)"),
        .text("Kingfisher's model, free: runs where a handler never ran", "Kingfisher 모델, 자유: handler가 끝내 불리지 않은 실행"),
        .text("handlers that ran", "불린 handler"),
        .text("our HybridCache, free: runs where an await never returned", "우리 HybridCache, 자유: await가 끝내 돌아오지 않은 실행"),
        .text("awaits that returned", "돌아온 await"),
        .text("expired files left after our cleans", "우리 정리 뒤 남은 만료 파일"),

        .text("a cache folder holding its own 5 files and a sub-folder of 3 thumbnails (another ImageCache made with cacheDirectoryURL inside this one), 1000 bytes each, all valid for an hour; size limit {1} bytes — the cache's own files alone are under it. Then cleanExpiredDiskCache: Kingfisher's model, and our HybridCache on the same layout",
              "캐시 폴더 하나에 자기 파일 5개와 썸네일 3개가 든 하위 폴더(cacheDirectoryURL을 이 폴더 안으로 준 다른 ImageCache)가 "
                + "있다. 모두 1000바이트이고 한 시간 동안 유효하다. 크기 limit은 {1}바이트 — 캐시 자신의 파일만으로는 limit 아래다. "
                + "그다음 cleanExpiredDiskCache: Kingfisher의 모델과, 같은 구성의 우리 HybridCache"),
        .text("bytes counted", "센 바이트"),
        .text("thumbnails left", "남은 썸네일"),
        .text("own files left", "남은 자기 파일"),
        .text("sub-folder left", "하위 폴더 남음"),
        .text("handler ran", "handler 불림"),
        .text("Kingfisher 8.11.0 (model)", "Kingfisher 8.11.0 (모델)"),
        .text("our HybridCache", "우리 HybridCache"),
        .text("the sub-folder's own fileSize, counted by Kingfisher's total", "Kingfisher의 합계가 센 하위 폴더 자체의 fileSize"),
        .text("{1} bytes ({2})", "{1}바이트 ({2})"),
        .text("Kingfisher's expired pass: entries removed (the sub-folder's dates are past)", "Kingfisher의 만료 정리: 지운 항목 (하위 폴더의 날짜는 지났다)"),
        .text("Kingfisher's model removed, in order: {1}", "Kingfisher 모델이 지운 순서: {1}"),
        .text("Chapters/10-lifetimes/Lab/KingfisherCleanModel.swift — Kingfisher 8.11.0's clean, modelled line by line",
              "Chapters/10-lifetimes/Lab/KingfisherCleanModel.swift — Kingfisher 8.11.0의 정리를 한 줄씩 본뜬 모델"),
        .text("Kingfisher 8.11.0: Sources/Cache/ImageCache.swift:894–918, 1430–1434 — cleanExpiredDiskCache and its async wrapper",
              "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift:894–918, 1430–1434 — cleanExpiredDiskCache와 그 async 래퍼"),
        .text("Chapters/10-lifetimes/Lab/Timers.swift — Kingfisher's Timer (TimerOwner) and our DispatchSourceTimer (SourceOwner)",
              "Chapters/10-lifetimes/Lab/Timers.swift — Kingfisher의 Timer(TimerOwner)와 우리의 DispatchSourceTimer(SourceOwner)"),
        .text("Sources/KFDCache/MemoryStorage.swift — `startCleanTimer`: the DispatchSourceTimer, `[weak self]`, cancel in deinit",
              "Sources/KFDCache/MemoryStorage.swift — `startCleanTimer`: DispatchSourceTimer, `[weak self]`, deinit의 cancel"),
        .text("Sources/KFDCache/DiskStorageBackend.swift — `config.cachePathBlock = nil` in init",
              "Sources/KFDCache/DiskStorageBackend.swift — init의 `config.cachePathBlock = nil`"),
        .text("Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift — `cleanTimer` (set in init and config's didSet; no deinit)",
              "Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift — `cleanTimer` (init과 config의 didSet에서 설정, deinit 없음)"),
        .text("Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `config.cachePathBlock = nil` in init(noThrowConfig:creatingDirectory:)",
              "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — init(noThrowConfig:creatingDirectory:)의 `config.cachePathBlock = nil`"),
        .text("Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — the async wrappers (withCheckedThrowingContinuation)",
              "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — async 래퍼 (withCheckedThrowingContinuation)"),
    ])
}

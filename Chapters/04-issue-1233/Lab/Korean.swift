// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("crash", "부하를 건 5.7.0 설계"),
        .part("ghost", "강제로 만든 유령 항목"),
        .part("interleavings", "한 가지 순서가 아니라 모든 인터리빙"),
        .part("fixed", "같은 부하를 건 PR #1255의 설계"),
        .part("lockedDelegate", "대안: 콜백 안에서 lock 잡기"),

        .text("{1} child processes (more, up to {2}, until one crashes), each: 2 threads store, 1 thread evicts as Apple's NSCache does (removes the object, then calls back once, without our lock), 1 thread runs removeExpired; {3} ops each. {4}",
              "자식 프로세스 {1}개 (하나가 크래시할 때까지 최대 {2}개로 늘림). 각각 스레드 2개가 store하고, 스레드 1개가 Apple의 "
                + "NSCache처럼 퇴출하며(객체를 지운 뒤 우리 lock 없이 콜백을 한 번 부른다), 스레드 1개가 removeExpired를 돈다. "
                + "각각 {3}번. {4}"),
        .text("child runs that crashed", "크래시한 자식 실행"),
        .text("child runs that hung", "멈춘 자식 실행"),
        .text("{1} of {2} ({3})", "{2}개 중 {1}개 ({3})"),
        .text("the runtime's backtrace of one crashed child (top frames; addresses left out, and the compiler's\ngenerated thunks too: a number missing below is one of them):",
              "크래시한 자식 하나의 런타임 backtrace (위쪽 프레임만. 주소는 뺐고, 컴파일러가 만든 thunk도\n뺐다: 아래에서 빠진 번호는 그런 thunk다):"),
        .text("the crashed child ({1}) printed no backtrace, although SWIFT_BACKTRACE named the toolchain's helper, {2}: the helper was found but did not print one",
              "크래시한 자식({1})이 backtrace를 출력하지 않았다. SWIFT_BACKTRACE에 툴체인의 helper({2})를 지정했으니, "
                + "helper는 찾았지만 출력하지 않은 것이다"),
        .text("the crashed child ({1}) printed no backtrace: no swift-backtrace helper was found beside swiftc (a Mac's Swift runtime needs the toolchain's)",
              "크래시한 자식({1})이 backtrace를 출력하지 않았다: swiftc 옆에서 swift-backtrace helper를 찾지 못했다 "
                + "(Mac의 Swift 런타임에는 툴체인의 helper가 필요하다)"),
        .text("the crashed child ({1}) printed no backtrace (SWIFT_BACKTRACE was set to {2}); the signal is the evidence",
              "크래시한 자식({1})이 backtrace를 출력하지 않았다 (SWIFT_BACKTRACE는 {2}). 시그널이 증거다"),
        .text("macOS's crash report for the child has the frames: {1}", "이 자식에 대한 macOS의 크래시 리포트에 프레임이 있다: {1}"),
        .text("and no crash report named {1}-….ips appeared in ~/Library/Logs/DiagnosticReports",
              "그리고 ~/Library/Logs/DiagnosticReports에 {1}-….ips라는 크래시 리포트도 생기지 않았다"),
        .text("{1} more child runs with the backtracer on did not crash (a race is a chance): no frames to show this time",
              "backtracer를 켜고 자식을 {1}번 더 돌렸지만 크래시하지 않았다 (데이터 레이스는 확률의 문제다): 이번에는 보여 줄 프레임이 없다"),

        .text("one forced interleaving (semaphores), no luck involved: evict v1 → store v2 → callback",
              "강제한 인터리빙 하나 (semaphore 사용, 운에 맡기지 않음): v1 퇴출 → v2 store → 콜백"),
        .text("5.7.0: in the cache but not in keys", "5.7.0: 캐시에는 있는데 keys에는 없음"),
        .text("5.7.0: expired ghost survives removeExpired", "5.7.0: 만료된 유령이 removeExpired 뒤에도 남음"),
        .text("#1255: in the cache but not in keys", "#1255: 캐시에는 있는데 keys에는 없음"),
        .text("#1255: expired value survives removeExpired", "#1255: 만료된 값이 removeExpired 뒤에도 남음"),

        .text("the model checker runs every interleaving of the steps (each step one critical section or one unguarded action of Designs.swift: Chapters/04-issue-1233/Lab/Models.swift)",
              "모델 검사기가 단계들의 모든 인터리빙을 돌린다 (단계 하나는 Designs.swift의 critical section 하나, 또는 보호 없는 "
                + "동작 하나: Chapters/04-issue-1233/Lab/Models.swift)"),
        .text("5.7.0: interleavings that leave a ghost", "5.7.0: 유령을 남기는 인터리빙"),
        .text("#1255: interleavings that leave a ghost", "#1255: 유령을 남기는 인터리빙"),
        .text("ghost", "유령"),
        .text("extra key", "남는 key"),
        .text("consistent", "일치"),
        .text("5.7.0's shortest bad interleaving:", "5.7.0에서 잘못되는 가장 짧은 인터리빙:"),

        .text("the same {1} child runs, same seeds, Design1255", "같은 자식 실행 {1}번, 같은 seed, Design1255"),

        .text("child process: stores past the count limit, then removeExpired; the callback locks NSLock; killed after {1} s",
              "자식 프로세스: count limit을 넘겨 store한 뒤 removeExpired. 콜백이 NSLock을 잡는다. {1} s 뒤 종료시킴"),
        .text("NSLock in the callback", "콜백 안의 NSLock"),
        .text("NSRecursiveLock in the callback", "콜백 안의 NSRecursiveLock"),
        .text("store cost, recursive+callback ÷ #1255", "store 비용, 재귀 lock+콜백 ÷ #1255"),
        .text("{1}× ({2} vs {3} per store)", "{1}× (store 한 번에 {2} 대 {3})"),

        .text("Chapters/04-issue-1233/Lab/Designs.swift — Design570 (the delegate) and Design1255 (the fix)",
              "Chapters/04-issue-1233/Lab/Designs.swift — Design570(delegate)과 Design1255(수정)"),
        .text("Sources/KFDCache/MemoryStorage.swift — `removeExpired()`: the reconciling loop",
              "Sources/KFDCache/MemoryStorage.swift — `removeExpired()`: keys를 맞춰 정리하는 루프"),
        .text("Kingfisher 5.7.0: Sources/Cache/MemoryStorage.swift (the delegate); issue #1233 (the crash report), PR #1255 (released in 5.7.1)",
              "Kingfisher 5.7.0: Sources/Cache/MemoryStorage.swift (delegate), issue #1233 (크래시 리포트), PR #1255 (5.7.1에 포함)"),
        .text("Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift — `removeExpired()`, the same reconciling loop",
              "Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift — `removeExpired()`, keys를 맞추는 같은 루프"),
        .text("Kingfisher: issue #1233 (the crash report) and PR #1255; Sources/Cache/MemoryStorage.swift",
              "Kingfisher: issue #1233 (크래시 리포트)과 PR #1255, Sources/Cache/MemoryStorage.swift"),
    ])
}

// Chapter 10 — Lifetimes: timers, closures and continuations.
// Kingfisher's memory clean timer is a `Timer`: it fires only on a run loop that runs, and the run
// loop — not its owner — keeps it alive. The chapter measures both, puts our DispatchSourceTimer
// beside it, shows a path block keeping its owner alive until it is set to nil, and runs a checked
// continuation resumed twice and one never resumed, each in a child process.

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "10")!

    static let noBacktrace = ["SWIFT_BACKTRACE": "enable=no"]

    public static func run(_ lab: Lab) throws {
        runLoops(lab)
        weakSelf(lab)
        dispatchSource(lab)
        try pathBlock(lab)
        continuations(lab)
        try diskClean(lab)
        try lookups(lab)
        try cleanNeverReturns(lab)
        try trimSubfolders(lab)
        lab.read([
            "Chapters/10-lifetimes/Lab/Timers.swift — Kingfisher's Timer (TimerOwner) and our DispatchSourceTimer (SourceOwner)",
            "Sources/KFDCache/MemoryStorage.swift — `startCleanTimer`: the DispatchSourceTimer, `[weak self]`, cancel in deinit",
            "Sources/KFDCache/DiskStorageBackend.swift — `config.cachePathBlock = nil` in init",
            "Kingfisher 8.11.0: Sources/Cache/MemoryStorage.swift — `cleanTimer` (set in init and config's didSet; no deinit)",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `config.cachePathBlock = nil` in init(noThrowConfig:creatingDirectory:)",
            "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift — the async wrappers (withCheckedThrowingContinuation)",
            "Sources/KFDCache/DiskStorageBackend.swift — removeExpiredValues, removeSizeExceededValues, isCached",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — removeSizeExceededValues, value(…actuallyLoad:…), isCached",
            "Chapters/10-lifetimes/Lab/KingfisherCleanModel.swift — Kingfisher 8.11.0's clean, modelled line by line",
            "Kingfisher 8.11.0: Sources/Cache/ImageCache.swift:894–918, 1430–1434 — cleanExpiredDiskCache and its async wrapper",
        ])
        lab.exercises()
    }

    // MARK: 1. A Timer needs a running run loop

    static func runLoops(_ lab: Lab) {
        lab.part("runloop", "A Timer fires only on a run loop that runs")
        lab.claim("`Timer.scheduledTimer` adds the timer to the *current thread's* run loop. A GCD worker's\n"
                  + "run loop never runs: the timer never fires. A DispatchSourceTimer needs no run loop.",
                  ko: "`Timer.scheduledTimer`는 timer를 *현재 스레드의* run loop에 추가한다. GCD worker의 run\n"
                      + "loop는 돌지 않는다: timer는 한 번도 실행되지 않는다. DispatchSourceTimer는 run loop가 필요\n"
                      + "없다.")
        let interval = 0.05, window = 0.5
        lab.run("a repeating timer every \(interval) s, fires counted for \(window) s, scheduled from each place")
        let fromWorker = TimerLives.timerFromGCDWorker(interval: interval, seconds: window)
        lab.measured("timerFromGCDWorker", fromWorker, "Timer scheduled from a GCD worker", "\(fromWorker) fires")
        let onRunLoop = TimerLives.timerOnRunningRunLoop(interval: interval, seconds: window)
        lab.measured("timerOnRunningRunLoop", onRunLoop, "Timer on a thread running its run loop", "\(onRunLoop) fires")
        let source = TimerLives.sourceFromGCDWorker(interval: interval, seconds: window)
        lab.measured("sourceFromGCDWorker", source, "DispatchSourceTimer made from a GCD worker", "\(source) fires")
        lab.conclude("Kingfisher 8.11.0 schedules its clean Timer in MemoryStorage.Backend's init (made by ImageCache's\n"
                     + "init), so the timer fires only if the cache was made on a thread whose run loop runs — in an\n"
                     + "app, usually the main thread. Made on a background queue, its memory is never cleaned by the\n"
                     + "timer: reads still refuse expired values, and cleanExpiredCache() still cleans when called.",
                     ko: "Kingfisher 8.11.0은 clean Timer를 MemoryStorage.Backend의 init(ImageCache의 init이\n"
                         + "만든다)에서 예약한다. 그래서 timer는 run loop가 도는 스레드에서 캐시를 만들었을 때만\n"
                         + "실행된다 — 앱에서는 보통 main thread다. 백그라운드 큐에서 만들면 그 메모리는 timer로\n"
                         + "정리되지 않는다: 읽기는 여전히 만료된 값을 거부하고, cleanExpiredCache()는 부르면 여전히\n"
                         + "정리한다.")
    }

    // MARK: 2. [weak self] vs invalidate()

    static func weakSelf(_ lab: Lab) {
        lab.part("weakSelf", "[weak self] lets the owner go; only invalidate() stops the timer")
        lab.claim("The run loop keeps a scheduled Timer, and the Timer keeps its closure. With [weak self] the\n"
                  + "owner is freed, but the timer stays valid and fires into nil forever; invalidate() in deinit\n"
                  + "stops it. With a strong self, the owner is never freed while its timer runs.",
                  ko: "run loop는 예약된 Timer를 붙잡고, Timer는 자기 클로저를 붙잡는다. [weak self]이면 주인은\n"
                      + "해제되지만 timer는 유효한 채로 남아 주인이 없는데도 계속 실행된다. deinit의 invalidate()가\n"
                      + "그것을 멈춘다. strong self이면 timer가 도는 동안 주인은 절대 해제되지 않는다.")
        let interval = 0.02
        let alive = Double(lab.size(quick: 150, full: 300)) / 1000, after = Double(lab.size(quick: 150, full: 300)) / 1000
        lab.run("an owner with Kingfisher's clean timer (every \(interval) s) on a thread running its run loop:\n"
                + "alive \(alive) s, then its last reference dropped, then \(after) s more")
        var rows: [[String]] = []
        for design in TimerDesign.allCases {
            let life = TimerLives.timer(design, interval: interval, alive: alive, after: after)
            lab.record(design.rawValue, life.json)
            rows.append([design.label, "\(life.cleansWhileAlive)", life.freed ? "yes" : "no",
                         life.validAfter.map { $0 ? "valid" : "invalid" } ?? "–", "\(life.firesAfter)"])
            if let byInvalidate = life.freedByInvalidate {
                lab.measured("strongFreedByInvalidate", byInvalidate, "strong self: freed once the timer is invalidated")
            }
        }
        lab.table(["design", "cleans alive", "freed", "timer after", "fires after"], rows)
        if lab.recordedFigures["weakSelf.strongFreedByInvalidate"] == .bool(false) {
            lab.note("here (\(Platform.name)) an invalidated Timer still holds its closure while the Timer object lives,\n"
                     + "and the owner holds the Timer: the strong cycle outlives invalidate(). Apple documents that\n"
                     + "invalidate() releases a target/selector timer's target; for block timers it says nothing.")
        }
        lab.conclude("[weak self] answers 001 Q2: the timer does not keep the backend alive. 001 Q4: without\n"
                     + "invalidate() in deinit, a freed backend's timer goes on firing every cleanInterval (120 s by\n"
                     + "default) for the life of the thread — cheap, since Kingfisher's backends usually live as long\n"
                     + "as the app, but never stopped. invalidate() must run on the timer's own thread: deinit runs\n"
                     + "on whichever thread drops the last reference.",
                     ko: "[weak self]가 001 Q2의 답이다: timer는 backend를 살려 두지 않는다. 001 Q4: deinit에\n"
                         + "invalidate()가 없으면, 해제된 backend의 timer는 스레드가 살아 있는 동안 cleanInterval(기본\n"
                         + "120 s)마다 계속 실행된다 — Kingfisher의 backend는 보통 앱만큼 오래 살아서 비용은 적지만,\n"
                         + "멈추지는 않는다. invalidate()는 timer 자신의 스레드에서 돌아야 한다: deinit은 마지막 참조를\n"
                         + "놓는 스레드 어디에서든 돈다.")
    }

    // MARK: 3. Our DispatchSourceTimer, side by side

    static func dispatchSource(_ lab: Lab) {
        lab.part("dispatchSource", "Our library's DispatchSourceTimer, beside Kingfisher's Timer")
        lab.claim("A DispatchSourceTimer fires on its queue whichever thread made it, run loop or not. With\n"
                  + "[weak self] its owner is freed too; our library's deinit cancels it (Sources/KFDCache/MemoryStorage.swift)\n"
                  + "instead of relying on what releasing a running source does.",
                  ko: "DispatchSourceTimer는 누가 어느 스레드에서 만들었든, run loop가 있든 없든 자기 큐에서\n"
                      + "실행된다. [weak self]이면 그 주인도 해제된다. 우리 라이브러리의 deinit은 돌고 있는 source를\n"
                      + "해제할 때 무슨 일이 일어나는지에 기대지 않고 그것을 cancel한다\n"
                      + "(Sources/KFDCache/MemoryStorage.swift).")
        let interval = 0.02
        let alive = Double(lab.size(quick: 150, full: 300)) / 1000, after = Double(lab.size(quick: 150, full: 300)) / 1000
        lab.run("SourceOwner made from a GCD worker, every \(interval) s: alive \(alive) s, dropped, \(after) s more —\n"
                + "without and with cancel() in deinit (in a child process: releasing a running source is what\n"
                + "is measured); then the library's MemoryStorage.Backend, made from a GCD worker")
        let child = lab.child("sourceOwners", ["\(interval)", "\(alive)", "\(after)"], timeout: 30, environment: noBacktrace)
        let lives = child.succeeded ? JSONValue.parse(child.stdout.split(separator: "\n").last.map(String.init) ?? "") : nil
        lab.measured("childOutcome", child.succeeded ? "finished" : child.outcome, "the child run")
        var rows: [[String]] = []
        let timerWeak = lab.recordedFigures["weakSelf.weakNoInvalidate"], timerStop = lab.recordedFigures["weakSelf.weakInvalidateInDeinit"]
        let fromWorker = lab.recordedFigures["runloop.timerFromGCDWorker"]?.intValue ?? 0
        let sourceFires = lab.recordedFigures["runloop.sourceFromGCDWorker"]?.intValue ?? 0
        rows.append(["Timer (Kingfisher)", "\(fromWorker)", freedText(timerWeak), "\(timerWeak?["firesAfter"]?.intValue ?? 0)",
                     "\(timerStop?["firesAfter"]?.intValue ?? 0)"])
        if let lives {
            lab.record("noCancel", lives["noCancel"] ?? .null)
            lab.record("cancelInDeinit", lives["cancelInDeinit"] ?? .null)
            rows.append(["DispatchSourceTimer (ours)", "\(sourceFires)", freedText(lives["noCancel"]),
                         "\(lives["noCancel"]?["firesAfter"]?.intValue ?? 0)", "\(lives["cancelInDeinit"]?["firesAfter"]?.intValue ?? 0)"])
        }
        lab.table(["timer", "fires, made on GCD", "owner freed", "fires after: not stopped", "stopped in deinit"], rows)

        let backend = libraryBackend(interval: 0.05, wait: 0.5)
        lab.measured("backendCostBefore", backend.costBefore, "MemoryStorage.Backend: cost stored (4 values, 0.1 s)", "\(backend.costBefore) bytes")
        lab.measured("backendCostAfter", backend.costAfter, "the same, 0.5 s later, nothing read", "\(backend.costAfter) bytes")
        lab.measured("backendFreed", backend.freed, "backend freed when dropped")
        lab.conclude("Our library cleans on a timer whichever thread made the storage: command-line tools, test\n"
                     + "runners and Linux have no main run loop running. Both timers need [weak self]; the Timer\n"
                     + "also needs invalidate() (the run loop holds it). What releasing a running source without\n"
                     + "cancel() did on this platform is in the table's \"not stopped\" column; cancel() makes it certain.",
                     ko: "우리 라이브러리는 스토리지를 어느 스레드에서 만들었든 timer로 정리한다: 커맨드라인 도구,\n"
                         + "테스트 러너, Linux에는 도는 main run loop가 없다. 두 timer 모두 [weak self]가 필요하고,\n"
                         + "Timer는 invalidate()도 필요하다 (run loop가 붙잡고 있으니까). 이 플랫폼에서 돌고 있는\n"
                         + "source를 cancel() 없이 해제했을 때 일어난 일은 표의 \"놓은 뒤 실행\" 열에 있다. cancel()이\n"
                         + "그것을 확실하게 만든다.")
    }

    static func freedText(_ life: JSONValue?) -> String {
        switch life?["freed"] {
        case .bool(true)?: return "yes"
        case .bool(false)?: return "no"
        default: return "–"
        }
    }

    struct BackendLife: Sendable { var costBefore = 0, costAfter = 0, freed = false }

    /// The library's memory storage, made on a GCD worker with a short clean interval: does its
    /// timer clean without anyone reading, and is it freed when dropped?
    static func libraryBackend(interval: TimeInterval, wait: TimeInterval) -> BackendLife {
        var backend: MemoryStorage.Backend<Data>? = waitForCallback(timeout: .infinity) { done in
            DispatchQueue.global().async {
                done(MemoryStorage.Backend<Data>(config: MemoryStorage.Config(totalCostLimit: 0, cleanInterval: interval)))
            }
        }!
        weak var watched: MemoryStorage.Backend<Data>?
        watched = backend
        var life = BackendLife()
        for index in 0..<4 { backend?.store(value: Data(count: 100), forKey: "k\(index)", expiration: .seconds(0.1)) }
        life.costBefore = backend?.totalCacheCost() ?? 0
        Thread.sleep(forTimeInterval: wait)
        life.costAfter = backend?.totalCacheCost() ?? 0
        backend = nil
        for _ in 0..<20 where watched != nil { Thread.sleep(forTimeInterval: interval) }
        life.freed = watched == nil
        return life
    }

    // MARK: 4. cachePathBlock = nil

    static func pathBlock(_ lab: Lab) throws {
        lab.part("pathBlock", "cachePathBlock: a closure that keeps its owner alive")
        lab.claim("A path block that captures its owner makes a cycle: owner → backend → config → block → owner.\n"
                  + "The backend's init uses the block once and sets it to nil; a block kept in the config keeps\n"
                  + "the owner alive (a weak reference never becomes nil) until it is set to nil.",
                  ko: "주인을 캡처하는 path block은 순환을 만든다: owner → backend → config → block → owner.\n"
                      + "backend의 init은 block을 한 번 쓰고 nil로 만든다. config에 남은 block은 nil이 될 때까지\n"
                      + "주인을 살려 둔다 (weak 참조가 결코 nil이 되지 않는다).")
        lab.run("the notes' CacheManager with a real DiskStorage.Backend<Data>, its block capturing self;\n"
                + "the last outside reference dropped, a weak reference watched")
        let scratch = try ScratchFolder("ch10")
        defer { scratch.remove() }
        let lives = try PathBlockLives.measure(in: scratch.url)
        lab.measured("folderName", lives.folderName, "the folder the block chose")
        lab.measured("freedAfterInit", lives.freedAfterInit, "block given to init only: owner freed")
        lab.measured("freedWithBlockKept", lives.freedWithBlockKept, "block set again via backend.config: freed")
        lab.measured("freedAfterSettingNil", lives.freedAfterSettingNil, "then config.cachePathBlock = nil: freed")
        lab.conclude("Setting the block to nil is what frees the owner: the backend needs the block only to find its\n"
                     + "folder, and `directoryURL` is fixed after that. Kingfisher's `config` is settable too, so the\n"
                     + "cycle can come back through it; the init can only break the one it was handed.",
                     ko: "주인을 해제하는 것은 block을 nil로 만드는 일이다: backend가 block이 필요한 것은 폴더를 찾을\n"
                         + "때뿐이고, 그 뒤 `directoryURL`은 고정된다. Kingfisher의 `config`도 설정할 수 있어서 순환이\n"
                         + "그쪽으로 다시 생길 수 있다. init은 자기가 받은 것만 끊을 수 있다.")
    }

    // MARK: 5. Checked continuations

    static func continuations(_ lab: Lab) {
        lab.part("continuations", "A checked continuation resumed twice, and one never resumed")
        lab.claim("Study notes 004 §8: \"두 번 resume하거나 resume하지 않으면 크래시한다 (디버그 빌드에서)\" — \"resuming\n"
                  + "twice or never crashes (in debug builds)\". Resuming twice is a fatal error in every build;\n"
                  + "never resuming prints a warning and leaves the task suspended forever — no crash.",
                  ko: "스터디 노트 004 §8: \"두 번 resume하거나 resume하지 않으면 크래시한다 (디버그 빌드에서)\".\n"
                      + "두 번 resume하는 것은 모든 빌드에서 fatal error다. 한 번도 resume하지 않으면 경고를 출력하고\n"
                      + "task가 영원히 멈춰 있을 뿐 — 크래시는 없다.")
        let wait = Double(lab.size(quick: 500, full: 1000)) / 1000
        lab.run("two child processes (this binary: a \(ContinuationChildren.buildConfiguration) build): one resumes twice;\n"
                + "one drops its continuation, and its main thread waits \(wait) s for the task to go on")
        lab.record("build", .string(ContinuationChildren.buildConfiguration))

        let twice = lab.child("resumeTwice", timeout: 30, environment: noBacktrace)
        lab.measured("twiceOutcome", twice.outcome, "resumed twice: the child")
        lab.record("twiceCrashed", .bool(twice.crashed))
        lab.record("twiceResumedOnceFirst", .bool(twice.stdout.contains(ContinuationChildren.resumedOnce)))
        let twiceLine = misuseLine(twice.stderr)
        lab.record("twiceMessage", .bool(twiceLine?.contains("more than once") == true))
        if let twiceLine { lab.show(twiceLine) }

        let never = lab.child("neverResume", ["\(wait)"], timeout: 30, environment: noBacktrace)
        lab.measured("neverOutcome", never.outcome, "never resumed: the child")
        lab.record("neverStillSuspended", .bool(never.stdout.contains(ContinuationChildren.stillSuspended)))
        let neverLine = misuseLine(never.stderr)
        lab.record("neverMessage", .bool(neverLine?.contains("leaked its continuation") == true))
        if let neverLine { lab.show(neverLine) }
        lab.measured("neverStillSuspended", never.stdout.contains(ContinuationChildren.stillSuspended),
                     "the task still suspended after \(wait) s")
        lab.conclude("The second resume is caught by the standard library's CheckedContinuation (a fatalError, which\n"
                     + "release builds keep); the missing resume only when the continuation is released — a warning.\n"
                     + "A bridge must resume exactly once on every path: data, error, and the callback that never comes.",
                     ko: "두 번째 resume은 표준 라이브러리의 CheckedContinuation이 잡는다 (fatalError이고, release\n"
                         + "빌드에서도 남는다). 빠진 resume은 continuation이 해제될 때에야 잡히고, 경고일 뿐이다.\n"
                         + "브리지는 모든 경로에서 정확히 한 번 resume해야 한다: 데이터, 에러, 그리고 끝내 오지 않는\n"
                         + "콜백.")
    }

    // MARK: 6. Disk cleaning, made visible

    static func diskClean(_ lab: Lab) throws {
        lab.part("diskClean", "A file's lifetime on disk: expired first, then the least recently accessed")
        lab.claim("cleanExpiredDiskCache removes the expired files, then — if the rest is over the size limit —\n"
                  + "the least recently accessed ones until half the limit is left, and posts one notification\n"
                  + "naming them. clearDiskCache removes everything and posts nothing.",
                  ko: "cleanExpiredDiskCache는 만료된 파일을 지우고, 그다음 — 나머지가 size limit을 넘으면 — 가장\n"
                      + "오래전에 접근한 파일부터 limit의 절반이 남을 때까지 지운 뒤, 그 파일들을 담은 알림 하나를\n"
                      + "보낸다. clearDiskCache는 전부 지우고 알림은 보내지 않는다.")
        let scratch = try ScratchFolder("ch10-clean")
        defer { scratch.remove() }
        let run = try CleaningRun.measure(in: scratch.url)
        lab.run("10 files of 1000 bytes, size limit \(run.sizeLimit) bytes; their dates set as time would have left them:\n"
                + "2 expired, 8 alive with last accesses minutes apart; then HybridCache.cleanExpiredDiskCache()")
        let rows = run.files.sorted { $0.accessedMinutesAgo > $1.accessedMinutesAgo }.map { file in
            [file.key, "\(file.accessedMinutesAgo) min ago",
             file.expiresInMinutes > 0 ? "in \(file.expiresInMinutes) min" : "\(-file.expiresInMinutes) min ago", file.outcome]
        }
        lab.table(["file (least recent first)", "last access", "expires", "after the clean"], rows)
        lab.record("outcomes", .object(Dictionary(uniqueKeysWithValues: run.files.map { ($0.key, JSONValue.string($0.outcome)) })))
        lab.measured("sizeBefore", Int(run.sizeBefore), "bytes before", "\(run.sizeBefore) bytes (limit \(run.sizeLimit))")
        lab.measured("sizeAfter", Int(run.sizeAfter), "bytes after", "\(run.sizeAfter) bytes (target: half the limit, \(run.sizeLimit / 2))")
        lab.measured("postsByClean", run.postsByClean, "notifications: cleanExpiredDiskCache")
        lab.measured("postsBySecondClean", run.postsBySecondClean, "notifications: the same again, nothing to remove")
        lab.measured("postsByClear", run.postsByClear, "notifications: clearDiskCache")
        lab.measured("filesAfterClear", run.filesAfterClear, "files left after clearDiskCache")
        lab.conclude("Expired files go whatever their last access; the trim then removes by last access alone, and\n"
                     + "stops at half the limit: no store trims, only a clean does, so the folder grows unchecked until\n"
                     + "the next clean and half is the room left for that. An\n"
                     + "observer of .KFDDidCleanDiskCache (Kingfisher: .KingfisherDidCleanDiskCache, posted on the main\n"
                     + "queue) hears of cleans that removed something — never of clearDiskCache.",
                     ko: "만료된 파일은 마지막 접근 시각과 상관없이 지워진다. 그다음 용량 정리는 마지막 접근 시각만 보고 지우고,\n"
                         + "limit의 절반에서 멈춘다. 용량 정리는 store가 아니라 정리할 때만 일어나므로, 다음 정리까지 폴더는 제한\n"
                         + "없이 자란다. 절반은 그동안 쓸 여유다.\n"
                         + ".KFDDidCleanDiskCache의 observer(Kingfisher: .KingfisherDidCleanDiskCache, 메인 큐에서\n"
                         + "보냄)는 무언가를 지운 정리만 듣는다 — clearDiskCache는 결코 듣지 못한다.")
    }

    // MARK: 7. The overloads: value vs isCached

    static func lookups(_ lab: Lab) throws {
        lab.part("lookups", "value(forKey:) vs isCached(forKey:referenceDate:): what each reads and extends")
        lab.claim("Both go through one lookup (Kingfisher: `value(…, actuallyLoad:)`). isCached stops at the file's\n"
                  + "dates: it reads no byte, decodes nothing and extends nothing. value reads and decodes the file,\n"
                  + "then extends its lifetime (.cacheTime: the original lifetime, counted again from now).",
                  ko: "둘 다 같은 조회 하나를 거친다 (Kingfisher: `value(…, actuallyLoad:)`). isCached는 파일의\n"
                      + "날짜에서 멈춘다: 바이트 하나 읽지 않고, 디코딩도, 연장도 하지 않는다. value는 파일을 읽고\n"
                      + "디코딩한 뒤 수명을 연장한다 (.cacheTime: 원래 수명을 지금부터 다시 센다).")
        let scratch = try ScratchFolder("ch10-lookups")
        defer { scratch.remove() }
        let run = try LookupRun.measure(in: scratch.url)
        lab.run("one file stored 5 minutes ago with a 10-minute lifetime (dates set), then each lookup; and a\n"
                + "file whose bytes cannot be decoded")
        func dates(_ d: FileDatesOnDisk) -> String {
            "last access \(Int(d.lastAccess.timeIntervalSince(run.valueMoment).rounded())) s, "
                + "expires \(Int(d.expiration.timeIntervalSince(run.valueMoment).rounded())) s"
        }
        lab.show("(dates relative to the moment value(forKey:) ran)")
        lab.measured("isCachedNow", run.isCachedNow, "isCached(forKey:)")
        lab.measured("isCachedIn10Minutes", run.isCachedIn10Minutes, "isCached(forKey:referenceDate: +10 min)")
        lab.measured("datesUnchangedByIsCached", run.afterIsCached == run.before, "dates unchanged by both isCached",
                     "\(run.afterIsCached == run.before) (\(dates(run.afterIsCached)))")
        lab.measured("valueFound", run.valueFound, "value(forKey:) found it")
        lab.measured("datesChangedByValue", run.afterValue != run.before, "dates changed by value(forKey:)",
                     "\(run.afterValue != run.before) (\(dates(run.afterValue)))")
        lab.record("lifetimeAfterValue", .int(Int(run.afterValue.expiration.timeIntervalSince(run.afterValue.lastAccess))))
        lab.measured("corruptIsCached", run.corruptIsCached, "undecodable file: isCached")
        lab.measured("corruptValue", run.corruptValueError, "undecodable file: value(forKey:) throws")
        lab.conclude("isCached answers \"is there a valid file?\" from its dates alone — cheap, and it never keeps a\n"
                     + "file alive; `referenceDate` asks about the future without waiting. Only a real load counts as\n"
                     + "an access: it pushes the expiration 10 minutes past now and moves the file to the back of the\n"
                     + "size trim's queue.",
                     ko: "isCached는 \"유효한 파일이 있나?\"에 날짜만으로 답한다 — 싸고, 파일을 살려 두는 일도 없다.\n"
                         + "`referenceDate`는 기다리지 않고 미래에 대해 묻는다. 진짜 load만 접근으로 친다: 만료를\n"
                         + "지금부터 10분 뒤로 밀고, 파일을 용량 정리 순서의 맨 뒤로 보낸다.")
    }

    /// The runtime's "SWIFT TASK CONTINUATION MISUSE" line, from the text after it names the function.
    static func misuseLine(_ stderr: String) -> String? {
        stderr.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }
            .map { String($0[$0.range(of: "SWIFT TASK CONTINUATION MISUSE")!.lowerBound...]) }
    }

    // MARK: Child scenarios

    public static func child(scenario: String, arguments: [String]) -> Int32 {
        let numbers = arguments.compactMap(Double.init)
        switch scenario {
        case "resumeTwice":
            return ContinuationChildren.resumeTwice()
        case "kingfisherCleanForced":
            return CleanChildren.forcedClean(seconds: numbers.first ?? 1)
        case "neverResume":
            return ContinuationChildren.neverResume(seconds: numbers.first ?? 1)
        case "sourceOwners":
            guard numbers.count == 3 else { return 64 }
            let noCancel = TimerLives.source(cancelInDeinit: false, interval: numbers[0], alive: numbers[1], after: numbers[2])
            let cancelled = TimerLives.source(cancelInDeinit: true, interval: numbers[0], alive: numbers[1], after: numbers[2])
            print(JSONValue.object(["noCancel": noCancel.json, "cancelInDeinit": cancelled.json]).text)
            return 0
        default:
            Terminal.printError("chapter 10 has no child scenario named '\(scenario)'")
            return 64
        }
    }
}

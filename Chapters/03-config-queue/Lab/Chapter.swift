// Chapter 3 — `config` / `_config` and the property queue.
// What the queue-guarded pair fixes (torn reads), why the pair exists at all (a computed property
// cannot store: reading itself recurses until the stack runs out), and what it does not fix
// (`config.x += 1` is a get and a set: two critical sections, and updates get lost between them).

import Dispatch
import Foundation
import KFDCache
import WorkbookSupport

public enum Chapter: ChapterProgram {
    public static let info = Catalog.chapter(named: "3")!

    public static func run(_ lab: Lab) throws {
        tornReads(lab)
        recursion(lab)
        try lostUpdates(lab)
        lab.read([
            "Sources/KFDCache/DiskStorageBackend.swift — `propertyQueue`, `_config`, `public var config`",
            "Chapters/03-config-queue/Lab/Boxes.swift — the unguarded, self-reading, queue, Mutex and actor boxes",
            "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `propertyQueue` and `_config` in `Backend`",
        ])
        lab.exercises()
    }

    // MARK: 1. Torn reads

    static func tornReads(_ lab: Lab) {
        lab.part("torn", "A config with no guard, read while it is written")
        lab.claim("Without a guard, a reader can see a config that is half old, half new.",
                  ko: "보호가 없으면 reader는 반은 옛것, 반은 새것인 config를 볼 수 있다.")
        let iterations = lab.size(quick: 200_000, full: 2_000_000)
        lab.run("child process: 1 writer sets all four fields to n, 1 reader checks they agree,\n"
                + "\(iterations) writes (a data race: run in a child process so undefined behaviour stays there)")
        let result = lab.child("torn", ["\(iterations)"], timeout: 60, environment: ["SWIFT_BACKTRACE": "enable=no"])
        let unguarded = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        if let unguarded {
            lab.measured("unguardedTorn", unguarded, "torn reads, no guard", "\(unguarded) (child \(result.outcome))")
        } else {
            lab.measured("unguardedTorn", .null, "torn reads, no guard", "child ended: \(result.outcome)")
        }
        let guarded = countTornReads(iterations: iterations / 10, write: { queueBox.settings = Settings($0) },
                                     read: { queueBox.settings })
        lab.measured("queueTorn", guarded, "torn reads, propertyQueue (\(iterations / 10) writes)")
        let backend = DiskStorage.Backend<Data>(noThrowConfig: .init(name: "ch3", sizeLimit: 0,
            directory: URL(fileURLWithPath: NSTemporaryDirectory())), creatingDirectory: false)
        let libraryTorn = countTornReads(iterations: iterations / 10, write: { n in
            var config = backend.config
            config.sizeLimit = UInt(n)
            config.expiration = .seconds(TimeInterval(n))
            backend.config = config
        }, read: {
            let config = backend.config
            guard case .seconds(let seconds) = config.expiration else { return Settings(-1) }
            return Settings(Int(config.sizeLimit)) == Settings(Int(seconds)) ? Settings(0) : Settings(-1)
        })
        lab.measured("libraryTorn", libraryTorn, "torn reads, DiskStorage.Backend.config")
        let seedNote = "\nThe count changes from run to run with the same --seed: a seed fixes the workload,\n"
            + "not how the system schedules the two threads."
        let seedNoteKo = "\n같은 --seed로도 횟수는 실행마다 달라진다: seed가 고정하는 것은 작업량이지, 시스템이 두 스레드를\n"
            + "어떻게 스케줄하는지가 아니다."
        lab.conclude(((unguarded ?? 0) > 0
            ? "Torn values happened without a guard and never through the queue."
            : "No torn value was observed without a guard in this run: a race is a chance, not a promise.\n"
              + "Run it again, or under ThreadSanitizer: swift run --sanitize=thread ch03-config-queue.") + seedNote,
                     ko: ((unguarded ?? 0) > 0
                         ? "보호 없이는 찢어진 값이 나왔고, 큐를 거치면 한 번도 나오지 않았다."
                         : "이번 실행에서는 보호 없이도 찢어진 값이 보이지 않았다: 데이터 레이스는 일어날 수 있다는 것이지\n"
                           + "반드시 일어난다는 것이 아니다. 다시 돌리거나 ThreadSanitizer로 돌려 보자: swift run --sanitize=thread ch03-config-queue.") + seedNoteKo)
    }

    static let queueBox = QueueBox()

    /// One writer, one reader on another thread; counts reads where the fields disagree.
    static func countTornReads(iterations: Int, write: @escaping @Sendable (Int) -> Void,
                               read: @escaping @Sendable () -> Settings) -> Int {
        let done = Flag()
        let torn = Tally()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for n in 1...iterations { write(n) }
            done.set()
        }
        DispatchQueue.global().async(group: group) {
            while !done.isSet { if read().isTorn { torn.add(1) } }
        }
        group.wait()
        return torn.value
    }

    // MARK: 2. Recursion

    static func recursion(_ lab: Lab) {
        lab.part("recursion", "A computed `config` that reads itself")
        lab.claim("A computed property has no storage; if its getter reads the property, it recurses\n"
                  + "until the stack overflows. Hence the stored `_config` behind the public `config`.",
                  ko: "computed property에는 저장 공간이 없다. getter가 그 프로퍼티를 읽으면 스택이 넘칠 때까지\n"
                      + "재귀한다. 그래서 public `config` 뒤에 저장 프로퍼티 `_config`가 있다.")
        lab.run("child process: SelfReadingBox().settings")
        let result = lab.child("recursion", timeout: 30, environment: ["SWIFT_BACKTRACE": "enable=no"])
        lab.measured("outcome", result.outcome, "the child ended with")
        lab.record("crashed", .bool(result.crashed))
        lab.conclude(result.crashed ? "A real stack overflow, caught as a signal in the child."
                                    : "The child did not crash — unexpected; see its output: \(result.stderr.prefix(200))",
                     ko: result.crashed
                         ? "진짜 스택 오버플로가 자식 프로세스에서 시그널로 잡혔다."
                         : "자식이 크래시가 나지 않았다 — 예상 밖이다. 출력을 보자: \(result.stderr.prefix(200))")
    }

    // MARK: 3. Lost updates

    static func lostUpdates(_ lab: Lab) throws {
        lab.part("lost", "backend.config.sizeLimit += 1 from 4 threads")
        lab.claim("The queue makes each get and each set atomic, not the pair: `+=` loses updates.\n"
                  + "One critical section around read-modify-write (queue, Mutex or actor) loses none.",
                  ko: "큐는 get 하나, set 하나를 각각 원자적으로 만들 뿐, 그 둘의 쌍을 원자적으로 만들지는\n"
                      + "않는다: `+=`는 업데이트를 잃는다. read-modify-write 전체를 critical section 하나로\n"
                      + "감싸면(큐, Mutex, actor) 하나도 잃지 않는다.")
        let perThread = lab.size(quick: 2_000, full: 20_000)
        let expected = 4 * perThread
        lab.run("4 threads × \(perThread) increments on each holder; expected total \(expected)")
        let backend = DiskStorage.Backend<Data>(noThrowConfig: .init(name: "ch3", sizeLimit: 0,
            directory: URL(fileURLWithPath: NSTemporaryDirectory())), creatingDirectory: false)

        var timings: [(String, Double)] = []
        func measure(_ key: String, _ label: String, _ body: @escaping @Sendable () -> Void, total: () -> Int) {
            let nanos = Stats.time { DispatchQueue.concurrentPerform(iterations: 4) { _ in for _ in 0..<perThread { body() } } }
            let lost = expected - total()
            lab.measured(key, .int(lost), "lost updates, \(label)", "\(lost) of \(expected)")
            timings.append((label, nanos / Double(expected)))
        }
        measure("libraryPlusEquals", "backend.config.sizeLimit += 1", { backend.config.sizeLimit += 1 },
                total: { Int(backend.config.sizeLimit) })
        let queue = QueueBox()
        measure("queueUpdate", "QueueBox.update { $0.a += 1 }", { queue.update { $0.a += 1 } }, total: { queue.settings.a })
        let mutex = MutexBox()
        measure("mutexUpdate", "MutexBox.update { $0.a += 1 }", { mutex.update { $0.a += 1 } }, total: { mutex.settings.a })

        let actor = ActorBox()
        let actorNanos = Stats.time {
            runBlocking {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 { group.addTask { for _ in 0..<perThread { await actor.update { $0.a += 1 } } } }
                }
            }
        }
        let actorTotal = runBlocking { await actor.current.a }
        lab.measured("actorUpdate", expected - actorTotal, "lost updates, ActorBox.update (4 tasks)", "\(expected - actorTotal) of \(expected)")
        timings.append(("ActorBox.update", actorNanos / Double(expected)))

        let mutexCost = timings.first { $0.0.hasPrefix("MutexBox") }?.1 ?? 1
        lab.show(timings.map { "\($0.0.padding(toLength: 32, withPad: " ", startingAt: 0)) \(Stats.formatNanoseconds($0.1))/update  (\(String(format: "%.1f", $0.1 / mutexCost))× Mutex)" }.joined(separator: "\n"))
        lab.record("nanosPerUpdate", .object(Dictionary(uniqueKeysWithValues: timings.map { ($0.0, JSONValue.double($0.1)) })))
        let getSet = ModelChecker.explore(ConfigModels.getThenSetModel), oneSection = ModelChecker.explore(ConfigModels.oneSectionModel)
        lab.interleavings("interleavings.getThenSet", getSet, "every interleaving: get then set, 2 threads")
        lab.interleavings("interleavings.oneSection", oneSection, "every interleaving: one section, 2 threads")
        lab.note("the shortest interleaving that loses an update (model: Chapters/03-config-queue/Lab/Models.swift):")
        lab.show(getSet.timeline())
        lab.conclude("Guarding a property is not guarding an operation. Kingfisher's config is set whole,\n"
                     + "rarely, from one place — so get/set atomicity is enough there. Timings are this run's,\n"
                     + "side by side; debug builds exaggerate them (swift run -c release for fair numbers).",
                     ko: "프로퍼티를 보호하는 것은 연산을 보호하는 것이 아니다. Kingfisher의 config는 드물게, 한\n"
                         + "곳에서, 통째로 설정된다 — 그래서 거기서는 get/set의 원자성으로 충분하다. 시간은 이번 실행의\n"
                         + "것을 나란히 보인 것이고, debug 빌드는 차이를 부풀린다 (공정한 숫자는 swift run -c\n"
                         + "release로).")
    }

    public static func child(scenario: String, arguments: [String]) -> Int32 {
        switch scenario {
        case "torn":
            let iterations = arguments.first.flatMap(Int.init) ?? 100_000
            let box = UnguardedBox()
            print(countTornReads(iterations: iterations, write: { box.settings = Settings($0) }, read: { box.settings }))
            return 0
        case "recursion":
            print(SelfReadingBox().settings)
            return 0
        default:
            return 64
        }
    }
}

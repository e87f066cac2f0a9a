// 08-sync-read-anywhere's check: every schedule of the callers and ioQueue (ExerciseKit's
// ScheduleExplorer). ioQueue is a WatchedQueue, so each `sync`/`async` on it is a scheduling point,
// and so is each disk read and write (the check watches the disk). "Returns at once" and "waits
// for no queue" are gates only a returned caller opens, never time limits: a call that waits
// where it must not is a deadlock in some schedule, reported with that schedule.

import ExerciseKit
import WorkbookSupport

extension Chapter8Checks {
    /// 08-sync-read-anywhere: the asynchronous read runs on ioQueue, in order with the writes, and
    /// calls back once; the synchronous one calls back once, on the caller's thread, before it
    /// returns, waiting for no queue — so it also works from a block already running on ioQueue.
    public static func syncReadAnywhere<E: SyncReadExercise>(_: E.Type, _ run: CheckRun) {
        // 1. One caller: store, an asynchronous read, store, then synchronous reads while ioQueue
        //    is busy (its queued read is held until the synchronous ones have returned).
        run.explore(CheckMessage("stores and reads from one caller, ioQueue busy", ko: "한 호출 스레드의 store와 읽기, ioQueue는 바쁨")) { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            let watch = DiskWatch(ioQueue, disk, world)
            let gate = ControlledSemaphore(value: 0)
            watch.holdFirstQueuedRead(until: gate)
            let asyncRead = Retrieval("K", synchronously: false)
            let busyRead = Retrieval("K", synchronously: true), missRead = Retrieval("Missing", synchronously: true)
            let lastRead = Retrieval("K", synchronously: true)
            let emptyRead = Retrieval("", synchronously: true)   // "" is a key too: a miss, answered
            // A key one character past each number your file writes (a "only short keys are read
            // synchronously" cut-off, whatever number was picked): a miss, answered before returning.
            // And a key holding each string your file writes ("keys with a '/' go to ioQueue").
            let longReads = SourceFacts.sizesPastCutOffs(in: run.source, within: 8...65_536, limit: 2).map {
                Retrieval(padded("Missing", $0), synchronously: true)
            } + SourceFacts.stringLiterals(in: run.source).filter { !$0.isEmpty && $0.count <= 64 }.prefix(4).map {
                Retrieval("Missing" + $0 + "K", synchronously: true)
            }
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                world.ifStuck("store(\"V1\", forKey: \"K\") did not return: a store hands its write to ioQueue and returns at once",
                              ko: "store(\"V1\", forKey: \"K\")가 돌아오지 않았습니다: store는 쓰기를 ioQueue에 넘기고 곧바로 돌아와야 합니다")
                world.tell(calling("store(\"V1\", forKey: \"K\")"))
                cache.store("V1", forKey: "K")
                world.ifStuck("retrieve(forKey: \"K\", synchronously: false) did not return until its read had run (in this run the "
                              + "read waits until the caller has gone on): hand the read to ioQueue and return at once",
                              ko: "retrieve(forKey: \"K\", synchronously: false)가 읽기가 끝날 때까지 돌아오지 않았습니다 (이번 실행에서 그 "
                              + "읽기는 호출 스레드가 다음으로 넘어갈 때까지 기다립니다): 읽기를 ioQueue에 넘기고 곧바로 돌아오세요")
                asyncRead.run(cache, ioQueue, watch, world)
                world.ifStuck("store(\"V2\", forKey: \"K\") did not return while ioQueue was busy with the queued read: a store hands "
                              + "its write to ioQueue and returns at once",
                              ko: "ioQueue가 큐에 든 읽기로 바쁜 동안 store(\"V2\", forKey: \"K\")가 돌아오지 않았습니다: store는 쓰기를 "
                              + "ioQueue에 넘기고 곧바로 돌아와야 합니다")
                world.tell(calling("store(\"V2\", forKey: \"K\")"))
                cache.store("V2", forKey: "K")
                world.ifStuck("retrieve(forKey: \"K\", synchronously: true) did not return while ioQueue was busy with the earlier "
                              + "asynchronous read (in this run that read waits until the synchronous one has returned): a "
                              + "synchronous read runs on the caller's thread and waits for no queue",
                              ko: "ioQueue가 앞선 비동기 읽기로 바쁜 동안 retrieve(forKey: \"K\", synchronously: true)가 돌아오지 않았습니다 "
                              + "(이번 실행에서 그 비동기 읽기는 동기 읽기가 돌아올 때까지 기다립니다): 동기 읽기는 호출한 스레드에서 실행되고 "
                              + "어떤 큐도 기다리지 않습니다")
                busyRead.run(cache, ioQueue, watch, world)
                busyRead.expectSync(world, [nil, "V1", "V2"], CheckMessage("only those were ever stored under \"K\"",
                                                                       ko: "\"K\"에 저장된 적이 있는 값은 그것뿐입니다"))
                world.ifStuck("retrieve(forKey: \"Missing\", synchronously: true) did not return while ioQueue was busy with the earlier "
                              + "asynchronous read: a synchronous read runs on the caller's thread and waits for no queue",
                              ko: "ioQueue가 앞선 비동기 읽기로 바쁜 동안 retrieve(forKey: \"Missing\", synchronously: true)가 돌아오지 "
                              + "않았습니다: 동기 읽기는 호출한 스레드에서 실행되고 어떤 큐도 기다리지 않습니다")
                missRead.run(cache, ioQueue, watch, world)
                missRead.expectSync(world, [nil], CheckMessage("\"Missing\" was never stored", ko: "\"Missing\"은 저장한 적이 없습니다"))
                for longRead in longReads {
                    longRead.run(cache, ioQueue, watch, world)
                    longRead.expectSync(world, [nil], CheckMessage("that key was never stored", ko: "그 key는 저장한 적이 없습니다"))
                }
                emptyRead.run(cache, ioQueue, watch, world)
                emptyRead.expectSync(world, [nil], CheckMessage("\"\" was never stored (an empty key is a key: it is answered, with nil)",
                                                               ko: "\"\"는 저장한 적이 없습니다 (빈 key도 key입니다: nil로라도 답해야 합니다)"))
                world.tell(CheckMessage("lets the queued read go on", ko: "큐에 든 읽기를 풀어 줌"))
                gate.signal(line: 0)
                world.ifStuck("the check's waitForWrites() (an empty ioQueue.sync) never returned: a block on ioQueue never ended",
                              ko: "확인의 waitForWrites()(빈 ioQueue.sync)가 끝내 돌아오지 않았습니다: ioQueue의 어떤 블록이 끝나지 않았습니다")
                world.tell(calling("waitForWrites()"))
                cache.waitForWrites()
                let readsBefore = disk.reads   // nothing else reads now: waitForWrites() drained ioQueue
                lastRead.run(cache, ioQueue, watch, world)
                let reads = disk.reads - readsBefore
                // No read before it returned: the answer came from somewhere other than the disk, or
                // before a read on another thread (a timed wait given up) — the message claims neither.
                world.expect(reads != 0, "retrieve(forKey: \"K\", synchronously: true) returned before any read of the disk: one retrieve "
                             + "reads the disk once, on the caller's thread, and answers what it read (a value kept anywhere else can be stale "
                             + "or another cache's)",
                             ko: "retrieve(forKey: \"K\", synchronously: true)가 디스크를 한 번도 읽기 전에 돌아왔습니다: retrieve 한 번은 "
                             + "호출한 스레드에서 디스크를 한 번 읽고, 읽은 것으로 답해야 합니다 (다른 곳에 둔 값은 오래됐거나 다른 cache의 값일 수 있습니다)")
                world.expect(reads <= 1, "retrieve(forKey: \"K\", synchronously: true) read the disk \(reads) times: one retrieve, one "
                             + "read — on the caller's thread, maybe the main thread, each extra read is the I/O this mode is chosen to keep short",
                             ko: "retrieve(forKey: \"K\", synchronously: true)가 디스크를 \(reads)번 읽었습니다: retrieve 한 번에 읽기 한 번입니다 "
                             + "— 호출한 스레드(메인 스레드일 수도 있습니다)에서 읽기가 하나 늘 때마다, 이 모드가 짧게 하려는 I/O가 늘어납니다")
                lastRead.expectSync(world, ["V2"], CheckMessage("store(\"V2\") was the last store and waitForWrites() had returned",
                                                             ko: "마지막 store는 store(\"V2\")였고 waitForWrites()도 돌아왔습니다"))
            }
            world.join(caller)
            world.ifStuck("a block on ioQueue never ended", ko: "ioQueue의 어떤 블록이 끝나지 않았습니다")
            world.settle()
            for read in [busyRead, missRead, emptyRead, lastRead] + longReads { read.expectNoLateCalls(world) }
            asyncRead.expectAsync(world, "V1", CheckMessage("it was queued on ioQueue after store(\"V1\") and before store(\"V2\"), "
                                  + "and ioQueue runs its blocks in order",
                                  ko: "이 읽기는 store(\"V1\") 뒤, store(\"V2\") 앞에 ioQueue에 들어갔고, ioQueue는 블록을 순서대로 실행합니다"))
            watch.expectWrites(["K": "V2"], stores: 2, after: CheckMessage("store(\"V1\"), store(\"V2\")", ko: "store(\"V1\"), store(\"V2\")"))
        }
        guard run.passed else { return }

        // 1b. Many synchronous reads of one key — 5, and one more than each number your file
        //     writes (a "after N reads, throttle" or "hot keys come from a memo" cut-off) — then a
        //     new store: every read answers before it returns, and the last one sees the new value.
        let repeats = ([5] + SourceFacts.sizesPastCutOffs(in: run.source, within: 5...2_000, limit: 1)).max() ?? 5
        Chapter7Checks.runOnce(run, CheckMessage("\(repeats) synchronous reads of one key, then a store and a read",
                                                 ko: "한 key를 \(repeats)번 동기로 읽은 뒤 store와 읽기"), steps: repeats * 60) { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            // A file an earlier launch left: on disk, never stored through this cache.
            disk.write("V0", name: "Earlier")
            disk.write("V9", name: "Cafe\u{301}")
            disk.write("V8", name: "")
            disk.write(" V ", name: "Spaced")
            disk.write("", name: "Blank")
            disk.write("V7", name: " Padded key ")
            let watch = DiskWatch(ioQueue, disk, world)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                // Files an earlier launch left, each under a key to be read as it was given: its
                // name in NFD (blind round 38 normalised it), the empty key (Kingfisher names a file
                // by the key's hash and reads it on every path; round 40 answered "" with a miss),
                // spaces at both ends (round 40 trimmed them on the synchronous path only).
                let earlierFiles: [(key: String, value: String, note: CheckMessage, reason: CheckMessage)] = [
                    ("Earlier", "V0", CheckMessage("", ko: ""),
                     CheckMessage("the disk holds \"V0\" under \"Earlier\", though this cache never stored it",
                                  ko: "이 cache가 저장한 적은 없지만 디스크의 \"Earlier\"에는 \"V0\"가 있습니다")),
                    ("Cafe\u{301}", "V9", CheckMessage(", its name in NFD: \"Cafe\\u{301}\"", ko: ", 이름은 NFD: \"Cafe\\u{301}\""),
                     CheckMessage("the disk holds \"V9\" under the name \"Cafe\\u{301}\", byte for byte: a key is read as it was given, not normalised",
                                  ko: "디스크에는 \"Cafe\\u{301}\"라는 이름(바이트까지 같음) 아래 \"V9\"가 있습니다: "
                                      + "key는 정규화하지 말고 주어진 그대로 읽어야 합니다")),
                    ("", "V8", CheckMessage(" under the empty key \"\"", ko: ", 빈 key \"\" 아래"),
                     CheckMessage("the disk holds \"V8\" under the empty key \"\": an empty key is read like any other",
                                  ko: "디스크의 빈 key \"\" 아래에 \"V8\"가 있습니다: 빈 key도 다른 key처럼 읽어야 합니다")),
                    (" Padded key ", "V7", CheckMessage(" under \" Padded key \"", ko: ", \" Padded key \" 아래"),
                     CheckMessage("the disk holds \"V7\" under the key \" Padded key \", spaces included: a key is read as it was given, not trimmed",
                                  ko: "디스크에는 \" Padded key \"(앞뒤 공백까지 key입니다) 아래 \"V7\"가 있습니다: "
                                      + "key는 다듬지 말고 주어진 그대로 읽어야 합니다")),
                ]
                for file in earlierFiles {
                    let read = Retrieval(file.key, synchronously: true,
                                         from: CheckMessage(" (a file an earlier launch left", ko: " (앞선 실행이 남긴 파일") + file.note
                                             + CheckMessage(")", ko: ")"))
                    read.run(cache, ioQueue, watch, world)
                    read.expectSync(world, [file.value], file.reason)
                }
                // A value is answered as its bytes are: spaces and an empty value too
                // (an empty value is a hit, not a miss; blind round 40 trimmed and dropped them).
                for (name, value) in [("Spaced", " V "), ("Blank", "")] {
                    let read = Retrieval(name, synchronously: true, from: CheckMessage(" (a file an earlier launch left)", ko: " (앞선 실행이 남긴 파일)"))
                    read.run(cache, ioQueue, watch, world)
                    read.expectSync(world, [value], CheckMessage("the disk holds \(quoted(value)) under \(quoted(name)): a value is answered "
                                                                 + "as its bytes are, spaces and an empty value too",
                                                                 ko: "디스크의 \(quoted(name)) 아래에 \(quoted(value)) 값이 있습니다: 값은 공백과 "
                                                                     + "빈 값까지 바이트 그대로 답해야 합니다"))
                }
                cache.store("V1", forKey: "K")
                cache.waitForWrites()
                for number in 1...repeats {
                    let read = Retrieval("K", synchronously: true, from: CheckMessage(" (read \(number) of \(repeats))", ko: " (\(repeats)번 중 \(number)번째 읽기)"))
                    read.run(cache, ioQueue, watch, world)
                    read.expectSync(world, ["V1"], CheckMessage("store(\"V1\") and waitForWrites() had returned", ko: "store(\"V1\")와 waitForWrites()가 돌아온 뒤입니다"))
                }
                cache.store("V2", forKey: "K")
                cache.waitForWrites()
                let last = Retrieval("K", synchronously: true, from: CheckMessage(" (after \(repeats) reads)", ko: " (\(repeats)번 읽은 뒤)"))
                last.run(cache, ioQueue, watch, world)
                last.expectSync(world, ["V2"], CheckMessage("store(\"V2\") and waitForWrites() had returned: the disk holds V2",
                                                          ko: "store(\"V2\")와 waitForWrites()가 돌아온 뒤입니다: 디스크에는 V2가 있습니다"))
            }
            world.join(caller)
            world.settle()
        }
        guard run.passed else { return }

        // 2. A synchronous read from a block already running on ioQueue (as a store's completion
        //    handler runs there with Kingfisher's default callback queue).
        run.explore(CheckMessage("a synchronous read from a block on ioQueue", ko: "ioQueue의 블록 안에서 동기 읽기")) { world in
            let watch = syncReadFromBlock(E.self, world, drainFirst: false,
                stuck: CheckMessage("retrieve(forKey: \"K\", synchronously: true), called from a block running on ioQueue, never returned: it "
                                    + "waited for ioQueue, which was busy running that very block — a synchronous read runs on the caller's "
                                    + "thread and waits for no queue",
                                    ko: "ioQueue에서 실행 중인 블록 안에서 부른 retrieve(forKey: \"K\", synchronously: true)가 끝내 돌아오지 "
                                    + "않았습니다: 바로 그 블록을 실행하느라 바쁜 ioQueue를 기다렸습니다 — 동기 읽기는 호출한 스레드에서 실행되고 "
                                    + "어떤 큐도 기다리지 않습니다"),
                from: CheckMessage(" from a block on ioQueue", ko: " (ioQueue의 블록에서)"),
                queued: CheckMessage("queues a block on ioQueue that calls retrieve(forKey: \"K\", synchronously: true)",
                                     ko: "retrieve(forKey: \"K\", synchronously: true)를 부르는 블록을 ioQueue에 넣음"),
                because: CheckMessage("the block was queued after store(\"V1\"), whose write ioQueue had done by then",
                                      ko: "이 블록은 store(\"V1\") 뒤에 큐에 들어갔고, 그때 ioQueue는 그 쓰기를 이미 마쳤습니다")) { ioQueue, block in
                ioQueue.async(execute: block, line: 0)
            }
            watch.expectWrites(["K": "V1"], stores: 1, after: CheckMessage("store(\"V1\")", ko: "store(\"V1\")"))
        }
        guard run.passed else { return }

        // 2b. A synchronous read from the main thread (a block on DispatchQueue.main, as a UI
        //     caller makes it): a read that hops to the main queue waits for the block it runs in.
        run.explore(CheckMessage("a synchronous read from the main queue", ko: "메인 큐에서 동기 읽기")) { world in
            _ = syncReadFromBlock(E.self, world, drainFirst: true,
                stuck: CheckMessage("retrieve(forKey: \"K\", synchronously: true), called on the main queue (as a view calls it), never "
                                    + "returned: it waited for a queue busy running its own caller — a synchronous read runs on the "
                                    + "caller's thread and waits for no queue, the main queue included",
                                    ko: "메인 큐에서(view가 부르듯이) 부른 retrieve(forKey: \"K\", synchronously: true)가 끝내 돌아오지 않았습니다: "
                                    + "자기를 부른 블록을 실행하느라 바쁜 큐를 기다렸습니다 — 동기 읽기는 호출한 스레드에서 실행되고 메인 큐를 "
                                    + "포함해 어떤 큐도 기다리지 않습니다"),
                from: CheckMessage(" on the main queue", ko: " (메인 큐에서)"),
                queued: CheckMessage("queues a block on DispatchQueue.main that calls retrieve(forKey: \"K\", synchronously: true)",
                                     ko: "retrieve(forKey: \"K\", synchronously: true)를 부르는 블록을 DispatchQueue.main에 넣음"),
                because: CheckMessage("store(\"V1\") was made and waitForWrites() had returned",
                                      ko: "store(\"V1\")를 했고 waitForWrites()도 돌아왔습니다")) { _, block in
                ControlledQueue.main.async(execute: block, line: 0)
            }
        }
        guard run.passed else { return }

        // 3. Lifetimes: the caller lets go of the cache right after queuing a store and two reads;
        //    the write is still made and each completion still called, once.
        run.explore(CheckMessage("reads queued, then the cache is let go", ko: "읽기를 큐에 넣은 뒤 cache를 놓음")) { world in
            let kept = Guarded<(disk: CountingDisk, queue: WatchedQueue)?>(nil)
            let letGo = CheckMessage(" (the caller let go of the cache right after the call: a queued read must still call back, "
                + "for example not from a [weak self] block that finds the cache gone)",
                ko: " (호출 스레드가 호출 직후 cache를 놓았습니다: 큐에 든 읽기는 그래도 콜백해야 합니다. 예를 들어 cache가 사라진 "
                + "것을 보고 그냥 끝나는 [weak self] 블록에서 부르면 안 됩니다)")
            let found = Retrieval("K", synchronously: false, context: letGo)
            let missing = Retrieval("Missing", synchronously: false, context: letGo)
            let empty = Retrieval("", synchronously: false, context: letGo)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                let cache = E()
                let (ioQueue, disk) = cache.probes
                kept.withLock { $0 = (disk, ioQueue) }
                let watch = DiskWatch(ioQueue, disk, world)
                world.tell(calling("store(\"V1\", forKey: \"K\")"))
                cache.store("V1", forKey: "K")
                found.run(cache, ioQueue, watch, world)
                missing.run(cache, ioQueue, watch, world)
                empty.run(cache, ioQueue, watch, world)
                world.tell(CheckMessage("lets go of the cache", ko: "cache를 놓음"))
            }
            world.join(caller)
            world.settle()
            found.expectAsync(world, "V1", CheckMessage("it was queued after store(\"V1\")", ko: "이 읽기는 store(\"V1\") 뒤에 큐에 들어갔습니다"))
            missing.expectAsync(world, nil, CheckMessage("\"Missing\" was never stored: a miss calls the completion too, with nil",
                                                       ko: "\"Missing\"은 저장한 적이 없습니다: 미스여도 completion을 nil로 불러야 합니다"))
            empty.expectAsync(world, nil, CheckMessage("\"\" was never stored: an empty key is a key, read on ioQueue like any other",
                                                     ko: "\"\"는 저장한 적이 없습니다: 빈 key도 key이므로, 다른 key처럼 ioQueue에서 읽어야 합니다"))
            if let (disk, queue) = kept.withLock({ $0 }) {
                let held = disk.contents(of: "K").map { "\"\($0)\"" }
                world.expect(disk.contents(of: "K") == "V1", "the cache was let go right after store(\"V1\", forKey: \"K\"); the disk "
                             + "holds \(held ?? "nothing") under \"K\": a queued write must still be made",
                             ko: "store(\"V1\", forKey: \"K\") 직후 cache를 놓았고, 디스크의 \"K\"에 든 것: \(held ?? "없음"). 큐에 든 "
                             + "쓰기는 그래도 이뤄져야 합니다")
                world.expect(queue.violations.isEmpty, CheckMessage.joined(queue.violations, separator: "; "))
            }
        }
        guard run.passed else { return }

        // 4. Two caches used in turn by one caller must not see each other (no `static` or
        //    global state): each stores its own value under the same key, then each is read
        //    while its write may still be queued, and again after both writes.
        run.explore(CheckMessage("two caches in turn", ko: "cache 두 개를 차례로")) { world in
            let one = E(), two = E()
            let caches = [(1, one, "A1"), (2, two, "B1")]
            var watches: [DiskWatch] = []
            for (_, cache, _) in caches { watches.append(DiskWatch(cache.probes.ioQueue, cache.probes.disk, world)) }
            let why = CheckMessage(" (each cache reads its own disk: no `static` or global state)",
                                   ko: " (cache마다 자기 디스크를 읽습니다: `static`이나 전역 상태 금지)")
            for (index, cache, value) in caches {
                world.tell(CheckMessage("calls store(\"\(value)\", forKey: \"K\") on cache \(index)",
                                        ko: "store(\"\(value)\", forKey: \"K\") 호출 (cache \(index))"))
                cache.store(value, forKey: "K")
            }
            // Writes still queued (in some schedules neither has run): each cache answers from its
            // own disk, its own value or nothing yet, never the other's (blind round 45: a `static`
            // map of writes still queued, read by every cache's synchronous read).
            for (index, cache, value) in caches {
                let early = Retrieval("K", synchronously: true, from: CheckMessage(" on cache \(index) right after the stores",
                                                                                  ko: " (cache \(index), store 직후)"))
                early.run(cache, cache.probes.ioQueue, watches[index - 1], world)
                early.expectSync(world, [nil, value], CheckMessage("cache \(index) stored only \"\(value)\" under \"K\"",
                                                                  ko: "cache \(index)가 \"K\"에 저장한 값은 \"\(value)\" 하나뿐입니다") + why)
            }
            world.settle()   // both writes made: then each cache is read
            var later: [(Retrieval, String)] = []
            for (index, cache, value) in caches {
                let now = Retrieval("K", synchronously: true, from: CheckMessage(" on cache \(index)", ko: " (cache \(index))"))
                now.run(cache, cache.probes.ioQueue, watches[index - 1], world)
                now.expectSync(world, [value], CheckMessage("cache \(index) stored \"\(value)\" under \"K\", and its write is done",
                                                        ko: "\"K\"에 저장한 값: \"\(value)\" (cache \(index)). 그 쓰기도 끝났습니다") + why)
                let queued = Retrieval("K", synchronously: false, from: CheckMessage(" on cache \(index)", ko: " (cache \(index))"))
                queued.run(cache, cache.probes.ioQueue, watches[index - 1], world)
                later.append((queued, value))
            }
            world.settle()
            for (read, value) in later { read.expectAsync(world, value, CheckMessage("its cache stored \"\(value)\" under \"K\" before",
                                                                                  ko: "이 cache가 앞서 \"K\"에 저장한 값: \"\(value)\"") + why) }
            for (index, _, value) in caches {
                watches[index - 1].expectWrites(["K": value], stores: 1, after: CheckMessage("store(\"\(value)\", forKey: \"K\") on cache \(index)",
                                                                            ko: "store(\"\(value)\", forKey: \"K\") (cache \(index))"))
            }
        }
        guard run.passed else { return }

        // 4b. A read's completion, on ioQueue, stores a new value and reads again asynchronously:
        //     that read is queued behind the store's write, like any other, and calls back after
        //     retrieve returns (blind round 46: a read made on ioQueue ran inline, before the write).
        run.explore(CheckMessage("a store and a read made from a read's completion", ko: "읽기의 completion 안에서 한 store와 읽기")) { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            let watch = DiskWatch(ioQueue, disk, world)
            let outer = Retrieval("K", synchronously: false)
            let inner = Retrieval("K", synchronously: false, from: CheckMessage(" made in the first read's completion, after store(\"V2\", forKey: \"K\")",
                                                                               ko: " (첫 읽기의 completion 안에서 store(\"V2\", forKey: \"K\") 뒤)"))
            outer.insideCompletion = {
                world.tell(calling("store(\"V2\", forKey: \"K\")"))
                cache.store("V2", forKey: "K")
                inner.run(cache, ioQueue, watch, world)
            }
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                world.tell(calling("store(\"V1\", forKey: \"K\")"))
                cache.store("V1", forKey: "K")
                outer.run(cache, ioQueue, watch, world)
            }
            world.join(caller)
            world.settle()
            outer.expectAsync(world, "V1", CheckMessage("it was queued after store(\"V1\")", ko: "이 읽기는 store(\"V1\") 뒤에 큐에 들어갔습니다"))
            inner.expectAsync(world, "V2", CheckMessage("it was queued after store(\"V2\"), from a block on ioQueue: a read made there "
                                                        + "waits behind the writes already queued, like any other",
                                                        ko: "이 읽기는 ioQueue의 블록에서 store(\"V2\") 뒤에 큐에 들어갔습니다: 거기서 한 읽기도 "
                                                        + "다른 읽기처럼 이미 큐에 든 쓰기 뒤에서 기다립니다"))
        }
        guard run.passed else { return }
        slowDiskAndMainThread(E.self, run)
    }
}

/// One `retrieve` call of the check and what its completion saw: each call's value, whether it ran
/// on ioQueue, on the thread that called retrieve, and whether retrieve had returned by then.
// @unchecked Sendable: touched only by the thread holding the explored run's baton.
final class Retrieval: @unchecked Sendable {
    struct Call {
        var value: String?
        var onQueue: Bool
        var onCaller: Bool
        var afterReturn: Bool
    }

    let key: String
    let synchronously: Bool
    /// Where it was called from (" from a block on ioQueue"); what a missing call means here.
    let from: CheckMessage, context: CheckMessage
    private(set) var calls: [Call] = []
    private var returned = false
    private var callsAtReturn = 0
    /// Whether the disk held nothing under `key` when retrieve returned (a miss, as far as it could tell).
    private var missAtReturn = false
    /// What the completion does after it is recorded (another read, as a completion may make).
    var insideCompletion: (@Sendable () -> Void)?

    init(_ key: String, synchronously: Bool, from: CheckMessage = "", context: CheckMessage = "") {
        self.key = key
        self.synchronously = synchronously
        self.from = from
        self.context = context
    }

    var name: CheckMessage {
        CheckMessage("retrieve(forKey: \"\(shortened(key))\", synchronously: \(synchronously))\(from.english)",
                     ko: "retrieve(forKey: \"\(shortened(key))\", synchronously: \(synchronously))\(from.ko)")
    }

    func run<E: SyncReadExercise>(_ cache: E, _ ioQueue: WatchedQueue, _ watch: DiskWatch, _ world: ScheduleWorld) {
        world.tell(CheckMessage("calls \(name.english)", ko: "\(name.ko) 호출"))
        let caller = ThreadIdentity.current
        watch.entering(self, caller: caller)
        cache.retrieve(forKey: key, synchronously: synchronously) { [self] value in
            world.tell(CheckMessage("\(name.english)'s completion gets \(value.map { "\"\($0)\"" } ?? "nil")",
                                    ko: "\(name.ko)의 completion이 받은 값: \(value.map { "\"\($0)\"" } ?? "nil")"))
            calls.append(Call(value: value, onQueue: ioQueue.isCurrent, onCaller: ThreadIdentity.current == caller, afterReturn: returned))
            insideCompletion?()
        }
        returned = true
        callsAtReturn = calls.count
        missAtReturn = cache.probes.disk.contents(of: key) == nil
        watch.left(self)
    }

    private func shown(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }

    /// At return: called once, on the caller's thread, with one of `allowed`.
    func expectSync(_ world: ScheduleWorld, _ allowed: [String?], _ why: CheckMessage) {
        if callsAtReturn == 0 {
            world.fail(calls.isEmpty
                ? CheckMessage("\(name.english) returned without calling its completion: with synchronously the completion runs, once, "
                               + "before retrieve returns\(missAtReturn ? " — a miss too, with nil (the disk held nothing under \"\(key)\")" : "")",
                               ko: "\(name.ko): completion을 부르지 않고 돌아왔습니다. synchronously일 때 completion은 retrieve가 돌아오기 "
                               + "전에 한 번 실행됩니다\(missAtReturn ? " — 미스여도 nil로 실행됩니다 (디스크의 \"\(key)\"에 든 것이 없었습니다)" : "")")
                : CheckMessage("\(name.english) returned before calling its completion (it ran later\(calls[0].onQueue ? ", on ioQueue" : "")): "
                               + "with synchronously the completion runs before retrieve returns",
                               ko: "\(name.ko): completion을 부르기 전에 돌아왔습니다 (completion은 나중에\(calls[0].onQueue ? " ioQueue에서" : "") "
                               + "실행됐습니다). synchronously일 때 completion은 retrieve가 돌아오기 전에 실행됩니다"))
        } else if callsAtReturn > 1 {
            world.fail("\(name.english) called its completion \(callsAtReturn) times before returning: once",
                       ko: "\(name.ko): 돌아오기 전에 completion을 부른 횟수: \(callsAtReturn). 한 번이어야 합니다")
        } else if !calls[0].onCaller {
            world.fail("\(name.english) ran its completion on another thread than its caller's\(calls[0].onQueue ? " (on ioQueue)" : ""): with "
                       + "synchronously the completion runs on the calling thread, whichever thread or queue that is",
                       ko: "\(name.ko): completion이 호출한 스레드가 아닌 다른 스레드에서\(calls[0].onQueue ? "(ioQueue에서)" : "") 실행됐습니다. "
                       + "synchronously일 때 completion은 어느 스레드나 큐에서 불렀든 호출한 그 스레드에서 실행됩니다")
        } else if !allowed.contains(calls[0].value) {
            world.fail("\(name.english) gave \(shown(calls[0].value)) to its completion, not \(allowed.map(shown).joined(separator: " or ")): "
                       + "\(why.english)",
                       ko: "\(name.ko): completion에 넘긴 값: \(shown(calls[0].value)). 넘겨야 할 값: \(allowed.map(shown).joined(separator: " 또는 ")). "
                       + "\(why.ko)")
        }
    }

    /// After the run settled: no second call came later.
    func expectNoLateCalls(_ world: ScheduleWorld) {
        if callsAtReturn == 1, calls.count > 1 {
            world.fail("\(name.english) called its completion before returning, and \(calls.count == 2 ? "once more" : "\(calls.count - 1) more times") "
                       + "later\(calls[1].onQueue ? " on ioQueue" : ""): once, only",
                       ko: "\(name.ko): 돌아오기 전에 completion을 부르고, 나중에\(calls[1].onQueue ? " ioQueue에서" : "") "
                       + "\(calls.count == 2 ? "한 번" : "\(calls.count - 1)번") 더 불렀습니다. 한 번만 불러야 합니다")
        }
    }

    /// After the run settled: called at all.
    func expectCalled(_ world: ScheduleWorld) {
        if calls.isEmpty {
            world.fail("\(name.english) never called its completion\(context.english)",
                       ko: "\(name.ko): completion을 끝내 부르지 않았습니다\(context.ko)")
        }
    }

    /// After the run settled: called once, on ioQueue, with `value`.
    func expectAsync(_ world: ScheduleWorld, _ value: String?, _ why: CheckMessage) {
        if calls.isEmpty {
            world.fail("\(name.english) never called its completion\(context.english)\(value == nil ? ": a miss calls the completion too, with nil" : "")",
                       ko: "\(name.ko): completion을 끝내 부르지 않았습니다\(context.ko)\(value == nil ? ": 미스여도 completion을 nil로 불러야 합니다" : "")")
        } else if calls.count > 1 {
            world.fail("\(name.english) called its completion \(calls.count) times: once",
                       ko: "\(name.ko): completion을 부른 횟수: \(calls.count). 한 번이어야 합니다")
        } else if !calls[0].onQueue {
            world.fail("\(name.english) ran its completion off ioQueue\(calls[0].afterReturn ? "" : ", before retrieve returned"): the "
                       + "asynchronous read calls back from ioQueue",
                       ko: "\(name.ko): completion이 ioQueue 밖에서\(calls[0].afterReturn ? "" : ", retrieve가 돌아오기도 전에") 실행됐습니다. "
                       + "비동기 읽기는 ioQueue에서 콜백합니다")
        } else if !calls[0].afterReturn {
            world.fail("\(name.english) ran its completion before retrieve returned (with \(shown(calls[0].value))): the asynchronous read "
                       + "is queued on ioQueue and calls back from its own block later, also when retrieve is called on ioQueue",
                       ko: "\(name.ko): retrieve가 돌아오기 전에 completion이 실행됐습니다 (값: \(shown(calls[0].value))). 비동기 읽기는 "
                       + "ioQueue에 들어가 나중에 자기 블록에서 콜백합니다. ioQueue에서 retrieve를 불러도 마찬가지입니다")
        } else if calls[0].value != value {
            world.fail("\(name.english) gave \(shown(calls[0].value)) to its completion, not \(shown(value)): \(why.english)",
                       ko: "\(name.ko): completion에 넘긴 값: \(shown(calls[0].value)). 넘겨야 할 값: \(shown(value)). \(why.ko)")
        }
    }
}

/// The disk as the check watches it: each read and write is a scheduling point told in the story;
/// a read is checked for where it runs (the asynchronous one on ioQueue, the synchronous one on
/// its caller's thread); one queued read can be held until the check lets it go.
// @unchecked Sendable: touched only by the thread holding the explored run's baton.
final class DiskWatch: @unchecked Sendable {
    private let ioQueue: WatchedQueue
    private let disk: CountingDisk
    private let world: ScheduleWorld
    /// The retrieve call running now on some thread, with its caller's identity.
    private var current: (read: Retrieval, caller: UInt)?
    private var hold: ControlledSemaphore?
    /// On a virtual clock: how long each write takes (a slow disk), in seconds.
    var writeTakes: Double?
    /// Disk writes so far (a store writes once).
    private var writes = 0

    init(_ ioQueue: WatchedQueue, _ disk: CountingDisk, _ world: ScheduleWorld) {
        self.ioQueue = ioQueue
        self.disk = disk
        self.world = world
        disk.watchWrites { [self] name in
            writes += 1
            if !ioQueue.isCurrent {
                world.fail("a store's write to \"\(name)\" ran off ioQueue: writes belong on ioQueue",
                           ko: "store의 \"\(name)\" 쓰기가 ioQueue 밖에서 실행됐습니다: 쓰기는 ioQueue에서 해야 합니다")
            }
            world.step(CheckMessage("writes \"\(name)\"", ko: "\"\(name)\" 씀"))
            if let seconds = writeTakes { ControlledThread.sleep(forTimeInterval: seconds, line: 0) }
        }
        disk.watchReads { [self] name in read(name) }
    }

    /// The first read made on ioQueue waits until `gate` is signalled.
    func holdFirstQueuedRead(until gate: ControlledSemaphore) { hold = gate }

    func entering(_ read: Retrieval, caller: UInt) { current = (read, caller) }
    func left(_ read: Retrieval) { if current?.read === read { current = nil } }

    private func read(_ name: String) {
        let onQueue = ioQueue.isCurrent
        if !onQueue {
            if let (read, caller) = current, read.synchronously {
                if ThreadIdentity.current != caller {
                    world.fail("\(read.name.english) read the disk on another thread than its caller's: a synchronous read runs on "
                               + "the calling thread and waits for no queue",
                               ko: "\(read.name.ko): 호출한 스레드가 아닌 다른 스레드에서 디스크를 읽었습니다. 동기 읽기는 호출한 스레드에서 "
                               + "실행되고 어떤 큐도 기다리지 않습니다")
                }
            } else if let (read, caller) = current, ThreadIdentity.current == caller {
                world.fail("\(read.name.english) read the disk on the caller's thread before returning: the asynchronous read "
                           + "runs on ioQueue, so the caller never waits for the disk",
                           ko: "\(read.name.ko): 돌아오기 전에 호출한 스레드에서 디스크를 읽었습니다. 비동기 읽기는 ioQueue에서 실행되므로 "
                           + "호출한 쪽은 디스크를 기다리지 않습니다")
            } else {
                world.fail("a cache's disk was read for \"\(name)\" off that cache's ioQueue, while no retrieve(synchronously: true) of "
                           + "that cache was running on the reading thread (a retrieve of another cache, or none at all): each cache reads "
                           + "its own disk — the asynchronous read on its ioQueue, the synchronous one on its caller's thread, before it returns",
                           ko: "어떤 캐시의 디스크에서 \"\(name)\" key를 그 캐시의 ioQueue 밖에서 읽었는데, 읽은 스레드에서는 그 캐시의 "
                           + "retrieve(synchronously: true)가 실행 중이 아니었습니다 (다른 캐시의 retrieve가 실행 중이었거나, 아무것도 실행 중이 아니었습니다): "
                           + "각 캐시는 자기 디스크를 읽어야 합니다 — 비동기 읽기는 자기 ioQueue에서, 동기 읽기는 돌아오기 전에 호출한 스레드에서 읽습니다")
            }
        }
        world.step(CheckMessage("reads \"\(name)\"", ko: "\"\(name)\" 읽음"))
        if onQueue, let gate = hold {
            hold = nil
            world.tell(CheckMessage("(the check holds this read until its caller has gone on)",
                                    ko: "(확인이 이 읽기를 호출 스레드가 다음으로 넘어갈 때까지 붙잡아 둠)"))
            gate.wait(line: 0)   // the check's own wait: no line of the learner's to name
        }
    }

    /// After the run: what the disk holds, and nothing done off ioQueue that the queue saw.
    func expectWrites(_ contents: [String: String], stores: Int, after what: CheckMessage) {
        if writes != stores {
            world.fail("\(what.english) made \(writes) disk write\(writes == 1 ? "" : "s"): each store writes once",
                       ko: "\(what.ko): 디스크 쓰기 횟수: \(writes). store마다 한 번씩 써야 합니다")
        }
        for (name, value) in contents where disk.contents(of: name) != value {
            let held = disk.contents(of: name).map { "\"\($0)\"" }
            world.fail("after \(what.english), the disk holds \(held ?? "nothing") under \"\(name)\", "
                       + "not \"\(value)\": each store writes once, on ioQueue, in the order of the stores",
                       ko: "\(what.ko) 뒤, 디스크의 \"\(name)\"에 든 것: \(held ?? "없음"). 들어 있어야 할 값: \"\(value)\". store마다 "
                       + "ioQueue에서, store한 순서대로 한 번씩 써야 합니다")
        }
        world.expect(ioQueue.violations.isEmpty, CheckMessage.joined(ioQueue.violations, separator: "; "))
    }
}

/// The story's "calls …" for a call written as code, the same in both languages.
extension Chapter8Checks {
    /// Scenarios 2 and 2b: after store("V1") (and, with `drainFirst`, waitForWrites()), a block
    /// put on another queue by `enqueue` — the check's own call, so no line of the learner's is
    /// named — calls retrieve(forKey: "K", synchronously: true). It must call back with "V1", once,
    /// before it returns, waiting for no queue (`stuck` says what a wait there means).
    fileprivate static func syncReadFromBlock<E: SyncReadExercise>(
        _: E.Type, _ world: ScheduleWorld, drainFirst: Bool, stuck: CheckMessage, from: CheckMessage,
        queued: CheckMessage, because: CheckMessage,
        enqueue: (WatchedQueue, @escaping @Sendable () -> Void) -> Void
    ) -> DiskWatch {
        let cache = E()
        let (ioQueue, disk) = cache.probes
        let watch = DiskWatch(ioQueue, disk, world)
        world.tell(calling("store(\"V1\", forKey: \"K\")"))
        cache.store("V1", forKey: "K")
        if drainFirst { cache.waitForWrites() }
        world.ifStuck(stuck)
        let read = Retrieval("K", synchronously: true, from: from)
        world.tell(queued)
        enqueue(ioQueue) {
            read.run(cache, ioQueue, watch, world)
            read.expectSync(world, ["V1"], because)
        }
        world.settle()
        read.expectCalled(world)
        read.expectNoLateCalls(world)
        return watch
    }
}

func calling(_ code: String) -> CheckMessage { CheckMessage("calls \(code)", ko: "\(code) 호출") }

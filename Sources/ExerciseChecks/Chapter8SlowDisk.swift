// 08-sync-read-anywhere, scenarios 5 and 6: a disk slow enough that any time limit runs out (on a
// virtual clock, so "slow" is exact and free), and reads made on the app's main thread, one of
// them from inside another's completion. A synchronous read is one read on the caller's thread
// however busy ioQueue is, whichever thread the caller is, and whatever its completion does.

import ExerciseKit
import WorkbookSupport

extension Chapter8Checks {
    static func slowDiskAndMainThread<E: SyncReadExercise>(_: E.Type, _ run: CheckRun) {
        // 5. Each write takes ten minutes of virtual time: a synchronous read made while a write is
        //    queued must still be one read, made and answered before retrieve returns.
        var slow = ScheduleOptions()
        slow.virtualTime = true
        run.explore(CheckMessage("a slow disk: each write takes 10 minutes", ko: "느린 디스크: 쓰기마다 10분"), slow) { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            let watch = DiskWatch(ioQueue, disk, world)
            watch.writeTakes = 600
            let read = Retrieval("K", synchronously: true)
            let caller = world.spawn(CheckMessage("the caller", ko: "호출 스레드")) {
                world.tell(calling("store(\"V1\", forKey: \"K\")"))
                cache.store("V1", forKey: "K")
                world.ifStuck("retrieve(forKey: \"K\", synchronously: true) did not return while ioQueue was busy with a slow write: "
                              + "a synchronous read runs on the caller's thread and waits for no queue",
                              ko: "ioQueue가 느린 쓰기로 바쁜 동안 retrieve(forKey: \"K\", synchronously: true)가 돌아오지 않았습니다: "
                              + "동기 읽기는 호출한 스레드에서 실행되고 어떤 큐도 기다리지 않습니다")
                // On the virtual clock running code takes no time: any time a synchronous read takes
                // is time it waited (a timed wait for ioQueue, a lock the slow write holds, a sleep).
                let calledAt = world.now
                read.run(cache, ioQueue, watch, world)
                let waited = world.now - calledAt
                world.expect(waited == 0, "retrieve(forKey: \"K\", synchronously: true), called while ioQueue was busy with a slow write, "
                             + "returned \(ScheduleWorld.text(seconds: waited)) of virtual time later: it waited — for ioQueue, a lock the "
                             + "write holds, or a timer — where a synchronous read waits for nothing and reads at once on the caller's thread",
                             ko: "ioQueue가 느린 쓰기로 바쁠 때 부른 retrieve(forKey: \"K\", synchronously: true)가 가상 시간으로 "
                                 + "\(ScheduleWorld.text(seconds: waited)) 뒤에 돌아왔습니다: ioQueue나 쓰기가 잡은 lock, 또는 timer를 "
                                 + "기다린 것입니다. 동기 읽기는 아무것도 기다리지 않고 호출한 스레드에서 곧바로 읽습니다")
                read.expectSync(world, [nil, "V1"], CheckMessage("only \"V1\" was ever stored under \"K\", and its write may still be going on",
                                                                ko: "\"K\"에 저장한 값은 \"V1\"뿐이고, 그 쓰기는 아직 진행 중일 수 있습니다"))
            }
            world.join(caller)
            world.settle()
            read.expectNoLateCalls(world)
            let reads = disk.reads
            world.expect(reads == 1, "with a slow disk (each write takes 10 minutes), one retrieve(forKey: \"K\", synchronously: true) "
                         + "read the disk \(reads) times by the time every queued block had run: one retrieve, one read, however "
                         + "busy ioQueue is",
                         ko: "느린 디스크에서(쓰기마다 10분) retrieve(forKey: \"K\", synchronously: true) 한 번이, 큐에 든 블록이 모두 "
                         + "끝날 때까지 디스크를 \(reads)번 읽었습니다: ioQueue가 얼마나 바쁘든 retrieve 한 번에 읽기 한 번입니다")
            watch.expectWrites(["K": "V1"], stores: 1, after: CheckMessage("store(\"V1\")", ko: "store(\"V1\")"))
        }
        guard run.passed else { return }

        // 6. The app's main thread reads synchronously, and the first read's completion reads again
        //    (a fallback image): each answers before it returns, the inner one inside the outer.
        run.explore(CheckMessage("reads on the main thread, one from inside another's completion",
                                 ko: "메인 스레드에서 읽기, 그중 하나는 다른 읽기의 completion 안에서")) { world in
            let cache = E()
            let (ioQueue, disk) = cache.probes
            let watch = DiskWatch(ioQueue, disk, world)
            let onMain = CheckMessage(" on the main thread", ko: " (메인 스레드에서)")
            let outer = Retrieval("K", synchronously: true, from: onMain)
            let inner = Retrieval("Missing", synchronously: true, from: CheckMessage(" inside the completion of the read of \"K\"",
                                                                                    ko: " (\"K\" 읽기의 completion 안에서)"))
            let queued = Retrieval("K", synchronously: false, from: onMain)
            outer.insideCompletion = {
                world.ifStuck("retrieve(forKey: \"Missing\", synchronously: true), called inside the completion of a synchronous read, never "
                              + "returned: a synchronous read waits for nothing the read around it holds",
                              ko: "동기 읽기의 completion 안에서 부른 retrieve(forKey: \"Missing\", synchronously: true)가 끝내 돌아오지 "
                              + "않았습니다: 동기 읽기는 바깥 읽기가 잡고 있는 어떤 것도 기다리지 않습니다")
                inner.run(cache, ioQueue, watch, world)
                inner.expectSync(world, [nil], CheckMessage("\"Missing\" was never stored", ko: "\"Missing\"은 저장한 적이 없습니다"))
            }
            let main = world.spawn(CheckMessage("the main thread", ko: "메인 스레드"), asMainThread: true) {
                world.tell(calling("store(\"V1\", forKey: \"K\")"))
                cache.store("V1", forKey: "K")
                world.tell(calling("waitForWrites()"))
                cache.waitForWrites()
                world.ifStuck("retrieve(forKey: \"K\", synchronously: true), called on the main thread, never returned: a synchronous "
                              + "read runs on the caller's thread and waits for no queue, the main queue included",
                              ko: "메인 스레드에서 부른 retrieve(forKey: \"K\", synchronously: true)가 끝내 돌아오지 않았습니다: 동기 읽기는 "
                              + "호출한 스레드에서 실행되고 메인 큐를 포함해 어떤 큐도 기다리지 않습니다")
                outer.run(cache, ioQueue, watch, world)
                outer.expectSync(world, ["V1"], CheckMessage("store(\"V1\") was made and waitForWrites() had returned",
                                                            ko: "store(\"V1\")를 했고 waitForWrites()도 돌아왔습니다"))
                world.ifStuck("retrieve(forKey: \"K\", synchronously: false), called on the main thread, did not return: it hands the "
                              + "read to ioQueue and returns at once",
                              ko: "메인 스레드에서 부른 retrieve(forKey: \"K\", synchronously: false)가 돌아오지 않았습니다: 읽기를 ioQueue에 "
                              + "넘기고 곧바로 돌아와야 합니다")
                queued.run(cache, ioQueue, watch, world)
            }
            world.join(main)
            world.settle()
            for read in [outer, inner] {
                read.expectCalled(world)
                read.expectNoLateCalls(world)
            }
            queued.expectAsync(world, "V1", CheckMessage("it was queued after store(\"V1\")", ko: "이 읽기는 store(\"V1\") 뒤에 큐에 들어갔습니다"))
            let reads = disk.reads
            world.expect(reads == 3, "three retrieves (two synchronous, one queued) read the disk \(reads) times: one read each",
                         ko: "retrieve 세 번(동기 두 번, 큐에 넣은 것 한 번)이 디스크를 \(reads)번 읽었습니다: 한 번에 한 번씩 읽어야 합니다")
        }
    }
}

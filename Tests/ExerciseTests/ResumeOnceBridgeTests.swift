// 10-resume-once's reference solution through a real CheckedContinuation. The check counts resumes
// with a wrapper (a second resume of the real one traps); here the async API itself is awaited.

import Dispatch
import ExerciseChecks
import ExerciseSolutions
import Foundation
import Testing

@Suite("10-resume-once through a real CheckedContinuation")
struct ResumeOnceBridgeTests {
    struct Unreadable: Error, Equatable {}

    @Test("the data comes back")
    func data() async throws {
        let data = try await LoadBridge.data(forKey: "k", timeout: 5) { _, completion in completion(.success(Data("image".utf8))) }
        #expect(data == Data("image".utf8))
    }

    @Test("the loader's error is thrown as it is")
    func error() async {
        await #expect(throws: Unreadable.self) {
            try await LoadBridge.data(forKey: "k", timeout: 5) { _, completion in completion(.failure(Unreadable())) }
        }
    }

    @Test("a loader that never calls back ends in BridgeError.timedOut, and a late callback is ignored")
    func timeout() async {
        await #expect(throws: BridgeError.timedOut) {
            try await LoadBridge.data(forKey: "k", timeout: 0.05) { _, _ in }
        }
        // The late callback is awaited, not waited for: a blocking `DispatchSemaphore.wait` in an
        // async function is an error on Apple platforms (Apple's Dispatch marks it `noasync`).
        let (lateCallbacks, lateCallback) = AsyncStream<Void>.makeStream()
        await #expect(throws: BridgeError.timedOut) {
            try await LoadBridge.data(forKey: "k", timeout: 0.05) { _, completion in
                Dispatch.DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                    completion(.success(Data()))   // a second resume here would trap the test process
                    lateCallback.yield()
                    lateCallback.finish()
                }
            }
        }
        #expect(await Self.arrives(lateCallbacks, withinSeconds: 5))
    }

    /// Whether `stream` yields within the bound (the bound only keeps a broken build from hanging).
    private static func arrives(_ stream: AsyncStream<Void>, withinSeconds seconds: Int) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { for await _ in stream { return true }; return false }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}

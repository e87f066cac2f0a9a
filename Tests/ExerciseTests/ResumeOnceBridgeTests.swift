// 10-resume-once's reference solution through a real CheckedContinuation. The check counts resumes
// with a wrapper (a second resume of the real one traps); here the async API itself is awaited.

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
        let late = DispatchSemaphore(value: 0)
        await #expect(throws: BridgeError.timedOut) {
            try await LoadBridge.data(forKey: "k", timeout: 0.05) { _, completion in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                    completion(.success(Data()))   // a second resume here would trap the test process
                    late.signal()
                }
            }
        }
        #expect(late.wait(timeout: .now() + 5) == .success)
    }
}

// State every instance shares (issue 26, class 6). The schedule explorer watches each instance's
// own stored properties; a `static var` or a global `var` is one piece of memory for all of them,
// and the exercise's lock or queue belongs to one instance, so it guards none of it: two instances
// used at once race on it, and one can apply what the other wrote (blind round 40: a static "last
// cost" written under each instance's own lock passed 03-apply-limits). A property wrapper cannot
// go on a `nonisolated(unsafe) static var` (Swift 6 rejects it), so the explorer cannot watch one;
// the check reads the learner's source instead. No exercise needs shared state: each one's
// contract is about one instance.

import ExerciseKit

enum SharedStateRule {
    /// Fails `run` when the learner's file declares a variable no instance owns.
    /// - Parameters:
    ///   - owner: the exercise's type, as the learner knows it (`ApplyLimits`).
    ///   - run: the check's run; its `source` is the learner's file.
    static func check(_ owner: String, _ run: CheckRun) {
        guard let source = run.source, let shared = SourceFacts.sharedVariables(in: source).first else { return }
        let name = shared.name, line = shared.line
        if shared.isGlobal {
            run.fail("line \(line) declares `\(name)` at the top of the file: one variable that every \(owner) shares. No instance's "
                     + "own lock or queue guards it, so two instances used at once race on it, and each can see what the other wrote. "
                     + "Keep the state in the instance, in a stored property its lock or queue guards",
                     ko: "\(line)번째 줄은 파일 맨 위에 `\(name)` 변수를 선언합니다: 모든 \(owner) 인스턴스가 함께 쓰는 변수 하나입니다. "
                         + "인스턴스마다 가진 lock이나 큐로는 지켜지지 않으므로, 두 인스턴스를 동시에 쓰면 데이터 레이스가 나고 "
                         + "한 인스턴스가 다른 인스턴스가 쓴 값을 보게 됩니다. 상태는 인스턴스 안에, 그 lock이나 큐가 지키는 저장 프로퍼티로 두세요")
        } else {
            run.fail("line \(line) declares `\(name)` as a static variable: one variable that every \(owner) shares. No instance's "
                     + "own lock or queue guards it, so two instances used at once race on it, and each can see what the other wrote. "
                     + "Keep the state in the instance, in a stored property its lock or queue guards",
                     ko: "\(line)번째 줄은 `\(name)` 변수를 static으로 선언합니다: 모든 \(owner) 인스턴스가 함께 쓰는 변수 하나입니다. "
                         + "인스턴스마다 가진 lock이나 큐로는 지켜지지 않으므로, 두 인스턴스를 동시에 쓰면 데이터 레이스가 나고 "
                         + "한 인스턴스가 다른 인스턴스가 쓴 값을 보게 됩니다. 상태는 인스턴스 안에, 그 lock이나 큐가 지키는 저장 프로퍼티로 두세요")
        }
    }
}

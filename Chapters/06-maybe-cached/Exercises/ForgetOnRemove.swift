// EXERCISE 06-forget-on-remove — forget a name when its own file is removed.
//
// Kingfisher's set only grows: after `remove(forKey:)` it still says "maybe". Make this index
// forget a name on `removed(_:)`, and forget everything (an empty set, not nil) on `removedAll()`,
// so the shortcut also answers misses for what this cache removed itself.
// Read: Chapters/06-maybe-cached/README.md (part 1), Sources/KFDCache/DiskStorageBackend.swift.
// Check: swift run workbook check 06-forget-on-remove      Hint: swift run workbook hint 06-forget-on-remove

import Dispatch
import ExerciseKit

// @unchecked Sendable: `names` is only touched on `queue`.
public final class ForgetOnRemove: ForgetOnRemoveExercise, @unchecked Sendable {
    private let queue = DispatchQueue(label: "exercise.ForgetOnRemove")
    private var names: Set<String>?

    public init(knownNames: Set<String>?) { names = knownNames }

    public func stored(_ name: String) { queue.sync { _ = names?.insert(name) } }

    public func removed(_ name: String) {
    }

    public func removedAll() {
    }

    public func mightContain(_ name: String) -> Bool { queue.sync { names?.contains(name) ?? true } }
}

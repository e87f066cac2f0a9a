// NEAR-MISS: (written blind) removed("Photo") also forgets every name that starts with it ("Photo-A", "Photo@2x"): false misses for other files
// EXERCISE 06-forget-on-remove — forget a name when its own file is removed.
//
// Kingfisher's set only grows: after `remove(forKey:)` it still says "maybe". Make this index
// forget a name on `removed(_:)`, and forget everything (an empty set, not nil) on `removedAll()`,
// so the shortcut also answers misses for what this cache removed itself. Every access to `names`
// happens on `queue`, from whichever thread calls.
// Read: Chapters/06-maybe-cached/README.md (part 1), Sources/KFDCache/DiskStorageBackend.swift.
// Check: swift run workbook check 06-forget-on-remove      Hint: swift run workbook hint 06-forget-on-remove

import Dispatch
import ExerciseChecks

// @unchecked Sendable: `names` is only touched on `queue`.
public final class ForgetOnRemove: @unchecked Sendable {
    // DO NOT EDIT (the check watches these; a WatchedQueue is a serial DispatchQueue: sync, async)
    private let queue = WatchedQueue(label: "exercise.ForgetOnRemove")
    private var names: Set<String>? { didSet { queue.requireCurrent("names was changed off queue") } }
    // END DO NOT EDIT

    public init(knownNames: Set<String>?) { names = knownNames }

    public func stored(_ name: String) { queue.sync { _ = names?.insert(name) } }

    public func removed(_ name: String) {
        queue.sync { names = names?.filter { !$0.hasPrefix(name) } }
    }

    public func removedAll() {
        queue.sync { names = [] }
    }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension ForgetOnRemove: ForgetOnRemoveExercise {
    public func mightContain(_ name: String) -> Bool { queue.sync { names?.contains(name) ?? true } }
    public var queueProbe: WatchedQueue { queue }
}

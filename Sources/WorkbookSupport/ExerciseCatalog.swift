// The exercises: one small stub file each, under its chapter's Exercises/ folder. The checks live
// in Tests/ExerciseTests (one suite per exercise, named `suite`); reference solutions in
// Tests/ExerciseSolutions, apart from the stubs.

public struct ExerciseInfo: Sendable, Equatable {
    public let name: String
    public let chapter: Int
    public let title: String
    /// The one file the learner edits, relative to the package root.
    public let stub: String
    public let hints: [String]

    /// The test suite that checks it, e.g. "Ex04ReconcileKeys".
    public var suite: String {
        let words = name.split(separator: "-").dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return "Ex" + name.prefix(2) + words.joined()
    }
}

public enum ExerciseCatalog {
    public static let exercises: [ExerciseInfo] = [
        ExerciseInfo(name: "01-namespace-enum", chapter: 1, title: "Turn a struct with an init into a namespace enum",
                     stub: "Chapters/01-namespace-enums/Exercises/NamespaceEnum.swift", hints: [
                        "A namespace is `public enum Name { … }` with no cases at all.",
                        "Keep `Config` and `Backend` nested inside; remove the init — an enum without cases cannot have one.",
                     ]),
        ExerciseInfo(name: "01-cache-key", chapter: 1, title: "A namespace for computed cache keys",
                     stub: "Chapters/01-namespace-enums/Exercises/CacheKey.swift", hints: [
                        "Kingfisher's computed key is the key itself when the processor identifier is empty, else key + \"@\" + identifier.",
                        "Make `CacheKeys` a caseless enum; its function becomes `static`.",
                     ]),
        ExerciseInfo(name: "02-data-digest", chapter: 2, title: "Add kfd.sha256 and kfd.isPNG to Data",
                     stub: "Chapters/02-kfd-wrapper/Exercises/DataDigest.swift", hints: [
                        "Inside `extension KFDWrapper where Base == Data`, the data is `base`.",
                        "KFDCache has `SHA256.hexDigest(of: [UInt8])`; a PNG starts with the 8 bytes 89 50 4E 47 0D 0A 1A 0A.",
                     ]),
        ExerciseInfo(name: "02-class-wrapper", chapter: 2, title: "A settable kfd helper on a class",
                     stub: "Chapters/02-kfd-wrapper/Exercises/ClassWrapper.swift", hints: [
                        "The setter receives `newValue`; store it through `base` — a class, so the write reaches the view.",
                        "Read chapter 2's part 4: why this works for a class and not for a struct.",
                     ]),
        ExerciseInfo(name: "03-atomic-update", chapter: 3, title: "Make read-modify-write one critical section",
                     stub: "Chapters/03-config-queue/Exercises/AtomicUpdate.swift", hints: [
                        "Reading `settings` and writing it back are two trips through the queue; another thread can run in between.",
                        "Run the whole body on the queue: `propertyQueue.sync { body(&_settings) }`.",
                     ]),
        ExerciseInfo(name: "03-apply-limits", chapter: 3, title: "Setting config must update NSCache's limits",
                     stub: "Chapters/03-config-queue/Exercises/ApplyLimits.swift", hints: [
                        "The new config is stored, but `storage.totalCostLimit` and `countLimit` never hear of it.",
                        "Apply both limits in the setter, under the same lock that stores `_config`.",
                     ]),
        ExerciseInfo(name: "04-one-critical-section", chapter: 4, title: "Remove from the cache and from keys in one step",
                     stub: "Chapters/04-issue-1233/Exercises/OneCriticalSection.swift", hints: [
                        "Between the two locked sections another thread can store the same key again.",
                        "Take the lock once, around removeObject, pause() and keys.remove.",
                     ]),
        ExerciseInfo(name: "04-reconcile-keys", chapter: 4, title: "Reconcile keys in removeExpired (PR #1255)",
                     stub: "Chapters/04-issue-1233/Exercises/ReconcileKeys.swift", hints: [
                        "NSCache evicts without telling anyone: `storage.object(forKey:)` returns nil for those keys.",
                        "In the loop, a key with no object should be removed from `keys` before `continue`.",
                     ]),
        ExerciseInfo(name: "05-file-attribute-date", chapter: 5, title: "Write fileAttributeDate (ceil to a whole second)",
                     stub: "Chapters/05-ceil-dates/Exercises/FileAttributeDate.swift", hints: [
                        "Work on `date.timeIntervalSince1970` and build a new Date from it.",
                        "Round *up*: `ceil(_:)`. A date that is already whole must not move.",
                     ]),
        ExerciseInfo(name: "05-cache-time", chapter: 5, title: "Extend an expiration so the lifetime survives reads",
                     stub: "Chapters/05-ceil-dates/Exercises/CacheTime.swift", hints: [
                        "For .cacheTime the original lifetime is `expiration − lastAccess`; restart it from now.",
                        "Write both new dates rounded up (`fileAttributeDate`), and return nil for .none.",
                     ]),
        ExerciseInfo(name: "06-shortcut", chapter: 6, title: "Answer a miss without touching the disk",
                     stub: "Chapters/06-maybe-cached/Exercises/Shortcut.swift", hints: [
                        "`knownNames == nil` means the set could not be built: ask the disk.",
                        "A name not in the set is certainly not cached: return false without calling fileExists.",
                     ]),
        ExerciseInfo(name: "06-forget-on-remove", chapter: 6, title: "Forget a name when its file is removed",
                     stub: "Chapters/06-maybe-cached/Exercises/ForgetOnRemove.swift", hints: [
                        "`removed(_:)` should take the name out of the set, on the same queue as every other access.",
                        "`removedAll()` leaves an empty set — not nil: an empty folder is known to hold nothing.",
                     ]),
        ExerciseInfo(name: "07-async-journal", chapter: 7, title: "Move slow I/O from a lock to a serial queue",
                     stub: "Chapters/07-lock-vs-queue/Exercises/AsyncJournal.swift", hints: [
                        "`append` should hand the line to a serial queue with `async` and return at once.",
                        "`flush()` waits for everything queued so far: `queue.sync {}`. Order is kept by the queue.",
                     ]),
        ExerciseInfo(name: "07-one-queue", chapter: 7, title: "serialize → write → callback as one unit",
                     stub: "Chapters/07-lock-vs-queue/Exercises/OneQueue.swift", hints: [
                        "Serializing outside the queue lets a later store overtake an earlier one.",
                        "Put all three steps in one `ioQueue.async { … }` block.",
                     ]),
    ]

    /// The exercise named `name`, or the exercises of chapter `name` ("4", "04").
    public static func select(_ name: String) -> [ExerciseInfo]? {
        if let exact = exercises.first(where: { $0.name == name.lowercased() }) { return [exact] }
        if let chapter = Catalog.chapter(named: name) {
            return exercises.filter { $0.chapter == chapter.number }
        }
        return nil
    }
}

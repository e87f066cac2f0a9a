// What each exercise must provide. The learner's stub (module `Exercises`, in the chapter's
// Exercises/ folder) and the reference solution (module `ExerciseSolutions`) both conform; the one
// shared check in Tests/ExerciseTests runs against either. Read the protocol of your exercise:
// it is the contract the tests hold you to.

import Foundation
import KFDCache

// MARK: Chapter 1

public protocol NamespaceEnumExercise {
    /// The namespace type: must be an enum with no cases.
    associatedtype Namespace
    /// A config made through the namespace (proves `Config` is nested and works).
    static func makeConfig(limit: Int) -> (limit: Int, typeName: String)
}

public protocol CacheKeyExercise {
    associatedtype Namespace
    static func computedKey(_ key: String, processorIdentifier: String) -> String
}

// MARK: Chapter 2

public protocol DataDigestExercise {
    static func sha256(of data: Data) -> String
    static func isPNG(_ data: Data) -> Bool
}

public protocol ClassWrapperExercise {
    associatedtype View: AnyObject
    static func makeView() -> View
    static func setCacheKey(_ key: String?, on view: View)
    static func storedKey(of view: View) -> String?
}

// MARK: Chapter 3

/// Two counters a settings holder keeps.
public struct Counters: Sendable, Equatable {
    public var hits = 0
    public var misses = 0
    public init() {}
}

public protocol AtomicUpdateExercise: AnyObject, Sendable {
    init()
    var settings: Counters { get }
    func update(_ body: (inout Counters) -> Void)
}

public struct Limits: Sendable, Equatable {
    public var totalCostLimit: Int
    public var countLimit: Int
    public init(totalCostLimit: Int, countLimit: Int) {
        self.totalCostLimit = totalCostLimit
        self.countLimit = countLimit
    }
}

public protocol ApplyLimitsExercise: AnyObject, Sendable {
    init(limits: Limits)
    var limits: Limits { get set }
    /// What the underlying NSCache is really limited to.
    var appliedLimits: Limits { get }
}

// MARK: Chapter 4

public protocol OneCriticalSectionExercise: AnyObject, Sendable {
    init()
    func store(_ value: Int, forKey key: String)
    /// Removes `key`; calls `pause` after the value is gone and before the key is.
    func remove(forKey key: String, pause: () -> Void)
    var keys: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
}

public protocol ReconcileKeysExercise: AnyObject, Sendable {
    init(countLimit: Int)
    func store(_ value: Int, forKey key: String, expiresAt: Date)
    func removeExpired(at date: Date)
    var keys: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
}

// MARK: Chapter 5

public protocol FileAttributeDateExercise {
    static func fileAttributeDate(_ date: Date) -> Date
}

public protocol CacheTimeExercise {
    /// The new (last access, expiration) after a hit at `now`, or nil when nothing changes.
    static func extended(lastAccess: Date, expiration: Date, now: Date,
                         extending: ExpirationExtending) -> (lastAccess: Date, expiration: Date)?
}

// MARK: Chapter 6

public protocol ShortcutExercise {
    static func isCached(name: String, knownNames: Set<String>?, fileExists: (String) -> Bool) -> Bool
}

public protocol ForgetOnRemoveExercise: AnyObject, Sendable {
    init(knownNames: Set<String>?)
    func stored(_ name: String)
    func removed(_ name: String)
    func removedAll()
    /// false: certainly not cached; true: maybe.
    func mightContain(_ name: String) -> Bool
}

// MARK: Chapter 7

public protocol AsyncJournalExercise: AnyObject, Sendable {
    init(writer: @escaping @Sendable (String) -> Void)
    func append(_ line: String)
    /// Returns when every line appended so far has been written.
    func flush()
}

public protocol OneQueueExercise: AnyObject, Sendable {
    init()
    func store(_ value: String, serializer: @escaping @Sendable (String) -> String, done: @escaping @Sendable () -> Void)
    /// The file's content and the callbacks' order, once the queue is idle.
    var state: (file: String, callbacks: [String]) { get }
}

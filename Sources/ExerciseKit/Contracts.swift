// What each exercise must provide. The learner's file (in the chapter's Exercises/ folder), the
// reference solution and each near-miss (in Tests/Exercises/<id>/) all conform; the one check in
// Sources/ExerciseChecks runs against any of them. Read the protocol of your exercise: it is the
// contract the check holds you to. The conformance itself sits in the file's DO NOT EDIT block.

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
    /// The property queue, watched: `_settings` reports changes made off it.
    var propertyQueueProbe: WatchedQueue { get }
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
    /// The stored limits and NSCache's, read in one critical section.
    var snapshot: (stored: Limits, applied: Limits) { get }
    var probes: (lock: WatchedLock, storage: WatchedCache<NSString>) { get }
}

// MARK: Chapter 4

public protocol OneCriticalSectionExercise: AnyObject, Sendable {
    init()
    func store(_ value: Int, forKey key: String)
    /// Removes `key`; calls `pause` after the value is gone and before the key is.
    func remove(forKey key: String, pause: () -> Void)
    var keys: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
    var probes: (lock: WatchedLock, storage: WatchedCache<NSNumber>) { get }
}

/// A value with its expiration, as 04-reconcile-keys stores it.
public final class ExpiringItem: Sendable {
    public let value: Int
    public let expiresAt: Date
    public init(_ value: Int, _ expiresAt: Date) { self.value = value; self.expiresAt = expiresAt }
}

public protocol ReconcileKeysExercise: AnyObject, Sendable {
    init()
    func store(_ value: Int, forKey key: String, expiresAt: Date)
    func removeExpired(at date: Date)
    var keys: Set<String> { get }
    func isInStorage(_ key: String) -> Bool
    var probes: (lock: WatchedLock, storage: WatchedCache<ExpiringItem>) { get }
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
    /// The set's queue, watched: `names` reports changes made off it.
    var queueProbe: WatchedQueue { get }
}

// MARK: Chapter 7

public protocol AsyncJournalExercise: AnyObject, Sendable {
    init(writer: @escaping @Sendable (String) -> Void)
    func append(_ line: String)
    /// Returns when every line appended so far has been written.
    func flush()
    /// The journal's serial queue, watched: the check asks whether the writer runs on it.
    var queueProbe: WatchedQueue { get }
}

public protocol OneQueueExercise: AnyObject, Sendable {
    init()
    func store(_ value: String, serializer: @escaping @Sendable (String) -> String, done: @escaping @Sendable () -> Void)
    /// The file's content and the callbacks' order, once the queue is idle.
    var state: (file: String, callbacks: [String]) { get }
    /// `ioQueue`, watched: the check asks where each step runs.
    var ioQueueProbe: WatchedQueue { get }
}

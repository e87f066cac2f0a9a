import Foundation
import Synchronization

/// An `NSCache<NSString, Value>` the check can watch. Use it as the NSCache it wraps: the same
/// `object(forKey:)`, `setObject(_:forKey:)`, `removeObject(forKey:)`, limits.
///
/// The check can be told of every call, on the calling thread (`watch`), and can play NSCache's
/// own eviction (`evict`) — which it never waits for: Apple's NSCache evicts when it likes, or
/// never, and corelibs' only inside `setObject`.
// @unchecked Sendable: `cache` is an NSCache, documented thread-safe; `observer` is Guarded (an NSLock).
public final class WatchedCache<Value: AnyObject>: @unchecked Sendable {
    /// A call made on the cache.
    public enum Event: Sendable, Equatable {
        case lookup(String), set(String, cost: Int), remove(String), removeAll, limits
    }

    private let cache = NSCache<NSString, Value>()
    private let observer = Guarded<(@Sendable (Event) -> Void)?>(nil)

    public init() {}

    public func object(forKey key: NSString) -> Value? {
        notify(.lookup(key as String))
        return cache.object(forKey: key)
    }

    public func setObject(_ object: Value, forKey key: NSString) {
        notify(.set(key as String, cost: 0))
        cache.setObject(object, forKey: key)
    }

    public func setObject(_ object: Value, forKey key: NSString, cost: Int) {
        notify(.set(key as String, cost: cost))
        cache.setObject(object, forKey: key, cost: cost)
    }

    public func removeObject(forKey key: NSString) {
        notify(.remove(key as String))
        cache.removeObject(forKey: key)
    }

    public func removeAllObjects() {
        notify(.removeAll)
        cache.removeAllObjects()
    }

    public var countLimit: Int {
        get { cache.countLimit }
        set { notify(.limits); cache.countLimit = newValue }
    }

    public var totalCostLimit: Int {
        get { cache.totalCostLimit }
        set { notify(.limits); cache.totalCostLimit = newValue }
    }

    // MARK: For the check

    /// Calls `body` with every later call on the cache, on the calling thread, before the call runs.
    public func watch(_ body: (@Sendable (Event) -> Void)?) { observer.withLock { $0 = body } }

    /// The keys named by the calls `body` makes on the cache, in order, as `pick` reads them from
    /// each call (nil: a call not counted). The watcher is off again when this returns. Checks
    /// compare these names with the learner's keys by their bytes.
    public func keys(namedBy pick: @escaping @Sendable (Event) -> String?, during body: () -> Void) -> [String] {
        let named = Guarded<[String]>([])
        watch { event in if let key = pick(event) { named.withLock { $0.append(key) } } }
        body()
        watch(nil)
        return named.withLock { $0 }
    }

    /// Plays NSCache's own eviction of `key`: the object goes, nobody is told, no lock is taken.
    public func evict(forKey key: String) { cache.removeObject(forKey: key as NSString) }

    /// Whether the cache holds `key`, without telling the watcher.
    public func contains(_ key: String) -> Bool { cache.object(forKey: key as NSString) != nil }

    private func notify(_ event: Event) {
        if let thread = Execution.controlling {
            thread.execution.point(thread, Pending(label: CheckMessage("storage: ", ko: "storage: ") + event.story, enabled: { true }))
        }
        let body = observer.withLock { $0 }
        body?(event)
    }
}

extension WatchedCache.Event {
    /// How the story of an explored schedule tells it.
    var story: CheckMessage {
        switch self {
        case .lookup(let key): return CheckMessage("looks up \"\(key)\"", ko: "\"\(key)\" 조회")
        case .set(let key, _): return CheckMessage("sets \"\(key)\"", ko: "\"\(key)\" 저장")
        case .remove(let key): return CheckMessage("removes \"\(key)\"", ko: "\"\(key)\" 삭제")
        case .removeAll: return CheckMessage("removes everything", ko: "모두 삭제")
        case .limits: return CheckMessage("sets its limits", ko: "limit 설정")
        }
    }
}

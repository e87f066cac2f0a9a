// The moments Kingfisher's ImageCache listens for — memory warning, entering the background,
// terminating — as explicit hooks, wired to the platform's notifications where they exist.
// Linux has no UIApplication: a server or tool calls the hooks itself (say, on SIGTERM).

import Foundation

extension HybridCache {
    /// The system is short of memory: drop the memory layer (Kingfisher: `clearMemoryCache`).
    public func handleMemoryWarning() {
        clearMemoryCache()
    }

    /// The app is going to the background: drop the memory values not stored with
    /// `keepWhenEnteringBackground`, then clean expired values (Kingfisher runs the disk clean in
    /// a background task there).
    public func handleEnteringBackground(completion: (@Sendable () -> Void)? = nil) {
        memoryStorage.removeValuesNotKeptInBackground()
        cleanExpiredCache(completion: completion)
    }

    /// The app is terminating: clean expired values.
    public func handleTerminating(completion: (@Sendable () -> Void)? = nil) {
        cleanExpiredCache(completion: completion)
    }
}

enum Lifecycle {
    /// The platform's notification for each moment, by its string name — the same values as
    /// `UIApplication.didReceiveMemoryWarningNotification` and friends, without importing UIKit
    /// (whose main-actor annotations differ between SDKs).
    static var names: (memoryWarning: String?, background: String?, terminate: String?) {
        #if os(iOS) || os(tvOS) || os(visionOS)
        return ("UIApplicationDidReceiveMemoryWarningNotification", "UIApplicationDidEnterBackgroundNotification",
                "UIApplicationWillTerminateNotification")
        #elseif os(macOS)
        return (nil, nil, "NSApplicationWillTerminateNotification")   // macOS apps get no memory warnings
        #else
        return (nil, nil, nil)   // Linux: call the hooks yourself
        #endif
    }

    /// Subscribes `cache`'s hooks to the platform's notifications; returns the observers.
    static func observe<Value>(_ cache: HybridCache<Value>) -> [any NSObjectProtocol] {
        let center = NotificationCenter.default
        var observers: [any NSObjectProtocol] = []
        func on(_ name: String?, _ hook: @escaping @Sendable (HybridCache<Value>) -> Void) {
            guard let name else { return }
            observers.append(center.addObserver(forName: Notification.Name(name), object: nil, queue: nil) { [weak cache] _ in
                if let cache { hook(cache) }
            })
        }
        on(names.memoryWarning) { $0.handleMemoryWarning() }
        on(names.background) { $0.handleEnteringBackground() }
        on(names.terminate) { $0.handleTerminating() }
        return observers
    }
}

// The moments Kingfisher's ImageCache listens for — memory warning, entering the background,
// terminating — as explicit hooks, wired to the platform's notifications where they exist.
// Linux has no UIApplication: a server or tool calls the hooks itself (say, on SIGTERM).

import Foundation
#if canImport(UIKit)
import UIKit
#endif

extension HybridCache {
    /// The system is short of memory: drop the memory layer (Kingfisher: `clearMemoryCache`).
    public func handleMemoryWarning() {
        clearMemoryCache()
    }

    /// The app is going to the background: clean expired values (Kingfisher runs the disk clean
    /// in a background task there).
    public func handleEnteringBackground(completion: (@Sendable () -> Void)? = nil) {
        cleanExpiredCache(completion: completion)
    }

    /// The app is terminating: clean expired values.
    public func handleTerminating(completion: (@Sendable () -> Void)? = nil) {
        cleanExpiredCache(completion: completion)
    }
}

enum Lifecycle {
    /// Subscribes `cache`'s hooks to the platform's notifications; returns the observers.
    static func observe<Value>(_ cache: HybridCache<Value>) -> [any NSObjectProtocol] {
        #if canImport(UIKit) && !os(watchOS)
        let center = NotificationCenter.default
        return [
            center.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil) {
                [weak cache] _ in cache?.handleMemoryWarning()
            },
            center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) {
                [weak cache] _ in cache?.handleEnteringBackground()
            },
            center.addObserver(forName: UIApplication.willTerminateNotification, object: nil, queue: nil) {
                [weak cache] _ in cache?.handleTerminating()
            },
        ]
        #else
        // macOS (no memory warnings for apps) and Linux: call the hooks yourself.
        return []
        #endif
    }
}

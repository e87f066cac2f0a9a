// The config holders chapter 3 compares. Each holds a `Settings` value of four numbers that a
// writer always sets to the same n, so a reader that sees two different numbers saw a torn value.

import Dispatch
import Foundation
import Synchronization

public struct Settings: Sendable, Equatable {
    public var a = 0, b = 0, c = 0, d = 0
    public init(_ n: Int = 0) { a = n; b = n; c = n; d = n }
    public var isTorn: Bool { !(a == b && b == c && c == d) }
}

/// No guard at all: what `config` would be without `_config` and the queue.
// @unchecked Sendable: deliberately unguarded — the data race is the demonstration (child process only).
public final class UnguardedBox: @unchecked Sendable {
    public var settings = Settings()
    public init() {}
}

/// A computed property that reads itself: the reason a stored `_config` must exist.
public final class SelfReadingBox: Sendable {
    public init() {}
    /// The getter calls `read()`, which reads `settings` again: unbounded recursion. (Written as
    /// `get { settings }` the compiler warns; through a method it compiles silently — which is why
    /// this mistake reaches run time.)
    public var settings: Settings { read() }
    private func read() -> Settings {
        var value = settings
        // Work *after* the recursive call keeps it from being a tail call. Without it, `-O` turns
        // the recursion into a loop and a release build hangs instead of overflowing the stack.
        Self.keep(&value)
        return value
    }
    @inline(never) @_optimize(none) private static func keep(_ value: inout Settings) { value.a &+= 0 }
}

/// Kingfisher's pattern: a stored `_settings`, reached only through `propertyQueue`.
// @unchecked Sendable: `_settings` is read and written only inside `propertyQueue.sync`.
public final class QueueBox: @unchecked Sendable {
    private let propertyQueue = DispatchQueue(label: "chapter3.QueueBox.propertyQueue")
    private var _settings = Settings()
    public init() {}

    public var settings: Settings {
        get { propertyQueue.sync { _settings } }
        set { propertyQueue.sync { _settings = newValue } }
    }

    /// Read-modify-write as one critical section: the fix for `box.settings.a += 1`.
    public func update(_ body: (inout Settings) -> Void) {
        propertyQueue.sync { body(&_settings) }
    }
}

/// The same guard with `Synchronization.Mutex`: no `@unchecked`, the compiler checks it.
public final class MutexBox: Sendable {
    private let state = Mutex(Settings())
    public init() {}
    public var settings: Settings { state.withLock { $0 } }
    public func update(_ body: (inout Settings) -> Void) { state.withLock { body(&$0) } }
}

/// The same guard as an actor: callers `await`, and a method body is the critical section.
public actor ActorBox {
    private var settings = Settings()
    public init() {}
    public func update(_ body: @Sendable (inout Settings) -> Void) { body(&settings) }
    public var current: Settings { settings }
}

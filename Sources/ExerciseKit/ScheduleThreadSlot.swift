// Per-thread slots kept with pthread keys: which logical thread of an explored schedule the calling
// real thread plays, and a serial number for every real thread that is never handed out twice
// (`pthread_self()` values are reused after a thread exits: never compare those).

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ThreadSlot {
    /// The key for the logical thread a real thread plays (an unretained pointer: the execution keeps it alive).
    private static let logicalKey: pthread_key_t = makeKey()
    /// The key for the thread's serial number (stored as the pointer's bit pattern).
    private static let serialKey: pthread_key_t = makeKey()
    private static let nextSerial = Guarded<UInt>(0)

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }

    /// The logical thread the calling thread plays, if it runs under an explored schedule.
    static var logical: ScheduledThread? {
        guard let raw = pthread_getspecific(logicalKey) else { return nil }
        return Unmanaged<ScheduledThread>.fromOpaque(raw).takeUnretainedValue()
    }

    /// A number never handed out before.
    static func freshSerial() -> UInt { nextSerial.withLock { $0 += 1; return $0 } }

    static func setLogical(_ thread: ScheduledThread) {
        pthread_setspecific(logicalKey, Unmanaged.passUnretained(thread).toOpaque())
    }

    /// The calling thread plays no logical thread any more (a pooled thread between jobs).
    static func clearLogical() { pthread_setspecific(logicalKey, nil) }

    /// A number for the calling thread, unique for the life of the process (1, 2, …); a logical
    /// thread's own while the caller plays one.
    static var serial: UInt {
        if let logical { return logical.identity }
        if let raw = pthread_getspecific(serialKey) { return UInt(bitPattern: Int(bitPattern: raw)) }
        let number = freshSerial()
        pthread_setspecific(serialKey, UnsafeRawPointer(bitPattern: number))
        return number
    }
}

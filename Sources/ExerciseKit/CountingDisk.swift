import Synchronization

/// A stand-in for a cache's disk, kept in memory: named values, written and read. The check can
/// count the reads and be told of each one on the reading thread (to ask where it ran).
public final class CountingDisk: Sendable {
    /// Files by the bytes of their names, as a disk keeps them (Kingfisher names a file by a
    /// hash of its key's bytes): a name in NFD and its NFC spelling are two files.
    private let files = Guarded<[[UInt8]: String]>([:])
    private let readCount = Atomic<Int>(0)
    private let writeCount = Atomic<Int>(0)
    private let writeObserver = Guarded<(@Sendable (String) -> Void)?>(nil)
    private let observer = Guarded<(@Sendable (String) -> Void)?>(nil)

    public init() {}

    public func write(_ value: String, name: String) {
        writeCount.add(1, ordering: .relaxed)
        let body = writeObserver.withLock { $0 }
        body?(name)
        files.withLock { $0[Array(name.utf8)] = value }
    }

    public func read(_ name: String) -> String? {
        readCount.add(1, ordering: .relaxed)
        let body = observer.withLock { $0 }
        body?(name)
        return files.withLock { $0[Array(name.utf8)] }
    }

    // MARK: For the check

    public var reads: Int { readCount.load(ordering: .relaxed) }
    public var writes: Int { writeCount.load(ordering: .relaxed) }
    /// What is stored under `name`, without counting a read.
    public func contents(of name: String) -> String? { files.withLock { $0[Array(name.utf8)] } }
    /// Calls `body` on the writing thread at every later write.
    public func watchWrites(_ body: (@Sendable (String) -> Void)?) { writeObserver.withLock { $0 = body } }
    /// Calls `body` on the reading thread at every later read.
    public func watchReads(_ body: (@Sendable (String) -> Void)?) { observer.withLock { $0 = body } }
}

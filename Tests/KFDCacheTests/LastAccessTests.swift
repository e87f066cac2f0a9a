import Foundation
import Testing
@testable import KFDCache
import WorkbookSupport

/// Both places "last access" can live, run on every platform. Where a strategy cannot work (Linux
/// cannot set a file's creation date), the test pins that it does not, rather than skipping.
@Suite("DiskStorage.LastAccessAttribute")
struct LastAccessTests {
    /// A whole second in the past, far from "now", so a date the kernel set itself stands out.
    let past = Date(timeIntervalSinceNow: -200_000).fileAttributeDate

    /// Whether this platform can write the attribute: the access time everywhere; the creation
    /// date only on Apple's file systems (on Linux `setAttributes([.creationDate:])` is a no-op and
    /// Foundation reads ctime back).
    static func canWrite(_ attribute: DiskStorage.LastAccessAttribute) -> Bool {
        attribute == .contentAccessDate || Platform.isMac
    }

    @Test("the platform default is one this platform can write")
    func defaultIsWritable() {
        #expect(Self.canWrite(.platformDefault))
        #expect(DiskStorage.Config(name: "x", sizeLimit: 0).lastAccessAttribute == .platformDefault)
    }

    @Test("a store writes last access where configured (or, for creationDate on Linux, cannot)",
          arguments: [DiskStorage.LastAccessAttribute.contentAccessDate, .creationDate])
    func storeWritesLastAccess(attribute: DiskStorage.LastAccessAttribute) throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let clock = ManualClock(past)
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock) { $0.lastAccessAttribute = attribute }
        try backend.store(value: Data("x".utf8), forKey: "a", expiration: .seconds(100))
        let meta = try fileMeta(backend, "a")
        #expect(meta.estimatedExpirationDate == past.addingTimeInterval(100))
        if Self.canWrite(attribute) {
            #expect(meta.lastAccessDate == past)
        } else {
            #expect(meta.lastAccessDate != past, "Linux cannot set a creation date; Foundation reads ctime (now) back")
        }
    }

    @Test("a hit with .cacheTime moves last access and keeps the lifetime (where writable)",
          arguments: [DiskStorage.LastAccessAttribute.contentAccessDate, .creationDate])
    func hitExtends(attribute: DiskStorage.LastAccessAttribute) throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let clock = ManualClock(past)
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock) { $0.lastAccessAttribute = attribute }
        try backend.store(value: Data("x".utf8), forKey: "a", expiration: .seconds(100))
        clock.advance(30)
        _ = try backend.value(forKey: "a", extendingExpiration: .cacheTime)
        let meta = try fileMeta(backend, "a")
        if Self.canWrite(attribute) {
            #expect(meta.lastAccessDate == past.addingTimeInterval(30))
            #expect(meta.estimatedExpirationDate == past.addingTimeInterval(130))
        } else {
            // The straight port on Linux: last access reads as ctime, so the lifetime is not 100 s.
            let lifetime = (meta.estimatedExpirationDate ?? past).timeIntervalSince(meta.lastAccessDate ?? past)
            #expect(lifetime != 100)
        }
    }

    @Test("reading a value does not let the kernel move last access (contentAccessDate)")
    func readKeepsAccessTime() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let clock = ManualClock(past)
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, clock: clock) { $0.lastAccessAttribute = .contentAccessDate }
        try backend.store(value: Data("x".utf8), forKey: "a", expiration: .seconds(100))
        // A read that does not extend: only the kernel could move atime now. On Linux the storage
        // reads with O_NOATIME; elsewhere (macOS has no O_NOATIME) a plain read must not either:
        // the stored atime is a day old and in the past of mtime, so relatime-like policies
        // (APFS's default included) could update it. The assertion says which happened.
        _ = try backend.value(forKey: "a", extendingExpiration: .none)
        let meta = try fileMeta(backend, "a")
        if Platform.isMac {
            // Not settled without a Mac to run on: macOS has no O_NOATIME, and whether APFS moves
            // atime on this read depends on the volume's atime policy. Either outcome is recorded,
            // neither fails the run; the Mac's default (.creationDate) is not affected by reads.
            withKnownIssue("APFS may move the access time on a read (no O_NOATIME on macOS)", isIntermittent: true) {
                #expect(meta.lastAccessDate == past)
            }
        } else {
            #expect(meta.lastAccessDate == past, "the read moved the access time: O_NOATIME was not used")
        }
    }
}

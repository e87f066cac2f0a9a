import Foundation
import Testing
@testable import KFDCache
import WorkbookSupport

@Suite("DiskStorage.Backend: bad input and faults")
struct DiskFaultTests {

    static let hostileKeys = ["../x", "a/b", "/etc/x", "..", ".", "", "nul\u{0}byte",
                              String(repeating: "k", count: 300), "../../kfd-escape", ".hidden"]

    @Test("keys used as file names are stored inside the folder or rejected; nothing escapes")
    func hostileKeys() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder) { $0.usesHashedFileName = false }
        try backend.store(value: Data("keep".utf8), forKey: "keep")
        let cacheFolderName = backend.directoryURL.lastPathComponent

        for key in Self.hostileKeys {
            do {
                try backend.store(value: Data("x".utf8), forKey: key)
                Issue.record("stored a key that is not a plain file name: \(key.debugDescription)")
            } catch let CacheError.invalidKey(rejected, reason) {
                #expect(rejected == key)
                #expect(!reason.isEmpty)
            }
            #expect(throws: CacheError.self) { try backend.remove(forKey: key) }
            #expect(throws: CacheError.self) { _ = try backend.value(forKey: key) }
            #expect(!backend.isCached(forKey: key))
            let url = backend.cacheFileURL(forKey: key).standardizedFileURL
            #expect(url.deletingLastPathComponent() == backend.directoryURL.standardizedFileURL)
        }
        // The folder and the kept value survive every remove; nothing was written anywhere else.
        #expect(try backend.value(forKey: "keep") == Data("keep".utf8))
        #expect(folder.allRelativePaths() == [cacheFolderName, "\(cacheFolderName)/keep"])
        #expect(!FileManager.default.fileExists(atPath: "/etc/x"))
    }

    @Test("a hostile extension is rejected too")
    func hostileExtension() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        #expect(throws: CacheError.self) {
            try backend.store(value: Data([1]), forKey: "a", forcedExtension: "x/../../../escape")
        }
        #expect(folder.allRelativePaths() == [backend.directoryURL.lastPathComponent])
    }

    @Test("unusual but valid keys work with unhashed names", arguments: ["with space", "ünïcødé", "a:b", "x.png@2x", "-dash"])
    func unusualKeys(key: String) throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder) { $0.usesHashedFileName = false }
        try backend.store(value: Data(key.utf8), forKey: key)
        #expect(try backend.value(forKey: key) == Data(key.utf8))
    }

    @Test("the folder deleted while in use is made again by the next store", arguments: [
        Data.WritingOptions(), .atomic,
    ])
    func folderDeletedWhileInUse(options: Data.WritingOptions) throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data([1]), forKey: "before")
        try FileManager.default.removeItem(at: backend.directoryURL)
        #expect(try backend.value(forKey: "before") == nil)
        try backend.store(value: Data([2]), forKey: "after", writeOptions: options)
        #expect(try backend.value(forKey: "after") == Data([2]))
    }

    @Test("a folder that cannot be created: init throws, a no-throw backend answers with storageNotReady")
    func directoryCannotBeCreated() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let blocker = folder.url.appendingPathComponent("a-regular-file")
        try Data("x".utf8).write(to: blocker)
        let config = DiskStorage.Config(name: "x", sizeLimit: 0, directory: blocker.appendingPathComponent("below"))

        #expect {
            _ = try DiskStorage.Backend<Data>(config: config)
        } throws: { error in
            guard case CacheError.cannotCreateDirectory(let path, _) = error else { return false }
            return path.hasPrefix(blocker.path)
        }

        let backend = DiskStorage.Backend<Data>(noThrowConfig: config, creatingDirectory: true)
        func isNotReady(_ error: any Error) -> Bool {
            if case CacheError.storageNotReady = error { return true } else { return false }
        }
        #expect(performing: { try backend.store(value: Data([1]), forKey: "k") }, throws: isNotReady)
        #expect(performing: { _ = try backend.value(forKey: "k") }, throws: isNotReady)
        #expect(performing: { try backend.remove(forKey: "k") }, throws: isNotReady)
        #expect(performing: { try backend.removeAll() }, throws: isNotReady)
        #expect(performing: { _ = try backend.totalSize() }, throws: isNotReady)
        #expect(performing: { _ = try backend.removeExpiredValues() }, throws: isNotReady)
        #expect(performing: { _ = try backend.removeSizeExceededValues() }, throws: isNotReady)
        #expect(!backend.isCached(forKey: "k"))
        #expect(CacheError.storageNotReady(directory: backend.directoryURL).description.contains("not ready"))
    }

    @Test("an undecodable file: value throws, other keys still work")
    func undecodableFile() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<StrictText> = try makeDiskStorage(folder)
        try backend.store(value: StrictText(text: "good"), forKey: "good")
        try backend.store(value: StrictText(text: "soon bad"), forKey: "bad")
        // Corrupt the bytes but keep the dates, so the file is still "valid" by its metadata.
        let meta = try fileMeta(backend, "bad")
        try Data([0xff, 0x00, 0x13]).write(to: meta.url)
        try DiskStorage.FileDates.write(lastAccess: try #require(meta.lastAccessDate),
                                        expiration: try #require(meta.estimatedExpirationDate), to: meta.url,
                                        attribute: backend.config.lastAccessAttribute, fileManager: .default)
        #expect {
            _ = try backend.value(forKey: "bad", extendingExpiration: .none)
        } throws: { error in
            guard case CacheError.cannotConvertFromData(let key, _, _) = error else { return false }
            return key == "bad"
        }
        #expect(try backend.value(forKey: "good") == StrictText(text: "good"))
    }

    @Test("maybeCached: a file removed behind the cache's back is a miss, not an error")
    func falsePositiveIsHandled() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try backend.store(value: Data([1]), forKey: "a")
        try FileManager.default.removeItem(at: backend.cacheFileURL(forKey: "a"))
        let name = backend.cacheFileURL(forKey: "a").lastPathComponent
        backend.maybeCachedCheckingQueue.sync {}   // the first scan has run
        #expect(backend.shortcut.withLock { $0.names?.contains(name) } == true)
        #expect(!backend.isCached(forKey: "a"))
        #expect(try backend.value(forKey: "a") == nil)
    }

    @Test("maybeCached: files present at setup are found; a file another instance writes later is not (Kingfisher's documented window)")
    func setupAndFalseNegativeWindow() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let first: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        try first.store(value: Data([1]), forKey: "early")
        let second: DiskStorage.Backend<Data> = try makeDiskStorage(folder)
        #expect(second.isCached(forKey: "early"))
        // While its first scan runs, `second` knows nothing and asks the disk (Kingfisher makes
        // the caller wait for the scan instead); the window opens once the scan is done.
        second.maybeCachedCheckingQueue.sync {}
        try first.store(value: Data([2]), forKey: "late")
        #expect(!second.isCached(forKey: "late"))
        #expect(FileManager.default.fileExists(atPath: second.cacheFileURL(forKey: "late").path))
    }

    @Test("many threads: stores, reads, removes and cleans on overlapping keys with a tiny limit")
    func concurrentStress() throws {
        let folder = try TemporaryFolder(); defer { folder.cleanUp() }
        let backend: DiskStorage.Backend<Data> = try makeDiskStorage(folder, sizeLimit: 6 * 512)
        let torn = Tally(), unexpected = Tally()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var generator = SeededGenerator(seed: UInt64(worker) &+ 99)
            for _ in 0..<150 {
                let key = "k\(generator.next() % 8)"
                let fill = UInt8(truncatingIfNeeded: generator.next())
                do {
                    switch generator.next() % 10 {
                    case 0..<4:
                        if let data = try backend.value(forKey: key),
                           data.count != 512 || Set(data).count != 1 { torn.add(1) }
                    case 4..<7: try backend.store(value: Data(repeating: fill, count: 512), forKey: key)
                    case 7: try backend.remove(forKey: key)
                    case 8: _ = try backend.removeSizeExceededValues()
                    default: _ = try backend.removeExpiredValues()
                    }
                } catch {
                    unexpected.add(1)
                }
            }
        }
        #expect(torn.value == 0)
        #expect(unexpected.value == 0)
    }
}

// Chapter 9, part `recreateFails`: the folder vanishes, and making it again fails once. Kingfisher
// 8.11's `store` recreates the folder inside `prepareDirectory`, which sets `storageReady = false`
// when that fails — and nothing ever sets it back: the disk layer is off until the app is launched
// again, though the next attempt to make the folder would have worked. A model of those lines
// (Kingfisher 8.11.0, Sources/Cache/DiskStorage.swift), then our DiskStorage.Backend, each given a
// file manager whose folder creation fails while the test says so.

import Foundation
import KFDCache
import Synchronization
import WorkbookSupport

/// A file manager whose `createDirectory` fails while `failing` is set: a stand-in for a failure
/// that passes (the volume full for a moment, a permission restored later). Kingfisher's
/// `DiskStorage.Config.fileManager` and ours both take one.
// @unchecked Sendable: its only state, `failing`, is an Atomic; the rest is FileManager's own.
final class FlakyFileManager: FileManager, @unchecked Sendable {
    let failing = Atomic<Bool>(false)

    private func check() throws {
        if failing.load(ordering: .acquiring) { throw CocoaError(.fileWriteOutOfSpace) }
    }
    override func createDirectory(atPath path: String, withIntermediateDirectories createIntermediates: Bool,
                                  attributes: [FileAttributeKey: Any]? = nil) throws {
        try check()
        try super.createDirectory(atPath: path, withIntermediateDirectories: createIntermediates, attributes: attributes)
    }
    override func createDirectory(at url: URL, withIntermediateDirectories createIntermediates: Bool,
                                  attributes: [FileAttributeKey: Any]? = nil) throws {
        try check()
        try super.createDirectory(at: url, withIntermediateDirectories: createIntermediates, attributes: attributes)
    }
}

/// The lines of Kingfisher 8.11.0's `DiskStorage.Backend` that decide whether the disk is on.
/// Used from one thread (Kingfisher's `storageReady` is a plain `var`, line 73).
final class KingfisherFolderModel {
    struct NotReady: Error {}
    struct CannotCreateCacheFile: Error { let underlying: any Error }

    let directoryURL: URL
    let fileManager: FileManager
    let writeOptions: Data.WritingOptions
    private(set) var storageReady = true
    /// Whether the last failed write was taken for a vanished folder (`isFolderMissing`).
    private(set) var lastWriteSawFolderMissing = false

    /// 79–83: `try prepareDirectory()` in `init(config:)`.
    init(directoryURL: URL, fileManager: FileManager, writeOptions: Data.WritingOptions) throws {
        self.directoryURL = directoryURL
        self.fileManager = fileManager
        self.writeOptions = writeOptions
        try prepareDirectory()
    }

    /// 128–143: `guard !fileManager.fileExists(atPath: path) else { return }`, then
    /// `createDirectory`, and on failure `self.storageReady = false` (140) before throwing.
    func prepareDirectory() throws {
        guard !fileManager.fileExists(atPath: directoryURL.path) else { return }
        do {
            try fileManager.createDirectory(atPath: directoryURL.path, withIntermediateDirectories: true, attributes: nil)
        } catch {
            storageReady = false
            throw error
        }
    }

    /// 163–165 (`guard storageReady else { throw … diskStorageIsNotReady … }`) and 178–198: the
    /// write, and for a vanished folder `try prepareDirectory()` then the write again.
    func store(_ data: Data, forKey key: String) throws {
        guard storageReady else { throw NotReady() }
        let fileURL = directoryURL.appendingPathComponent(key)
        do {
            try data.write(to: fileURL, options: writeOptions)
        } catch {
            lastWriteSawFolderMissing = Self.isFolderMissing(error)
            guard lastWriteSawFolderMissing else { throw CannotCreateCacheFile(underlying: error) }
            do {
                try prepareDirectory()
                try data.write(to: fileURL, options: writeOptions)
            } catch {
                throw CannotCreateCacheFile(underlying: error)
            }
        }
    }

    /// 256–258: `value` begins with the same guard.
    func value(forKey key: String) throws -> Data? {
        guard storageReady else { throw NotReady() }
        return try? Data(contentsOf: directoryURL.appendingPathComponent(key))
    }

    /// 692–704: Cocoa error 4 with an underlying POSIX error 2 (ENOENT). Kingfisher reads the
    /// underlying error with `as? NSError`, which on Apple platforms bridges any error; corelibs
    /// (Linux) puts a Swift `POSIXError` there, which `as? NSError` does not bridge, so the check
    /// as written is false on Linux (the part measures it: `literalCheck`). The model reads it as
    /// `any Error` and takes the path Kingfisher takes where it ships.
    static func isFolderMissing(_ error: any Error) -> Bool {
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain, nsError.code == 4,
              let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error else { return false }
        let posix = underlying as NSError
        return posix.domain == NSPOSIXErrorDomain && posix.code == 2
    }

    /// The check exactly as 8.11.0 writes it (`as? NSError`).
    static func literalIsFolderMissing(_ error: any Error) -> Bool {
        let nsError = error as NSError
        guard nsError.domain == NSCocoaErrorDomain, nsError.code == 4,
              let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return underlying.domain == NSPOSIXErrorDomain && underlying.code == 2
    }

    /// What Kingfisher's check, as written, says of a write into a missing folder on this platform.
    static func literalCheckOnThisPlatform(scratch: URL) -> Bool {
        let missing = scratch.appendingPathComponent("no-such-folder-\(UUID().uuidString)/file")
        do { try Data([1]).write(to: missing) } catch { return literalIsFolderMissing(error) }
        return false
    }
}

/// What one design did: the store that met the failure, and the stores after it.
struct RecreateRun: Sendable {
    var failingStoreError = ""
    var laterStores = 0, laterStoresSucceeded = 0
    var laterError = ""
    var folderBack = false
    var readBack = false
}

enum RecreateScenario {
    static let laterStores = 10

    static func errorName(_ error: any Error) -> String {
        switch error {
        case is KingfisherFolderModel.NotReady: return "diskStorageIsNotReady"
        case is KingfisherFolderModel.CannotCreateCacheFile: return "cannotCreateCacheFile"
        case CacheError.storageNotReady: return "storageNotReady"
        case CacheError.cannotCreateDirectory: return "cannotCreateDirectory"
        case CacheError.cannotCreateCacheFile: return "cannotCreateCacheFile"
        default: return "\(type(of: error))"
        }
    }

    /// store a; the folder removed; store b while making a folder fails; then `laterStores`
    /// stores with nothing failing any more; then read one back.
    static func run(folder: URL, flaky: FlakyFileManager, store: (String) throws -> Void,
                    read: (String) throws -> Data?) -> RecreateRun {
        var run = RecreateRun(laterStores: laterStores)
        try? store("a")
        try? FileManager.default.removeItem(at: folder)
        flaky.failing.store(true, ordering: .releasing)
        do { try store("b") } catch { run.failingStoreError = errorName(error) }
        flaky.failing.store(false, ordering: .releasing)
        for index in 0..<laterStores {
            do { try store("later-\(index)"); run.laterStoresSucceeded += 1 } catch { run.laterError = errorName(error) }
        }
        run.folderBack = FileManager.default.fileExists(atPath: folder.path)
        run.readBack = ((try? read("later-0")) ?? nil) != nil
        return run
    }

    static func kingfisher(folder: URL) throws -> (RecreateRun, sawFolderMissing: Bool) {
        let flaky = FlakyFileManager()
        let model = try KingfisherFolderModel(directoryURL: folder, fileManager: flaky, writeOptions: [])
        var sawMissing = false
        let run = run(folder: folder, flaky: flaky, store: { key in
            defer { if key == "b" { sawMissing = model.lastWriteSawFolderMissing } }
            try model.store(Data(repeating: 1, count: 64), forKey: key)
        }, read: { try model.value(forKey: $0) })
        return (run, sawMissing)
    }

    static func ours(parent: URL) throws -> RecreateRun {
        let flaky = FlakyFileManager()
        let disk = try DiskStorage.Backend<Data>(config: .init(name: "recreate", sizeLimit: 0, fileManager: flaky, directory: parent))
        return run(folder: disk.directoryURL, flaky: flaky, store: { try disk.store(value: Data(repeating: 1, count: 64), forKey: $0) },
                   read: { try disk.value(forKey: $0) })
    }
}

extension Chapter {

    static func recreateFails(_ lab: Lab, _ root: URL) throws {
        lab.part("recreateFails", "Fault: the folder vanished, and making it again failed once")
        lab.claim("In Kingfisher 8.11.0 a store that finds its folder gone makes it again inside prepareDirectory,\n"
                  + "which sets `storageReady = false` if that fails (Sources/Cache/DiskStorage.swift:140); nothing sets\n"
                  + "it back, so every later store and read throws until the app is launched again.",
                  ko: "Kingfisher 8.11.0에서 폴더가 사라진 것을 본 store는 prepareDirectory 안에서 폴더를 다시 만들고,\n"
                      + "그게 실패하면 `storageReady = false`가 된다 (Sources/Cache/DiskStorage.swift:140). 아무것도 이것을\n"
                      + "되돌리지 않아서, 앱을 다시 띄울 때까지 이후의 store와 read는 모두 throw한다.")
        lab.run("store a; delete the folder; store b while creating a folder fails (a file manager that says\n"
                + "\"out of space\" once: Config.fileManager); then \(RecreateScenario.laterStores) stores with nothing failing, and a read.\n"
                + "No timing window here: each run is deterministic.")
        let (kingfisher, sawMissing) = try RecreateScenario.kingfisher(folder: root.appendingPathComponent("kingfisher"))
        let ours = try RecreateScenario.ours(parent: root.appendingPathComponent("ours"))
        lab.table(["design", "the failing store", "later stores", "then", "folder back"],
                  [("Kingfisher 8.11.0 (model)", kingfisher), ("our DiskStorage.Backend", ours)].map { name, run in
            [name, run.failingStoreError, "\(run.laterStoresSucceeded) of \(run.laterStores) ok", run.laterError.isEmpty ? "–" : run.laterError,
             run.folderBack ? "yes" : "no"]
        })
        for (key, run) in [("kingfisher", kingfisher), ("ours", ours)] {
            lab.record(key, .object(["failingStoreError": .string(run.failingStoreError), "laterStoresSucceeded": .int(run.laterStoresSucceeded),
                                     "laterError": .string(run.laterError), "folderBack": .bool(run.folderBack), "readBack": .bool(run.readBack)]))
        }
        lab.measured("modelSawFolderMissing", sawMissing, "the model took the failed write for a vanished folder")
        let literal = KingfisherFolderModel.literalCheckOnThisPlatform(scratch: root)
        lab.measured("literalCheck", literal, "Kingfisher's isFolderMissing as written, on \(Platform.name)")
        if !literal {
            lab.note("Here the write's underlying error is a Swift POSIXError, which `as? NSError` does not bridge (Apple's\n"
                     + "Foundation does): built on Linux, Kingfisher would never make the folder again at all. The model reads\n"
                     + "the underlying error as `any Error`, to run the path Kingfisher runs on Apple platforms.")
        }
        let oursSame = ours.laterStoresSucceeded == 0
        lab.conclude("Kingfisher's model: after one failed recreate, \(kingfisher.laterStoresSucceeded) of \(kingfisher.laterStores) later stores worked\n"
                     + "(\(kingfisher.laterError.isEmpty ? "no error" : kingfisher.laterError)). "
                     + (oursSame ? "Ours does the same: \(ours.laterStoresSucceeded) of \(ours.laterStores) (\(ours.laterError)) — its\n"
                                   + "prepareDirectory marks the storage not ready too, and store checks readiness before it would\n"
                                   + "try the folder again."
                                 : "Ours: \(ours.laterStoresSucceeded) of \(ours.laterStores) later stores worked."),
                     ko: "Kingfisher 모델: 다시 만들기가 한 번 실패한 뒤, 이후 store \(kingfisher.laterStores)번 중 \(kingfisher.laterStoresSucceeded)번이 됐다\n"
                         + "(\(kingfisher.laterError.isEmpty ? "에러 없음" : kingfisher.laterError)). "
                         + (oursSame ? "우리 것도 같다: \(ours.laterStores)번 중 \(ours.laterStoresSucceeded)번 (\(ours.laterError)) — 우리 prepareDirectory도\n"
                                       + "storage를 not ready로 표시하고, store는 폴더를 다시 시도하기 전에 준비 상태부터 확인한다."
                                     : "우리 것: 이후 store \(ours.laterStores)번 중 \(ours.laterStoresSucceeded)번이 됐다."))
    }
}

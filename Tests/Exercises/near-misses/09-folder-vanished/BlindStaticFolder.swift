// NEAR-MISS: keeps the folder in a static (the last storage made): two storages write into one folder (written blind)

import ExerciseChecks
import Foundation

public final class FolderVanished: Sendable {
    nonisolated(unsafe) static var current: URL?   // guarded by nothing: storages are made on one thread
    // DO NOT EDIT (the check counts the writes through this; it writes as data.write(to:) does)
    private let files = WatchedWrites()
    // END DO NOT EDIT
    private var folder: URL { Self.current ?? URL(fileURLWithPath: "/") }

    public init(folder: URL) { Self.current = folder }

    public func store(_ data: Data, forKey key: String) throws {
        let file = folder.appendingPathComponent(key)
        do {
            try files.write(data, to: file)
        } catch where folderIsMissing {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try files.write(data, to: file)
        }
    }

    /// Whether the folder is gone (nothing at its path). A file where the folder should be is not
    /// "missing": creating the folder cannot help then.
    var folderIsMissing: Bool { !FileManager.default.fileExists(atPath: folder.path) }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FolderVanished: FolderVanishedExercise {
    public var probes: WatchedWrites { files }
}

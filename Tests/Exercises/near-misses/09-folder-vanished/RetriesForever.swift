// NEAR-MISS: retries until the write succeeds: with a file where the folder should be, it never returns.

import ExerciseChecks
import Foundation

public final class FolderVanished: Sendable {
    private let folder: URL
    // DO NOT EDIT (the check counts the writes through this; it writes as data.write(to:) does)
    private let files = WatchedWrites()
    // END DO NOT EDIT

    public init(folder: URL) { self.folder = folder }

    public func store(_ data: Data, forKey key: String) throws {
        let file = folder.appendingPathComponent(key)
        while true {
            do {
                try files.write(data, to: file)
                return
            } catch {
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
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

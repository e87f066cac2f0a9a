// EXERCISE 09-folder-vanished — survive a vanished cache folder, as Kingfisher does.
//
// The system may delete Library/Caches behind a cache's back; learner 002's store then fails
// silently and every value stored after is lost (chapter 9, part 2). When a write fails because
// the folder is missing, create the folder and retry — once. Any other failure (say, a file sits
// where the folder should be) must reach the caller as an error, and never loop; when making the
// folder again or the retry fails, that later error is the one thrown, as it is (Kingfisher
// 8.11.0's `store` reports the error of the step that failed last: DiskStorage.swift, 182–191).
// Write through `files`: it writes as `data.write(to:)` does, and the check counts the writes there.
// Read: Chapters/09-three-caches/README.md, Sources/KFDCache/DiskStorageBackend.swift (`store`).
// Check: swift run workbook check 09-folder-vanished      Hint: swift run workbook hint 09-folder-vanished

import ExerciseChecks
import Foundation

public final class FolderVanished: Sendable {
    private let folder: URL
    // DO NOT EDIT (the check counts the writes through this; it writes as data.write(to:) does)
    private let files = WatchedWrites()
    // END DO NOT EDIT

    public init(folder: URL) { self.folder = folder }

    // TODO: if the folder is missing, create it and retry once; let every other error through.
    public func store(_ data: Data, forKey key: String) throws {
        try files.write(data, to: folder.appendingPathComponent(key))
    }

    /// Whether the folder is gone (nothing at its path). A file where the folder should be is not
    /// "missing": creating the folder cannot help then.
    var folderIsMissing: Bool { !FileManager.default.fileExists(atPath: folder.path) }
}

// DO NOT EDIT below: the check calls through these lines and verifies that they are unchanged.
extension FolderVanished: FolderVanishedExercise {
    public var probes: WatchedWrites { files }
}

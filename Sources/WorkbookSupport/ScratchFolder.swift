// A fresh folder for one run of a chapter or experiment, under the system's temporary directory.

import Foundation

public struct ScratchFolder: Sendable {
    public let url: URL

    /// Creates `<tmp>/kfd-<label>-<uuid>/`.
    public init(_ label: String) throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("kfd-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

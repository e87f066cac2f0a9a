// Compile-time stand-ins for `.ci/darwin-check`: Foundation classes that are Sendable in
// swift-corelibs-foundation (what Linux builds against) but NOT in Apple's SDK.
//
// The check copies the package, adds this module to every target and a `typealias` per target
// that shadows Foundation's class with the stand-in below. Each stand-in is a plain final class,
// so it is not Sendable: every place where an Apple build would say "stored property of
// non-Sendable type" or "capture of non-Sendable type in a @Sendable closure" fails here too,
// with the file and line. The compiler enforces it, not a grep. The bodies are never run.
//
// Which classes, and why (read in 2026-11 from Apple's SDK headers, corelibs and swift-foundation):
//   FileManager  — `@unchecked Sendable` only off Apple platforms (swift-foundation); Apple's
//                  NSFileManager.h has no NS_SWIFT_SENDABLE: a macOS build says "class
//                  'FileManager' does not conform to the 'Sendable' protocol". Kingfisher 8 marks
//                  its DiskStorage.Config `@unchecked Sendable` for this reason.
//   Process      — Sendable in corelibs; NSTask.h carries no NS_SWIFT_SENDABLE, and macOS code
//                  commonly adds `extension Process: @unchecked Sendable {}` to compile.
//   Bundle       — Sendable in corelibs; no NS_SWIFT_SENDABLE found on NSBundle: treated as
//                  non-Sendable to be safe (a false alarm costs one `let`, a miss costs a Mac build).
// Checked and left out, because both sides agree:
//   FileHandle, Pipe, NSLock, NotificationCenter — NS_SWIFT_SENDABLE in Apple's headers too.
//   NSCache, Thread, UserDefaults, RunLoop, Timer — not Sendable in corelibs either, so the
//                  Linux compiler already rejects them.

import Foundation

private func standIn() -> Never { fatalError("darwin-check stand-in: compiled, never run") }

/// Apple's `FileManager`: not Sendable, and `open` (tests subclass it, as Kingfisher's do; the
/// methods they override are `open` here, as in Apple's SDK).
open class FileManager {
    public init() {}
    public static var `default`: FileManager { standIn() }
    public var currentDirectoryPath: String { standIn() }
    public func changeCurrentDirectoryPath(_ path: String) -> Bool { standIn() }
    open func fileExists(atPath path: String) -> Bool { standIn() }
    public func fileExists(atPath path: String, isDirectory: UnsafeMutablePointer<ObjCBool>?) -> Bool { standIn() }
    public func isExecutableFile(atPath path: String) -> Bool { standIn() }
    public func isReadableFile(atPath path: String) -> Bool { standIn() }
    open func createDirectory(at url: URL, withIntermediateDirectories: Bool,
                              attributes: [FileAttributeKey: Any]? = nil) throws { standIn() }
    open func createDirectory(atPath path: String, withIntermediateDirectories: Bool,
                              attributes: [FileAttributeKey: Any]? = nil) throws { standIn() }
    public func createFile(atPath path: String, contents: Data?, attributes: [FileAttributeKey: Any]? = nil) -> Bool { standIn() }
    public func contents(atPath path: String) -> Data? { standIn() }
    open func removeItem(at url: URL) throws { standIn() }
    public func removeItem(atPath path: String) throws { standIn() }
    public func moveItem(at src: URL, to dst: URL) throws { standIn() }
    public func moveItem(atPath src: String, toPath dst: String) throws { standIn() }
    public func copyItem(at src: URL, to dst: URL) throws { standIn() }
    public func copyItem(atPath src: String, toPath dst: String) throws { standIn() }
    public func createSymbolicLink(atPath path: String, withDestinationPath destination: String) throws { standIn() }
    public func createSymbolicLink(at url: URL, withDestinationURL destination: URL) throws { standIn() }
    public func destinationOfSymbolicLink(atPath path: String) throws -> String { standIn() }
    open func contentsOfDirectory(atPath path: String) throws -> [String] { standIn() }
    public func contentsOfDirectory(at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?,
                                    options: Foundation.FileManager.DirectoryEnumerationOptions = []) throws -> [URL] { standIn() }
    public func enumerator(atPath path: String) -> Foundation.FileManager.DirectoryEnumerator? { standIn() }
    public func enumerator(at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?,
                           options mask: Foundation.FileManager.DirectoryEnumerationOptions = [],
                           errorHandler handler: ((URL, any Error) -> Bool)? = nil) -> Foundation.FileManager.DirectoryEnumerator? { standIn() }
    open func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any] { standIn() }
    public func setAttributes(_ attributes: [FileAttributeKey: Any], ofItemAtPath path: String) throws { standIn() }
    public func urls(for directory: Foundation.FileManager.SearchPathDirectory,
                     in domainMask: Foundation.FileManager.SearchPathDomainMask) -> [URL] { standIn() }
    public var temporaryDirectory: URL { standIn() }
    public var homeDirectoryForCurrentUser: URL { standIn() }
}

/// Apple's `Process`: not Sendable.
public final class Process {
    public init() {}
    public var executableURL: URL? { get { standIn() } set { standIn() } }
    public var arguments: [String]? { get { standIn() } set { standIn() } }
    public var environment: [String: String]? { get { standIn() } set { standIn() } }
    public var currentDirectoryURL: URL? { get { standIn() } set { standIn() } }
    public var standardInput: Any? { get { standIn() } set { standIn() } }
    public var standardOutput: Any? { get { standIn() } set { standIn() } }
    public var standardError: Any? { get { standIn() } set { standIn() } }
    public var terminationHandler: (@Sendable (Process) -> Void)? { get { standIn() } set { standIn() } }
    public var processIdentifier: Int32 { standIn() }
    public var isRunning: Bool { standIn() }
    public var terminationStatus: Int32 { standIn() }
    public var terminationReason: Foundation.Process.TerminationReason { standIn() }
    public func run() throws { standIn() }
    public func waitUntilExit() { standIn() }
    public func terminate() { standIn() }
    public func interrupt() { standIn() }
}

/// Apple's `Bundle`, as far as this package uses it: treated as not Sendable.
public final class Bundle {
    public static var main: Bundle { standIn() }
    public static var allBundles: [Bundle] { standIn() }
    public var executableURL: URL? { standIn() }
    public var bundleURL: URL { standIn() }
    public var bundlePath: String { standIn() }
}

// MARK: - Darwin-only C names used in `#if canImport(Darwin)` branches
// darwin-check compiles the Darwin branches on Linux (prepare.py turns `import Darwin` into
// `import Glibc`); these give the few Darwin-only names they use, with Darwin's types, so that a
// typo or a type error in such a branch fails here. Read from Apple's <sys/stat.h>
// (`st_atimespec`, `st_mtimespec`, `st_birthtimespec`, all `struct timespec`) and <pthread.h>
// (`pthread_t` is a pointer on Darwin, an integer on Linux).
#if canImport(Glibc)
import Glibc

extension stat {
    public var st_atimespec: timespec { st_atim }
    public var st_mtimespec: timespec { st_mtim }
    public var st_ctimespec: timespec { st_ctim }
    public var st_birthtimespec: timespec { st_ctim }
}

/// Darwin's `pthread_self()` returns a pointer (`pthread_t` = `UnsafeMutablePointer<_opaque_pthread_t>`).
public func pthread_self() -> UnsafeMutableRawPointer { standIn() }
#endif

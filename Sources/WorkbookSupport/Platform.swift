// What differs between the platforms the workbook runs on, in one place, so that a chapter prints
// what is true of the machine it runs on (Linux with swift-corelibs-foundation, or a Mac).

import Foundation

public enum Platform {
    /// Whether this is a Mac. Mac-only code paths test this at run time instead of `#if os(macOS)`,
    /// so that the Linux compiler (and CI) still type-checks them.
    public static let isMac: Bool = {
        #if os(macOS)
        return true
        #else
        return false
        #endif
    }()

    /// "macOS" or "Linux" (or the OS name Swift reports elsewhere).
    public static var name: String {
        #if os(macOS)
        return "macOS"
        #elseif os(Linux)
        return "Linux"
        #else
        return "this OS"
        #endif
    }

    /// One sentence on how this platform's NSCache evicts and calls its delegate.
    public static var nsCacheNote: String {
        #if canImport(Darwin)
        return "On this Mac, Apple's NSCache evicts when it likes (limits are advisory) and also calls\n"
            + "the delegate on removeObject; the evictor mutes that call so the callback runs once."
        #else
        return "Here (Linux, corelibs) NSCache evicts only inside setObject, on the inserting thread,\n"
            + "and never calls the delegate on removeObject; so one thread plays Apple's eviction."
        #endif
    }

    // MARK: Crash evidence

    /// The environment that makes a crashing child print the Swift runtime's backtrace on stderr.
    ///
    /// Linux: the backtracer ships with the toolchain's runtime and is found on its own. macOS: the
    /// runtime is the OS's, and its `swift-backtrace` helper lives in the toolchain
    /// (`usr/libexec/swift/macosx/swift-backtrace` beside `usr/bin/swiftc`); it must be named, and
    /// output sent to stderr. A helper found is not a backtrace printed (one can exist and fail to
    /// run): the caller looks at what the child wrote, and on a Mac for the `.ips` report too.
    public static var backtraceEnvironment: [String: String] {
        var settings = "enable=yes,interactive=no,color=no,output-to=stderr"
        if let helper = backtraceHelper { settings += ",swift-backtrace=\(helper.path)" }
        return ["SWIFT_BACKTRACE": settings]
    }

    /// macOS: the toolchain's `swift-backtrace`, found from `swiftc` (through `xcrun` for Xcode's shim).
    public static let backtraceHelper: URL? = {
        guard isMac else { return nil }
        var compilers: [URL] = []
        if let found = ChildProcess.run(URL(fileURLWithPath: "/usr/bin/xcrun"), arguments: ["--find", "swiftc"], timeout: 20)
            .stdout.split(separator: "\n").first {
            compilers.append(URL(fileURLWithPath: String(found)))
        }
        if let onPath = Toolchain.swiftc { compilers.append(onPath.resolvingSymlinksInPath()) }
        for compiler in compilers {
            let helper = compiler.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("libexec/swift/macosx/swift-backtrace")
            if FileManager.default.isExecutableFile(atPath: helper.path) { return helper }
        }
        return nil
    }()

    /// macOS: the newest crash report ReportCrash wrote for the process named `executable` (the
    /// crashed program's file name: a chapter relaunched by `workbook` is `workbook`) since
    /// `start`, waiting up to `patience` seconds (ReportCrash writes it a second or more after the
    /// crash). Linux: always nil (no such service).
    public static func crashReport(for executable: String, since start: Date, patience: TimeInterval = 8) -> URL? {
        guard isMac else { return nil }
        // Reports are named after the process name, which the kernel keeps to 16 characters.
        let name = String(executable.prefix(16))
        let folder = FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent("Library/Logs/DiagnosticReports", isDirectory: true)
        let deadline = Date().addingTimeInterval(patience)
        repeat {
            let reports = (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
            let fresh = reports.filter { url in
                guard url.lastPathComponent.hasPrefix(name), url.pathExtension == "ips" else { return false }
                let values = try? url.resourceValues(forKeys: [.contentModificationDateKey])
                let modified: Date = values?.contentModificationDate ?? .distantPast
                return modified >= start
            }
            if let newest = fresh.max(by: { $0.lastPathComponent < $1.lastPathComponent }) { return newest }
            Thread.sleep(forTimeInterval: 0.25)
        } while Date() < deadline
        return nil
    }
}

// Running a demo in a child process: a crash or a hang there is a measurement, not the end of
// the chapter. The parent reads the child's exit status, signal, output, and whether it timed out.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct ChildResult: Sendable {
    /// The exit code, or the signal number when `signaled`.
    public let status: Int32
    public let signaled: Bool
    /// Killed by us after the timeout: a hang.
    public let timedOut: Bool
    public let stdout: String
    public let stderr: String
    public let seconds: Double

    /// Ended by a signal it did not ask for (and not by our timeout).
    public var crashed: Bool { signaled && !timedOut }
    public var succeeded: Bool { !signaled && !timedOut && status == 0 }

    /// "SIGILL", "SIGSEGV", … or "exit 3".
    public var outcome: String {
        if timedOut { return "hang (killed after timeout)" }
        if signaled { return ChildProcess.signalName(status) }
        return "exit \(status)"
    }
}

public enum ChildProcess {
    /// This program's own executable, to relaunch it with a hidden flag.
    public static var currentExecutable: URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        if let url = Bundle.main.executableURL { return url }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    /// Runs `executable` to the end or until `timeout`, then kills it (SIGKILL). When the workbook
    /// is interrupted meanwhile, `onInterrupt` says how the child is stopped (ChildInterrupt.swift).
    public static func run(_ executable: URL, arguments: [String], environment extra: [String: String] = [:],
                           input: Data? = nil, directory: URL? = nil, timeout: TimeInterval,
                           onInterrupt: OnInterrupt = .kill) -> ChildResult {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin: Pipe? = input == nil ? nil : Pipe()
        process.standardInput = stdin ?? FileHandle.nullDevice

        let collected = OutputBox()
        let readers = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            readers.enter()
            Thread.detachNewThread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(String(decoding: data, as: UTF8.self), isError: isError)
                readers.leave()
            }
        }

        // The handler is set before `run()`: a child that exits before a handler exists would
        // never signal, and the wait below would last the whole timeout.
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { ended in
            RunningChildren.shared.remove(ended.processIdentifier)
            finished.signal()
        }
        let start = Date()
        do { try process.run() } catch {
            try? out.fileHandleForWriting.close()
            try? err.fileHandleForWriting.close()
            readers.wait()
            closeReadEnds(out, err)
            return ChildResult(status: 127, signaled: false, timedOut: false, stdout: "",
                               stderr: "could not start \(executable.path): \(error)", seconds: 0)
        }
        let pid = process.processIdentifier
        RunningChildren.shared.add(pid, onInterrupt)
        // Also here: the handler above may have run before the child was added.
        defer { RunningChildren.shared.remove(pid) }
        if let input, let stdin {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        RunningChildren.shared.holdIfStopping()
        readers.wait()
        closeReadEnds(out, err)
        let signaled = process.terminationReason == .uncaughtSignal
        return ChildResult(status: process.terminationStatus, signaled: signaled, timedOut: timedOut,
                           stdout: collected.stdout, stderr: collected.stderr,
                           seconds: Date().timeIntervalSince(start))
    }

    /// Closes the pipes' read ends once read. corelibs' Pipe does not close them when it goes away:
    /// measured here, 2 descriptors leaked per child, and after some 700 children (a verify run's
    /// mutants) Foundation's Process.run crashed in memcpy while listing the open descriptors.
    private static func closeReadEnds(_ pipes: Pipe...) {
        for pipe in pipes { try? pipe.fileHandleForReading.close() }
    }

    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}

// @unchecked Sendable: both strings are written once each, under `lock`, and read after the
// readers' group has been waited on.
private final class OutputBox: @unchecked Sendable {
    private let lock = NSLock()
    private var out = "", err = ""
    func set(_ text: String, isError: Bool) { lock.withLock { if isError { err = text } else { out = text } } }
    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }
}

// The disk storage's hot path, on the system calls it is made of: one `stat` for `isCached`;
// `open` + `fstat` + one `read` + `close` for a hit; `open` + `write` + `futimens` + `close` +
// `rename` for a store; `utimensat` for a date rewrite; `readdir` + one `fstatat` a file for the
// folder scans. Foundation's `URL.resourceValues` costs tens of system calls' worth here
// (Experiments/disk-overhead measures all three layers; Experiments/scaling the scans), so it
// stays only where it is the public API and where Darwin needs it (writing a creation date).

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DiskStorage {
    enum FileSystem {
        /// What one `stat`/`fstat` says about a file (symbolic links followed).
        struct Status {
            let size: Int
            let isDirectory: Bool
            let accessDate: Date
            let modificationDate: Date
            /// Darwin: the birth time. Linux: the inode's change time — what Foundation reports as
            /// `creationDate` there, and the reason `LastAccessAttribute.creationDate` cannot work.
            let creationDate: Date

            init(_ raw: stat) {
                size = Int(raw.st_size)
                isDirectory = UInt32(raw.st_mode) & 0o170000 == 0o040000
                #if canImport(Darwin)
                accessDate = Self.date(raw.st_atimespec)
                modificationDate = Self.date(raw.st_mtimespec)
                creationDate = Self.date(raw.st_birthtimespec)
                #else
                accessDate = Self.date(raw.st_atim)
                modificationDate = Self.date(raw.st_mtim)
                creationDate = Self.date(raw.st_ctim)
                #endif
            }

            func lastAccess(_ attribute: LastAccessAttribute) -> Date {
                attribute == .creationDate ? creationDate : accessDate
            }

            static func date(_ time: timespec) -> Date {
                Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
            }
        }

        static func timespecOf(_ date: Date) -> timespec {
            let seconds = date.timeIntervalSince1970
            let whole = seconds.rounded(.down)
            let nanoseconds = min(999_999_999, max(0, Int(((seconds - whole) * 1_000_000_000).rounded())))
            return timespec(tv_sec: Int(whole), tv_nsec: nanoseconds)
        }

        /// The file at `path`, following links.
        /// - Throws: the POSIX error (ENOENT, ENOTDIR, EACCES…), as an `NSError` in `NSPOSIXErrorDomain`.
        static func status(_ path: String) throws -> Status {
            var raw = stat()
            guard stat(path, &raw) == 0 else { throw posixError(errno, path) }
            return Status(raw)
        }

        /// On Linux with `relatime` (the default mount option), a read moves the access time
        /// whenever it is older than the modification time — and a cache file's modification time
        /// is its expiration, in the future, so *every* read would move it. Our "last access" lives
        /// in the access time, and a read that must not extend anything (`.none`, or `isCached`)
        /// must not move it. `O_NOATIME` asks the kernel not to; it is allowed for the file's
        /// owner, which the cache is. It exists only on Linux; elsewhere (or when refused) we read
        /// normally.
        #if os(Linux)
        /// O_NOATIME is a GNU extension the Swift Glibc module does not export; its value is
        /// 0o1000000 on x86_64 and arm64 Linux alike.
        private static let noAccessTime: Int32 = 0o1000000
        #else
        private static let noAccessTime: Int32 = 0
        #endif

        /// Opens `path` for reading and says what it is; `body` gets the descriptor and the status
        /// and decides whether to read. The descriptor is closed afterwards.
        static func withOpenFile<Result>(_ path: String, _ body: (Int32, Status) throws -> Result) throws -> Result {
            var fd = open(path, O_RDONLY | O_CLOEXEC | noAccessTime)
            if fd < 0 && errno == EPERM && noAccessTime != 0 { fd = open(path, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { throw posixError(errno, path) }
            defer { close(fd) }
            var raw = stat()
            guard fstat(fd, &raw) == 0 else { throw posixError(errno, path) }
            return try body(fd, Status(raw))
        }

        /// Reads `size` bytes (and whatever was appended since) from `fd`, into one buffer.
        static func readAll(_ fd: Int32, size: Int, path: String) throws -> Data {
            var data = Data(count: size)
            var filled = 0
            while true {
                if filled == data.count { data.count += max(4_096, data.count / 2) }
                let count = data.withUnsafeMutableBytes { buffer in
                    read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw posixError(errno, path)
                }
                filled += count
                if filled == size { break }   // the common case: one read, no second call
            }
            data.count = filled
            return data
        }

        /// Creates `path` (which must not exist), writes `data`, and, when `times` are given,
        /// sets its access and modification times on the open descriptor.
        static func writeNewFile(_ path: String, data: Data, times: (access: Date, modification: Date)?) throws {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw posixError(errno, path) }
            var failure: Int32 = 0
            data.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(fd, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    written += count
                }
            }
            if failure == 0, let times {
                var values = [timespecOf(times.access), timespecOf(times.modification)]
                if futimens(fd, &values) != 0 { failure = errno }
            }
            close(fd)
            if failure != 0 {
                unlink(path)
                throw posixError(failure, path)
            }
        }

        /// Sets the access and modification times of `path` (following links), in one call.
        static func setTimes(_ path: String, access: Date, modification: Date) throws {
            var values = [timespecOf(access), timespecOf(modification)]
            guard utimensat(AT_FDCWD, path, &values, 0) == 0 else { throw posixError(errno, path) }
        }

        /// Moves `source` onto `destination` in one step, replacing a file already there.
        /// (`FileManager.moveItem` refuses to replace; `replaceItemAt` is broken on Linux in
        /// Swift 6.3.)
        static func rename(_ source: String, to destination: String) throws {
            guard Foundation.rename(source, destination) == 0 else { throw posixError(errno, destination) }
        }

        /// Calls `body` with the name of every entry of the folder at `path` whose name does not
        /// start with "." (so neither "." and "..", nor the stores' hidden temporary files: the
        /// rule `FileManager`'s `.skipsHiddenFiles` follows), and, when `withStatus`, what
        /// `fstatat` says about it (links followed, as the read path follows them). An entry whose
        /// `fstatat` fails — removed since the listing, a dangling link, one we may not look at —
        /// is skipped: the read path reports each of those as a miss, so it holds nothing.
        ///
        /// One `open` + `fdopendir`, then `readdir` and one `fstatat` per entry, relative to the
        /// folder's descriptor (no path is built per file). `fdopendir` rather than `opendir` +
        /// `dirfd`: `dirfd` is a macro in some Darwin SDKs, and the descriptor is the point.
        /// - Throws: the POSIX error of opening or reading the folder (ENOENT when it is gone).
        static func forEachEntry(inFolder path: String, withStatus: Bool,
                                 _ body: (_ name: String, _ status: Status?) throws -> Void) throws {
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw posixError(errno, path) }
            guard let folder = fdopendir(fd) else {
                let code = errno
                close(fd)
                throw posixError(code, path)
            }
            // closedir closes `fd` too.
            defer { closedir(folder) }
            var raw = stat()
            while true {
                errno = 0
                guard let entry = readdir(folder) else {
                    if errno != 0 { throw posixError(errno, path) }
                    return
                }
                let nameCapacity = MemoryLayout.size(ofValue: entry.pointee.d_name)
                let listed: (name: String, status: Status?)? = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: nameCapacity) { name in
                        if name[0] == 0x2E { return nil }   // "." first: hidden, or "." / ".."
                        if !withStatus { return (String(cString: name), nil) }
                        guard fstatat(fd, name, &raw, 0) == 0 else { return nil }
                        return (String(cString: name), Status(raw))
                    }
                }
                if let listed { try body(listed.name, listed.status) }
            }
        }

        /// Removes the file (or link) at `path`; one already gone is not an error.
        static func unlinkIfPresent(_ path: String) throws {
            guard unlink(path) == 0 || errno == ENOENT else { throw posixError(errno, path) }
        }

        static func posixError(_ code: Int32, _ path: String) -> NSError {
            NSError(domain: NSPOSIXErrorDomain, code: Int(code),
                    userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
    }
}

// Reading a cache file without disturbing its "last access" date.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension DiskStorage {
    enum FileReading {
        /// The file's bytes.
        ///
        /// On Linux with `relatime` (the default mount option), a read moves the access time
        /// whenever it is older than the modification time — and a cache file's modification time
        /// is its expiration, in the future, so *every* read would move it. Our "last access" lives
        /// in the access time, and a read that must not extend anything (`.none`, or `isCached`)
        /// must not move it. `O_NOATIME` asks the kernel not to; it is allowed for the file's
        /// owner, which the cache is. Elsewhere (or when refused) we read normally.
        static func contents(of url: URL) throws -> Data {
            #if os(Linux)
            // O_NOATIME is a GNU extension the Swift Glibc module does not export; its value is
            // 0o1000000 on x86_64 and arm64 Linux alike.
            let noAtime: Int32 = 0o1000000
            var fd = open(url.path, O_RDONLY | O_CLOEXEC | noAtime)
            if fd < 0 && errno == EPERM { fd = open(url.path, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { throw posixError(errno, url) }
            defer { close(fd) }
            var result = Data()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw posixError(errno, url)
                }
                result.append(contentsOf: buffer[0..<count])
            }
            return result
            #else
            return try Data(contentsOf: url)
            #endif
        }

        /// Moves `source` onto `destination` in one step, replacing a file already there.
        /// (`FileManager.moveItem` refuses to replace; `replaceItemAt` is broken on Linux in
        /// Swift 6.3.)
        static func rename(_ source: URL, to destination: URL) throws {
            guard Foundation.rename(source.path, destination.path) == 0 else {
                let code = errno
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(code),
                              userInfo: [NSFilePathErrorKey: destination.path,
                                         NSLocalizedDescriptionKey: String(cString: strerror(code))])
            }
        }

        #if os(Linux)
        private static func posixError(_ code: Int32, _ url: URL) -> NSError {
            NSError(domain: NSPOSIXErrorDomain, code: Int(code),
                    userInfo: [NSFilePathErrorKey: url.path,
                               NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
        #endif
    }
}

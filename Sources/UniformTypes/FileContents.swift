#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small documents (declarations, sessions, manifests) safely: only regular files, never
/// more than a bound, never blocking on a FIFO or a device.
public enum FileContents {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    public static func read(path: String, limit: Int = 16 << 20) throws(UTIError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw error(path: path, errno: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw UTIError(.notRegularFile, "\(path): is \(kindPhrase(mode: status.st_mode)), not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw UTIError(.tooLarge, "\(path): is larger than the \(limit)-byte limit for this kind of file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(path: path, errno: errno)
            }
            if count == 0 { break }
            filled += count
            if filled > limit {
                throw UTIError(.tooLarge, "\(path): is larger than the \(limit)-byte limit for this kind of file")
            }
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4096)) }
        }
        return Array(bytes[..<filled])
    }

    /// An error for a failed system call on `path`, with the code users can match on.
    public static func error(path: String, errno code: Int32) -> UTIError {
        let reason = String(cString: strerror(code)).lowercased()
        switch code {
        case ENOENT, ENOTDIR: return UTIError(.notFound, "\(path): \(reason)")
        case EACCES, EPERM: return UTIError(.permissionDenied, "\(path): \(reason)")
        default: return UTIError(.ioError, "\(path): \(reason)")
        }
    }

    /// "a FIFO", "a directory", ... for messages about a file's kind.
    public static func kindPhrase(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "a regular file"
        }
    }
}

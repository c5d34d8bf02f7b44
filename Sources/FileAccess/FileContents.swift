import UniformTypes

/// Reads small documents (declarations, sessions, manifests) safely: only regular files, never
/// more than a bound, never blocking on a FIFO or a device.
public enum FileContents {
    /// The bytes of the regular file at `path` (relative to `folder`), at most `limit` of them.
    public static func read(path: String, in folder: WorkingFolder = .current, limit: Int = Limits.documentBytes) throws(UTIError) -> [UInt8] {
        var bytes: [UInt8] = []
        // The first piece is usually the whole file (see `stream`): one copy, no growing.
        try stream(path: path, in: folder, limit: limit) { (piece) throws(UTIError) in
            if bytes.isEmpty { bytes = Array(piece) } else { bytes += piece }
        }
        return bytes
    }

    /// Hands the regular file at `path` to `body` in pieces (the size it declares and one byte
    /// more, at least 4 KiB and at most 1 MiB: a small file in one piece), never blocking on a FIFO
    /// or device (those are refused), following a final symbolic link only when asked, and
    /// refusing a file larger than `limit` (before reading when its size says so) or one that
    /// yields more than `Limits.growthBytes` past the size it declared (a file in /proc that says
    /// 0 and never ends).
    public static func stream(
        path: String, in folder: WorkingFolder = .current, followSymlinks: Bool = true, limit: Int = .max,
        _ body: (ArraySlice<UInt8>) throws(UTIError) -> Void
    ) throws(UTIError) {
        let located = folder.locate(path)
        // Decide by the path's kind before opening it: a FIFO or a device is never opened, not
        // even without blocking (opening some devices has effects). fstat below rechecks the
        // descriptor, in case the path changed in between.
        var before = stat()
        guard (followSymlinks ? stat(located, &before) : lstat(located, &before)) == 0 else { throw error(path: path, errno: errno) }
        guard (before.st_mode & S_IFMT) == S_IFREG else {
            throw UTIError(.notRegularFile, "\(path): is \(kindPhrase(mode: before.st_mode)), not a regular file")
        }
        let descriptor = open(located, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followSymlinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw error(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw error(path: path, errno: errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw UTIError(.notRegularFile, "\(path): is \(kindPhrase(mode: status.st_mode)), not a regular file")
        }
        let tooLarge = UTIError(.tooLarge, "\(path): is larger than the \(limit)-byte limit for this kind of file")
        guard Int(status.st_size) <= limit else { throw tooLarge }
        // A file may say it is empty and never end (/proc/self/pagemap), or grow while it is
        // read (a log, a file another program appends to): past what its size said, it is read
        // only up to a bound.
        let declared = Int(status.st_size)
        let bound = declared > Int.max - Limits.growthBytes ? Int.max : declared + Limits.growthBytes
        var buffer = [UInt8](repeating: 0, count: min(max(declared, 4095), (1 << 20) - 1) + 1)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw error(path: path, errno: errno) }
            if count == 0 { return }
            total += count
            guard total <= limit else { throw tooLarge }
            guard total <= bound else {
                throw UTIError(
                    .tooLarge, "\(path): yields more than the \(declared) bytes its size says, past uti's growth-bytes limit (\(Limits.growthBytes))")
            }
            try body(buffer[0..<count])
        }
    }

    /// Writes all of `bytes` to `descriptor` (retrying short writes and interruptions); `path`
    /// names the file in errors.
    public static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, path: String) throws(UTIError) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw error(path: path, errno: errno) }
            offset += written
        }
    }

    /// The names in the folder at `path`, without `.` and `..`, as bytes (names need not be
    /// UTF-8), sorted bytewise so that every walk is in the same order.
    public static func entries(ofFolder path: String, in folder: WorkingFolder = .current) throws(UTIError) -> [[UInt8]] {
        try entries(ofFolder: Array(path.utf8), in: folder)
    }

    /// The same, for a path given as bytes.
    public static func entries(ofFolder path: [UInt8], in folder: WorkingFolder = .current) throws(UTIError) -> [[UInt8]] {
        let located = folder.locate(RawPath(bytes: path)).bytes
        let opened = (located + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) } }
        guard let folder = opened else { throw error(path: String(decoding: path, as: UTF8.self), errno: errno, doing: "cannot list") }
        defer { closedir(folder) }
        return try names(listedBy: folder, path: String(decoding: path, as: UTF8.self))
    }

    /// The names an open directory stream lists, without `.` and `..`, sorted bytewise; at most
    /// `Limits.namesPerFolder` (`path` names the folder in the error).
    static func names(listedBy folder: OpaquePointer, path: String) throws(UTIError) -> [[UInt8]] {
        var names: [[UInt8]] = []
        // The name is read where it lies, up to its NUL: a directory record may end right after
        // it, so copying the whole d_name array (entry.pointee) would read past the record.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(folder) {
            let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
            guard names.count <= Limits.namesPerFolder else {
                throw UTIError(.tooLarge, "\(path): holds more names than uti's names-per-folder limit (\(Limits.namesPerFolder))")
            }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// An error for a failed system call on `path`, with the code users can match on.
    public static func error(path: String, errno code: Int32, doing action: String? = nil) -> UTIError {
        let reason = (action.map { $0 + ": " } ?? "") + String(cString: strerror(code)).lowercased()
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

/// write(2), named apart from the method called write.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// read(2), named apart from the methods called read.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// The permission bits of files uti creates.
public enum FileModes {
    /// The process's file mode creation mask, read once (from /proc/self/status where Linux
    /// has it, so that no other thread ever sees a changed mask).
    public static let umask: mode_t = {
        if let bytes = try? FileContents.read(path: "/proc/self/status", limit: 1 << 20) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Umask:") {
                if let value = UInt32(String(line.dropFirst(6).filter { $0 != " " && $0 != "\t" }), radix: 8) { return mode_t(value) }
            }
        }
        let mask = systemUmask(0o022)
        _ = systemUmask(mask)
        return mask
    }()

    /// The mode for a copy of a file whose mode is `source`: its permission bits (no set-user-ID,
    /// set-group-ID or sticky bit), masked by the umask, so never wider than the source's.
    public static func copy(of source: mode_t) -> mode_t { source & 0o777 & ~umask }

    /// The mode for a new file with no source file (an inline value): what the umask allows.
    public static var new: mode_t { 0o666 & ~umask }
}

private func systemUmask(_ mask: mode_t) -> mode_t { umask(mask) }

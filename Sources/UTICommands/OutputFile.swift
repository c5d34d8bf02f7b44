import FileAccess
import ItemProvidersCore
import TypeInference
import UniformTypes

/// A file a command writes because the user named it (`check --output`). uti replaces only regular
/// files, and only atomically (a temporary in the same folder, then a rename); it never renames
/// over a device, a FIFO, a socket, a folder or a symbolic link. What the user may reasonably mean
/// by naming a special file is honoured by writing to it, never by replacing it: `/dev/null`, a
/// terminal, a FIFO that has a reader, and the command's own standard output or error
/// (`/dev/stdout`, `/dev/fd/1`, whatever they lead to). Everything else is refused (exit 2) with
/// the path and the reason.
struct OutputFile {
    enum Plan: Equatable {
        /// Created, or an existing regular file replaced, through a temporary and a rename.
        case replace
        /// Written to in place: the special file at the path (a FIFO, /dev/null, a terminal).
        case writeThrough
        /// Standard output or standard error itself (the path leads to the same file).
        case descriptor(Int32)
    }

    /// The path as given, for messages.
    let path: String
    /// The path the system calls use: `path` in the context's working folder.
    let location: String
    let plan: Plan

    /// Decides how `path` may be written, or refuses it; called before any work is done, so that
    /// a bad output is bad usage before the checks run.
    init(_ path: String, in context: UTIContext) throws(UTIError) {
        self.path = path
        location = context.workingFolder.locate(path)
        plan = try Self.plan(for: path, at: location, in: context)
    }

    private static func plan(for path: String, at location: String, in context: UTIContext) throws(UTIError) -> Plan {
        var link = stat()
        guard lstat(location, &link) == 0 else {
            guard errno == ENOENT else { throw FileContents.error(path: path, errno: errno) }
            try checkFolder(of: path, at: location)
            return .replace
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG:
            try checkFolder(of: path, at: location)
            return .replace
        case S_IFDIR:
            throw UTIError(.invalidInput, "--output \(path): is a folder; name a file in it")
        case S_IFLNK:
            var target = stat()
            guard stat(location, &target) == 0 else {
                throw UTIError(.invalidInput, "--output \(path): is a symbolic link that leads nowhere; uti never replaces a symbolic link")
            }
            if let descriptor = standardDescriptor(sameAs: target, in: context) { return .descriptor(descriptor) }
            if target.st_mode & S_IFMT == S_IFREG {
                throw UTIError(.invalidInput, "--output \(path): is a symbolic link; uti never replaces one (name the file it leads to)")
            }
            return try special(path, location, target)
        default:
            if let descriptor = standardDescriptor(sameAs: link, in: context) { return .descriptor(descriptor) }
            return try special(path, location, link)
        }
    }

    /// A special file that can take a report without harm, or the refusal.
    private static func special(_ path: String, _ location: String, _ status: stat) throws(UTIError) -> Plan {
        switch status.st_mode & S_IFMT {
        case S_IFIFO:
            return .writeThrough
        case S_IFCHR:
            var null = stat()
            if stat("/dev/null", &null) == 0, null.st_mode & S_IFMT == S_IFCHR, null.st_rdev == status.st_rdev { return .writeThrough }
            let descriptor = open(location, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                if isatty(descriptor) == 1 { return .writeThrough }
            }
            throw UTIError(.invalidInput, "--output \(path): is a character device other than /dev/null or a terminal; uti writes reports to files")
        case S_IFDIR:
            throw UTIError(.invalidInput, "--output \(path): is a folder; name a file in it")
        default:
            throw UTIError(.invalidInput, "--output \(path): is \(FileContents.kindPhrase(mode: status.st_mode)); uti writes reports to files")
        }
    }

    /// 1 or 2 when `status` is the file the context's standard output or error writes to.
    private static func standardDescriptor(sameAs status: stat, in context: UTIContext) -> Int32? {
        for (number, output): (Int32, Output) in [(1, context.standardOutput), (2, context.standardError)] {
            guard let descriptor = output.descriptor else { continue }
            var open = stat()
            if fstat(descriptor, &open) == 0, open.st_dev == status.st_dev, open.st_ino == status.st_ino { return number }
        }
        return nil
    }

    private static func checkFolder(of path: String, at location: String) throws(UTIError) {
        let folder = RawPath(path).directory
        let folderLocation = RawPath(location).directory
        var status = stat()
        guard stat(folderLocation, &status) == 0 else {
            throw UTIError(.invalidInput, "--output \(path): the folder \(folder) does not exist (create it first: mkdir -p \(folder))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw UTIError(.invalidInput, "--output \(path): \(folder) is not a folder")
        }
        guard access(folderLocation, W_OK) == 0 else {
            throw UTIError(.invalidInput, "--output \(path): the folder \(folder) is not writable")
        }
    }

    /// Writes `text` as planned. A failure names `path` (never the temporary) and leaves no
    /// temporary behind.
    func write(_ text: String, in context: UTIContext) throws(UTIError) {
        let bytes = Array(text.utf8)[...]
        switch plan {
        case .descriptor(let descriptor):
            // Standard output or error itself: written through the command's own output, in order.
            let output = descriptor == 1 ? context.standardOutput : context.standardError
            output.writeBytes(Array(bytes))
            output.flush()
        case .writeThrough:
            // O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of hanging.
            let descriptor = open(location, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENXIO { throw UTIError(.invalidInput, "--output \(path): is a FIFO that no program is reading") }
                throw FileContents.error(path: path, errno: errno)
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFREG else {
                throw UTIError(.ioError, "--output \(path): changed while uti was writing it")
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            try FileContents.write(bytes, to: descriptor, path: path)
        case .replace:
            try replace(with: bytes)
        }
    }

    private func replace(with bytes: ArraySlice<UInt8>) throws(UTIError) {
        let raw = RawPath(location)
        var template = Array((raw.directory + "/." + raw.lastComponent + ".uti-\(getpid())-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Self.writeError(path, errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        InterruptCleanup.register(temporary)
        var keep = false
        defer {
            close(descriptor)
            if !keep { unlink(temporary) }
            InterruptCleanup.unregister()
        }
        try FileContents.write(bytes, to: descriptor, path: path)
        // A replaced report keeps its permissions; a new one gets what the umask allows.
        var existing = stat()
        let mode = lstat(location, &existing) == 0 ? mode_t(existing.st_mode & 0o777) : 0o666 & ~FileModes.umask
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw Self.writeError(path, errno) }
        // Something else may have appeared at the path since it was checked: rename only over
        // nothing or a regular file.
        if lstat(location, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            throw UTIError(.invalidInput, "--output \(path): became \(FileContents.kindPhrase(mode: existing.st_mode)) while uti ran; not replaced")
        }
        guard rename(temporary, location) == 0 else { throw Self.writeError(path, errno) }
        keep = true
    }

    private static func writeError(_ path: String, _ code: Int32) -> UTIError {
        FileContents.error(path: path, errno: code, doing: "cannot write the report")
    }
}

import UniformTypes

/// A folder held open: everything done in it goes through its descriptor (`openat`, `mkdirat`,
/// `linkat`, `renameat`, `unlinkat`), so that no path is resolved twice. A folder swapped for a
/// symbolic link after it was opened, or an entry swapped for one during a cleanup, leads
/// nowhere: the descriptor stays on the folder that was opened, and entries are opened with
/// `O_NOFOLLOW`.
public final class OpenFolder: @unchecked Sendable {
    /// The descriptor (`O_DIRECTORY | O_NOFOLLOW`).
    public let descriptor: Int32
    /// The path it was opened by, for messages.
    public let path: String

    /// Opens the folder at `path` (relative to `folder`); fails when it is not a folder or is a
    /// symbolic link.
    public init(path: String, in folder: WorkingFolder = .current) throws(UTIError) {
        let located = folder.locate(path)
        let opened = open(located, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            if errno == ELOOP || errno == ENOTDIR {
                var status = stat()
                if lstat(located, &status) == 0 {
                    let kind = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : FileContents.kindPhrase(mode: status.st_mode)
                    throw UTIError(.invalidInput, "\(path): is \(kind), not a folder")
                }
            }
            throw FileContents.error(path: path, errno: errno)
        }
        descriptor = opened
        self.path = path
    }

    /// A folder inside this one, opened without following a link.
    public init(in parent: OpenFolder, name: String) throws(UTIError) {
        let opened = openat(parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { throw FileContents.error(path: parent.path + "/" + name, errno: errno) }
        descriptor = opened
        path = parent.path + "/" + name
    }

    /// Takes ownership of `descriptor`, an open folder (closed when this is released).
    public init(adopting descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The names in this folder, without `.` and `..`, sorted bytewise; at most
    /// `Limits.namesPerFolder`.
    public func entries() throws(UTIError) -> [[UInt8]] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw FileContents.error(path: path, errno: code, doing: "cannot list")
        }
        defer { closedir(stream) }
        rewinddir(stream)
        return try FileContents.names(listedBy: stream, path: path)
    }

    /// Creates a file or a folder named by `prefix` and six random characters that nothing else
    /// has, and takes an exclusive lock on it (`flock`): the lock says "in use" to every other
    /// process, in any PID namespace, until this one closes it or ends. The caller closes the
    /// returned descriptor (which releases the lock) when done.
    public func makeLockedTemporary(prefix: String, folder: Bool, mode: mode_t = 0o600) throws(UTIError) -> (name: String, descriptor: Int32) {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let name = prefix + String((0..<6).map { _ in alphabet.randomElement()! })
            let opened: Int32
            if folder {
                guard mkdirat(descriptor, name, 0o700) == 0 else {
                    if errno == EEXIST { continue }
                    throw FileContents.error(path: path, errno: errno)
                }
                opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            } else {
                opened = openat(descriptor, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
                if opened < 0 && errno == EEXIST { continue }
            }
            guard opened >= 0 else { throw FileContents.error(path: path, errno: errno) }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(opened)
                _ = unlinkat(descriptor, name, folder ? AT_REMOVEDIR : 0)
                throw FileContents.error(path: path + "/" + name, errno: code, doing: "cannot lock")
            }
            return (name, opened)
        }
        throw UTIError(.ioError, "\(path): no free temporary name among 100 tries")
    }

    /// Removes the entry `name` of this folder and, when it is a folder, everything in it,
    /// without ever following a symbolic link: each folder is opened with `O_NOFOLLOW` and
    /// emptied through its own descriptor, so a folder swapped for a link on the way is not
    /// entered. Folders nested deeper than `Limits.nestingDepth` are left in place.
    public func removeTree(_ name: String) {
        removeTree(Array(name.utf8) + [0], depth: 0)
    }

    /// `name` is NUL-terminated bytes (a name need not be UTF-8).
    private func removeTree(_ name: [UInt8], depth: Int) {
        name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cName in
                let entry = cName.baseAddress!
                if unlinkat(descriptor, entry, 0) == 0 || (errno != EISDIR && errno != EPERM) { return }
                guard depth < Limits.nestingDepth else { return }
                let opened = openat(descriptor, entry, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard opened >= 0 else { return }
                let child = OpenFolder(adopting: opened, path: path + "/" + String(cString: entry))
                for grandchild in (try? child.entries()) ?? [] {
                    child.removeTree(grandchild + [0], depth: depth + 1)
                }
                _ = unlinkat(descriptor, entry, AT_REMOVEDIR)
            }
        }
    }

    /// Removes the entries whose names start with `prefix` that no process holds a lock on and
    /// and that were not modified in the last `quietSeconds` (which covers the moment between a
    /// temporary's creation and its lock): the temporaries of a process that crashed or was
    /// killed. A process ID in the name decides nothing: one in another PID namespace (a
    /// container, another NFS client) may be alive and unknown here. An entry that is a
    /// symbolic link, or anything but a file or a folder, is never touched.
    public func removeAbandonedTemporaries(prefix: String, quietSeconds: Int = 60) {
        guard let names = try? entries() else { return }
        let lead = Array(prefix.utf8)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for raw in names where raw.starts(with: lead) {
            guard let name = String(validating: raw, as: UTF8.self) else { continue }
            let opened = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard opened >= 0 else { continue }
            defer { close(opened) }
            var status = stat()
            guard fstat(opened, &status) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFDIR else { continue }
            #if canImport(Darwin)
            let changed = status.st_mtimespec.tv_sec
            #else
            let changed = status.st_mtim.tv_sec
            #endif
            guard Int(now.tv_sec) - Int(changed) >= quietSeconds else { continue }
            // Held by a live process (its lock), in this PID namespace or any other: in use.
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else { continue }
            removeTree(name)
        }
    }
}

/// Paths as the operating system knows them (bytes), and textual joining: what the file readers
/// and the loaders share.

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// A path as the operating system knows it: bytes, which need not be UTF-8.
public struct RawPath: Sendable, Hashable, CustomStringConvertible {
    /// The path's bytes, as given to open(2).
    public let bytes: [UInt8]

    /// The path of these bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }
    /// The path of this string's UTF-8.
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// The path for messages: UTF-8 as is, and each byte that is not part of valid UTF-8 as
    /// `\xHH` (as `ls -b` shows it), so that two names never read alike. JSON records carry the
    /// exact bytes instead (`JSONValue.name`).
    public var description: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        UTF8Runs.forEach(bytes[...]) { run in
            text += String(decoding: run, as: UTF8.self)
        } invalid: { byte in
            text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return text
    }

    /// The last component, without trailing slashes.
    public var lastComponent: String {
        var trimmed = bytes[...]
        while trimmed.count > 1 && trimmed.last == UInt8(ascii: "/") { trimmed = trimmed.dropLast() }
        let start = trimmed.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? trimmed.startIndex
        return String(decoding: trimmed[start...], as: UTF8.self)
    }

    /// The folder that holds the last component (`.` for a bare name).
    public var directory: String {
        var trimmed = bytes[...]
        while trimmed.count > 1 && trimmed.last == UInt8(ascii: "/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == trimmed.startIndex ? "/" : String(decoding: trimmed[..<slash], as: UTF8.self)
    }

    /// Calls `body` with a NUL-terminated copy for system calls. Inlinable, so that callers in
    /// other modules (every file uti reads) specialize it rather than pass `T`'s metadata.
    @inlinable public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// This path with `component` appended.
    public func appending(_ component: [UInt8]) -> RawPath {
        RawPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + component : bytes + [UInt8(ascii: "/")] + component)
    }
}

/// `file` relative to `folder` (or `file` itself when absolute), with `.` and `..` resolved
/// textually where they can be: a path that climbs above a relative folder keeps its `..`.
public func joinPath(_ folder: String, _ file: String) -> String {
    let absolute = file.hasPrefix("/") || folder.hasPrefix("/")
    var parts: [Substring] = []
    for part in (file.hasPrefix("/") ? file : folder + "/" + file).split(separator: "/") {
        if part == "." { continue }
        if part == "..", let last = parts.last, last != ".." {
            parts.removeLast()
            continue
        }
        if part == ".." && absolute { continue }
        parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
}

/// The folder relative paths are resolved in: the process's working folder (`current`), or one a
/// caller names, as a server running commands for several requests at once does, where changing
/// the process's folder would change it for every request. Paths keep their spelling in records
/// and messages; only the system calls see a relative one joined to the folder (`locate`), as
/// `openat(2)` with a folder's descriptor resolves it: textually joined, `..` and links left to
/// the kernel.
public struct WorkingFolder: Sendable, Hashable {
    /// The folder's absolute path, or nil for the process's working folder.
    public let path: String?

    /// The process's working folder, whatever it is when a path is used.
    public static let current = WorkingFolder(path: nil)

    private init(path: String?) { self.path = path }

    /// The folder at `path`, which must be absolute (a relative one would move with the process's
    /// folder).
    public init(_ path: String) throws(UTIError) {
        guard path.hasPrefix("/") else { throw UTIError(.invalidInput, "working folder \(path): is not an absolute path") }
        self.path = path
    }

    /// `path` as a system call in this folder sees it.
    public func locate(_ path: String) -> String {
        guard let folder = self.path, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// The same, for a path given as bytes.
    public func locate(_ path: RawPath) -> RawPath {
        guard let folder = self.path, !path.bytes.isEmpty, path.bytes.first != UInt8(ascii: "/") else { return path }
        return RawPath(bytes: Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + path.bytes)
    }
}

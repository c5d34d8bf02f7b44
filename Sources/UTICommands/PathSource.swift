#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TypeInference
import UniformTypes

/// One thing to identify: a path, standard input, or a problem found while listing paths.
enum PathItem {
    case path(RawPath)
    case standardInput
    case failure(RawPath, UTIError)
}

/// Streams the paths to identify, in order: command-line arguments, then `--files-from` lines
/// (or NUL-separated names), each directory expanded depth-first in name order with `-r`.
/// Memory stays bounded: lines are read in chunks and directories one at a time.
struct PathSource {
    private var arguments: [PathItem]
    private var lines: LineReader?
    private let recursive: Bool
    private let followSymlinks: Bool
    private let catalog: TypeCatalog
    /// Directories still to expand (a stack), with the entries not yet returned.
    private var pending: [[RawPath]] = []
    private var visited = Set<[UInt64]>()
    /// Folders that could not be listed, reported before the walk goes on.
    private var failures: [PathItem] = []

    init(arguments: [PathItem], lines: LineReader?, recursive: Bool, followSymlinks: Bool, catalog: TypeCatalog) {
        self.arguments = arguments.reversed()
        self.lines = lines
        self.recursive = recursive
        self.followSymlinks = followSymlinks
        self.catalog = catalog
    }

    mutating func next() -> PathItem? {
        if !failures.isEmpty { return failures.removeFirst() }
        while !pending.isEmpty {
            if pending[pending.count - 1].isEmpty {
                pending.removeLast()
                continue
            }
            let path = pending[pending.count - 1].removeFirst()
            expand(path)
            return .path(path)
        }
        let item: PathItem
        if let argument = arguments.popLast() {
            item = argument
        } else if let line = lines?.next() {
            switch line {
            case .success(let bytes): item = .path(RawPath(bytes: bytes))
            case .failure(let error): item = .failure(RawPath(lines?.name ?? "-"), error)
            }
        } else {
            return nil
        }
        if case .path(let path) = item { expand(path) }
        return item
    }

    /// With `-r`, queues the entries of `path` when it is a directory that is not a package.
    private mutating func expand(_ path: RawPath) {
        guard recursive else { return }
        var status = stat()
        let result = path.withCString { followSymlinks ? stat($0, &status) : lstat($0, &status) }
        guard result == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return }
        guard catalog.packageType(forFolderNamed: path.lastComponent) == nil else { return }
        if followSymlinks {
            guard visited.insert([UInt64(truncatingIfNeeded: status.st_dev), UInt64(status.st_ino)]).inserted else { return }
        }
        do {
            pending.append(try FileContents.entries(ofFolder: path.bytes).map { path.appending($0) })
        } catch {
            // Never skipped in silence: the walk reports the folder and exits 1 at the end.
            failures.append(.failure(path, error))
        }
    }
}

/// Reads newline- or NUL-separated names from a file or standard input, a chunk at a time.
final class LineReader {
    let name: String
    private let descriptor: Int32
    private let separator: UInt8
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    static let lineLimit = Limits.listedNameBytes

    init(path: String, separator: UInt8) throws(UTIError) {
        name = path
        self.separator = separator
        if path == "-" {
            descriptor = 0
        } else {
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { throw FileContents.error(path: path, errno: errno) }
            var status = stat()
            if fstat(opened, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                close(opened)
                throw UTIError(.invalidInput, "\(path): is a directory, not a list of paths")
            }
            descriptor = opened
        }
    }

    deinit { if descriptor != 0 { close(descriptor) } }

    /// The next non-empty name, an error for an over-long one, or nil at the end. An over-long
    /// name is reported once and skipped whole: no piece of it is taken for a path.
    func next() -> Result<[UInt8], UTIError>? {
        while true {
            if let end = buffer[start...].firstIndex(of: separator) {
                var line = Array(buffer[start..<end])
                start = end + 1
                if skippingLongName {
                    skippingLongName = false
                    continue
                }
                if separator == 0x0A && line.last == 0x0D { line.removeLast() }
                if line.isEmpty { continue }
                guard line.count <= Self.lineLimit else { return .failure(tooLong()) }
                return checked(line)
            }
            if buffer.count - start > Self.lineLimit {
                // Drop what is buffered of the over-long name and skip up to its separator.
                start = buffer.count
                if !skippingLongName {
                    skippingLongName = true
                    return .failure(tooLong())
                }
            }
            if finished {
                guard start < buffer.count, !skippingLongName else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return checked(line)
            }
            buffer.removeFirst(start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { finished = true } else { buffer.append(contentsOf: chunk[0..<count]) }
        }
    }

    private var skippingLongName = false

    /// A name read from lines may not hold NUL: no file name does, and a list that has one is
    /// NUL-separated (`find -print0`) and read without -0, where taking the text before the NUL
    /// would identify another file than the one listed.
    private func checked(_ line: [UInt8]) -> Result<[UInt8], UTIError> {
        guard separator == 0x0A, line.contains(0) else { return .success(line) }
        return .failure(UTIError(.invalidInput, "\(name): a name holds a NUL byte, so the list is NUL-separated; read it with -0 (it was skipped)"))
    }

    private func tooLong() -> UTIError {
        UTIError(.invalidInput, "\(name): a name is longer than uti's listed-name-bytes limit (\(Self.lineLimit) bytes); it was skipped")
    }
}

/// Command-line arguments as the bytes the shell passed: `CommandLine.arguments` replaces
/// invalid UTF-8, so names that are not UTF-8 are recovered from `argv` itself.
enum RawArguments {
    /// The arguments that are not UTF-8, by the lossy string swift-argument-parser sees (U+FFFD
    /// for the bad bytes), each lossy string's in command-line order: two names that differ only
    /// in such bytes read alike as strings, and get their own bytes back in turn.
    private static let byLossyString = ArgumentBytes()

    static func path(_ argument: String) -> RawPath {
        RawPath(bytes: byLossyString.next(for: argument) ?? Array(argument.utf8))
    }
}

/// The raw bytes of the command line's arguments that are not UTF-8, handed out in order.
private final class ArgumentBytes: @unchecked Sendable {
    private let lock = Lock()
    private var table: [String: [[UInt8]]] = [:]

    init() {
        for index in 0..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(pointer)))
            if String(validating: bytes, as: UTF8.self) == nil {
                table[String(decoding: bytes, as: UTF8.self), default: []].append(bytes)
            }
        }
    }

    /// The next argument's bytes that read as `lossy`, or nil when none is left.
    func next(for lossy: String) -> [UInt8]? {
        lock.withLock {
            guard var queue = table[lossy], !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            table[lossy] = queue
            return first
        }
    }
}

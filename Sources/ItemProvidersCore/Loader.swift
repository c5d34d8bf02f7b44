import FileAccess
import UniformTypes

/// Loads accepted items into an output folder: never outside it, never over an existing file,
/// always atomically (a temporary file in the folder, then a hard link to a free name).
public struct Loader {
    /// Where loads are written (never outside it).
    public let folder: String
    /// The catalog that names loaded files' extensions.
    public let catalog: TypeCatalog
    /// The converters derived representations run.
    public let converters: ConverterRegistry
    /// The folder relative paths in the session are resolved against.
    public let base: String
    /// Where a relative `folder` is looked up (the paths the loader reports keep its spelling).
    public var workingFolder = WorkingFolder.current
    /// `folder` as the system calls see it.
    private var location: String { workingFolder.locate(folder) }
    /// For each name stem, the next suffix worth trying, so that thousands of items with one
    /// suggested name find free names in linear time.
    private let nextSuffix = SuffixMemo()
    /// The output folder's descriptor, once opened.
    private let opened = OpenedFolder()
    /// Told of each temporary file as it is written and when it is gone, so that the caller can
    /// remove it if the process is interrupted (the command line's signal handlers do); the
    /// library installs no handler of its own. Nil: nobody is told.
    public var temporaries: (any TemporaryFileReporter)?

    /// A loader into `folder`, resolving a session's relative paths from `base`.
    public init(folder: String, base: String, catalog: TypeCatalog, converters: ConverterRegistry = .builtIn) {
        // "inbox/" and "inbox" name the same folder; output paths read inbox/page.txt either way.
        var trimmed = Substring(folder)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        self.folder = String(trimmed)
        self.base = base
        self.catalog = catalog
        self.converters = converters
    }

    /// Creates the output folder (one level) when it does not exist; fails when it is not a
    /// folder or is a symbolic link (which would send loads somewhere the user did not name).
    /// The folder is then held open, and every write and removal goes through its descriptor.
    /// Removes the temporaries of uti's own naming that no running `drop` holds
    /// (`OpenFolder.removeAbandonedTemporaries`: unlocked, and quiet for a minute).
    public func prepare() throws(UTIError) {
        var status = stat()
        if lstat(location, &status) == 0 {
            guard status.st_mode & S_IFMT != S_IFLNK else {
                throw UTIError(.invalidInput, "\(folder): the output folder is a symbolic link; name the folder it points to")
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw UTIError(.invalidInput, "\(folder): the output folder is \(FileContents.kindPhrase(mode: status.st_mode))")
            }
            try outputFolder().removeAbandonedTemporaries(prefix: Self.temporaryPrefix)
            return
        }
        guard mkdir(location, 0o755) == 0 else { throw FileContents.error(path: folder, errno: errno) }
        _ = try outputFolder()
    }

    /// The output folder, opened once (`O_NOFOLLOW`): what `prepare` checked is what is written.
    private func outputFolder() throws(UTIError) -> OpenFolder {
        try opened.get { () throws(UTIError) in try OpenFolder(path: folder, in: workingFolder) }
    }

    static let temporaryPrefix = ".uti-load-"

    /// Whether an open-in-place load gets the original: a file registered to open in place.
    public static func opensInPlace(_ representation: Representation) -> Bool {
        guard representation.kind == .file, representation.openInPlace, case .path = representation.source else { return false }
        return true
    }

    /// Loads one item's chosen representation as the destination asks, returning the path written
    /// (or, for open-in-place, the original path).
    public func load(_ item: DragItem, index: Int, representation: Representation, as mode: DropDestination.Load) throws(UTIError) -> String {
        if mode == .openInPlace, Self.opensInPlace(representation), case .path(let path) = representation.source { return resolve(path) }
        let type = catalog.type(identifier: representation.type)
        // A type without an extension of its own borrows its nearest ancestor's (UTF-8 text: txt).
        var ext = type.flatMap { type in ([type] + type.orderedSupertypes).lazy.compactMap(\.preferredFilenameExtension).first }
        if case .path(let path) = representation.source, Self.isFolder(resolve(path)) {
            if mode != .data {
                // Loaded as a file, a folder arrives as itself, as Apple hands it over.
                let name = Self.fileName(suggested: item.provider.suggestedName, index: index, extension: ext)
                try refuseIfOutputIsInside(resolve(path))
                return try copyFolderAtomically(resolve(path), named: name)
            }
            ext = "zip"  // loaded as data, a folder is a zip archive of itself: NAME.zip
        }
        let name = Self.fileName(suggested: item.provider.suggestedName, index: index, extension: ext)
        return try writeAtomically(named: name, mode: permissions(of: representation, in: item, depth: 0)) { (write) throws(UTIError) in
            try produce(representation, in: item, write: write, depth: 0)
        }
    }

    /// Checks, without writing anything, that `load` could produce the representation: the file
    /// behind it exists and is readable, a derived one's converter and source exist, an object's
    /// class can encode it from its file. A dry run uses it, so that it never promises a load
    /// that cannot happen.
    public func verify(_ item: DragItem, representation: Representation) throws(UTIError) {
        try verify(representation, in: item, depth: 0)
    }

    private func verify(_ representation: Representation, in item: DragItem, depth: Int) throws(UTIError) {
        switch representation.source {
        case .value:
            return
        case .path(let path):
            try Self.checkReadable(resolve(path))
        case .derived(let from, let name):
            guard depth < 4, converters.converter(named: name) != nil, let source = item.provider.representation(forType: from) else {
                throw UTIError(.invalidInput, "\(representation.type): cannot be derived from \(from) by \(name)")
            }
            try verify(source, in: item, depth: depth + 1)
        case .object(let className, let path, let name):
            guard let path else { throw Self.unencodable(representation.type, className: className) }
            let converter = name.flatMap(converters.converter(named:))
            if let name, converter == nil {
                throw UTIError(.invalidInput, "\(representation.type): unknown converter \(name)")
            }
            try Self.checkReadable(resolve(path))
            // What the encoder would refuse (an image over the pixel limit), a dry run refuses too.
            try converter?.check?(.path(resolve(path)))
        case .handler:
            throw UTIError(.invalidInput, "\(representation.type): is produced by code in the source program, which a loader of files cannot run")
        }
    }

    /// Fails as reading would: the path must exist and be readable (a folder also searchable).
    static func checkReadable(_ path: String) throws(UTIError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileContents.error(path: path, errno: errno) }
        let needed = status.st_mode & S_IFMT == S_IFDIR ? R_OK | X_OK : R_OK
        guard access(path, needed) == 0 else { throw FileContents.error(path: path, errno: errno) }
    }

    /// The bytes of a representation: a file's contents (a folder's as zip), an inline value, or
    /// a derived representation's converter applied to what it derives from.
    private func produce(
        _ representation: Representation, in item: DragItem, write: (ArraySlice<UInt8>) throws(UTIError) -> Void, depth: Int
    ) throws(UTIError) {
        switch representation.source {
        case .value(let value):
            try write(Array(value.utf8)[...])
        case .path(let path):
            let resolved = resolve(path)
            var status = stat()
            guard stat(resolved, &status) == 0 else { throw FileContents.error(path: resolved, errno: errno) }
            if status.st_mode & S_IFMT == S_IFDIR {
                try refuseIfOutputIsInside(resolved)
                try converters.converter(named: "folder-to-zip")!.transform(.path(resolved), write)
            } else {
                try FileContents.stream(path: resolved, write)
            }
        case .derived(let from, let name):
            guard depth < 4, let converter = converters.converter(named: name),
                let source = item.provider.representation(forType: from)
            else {
                throw UTIError(.invalidInput, "\(representation.type): cannot be derived from \(from) by \(name)")
            }
            let input: ConversionInput
            if case .path(let path) = source.source {
                input = .path(resolve(path))
                try refuseIfOutputIsInside(resolve(path))
            } else {
                var bytes: [UInt8] = []
                try produce(source, in: item, write: { (piece) throws(UTIError) in bytes.append(contentsOf: piece) }, depth: depth + 1)
                input = .bytes(bytes)
            }
            try converter.transform(input, write)
        case .object(let className, let path, let name):
            guard let path else { throw Self.unencodable(representation.type, className: className) }
            let resolved = resolve(path)
            try refuseIfOutputIsInside(resolved)
            guard let name else { return try FileContents.stream(path: resolved, write) }
            guard let converter = converters.converter(named: name) else {
                throw UTIError(.invalidInput, "\(representation.type): unknown converter \(name)")
            }
            try converter.transform(.path(resolved), write)
        case .handler:
            throw UTIError(.invalidInput, "\(representation.type): is produced by code in the source program, which a loader of files cannot run")
        }
    }

    private func resolve(_ path: String) -> String { joinPath(base, path) }

    /// The permission bits of a loaded file: its source file's, masked by the umask (never wider
    /// than the source: a 0600 key arrives 0600), or what the umask allows for an inline value.
    /// A folder loaded as a zip archive keeps its read and write bits, not its search bits.
    private func permissions(of representation: Representation, in item: DragItem, depth: Int) -> mode_t {
        let path: String?
        switch representation.source {
        case .path(let source): path = source
        case .object(_, let source, _): path = source
        case .derived(let from, _):
            guard depth < 4, let source = item.provider.representation(forType: from)
            else { return FileModes.new }
            return permissions(of: source, in: item, depth: depth + 1)
        case .value, .handler: path = nil
        }
        var status = stat()
        guard let path, stat(resolve(path), &status) == 0 else { return FileModes.new }
        let mode = FileModes.copy(of: status.st_mode)
        return status.st_mode & S_IFMT == S_IFDIR ? mode & 0o666 : mode
    }

    /// The error for a type an object writes that uti cannot produce from the object's file.
    static func unencodable(_ type: String, className: String) -> UTIError {
        UTIError(.invalidInput, "\(type): \(className) would encode it, and uti has no encoder for it from this file (load a type the file already has)")
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Copies a folder into a temporary folder here, then gives it the first free name: the same
    /// guarantees as files (atomic, never over anything). Files, folders and symbolic links are
    /// copied; FIFOs, sockets and devices are not (and are never opened).
    private func copyFolderAtomically(_ source: String, named name: (stem: String, extension: String?)) throws(UTIError) -> String {
        let output = try outputFolder()
        let (temporary, descriptor) = try output.makeLockedTemporary(prefix: temporaryPrefix(), folder: true)
        let copy = OpenFolder(adopting: descriptor, path: folder + "/" + temporary)
        defer { output.removeTree(temporary) }  // nothing is there any more once it is renamed
        try Self.copyContents(of: source, into: copy)
        // Claim the name with mkdir (which fails on anything there), then put the copy there.
        let result = try claimFreeName(name) { (candidate) throws(UTIError) -> Bool in
            guard mkdirat(output.descriptor, candidate, 0o755) == 0 else { return false }
            guard renameat(output.descriptor, temporary, output.descriptor, candidate) == 0 else {
                let failure = FileContents.error(path: folder + "/" + candidate, errno: errno)
                unlinkat(output.descriptor, candidate, AT_REMOVEDIR)
                throw failure
            }
            return true
        }
        var status = stat()
        if stat(source, &status) == 0 { fchmod(copy.descriptor, FileModes.copy(of: status.st_mode)) }
        return folder + "/" + result
    }

    /// `.uti-load-PID-`, which `makeLockedTemporary` completes with six random characters.
    private func temporaryPrefix() -> String { Self.temporaryPrefix + "\(getpid())-" }

    /// The first free name of `photo.png`, `photo 2.png`, ... that `claim` takes in the output
    /// folder: it returns true when it took the name, false when something is already there
    /// (EEXIST), and throws otherwise. Where the last search for this name stopped is
    /// remembered, so thousands of items with one name are placed in linear time.
    private func claimFreeName(
        _ name: (stem: String, extension: String?), _ claim: (String) throws(UTIError) -> Bool
    ) throws(UTIError) -> String {
        let key = name.stem + "\u{0}" + (name.extension ?? "")
        let first = nextSuffix.value(for: key)
        for attempt in first..<(first + 10_000) {
            let stem = attempt == 1 ? name.stem : "\(name.stem) \(attempt)"
            let candidate = stem + (name.extension.map { "." + $0 } ?? "")
            if try claim(candidate) {
                nextSuffix.set(attempt + 1, for: key)
                return candidate
            }
            guard errno == EEXIST else { throw FileContents.error(path: folder + "/" + candidate, errno: errno) }
        }
        throw UTIError(.ioError, "\(folder): no free name for \(name.stem) among 10,000 tries")
    }

    private static func copyContents(of source: String, into target: OpenFolder) throws(UTIError) {
        for child in try FileContents.entries(ofFolder: source) {
            let name = String(decoding: child, as: UTF8.self)
            let from = source + "/" + name
            let to = target.path + "/" + name
            var status = stat()
            guard lstat(from, &status) == 0 else { throw FileContents.error(path: from, errno: errno) }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard mkdirat(target.descriptor, name, mode_t(status.st_mode & 0o7777) | 0o700) == 0 else {
                    throw FileContents.error(path: to, errno: errno)
                }
                try copyContents(of: from, into: try OpenFolder(in: target, name: name))
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(from, &buffer, buffer.count - 1)
                guard count >= 0 else { throw FileContents.error(path: from, errno: errno) }
                buffer[count] = 0
                guard symlinkat(buffer, target.descriptor, name) == 0 else { throw FileContents.error(path: to, errno: errno) }
            case S_IFREG:
                let descriptor = openat(
                    target.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, FileModes.copy(of: status.st_mode))
                guard descriptor >= 0 else { throw FileContents.error(path: to, errno: errno) }
                defer { close(descriptor) }
                try FileContents.stream(path: from, followSymlinks: false) { (piece) throws(UTIError) in
                    try FileContents.write(piece, to: descriptor, path: to)
                }
            default:
                continue
            }
        }
    }

    /// Archiving a folder into a folder inside it would archive its own growing output; like
    /// the Finder, uti refuses to copy a folder into itself.
    private func refuseIfOutputIsInside(_ source: String) throws(UTIError) {
        var status = stat()
        guard stat(source, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
            let sourceReal = Self.realPath(source), let outputReal = Self.realPath(location)
        else { return }
        if outputReal == sourceReal || outputReal.hasPrefix(sourceReal == "/" ? "/" : sourceReal + "/") {
            throw UTIError(.invalidInput, "\(source): cannot be loaded into \(folder), which is inside it")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes through `body` into a temporary file in the folder, then links it under the first
    /// free name (`photo.png`, `photo 2.png`, ...). On failure nothing is left behind.
    private func writeAtomically(
        named name: (stem: String, extension: String?), mode: mode_t,
        _ body: ((ArraySlice<UInt8>) throws(UTIError) -> Void) throws(UTIError) -> Void
    ) throws(UTIError) -> String {
        let output = try outputFolder()
        let (temporary, descriptor) = try output.makeLockedTemporary(prefix: temporaryPrefix(), folder: false)
        temporaries?.writing(temporary, in: output.descriptor)
        defer {
            unlinkat(output.descriptor, temporary, 0)  // the result, if any, is another link to the same file
            close(descriptor)
            temporaries?.finished(temporary)
        }
        // Errors name the file being made, not the temporary the user never asked for.
        let destination = folder + "/" + name.stem + (name.extension.map { "." + $0 } ?? "")
        try body { (piece) throws(UTIError) in try FileContents.write(piece, to: descriptor, path: destination) }
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw FileContents.error(path: destination, errno: errno) }
        let result = try claimFreeName(name) { (candidate) throws(UTIError) -> Bool in
            linkat(output.descriptor, temporary, output.descriptor, candidate, 0) == 0
        }
        return folder + "/" + result
    }

    /// A safe file name from a suggested name: no `/` or `\`, no control characters, no leading
    /// dots or spaces, not `..`, at most 200 bytes; `item N` when nothing is left.
    public static func fileName(suggested: String?, index: Int, extension ext: String?) -> (stem: String, extension: String?) {
        // One pass over the name whatever its length (1.6 million leading dots took 18 s when
        // each was removed from the front in turn): leading dots and spaces skipped, at most 200
        // bytes kept, trailing spaces dropped.
        var scalars = String.UnicodeScalarView()
        var bytes = 0
        for scalar in (suggested ?? "").unicodeScalars {
            if scalars.isEmpty && (scalar == "." || scalar == " ") { continue }
            let replaced: Unicode.Scalar
            if scalar == "/" || scalar == "\\" {
                replaced = "-"
            } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                replaced = "_"
            } else {
                replaced = scalar
            }
            bytes += UTF8.width(replaced)
            guard bytes <= 200 else { break }
            scalars.append(replaced)
        }
        var stem = String(scalars)
        while let last = stem.last, last == " " { stem.removeLast() }
        if let ext, stem.caseFolded.hasSuffix("." + ext.caseFolded) { stem.removeLast(ext.count + 1) }
        if stem.isEmpty || stem == ".." { stem = "item \(index + 1)" }
        return (stem, ext)
    }
}

/// The next suffix to try for each name stem in one folder.
final class SuffixMemo: @unchecked Sendable {
    private var table: [String: Int] = [:]
    func value(for key: String) -> Int { table[key] ?? 1 }
    func set(_ value: Int, for key: String) { table[key] = value }
}

/// A loader's output folder, opened at the first need and then kept.
final class OpenedFolder: @unchecked Sendable {
    private let lock = Lock()
    private var folder: OpenFolder?

    func get(_ open: () throws(UTIError) -> OpenFolder) throws(UTIError) -> OpenFolder {
        let result = lock.withLock { () -> Result<OpenFolder, UTIError> in
            if let folder { return .success(folder) }
            let made = Result { () throws(UTIError) in try open() }
            if case .success(let opened) = made { folder = opened }
            return made
        }
        return try result.get()
    }
}

/// What a loader tells its caller of the temporary files it writes (each in the output folder,
/// removed or linked under its final name before the load returns): a caller that installs signal
/// handlers removes the one being written when the process is interrupted, so that no partial
/// file survives.
public protocol TemporaryFileReporter: Sendable {
    /// `name`, in the folder open as `folder` (a descriptor), is being written.
    func writing(_ name: String, in folder: Int32)
    /// `name` was linked under its final name or removed.
    func finished(_ name: String)
}

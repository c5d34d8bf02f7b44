import FileAccess
import SharedMIMEInfo
import TypeInference
import UniformTypes

/// One thing to identify: a path, standard input, or a problem found while listing paths.
enum PathItem {
    case path(RawPath)
    case standardInput
    case failure(RawPath, UTIError)
}

/// What `-r` walks: by default files only (not the directories themselves), no hidden entries,
/// and nothing that a `.gitignore` or `.ignore` file in the walked folders excludes, as ripgrep
/// and fd walk.
struct WalkOptions {
    /// `--directories`: list the directories walked too.
    var directories = false
    /// `--hidden`: enter and list names that start with a dot.
    var hidden = false
    /// `--no-ignore`: do not read `.gitignore` and `.ignore` files.
    var ignoreFiles = true
    /// `--exclude GLOB`: names (or paths relative to the walked argument, when the glob has a
    /// slash) to leave out.
    var excludes: [String] = []
    /// `--max-depth N`: how many levels below an argument to go (1: its entries only).
    var maxDepth: Int?
    /// The environment the walk reads git's global excludes file by (HOME, XDG_CONFIG_HOME).
    var variable: @Sendable (String) -> String? = { _ in nil }
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
    /// The shared-mime-info database whose globs name packages too.
    private let database: SharedMIMEDatabase?
    private let walk: WalkOptions
    /// A directory being listed: the entries not yet returned (last first, so that taking the
    /// next is constant time and a folder of a million names is walked in linear time), how deep
    /// it is below the argument, its path relative to the argument, and the ignore rules in
    /// force there.
    private struct Frame {
        var entries: [RawPath]
        let depth: Int
        let relative: [String]
        let rules: [IgnoreRules]
    }
    /// Directories still to expand (a stack).
    private var pending: [Frame] = []
    private var visited = Set<[UInt64]>()
    /// Folders that could not be listed, reported before the walk goes on.
    private var failures: [PathItem] = []
    private let excludes: [IgnoreRules.Rule]
    /// Where relative paths are looked up; the items keep them as given.
    private let workingFolder: WorkingFolder

    init(
        arguments: [PathItem], lines: LineReader?, recursive: Bool, followSymlinks: Bool, catalog: TypeCatalog, database: SharedMIMEDatabase?,
        walk: WalkOptions = WalkOptions(), workingFolder: WorkingFolder = .current
    ) {
        self.workingFolder = workingFolder
        self.arguments = arguments.reversed()
        self.lines = lines
        self.recursive = recursive
        self.followSymlinks = followSymlinks
        self.catalog = catalog
        self.database = database
        self.walk = walk
        excludes = walk.excludes.compactMap(IgnoreRules.Rule.init(line:))
    }

    mutating func next() -> PathItem? {
        if !failures.isEmpty { return failures.removeFirst() }
        while !pending.isEmpty {
            let top = pending.count - 1
            if pending[top].entries.isEmpty {
                pending.removeLast()
                continue
            }
            let path = pending[top].entries.removeLast()
            let frame = pending[top]
            let name = path.lastComponent
            if !walk.hidden && name.hasPrefix(".") { continue }
            var status = stat()
            let isDirectory =
                workingFolder.locate(path).withCString { followSymlinks ? stat($0, &status) : lstat($0, &status) } == 0
                && (status.st_mode & S_IFMT) == S_IFDIR
            let relative = frame.relative + [name]
            if excludes.contains(where: { $0.matches(relative, isDirectory: isDirectory) }) { continue }
            if walk.ignoreFiles, IgnoreRules.ignores(frame.rules, path: relative, isDirectory: isDirectory) { continue }
            if isDirectory, catalog.packageType(forFolderNamed: name, database: database) == nil {
                expand(path, depth: frame.depth + 1, relative: relative, rules: frame.rules)
                if walk.directories { return .path(path) }
                continue
            }
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
        // A directory named as an argument is walked with -r; listed only with --directories.
        // --max-depth 0 is the arguments themselves, as find's -maxdepth 0: a folder is listed.
        if recursive, walk.maxDepth != 0, case .path(let path) = item {
            // Inside a Git repository, the rules above the argument apply (ripgrep's way).
            var above: [IgnoreRules] = []
            if walk.ignoreFiles {
                do throws(UTIError) {
                    above = try IgnoreRules.above(workingFolder.locate(path), variable: walk.variable)
                } catch {
                    failures.append(.failure(path, error))
                }
            }
            if expand(path, depth: 0, relative: [], rules: above), !walk.directories { return next() }
        }
        return item
    }

    /// With `-r`, queues the entries of `path` when it is a directory that is not a package (and
    /// not deeper than --max-depth allows); whether it was such a directory.
    @discardableResult
    private mutating func expand(_ path: RawPath, depth: Int, relative: [String], rules: [IgnoreRules]) -> Bool {
        guard recursive else { return false }
        var status = stat()
        let result = workingFolder.locate(path).withCString { followSymlinks ? stat($0, &status) : lstat($0, &status) }
        guard result == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return false }
        guard catalog.packageType(forFolderNamed: path.lastComponent, database: database) == nil else { return false }
        if let maxDepth = walk.maxDepth, depth >= maxDepth { return true }
        if followSymlinks {
            guard visited.insert([UInt64(truncatingIfNeeded: status.st_dev), UInt64(status.st_ino)]).inserted else { return true }
        }
        do {
            var inForce = rules
            if walk.ignoreFiles, let own = try IgnoreRules(folder: path, relative: relative, in: workingFolder) { inForce.append(own) }
            let entries = try FileContents.entries(ofFolder: path.bytes, in: workingFolder).reversed().map { path.appending($0) }
            pending.append(Frame(entries: entries, depth: depth, relative: relative, rules: inForce))
        } catch {
            // Never skipped in silence: the walk reports the folder and exits 1 at the end.
            failures.append(.failure(path, error))
        }
        return true
    }
}

/// The rules of one folder's `.gitignore` and `.ignore` files (gitignore(5)): blank lines and
/// `#` comments skipped; `!` negates; a trailing `/` matches directories only; a pattern with
/// a slash before its end is anchored to the folder, one without matches a name at any depth;
/// `*`, `?`, `[...]` within a name and `**` across folders. The last rule that matches decides,
/// the deeper folder's after the shallower's. Inside a Git repository the rules above the walked
/// argument apply too, as ripgrep applies them: git's global excludes file, then `info/exclude`,
/// then every `.gitignore` and `.ignore` from the repository's root down (`IgnoreRules.above`).
struct IgnoreRules {
    struct Rule {
        let components: [String]
        let anchored: Bool
        let negated: Bool
        let directoryOnly: Bool

        init?(line: String) {
            var text = Substring(line)
            while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            negated = text.hasPrefix("!")
            if negated { text = text.dropFirst() }
            if text.hasPrefix("\\") { text = text.dropFirst() }
            directoryOnly = text.hasSuffix("/")
            while text.hasSuffix("/") { text = text.dropLast() }
            guard !text.isEmpty else { return nil }
            anchored = text.dropLast().contains("/")
            // `**/**` means what `**` means; `.` names the folder itself.
            var parts: [String] = []
            for part in text.split(separator: "/").map(String.init) where part != "." && !(part == "**" && parts.last == "**") {
                parts.append(part)
            }
            guard !parts.isEmpty else { return nil }
            components = parts
        }

        /// Whether the rule matches a path (components relative to the rule's folder).
        func matches(_ path: [String], isDirectory: Bool) -> Bool {
            if directoryOnly && !isDirectory { return false }
            guard anchored else { return path.last.map { Self.match(components[0], $0) } ?? false }
            return Self.match(components, path[...])
        }

        /// Whether the pattern's components match the path's, `**` standing for any number of
        /// folders: a table of (pattern position, path position) filled from the end, so the
        /// time is the product of the two lengths whatever the number of `**` (backtracking was
        /// exponential in it).
        private static func match(_ pattern: [String], _ path: ArraySlice<String>) -> Bool {
            let path = Array(path)
            let width = path.count + 1
            // matches[i * width + j]: pattern[i...] matches path[j...].
            var matches = [Bool](repeating: false, count: (pattern.count + 1) * width)
            matches[pattern.count * width + path.count] = true
            for i in stride(from: pattern.count - 1, through: 0, by: -1) {
                for j in stride(from: path.count, through: 0, by: -1) {
                    if pattern[i] == "**" {
                        matches[i * width + j] = matches[(i + 1) * width + j] || (j < path.count && matches[i * width + j + 1])
                    } else {
                        matches[i * width + j] = j < path.count && matches[(i + 1) * width + j + 1] && match(pattern[i], path[j])
                    }
                }
            }
            return matches[0]
        }

        /// One name against one pattern component (a leading dot matched like any character).
        private static func match(_ pattern: String, _ name: String) -> Bool {
            pattern == name || Glob.Pattern("." + pattern).matches("." + name)
        }
    }

    /// The rules' folder relative to the walked argument (below it, or the argument itself).
    let relative: [String]
    /// For rules from above the argument: the argument's path relative to their folder, which a
    /// path below the argument is matched under.
    let above: [String]
    let rules: [Rule]

    /// The rules of `folder`'s `.gitignore` then `.ignore`, or nil when it has neither. A file of
    /// more than `Limits.ignoreRules` rules, or with a rule longer than `Limits.globLength`, is
    /// an error (every entry below is matched against every rule).
    init?(folder: RawPath, relative: [String], above: [String] = [], in workingFolder: WorkingFolder = .current) throws(UTIError) {
        var rules: [Rule] = []
        for file in [".gitignore", ".ignore"] {
            try Self.read(folder.appending(Array(file.utf8)).description, in: workingFolder, into: &rules)
        }
        guard !rules.isEmpty else { return nil }
        self.relative = relative
        self.above = above
        self.rules = rules
    }

    /// The rules of one file whose patterns are relative to a folder `above` the argument (git's
    /// `info/exclude` and global excludes, relative to the repository's root), or nil.
    init?(file: String, above: [String]) throws(UTIError) {
        var rules: [Rule] = []
        try Self.read(file, into: &rules)
        guard !rules.isEmpty else { return nil }
        relative = []
        self.above = above
        self.rules = rules
    }

    private static func read(_ path: String, in folder: WorkingFolder = .current, into rules: inout [Rule]) throws(UTIError) {
        guard let bytes = try? FileContents.read(path: path, in: folder, limit: Limits.documentBytes) else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            guard line.utf8.count <= Limits.globLength else {
                throw Limits.exceeded("\(path): a rule", "glob-length", Limits.globLength)
            }
            guard let rule = Rule(line: String(line)) else { continue }
            rules.append(rule)
            guard rules.count <= Limits.ignoreRules else {
                throw Limits.exceeded("\(path): more rules than uti reads", "ignore-rules", Limits.ignoreRules)
            }
        }
    }

    /// The rules above `argument` when it is inside a Git repository, lowest precedence first:
    /// git's global excludes file (`core.excludesFile` of `~/.gitconfig`, else
    /// `$XDG_CONFIG_HOME/git/ignore` or `~/.config/git/ignore`), the repository's `info/exclude`,
    /// then the `.gitignore` and `.ignore` of every folder from the root down to the argument's
    /// parent (the argument's own are read as it is walked). Outside a repository, none.
    static func above(_ argument: RawPath, variable: (String) -> String?) throws(UTIError) -> [IgnoreRules] {
        guard let resolved = argument.withCString({ realpath($0, nil) }) else { return [] }
        let absolute = String(cString: resolved)
        free(resolved)
        let components = absolute.split(separator: "/").map(String.init)
        func folder(_ count: Int) -> String { "/" + components.prefix(count).joined(separator: "/") }
        func git(_ count: Int) -> String { joinPath(folder(count), ".git") }
        var status = stat()
        guard let root = stride(from: components.count, through: 0, by: -1).first(where: { lstat(git($0), &status) == 0 }) else { return [] }
        let rootPath = folder(root)
        let gitPath = git(root)
        var result: [IgnoreRules] = []
        let below = Array(components[root...])
        if let global = globalExcludesFile(variable: variable), let rules = try IgnoreRules(file: global, above: below) {
            result.append(rules)
        }
        // A worktree's or submodule's .git is a file naming its git directory.
        var gitDirectory = gitPath
        if lstat(gitPath, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            let text = try? FileContents.read(path: gitPath, limit: 4096),
            let line = String(decoding: text, as: UTF8.self).split(separator: "\n").first, line.hasPrefix("gitdir: ")
        {
            let named = String(line.dropFirst(8)).trimmingSpaces()
            gitDirectory = named.hasPrefix("/") ? named : rootPath + "/" + named
        }
        if let rules = try IgnoreRules(file: gitDirectory + "/info/exclude", above: below) { result.append(rules) }
        for count in root..<components.count {
            if let rules = try IgnoreRules(folder: RawPath(folder(count)), relative: [], above: Array(components[count...])) {
                result.append(rules)
            }
        }
        return result
    }

    /// git's global excludes file: core.excludesFile in ~/.gitconfig when it names one, else
    /// $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore.
    static func globalExcludesFile(variable: (String) -> String?) -> String? {
        let home = variable("HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
        if let home, let bytes = try? FileContents.read(path: home + "/.gitconfig", limit: Limits.documentBytes) {
            var inCore = false
            for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let line = String(raw).trimmingSpaces()
                if line.hasPrefix("[") {
                    inCore = line.lowercased().hasPrefix("[core]")
                    continue
                }
                guard inCore, let equals = line.firstIndex(of: "="),
                    line[..<equals].trimmingSpaces().lowercased() == "excludesfile"
                else { continue }
                var value = String(line[line.index(after: equals)...]).trimmingSpaces()
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                if value.hasPrefix("~/") { return home + value.dropFirst() }
                if value.hasPrefix("/") { return value }
            }
        }
        if let config = variable("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/git/ignore" }
        return home.map { $0 + "/.config/git/ignore" }
    }

    /// Whether the rules in force (shallowest first) ignore the path (relative to the argument).
    static func ignores(_ stack: [IgnoreRules], path: [String], isDirectory: Bool) -> Bool {
        var ignored = false
        for set in stack {
            let local: [String]
            if !set.above.isEmpty {
                local = set.above + path
            } else if path.count > set.relative.count && Array(path.prefix(set.relative.count)) == set.relative {
                local = Array(path.dropFirst(set.relative.count))
            } else {
                continue
            }
            for rule in set.rules where rule.matches(local, isDirectory: isDirectory) { ignored = !rule.negated }
        }
        return ignored
    }
}

/// Reads newline- or NUL-separated names from a file or standard input, a chunk at a time.
final class LineReader {
    let name: String
    private let descriptor: Int32
    /// Whether the descriptor is the reader's own (a file it opened), to close.
    private let ownsDescriptor: Bool
    private let separator: UInt8
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    static let lineLimit = Limits.listedNameBytes

    /// Names from the file at `path` (relative to `folder`), or from `standardInput` (the
    /// context's, not closed) for `-`.
    init(path: String, in folder: WorkingFolder = .current, separator: UInt8, standardInput: Int32) throws(UTIError) {
        name = path
        self.separator = separator
        if path == "-" {
            descriptor = standardInput
            ownsDescriptor = false
        } else {
            ownsDescriptor = true
            let opened = open(folder.locate(path), O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else { throw FileContents.error(path: path, errno: errno) }
            var status = stat()
            if fstat(opened, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                close(opened)
                throw UTIError(.invalidInput, "\(path): is a directory, not a list of paths")
            }
            descriptor = opened
        }
    }

    deinit { if ownsDescriptor { close(descriptor) } }

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
            let bytes = Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
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

import FileAccess
import UniformTypes

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The system's shared-mime-info database (freedesktop.org's, as GLib, KDE and `xdg-mime` use
/// it): its MIME types, their parents and aliases, file-name globs, XML root elements, and the
/// magic rules of `mime.cache`. uti reads it at run time as a source of type declarations below
/// Apple's, and as a second content sniffer beside libmagic.
///
/// The database is found as the spec says: `mime/` under `$XDG_DATA_HOME` (default
/// `~/.local/share`) and each folder of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`;
/// Homebrew's `share` folders are added on macOS), the first folder that has a `mime.cache` of a
/// version uti reads. Text files are read whole (they are small: bounded by
/// `Limits.documentBytes`); `mime.cache` is read into memory once (never mapped, so a cache
/// truncated under uti cannot end it with SIGBUS), checked whole before it is used (a damaged one
/// is refused, with a warning), and every offset in it is checked again before it is followed.
public final class SharedMIMEDatabase: @unchecked Sendable {
    /// The `mime` folder the database was read from.
    public let folder: String
    private let cache: CacheFile
    /// What is read or built when first needed, each behind a lock of its own: plain fields, not
    /// a generic box each (every box's type was runtime metadata to instantiate at every start).
    /// The text files, parsed when first needed: one-shot commands that only look MIME types up
    /// use `mime.cache`'s sorted tables and never parse them.
    private let parsedLock = Lock()
    private var parsed: Tables?
    private let fileNamesLock = Lock()
    private var fileNames: [FileNameGlob]?
    private let literalNamesLock = Lock()
    private var literalNames: [String: (position: Int, glob: FileNameGlob)]?

    struct Tables {
        var types: [String]
        var extensions: [String: [String]]
        /// Extension -> how many MIME types claim it.
        var claims: [String: Int]
    }

    /// A glob of the database that names whole files rather than an extension: a literal name
    /// (`core`, `meson.build`, `ChangeLog`) or a name's start (`makefile.*`, `readme*`).
    public struct FileNameGlob: Equatable, Sendable {
        /// The literal name, or the text before the final `*`.
        public let text: String
        /// Whether the glob names a name's start (`readme*`) rather than a whole name.
        public let isPrefix: Bool
        /// Whether the glob said `case-sensitive="true"` (the spec's default is to ignore case).
        public let isCaseSensitive: Bool
        /// The glob's weight, 0 to 100 (50 unless the database says otherwise).
        public let weight: Int
        /// The MIME type the glob gives a matching name.
        public let mimeType: String
        /// `text` as names are compared with it: lowercased unless the glob is case-sensitive.
        private let key: String

        init(text: String, isPrefix: Bool, isCaseSensitive: Bool, weight: Int, mimeType: String) {
            self.text = text
            self.isPrefix = isPrefix
            self.isCaseSensitive = isCaseSensitive
            self.weight = weight
            self.mimeType = mimeType
            key = isCaseSensitive ? text : text.lowercased()
        }

        /// Whether a file called `name` matches.
        public func matches(_ name: String) -> Bool { matches(name, lowercased: name.lowercased()) }

        /// The same, with the name's lowercase made once for all the globs tried.
        public func matches(_ name: String, lowercased: String) -> Bool {
            let file = isCaseSensitive ? name : lowercased
            return isPrefix ? file.hasPrefix(key) && file.utf8.count > key.utf8.count : file == key
        }
    }

    /// An XML document's root element as the database's `<root-XML>` rules name it.
    public struct XMLRoot: Hashable, Sendable {
        /// The root element's namespace URI; empty for none.
        public let namespace: String
        /// The root element's name without a prefix.
        public let localName: String

        /// The root element `localName` in `namespace`.
        public init(namespace: String, localName: String) {
            self.namespace = namespace
            self.localName = localName
        }
    }

    /// The system's database as `environment` finds it (`XDG_DATA_HOME`, `HOME`, `XDG_DATA_DIRS`),
    /// opened once per set of folders and then shared; nil when none is installed (uti then works
    /// on its own catalog, and `uti --version` says so) or `UTI_SHARED_MIME_INFO=0`. A damaged
    /// cache is refused (`refusals(in:)`) and the next folder tried.
    public static func system(in environment: Environment) -> SharedMIMEDatabase? { lookup(in: environment).database }

    /// The damaged caches `system(in:)` refused for `environment`, with why (the command line
    /// prints each as a warning, and `uti --version` lists them).
    public static func refusals(in environment: Environment) -> [UTIError] { lookup(in: environment).refused }

    /// What `environment`'s search finds: the database and the caches refused before it; looked
    /// for once per set of folders.
    private static func lookup(in environment: Environment) -> (database: SharedMIMEDatabase?, refused: [UTIError]) {
        if environment["UTI_SHARED_MIME_INFO"] == "0" { return (nil, []) }
        let folders = searchFolders(in: environment)
        let key = folders.joined(separator: ":")
        return opened.withLock {
            if let found = openedByFolders[key] { return found }
            var refused: [UTIError] = []
            var database: SharedMIMEDatabase?
            for folder in folders {
                if let known = openedByFolder[folder] {
                    database = known
                    break
                }
                do throws(UTIError) {
                    if let found = try SharedMIMEDatabase(checking: folder) {
                        openedByFolder[folder] = found
                        database = found
                        break
                    }
                } catch {
                    // Refused, and said by the caller (`refusals(in:)`): the next folder (or uti's
                    // own catalog) answers instead.
                    refused.append(error)
                }
            }
            openedByFolders[key] = (database, refused)
            return (database, refused)
        }
    }

    private static let opened = Lock()
    /// The databases opened so far, by their search folders: a `mime.cache` is mapped once per
    /// process however many requests ask for it.
    nonisolated(unsafe) private static var openedByFolders: [String: (database: SharedMIMEDatabase?, refused: [UTIError])] = [:]
    /// The same databases by their own folder, so that two environments that find one database
    /// share it (and the catalog built on it).
    nonisolated(unsafe) private static var openedByFolder: [String: SharedMIMEDatabase] = [:]

    /// The `mime` folders the spec names, most important first, as `environment` sets them.
    public static func searchFolders(in environment: Environment) -> [String] {
        var roots: [String] = []
        if let home = environment.nonEmpty("XDG_DATA_HOME") {
            roots.append(home)
        } else if let home = environment.nonEmpty("HOME") {
            roots.append(home + "/.local/share")
        }
        roots += (environment.nonEmpty("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        #if canImport(Darwin)
        roots += ["/opt/homebrew/share", "/usr/local/share"]
        #endif
        // A few roots: an array, not a Set (a set of strings is a generic type to instantiate,
        // a fortieth of a one-shot identify's time, and no other code of that path needs one).
        var kept: [String] = []
        for root in roots where root.hasPrefix("/") && !kept.contains(root) { kept.append(root) }
        return kept.map { $0 + "/mime" }
    }

    /// Opens the database in `folder` (a `mime` folder); nil when it has no readable `mime.cache`
    /// of version 1.1 or 1.2 or no `types` file, or when the cache is damaged.
    public convenience init?(folder: String) {
        guard let opened = try? SharedMIMEDatabase(checking: folder) else { return nil }
        self.init(folder: folder, cache: opened.cache)
    }

    /// Opens the database in `folder`: nil when there is none (no cache, another version, no
    /// `types` file); throws, naming the cache and what is wrong, when its cache is damaged
    /// (truncated, an offset outside it, a table out of order, a magic rule that leads outside it).
    public convenience init?(checking folder: String) throws(UTIError) {
        let path = folder + "/mime.cache"
        guard let cache = CacheFile(path: path), cache.count >= 4, cache.uint16(at: 0) == 1,
            (1...2).contains(cache.uint16(at: 2) ?? 0), access(folder + "/types", R_OK) == 0
        else { return nil }
        if let problem = Self.damage(in: cache) {
            throw UTIError(.invalidInput, "\(path): damaged (\(problem)); not used")
        }
        self.init(folder: folder, cache: cache)
    }

    private init(folder: String, cache: CacheFile) {
        self.folder = folder
        self.cache = cache
    }

    /// A database over `mime.cache` bytes alone, with no text files (so no types of its own): uti's
    /// own rules, compiled into the binary, and the fuzz target. Nil for bytes that do not start
    /// like a cache of a version uti reads, or that are damaged.
    public convenience init?(cacheBytes: [UInt8]) {
        guard let cache = CacheFile(bytes: cacheBytes), cache.count >= 4,
            cache.uint16(at: 0) == 1, (1...2).contains(cache.uint16(at: 2) ?? 0), Self.damage(in: cache) == nil
        else { return nil }
        self.init(folder: "/nonexistent", cache: cache)
    }

    /// What is wrong with a cache, or nil when every table can be read: each list's entries lie
    /// inside the file, their strings end inside it, the alias and parent tables are sorted (they
    /// are searched by halves), the suffix tree's nodes and every magic matchlet (iteratively, at
    /// most `maximumDepth` deep and `maximumMatchlets` in all) lie inside it.
    static func damage(in cache: CacheFile) -> String? {
        guard cache.count >= 40 else { return "\(cache.count) bytes, shorter than its header" }
        // In place: making a String or an array of each entry was most of the check's time.
        func string(_ offset: Int?) -> Bool { offset.map(cache.isString) ?? false }
        func list(_ header: Int, entrySize: Int) -> (start: Int, count: Int)? {
            guard let start = cache.uint32(at: header), let count = cache.uint32(at: start),
                count <= (cache.count - start - 4) / entrySize
            else { return nil }
            return (start + 4, count)
        }
        // Aliases and parents: sorted by their first string.
        for (header, name) in [(4, "alias list"), (8, "parent list")] {
            guard let (start, count) = list(header, entrySize: 8) else { return "its \(name) lies outside the file" }
            var previous: Int?
            for index in 0..<count {
                let entry = start + 8 * index
                guard let key = cache.uint32(at: entry), cache.isString(at: key), let value = cache.uint32(at: entry + 4) else {
                    return "\(name) entry \(index) points outside the file"
                }
                if header == 4 {
                    guard string(value) else { return "\(name) entry \(index) points outside the file" }
                } else {
                    guard let parents = cache.uint32(at: value), parents <= 256,
                        (0..<parents).allSatisfy({ string(cache.uint32(at: value + 4 + 4 * $0)) })
                    else { return "\(name) entry \(index) points outside the file" }
                }
                if let previous, cache.compare(stringAt: previous, withStringAt: key) >= 0 { return "its \(name) is not sorted" }
                previous = key
            }
        }
        // Literal names, globs and XML namespaces: strings and a word of flags.
        for (header, name, strings) in [(12, "literal list", 2), (20, "glob list", 2), (28, "namespace list", 3)] {
            guard let (start, count) = list(header, entrySize: 12) else { return "its \(name) lies outside the file" }
            for index in 0..<count where !(0..<strings).allSatisfy({ string(cache.uint32(at: start + 12 * index + 4 * $0)) }) {
                return "\(name) entry \(index) points outside the file"
            }
        }
        // The reverse suffix tree: nodes of (character, MIME type or children count, offset).
        guard let root = cache.uint32(at: 16), let rootCount = cache.uint32(at: root), let rootFirst = cache.uint32(at: root + 4) else {
            return "its suffix tree lies outside the file"
        }
        var branches = [(rootFirst, rootCount)]
        var nodes = 0
        while let (first, count) = branches.popLast() {
            guard count <= cache.count / 12 else { return "its suffix tree lies outside the file" }
            nodes += count
            guard nodes <= cache.count / 12 else { return "its suffix tree has more nodes than the file can hold" }
            for index in 0..<count {
                let node = first + 12 * index
                guard let character = cache.uint32(at: node), let second = cache.uint32(at: node + 4),
                    let third = cache.uint32(at: node + 8)
                else { return "its suffix tree lies outside the file" }
                if character == 0 {
                    guard string(second) else { return "its suffix tree points outside the file" }
                } else if second > 0 {
                    branches.append((third, second))
                }
            }
        }
        // Magic: rules of (priority, type, matchlet count, first matchlet); matchlets of 32 bytes.
        guard let magic = cache.uint32(at: 24), let rules = cache.uint32(at: magic), let first = cache.uint32(at: magic + 8),
            rules <= cache.count / 16, cache.uint32(at: first + 16 * rules - 4) != nil || rules == 0
        else { return "its magic list lies outside the file" }
        var matchlets = 0
        var pending: [(first: Int, count: Int, depth: Int)] = []
        // update-mime-database writes each list of children once; one reached twice is a loop
        // (or a hostile share that would multiply the work of every match).
        var seen = PositionSet(count: cache.count)
        for rule in 0..<rules {
            let entry = first + 16 * rule
            guard string(cache.uint32(at: entry + 4)), let count = cache.uint32(at: entry + 8), let start = cache.uint32(at: entry + 12)
            else { return "magic rule \(rule) points outside the file" }
            pending.append((start, count, 0))
        }
        while let (start, count, depth) = pending.popLast() {
            guard depth < maximumDepth else { return "its magic rules nest deeper than \(maximumDepth) levels" }
            guard count == 0 || start < cache.count else { return "a magic matchlet at \(start) lies outside the file" }
            guard count == 0 || seen.insert(start) else { return "its magic matchlets at \(start) are reached twice (a loop)" }
            matchlets += count
            guard count <= cache.count / 32, matchlets <= maximumMatchlets else { return "its magic rules have more matchlets than uti reads" }
            for index in 0..<count {
                let offset = start + 32 * index
                guard let length = cache.uint32(at: offset + 12), let value = cache.uint32(at: offset + 16),
                    let mask = cache.uint32(at: offset + 20), let children = cache.uint32(at: offset + 24),
                    let firstChild = cache.uint32(at: offset + 28), cache.uint32(at: offset) != nil, cache.uint32(at: offset + 4) != nil,
                    length > 0, length <= cache.count - value, mask == 0 || length <= cache.count - mask
                else { return "a magic matchlet at \(offset) lies outside the file" }
                if children > 0 { pending.append((firstChild, children, depth + 1)) }
            }
        }
        return nil
    }

    /// How deep magic matchlets and `sub-class-of` chains are followed (the system's database
    /// nests a few levels).
    static let maximumDepth = 64
    /// How many magic matchlets a cache may hold in all (the system's has about 3,000).
    static let maximumMatchlets = 1_000_000

    /// When the database was last rebuilt (`mime.cache`'s modification time and size), for caches.
    public var stamp: String { cache.stamp }

    private var tables: Tables {
        parsedLock.value(get: { self.parsed }, set: { self.parsed = $0 }, orBuild: { Self.readTables(folder) })
    }

    /// Every MIME type the database declares, in its `types` file's order.
    public var types: [String] { tables.types }

    /// MIME type -> the extensions of its `*.ext` globs, heaviest first (lowercase).
    public var extensions: [String: [String]] { tables.extensions }

    /// How many of the database's MIME types have a `*.EXT` glob for the extension (lowercase).
    public func claims(forExtension ext: String) -> Int { tables.claims[ext] ?? 0 }

    /// The globs that name whole files, read from `mime.cache`'s literal and glob lists when first
    /// needed: literal names first (as xdgmime looks them up first), then name starts, each
    /// heaviest first. Other patterns (`*.[1-9]`, `*~`) are left out.
    public var fileNameGlobs: [FileNameGlob] {
        fileNamesLock.value(
            get: { self.fileNames }, set: { self.fileNames = $0 },
            orBuild: {
                let globs = readGlobList(at: 12, prefixes: false) + readGlobList(at: 20, prefixes: true)
                // Whole names first, then heavier first, then in the cache's order: positions sorted
                // (an array of tuples sorted by a tuple's order was generic code to instantiate at
                // every start).
                var order = Array(globs.indices)
                order.sort { a, b in
                    if globs[a].isPrefix != globs[b].isPrefix { return !globs[a].isPrefix }
                    if globs[a].weight != globs[b].weight { return globs[a].weight > globs[b].weight }
                    return a < b
                }
                return order.map { globs[$0] }
            })
    }

    /// One of the cache's lists of (pattern, MIME type, weight and flags): the literal list, or
    /// the glob list, from which only a name's start (`makefile.*`) is taken.
    private func readGlobList(at headerOffset: Int, prefixes: Bool) -> [FileNameGlob] {
        guard let list = cache.uint32(at: headerOffset), let count = cache.uint32(at: list), count <= cache.count / 12 else { return [] }
        var globs: [FileNameGlob] = []
        for index in 0..<count {
            let entry = list + 4 + 12 * index
            guard let pattern = cache.uint32(at: entry).flatMap(cache.string), let mimeType = cache.uint32(at: entry + 4).flatMap(cache.string),
                let flags = cache.uint32(at: entry + 8)
            else { continue }
            let isPrefix = pattern.hasSuffix("*")
            guard isPrefix == prefixes else { continue }
            let text = isPrefix ? pattern.dropLast() : Substring(pattern)
            guard !text.isEmpty, !text.contains(where: { "*?[".contains($0) }) else { continue }
            globs.append(
                FileNameGlob(
                    text: String(text), isPrefix: isPrefix, isCaseSensitive: flags & 0x100 != 0, weight: flags & 0xFF,
                    mimeType: mimeType))
        }
        return globs
    }

    /// The first of `fileNameGlobs` that names `name` whole (a literal, not a name's start): a
    /// walk over the whole names when there are at most `literalWalkLimit` (a system's database
    /// names a few dozen, Debian's 21, and making an index cost a one-shot command more than
    /// the walk), else one dictionary lookup for its case-sensitive and one for its lowercase
    /// spelling. `lowercased` is `name.lowercased()`, made once by the caller.
    public func literalGlob(named name: String, lowercased: String) -> FileNameGlob? {
        let globs = fileNameGlobs
        if globs.count <= Self.literalWalkLimit || globs[Self.literalWalkLimit].isPrefix {
            return Self.walkedLiteralGlob(in: globs, named: name, lowercased: lowercased)
        }
        return indexedLiteralGlob(named: name, lowercased: lowercased)
    }

    /// `literalGlob` by a walk over the whole names, which come first in `globs` (the
    /// database's `fileNameGlobs`, already at hand).
    static func walkedLiteralGlob(in globs: [FileNameGlob], named name: String, lowercased: String) -> FileNameGlob? {
        for glob in globs {
            if glob.isPrefix { return nil }
            if glob.matches(name, lowercased: lowercased) { return glob }
        }
        return nil
    }

    /// `literalGlob` by the index of whole names, made at its first use.
    func indexedLiteralGlob(named name: String, lowercased: String) -> FileNameGlob? {
        let index = literalNamesLock.value(
            get: { self.literalNames }, set: { self.literalNames = $0 },
            orBuild: {
                // Keys: "=" and the name for case-sensitive globs, "~" and the lowercase name for the
                // others; the first glob in the list's order wins each key, and keeps its position.
                var built: [String: (position: Int, glob: FileNameGlob)] = [:]
                for (position, glob) in fileNameGlobs.enumerated() where !glob.isPrefix {
                    let key = glob.isCaseSensitive ? "=" + glob.text : "~" + glob.text.lowercased()
                    if built[key] == nil { built[key] = (position, glob) }
                }
                return built
            })
        // Both spellings may match: the one the list puts first, as a walk over it finds.
        return [index["=" + name], index["~" + lowercased]].compactMap { $0 }.min { $0.position < $1.position }?.glob
    }

    /// Up to how many whole-name globs `literalGlob` walks instead of indexing them.
    static let literalWalkLimit = 64

    /// The MIME type the database's whole-name globs give a file called `name`, if any.
    public func mimeType(forFileNamed name: String) -> String? {
        let lowercased = name.lowercased()
        return fileNameGlobs.first { $0.matches(name, lowercased: lowercased) }?.mimeType
    }

    private static func readTables(_ folder: String) -> Tables {
        let types = lines(text(folder + "/types") ?? "").filter { $0.utf8.contains(UInt8(ascii: "/")) }
        // globs2: WEIGHT:TYPE:GLOB[:FLAGS], heaviest first.
        var weighted: [String: [(weight: Int, value: String)]] = [:]
        // update-mime-database writes case-insensitive globs in lowercase, so one with a capital
        // is case-sensitive. An extension tag compares without case, so such a glob becomes one
        // only when no other type's glob is the same but for case (C++'s *.C is not, C's *.c is).
        var capitalized: [(weight: Int, type: String, value: String)] = []
        var lowercaseOwners: [String: String] = [:]
        for line in lines(text(folder + "/globs2") ?? "") {
            // The fields split as bytes (a colon is ASCII), each decoded once.
            let parts = line.utf8.split(separator: UInt8(ascii: ":"), maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[2].starts(with: "*.".utf8), let weight = Int(String(decoding: parts[0], as: UTF8.self)) else { continue }
            let suffixBytes = parts[2].dropFirst(2)
            guard !suffixBytes.isEmpty, !suffixBytes.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") })
            else { continue }
            let suffix = String(decoding: suffixBytes, as: UTF8.self)
            let value = suffix.lowercased()
            let type = String(decoding: parts[1], as: UTF8.self)
            let isASCII = suffixBytes.allSatisfy { $0 < 0x80 }
            if isASCII ? suffixBytes.contains(where: { (0x41...0x5A).contains($0) }) : suffix.contains(where: \.isUppercase) {
                capitalized.append((weight, type, value))
                continue
            }
            lowercaseOwners[value] = lowercaseOwners[value] ?? type
            if !(weighted[type]?.contains { $0.value == value } ?? false) { weighted[type, default: []].append((weight, value)) }
        }
        for (weight, type, value) in capitalized where (lowercaseOwners[value] ?? type) == type {
            if !(weighted[type]?.contains { $0.value == value } ?? false) { weighted[type, default: []].append((weight, value)) }
        }
        // Heaviest first; globs of one weight keep the file's order.
        let extensions = weighted.mapValues { entries in
            entries.enumerated().sorted { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }
                .map(\.element.value)
        }
        var claims: [String: Int] = [:]
        for values in extensions.values { for value in values { claims[value, default: 0] += 1 } }
        return Tables(types: types, extensions: extensions, claims: claims)
    }

    // MARK: - mime.cache tables (sorted, searched in place)

    /// Alias -> canonical MIME type, every entry (for building declarations).
    public var aliases: [String: String] {
        var result: [String: String] = [:]
        guard let list = cache.uint32(at: 4), let count = cache.uint32(at: list), count <= cache.count / 8 else { return result }
        for index in 0..<count {
            if let alias = cache.uint32(at: list + 4 + 8 * index).flatMap(cache.string),
                let target = cache.uint32(at: list + 8 + 8 * index).flatMap(cache.string)
            {
                result[alias] = target
            }
        }
        return result
    }

    /// The canonical spelling of a MIME type (its alias target, else itself).
    public func canonical(_ mimeType: String) -> String {
        guard let list = cache.uint32(at: 4), let found = search(list: list, entrySize: 8, key: mimeType),
            let target = cache.uint32(at: found + 4).flatMap(cache.string)
        else { return mimeType }
        return target
    }

    /// The `sub-class-of` parents the database lists for a (canonical) MIME type.
    public func parents(of mimeType: String) -> [String] {
        guard let list = cache.uint32(at: 8), let found = search(list: list, entrySize: 8, key: mimeType),
            let parents = cache.uint32(at: found + 4), let count = cache.uint32(at: parents), count <= 256
        else { return [] }
        return (0..<count).compactMap { cache.uint32(at: parents + 4 + 4 * $0).flatMap(cache.string) }
    }

    /// The MIME type of XML documents whose root element is `root`.
    public func mimeType(forXMLRoot root: XMLRoot) -> String? {
        guard let list = cache.uint32(at: 28), let count = cache.uint32(at: list), count <= cache.count / 12 else { return nil }
        for index in 0..<count {
            let entry = list + 4 + 12 * index
            guard cache.uint32(at: entry).flatMap(cache.string) == root.namespace,
                cache.uint32(at: entry + 4).flatMap(cache.string) == root.localName
            else { continue }
            return cache.uint32(at: entry + 8).flatMap(cache.string)
        }
        return nil
    }

    /// Binary search of a table sorted by the string its entries' first word points to (as
    /// update-mime-database sorts them, by strcmp); the offset of the matching entry.
    private func search(list: Int, entrySize: Int, key: String) -> Int? {
        guard let count = cache.uint32(at: list), count <= cache.count / entrySize else { return nil }
        let wanted = Array(key.utf8)
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            let entry = list + 4 + entrySize * middle
            guard let offset = cache.uint32(at: entry), let order = cache.compare(at: offset, with: wanted) else { return nil }
            if order == 0 { return entry }
            if order < 0 { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The MIME types `mimeType` is a subclass of, transitively.
    public func supertypes(of mimeType: String) -> [String] {
        var result: [String] = []
        var pending = [canonical(mimeType)]
        var seen = Set(pending)
        while let next = pending.popLast(), seen.count < 256 {
            for parent in parents(of: next).map(canonical) where seen.insert(parent).inserted {
                result.append(parent)
                pending.append(parent)
            }
        }
        return result
    }

    /// Whether `mimeType` is `ancestor` or a subclass of it.
    public func isSubclass(_ mimeType: String, of ancestor: String) -> Bool {
        canonical(mimeType) == canonical(ancestor) || supertypes(of: mimeType).contains(canonical(ancestor))
    }

    /// The human description of a MIME type (its `<comment>` without a language), read from the
    /// type's own file in the database when first asked.
    public func comment(for mimeType: String) -> String? {
        let key = canonical(mimeType)
        if let known = commentsLock.withLock({ comments[key] }) { return known }
        var found: String?
        if let slash = key.firstIndex(of: "/"), !key.contains(".."),
            let text = Self.text("\(folder)/\(key[..<slash])/\(key[key.index(after: slash)...]).xml")
        {
            // The first <comment> without an xml:lang attribute.
            let bytes = Array(text.utf8)
            var position = 0
            while let open = Self.find(Array("<comment".utf8), in: bytes, from: position) {
                guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
                let attributes = String(decoding: bytes[open..<close], as: UTF8.self)
                if !attributes.contains("xml:lang"), let end = Self.find(Array("</comment>".utf8), in: bytes, from: close) {
                    found = Self.unescape(String(decoding: bytes[(close + 1)..<end], as: UTF8.self))
                    break
                }
                position = close
            }
        }
        commentsLock.withLock { comments[key] = found ?? "" }
        return found
    }

    private let commentsLock = Lock()
    private var comments: [String: String] = [:]

    // MARK: - Magic

    /// How many bytes the magic rules look at, at most.
    public var magicExtent: Int {
        guard let list = cache.uint32(at: 24), let extent = cache.uint32(at: list + 4) else { return 0 }
        return extent
    }

    /// Where a matched rule begins: its top-level test that matched, when that compares one value
    /// at one offset without a mask, and how many levels of the tests nested under it matched too
    /// (along the first path that matched, where the evaluation stopped).
    public struct MagicAnchor: Sendable, Equatable {
        /// The byte offset the top-level test compared at.
        public var offset: Int
        /// The bytes it compared.
        public var value: [UInt8]
        /// How many levels of nested tests matched under it (0: the top-level test alone).
        public var depth: Int

        /// An anchor at `offset` comparing `value`, `depth` levels deep.
        public init(offset: Int, value: [UInt8], depth: Int) {
            self.offset = offset
            self.value = value
            self.depth = depth
        }

        /// Whether a rule anchored here tests what a rule anchored at `other` tests, and more: the
        /// same offset, values that agree (one begins the other: `\x1F\x8B` and gzip's
        /// `\x1F\x8B\x08`), and more levels matched below (KWord's `KOffice` at 10 in a gzip
        /// header's file name).
        public func refines(_ other: MagicAnchor) -> Bool {
            offset == other.offset && depth > other.depth && (value.starts(with: other.value) || other.value.starts(with: value))
        }
    }

    /// The MIME type the magic rules give `data`, with the rule's priority (0...100) and where it
    /// begins; rules are tried in the cache's order (highest priority first) and the first that
    /// matches answers, as xdgmime does.
    public func magic(_ data: UnsafeRawBufferPointer) -> (mimeType: String, priority: Int, anchor: MagicAnchor?)? {
        guard let list = cache.uint32(at: 24), let count = cache.uint32(at: list), let first = cache.uint32(at: list + 8),
            count <= cache.count / 16
        else { return nil }
        // A damaged or hostile cache could make the rules take exponential time (children shared
        // between matchlets) or scan every offset of every rule: past a budget of byte positions
        // examined, there is no answer. The system's database uses a few thousand per file.
        var budget = Self.magicBudget
        let rules = magicRules(first: first, count: count)
        return rules.matchlets.withUnsafeBufferPointer { matchlets in
            func answer(_ index: Int) -> (mimeType: String, priority: Int, anchor: MagicAnchor?)?? {
                let rule = rules.rules[index]
                guard rule.isReadable else { return .some(nil) }
                for position in rule.matchlets {
                    guard let levels = matchedLevels(position, matchlets, data, depth: 0, budget: &budget) else { return .some(nil) }
                    if levels >= 0 {
                        guard let type = cache.string(at: rule.typeOffset) else { return .some(nil) }
                        return (type, rule.priority, anchor(matchlets[position], levels: levels))
                    }
                }
                return nil
            }
            return firstAnswer(data, first: first, count: count, answer: answer)
        }
    }

    /// The first rule that answers for `data`, in the cache's order, trying only those the index
    /// says can match.
    private func firstAnswer(
        _ data: UnsafeRawBufferPointer, first: Int, count: Int, answer: (Int) -> (mimeType: String, priority: Int, anchor: MagicAnchor?)??
    ) -> (mimeType: String, priority: Int, anchor: MagicAnchor?)? {
        // Only the rules that can match these bytes, in the cache's order: those whose every
        // top-level matchlet wants the first byte to be this one, and those that look elsewhere.
        guard let index = magicIndex(first: first, count: count) else {
            for rule in 0..<count { if let result = answer(rule) { return result } }
            return nil
        }
        let byByte = data.isEmpty ? [] : index.byFirstByte[Int(data[0])]
        var (i, j) = (0, 0)
        while i < index.elsewhere.count || j < byByte.count {
            let rule: Int
            if j >= byByte.count || (i < index.elsewhere.count && index.elsewhere[i] < byByte[j]) {
                rule = index.elsewhere[i]
                // A rule whose every top-level matchlet compares one unmasked value at one offset
                // can match only where one of those offsets holds its value's first byte.
                let anchors = index.anchorStart[i]..<index.anchorStart[i + 1]
                i += 1
                if !anchors.isEmpty
                    && !anchors.contains(where: { index.anchorOffsets[$0] < data.count && data[index.anchorOffsets[$0]] == index.anchorBytes[$0] })
                {
                    continue
                }
            } else {
                rule = byByte[j]
                j += 1
            }
            if let result = answer(rule) { return result }
        }
        return nil
    }

    /// What the bytes say of one format the database has magic for: `nil` when none of its rules
    /// is at `minimumPriority` or above, else whether one of those matches. `mimeType` is
    /// compared with each rule's type as the database spells it, or by an alias.
    public func signatureVerdict(_ data: UnsafeRawBufferPointer, for mimeType: String, minimumPriority: Int) -> Bool? {
        guard let rules = rulesByType[canonical(mimeType).lowercased()] else { return nil }
        guard let list = cache.uint32(at: 24), let count = cache.uint32(at: list), let first = cache.uint32(at: list + 8),
            count <= cache.count / 16
        else { return nil }
        let decoded = magicRules(first: first, count: count)
        var budget = Self.magicBudget
        var hasRule = false
        return decoded.matchlets.withUnsafeBufferPointer { matchlets -> Bool? in
            for entry in rules {
                let index = (entry - first) / 16
                guard index >= 0, index < decoded.rules.count else { continue }
                let rule = decoded.rules[index]
                guard rule.isReadable, rule.priority >= minimumPriority, !rule.matchlets.isEmpty else { continue }
                hasRule = true
                for position in rule.matchlets {
                    guard let levels = matchedLevels(position, matchlets, data, depth: 0, budget: &budget) else { return nil }
                    if levels >= 0 { return true }
                }
            }
            return hasRule ? false : nil
        }
    }

    /// The magic rules' entries by the canonical, lowercased MIME type they name: built on first
    /// use, once (`signatureVerdict` asks for one type's rules).
    private var rulesByType: [String: [Int]] {
        rulesByTypeLock.value(
            get: { self.rulesByTypeStore }, set: { self.rulesByTypeStore = $0 },
            orBuild: {
                var rules: [String: [Int]] = [:]
                guard let list = cache.uint32(at: 24), let count = cache.uint32(at: list), let first = cache.uint32(at: list + 8),
                    count <= cache.count / 16
                else { return rules }
                for rule in 0..<count {
                    let entry = first + 16 * rule
                    guard let typeOffset = cache.uint32(at: entry + 4), let type = cache.string(at: typeOffset) else { continue }
                    rules[canonical(type).lowercased(), default: []].append(entry)
                }
                return rules
            })
    }

    private let rulesByTypeLock = Lock()
    private var rulesByTypeStore: [String: [Int]]?

    /// The magic rules by what they need at byte 0: a rule whose top-level matchlets all compare
    /// one unmasked value at offset 0 can match only a file starting with one of their first
    /// bytes; one whose matchlets compare single offsets elsewhere, only a file with one of
    /// their first bytes there (a rule skipped so spends none of the budget). Built on the first
    /// magic call; nil for a cache whose rules cannot be read.
    struct MagicIndex {
        var elsewhere: [Int] = []
        /// For each rule of `elsewhere`, the offset and first byte of each of its top-level
        /// matchlets where every one compares one unmasked value at one offset; else none: rule
        /// i's are at `anchorStart[i]..<anchorStart[i + 1]` of `anchorOffsets` and `anchorBytes`
        /// (flat lists: an array per rule was hundreds of allocations at every start).
        var anchorStart = [0]
        var anchorOffsets: [Int] = []
        var anchorBytes: [UInt8] = []
        var byFirstByte = [[Int]](repeating: [], count: 256)
    }

    private let magicIndexLock = Lock()
    /// nil until built; then the index, or nil for a cache whose rules cannot be read.
    private var magicIndexStore: MagicIndex??

    private func magicIndex(first: Int, count: Int) -> MagicIndex? {
        magicIndexLock.value(
            get: { self.magicIndexStore }, set: { self.magicIndexStore = $0 },
            orBuild: {
                // Only when building: every magic call asks for the index.
                let rules = magicRules(first: first, count: count)
                var index = MagicIndex()
                for (number, rule) in rules.rules.enumerated() {
                    guard rule.isReadable else { return nil }
                    // Where each top-level matchlet compares one unmasked value at one offset: those
                    // offsets and the values' first bytes (none when any matchlet compares otherwise),
                    // appended to the flat lists, and taken back when the rule goes by its first byte.
                    let first = index.anchorOffsets.count
                    var atStart = !rule.matchlets.isEmpty
                    for matchlet in rule.matchlets.map({ rules.matchlets[$0] }) {
                        guard matchlet.range <= 1, matchlet.mask == 0, matchlet.length > 0 else {
                            index.anchorOffsets.removeSubrange(first...)
                            index.anchorBytes.removeSubrange(first...)
                            atStart = false
                            break
                        }
                        index.anchorOffsets.append(matchlet.start)
                        index.anchorBytes.append(cache.withBytes { $0[matchlet.value] })
                        atStart = atStart && matchlet.start == 0
                    }
                    if atStart {
                        // Each byte once per rule (rules come in order, so a repeat is the last entry).
                        for byte in index.anchorBytes[first...] where index.byFirstByte[Int(byte)].last != number {
                            index.byFirstByte[Int(byte)].append(number)
                        }
                        index.anchorOffsets.removeSubrange(first...)
                        index.anchorBytes.removeSubrange(first...)
                    } else {
                        index.elsewhere.append(number)
                        index.anchorStart.append(index.anchorOffsets.count)
                    }
                }
                return index
            })
    }

    /// How many byte positions one `magic(_:)` call may examine.
    static let magicBudget = 2_000_000

    /// A matchlet as the cache stores it (32 bytes: offset, range, word size, value length, value,
    /// mask, children and where they begin), read once: a file tries a few hundred, and reading
    /// seven checked big-endian words at each try was most of the rules' time. Its value and mask
    /// stay offsets into the cache; its children are the `children` decoded ones from `firstChild`.
    struct Matchlet {
        var start = 0
        var range = 0
        /// 0 for a matchlet that cannot be read: it never matches (a checked cache has none).
        var length = 0
        var value = 0
        var mask = 0
        var children = 0
        var firstChild = 0
    }

    /// The magic rules with their matchlets decoded: for rule `i` of the cache, its priority,
    /// type and top-level matchlets (positions in `matchlets`, each list of children after them).
    struct MagicRules {
        struct Rule {
            var priority = 0
            var typeOffset = 0
            var matchlets = 0..<0
            /// false for an entry that cannot be read (in a checked cache, none).
            var isReadable = false
        }
        var rules: [Rule] = []
        var matchlets: [Matchlet] = []
    }

    private let magicRulesLock = Lock()
    private var magicRulesStore: MagicRules?

    /// The cache's magic rules decoded, on the first call. A checked cache (`damage(in:)`) holds
    /// every list of children once, at most `maximumMatchlets` in all, so each is decoded once.
    private func magicRules(first: Int, count: Int) -> MagicRules {
        magicRulesLock.value(
            get: { self.magicRulesStore }, set: { self.magicRulesStore = $0 },
            orBuild: {
                var decoded = MagicRules()
                decoded.rules.reserveCapacity(count)
                // Lists of children still to decode: where the parent is, and the list in the cache.
                var pending: [(parent: Int, first: Int, count: Int)] = []
                func append(first: Int, count: Int) -> Range<Int> {
                    let base = decoded.matchlets.count
                    for index in 0..<count {
                        let offset = first + 32 * index
                        var matchlet = Matchlet()
                        if let start = cache.uint32(at: offset), let range = cache.uint32(at: offset + 4),
                            let length = cache.uint32(at: offset + 12), let value = cache.uint32(at: offset + 16),
                            let mask = cache.uint32(at: offset + 20), let children = cache.uint32(at: offset + 24),
                            let firstChild = cache.uint32(at: offset + 28),
                            length > 0, value + length <= cache.count, mask == 0 || mask + length <= cache.count, children <= cache.count / 32
                        {
                            matchlet = Matchlet(start: start, range: range, length: length, value: value, mask: mask, children: children)
                            if children > 0 { pending.append((base + index, firstChild, children)) }
                        }
                        decoded.matchlets.append(matchlet)
                    }
                    return base..<decoded.matchlets.count
                }
                for rule in 0..<count {
                    let entry = first + 16 * rule
                    guard let priority = cache.uint32(at: entry), let typeOffset = cache.uint32(at: entry + 4),
                        let matchlets = cache.uint32(at: entry + 8), let firstMatchlet = cache.uint32(at: entry + 12),
                        matchlets <= cache.count / 32, decoded.matchlets.count + matchlets <= Self.maximumMatchlets
                    else {
                        decoded.rules.append(MagicRules.Rule())
                        continue
                    }
                    let top = append(first: firstMatchlet, count: matchlets)
                    decoded.rules.append(MagicRules.Rule(priority: priority, typeOffset: typeOffset, matchlets: top, isReadable: true))
                }
                while let (parent, first, count) = pending.popLast() {
                    // Past the limit (an unchecked cache only), the parent's children are none of them.
                    guard decoded.matchlets.count + count <= Self.maximumMatchlets else {
                        decoded.matchlets[parent].length = 0
                        continue
                    }
                    decoded.matchlets[parent].firstChild = append(first: first, count: count).lowerBound
                }
                return decoded
            })
    }

    /// Whether the matchlet at `position` (and one of its children, if it has any) matches: how
    /// many levels below it matched along the first path that did (0 for a matchlet without
    /// children), -1 when it does not match, nil when the budget ran out.
    private func matchedLevels(
        _ position: Int, _ matchlets: UnsafeBufferPointer<Matchlet>, _ data: UnsafeRawBufferPointer, depth: Int, budget: inout Int
    ) -> Int? {
        // Every matchlet visited counts, an unreadable one too, so no cache escapes the budget.
        budget -= 1
        guard budget > 0 else { return nil }
        let matchlet = matchlets[position]
        guard depth < Self.maximumDepth, matchlet.length > 0 else { return -1 }
        guard
            let found = compare(
                start: matchlet.start, range: matchlet.range, length: matchlet.length, value: matchlet.value, mask: matchlet.mask, data,
                budget: &budget)
        else { return nil }
        guard found else { return -1 }
        if matchlet.children == 0 { return 0 }
        for child in 0..<matchlet.children {
            guard let below = matchedLevels(matchlet.firstChild + child, matchlets, data, depth: depth + 1, budget: &budget) else { return nil }
            if below >= 0 { return below + 1 }
        }
        return -1
    }

    /// The anchor of a top-level matchlet that matched, `levels` deep: nil when it compares a
    /// range of offsets or under a mask.
    private func anchor(_ matchlet: Matchlet, levels: Int) -> MagicAnchor? {
        guard matchlet.range <= 1, matchlet.mask == 0, matchlet.length > 0 else { return nil }
        let value = cache.withBytes { Array($0[matchlet.value..<(matchlet.value + matchlet.length)]) }
        return MagicAnchor(offset: matchlet.start, value: value, depth: levels)
    }

    /// Whether the value (under the mask) is found at some offset in `start..<start+range`; nil
    /// when the budget ran out.
    private func compare(
        start: Int, range: Int, length: Int, value: Int, mask: Int, _ data: UnsafeRawBufferPointer, budget: inout Int
    ) -> Bool? {
        guard budget > 0 else { return nil }
        guard start <= data.count, length <= data.count else { return false }
        let last = min(start + max(range, 1) - 1, data.count - length)
        guard last >= start else { return false }
        budget -= last - start + 1
        return cache.withBytes { bytes -> Bool? in
            let first = bytes[value]
            let firstMask: UInt8 = mask == 0 ? 0xFF : bytes[mask]
            var position = start
            // An unmasked single offset, the usual case, needs one byte compared before the rest.
            if last == start && mask == 0 && data[start] != first { return false }
            // An unmasked range: memchr(3) finds each place the first byte occurs.
            if mask == 0 && last > start, let base = data.baseAddress {
                while position <= last {
                    guard let found = memchr(base + position, Int32(first), last - position + 1) else { return false }
                    position = found - UnsafeMutableRawPointer(mutating: base)
                    budget -= length
                    if budget < 0 { return nil }
                    // The second byte first, in place: most places a common first byte (`<`, a
                    // space) occurs are not the value, and a call to memcmp(3) for each cost more.
                    if length == 1
                        || (base.load(fromByteOffset: position + 1, as: UInt8.self) == bytes[value + 1]
                            && memcmp(base + position + 1, UnsafeRawPointer(bytes.baseAddress!) + value + 1, length - 1) == 0)
                    {
                        return true
                    }
                    position += 1
                }
                return false
            }
            while position <= last {
                if data[position] & firstMask == first & firstMask {
                    // Each full comparison counts its length against the budget too.
                    budget -= length
                    if budget < 0 { return nil }
                    var equal = true
                    var index = 1
                    while index < length {
                        let wanted = bytes[value + index]
                        let got = data[position + index]
                        if mask == 0 ? wanted != got : (wanted & bytes[mask + index]) != (got & bytes[mask + index]) {
                            equal = false
                            break
                        }
                        index += 1
                    }
                    if equal { return true }
                }
                position += 1
            }
            return false
        }
    }

    // MARK: - Files

    private static func text(_ path: String) -> String? {
        guard let bytes = try? FileContents.read(path: path, limit: Limits.documentBytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for position in start...(bytes.count - needle.count) where bytes[position] == needle[0] {
            if bytes[position..<(position + needle.count)].elementsEqual(needle) { return position }
        }
        return nil
    }

    private static func lines(_ text: String) -> [String] {
        // Split as bytes: a String's split compares Characters, some ten thousand instructions
        // a line of globs2 (update-mime-database writes these files, a line feed a line).
        var text = text
        return text.withUTF8 { bytes in
            bytes.split(separator: 0x0A).filter { $0.first != UInt8(ascii: "#") }.map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
        }
    }

    /// XML's five predefined entities decoded (the database's comments use no others).
    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let entities = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(6).firstIndex(of: ";"), let character = entities[String(after[..<semicolon])] {
                result += character
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}

/// A file's bytes copied into memory, with bounds-checked big-endian reads. A copy, not a map:
/// a cache that another program truncates or rewrites while uti runs cannot take uti down with
/// SIGBUS, and what was read stays what was checked.
final class CacheFile: @unchecked Sendable {
    private let base: UnsafeRawPointer
    let count: Int
    /// The file's modification time (seconds and nanoseconds) and size when it was read.
    let stamp: String

    /// The largest cache uti reads (the system's is about 150 KiB).
    static let limit = 64 << 20

    /// The file at `path`; with `private`, only when it is not a symbolic link, belongs to this
    /// process's effective user and nobody else may write it (uti's own caches: whoever could
    /// write one would decide uti's answers).
    init?(path: String, private: Bool = false) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (`private` ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0,
            status.st_size <= Self.limit
        else { return nil }
        if `private` && (status.st_uid != geteuid() || status.st_mode & 0o022 != 0) { return nil }
        let size = Int(status.st_size)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        var filled = 0
        while filled < size {
            let got = read(descriptor, memory + filled, size - filled)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        // A file that shrank while it was read is what it is now: its checks decide.
        guard filled > 0 else {
            memory.deallocate()
            return nil
        }
        base = UnsafeRawPointer(memory)
        count = filled
        #if canImport(Darwin)
        stamp = "\(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec):\(size)"
        #else
        stamp = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec):\(size)"
        #endif
    }

    /// A copy of `bytes` (uti's own rules, the fuzz target).
    init?(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return nil }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 8)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        base = UnsafeRawPointer(memory)
        count = bytes.count
        stamp = "memory"
    }

    deinit { UnsafeMutableRawPointer(mutating: base).deallocate() }

    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return Int(base.load(fromByteOffset: offset, as: UInt8.self)) << 8 | Int(base.load(fromByteOffset: offset + 1, as: UInt8.self))
    }

    @inline(__always)
    func uint32(at offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// Whether a NUL-terminated string of at most 1,024 bytes starts at `offset`.
    func isString(at offset: Int) -> Bool {
        guard offset >= 0, offset < count else { return false }
        return memchr(base + offset, 0, min(1024, count - offset)) != nil
    }

    /// strcmp of two strings that `isString(at:)` found.
    func compare(stringAt left: Int, withStringAt right: Int) -> Int {
        Int(strcmp((base + left).assumingMemoryBound(to: CChar.self), (base + right).assumingMemoryBound(to: CChar.self)))
    }

    /// The NUL-terminated string at `offset` (at most 1,024 bytes), or nil.
    func string(at offset: Int) -> String? {
        guard offset >= 0, offset < count else { return nil }
        let bytes = UnsafeRawBufferPointer(start: base + offset, count: min(1024, count - offset))
        guard let end = bytes.firstIndex(of: 0) else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// strcmp of the NUL-terminated string at `offset` with `key`: negative, zero or positive;
    /// nil when the string runs past the file.
    func compare(at offset: Int, with key: [UInt8]) -> Int? {
        guard offset >= 0, offset < count else { return nil }
        var index = 0
        while true {
            guard offset + index < count else { return nil }
            let mine = Int(base.load(fromByteOffset: offset + index, as: UInt8.self))
            let theirs = index < key.count ? Int(key[index]) : 0
            if mine != theirs || mine == 0 { return mine - theirs }
            index += 1
        }
    }

    func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }
}

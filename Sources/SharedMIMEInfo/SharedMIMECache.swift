import FileAccess
import UniformTypes
/// uti's own cache of what the system's shared-mime-info database adds to the built-in catalog,
/// so that a one-shot command reads one small file instead of parsing the database and deriving
/// six hundred declarations (about 10 ms). It lives in `$XDG_CACHE_HOME/uti` (default
/// `~/.cache/uti`), one file per database folder, and is used only when its first lines name the
/// same catalog fingerprint and the same `mime.cache` (modification time and size); otherwise it
/// is rebuilt (written to a temporary file, then renamed). A cache that cannot be written is not
/// an error, and one that does not parse or declares a parent before it exists is ignored.
/// `UTI_CACHE=0` turns it off.
enum SharedMIMECache {
    /// The first line; its number changes whenever the way declarations are derived changes, so a
    /// cache made by another version of uti is not used.
    static let magic = "uti shared-mime-info cache 17"
    private static let field = "\u{1F}"
    private static let item = "\u{1E}"

    /// The cache file for a database, or nil when there is no place for one.
    static func path(for database: SharedMIMEDatabase) -> String? {
        if let setting = getenv("UTI_CACHE"), String(cString: setting) == "0" { return nil }
        var folder: String
        if let base = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), base.hasPrefix("/") {
            folder = base
        } else if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            folder = home + "/.cache"
        } else {
            return nil
        }
        folder += "/uti"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in database.folder.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(folder)/shared-mime-info-\(String(hash, radix: 16)).cache"
    }

    static func header(for database: SharedMIMEDatabase, onto catalog: TypeCatalog) -> String {
        [magic, "catalog \(catalog.fingerprint)", "database \(database.folder)", "stamp \(database.stamp)", "program \(program)"]
            .joined(separator: "\n") + "\n"
    }

    /// The running program's size and modification time where the system says (Linux's
    /// /proc/self/exe): a rebuilt or upgraded uti derives anew even if nobody changed `magic`.
    static let program: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "unknown" }
        #if canImport(Darwin)
        return "\(status.st_size) \(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec)"
        #else
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        #endif
    }()

    static func load(for database: SharedMIMEDatabase, onto catalog: TypeCatalog) -> SharedMIMEAdditions? {
        guard let path = path(for: database), let bytes = try? FileContents.read(path: path, limit: Limits.documentBytes) else { return nil }
        let expected = Array(header(for: database, onto: catalog).utf8)
        guard bytes.count >= expected.count, bytes[..<expected.count].elementsEqual(expected) else { return nil }
        return decode(bytes[expected.count...], onto: catalog)
    }

    static func store(_ additions: SharedMIMEAdditions, for database: SharedMIMEDatabase, onto catalog: TypeCatalog) {
        guard let path = path(for: database) else { return }
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let parent = String(folder[..<folder.lastIndex(of: "/")!])
        mkdir(parent, 0o700)
        mkdir(folder, 0o700)
        let text = header(for: database, onto: catalog) + encode(additions)
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            written += count
        }
        close(descriptor)
        if written == bytes.count && rename(temporary, path) == 0 { return }
        unlink(temporary)
    }

    /// One line per record: `D` identifier, parents, MIME types, extensions, entry; `A` alias,
    /// known spelling. Fields are separated by U+001F, list items by U+001E
    /// (neither occurs in identifiers, MIME types or extensions).
    static func encode(_ additions: SharedMIMEAdditions) -> String {
        var lines: [String] = []
        let f = field, i = item
        for declaration in additions.declarations {
            lines.append(
                [
                    "D", declaration.identifier, declaration.conformsTo.joined(separator: i),
                    declaration.tags[.mimeType].joined(separator: i), declaration.tags[.filenameExtension].joined(separator: i),
                    declaration.entry,
                ].joined(separator: f))
        }
        for (alias, known) in additions.aliases.sorted(by: { $0.key < $1.key }) {
            lines.append(["A", alias, known].joined(separator: f))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the records, working on the bytes in place (splitting a String by Characters, or even
    /// a byte collection by a generic split, cost more than the rest of a one-shot command's start).
    static func decode(_ bytes: ArraySlice<UInt8>, onto catalog: TypeCatalog) -> SharedMIMEAdditions? {
        bytes.withUnsafeBufferPointer { buffer in decode(buffer, onto: catalog) }
    }

    private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, onto catalog: TypeCatalog) -> SharedMIMEAdditions? {
        var additions = SharedMIMEAdditions(declarations: [], aliases: [:])
        var declared = Set<String>()
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self) }
        /// The items of a field, separated by U+001E; none for an empty field.
        func list(_ range: Range<Int>) -> [String] {
            guard !range.isEmpty else { return [] }
            var items: [String] = []
            var start = range.lowerBound
            for index in range where buffer[index] == 0x1E {
                items.append(string(start..<index))
                start = index + 1
            }
            items.append(string(start..<range.upperBound))
            return items
        }
        /// Letters, digits, `-` and `.`, not empty: every identifier uti writes here.
        func isPlainIdentifier(_ range: Range<Int>) -> Bool {
            !range.isEmpty
                && range.allSatisfy { index in
                    let byte = buffer[index]
                    return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
                        || byte == 0x2E
                }
        }
        var fields: [Range<Int>] = []
        var lineStart = 0
        while lineStart < buffer.count {
            var lineEnd = buffer.count
            if let base = buffer.baseAddress, let found = memchr(base + lineStart, 0x0A, buffer.count - lineStart) {
                lineEnd = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            }
            defer { lineStart = lineEnd + 1 }
            // Empty lines are skipped, as splitting at line feeds leaves them out.
            guard lineEnd > lineStart else { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart..<lineEnd where buffer[index] == 0x1F {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<lineEnd)
            let kind: UInt8? = fields[0].isEmpty ? nil : buffer[fields[0].lowerBound]
            switch (kind, fields.count) {
            case (0x44?, 6):  // D
                guard isPlainIdentifier(fields[1]) else { return nil }
                let identifier = string(fields[1])
                let parents = list(fields[2])
                // Parents come first in the file; anything else is damage, and the cache is not used.
                guard !parents.isEmpty,
                    parents.allSatisfy({ declared.contains($0) || catalog.index(forKey: $0.caseFolded) != nil }),
                    declared.insert(identifier).inserted
                else { return nil }
                var tags: [(UTTagClass, [String])] = [(.mimeType, list(fields[3]))]
                let extensions = list(fields[4])
                if !extensions.isEmpty { tags.insert((.filenameExtension, extensions), at: 0) }
                additions.declarations.append(
                    TypeDeclaration(
                        identifier: identifier, conformsTo: parents, tags: TagSpecification(tags), description: "",
                        declarer: .sharedMIMEInfo, entry: string(fields[5])))
            case (0x41?, 3):  // A
                additions.aliases[string(fields[1])] = string(fields[2])
            default:
                return nil
            }
        }
        return additions
    }
}

import FileAccess
import UniformTypes

/// uti's own cache of what the system's shared-mime-info database adds to the built-in catalog,
/// so that a one-shot command reads one small file instead of parsing the database and deriving
/// six hundred declarations (about 10 ms). It lives in `$XDG_CACHE_HOME/uti` (default
/// `~/.cache/uti`), one file per database folder: header lines, then the added types with their
/// indexes as a `CatalogImage`, which lookups search in place. It is used only when its first
/// lines name the same catalog fingerprint, the same `mime.cache` (modification time and size)
/// and the same program; otherwise it is rebuilt (written to a temporary file, then renamed). A
/// cache that cannot be written is not an error, and one whose image is not whole is ignored, as
/// is one in a folder that is not the user's alone (`isPrivate`). `UTI_CACHE=0` turns it off.
enum SharedMIMECache {
    /// The first line; its number changes whenever the way declarations are derived changes, so a
    /// cache made by another version of uti is not used.
    static let magic = "uti shared-mime-info cache 18"

    /// uti's cache folder as `environment` sets it (`$XDG_CACHE_HOME/uti`, else
    /// `~/.cache/uti`), or nil when there is no place for one or `UTI_CACHE=0`.
    static func folder(in environment: Environment) -> String? {
        if environment["UTI_CACHE"] == "0" { return nil }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/uti" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/uti" }
        return nil
    }

    /// Whether `folder` is uti's to trust: a folder (not a link) that belongs to this process's
    /// effective user and that nobody else may write. A cache in any other folder is neither
    /// read nor written: whoever can write there could decide uti's answers (an executable
    /// that passes `--expect public.image`). Every cache read is also checked whole as untrusted
    /// input (`CatalogImage.read`, `mime.cache`'s checks).
    static func isPrivate(_ folder: String) -> Bool {
        var status = stat()
        return lstat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid()
            && status.st_mode & 0o022 == 0
    }

    /// The cache file for a database, or nil when there is no place for one.
    static func path(for database: SharedMIMEDatabase, in folder: String?) -> String? {
        guard let folder else { return nil }
        return "\(folder)/shared-mime-info-\(String(fnv1a(database.folder.utf8), radix: 16)).cache"
    }

    /// FNV-1a, 64 bits.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// FNV-1a's steps over 64-bit little-endian words instead of bytes (the last word padded
    /// with zeros), each followed by folding the high half onto the low (a word's high bits
    /// otherwise reach only the state's high bits, so two changes there could cancel), then a
    /// step over the length: a digest that finds a damaged or cut file as FNV-1a does, at an
    /// eighth of the multiplications, which at every start of a one-shot command were a
    /// fiftieth of its time. Each step is invertible, so a change within one word always shows.
    static func wordDigest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func step(_ word: UInt64) {
            hash = (hash ^ word) &* 0x100_0000_01b3
            hash ^= hash >> 32
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            step(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for (shift, byte) in bytes[offset...].enumerated() { last |= UInt64(byte) << (8 * shift) }
            step(last)
        }
        step(UInt64(bytes.count))
        return hash
    }

    static func header(for database: SharedMIMEDatabase, onto catalog: TypeCatalog) -> String {
        // One interpolation: joining an array of the lines was a generic call to instantiate at
        // every start.
        "\(magic)\ncatalog \(catalog.fingerprint)\ndatabase \(database.folder)\nstamp \(database.stamp)\nprogram \(program)\n"
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

    /// The system catalog from the cache: the built-in catalog with the image of what the
    /// database adds (`CatalogImage`), searched in place; nil when there is no cache, it was made
    /// for another database, catalog or program, or its image is not whole.
    static func load(for database: SharedMIMEDatabase, in folder: String?, describedBy describe: @escaping @Sendable (String) -> String?) -> TypeCatalog? {
        // Read as the database's own cache is (a regular file, never blocking, once, into memory
        // the image then searches in place).
        guard let path = path(for: database, in: folder), let file = CacheFile(path: path, private: true),
            isPrivate(String(path[..<path.lastIndex(of: "/")!]))
        else { return nil }
        let expected = Array(header(for: database, onto: .builtIn).utf8)
        return file.withBytes { bytes in
            guard bytes.count >= expected.count, bytes[..<expected.count].elementsEqual(expected),
                let image = CatalogImage.read(UnsafeRawBufferPointer(rebasing: bytes[expected.count...]), keeping: file, base: TypeCatalog.builtIn.count)
            else { return nil }
            return TypeCatalog(builtInAdding: image, describeMIMEType: describe)
        }
    }

    /// Writes the image of what `catalog` adds to the built-in one, when it has one.
    static func store(_ catalog: TypeCatalog, for database: SharedMIMEDatabase, in folder: String?) {
        guard let path = path(for: database, in: folder), let image = catalog.additionsImage() else { return }
        writeFile(Array(header(for: database, onto: .builtIn).utf8) + image, to: path)
    }

    /// Writes `bytes` to `path` in uti's cache folder, made if missing (owner only): to a
    /// temporary file, then renamed over the old one. A cache that cannot be written is no error.
    static func writeFile(_ bytes: [UInt8], to path: String) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let parent = String(folder[..<folder.lastIndex(of: "/")!])
        mkdir(parent, 0o700)
        mkdir(folder, 0o700)
        guard isPrivate(folder) else { return }
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
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
}

/// uti's own rules as the `mime.cache` the engine reads, kept in uti's cache folder
/// (`compiled-rules.cache`) so that a one-shot command reads 21 KB instead of laying the rules
/// out again (a twelfth of `uti identify FILE` in the installed binary). Used only when its
/// header names this program (its size and modification time, as the database's cache does)
/// and the digest (`SharedMIMECache.wordDigest`) of the bytes that follow; otherwise the rules
/// are laid out and the file written again. `UTI_CACHE=0` neither reads nor writes it.
package enum CompiledRulesCache {
    static let magic = "uti compiled rules 2"

    /// The compiled rules: from the cache (in the folder `environment` names) when it holds this
    /// program's, else `compile()`'s, which are then cached.
    package static func bytes(in environment: Environment, _ compile: () -> [UInt8]) -> [UInt8] {
        guard let folder = SharedMIMECache.folder(in: environment) else { return compile() }
        let path = folder + "/compiled-rules.cache"
        if SharedMIMECache.isPrivate(folder), let file = CacheFile(path: path, private: true) {
            let lead = Array(prefix.utf8)
            let cached: [UInt8]? = file.withBytes { bytes in
                // The header up to the digest, the digest's line, then the bytes it digests.
                guard bytes.starts(with: lead), let end = bytes[lead.count...].firstIndex(of: 0x0A) else { return nil }
                let body = UnsafeRawBufferPointer(rebasing: bytes[(end + 1)...])
                guard bytes[lead.count..<end].elementsEqual(String(SharedMIMECache.wordDigest(body), radix: 16).utf8) else { return nil }
                return Array(body)
            }
            if let cached { return cached }
        }
        let compiled = compile()
        let digest = compiled.withUnsafeBytes(SharedMIMECache.wordDigest)
        SharedMIMECache.writeFile(Array("\(prefix)\(String(digest, radix: 16))\n".utf8) + compiled, to: path)
        return compiled
    }

    /// The header's three lines up to the digest: what the file is, the program, then `digest `
    /// and the digest (hexadecimal) of the bytes after the header.
    static var prefix: String { "\(magic)\nprogram \(SharedMIMECache.program)\ndigest " }
}

import FileAccess
import UniformTypes
/// uti's own cache of what the system's shared-mime-info database adds to the built-in catalog,
/// so that a one-shot command reads one small file instead of parsing the database and deriving
/// six hundred declarations (about 10 ms). It lives in `$XDG_CACHE_HOME/uti` (default
/// `~/.cache/uti`), one file per database folder: header lines, then the added types with their
/// indexes as a `CatalogImage`, which lookups search in place. It is used only when its first
/// lines name the same catalog fingerprint, the same `mime.cache` (modification time and size)
/// and the same program; otherwise it is rebuilt (written to a temporary file, then renamed). A
/// cache that cannot be written is not an error, and one whose image is not whole is ignored.
/// `UTI_CACHE=0` turns it off.
enum SharedMIMECache {
    /// The first line; its number changes whenever the way declarations are derived changes, so a
    /// cache made by another version of uti is not used.
    static let magic = "uti shared-mime-info cache 18"

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
    static func load(for database: SharedMIMEDatabase, describedBy describe: @escaping @Sendable (String) -> String?) -> TypeCatalog? {
        // Read as the database's own cache is (a regular file, never blocking, once, into memory
        // the image then searches in place).
        guard let path = path(for: database), let file = CacheFile(path: path) else { return nil }
        let expected = Array(header(for: database, onto: .builtIn).utf8)
        return file.withBytes { bytes in
            guard bytes.count >= expected.count, bytes[..<expected.count].elementsEqual(expected),
                let image = CatalogImage.read(UnsafeRawBufferPointer(rebasing: bytes[expected.count...]), keeping: file, base: TypeCatalog.builtIn.count)
            else { return nil }
            return TypeCatalog(builtInAdding: image, describeMIMEType: describe)
        }
    }

    /// Writes the image of what `catalog` adds to the built-in one, when it has one.
    static func store(_ catalog: TypeCatalog, for database: SharedMIMEDatabase) {
        guard let path = path(for: database), let image = catalog.additionsImage() else { return }
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let parent = String(folder[..<folder.lastIndex(of: "/")!])
        mkdir(parent, 0o700)
        mkdir(folder, 0o700)
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(header(for: database, onto: .builtIn).utf8) + image
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

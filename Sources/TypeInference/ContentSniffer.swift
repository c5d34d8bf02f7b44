import CMagic
import FileAccess
import UniformTypes

/// What a content sniffer says about some bytes, in libmagic's vocabulary.
public struct ContentReport: Sendable, Equatable {
    /// The MIME type without parameters, such as `image/png`.
    public var mimeType: String
    /// The character encoding: `binary` for non-text, else `us-ascii`, `utf-8`, `utf-16le`, ...
    public var encoding: String
    /// The human description, such as `PNG image data, 16 x 16, 8-bit/color RGBA, non-interlaced`;
    /// nil when it was not asked for (it costs a second pass over the bytes).
    public var description: String?

    /// What a sniffer said: a MIME type, a charset, and its words.
    public init(mimeType: String, encoding: String, description: String?) {
        self.mimeType = mimeType
        self.encoding = encoding
        self.description = description
    }

    /// Whether the bytes are text in some encoding.
    public var isText: Bool { encoding != "binary" && !encoding.isEmpty }
}

/// Something that tells what bytes are. One instance per worker: implementations need not be
/// thread-safe.
public protocol ContentSniffer: AnyObject {
    /// The MIME type and encoding of `bytes`, and their description when `describe` is true.
    func sniff(_ bytes: UnsafeRawBufferPointer, describe: Bool) throws(UTIError) -> ContentReport

    /// The MIME type of a whole open file (read from its start, as far as the sniffer reads), or
    /// nil when the sniffer cannot say; for formats whose structure lies past the first bytes.
    func sniff(descriptor: Int32) -> ContentReport?

    /// Makes the sniffer ready to answer: one that loads what it knows when first asked loads
    /// it now. Throws when it cannot, and then at every later call; the inferrer calls it
    /// before a question whose failure it would otherwise pass over.
    func prepare() throws(UTIError)

    /// How much of a file's beginning the sniffer reads of a file itself, at most
    /// `Limits.libmagicBytes`: what it is shown of one larger than the head.
    var readLimit: Int { get }
}

extension ContentSniffer {
    /// `Limits.libmagicBytes`.
    public var readLimit: Int { Limits.libmagicBytes }

    /// Nothing: a sniffer that knows nothing.
    public func sniff(descriptor: Int32) -> ContentReport? { nil }

    /// Nothing to load.
    public func prepare() throws(UTIError) {}
}

/// The libmagic content sniffer: one cookie, with the system's compiled magic database.
public final class MagicSniffer: ContentSniffer {
    /// The session, once opened with its database loaded.
    private var cookie: OpaquePointer?
    /// Why the session could not be opened, once it was tried.
    private var failure: UTIError?
    /// The database files `MAGIC` named in the environment given (colon-separated), or nil for
    /// libmagic's default.
    private let databaseFiles: String?

    /// Opens libmagic and loads the database `environment`'s `MAGIC` names (each file checked
    /// first: a regular file of bounded size), else libmagic's default one. (libmagic itself
    /// reads the process's `MAGIC` when it is given no file: a caller that wants the default
    /// whatever the process's environment says passes `MAGIC` explicitly.)
    public init(environment: Environment = .empty) throws(UTIError) {
        databaseFiles = environment.nonEmpty("MAGIC")
        cookie = try Self.session(databaseFiles)
    }

    private init(cookie: OpaquePointer?, databaseFiles: String?) {
        self.cookie = cookie
        self.databaseFiles = databaseFiles
    }

    /// A sniffer that opens libmagic and loads its database (as `init(environment:)` chooses it)
    /// when it is first asked (`prepare` or a sniff): a command whose files uti's own checks
    /// decide never pays for the load (about 0.12 ms, a fifteenth of a one-shot identify). When
    /// the database cannot be loaded, that call and every later one throw why.
    public static func loadingWhenFirstAsked(environment: Environment = .empty) -> MagicSniffer {
        MagicSniffer(cookie: nil, databaseFiles: environment.nonEmpty("MAGIC"))
    }

    /// Held while a session is opened: libmagic fills process-wide tables at its first load
    /// without a lock of its own, and workers may each load their handle at once.
    private static let loading = Lock()

    private static func session(_ databaseFiles: String?) throws(UTIError) -> OpaquePointer {
        let opened = loading.withLock { Result { () throws(UTIError) in try openSession(databaseFiles) } }
        return try opened.get()
    }

    /// Checks each file that `MAGIC` names before libmagic reads it (libmagic reads what it is
    /// given to the end): a regular file of at most `Limits.magicDatabaseBytes`, so that
    /// `/dev/zero`, a FIFO or a file in /proc is an error, not gigabytes or a hang. libmagic
    /// tries `NAME.mgc` before `NAME`; whichever exists is checked.
    static func checkMagicVariable(_ value: String) throws(UTIError) {
        for entry in value.split(separator: ":").map(String.init) where !entry.isEmpty {
            var status = stat()
            let path = stat(entry + ".mgc", &status) == 0 ? entry + ".mgc" : entry
            guard stat(path, &status) == 0 else { continue }  // libmagic says what is missing
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw UTIError(
                    .ioError, "libmagic: MAGIC names \(path), which is \(FileContents.kindPhrase(mode: status.st_mode)), not a magic database file")
            }
            guard status.st_size > 0 else {
                throw UTIError(.ioError, "libmagic: MAGIC names \(path), which says it is empty (a file in /proc may never end)")
            }
            guard Int(status.st_size) <= Limits.magicDatabaseBytes else {
                throw Limits.exceeded("libmagic: MAGIC names \(path), which", "magic-database-bytes", Limits.magicDatabaseBytes)
            }
        }
    }

    private static func openSession(_ databaseFiles: String?) throws(UTIError) -> OpaquePointer {
        if let databaseFiles { try checkMagicVariable(databaseFiles) }
        guard let cookie = magic_open(uti_magic_none | uti_magic_raw) else {
            throw UTIError(.ioError, "libmagic: cannot open a session")
        }
        guard magic_load(cookie, databaseFiles) == 0 else {
            let reason = magic_error(cookie).map { String(cString: $0) } ?? "unknown error"
            magic_close(cookie)
            throw UTIError(
                .ioError,
                """
                libmagic: cannot load the magic database \(databaseFiles ?? Self.defaultDatabasePath): \(reason) \
                (install it: apt-get install libmagic-mgc, or brew install libmagic; or set MAGIC to a magic.mgc file)
                """)
        }
        return cookie
    }

    /// Opens the session and loads the database now; throws why it cannot, then and at every later call.
    public func prepare() throws(UTIError) { _ = try loaded() }

    /// What libmagic reads of a file itself (its MAGIC_PARAM_BYTES_MAX: 7 MiB in libmagic 5.44),
    /// at most `Limits.libmagicBytes`; the bound itself before the session is open.
    public var readLimit: Int {
        guard let cookie else { return Limits.libmagicBytes }
        var value = 0
        guard magic_getparam(cookie, uti_magic_param_bytes_max, &value) == 0, value > 0 else { return Limits.libmagicBytes }
        return min(value, Limits.libmagicBytes)
    }

    /// The session, opened now if it was not.
    private func loaded() throws(UTIError) -> OpaquePointer {
        if let cookie { return cookie }
        if let failure { throw failure }
        do {
            let opened = try Self.session(databaseFiles)
            cookie = opened
            return opened
        } catch {
            failure = error
            throw error
        }
    }

    /// libmagic's version, such as "5.44".
    public static var libraryVersion: String {
        let version = magic_version()
        return "\(version / 100).\(version % 100)"
    }

    /// The magic database a sniffer made with `environment` loads: the files its `MAGIC` names,
    /// else libmagic's default.
    public static func databasePath(in environment: Environment) -> String {
        environment.nonEmpty("MAGIC") ?? defaultDatabasePath
    }

    /// libmagic's own choice when it is given no file.
    private static var defaultDatabasePath: String {
        magic_getpath(nil, 0).map { String(cString: $0) } ?? "(libmagic names none)"
    }

    deinit { if let cookie { magic_close(cookie) } }

    /// libmagic's MIME type and encoding of `bytes` (one pass), and its description (a second
    /// pass) when asked. Result strings belong to the cookie and are copied at once.
    public func sniff(_ bytes: UnsafeRawBufferPointer, describe: Bool) throws(UTIError) -> ContentReport {
        let cookie = try loaded()
        magic_setflags(cookie, uti_magic_mime_type | uti_magic_mime_encoding | uti_magic_raw)
        let mime = try call(cookie, bytes)
        var description: String?
        if describe {
            magic_setflags(cookie, uti_magic_none | uti_magic_raw)
            description = try call(cookie, bytes).split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        let parts = mime.split(separator: ";", maxSplits: 1)
        var encoding = "binary"
        if parts.count == 2, let equals = parts[1].firstIndex(of: "=") {
            encoding = String(parts[1][parts[1].index(after: equals)...]).trimmingSpaces()
        }
        return ContentReport(
            mimeType: String(parts.first ?? "application/octet-stream").trimmingSpaces(),
            encoding: encoding, description: description)
    }

    /// libmagic on the whole file (its own bound, MAGIC_PARAM_BYTES_MAX, limits what it reads).
    public func sniff(descriptor: Int32) -> ContentReport? {
        guard let cookie = try? loaded() else { return nil }
        magic_setflags(cookie, uti_magic_mime_type | uti_magic_raw)
        guard let result = magic_descriptor(cookie, descriptor) else { return nil }
        let mime = String(cString: result).trimmingSpaces()
        return ContentReport(mimeType: mime, encoding: "binary", description: nil)
    }

    private func call(_ cookie: OpaquePointer, _ bytes: UnsafeRawBufferPointer) throws(UTIError) -> String {
        guard let result = magic_buffer(cookie, bytes.baseAddress, bytes.count) else {
            let reason = magic_error(cookie).map { String(cString: $0) } ?? "unknown error"
            throw UTIError(.ioError, "libmagic: \(reason)")
        }
        return String(cString: result)
    }

    /// libmagic's version, such as 544 for 5.44.
    public static var version: Int { Int(magic_version()) }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    public func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

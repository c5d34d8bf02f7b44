/// The bounds every reader and walker of uti enforces, stated once. Hostile input (a document
/// nested a hundred thousand deep, a binary property list that claims 2^64 objects, a glob that
/// would backtrack for minutes) meets one of these and gets a one-line error naming the limit,
/// with exit status 2 for documents and arguments; it never gets a crash or a hang.
///
/// `uti --help` and the man page list them from `all` (the LIMITS paragraph).
public enum Limits {
    /// The largest document uti reads: sessions, destinations, manifests, declarations (16 MiB).
    public static let documentBytes = 16 << 20
    /// How deep arrays and objects (JSON) or arrays and dictionaries (property lists) may nest.
    public static let nestingDepth = 512
    /// How many values one property list may hold, counting a shared object each time it is
    /// reached (so a small binary plist cannot expand into billions of values).
    public static let propertyListValues = 1_000_000
    /// How many custom type declarations one run may load, over all `--types` files.
    public static let declarations = 100_000
    /// How long one glob pattern may be, in characters.
    public static let globLength = 4_096
    /// How many names one folder may hold for a walk, a glob or a zip archive to list it.
    public static let namesPerFolder = 1_000_000
    /// How long one name read by `--files-from` may be, in bytes.
    public static let listedNameBytes = 64 << 10
    /// How much of standard input `identify -` reads (64 MiB): all of a file up to this size, so
    /// that it gets the answer it gets by path.
    public static let standardInputBytes = 64 << 20
    /// How many bytes a regular file may yield past the size it declared when opened: a file in
    /// /proc says 0 and may never end, a file still being written grows (16 MiB).
    public static let growthBytes = 16 << 20
    /// How many pixels an image may have for uti to decode it when a class encodes another
    /// format from it (40 megapixels: at most 160 MB of decoded RGBA).
    public static let imagePixels = 40_000_000
    /// How many scans a JPEG may have for uti to decode it: each scan of a progressive JPEG costs
    /// a pass over the whole image, and an empty one costs as much as a full one (a 100 KB file
    /// of 10,000 empty scans took 103 s). libjpeg-turbo's own bound (`TJFLAG_LIMITSCANS`, 500)
    /// is the limit; uti counts the scans before decoding, so a file over it costs nothing.
    public static let jpegScans = 500
    /// How many entries one `.gitignore`, `.ignore` or excludes file may hold for a walk to use it.
    public static let ignoreRules = 10_000
    /// The largest magic database file (`MAGIC`) uti lets libmagic load (Debian's is 8 MB).
    public static let magicDatabaseBytes = 64 << 20
    /// The most of a file libmagic is shown when uti asks it about binary content: it is shown
    /// what it reads of a file itself (its MAGIC_PARAM_BYTES_MAX), up to this bound, not uti's
    /// 64 KiB head. 7 MiB: libmagic 5.44's own default (FILE_BYTES_MAX in its src/file.h, raised
    /// from 1 MiB so that a Mac .dfont's resource map, which may lie 6.7 MB in, is read).
    public static let libmagicBytes = 7 << 20
    /// How much of a file `identify --verdict` reads to walk its structure (64 MiB): a format
    /// whose walk runs past it is `unchecked` there, not truncated.
    public static let verifyBytes = 64 << 20
    /// How much of a compressed file's stream `identify -z` decodes (1 MiB, what libmagic is
    /// shown of a file): the inner type is read from these, never the whole stream.
    public static let uncompressBytes = 1 << 20
    /// How many times larger than its compressed bytes a stream may decode to, over the bytes
    /// `identify -z` decodes: past it the file is refused as a decompression bomb (gzip cannot
    /// exceed 1,032; xz, bzip2 and Zstandard can, and do only for crafted or degenerate data).
    public static let uncompressRatio = 1032

    /// Every limit with its name, as the man page and `--help` list them.
    public static let all: [(name: String, value: Int, meaning: String)] = [
        ("document-bytes", documentBytes, "bytes in a session, destination, manifest or declarations file"),
        ("nesting-depth", nestingDepth, "levels of nested arrays and objects in a JSON document or property list"),
        ("property-list-values", propertyListValues, "values in one property list, shared objects counted each time"),
        ("declarations", declarations, "custom type declarations over all --types files"),
        ("glob-length", globLength, "characters in one glob pattern"),
        ("names-per-folder", namesPerFolder, "names in one folder that a walk, a glob or a zip archive lists"),
        ("listed-name-bytes", listedNameBytes, "bytes in one name read by --files-from"),
        ("standard-input-bytes", standardInputBytes, "bytes of standard input identify reads"),
        ("growth-bytes", growthBytes, "bytes a file may yield past the size it declared (a /proc file, a growing file)"),
        ("image-pixels", imagePixels, "pixels in an image decoded to encode another format (a UIImage's PNG from a JPEG)"),
        ("jpeg-scans", jpegScans, "scans in a JPEG decoded to encode another format (libjpeg-turbo's TJFLAG_LIMITSCANS bound)"),
        ("ignore-rules", ignoreRules, "rules in one .gitignore or .ignore file that a walk reads"),
        ("magic-database-bytes", magicDatabaseBytes, "bytes in one magic database file named by MAGIC"),
        ("libmagic-bytes", libmagicBytes, "bytes of a file's beginning libmagic is shown at most (its own default in 5.44)"),
        ("verify-bytes", verifyBytes, "bytes of a file identify --verdict reads to walk its structure"),
        ("uncompress-bytes", uncompressBytes, "bytes of a compressed stream identify -z decodes"),
        ("uncompress-ratio", uncompressRatio, "times a compressed stream identify -z decodes may expand"),
    ]

    /// The error for input that exceeds a limit: bad input (exit status 2), naming the limit.
    public static func exceeded(_ subject: String, _ limit: String, _ value: Int) -> UTIError {
        UTIError(.invalidInput, "\(subject): exceeds uti's \(limit) limit (\(value))")
    }
}

import UniformTypes

/// What `lstat` (or `stat`, when following links) says a path is.
public enum FileKind: String, Sendable {
    case file, directory, symlink, fifo, socket
    case charDevice = "char-device"
    case blockDevice = "block-device"
}

/// Which evidence decided the type.
public enum Decision: String, Sendable {
    /// The bytes (libmagic and uti's content checks).
    case content
    /// The file name (its extension, or a well-known name such as Makefile).
    case `extension`
    /// Both agreed; the more specific of the two is the answer.
    case both
    /// The file-system kind (folders, links, FIFOs, sockets, devices).
    case filesystem
}

/// A contradiction between content and name.
public struct Mismatch: Sendable, Equatable {
    /// What the bytes say.
    public var content: UTType
    /// The type the name's extension stands for, when it contradicts the content.
    public var `extension`: UTType?
    /// The MIME type the content claims for itself and uti does not believe: a zip's `mimetype`
    /// entry outside the package formats that define one (`image/png` in a plain zip).
    public var claim: String?

    /// A contradiction between `content` and what the name (or a package's claim) says.
    public init(content: UTType, extension: UTType?, claim: String? = nil) {
        self.content = content
        self.extension = `extension`
        self.claim = claim
    }
}

/// What the bytes said.
public struct ContentEvidence: Sendable {
    /// Which sniffer's answer the type is.
    public enum Sniffer: String, Sendable, CaseIterable {
        /// uti's own signatures and text checks.
        case uti
        case libmagic
        /// shared-mime-info's magic or XML root-element rules.
        case sharedMIMEInfo = "shared-mime-info"
    }

    /// The type the content points to, after uti's content checks.
    public var type: UTType
    /// Whose answer `type` is.
    public var sniffer: Sniffer = .libmagic
    /// What shared-mime-info's rules said, when they matched (whether or not they decided).
    public var sharedMIMEInfo: SharedMIMEMatch?
    /// libmagic's MIME type, as libmagic spells it (nil for empty files and stdin with no data).
    public var mimeType: String?
    /// libmagic's description, or uti's where one of its content checks decided.
    public var description: String?
    /// The text encoding (`binary` for non-text).
    public var encoding: String?
    /// Whether the type is a guess that a text type from the name should override (libmagic's
    /// language guesses such as C for any brace-heavy text).
    public var isWeak: Bool
    /// The ISO base media major brand, when the content is such a file and its brand names a
    /// specific format (`PackageRules.isoMajorBrands`): a name whose type is outside that
    /// format's does not rename it.
    public var brand: String?
    /// Whether uti read the type from a `#!` line at the file's first byte, as execve(2) does.
    public var isInterpreterLine = false
    /// Which of uti's own checks found the type, when uti's did: a name of
    /// `ContentChecks.binaryChecks` or `textChecks`, `camera-raw`, `tagged-stream` (what follows
    /// ID3v2 tags), `ogg-streams` (an Ogg file's logical streams), `heif-brands` (a HEIF file's compatible brands), `signature` (a rule of uti's of
    /// priority 90 or more), `language-hint` (a statement libmagic corroborated) or `plain-text`
    /// (text none of them read). Nil for libmagic's and shared-mime-info's answers.
    public var check: String?
    /// Why libmagic gave no answer for these bytes when it was asked and failed (its own
    /// recursion or use-count limits): the type is then uti's checks' alone.
    public var libmagicError: String?

    /// Whether the content is text in some encoding.
    public var isText: Bool { encoding.map { $0 != "binary" && !$0.isEmpty } ?? false }

    /// Content evidence of `type`, with the sniffer's MIME type, words and charset.
    public init(type: UTType, mimeType: String?, description: String?, encoding: String?, isWeak: Bool = false) {
        self.type = type
        self.mimeType = mimeType
        self.description = description
        self.encoding = encoding
        self.isWeak = isWeak
    }
}

/// One answer a source of evidence gave, and how much it weighs: `identify --explain` prints them
/// and the record lists them in `evidence.candidates`, strongest first.
public struct Candidate: Sendable, Equatable {
    /// How much a candidate weighs, strongest first.
    public enum Strength: String, Sendable, CaseIterable, Comparable {
        /// A structure read and found consistent: a zip's central directory, an ELF or PE header,
        /// an ISO BMFF box chain, JSON parsed in full.
        case verified
        /// A signature at a fixed place, long enough to be unlikely by chance (a database rule
        /// above priority 50, an exact signature of uti's, libmagic's answer for binary content,
        /// a `#!` line, a text format's opening).
        case signature
        /// A signal a file may give by chance: a short signature at priority 50 or below, a text
        /// prefix, a language guessed from statements or keywords.
        case weak
        /// The file's name (its extension, a well-known name, a glob).
        case name

        /// Whether `self` is stronger than `other`.
        public static func < (first: Strength, second: Strength) -> Bool { first.rank < second.rank }

        /// The place in the order above.
        private var rank: Int {
            switch self {
            case .verified: 0
            case .signature: 1
            case .weak: 2
            case .name: 3
            }
        }
    }

    /// Where a candidate comes from.
    public enum Source: String, Sendable, CaseIterable {
        /// One of uti's checks and parsers (`evidence.content.check` names it).
        case check = "uti-check"
        /// One of uti's own rules (`Catalog/shared-mime-info/uti.xml`).
        case rule = "uti-rule"
        /// A rule of the system's shared-mime-info database.
        case sharedMIMEInfo = "shared-mime-info"
        /// libmagic's answer.
        case libmagic
        /// The interpreter a `#!` line names.
        case interpreterLine = "interpreter-line"
        /// The file's name.
        case name
    }

    /// The type the source names.
    public var type: UTType
    /// Who named it.
    public var source: Source
    /// How much it weighs.
    public var strength: Strength
    /// The byte offset of the signature or structure, where there is one.
    public var offset: Int?
    /// What exactly said it: a check's name, a rule's MIME type and priority, libmagic's MIME
    /// type, the name looked up.
    public var detail: String?

    /// A candidate `type` from `source` with `strength`.
    public init(type: UTType, source: Source, strength: Strength, offset: Int? = nil, detail: String? = nil) {
        self.type = type
        self.source = source
        self.strength = strength
        self.offset = offset
        self.detail = detail
    }
}

/// What the name said.
public struct NameEvidence: Sendable {
    /// The extension or well-known name that was looked up, such as `png`, `tar.gz` or `Makefile`.
    public var value: String
    /// The type the name stands for.
    public var type: UTType
    /// The other types the name also stands for, best first (`.asc` is a PGP signature, key or
    /// message; `.m` Objective-C or MATLAB): content that says one of them picks it.
    public var alternatives: [UTType]
    /// Whether the name says little: a shared-mime-info glob for a name's start (`README*`),
    /// which refines generic content but never outranks content that says more.
    public var isWeak: Bool
    /// Whether the system's shared-mime-info database itself gives the extension to more than one
    /// of its types (`.m`: Objective-C and MATLAB; `.key`: Keynote and PGP keys), so that it too
    /// tells them apart by content.
    public var isAmbiguousInDatabase: Bool
    /// The binary types the name stands for whose exact signature the bytes lack (noise named
    /// .png): the database or uti's rules have magic for the format at priority 80 or above, and
    /// none of it matched content that nothing else named. Such a type is not the answer.
    public var rejectedBySignature: [UTType] = []

    /// Name evidence: the extension or name looked up, its type and the other types it stands for.
    public init(value: String, type: UTType, alternatives: [UTType] = [], isWeak: Bool = false, isAmbiguousInDatabase: Bool = false) {
        self.value = value
        self.type = type
        self.alternatives = alternatives
        self.isWeak = isWeak
        self.isAmbiguousInDatabase = isAmbiguousInDatabase
    }
}

/// The answer for one path: its type and how it was reached, or an error.
public struct Inference: Sendable {
    /// The path asked about.
    public var path: RawPath
    /// The file-system kind; nil for standard input or an error before lstat.
    public var kind: FileKind?
    /// The answer; nil for an error.
    public var type: UTType?
    /// The text encoding, for text.
    public var encoding: String?
    /// What the content said.
    public var content: ContentEvidence?
    /// What the name said.
    public var name: NameEvidence?
    /// Which evidence decided.
    public var decidedBy: Decision?
    /// The reconciliation rule that decided (nil when the file system did: a folder, a FIFO, ...).
    public var rule: Reconciliation.Rule?
    /// When the content contradicts the name: the two types (content wins).
    public var mismatch: Mismatch?
    /// The size in bytes, for a regular file.
    public var size: Int?
    /// Why there is no answer.
    public var error: UTIError?
    /// Every answer the evidence gave, strongest first (`Candidate`): the content's sources,
    /// then the name's.
    public var candidates: [Candidate] = []
    /// file(1)'s spelling of the answer's MIME type, when asked (`FileMIME.fileSpelling`;
    /// `--mime-spelling file`); nil otherwise.
    public var fileMIMEType: String?
    /// Whether the file is what it claims to be, when asked (`TypeInferrer.verdict(for:)`;
    /// `identify --verdict`).
    public var verdict: FileVerdict?
    /// With `identify -z`, for a compressed file: its compression, the answer being what the
    /// stream's first bytes are (`TypeInferrer.uncompressed(_:)`); nil otherwise.
    public var compression: Compression?

    /// An answer about `path`, with nothing known yet.
    public init(path: RawPath) { self.path = path }

    /// The preferred MIME type of `type`, else libmagic's.
    public var mimeType: String? { type?.preferredMIMEType ?? content?.mimeType }

    /// The type's description, else the content's.
    public var description: String? { type?.localizedDescription ?? content?.description }
}

/// A compressed file read through its stream (`identify -z`).
public struct Compression: Sendable, Equatable {
    /// The compressed file's own type (gzip, xz, bzip2, Zstandard).
    public var type: UTType
    /// How many bytes of the stream were decoded and read.
    public var bytesDecoded: Int
    /// Whether they are the whole stream.
    public var isComplete: Bool

    /// A compression of `type`, `bytesDecoded` read, the whole stream or not.
    public init(type: UTType, bytesDecoded: Int, isComplete: Bool) {
        self.type = type
        self.bytesDecoded = bytesDecoded
        self.isComplete = isComplete
    }
}

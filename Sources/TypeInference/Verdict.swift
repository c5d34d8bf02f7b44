import UniformTypes

/// Whether a file is what it claims to be, and only that: one verdict from a fixed set and the
/// findings behind it, for a service that accepts files (an upload, a mail attachment, a fixture
/// in CI). Made by `Verifier`; `identify --verdict` prints it.
public struct FileVerdict: Sendable, Equatable {
    /// The verdicts, most serious first: a file with findings of several kinds gets the first.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// An executable or a script (a program, HTML) under a name or a claimed type that is
        /// neither, or inside a file of a harmless format.
        case disguised
        /// Two unrelated formats both hold: a zip appended to an image, PHP in a GIF's comment,
        /// a PDF within a zip's prefix.
        case polyglot
        /// Code the format can carry and run or hide: macros in an Office document, JavaScript
        /// or launch actions in a PDF, scripts and event handlers in SVG, archive entries that
        /// are programs, climb out of the folder they are unpacked in, or are encrypted.
        case activeContent = "active-content"
        /// The bytes are one format and the name or the claimed MIME type another.
        case mismatch
        /// The format's signature, and no consistent structure behind it.
        case signatureOnly = "signature-only"
        /// The structure is consistent as far as it goes, and the file ends first.
        case truncated
        /// What it claims to be, valid as far as uti checks, and nothing else found.
        case consistent

        /// Whether `first` is more serious than `second`.
        public static func < (first: Kind, second: Kind) -> Bool { first.rank < second.rank }

        private var rank: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// The most serious kind among the findings; `consistent` when none says otherwise.
    public var verdict: Kind
    /// What was found: every format with its place and structure, and each reason for the verdict.
    public var findings: [Finding]
    /// The type the bytes are.
    public var contentType: UTType?
    /// The types claimed for them (by the name, by `Claim.mimeType`).
    public var claimedTypes: [UTType]

    /// A verdict made of its findings: the most serious kind among them.
    public init(findings: [Finding], contentType: UTType?, claimedTypes: [UTType]) {
        self.findings = findings
        self.contentType = contentType
        self.claimedTypes = claimedTypes
        verdict = findings.compactMap(\.kind.verdict).min() ?? .consistent
    }
}

/// One thing the verifier found: a format at a place, or a reason for the verdict.
public struct Finding: Sendable, Equatable {
    /// What the finding is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A format the bytes satisfy, at `offset` for `span` bytes (the file's own at 0).
        case format
        /// Bytes past the end of the format's structure that no format of uti's names: told, no
        /// verdict of its own (a camera's padding, a tool's trailer).
        case trailingData = "trailing-data"
        case disguised
        case polyglot
        case activeContent = "active-content"
        case mismatch
        case signatureOnly = "signature-only"
        case truncated

        /// The verdict a finding of this kind makes, if any.
        public var verdict: FileVerdict.Kind? {
            switch self {
            case .format, .trailingData: nil
            case .disguised: .disguised
            case .polyglot: .polyglot
            case .activeContent: .activeContent
            case .mismatch: .mismatch
            case .signatureOnly: .signatureOnly
            case .truncated: .truncated
            }
        }
    }

    /// How far a format's structure was found consistent (for `format` findings).
    public enum Structure: String, Sendable {
        /// Read to its end and consistent (chunks and checksums, segments, boxes, directories).
        case valid
        /// Consistent until the file ends, before the structure does.
        case truncated
        /// The signature, and then nothing the format's structure allows.
        case signatureOnly = "signature-only"
        /// Not checked: a format uti has no structure walk for, or past the verify-bytes limit.
        case unchecked
    }

    /// What the finding says: a format found, data past the end, or a reason for the verdict.
    public var kind: Kind
    /// The format the finding is about, by identifier.
    public var format: String?
    /// Where it starts in the file, where that is known.
    public var offset: Int?
    /// How many bytes it covers, where that is known.
    public var span: Int?
    /// For `format` findings: how much of its structure holds.
    public var structure: Structure?
    /// Why, in words: what was read and what it showed.
    public var basis: String

    /// A finding of `kind`, about `format` where it has one, at `offset` for `span` bytes, explained by `basis`.
    public init(
        kind: Kind, format: String? = nil, offset: Int? = nil, span: Int? = nil, structure: Structure? = nil, basis: String
    ) {
        self.kind = kind
        self.format = format
        self.offset = offset
        self.span = span
        self.structure = structure
        self.basis = basis
    }
}

/// What a file is said to be by whoever hands it over: the name it came with (an upload's
/// original name, which the stored file may not have) and a MIME type (an upload's
/// Content-Type). Without either, the file's own name is the claim.
public struct Claim: Sendable, Equatable {
    /// The name the upload came with, if any.
    public var name: String?
    /// The MIME type it was sent as (a Content-Type), if any.
    public var mimeType: String?

    /// A claim of a name, a MIME type, both or neither.
    public init(name: String? = nil, mimeType: String? = nil) {
        self.name = name
        self.mimeType = mimeType
    }
}

/// What a service accepts: the types allowed (none listed: any) and the verdicts that break the
/// policy (by default every verdict but `consistent`).
public struct VerdictPolicy: Sendable, Equatable {
    /// The types a file may be (empty: any); a file of another type breaks the policy.
    public var allowed: [UTType]
    /// The verdicts that break the policy.
    public var denied: Set<FileVerdict.Kind>
    /// Whether `denied` is the default (no list was given), which a list given later replaces.
    public var deniesByDefault: Bool

    /// A policy over `allowed` that denies `denied`; without a list, every verdict but `consistent`.
    public init(allowed: [UTType] = [], denied: Set<FileVerdict.Kind>? = nil) {
        self.allowed = allowed
        self.denied = denied ?? Self.everyFinding
        deniesByDefault = denied == nil
    }

    /// Every verdict but `consistent`.
    public static let everyFinding = Set(FileVerdict.Kind.allCases.filter { $0 != .consistent })

    /// Why `verdict` breaks the policy, one sentence a reason; empty when it keeps it.
    public func breaches(of verdict: FileVerdict) -> [String] {
        var reasons: [String] = []
        if !allowed.isEmpty {
            if let type = verdict.contentType, allowed.contains(where: { type.conforms(to: $0) }) {
            } else {
                let names = allowed.map(\.identifier).joined(separator: ", ")
                reasons.append("\(verdict.contentType?.identifier ?? "no type") is not allowed (allowed: \(names))")
            }
        }
        if denied.contains(verdict.verdict) { reasons.append("the verdict \(verdict.verdict.rawValue) is denied") }
        return reasons
    }

    /// A policy from its JSON document: `{"allow": ["public.image"], "deny": ["polyglot", ...]}`,
    /// either key optional (no `deny`: every verdict but `consistent`). Throws on anything else.
    public static func parse(_ bytes: [UInt8], source: String, catalog: TypeCatalog) throws(UTIError) -> VerdictPolicy {
        let document = try JSONValue.parse(bytes, source: source)
        guard case .object(let members) = document else { throw UTIError(.invalidInput, "\(source): a policy is a JSON object") }
        var allowed: [UTType] = []
        var denied: Set<FileVerdict.Kind>?
        for (key, value) in members {
            guard case .array(let items) = value else { throw UTIError(.invalidInput, "\(source): \(key) is a list of strings") }
            let strings = try items.map { (item: JSONValue) throws(UTIError) -> String in
                guard case .string(let text) = item else { throw UTIError(.invalidInput, "\(source): \(key) is a list of strings") }
                return text
            }
            switch key {
            case "allow":
                allowed = try strings.map { (name: String) throws(UTIError) -> UTType in
                    guard let type = catalog.type(identifier: name) else { throw UTIError(.invalidInput, "\(source): allow: unknown type \(name)") }
                    return type
                }
            case "deny":
                denied = Set(
                    try strings.map { (name: String) throws(UTIError) -> FileVerdict.Kind in
                        guard let kind = FileVerdict.Kind(rawValue: name) else {
                            let known = FileVerdict.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                            throw UTIError(.invalidInput, "\(source): deny: unknown verdict \(name) (one of \(known))")
                        }
                        return kind
                    })
            default:
                throw UTIError(.invalidInput, "\(source): unknown key \(key) (a policy has allow and deny)")
            }
        }
        return VerdictPolicy(allowed: allowed, denied: denied)
    }
}

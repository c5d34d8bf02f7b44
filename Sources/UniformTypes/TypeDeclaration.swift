/// Who declared a type: Apple, uti itself, a declarations file (exported or imported), or nobody
/// (a dynamic type made up for an unknown tag).
public enum TypeDeclarer: Hashable, Sendable, CustomStringConvertible {
    case apple
    case uti
    /// Declared in `UTExportedTypeDeclarations` (or our JSON's `exported`) of the file at `source`.
    case exported(source: String)
    /// Declared in `UTImportedTypeDeclarations` (or our JSON's `imported`) of the file at `source`.
    case imported(source: String)
    /// Declared by the system's shared-mime-info database (see `SharedMIMEDatabase`).
    case sharedMIMEInfo
    case dynamic

    /// The value of `declaredBy` in records: `apple`, `uti`, the declaring file's path, or `dynamic`.
    public var description: String {
        switch self {
        case .apple: "apple"
        case .uti: "uti"
        case .exported(let source), .imported(let source): source
        case .sharedMIMEInfo: "shared-mime-info"
        case .dynamic: "dynamic"
        }
    }

    /// Which declaration of one identifier wins: exported beats imported beats built-in.
    var overrideRank: Int {
        switch self {
        case .apple, .uti, .sharedMIMEInfo, .dynamic: 0
        case .imported: 1
        case .exported: 2
        }
    }

    /// How a tag shared by several non-public types picks its owner: Apple's, then the user's
    /// exported and imported declarations, then uti's own additions (each reviewed against a
    /// fixture), then shared-mime-info's.
    var tieRank: Int {
        switch self {
        case .apple: 0
        case .exported: 1
        case .imported: 2
        case .uti: 3
        case .sharedMIMEInfo: 4
        case .dynamic: 5
        }
    }
}

/// One type declaration: what Apple's `UTExportedTypeDeclarations` entries say, as plain values.
public struct TypeDeclaration: Hashable, Sendable {
    /// The type's identifier (`UTTypeIdentifier`), as declared.
    public var identifier: String
    /// The direct parents (`UTTypeConformsTo`), in declaration order.
    public var conformsTo: [String]
    /// Filename extensions and MIME types (`UTTypeTagSpecification`).
    public var tags: TagSpecification
    /// `UTTypeDescription`; empty when the declaration gives none.
    public var description: String
    /// `UTTypeReferenceURL`: a page that documents the format.
    public var referenceURL: String?
    /// `UTTypeVersion`: the declaration's version, when it gives a whole number (most do not).
    public var version: Int?
    /// Who declared it: Apple, uti, the system's database, or a declarations file.
    public var declarer: TypeDeclarer
    /// Where the declaration stands, for error messages: e.g. `UTExportedTypeDeclarations[2]`.
    public var entry: String

    /// A declaration of `identifier` conforming to `conformsTo`, by `declarer`.
    public init(
        identifier: String, conformsTo: [String], tags: TagSpecification = TagSpecification(),
        description: String = "", referenceURL: String? = nil, version: Int? = nil, declarer: TypeDeclarer, entry: String = ""
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.tags = tags
        self.description = description
        self.referenceURL = referenceURL
        self.version = version
        self.declarer = declarer
        self.entry = entry
    }

    /// Whether `identifier` is a well-formed type identifier: ASCII letters, digits, hyphens and
    /// periods (or any non-ASCII character), not empty, no empty component, and not `dyn.`.
    public static func isWellFormed(identifier: String) -> Bool {
        guard !identifier.isEmpty, !identifier.lowercased().hasPrefix("dyn.") else { return false }
        let components = identifier.split(separator: ".", omittingEmptySubsequences: false)
        guard components.allSatisfy({ !$0.isEmpty }) else { return false }
        return identifier.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x7F || scalar == "-" || scalar == "."
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }
}

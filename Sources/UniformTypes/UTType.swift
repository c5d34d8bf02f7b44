#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A uniform type identifier with its place in the conformance graph, as Apple's
/// `UniformTypeIdentifiers.UTType` models it: declared in a catalog, or dynamic.
///
/// Two types are equal when their identifiers are equal ignoring case.
public struct UTType: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    enum Storage: Sendable {
        case declared(Int)
        case dynamic(DynamicType)
    }

    /// The identifier as declared, such as `public.png`.
    public let identifier: String
    package let catalog: TypeCatalog
    let storage: Storage
    private let key: String

    package init(catalog: TypeCatalog, index: Int) {
        self.catalog = catalog
        storage = .declared(index)
        identifier = catalog.identifiers[index]
        key = catalog.keys[index]
    }

    init(catalog: TypeCatalog, dynamic: DynamicType) {
        self.catalog = catalog
        storage = .dynamic(dynamic)
        identifier = dynamic.identifier
        key = dynamic.identifier.caseFolded
    }

    // MARK: Creating types (the running catalog: built in, and exported by this process)

    /// The declared type with this identifier (case-insensitive), or the dynamic type a `dyn.`
    /// identifier encodes; nil otherwise. Use `TypeCatalog.type(identifier:)` for custom catalogs.
    public init?(_ identifier: String) {
        guard let type = TypeCatalog.current.type(identifier: identifier) else { return nil }
        self = type
    }

    /// The preferred type for a filename extension (no leading period) that conforms to
    /// `supertype` (default public.data; nil for no constraint); a dynamic type when none does.
    public init?(filenameExtension: String, conformingTo supertype: UTType? = .data) {
        self = TypeCatalog.current.type(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
    }

    /// The preferred type for a MIME type that conforms to `supertype` (default public.data).
    public init?(mimeType: String, conformingTo supertype: UTType? = .data) {
        self = TypeCatalog.current.type(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
    }

    /// The preferred type for a tag of any class that conforms to `supertype`.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        self = TypeCatalog.current.type(tag: tag, tagClass: tagClass, conformingTo: supertype)
    }

    /// Every declared type for a tag, best first (see `TypeCatalog.types(tag:tagClass:conformingTo:)`).
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        TypeCatalog.current.types(tag: tag, tagClass: tagClass, conformingTo: supertype)
    }

    // MARK: Facts

    /// The tags, each class with its values, the preferred value first.
    public var tagSpecification: TagSpecification {
        switch storage {
        case .declared(let index): catalog.tagSpecification(at: index)
        case .dynamic(let dynamic): dynamic.tags
        }
    }

    /// The tags as a dictionary, as Apple's `UTType.tags`.
    public var tags: [UTTagClass: [String]] { tagSpecification.dictionary }

    /// The first filename extension, the one to use when naming a file of this type.
    public var preferredFilenameExtension: String? { tagSpecification[.filenameExtension].first }

    /// The first MIME type.
    public var preferredMIMEType: String? { tagSpecification[.mimeType].first }

    /// The English description; nil for dynamic types and types declared without one.
    public var localizedDescription: String? {
        guard case .declared(let index) = storage else { return nil }
        let declaration = catalog.declaration(at: index)
        if declaration.description.isEmpty, declaration.declarer == .sharedMIMEInfo, let mimeType = preferredMIMEType {
            return catalog.describeMIMEType?(mimeType)
        }
        return declaration.description.isEmpty ? nil : declaration.description
    }

    /// A page that documents the format, when the declaration gives one.
    public var referenceURL: URL? {
        guard case .declared(let index) = storage, let url = catalog.declaration(at: index).referenceURL
        else { return nil }
        return URL(string: url)
    }

    /// The declaration's version (`UTTypeVersion`), as Apple's `UTType.version`: most types have
    /// none, and none of the built-in declarations (Apple's, uti's, shared-mime-info's) give one.
    public var version: Int? {
        guard case .declared(let index) = storage else { return nil }
        return catalog.declaration(at: index).version
    }

    /// Whether the type's catalog takes `mimeType` to this type first: one of its MIME tags, or
    /// another name of it (an alias of a tag, or the shared-mime-info database's name for the
    /// same format), parameters ignored.
    public func isNamed(byMIMEType mimeType: String) -> Bool {
        guard case .declared(let index) = storage else { return false }
        return catalog.candidates(tag: mimeType, tagClass: .mimeType).first == index
    }

    /// Whether `mimeType` only leads to its type and is never printed for it (libmagic's names,
    /// Catalog/mime-aliases.json's role lookup).
    public static func isLookupOnly(mimeType: String) -> Bool { BuiltInCatalog.mimeLookupOnly.contains(mimeType) }

    /// MIME types that name this type in the catalog without being its tags: the
    /// shared-mime-info database's names for a format whose type declares no MIME type
    /// (`image/x-nikon-nrw` for Apple's `com.nikon.nrw-raw-image`), and libmagic's names for it
    /// (role lookup), sorted.
    public var otherMIMETypes: [String] {
        guard case .declared(let index) = storage else { return [] }
        return catalog.mimeNamesByTarget[catalog.keys[index]] ?? []
    }

    /// The system shared-mime-info database's own name for the format this type is, where the
    /// database declares that format under a name the type does not carry: `video/x-flic` for
    /// Apple's public.flc-animation (tagged `video/flc`, which no Linux program uses).
    public var sharedMIMEInfoName: String? {
        guard case .declared(let index) = storage else { return nil }
        return catalog.mimeAlias(catalog.keys[index])
    }

    /// The name uti's own alias list (Catalog/mime-aliases.json) gives the type, when it has one:
    /// a name chosen, with its source, for being registered (`application/yaml`, RFC 9512) or
    /// what file(1) and current shared-mime-info print (`text/x-shellscript`), where the type's
    /// tags keep an older one.
    /// Where file(1) prints one of the type's own tags that is not its first (`text/xml` for
    /// public.xml, tagged `application/xml`, `text/xml`), that tag (role `print` in the list).
    public var aliasMIMEType: String? {
        let key = identifier.lowercased()
        if let printed = BuiltInCatalog.mimePrintNames[key] { return printed }
        guard !Self.aliasByIdentifier.isEmpty else { return nil }
        return Self.aliasByIdentifier[key]
    }

    /// The built-in alias list by type (the first alias in sorted order where a type has several).
    private static let aliasByIdentifier: [String: String] = {
        var table: [String: String] = [:]
        for (alias, key) in BuiltInCatalog.mimeAliases.sorted(by: { $0.key < $1.key })
        where table[key] == nil && !BuiltInCatalog.mimeLookupOnly.contains(alias) {
            table[key] = alias
        }
        return table
    }()

    /// Who declared the type: Apple, uti, a declarations file, or nobody (dynamic).
    public var declarer: TypeDeclarer {
        switch storage {
        case .declared(let index): catalog.declarer(at: index)
        case .dynamic: .dynamic
        }
    }

    /// Whether the system made the type up for an unknown tag (its identifier starts with `dyn.`).
    public var isDynamic: Bool {
        if case .dynamic = storage { return true }
        return false
    }

    /// Whether a declaration of the type is known (every type but a dynamic one).
    public var isDeclared: Bool { !isDynamic }

    /// Whether the identifier is in the `public` domain, reserved for Apple's standard types.
    public var isPublic: Bool { key.hasPrefix("public.") }

    // MARK: Conformance

    /// The types this one conforms to directly, in declaration order.
    public var directSupertypes: [UTType] {
        switch storage {
        case .declared(let index):
            return catalog.parents(of: index).map { UTType(catalog: catalog, index: $0) }
        case .dynamic(let dynamic):
            return dynamic.conformsTo.compactMap { catalog.type(identifier: $0) }
        }
    }

    /// Every type this one conforms to, excluding itself, as Apple's `supertypes` gives them: a
    /// `Set` (so code written for UniformTypeIdentifiers compiles unchanged).
    public var supertypes: Set<UTType> { Set(orderedSupertypes) }

    /// The same types in a deterministic order: depth-first over declared parents, the first
    /// occurrence kept (what records and `uti type` print).
    public var orderedSupertypes: [UTType] {
        switch storage {
        case .declared(let index):
            return catalog.ancestors(of: index).map { UTType(catalog: catalog, index: $0) }
        case .dynamic:
            var seen: Set<UTType> = [self]
            var order: [UTType] = []
            for parent in directSupertypes {
                for type in [parent] + parent.orderedSupertypes where seen.insert(type).inserted {
                    order.append(type)
                }
            }
            return order
        }
    }

    /// Whether this type is `type` or has it among its supertypes (reflexive and transitive).
    public func conforms(to type: UTType) -> Bool {
        if self == type { return true }
        switch storage {
        case .declared(let index):
            guard case .declared(let position) = type.storage else { return false }
            // A type of the same catalog carries its position there, and a built-in type (the
            // constants: .text, .audio) the same position in every catalog layered on the
            // built-in one: no lookup by identifier.
            guard
                let target = type.catalog === catalog
                    ? position : catalog.sharedPosition(position, from: type.catalog) ?? catalog.index(forKey: type.key)
            else { return false }
            return catalog.conforms(index, to: target)
        case .dynamic:
            return directSupertypes.contains { $0.conforms(to: type) }
        }
    }

    /// Whether this type conforms to `type` and is not `type` itself.
    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }

    /// Whether `type` conforms to this type and is not this type itself.
    public func isSupertype(of type: UTType) -> Bool { self != type && type.conforms(to: self) }

    // MARK: Equality

    /// Whether both are the same type: the same identifier, compared case-insensitively.
    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.key == rhs.key }
    /// Hashes the identifier as equality compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
    /// The identifier.
    public var description: String { identifier }
    /// The identifier in angle brackets.
    public var debugDescription: String { "<\(identifier)>" }
}

extension UTType {
    /// A built-in type that is known to exist; a missing one is a defect of the catalog.
    static func builtIn(_ identifier: String) -> UTType {
        guard let type = TypeCatalog.builtIn.type(identifier: identifier) else {
            preconditionFailure("the built-in catalog lacks \(identifier)")
        }
        return type
    }
}

/// A set of type declarations with their conformance graph and tag indexes: the built-in catalog,
/// or the built-in catalog with custom declarations added. Immutable and safe to share (what it
/// builds on first use is kept behind locks).
public final class TypeCatalog: @unchecked Sendable {
    struct TagKey: Hashable, Sendable {
        let tagClass: UTTagClass
        let value: String
    }

    /// Where the declarations are: the built-in catalog's generated tables, read a row at a time
    /// (a one-shot command needs a few rows, and building all of them was most of its start), or
    /// a list with its identifier index and MIME aliases.
    private enum Declarations: Sendable {
        case builtIn
        case stored(Stored)
    }

    /// Declarations held as values: every type's (`base` 0), or, from position `base` on, those
    /// added to the built-in catalog's tables (`base` is `BuiltInCatalog.count`: the system
    /// catalog, which adds the shared-mime-info types without making a declaration of each
    /// built-in row). One payload case only: an enum with two would keep its case in the spare
    /// bits of these pointers, where LeakSanitizer no longer sees them.
    private struct Stored: Sendable {
        let list: [TypeDeclaration]
        let base: Int
        /// Positions by case-folded identifier, of `list`'s declarations.
        let indexByKey: [String: Int]
        let mimeAliases: [String: String]
        /// Instead of `list`, `indexByKey`, `mimeAliases` (beyond the built-in catalog's) and the
        /// tag index: the same, as an image searched in place (`CatalogImage`).
        var image: CatalogImage? = nil

        /// Whether the built-in tables come first.
        var isLayered: Bool { base > 0 }
    }

    private let declarations: Declarations
    /// Each type's identifier as declared, in catalog order.
    package let identifiers: TypeNames
    /// Each type's identifier case-folded: what types are compared by.
    package let keys: TypeNames
    /// Type i's parents, as positions, are `parentList[parentStart[i]..<parentStart[i + 1]]`.
    private let parentStart: [Int]
    private let parentList: [Int]
    /// For each tag, the types that carry it, most preferred first; built on the first tag
    /// lookup, since one-shot commands that only name identifiers never need it.
    /// Built on first use, each behind a lock of its own (plain fields: a generic box each was
    /// runtime metadata to instantiate whenever a catalog was made).
    private let tagsLock = Lock()
    private var tags: [TagKey: [Int]]?
    private let aliasesByTargetLock = Lock()
    private var aliasesByTarget: [String: [String]]?
    /// The MIME aliases of a catalog on an image, as one table: built when a caller wants them all.
    private let mergedAliasesLock = Lock()
    private var mergedAliases: [String: String]?
    /// Where descriptions of types declared without one come from, by MIME type (the system
    /// database's comments, which SharedMIMEInfo reads only when a description is asked for).
    package let describeMIMEType: (@Sendable (String) -> String?)?

    /// The built-in catalog: Apple's declarations, newer Apple types and uti's own.
    public static let builtIn = TypeCatalog()

    /// The built-in catalog, on its generated tables (the same catalog as
    /// `init(validDeclarations:)` makes of its declarations, which a test checks).
    private init() {
        declarations = .builtIn
        identifiers = TypeNames(BuiltInCatalog.identifiers)
        keys = TypeNames(BuiltInCatalog.keys)
        parentStart = BuiltInCatalog.parentStart
        parentList = BuiltInCatalog.parentList
        describeMIMEType = nil
    }

    /// Builds a catalog from declarations already known to be valid (parents declared, no cycles);
    /// `describeMIMEType` describes types declared without a description, by their MIME type.
    package init(
        validDeclarations declarations: [TypeDeclaration], mimeAliases: [String: String] = [:],
        describeMIMEType: (@Sendable (String) -> String?)? = nil
    ) {
        self.describeMIMEType = describeMIMEType
        let identifiers = declarations.map(\.identifier)
        let keys = identifiers.map(\.caseFolded)
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() { indexByKey[key] = index }
        var parentStart = [0]
        var parentList: [Int] = []
        parentStart.reserveCapacity(declarations.count + 1)
        for declaration in declarations {
            parentList += declaration.conformsTo.compactMap { indexByKey[$0.caseFolded] }
            parentStart.append(parentList.count)
        }
        self.identifiers = TypeNames(identifiers)
        self.keys = TypeNames(keys)
        self.parentStart = parentStart
        self.parentList = parentList
        self.declarations = .stored(Stored(list: declarations, base: 0, indexByKey: indexByKey, mimeAliases: mimeAliases))
    }

    /// The built-in catalog with `added` after its rows (each valid, its parents declared before
    /// it or built in, no identifier twice or built in), and `mimeAliases` (the built-in
    /// catalog's own included): the same catalog as `init(validDeclarations:)` makes of the
    /// built-in declarations and `added`, on the built-in tables as they are.
    package init(
        builtInAdding added: [TypeDeclaration], mimeAliases: [String: String], describeMIMEType: (@Sendable (String) -> String?)? = nil
    ) {
        self.describeMIMEType = describeMIMEType
        let base = BuiltInCatalog.count
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(added.count)
        var identifiers: [String] = []
        var keys: [String] = []
        identifiers.reserveCapacity(added.count)
        keys.reserveCapacity(added.count)
        for (offset, declaration) in added.enumerated() {
            let key = declaration.identifier.caseFolded
            identifiers.append(declaration.identifier)
            keys.append(key)
            indexByKey[key] = base + offset
        }
        var parentStart = BuiltInCatalog.parentStart
        var parentList = BuiltInCatalog.parentList
        parentStart.reserveCapacity(base + added.count + 1)
        for declaration in added {
            parentList += declaration.conformsTo.compactMap { parent in
                let key = parent.caseFolded
                return BuiltInCatalog.index(forKey: key) ?? indexByKey[key]
            }
            parentStart.append(parentList.count)
        }
        self.identifiers = TypeNames(BuiltInCatalog.identifiers, then: identifiers)
        self.keys = TypeNames(BuiltInCatalog.keys, then: keys)
        self.parentStart = parentStart
        self.parentList = parentList
        declarations = .stored(Stored(list: added, base: base, indexByKey: indexByKey, mimeAliases: mimeAliases))
    }

    /// The built-in catalog with the types of `image` after its rows, as `init(builtInAdding:)`
    /// makes it of the same declarations and aliases (`additionsImage()` wrote the image; only the
    /// records' identifiers and parents are read now, the rest where a lookup needs it).
    package init(builtInAdding image: CatalogImage, describeMIMEType: (@Sendable (String) -> String?)? = nil) {
        self.describeMIMEType = describeMIMEType
        var identifiers: [String] = []
        var keys: [String] = []
        var parentStart = BuiltInCatalog.parentStart
        var parentList = BuiltInCatalog.parentList
        identifiers.reserveCapacity(image.count)
        keys.reserveCapacity(image.count)
        parentStart.reserveCapacity(image.base + image.count + 1)
        for record in 0..<image.count {
            let (identifier, key) = image.identifierAndKey(record)
            identifiers.append(identifier)
            keys.append(key)
            image.appendParents(record, to: &parentList)
            parentStart.append(parentList.count)
        }
        self.identifiers = TypeNames(BuiltInCatalog.identifiers, then: identifiers)
        self.keys = TypeNames(BuiltInCatalog.keys, then: keys)
        self.parentStart = parentStart
        self.parentList = parentList
        declarations = .stored(Stored(list: [], base: image.base, indexByKey: [:], mimeAliases: [:], image: image))
    }

    /// The added types of a catalog made by `init(builtInAdding:mimeAliases:describeMIMEType:)`
    /// as an image, or nil for another catalog or when a declaration has what an image does not
    /// keep (a description, a reference URL, a version, a declarer other than shared-mime-info,
    /// a parent that is not its type's identifier as declared).
    package func additionsImage() -> [UInt8]? {
        guard case .stored(let stored) = declarations, stored.isLayered, stored.image == nil else { return nil }
        var records: [CatalogImage.Record] = []
        for (offset, declaration) in stored.list.enumerated() {
            let position = stored.base + offset
            let parents = Array(self.parents(of: position))
            guard declaration.declarer == .sharedMIMEInfo, declaration.description.isEmpty, declaration.referenceURL == nil,
                declaration.version == nil, declaration.conformsTo == parents.map({ identifiers[$0] })
            else { return nil }
            records.append(
                CatalogImage.Record(identifier: identifiers[position], key: keys[position], entry: declaration.entry, parents: parents, tags: declaration.tags))
        }
        let aliases = stored.mimeAliases.filter { BuiltInCatalog.mimeAliases[$0.key] == nil }
        let tags = tagIndex.map { (tagClass: $0.key.tagClass, value: $0.key.value, positions: $0.value) }
        return CatalogImage.bytes(base: stored.base, records: records, aliases: aliases, tags: tags)
    }

    /// The declaration of the type at `index`.
    package func declaration(at index: Int) -> TypeDeclaration {
        switch declarations {
        case .builtIn: return BuiltInCatalog.declaration(at: index)
        case .stored(let stored):
            if index < stored.base { return BuiltInCatalog.declaration(at: index) }
            guard let image = stored.image else { return stored.list[index - stored.base] }
            let record = index - stored.base
            return TypeDeclaration(
                identifier: identifiers[index], conformsTo: parents(of: index).map { identifiers[$0] }, tags: image.tags(record),
                description: "", declarer: .sharedMIMEInfo, entry: image.entry(record))
        }
    }

    /// The tags of the type at `index` (its declaration's, without making the rest of it).
    package func tagSpecification(at index: Int) -> TagSpecification {
        switch declarations {
        case .builtIn: return BuiltInCatalog.tagSpecification(at: index)
        case .stored(let stored):
            if index < stored.base { return BuiltInCatalog.tagSpecification(at: index) }
            return stored.image?.tags(index - stored.base) ?? stored.list[index - stored.base].tags
        }
    }

    /// Who declared the type at `index`.
    package func declarer(at index: Int) -> TypeDeclarer {
        switch declarations {
        case .builtIn: return BuiltInCatalog.declarer(at: index)
        case .stored(let stored):
            if index < stored.base { return BuiltInCatalog.declarer(at: index) }
            return stored.image == nil ? stored.list[index - stored.base].declarer : .sharedMIMEInfo
        }
    }

    /// The position of the type whose case-folded identifier is `key`.
    package func index(forKey key: String) -> Int? {
        switch declarations {
        case .builtIn: BuiltInCatalog.index(forKey: key)
        case .stored(let stored):
            (stored.isLayered ? BuiltInCatalog.index(forKey: key) : nil) ?? stored.image.map { $0.index(forKey: key) } ?? stored.indexByKey[key]
        }
    }

    /// The digest of the built-in catalog's generated tables.
    package static var builtInDigest: String { BuiltInCatalog.fingerprint }

    /// Whether this is the built-in catalog itself.
    package var isBuiltIn: Bool {
        if case .builtIn = declarations { return true }
        return false
    }

    /// Whether the built-in catalog's types hold the same positions here as there: the built-in
    /// catalog, or one layered on it (the system catalog adds its types after them).
    package var sharesBuiltInPositions: Bool {
        switch declarations {
        case .builtIn: true
        case .stored(let stored): stored.isLayered
        }
    }

    /// The position here of the type at `position` in `other`, where both catalogs share the
    /// built-in positions and the type is a built-in one; nil where a lookup by identifier must
    /// answer.
    package func sharedPosition(_ position: Int, from other: TypeCatalog) -> Int? {
        guard position < BuiltInCatalog.count, sharesBuiltInPositions, other.sharesBuiltInPositions else { return nil }
        return position
    }

    /// The positions of the direct parents of the type at `index`, in declaration order.
    package func parents(of index: Int) -> ArraySlice<Int> {
        parentList[parentStart[index]..<parentStart[index + 1]]
    }

    /// MIME aliases -> canonical MIME types (from shared-mime-info), tried when a MIME type finds
    /// no type as given: `image/x-ms-bmp` finds the type of `image/bmp`. A target without a `/`
    /// is a type identifier: the database's name for a format whose type carries no MIME type of
    /// its own (`image/x-exr` finds Apple's `com.ilm.openexr-image`), or one of the built-in
    /// catalog's own aliases (Catalog/mime-aliases.json: `application/yaml` finds public.yaml).
    /// A key without a `/` is a type's identifier (lowercased), and its value the database's own
    /// name for the format that type is (see `UTType.sharedMIMEInfoName`); a key `*.ext` is an
    /// extension the database gives that type's format and no declared type carries, its value the
    /// type's identifier (`*.latex`: org.tug.tex-source).
    package var mimeAliases: [String: String] {
        switch declarations {
        case .builtIn: return BuiltInCatalog.mimeAliases
        case .stored(let stored):
            guard let image = stored.image else { return stored.mimeAliases }
            return mergedAliasesLock.value(
                get: { self.mergedAliases }, set: { self.mergedAliases = $0 },
                orBuild: {
                    var merged = BuiltInCatalog.mimeAliases
                    for (name, target) in image.aliases where merged[name] == nil { merged[name] = target }
                    return merged
                })
        }
    }

    /// What `mimeAliases` gives `name`, without making the whole table.
    package func mimeAlias(_ name: String) -> String? {
        switch declarations {
        case .builtIn: return BuiltInCatalog.mimeAliases[name]
        case .stored(let stored):
            guard let image = stored.image else { return stored.mimeAliases[name] }
            return BuiltInCatalog.mimeAliases[name] ?? image.alias(name)
        }
    }

    /// The MIME names `mimeAliases` gives each target, sorted: built once, on first use, so that
    /// a record's every spelling (`UTType.otherMIMETypes`) is a lookup, not a scan.
    package var mimeNamesByTarget: [String: [String]] {
        aliasesByTargetLock.value(
            get: { self.aliasesByTarget }, set: { self.aliasesByTarget = $0 },
            orBuild: {
                var names: [String: [String]] = [:]
                for (name, target) in mimeAliases where name.contains("/") { names[target, default: []].append(name) }
                return names.mapValues { $0.sorted() }
            })
    }

    /// The records that carry a normalized tag, best first: public types, then by declarer, then
    /// catalog order. The built-in catalog's come from its generated index; a layered catalog
    /// indexes only what it adds, and merges the two.
    func positions(carrying key: TagKey) -> [Int]? {
        switch declarations {
        case .builtIn:
            return BuiltInCatalog.positions(carrying: key.value, tagClass: key.tagClass).map(Array.init)
        case .stored(let stored) where stored.isLayered:
            let builtIn = BuiltInCatalog.positions(carrying: key.value, tagClass: key.tagClass)
            guard let added = stored.image.map({ $0.positions(tagClass: key.tagClass, value: key.value) }) ?? tagIndex[key] else {
                return builtIn.map(Array.init)
            }
            guard let builtIn else { return added }
            return (Array(builtIn) + added).sorted { rank($0) < rank($1) }
        case .stored:
            return tagIndex[key]
        }
    }

    /// How a record ranks among those that carry the same tag: public types, then by declarer,
    /// then catalog order.
    private func rank(_ position: Int) -> (Int, Int, Int) {
        (keys[position].hasPrefix("public.") ? 0 : 1, declarer(at: position).tieRank, position)
    }

    /// For each normalized tag, the records that carry it, best first (`rank`): of the whole
    /// catalog, or of the records a layered catalog adds to the built-in tables.
    var tagIndex: [TagKey: [Int]] {
        tagsLock.value(
            get: { self.tags }, set: { self.tags = $0 },
            orBuild: {
                var index: [TagKey: [Int]] = [:]
                var indexed = 0..<count
                if case .stored(let stored) = declarations { indexed = stored.base..<count }
                index.reserveCapacity(indexed.count)
                for position in indexed {
                    for (tagClass, values) in tagSpecification(at: position).entries {
                        for value in values {
                            let key = TagKey(tagClass: tagClass, value: tagClass.normalize(value))
                            if index[key]?.last != position { index[key, default: []].append(position) }
                        }
                    }
                }
                for (key, owners) in index where owners.count > 1 {
                    index[key] = owners.sorted { rank($0) < rank($1) }
                }
                return index
            })
    }

    /// Every declared type, in catalog order.
    public var allTypes: [UTType] {
        keys.indices.map { UTType(catalog: self, index: $0) }
    }

    /// The number of declared types.
    public var count: Int { keys.count }

    /// The declared type with this identifier (compared case-insensitively), or the dynamic type it
    /// encodes; nil for anything else.
    public func type(identifier: String) -> UTType? {
        if let index = index(forKey: identifier.caseFolded) {
            return UTType(catalog: self, index: index)
        }
        if let dynamic = DynamicType(identifier: identifier) {
            return UTType(catalog: self, dynamic: dynamic)
        }
        return nil
    }

    /// Every declared type that carries `tag` in `tagClass` and conforms to `supertype` (nil: no
    /// constraint), best first: public types, then by declarer (Apple, exported, imported, uti),
    /// then catalog order. When none does, a single dynamic type for the tag.
    ///
    /// A MIME type is first looked up as given (so `text/plain;charset=utf-16` finds
    /// public.utf16-plain-text); when that finds nothing, its parameters are ignored.
    public func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        // identify looks up the MIME types and extensions of every file, a few hundred distinct
        // ones in a whole tree: each lookup is answered once.
        let key = LookupKey(tag: TagKey(tagClass: tagClass, value: tag), constraint: supertype?.identifier)
        let answer =
            lookupsLock.withLock { lookups[key] }
            ?? {
                let found = Lookup(
                    positions: candidates(tag: tag, tagClass: tagClass).filter { position in
                        supertype.map { UTType(catalog: self, index: position).conforms(to: $0) } ?? true
                    },
                    tag: tag, tagClass: tagClass, constraint: supertype)
                // Kept while there is room, so that names taken from input cannot grow it without end.
                lookupsLock.withLock { if lookups.count < Self.lookupLimit { lookups[key] = found } }
                return found
            }()
        if let dynamic = answer.dynamic { return [UTType(catalog: self, dynamic: dynamic)] }
        return answer.positions.map { UTType(catalog: self, index: $0) }
    }

    /// A tag lookup: the tag as given, and the identifier of the type the answers must conform to.
    struct LookupKey: Hashable, Sendable {
        let tag: TagKey
        let constraint: String?
    }

    /// What a lookup finds: the declared types, or the dynamic type made for the tag when none does.
    struct Lookup: Sendable {
        let positions: [Int]
        let dynamic: DynamicType?

        init(positions: [Int], tag: String, tagClass: UTTagClass, constraint: UTType?) {
            self.positions = positions
            dynamic = positions.isEmpty ? DynamicType(tag: tag, tagClass: tagClass, constraint: constraint) : nil
        }
    }

    private let lookupsLock = Lock()
    private var lookups: [LookupKey: Lookup] = [:]
    private static let lookupLimit = 4096

    /// The dynamic type for a tag, whether or not a declared type carries it: what
    /// `uti type --dynamic` prints.
    public func dynamicType(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType {
        UTType(catalog: self, dynamic: DynamicType(tag: tag, tagClass: tagClass, constraint: supertype))
    }

    /// The types that declare `type` as a direct parent, in catalog order.
    public func directSubtypes(of type: UTType) -> [UTType] {
        guard let target = index(forKey: type.identifier.caseFolded) else { return [] }
        return keys.indices.filter { parents(of: $0).contains(target) }.map { UTType(catalog: self, index: $0) }
    }

    /// The preferred type for a tag (see `types(tag:tagClass:conformingTo:)`).
    public func type(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType {
        types(tag: tag, tagClass: tagClass, conformingTo: supertype)[0]
    }

    /// Whether a declared type carries the tag itself (no alias counted): a lookup whose answer
    /// the system's shared-mime-info types cannot change.
    public func hasType(carryingTag tag: String, tagClass: UTTagClass) -> Bool {
        !candidates(tag: tag, tagClass: tagClass, usingAliases: false).isEmpty
    }

    /// Declared types that carry the tag, best first, with no constraint and no dynamic fallback;
    /// a MIME type is also looked up among the aliases unless `usingAliases` is false.
    package func candidates(tag: String, tagClass: UTTagClass, usingAliases: Bool = true) -> [Int] {
        let normalized = tagClass.normalize(tag)
        if let hits = positions(carrying: TagKey(tagClass: tagClass, value: normalized)) { return hits }
        if tagClass == .filenameExtension {
            // The database's glob for a format a catalog type carries (see `mimeAliases`).
            guard usingAliases, let key = mimeAlias("*." + normalized), let position = self.index(forKey: key) else { return [] }
            return [position]
        }
        guard tagClass == .mimeType else { return [] }
        let bare = normalized.firstIndex(of: ";").map { String(normalized[..<$0]) } ?? normalized
        if bare != normalized, let hits = positions(carrying: TagKey(tagClass: tagClass, value: bare)) { return hits }
        if usingAliases, bare.contains("/"), let canonical = mimeAlias(bare) {
            if !canonical.contains("/") { return self.index(forKey: canonical).map { [$0] } ?? [] }
            if let hits = positions(carrying: TagKey(tagClass: tagClass, value: canonical)) { return hits }
            // Another spelling of a name the built-in catalog knows as an alias of its own.
            if let target = mimeAlias(canonical), !target.contains("/") { return self.index(forKey: target).map { [$0] } ?? [] }
        }
        return []
    }

    /// Whether the record at `index` is `target` or has it among its ancestors.
    func conforms(_ index: Int, to target: Int) -> Bool {
        if index == target { return true }
        var visited = PositionSet(count: count)
        var stack = [index]
        while let current = stack.popLast() {
            for parent in parents(of: current) where visited.insert(parent) {
                if parent == target { return true }
                stack.append(parent)
            }
        }
        return false
    }

    /// The ancestors of the record at `index`, depth-first over declared parents, first occurrence
    /// kept, the record itself excluded.
    func ancestors(of index: Int) -> [Int] {
        var seen = PositionSet(count: count)
        _ = seen.insert(index)
        var order: [Int] = []
        // An explicit stack of (record, next parent to visit): declarations files can chain tens
        // of thousands of types, deeper than the call stack allows.
        var stack: [(record: Int, next: Int)] = [(index, 0)]
        while let (current, next) = stack.last {
            let parents = parents(of: current)
            guard next < parents.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let parent = parents[parents.startIndex + next]
            if seen.insert(parent) {
                order.append(parent)
                stack.append((parent, 0))
            }
        }
        return order
    }

    /// For each record, its direct children in catalog order.
    func childrenTable() -> [[Int]] {
        var children = Array(repeating: [Int](), count: count)
        for index in 0..<count {
            for parent in parents(of: index) where children[parent].last != index {
                children[parent].append(index)
            }
        }
        return children
    }
}

/// A set of positions below a count as one bit each: what the catalog's graph walks and the
/// damage check of a mime.cache mark visited (no hashing, and no generic set to instantiate at
/// the start of a one-shot command).
package struct PositionSet {
    private var words: [UInt64]

    package init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    /// Adds `position` (below the count); whether it was not there before.
    package mutating func insert(_ position: Int) -> Bool {
        let (word, bit) = (position / 64, UInt64(1) << UInt64(position % 64))
        if words[word] & bit != 0 { return false }
        words[word] |= bit
        return true
    }
}

/// Names in catalog order: the built-in catalog's generated table as it is, then the names of
/// the types added after it. A catalog with added types once copied the built-in thousand into
/// a new array, at every start of a command that reads the system's database.
package struct TypeNames: Equatable, Sendable {
    private let first: [String]
    private let rest: [String]

    init(_ first: [String], then rest: [String] = []) {
        self.first = first
        self.rest = rest
    }

    package var count: Int { first.count + rest.count }
    package var indices: Range<Int> { 0..<count }

    package subscript(position: Int) -> String { position < first.count ? first[position] : rest[position - first.count] }

    /// The same names in the same order, however they are split.
    package static func == (a: TypeNames, b: TypeNames) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] }
    }
}

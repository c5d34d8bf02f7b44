#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of type declarations with their conformance graph and tag indexes: the built-in catalog,
/// or the built-in catalog with custom declarations added. Immutable and safe to share.
public final class TypeCatalog: Sendable {
    struct Record: Sendable {
        let declaration: TypeDeclaration
        let key: String
        let parents: [Int]
        var identifier: String { declaration.identifier }
    }

    struct TagKey: Hashable, Sendable {
        let tagClass: UTTagClass
        let value: String
    }

    let records: [Record]
    let indexByKey: [String: Int]
    /// MIME aliases -> canonical MIME types (from shared-mime-info), tried when a MIME type finds
    /// no type as given: `image/x-ms-bmp` finds the type of `image/bmp`. A target without a `/`
    /// is a type identifier: the database's name for a format whose type carries no MIME type of
    /// its own (`image/x-exr` finds Apple's `com.ilm.openexr-image`), or one of the built-in
    /// catalog's own aliases (Catalog/mime-aliases.json: `application/yaml` finds public.yaml).
    let mimeAliases: [String: String]
    /// For each tag, the records that carry it, most preferred first; built on the first tag
    /// lookup, since one-shot commands that only name identifiers never need it.
    private let tags = TagIndexBox()

    /// The built-in catalog: Apple's declarations, newer Apple types and uti's own.
    public static let builtIn = TypeCatalog(builtIn: BuiltInCatalog.entries, parents: BuiltInCatalog.parents, mimeAliases: BuiltInCatalog.mimeAliases)

    /// The built-in catalog from its generated table, whose parents the generator resolved: it
    /// is built at every start, so no parent is looked up by identifier here (the same records as
    /// `init(validDeclarations:)` makes, which a test checks).
    init(builtIn entries: [BuiltInEntry], parents: [[Int]], mimeAliases: [String: String] = [:]) {
        self.mimeAliases = mimeAliases
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(entries.count)
        var records: [Record] = []
        records.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let key = entry.identifier.caseFolded
            indexByKey[key] = index
            records.append(Record(declaration: entry.declaration, key: key, parents: parents[index]))
        }
        self.records = records
        self.indexByKey = indexByKey
    }

    /// Builds a catalog from declarations already known to be valid (parents declared, no cycles).
    init(validDeclarations declarations: [TypeDeclaration], mimeAliases: [String: String] = [:]) {
        self.mimeAliases = mimeAliases
        let keys = declarations.map(\.identifier.caseFolded)
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(declarations.count)
        for (index, key) in keys.enumerated() { indexByKey[key] = index }
        records = zip(declarations, keys).map { declaration, key in
            Record(declaration: declaration, key: key, parents: declaration.conformsTo.compactMap { indexByKey[$0.caseFolded] })
        }
        self.indexByKey = indexByKey
    }

    /// For each normalized tag, the records that carry it, best first: public types, then by
    /// declarer, then catalog order.
    var tagIndex: [TagKey: [Int]] {
        tags.value { [records] in
            var index: [TagKey: [Int]] = [:]
            index.reserveCapacity(records.count)
            for (position, record) in records.enumerated() {
                for (tagClass, values) in record.declaration.tags.entries {
                    for value in values {
                        let key = TagKey(tagClass: tagClass, value: tagClass.normalize(value))
                        if index[key]?.last != position { index[key, default: []].append(position) }
                    }
                }
            }
            func rank(_ position: Int) -> (Int, Int, Int) {
                (records[position].key.hasPrefix("public.") ? 0 : 1, records[position].declaration.declarer.tieRank, position)
            }
            for (key, owners) in index where owners.count > 1 {
                index[key] = owners.sorted { rank($0) < rank($1) }
            }
            return index
        }
    }

    /// Every declared type, in catalog order.
    public var allTypes: [UTType] {
        records.indices.map { UTType(catalog: self, index: $0) }
    }

    /// The number of declared types.
    public var count: Int { records.count }

    /// The declared type with this identifier (compared case-insensitively), or the dynamic type it
    /// encodes; nil for anything else.
    public func type(identifier: String) -> UTType? {
        if let index = indexByKey[identifier.caseFolded] {
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
        let matches = candidates(tag: tag, tagClass: tagClass)
            .map { UTType(catalog: self, index: $0) }
            .filter { supertype == nil || $0.conforms(to: supertype!) }
        return matches.isEmpty ? [dynamicType(tag: tag, tagClass: tagClass, conformingTo: supertype)] : matches
    }

    /// The dynamic type for a tag, whether or not a declared type carries it: what
    /// `uti type --dynamic` prints.
    public func dynamicType(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType {
        let dynamic = DynamicType(
            tags: TagSpecification([(tagClass, [tag])]), conformsTo: supertype.map { [$0.identifier] } ?? [])
        return UTType(catalog: self, dynamic: dynamic)
    }

    /// The types that declare `type` as a direct parent, in catalog order.
    public func directSubtypes(of type: UTType) -> [UTType] {
        guard let target = indexByKey[type.identifier.caseFolded] else { return [] }
        return records.indices.filter { records[$0].parents.contains(target) }.map { UTType(catalog: self, index: $0) }
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
    func candidates(tag: String, tagClass: UTTagClass, usingAliases: Bool = true) -> [Int] {
        let normalized = tagClass.normalize(tag)
        let index = tagIndex
        if let hits = index[TagKey(tagClass: tagClass, value: normalized)] { return hits }
        guard tagClass == .mimeType else { return [] }
        let bare = normalized.firstIndex(of: ";").map { String(normalized[..<$0]) } ?? normalized
        if bare != normalized, let hits = index[TagKey(tagClass: tagClass, value: bare)] { return hits }
        if usingAliases, let canonical = mimeAliases[bare] {
            if !canonical.contains("/") { return indexByKey[canonical].map { [$0] } ?? [] }
            if let hits = index[TagKey(tagClass: tagClass, value: canonical)] { return hits }
            // Another spelling of a name the built-in catalog knows as an alias of its own.
            if let target = mimeAliases[canonical], !target.contains("/") { return indexByKey[target].map { [$0] } ?? [] }
        }
        return []
    }

    /// Whether the record at `index` is `target` or has it among its ancestors.
    func conforms(_ index: Int, to target: Int) -> Bool {
        if index == target { return true }
        var visited = Set<Int>()
        var stack = [index]
        while let current = stack.popLast() {
            for parent in records[current].parents where visited.insert(parent).inserted {
                if parent == target { return true }
                stack.append(parent)
            }
        }
        return false
    }

    /// The ancestors of the record at `index`, depth-first over declared parents, first occurrence
    /// kept, the record itself excluded.
    func ancestors(of index: Int) -> [Int] {
        var seen: Set<Int> = [index]
        var order: [Int] = []
        // An explicit stack of (record, next parent to visit): declarations files can chain tens
        // of thousands of types, deeper than the call stack allows.
        var stack: [(record: Int, next: Int)] = [(index, 0)]
        while let (current, next) = stack.last {
            let parents = records[current].parents
            guard next < parents.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let parent = parents[next]
            if seen.insert(parent).inserted {
                order.append(parent)
                stack.append((parent, 0))
            }
        }
        return order
    }

    /// For each record, its direct children in catalog order.
    func childrenTable() -> [[Int]] {
        var children = Array(repeating: [Int](), count: records.count)
        for (index, record) in records.enumerated() {
            for parent in record.parents where children[parent].last != index {
                children[parent].append(index)
            }
        }
        return children
    }
}

/// Computes the tag index once, on first use, safely from any thread.
final class TagIndexBox: @unchecked Sendable {
    private var index: [TypeCatalog.TagKey: [Int]]?
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func value(_ build: () -> [TypeCatalog.TagKey: [Int]]) -> [TypeCatalog.TagKey: [Int]] {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let index { return index }
        let built = build()
        index = built
        return built
    }
}

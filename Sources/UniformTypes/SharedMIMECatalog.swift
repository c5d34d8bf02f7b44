extension SharedMIMEDatabase {
    /// The identifier uti gives a MIME type that only shared-mime-info declares:
    /// `org.freedesktop.mime.` then the media type and subtype, with every character outside
    /// letters, digits, `-` and `.` (such as `+` and `_`) written as `-`. `image/x-tga` is
    /// `org.freedesktop.mime.image.x-tga`, `application/vnd.ms-excel.sheet.macroEnabled.12` is
    /// `org.freedesktop.mime.application.vnd.ms-excel.sheet.macroEnabled.12`.
    public static func identifier(forMIMEType mimeType: String) -> String {
        let mapped = mimeType.unicodeScalars.map { scalar -> Character in
            if scalar == "/" { return "." }
            let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
            return allowed ? Character(scalar) : "-"
        }
        return "org.freedesktop.mime." + String(mapped)
    }

    /// The type every MIME type of a media type conforms to when shared-mime-info names no parent
    /// that does already.
    static func mediaParent(_ mimeType: String) -> String? {
        switch mimeType.prefix(while: { $0 != "/" }) {
        case "text": "public.plain-text"
        case "image": "public.image"
        case "audio": "public.audio"
        case "video": "public.movie"
        case "font": "public.font"
        case "model": "public.3d-content"
        case "application", "message", "multipart", "chemical": "public.data"
        default: nil
        }
    }

    /// Declarations for the MIME types no type of `catalog` carries (as given or by an alias), in
    /// the database's order, each conforming to its `sub-class-of` parents (by their types in the
    /// catalog, or their own declarations) and to its media type's type; tags: the MIME type, its
    /// aliases and the extensions of its `*.ext` globs. A parent that would close a cycle in a
    /// damaged database is left out. `inode/*` and `x-content/*` (folders and media) are not files
    /// and get no declaration.
    public func declarations(missingFrom catalog: TypeCatalog) -> [TypeDeclaration] {
        var aliasesOf: [String: [String]] = [:]
        for (alias, target) in aliases.sorted(by: { $0.key < $1.key }) { aliasesOf[target, default: []].append(alias) }
        func existing(_ mimeType: String) -> String? {
            for spelling in [mimeType] + (aliasesOf[mimeType] ?? []) {
                if let index = catalog.candidates(tag: spelling, tagClass: .mimeType).first { return catalog.records[index].identifier }
            }
            return nil
        }
        var identifiers: [String: String] = [:]  // canonical MIME type -> the identifier of its type
        var declared: [String] = []
        for mimeType in types.map(canonical) where identifiers[mimeType] == nil {
            if mimeType.hasPrefix("inode/") || mimeType.hasPrefix("x-content/") || mimeType.hasPrefix("all/") { continue }
            if let owner = existing(mimeType) {
                identifiers[mimeType] = owner
            } else {
                identifiers[mimeType] = Self.identifier(forMIMEType: mimeType)
                declared.append(mimeType)
            }
        }
        let declaredSet = Set(declared)
        // Parents in an order that never closes a cycle: a depth-first walk that skips an edge back
        // into the path.
        var resolvedParents: [String: [String]] = [:]
        var state: [String: Bool] = [:]  // false: on the path, true: done
        func visit(_ mimeType: String) {
            state[mimeType] = false
            var result: [String] = []
            for parent in (parents[mimeType] ?? []).map(canonical) {
                // A parent the database does not list itself may still be a type of the catalog.
                guard let identifier = identifiers[parent] ?? existing(parent), state[parent] != false else { continue }
                if state[parent] == nil, declaredSet.contains(parent) { visit(parent) }
                if !result.contains(identifier) { result.append(identifier) }
            }
            resolvedParents[mimeType] = result
            state[mimeType] = true
        }
        for mimeType in declared where state[mimeType] == nil { visit(mimeType) }
        return declared.enumerated().map { position, mimeType in
            var conformsTo = resolvedParents[mimeType] ?? []
            if let media = Self.mediaParent(mimeType), !conformsTo.contains(media) {
                // Another type of the same media type from this database already conforms to it;
                // a catalog type may too.
                let covered = (parents[mimeType] ?? []).map(canonical).contains { parent in
                    if declaredSet.contains(parent) { return Self.mediaParent(parent) == media }
                    guard let identifier = identifiers[parent] ?? existing(parent), let type = catalog.type(identifier: identifier),
                        let target = catalog.type(identifier: media)
                    else { return false }
                    return type.conforms(to: target)
                }
                if !covered { conformsTo.append(media) }
            }
            if conformsTo.isEmpty { conformsTo = ["public.data"] }
            var tags: [(UTTagClass, [String])] = [(.mimeType, [mimeType] + (aliasesOf[mimeType] ?? []))]
            if let extensions = extensions[mimeType], !extensions.isEmpty { tags.insert((.filenameExtension, extensions), at: 0) }
            return TypeDeclaration(
                identifier: Self.identifier(forMIMEType: mimeType), conformsTo: conformsTo, tags: TagSpecification(tags),
                description: "", declarer: .sharedMIMEInfo, entry: "\(folder)/types[\(position)]")
        }
    }
}

extension TypeCatalog {
    /// The built-in catalog with the system's shared-mime-info types added (see
    /// `SharedMIMEDatabase.declarations(missingFrom:)`) and its MIME aliases known; the built-in
    /// catalog alone when the system has no database.
    public static let system: TypeCatalog = {
        guard let database = SharedMIMEDatabase.system else { return builtIn }
        return builtIn.adding(sharedMIMEInfo: database)
    }()

    /// This catalog with `database`'s types added, and the database's other spellings of MIME
    /// types that types of this catalog carry merged into those types (after their own, so the
    /// preferred MIME type stays the declarer's): Apple's `public.python-script` also carries
    /// `text/x-python`.
    public func adding(sharedMIMEInfo database: SharedMIMEDatabase) -> TypeCatalog {
        let declarations = database.declarations(missingFrom: self)
        var merged = records.map(\.declaration)
        // Each spelling of a MIME type (canonical and aliases) that no type carries joins the type
        // that carries another spelling of it.
        var groups: [String: [String]] = [:]
        for mimeType in database.types { groups[database.canonical(mimeType).lowercased(), default: []] = [] }
        for (alias, target) in database.aliases.sorted(by: { $0.key < $1.key }) {
            groups[target.lowercased(), default: []].append(alias.lowercased())
        }
        var aliases = mimeAliases
        for (canonical, others) in groups.sorted(by: { $0.key < $1.key }) {
            let spellings = [canonical] + others
            guard let known = spellings.first(where: { !candidates(tag: $0, tagClass: .mimeType).isEmpty }),
                let owner = candidates(tag: known, tagClass: .mimeType).first
            else { continue }
            let missing = spellings.filter { candidates(tag: $0, tagClass: .mimeType).isEmpty }
            guard !missing.isEmpty else { continue }
            for spelling in missing { aliases[spelling] = known }
            var entries = merged[owner].tags.entries
            if let position = entries.firstIndex(where: { $0.tagClass == .mimeType }) {
                entries[position].values += missing.filter { !entries[position].values.contains($0) }
            } else {
                entries.append((.mimeType, missing))
            }
            merged[owner].tags = TagSpecification(entries)
        }
        var seen = Set(records.map(\.key))
        for declaration in declarations where seen.insert(declaration.identifier.caseFolded).inserted {
            merged.append(declaration)
        }
        return TypeCatalog(validDeclarations: merged, mimeAliases: aliases)
    }
}

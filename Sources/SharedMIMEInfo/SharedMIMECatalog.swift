import FileAccess
import UniformTypes

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

    /// The catalog's type for the format a MIME type names under another spelling, found by the
    /// database's `*.ext` globs for it: when those that are a type's preferred extension all name
    /// one type, and at least one of them no other of the database's MIME types claims (Apple calls cpio
    /// archives public.cpio-archive with no MIME type; the database calls them application/x-cpio
    /// with *.cpio) — unless one is text and the other is not, or one is a picture, a sound or a
    /// movie and the other is not the same (*.ts is a Qt translation for the database and an
    /// MPEG transport stream for Apple).
    func sameFormat(_ mimeType: String, in catalog: TypeCatalog) -> String? {
        if let identifier = MIMENames.databaseFormats[mimeType], catalog.type(identifier: identifier) != nil { return identifier }
        guard let globs = extensions[mimeType] else { return nil }
        func owner(_ glob: String) -> Int? {
            catalog.candidates(tag: glob, tagClass: .filenameExtension).first {
                catalog.tagSpecification(at: $0)[.filenameExtension].first?.lowercased() == glob
            }
        }
        // A database type that covers a family whose members the catalog has (audio/x-mod:
        // *.mod, *.mtm, *.ult, ...; text/x-python: *.py and Cython's *.pyx) is none of them,
        // whether or not other database types share those globs; and a glob it shares (*.m for
        // Objective-C, MATLAB and Octave) does not show which format it is.
        let owned = globs.map { (glob: $0, owner: owner($0)) }
        let owners = Set(owned.compactMap(\.owner))
        guard owners.count == 1, let index = owners.first,
            owned.contains(where: { claims(forExtension: $0.glob) == 1 && $0.owner == index })
        else { return nil }
        let type = UTType(catalog: catalog, index: index)
        let media = String(mimeType.prefix(while: { $0 != "/" }))
        func conforms(_ identifier: String) -> Bool { catalog.type(identifier: identifier).map(type.conforms) ?? false }
        // A conflict: the catalog's type is of another kind (text, picture, sound, movie) than
        // the database's media type says.
        let kinds = [("text", "public.text"), ("image", "public.image"), ("audio", "public.audio"), ("video", "public.movie")]
        for (kind, identifier) in kinds where kind != media && conforms(identifier) {
            if kind == "text" && isSubclass(mimeType, of: "text/plain") { continue }
            return nil
        }
        if media == "text" && !conforms("public.text") { return nil }
        return catalog.identifiers[index]
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
            // By tags only: the built-in catalog's own aliases fill gaps, and a MIME type the
            // database declares, with its globs, stays the database's unless it is the same format.
            for spelling in [mimeType] + (aliasesOf[mimeType] ?? []) {
                if let index = catalog.candidates(tag: spelling, tagClass: .mimeType, usingAliases: false).first {
                    return catalog.identifiers[index]
                }
            }
            return sameFormat(mimeType, in: catalog)
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
        // An explicit stack, not recursion: a database may chain tens of thousands of types (what
        // update-mime-database builds from any package), deeper than the call stack allows. A
        // chain is followed `maximumDepth` levels; a parent deeper than that is left out.
        var resolvedParents: [String: [String]] = [:]
        var state: [String: Bool] = [:]  // false: on the path, true: done
        for root in declared where state[root] == nil {
            var stack: [(mimeType: String, parents: [String], next: Int, result: [String])] = []
            state[root] = false
            stack.append((root, parents(of: root).map(canonical), 0, []))
            while !stack.isEmpty {
                let top = stack.count - 1
                guard stack[top].next < stack[top].parents.count else {
                    let finished = stack.removeLast()
                    resolvedParents[finished.mimeType] = finished.result
                    state[finished.mimeType] = true
                    continue
                }
                let parent = stack[top].parents[stack[top].next]
                stack[top].next += 1
                // A parent the database does not list itself may still be a type of the catalog.
                guard let identifier = identifiers[parent] ?? existing(parent), state[parent] != false else { continue }
                if state[parent] == nil, declaredSet.contains(parent) {
                    guard stack.count < SharedMIMEDatabase.maximumDepth else { continue }
                    stack[top].next -= 1  // come back to this parent once it is resolved
                    state[parent] = false
                    stack.append((parent, parents(of: parent).map(canonical), 0, []))
                    continue
                }
                if !stack[top].result.contains(identifier) { stack[top].result.append(identifier) }
            }
        }
        // Parents before children, so a reader can check each parent was declared.
        var ordered: [String] = []
        var placed = Set<String>()
        // The parents that were declared here and kept (not cut from a cycle), looked up once a type.
        func placedParents(_ mimeType: String) -> [String] {
            parents(of: mimeType).map(canonical).filter { parent in
                declaredSet.contains(parent) && resolvedParents[mimeType]?.contains(identifiers[parent] ?? "") == true
            }
        }
        for root in declared where !placed.contains(root) {
            var stack: [(mimeType: String, parents: [String], next: Int)] = [(root, placedParents(root), 0)]
            placed.insert(root)
            while let (mimeType, parents, next) = stack.last {
                guard next < parents.count else {
                    stack.removeLast()
                    ordered.append(mimeType)
                    continue
                }
                stack[stack.count - 1].next += 1
                if placed.insert(parents[next]).inserted { stack.append((parents[next], placedParents(parents[next]), 0)) }
            }
        }
        let position = Dictionary(uniqueKeysWithValues: declared.enumerated().map { ($1, $0) })
        return ordered.map { mimeType in
            let position = position[mimeType]!
            var conformsTo = resolvedParents[mimeType] ?? []
            if let media = Self.mediaParent(mimeType), !conformsTo.contains(media) {
                // Another type of the same media type from this database already conforms to it;
                // a catalog type may too.
                let covered = parents(of: mimeType).map(canonical).contains { parent in
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
                description: "", declarer: .sharedMIMEInfo, entry: "types[\(position)]")
        }
    }
}

extension SharedMIMEDatabase {
    /// Describes the types the database declares without a description: by their MIME type's comment.
    var describe: @Sendable (String) -> String? { { mimeType in self.comment(for: mimeType) } }
}

/// What shared-mime-info adds to a catalog: declarations for its own types, and its other
/// spellings of MIME types the catalog's types carry (an alias table, so they find those types).
struct SharedMIMEAdditions: Equatable {
    var declarations: [TypeDeclaration]
    var aliases: [String: String]
}

extension TypeCatalog {
    /// The built-in catalog with the types of the system's shared-mime-info database, as
    /// `environment` finds it, added (see `adding(sharedMIMEInfo:)`); the built-in catalog alone
    /// when there is no database. Built once per database and shared. What the database adds is
    /// kept in a cache of uti's own (`SharedMIMECache`, in the folder `environment` names),
    /// rebuilt when the database or uti's catalog changes, so a one-shot command does not parse
    /// the database.
    public static func system(in environment: Environment) -> TypeCatalog {
        guard let database = SharedMIMEDatabase.system(in: environment) else { return builtIn }
        return systemCatalogs.withLock {
            if let built = systemCatalogByFolder[database.folder] { return built }
            let cacheFolder = SharedMIMECache.folder(in: environment)
            let catalog: TypeCatalog
            if let cached = SharedMIMECache.load(for: database, in: cacheFolder, describedBy: database.describe) {
                catalog = cached
            } else {
                catalog = builtIn.adding(sharedMIMEInfo: database)
                SharedMIMECache.store(catalog, for: database, in: cacheFolder)
            }
            systemCatalogByFolder[database.folder] = catalog
            return catalog
        }
    }

    private static let systemCatalogs = Lock()
    nonisolated(unsafe) private static var systemCatalogByFolder: [String: TypeCatalog] = [:]

    /// This catalog with `database`'s types added, and the database's other spellings of MIME
    /// types that types of this catalog carry merged as aliases: `image/pjpeg` finds Apple's
    /// `public.jpeg`. The catalog's own types keep their declarations exactly (so a type record
    /// reads the same with and without the database).
    public func adding(sharedMIMEInfo database: SharedMIMEDatabase) -> TypeCatalog {
        applying(additions(from: database), describedBy: database)
    }

    func additions(from database: SharedMIMEDatabase) -> SharedMIMEAdditions {
        let declarations = database.declarations(missingFrom: self)
        // Each spelling of a MIME type (canonical and aliases) that no type carries joins the type
        // that carries another spelling of it.
        var groups: [String: [String]] = [:]
        var spelled: [String: String] = [:]  // lowercased canonical -> the database's spelling
        for mimeType in database.types {
            let canonical = database.canonical(mimeType)
            groups[canonical.lowercased(), default: []] = []
            spelled[canonical.lowercased()] = canonical
        }
        for (alias, target) in database.aliases.sorted(by: { $0.key < $1.key }) {
            groups[target.lowercased(), default: []].append(alias.lowercased())
        }
        var aliases: [String: String] = [:]
        for (canonical, others) in groups.sorted(by: { $0.key < $1.key }) {
            let spellings = [canonical] + others
            let carried = { (spelling: String) in !self.candidates(tag: spelling, tagClass: .mimeType, usingAliases: false).isEmpty }
            if let known = spellings.first(where: carried) {
                for spelling in spellings where !carried(spelling) { aliases[spelling] = known }
            } else if let owner = database.sameFormat(canonical, in: self), let index = index(forKey: owner.caseFolded) {
                // The same format under another name: its spellings find the catalog's type by one
                // of that type's own MIME types where that finds the type first, else by its
                // identifier (Apple's Word template carries application/msword, which finds the
                // Word document first: the database's application/msword-template finds the
                // template).
                let own = tagSpecification(at: index)[.mimeType].first?.lowercased()
                let known = own.flatMap { candidates(tag: $0, tagClass: .mimeType, usingAliases: false).first == index ? $0 : nil } ?? keys[index]
                for spelling in spellings { aliases[spelling] = known }
                // And the type's identifier finds the database's own name for the format, which
                // identify prints (`video/x-flic` for Apple's public.flc-animation, tagged
                // `video/flc`, a name no Linux program uses).
                aliases[keys[index]] = spelled[canonical] ?? canonical
            }
        }
        // The database's `*.ext` globs for a format a catalog type carries, where no type of the
        // catalog has the extension and no other database type claims it (`*.latex` for TeX,
        // `*.divx` for AVI): the type's by name, as `*.ext` keys. Not where one is text and the
        // other is not: the database's Godot resources are binary `*.res` files too, uti's
        // type is the text format.
        let text = type(identifier: "public.text")
        for mimeType in database.types {
            guard let extensions = database.extensions[mimeType],
                let owner = candidates(tag: mimeType, tagClass: .mimeType, usingAliases: false).first
                    ?? aliases[mimeType.lowercased()].flatMap({ candidates(tag: $0, tagClass: .mimeType, usingAliases: false).first }),
                let text, UTType(catalog: self, index: owner).conforms(to: text) == database.isSubclass(mimeType, of: "text/plain")
            else { continue }
            for ext in extensions where database.claims(forExtension: ext) == 1 && candidates(tag: ext, tagClass: .filenameExtension).isEmpty {
                aliases["*." + ext] = keys[owner]
            }
        }
        return SharedMIMEAdditions(declarations: declarations, aliases: aliases)
    }

    func applying(_ additions: SharedMIMEAdditions, describedBy database: SharedMIMEDatabase) -> TypeCatalog {
        let aliases = mimeAliases.merging(additions.aliases) { mine, _ in mine }
        let describe = database.describe
        var seen = Set<String>()
        let added = additions.declarations.filter { declaration in
            let key = declaration.identifier.caseFolded
            return index(forKey: key) == nil && seen.insert(key).inserted
        }
        // The built-in catalog's rows stay its tables; only what the database adds is new.
        if isBuiltIn { return TypeCatalog(builtInAdding: added, mimeAliases: aliases, describeMIMEType: describe) }
        return TypeCatalog(validDeclarations: (0..<count).map(declaration(at:)) + added, mimeAliases: aliases, describeMIMEType: describe)
    }

    /// A fingerprint of the catalog's MIME aliases, identifiers, parents and MIME tags (FNV-1a; for
    /// the built-in catalog, the digest of its generated tables), so a cache made for another
    /// catalog is never used.
    var fingerprint: String {
        // The built-in catalog's tables carry their digest, made when they were generated.
        if isBuiltIn { return "\(count)-" + TypeCatalog.builtInDigest }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        }
        for (alias, target) in mimeAliases.sorted(by: { $0.key < $1.key }) {
            mix(alias)
            mix(target)
        }
        for index in 0..<count {
            mix(identifiers[index])
            for parent in parents(of: index) { mix(identifiers[parent]) }
            tagSpecification(at: index)[.mimeType].forEach(mix)
        }
        return "\(count)-" + String(hash, radix: 16)
    }
}

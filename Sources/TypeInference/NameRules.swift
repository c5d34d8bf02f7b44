import SharedMIMEInfo
import UniformTypes

extension TypeCatalog {
    /// The package type a folder's name gives it (`Foo.app`: com.apple.application-bundle),
    /// or nil for a plain folder, by this catalog's extensions and `database`'s globs. Walking
    /// commands use it not to enter packages.
    public func packageType(forFolderNamed name: String, database: SharedMIMEDatabase?) -> UTType? {
        guard let evidence = NameRules.evidence(for: name, in: self, constraint: .package, contentIsText: nil, database: database),
            !evidence.type.isDynamic
        else { return nil }
        return evidence.type
    }
}

/// What a file's name says: well-known names (Makefile, Dockerfile, robots.txt:
/// `Catalog/file-names.json`; and the whole names the system's shared-mime-info database lists:
/// core, ChangeLog), compound extensions (tar.gz, and any a declared type carries, such as
/// shared-mime-info's tar.zst: the longest wins, as the database's globs do), then the last extension; the database's globs for a
/// name's start (makefile.*, readme*) when the extension names nothing.
enum NameRules {
    /// Compound extensions, each with its leading dot, and the type it names.
    /// (`Catalog/file-names.json`, as the whole names `wellKnownNames` are.)
    static let compoundExtensions: [(compound: (name: String, dotted: String), identifier: String)] = compoundExtensionTable.map {
        (($0.0, "." + $0.0), $0.1)
    }

    /// The name evidence for a file called `name`. With `contentIsText`, an extension several
    /// types claim stands first for one of the content's kind: text types for text (a `.ts` that
    /// is text is TypeScript, not an MPEG transport stream), others for binary content (a `.vb`
    /// that is binary is a Virtual Boy ROM, not Visual Basic source); nil when there is no
    /// content to go by.
    /// `database` is the shared-mime-info database whose globs are read (the inferrer's; nil for
    /// none), so that an inferrer without one reads names without it too.
    static func evidence(
        for name: String, in catalog: TypeCatalog, constraint: UTType, contentIsText: Bool?, database: SharedMIMEDatabase?
    ) -> NameEvidence? {
        if let identifier = wellKnownNames[name], let type = catalog.type(identifier: identifier) {
            return NameEvidence(value: name, type: type)
        }
        let lowered = name.lowercased()
        if let glob = database?.literalGlob(named: name, lowercased: lowered),
            let type = declaredType(mimeType: glob.mimeType, in: catalog, constraint: constraint, database: database)
        {
            return NameEvidence(value: name, type: type)
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
            return nameStart(name, lowered, database: database, in: catalog, constraint: constraint)
        }
        for (compound, identifier) in compoundExtensions where lowered.hasSuffix(compound.dotted) && lowered.count > compound.dotted.count {
            if let type = catalog.type(identifier: identifier) { return NameEvidence(value: compound.name, type: type) }
        }
        // Longest compound first: "a.tar.zst" tries "tar.zst" before "zst" (at most three parts).
        for compound in compoundSuffixes(lowered) {
            let type = catalog.type(tag: compound, tagClass: .filenameExtension, conformingTo: constraint)
            if !type.isDynamic { return NameEvidence(value: compound, type: type) }
        }
        let ext = String(name[name.index(after: dot)...])
        let all = catalog.types(tag: ext, tagClass: .filenameExtension, conformingTo: constraint)
        let ambiguous = all.count > 1 && (database?.claims(forExtension: ext.lowercased()) ?? 0) > 1
        if let contentIsText, let kind = all.first(where: { !$0.isDynamic && $0.conforms(to: .text) == contentIsText }) {
            return NameEvidence(value: ext, type: kind, alternatives: all.filter { $0 != kind }, isAmbiguousInDatabase: ambiguous)
        }
        if all[0].isDynamic, let start = nameStart(name, lowered, database: database, in: catalog, constraint: constraint) { return start }
        return NameEvidence(value: ext, type: all[0], alternatives: Array(all.dropFirst()), isAmbiguousInDatabase: ambiguous)
    }

    /// The compound extensions of a lowercased name to try, longest first: what follows its third
    /// and its second dot from the end ("x.y.tar.zst": "y.tar.zst", "tar.zst"), for a name of
    /// three parts or more, a part empty or not. An ASCII name is read byte by byte; any other
    /// is split by Characters (a combining mark after a dot belongs to the dot's Character).
    static func compoundSuffixes(_ lowered: String) -> [String] {
        guard lowered.utf8.allSatisfy({ $0 < 0x80 }) else {
            let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count > 2 else { return [] }
            return stride(from: min(3, parts.count - 1), through: 2, by: -1).map { parts.suffix($0).joined(separator: ".") }
        }
        let bytes = lowered.utf8
        // The last three dots, nearest the end first.
        var dots: [String.Index] = []
        var index = bytes.endIndex
        while index > bytes.startIndex, dots.count < 3 {
            index = bytes.index(before: index)
            if bytes[index] == UInt8(ascii: ".") { dots.append(index) }
        }
        guard dots.count >= 2 else { return [] }
        return stride(from: dots.count, through: 2, by: -1).map { String(lowered[bytes.index(after: dots[$0 - 1])...]) }
    }

    /// What the database's globs for a name's start say (`makefile.*`, `readme*`): weaker than
    /// an extension, so asked only when the extension names nothing.
    private static func nameStart(
        _ name: String, _ lowered: String, database: SharedMIMEDatabase?, in catalog: TypeCatalog, constraint: UTType
    ) -> NameEvidence? {
        guard let glob = database?.fileNameGlobs.first(where: { $0.isPrefix && $0.matches(name, lowercased: lowered) }),
            let type = declaredType(mimeType: glob.mimeType, in: catalog, constraint: constraint, database: database)
        else { return nil }
        return NameEvidence(value: name, type: type, isWeak: true)
    }

    /// The declared type for a MIME type of the database that conforms to `constraint`: the type
    /// uti's own well-known names give the database's literal names for it, if any (the
    /// database's `makefile` is text/x-makefile, uti's `Makefile` public.make-source, so its
    /// `makefile.*` is public.make-source too), else the type that carries it.
    private static func declaredType(mimeType: String, in catalog: TypeCatalog, constraint: UTType, database: SharedMIMEDatabase?) -> UTType? {
        let globs = database?.fileNameGlobs ?? []
        for glob in globs where !glob.isPrefix && glob.mimeType == mimeType {
            if let name = wellKnownNames.keys.sorted().first(where: glob.matches), let identifier = wellKnownNames[name],
                let type = catalog.type(identifier: identifier), type.conforms(to: constraint)
            {
                return type
            }
        }
        let type = catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: constraint)
        return type.isDynamic ? nil : type
    }
}

import UniformTypes

/// The MIME type of an inference as `file --mime-type` prints it: bare (no parameters), the
/// `inode/...` names for what is not a regular file, and among a type's own MIME tags the one
/// libmagic itself reported (so `application/gzip`, not the catalog's first `application/x-gzip`).
public enum FileMIME {
    /// The answer for `uti identify --mime-type`. In order: the file-system kind for anything
    /// but a regular file; `inode/x-empty` for an empty file; the kind of an ELF file uti read
    /// from its header (`application/x-sharedlib`, as libmagic names it); when uti's own rules or
    /// text checks decided, the name a matching shared-mime-info rule used if it names the type
    /// but is not one of its tags (`text/x-python3`); libmagic's MIME type when it is one of the
    /// type's MIME tags, or when the type is a generic one (plain text, data) that libmagic names
    /// more precisely; for a type whose own MIME types the system database does not know, the
    /// database's name for its format (`video/x-flic` for Apple's `video/flc`); the name the
    /// content evidence used
    /// (shared-mime-info's, then libmagic's) when the catalog, or libmagic's own spelling table,
    /// takes it to the type (file(1)'s `application/x-coff` for Apple's object code); the type's
    /// preferred MIME type; for a type that has none, a name the database or uti's aliases give
    /// it (`image/x-nikon-nrw`, not libmagic's `image/tiff` for the container;
    /// `application/x-compressed-tar`, not `application/gzip`); libmagic's MIME type when it is
    /// specific; the shared-mime-info name of a source-code type Apple gives no MIME type; for
    /// text, libmagic's answer (or text/plain); else the nearest supertype's name
    /// (`application/zip` for a wheel), or `application/octet-stream`. Last, a type that uti's
    /// alias list names is printed by that name (`application/yaml`, `video/vnd.avi`, and
    /// file(1)'s spellings that lead back to the type: `text/x-shellscript`,
    /// `text/x-script.python`, `text/x-perl`) unless libmagic decided and the answer is its own.
    /// Every MIME name of the answer, the printed one (`mimeType(of:)`) first: the type's tags,
    /// the names uti's alias list and the system database give it, each once.
    public static func mimeTypes(of inference: Inference) -> [String] {
        let printed = mimeType(of: inference)
        var names = [printed]
        if let type = inference.type, inference.kind == .file || inference.kind == nil { names += ownNames(of: type) }
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The MIME names a type carries, bare: its tags, uti's alias and the system database's name
    /// for it, and the other names that lead to it.
    static func ownNames(of type: UTType) -> [String] {
        (type.tagSpecification[.mimeType] + [type.aliasMIMEType, type.sharedMIMEInfoName].compactMap { $0 } + type.otherMIMETypes).map(bare)
    }

    /// The one MIME type `--mime-type` prints for `inference` (see the type's documentation for the order).
    public static func mimeType(of inference: Inference) -> String {
        let printed = candidate(for: inference)
        guard let type = inference.type, inference.kind == .file || inference.kind == nil, inference.size != 0 else { return printed }
        return leadsBack(printed, to: type) ? printed : nearestPrintable(type)
    }

    /// Whether `uti type --all -m MIME` names `type` or one of its supertypes: the round trip every
    /// printed MIME type keeps.
    static func leadsBack(_ mimeType: String, to type: UTType) -> Bool {
        // A dynamic type made for libmagic's MIME type is that MIME type (its identifier encodes
        // the constraint it was made with).
        if type.isDynamic, type.tagSpecification[.mimeType].contains(where: { bare($0) == mimeType }) { return true }
        let found = type.catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
        if found == type || type.conforms(to: found) { return true }
        // A name the type carries itself that a sibling carries first (Apple gives
        // application/msword to Word 97 documents and templates alike): the family's name, which
        // `uti type --all -m` leads back from to every member.
        return type.tagSpecification[.mimeType].contains { bare($0).lowercased() == mimeType.lowercased() }
    }

    /// The type's own printed name, else the nearest supertype's (plain text for a Lex source that
    /// libmagic calls tab-separated values), so the round trip holds.
    static func nearestPrintable(_ type: UTType) -> String {
        for parent in [type] + type.orderedSupertypes {
            let name = parent.aliasMIMEType ?? parent.preferredMIMEType.map(bare) ?? parent.sharedMIMEInfoName.map(bare)
            if let name, leadsBack(name, to: type) { return name }
        }
        return type.conforms(to: .text) ? "text/plain" : "application/octet-stream"
    }

    /// The name the rules below choose, before the round trip is checked.
    static func candidate(for inference: Inference) -> String {
        switch inference.kind {
        case .directory?: return "inode/directory"
        case .symlink?: return "inode/symlink"
        case .fifo?: return "inode/fifo"
        case .socket?: return "inode/socket"
        case .charDevice?: return "inode/chardevice"
        case .blockDevice?: return "inode/blockdevice"
        case .file?, nil: break
        }
        if inference.size == 0 { return "inode/x-empty" }
        let magic = inference.content?.mimeType.map(bare)
        let isSpecific = magic.map { !genericMagic.contains($0) } ?? false
        guard let type = inference.type else { return magic ?? "application/octet-stream" }
        let tags = type.tagSpecification[.mimeType].map(bare)
        let answer: String
        // The database's own spelling is kept as it is: `application/x-php`, not the unprefixed
        // `application/php` that Apple's tags list beside it (registered nowhere).
        var spelledByDatabase = false
        let database = inference.content?.sharedMIMEInfo.map { bare($0.mimeType) }
        if inference.content?.sniffer == .uti, let magic, elfKinds.contains(magic) {
            // What uti read from an ELF header as libmagic reads it (a shared library, a PIE).
            answer = magic
        } else if inference.content?.sniffer == .uti, let database, !genericMagic.contains(database), !tags.contains(database),
            MagicMapping.leads(database, to: type)
        {
            // uti's own rules decided, and libmagic's answer (when it was asked) did not: the
            // database's name for the type, which the type knows only as an alias, is the one a
            // matching rule used. Where the name is one of the type's tags, the type's own order
            // stands (`audio/opus` before `audio/x-opus+ogg`).
            answer = database
            spelledByDatabase = true
        } else if let magic, tags.contains(magic) || (isSpecific && genericTypes.contains(type.identifier)) {
            answer = magic
        } else if !tags.isEmpty, let name = type.sharedMIMEInfoName {
            // The system database's name for the format, where the type's own names are unknown
            // to it: `video/x-flic`, not Apple's `video/flc` or file(1)'s `video/x-flc`.
            answer = name
            spelledByDatabase = true
        } else if let named = [database, magic].compactMap({ $0 }).first(where: { candidate in
            !genericMagic.contains(candidate)
                && MagicMapping.leads(candidate, to: type)
        }) {
            answer = named
        } else if let preferred = tags.first {
            answer = preferred
        } else if let name = type.sharedMIMEInfoName {
            // A type with no MIME type of its own that the database names: a .tar.xz is
            // `application/x-xz-compressed-tar` (as a .tar.zst is the database's
            // `application/x-zstd-compressed-tar`), not file(1)'s name for the compression.
            answer = name
            spelledByDatabase = true
        } else if let other = type.otherMIMETypes.first(where: { !UTType.isLookupOnly(mimeType: $0) }) {
            // A type with no MIME type of its own, which uti's aliases name: that name, not
            // libmagic's for the container (a Hasselblad raw is image/x-hasselblad-3fr, not the
            // TIFF it is stored as).
            answer = other
        } else if let magic, isSpecific {
            answer = magic
        } else if let name = MIMENames.databasePrintNames[type.identifier] {
            // No MIME type of its own or by another name, and nothing specific from libmagic: the
            // shared-mime-info name of a source-code type.
            answer = name
        } else if let magic, type.conforms(to: .text) {
            // Text: libmagic's word for it, or the text/plain uti's text checks stand in with, as
            // file(1) prints a PEM private key.
            answer = magic
        } else {
            // Binary: the nearest supertype's name (a wheel, a NumPy archive are application/zip,
            // as file(1) prints them), else application/octet-stream.
            answer = nearestPrintable(type)
        }
        // uti's chosen name for the type (Catalog/mime-aliases.json), unless libmagic decided and
        // the answer is its own for these bytes.
        if let alias = type.aliasMIMEType, !(inference.content?.sniffer == .libmagic && answer == magic) {
            return alias
        }
        return spelledByDatabase ? answer : registered(answer, among: tags)
    }

    /// file(1)'s spelling of the answer (`--mime-spelling file`), given what libmagic says of the
    /// same bytes: libmagic's own MIME type where it names the answer's type, a type the answer
    /// conforms to or one it conforms to, or source code as the answer is (file(1) calls every C
    /// header text/x-c); text/plain where libmagic says only that of text uti names more
    /// narrowly (a README, a style sheet), as file(1) has no word for it; else, where libmagic
    /// says nothing (application/octet-stream) or another format, uti's own spelling.
    public static func fileSpelling(of inference: Inference, libmagicSays magic: String?) -> String {
        let own = mimeType(of: inference)
        guard let magic = magic.map(bare), let type = inference.type, inference.kind == .file || inference.kind == nil,
            inference.size != 0, magic != own
        else { return own }
        if magic == "text/plain" { return type.conforms(to: .text) ? magic : own }
        if magic == "application/octet-stream" { return own }
        let named = type.catalog.type(tag: magic, tagClass: .mimeType, conformingTo: nil)
        if named.isDynamic { return own }
        return type.isRelated(to: named) ? magic : own
    }

    /// The charset `file --mime` adds: the text encoding, `binary` for everything else.
    public static func charset(of inference: Inference) -> String {
        guard inference.kind == .file || inference.kind == nil, inference.size != 0 else { return "binary" }
        return inference.encoding ?? inference.content?.encoding ?? "binary"
    }

    /// The registered name file(1) prints for an `x-` alias (`application/gzip`, RFC 6713, for
    /// `application/x-gzip`); any other name as it is. Only where file(1) prints the registered
    /// name: a type that lists both spellings is no evidence (file(1) prints `application/x-tar`,
    /// `audio/x-aiff`, `video/x-matroska`, though Apple's tags list `application/tar` beside it).
    public static func registered(_ mime: String, among tags: [String]) -> String {
        MIMENames.registeredNames[mime] ?? mime
    }

    /// `text/plain; charset=utf-8` → `text/plain`, lowercased.
    public static func bare(_ mime: String) -> String {
        // The catalog's tags and libmagic's answers are nearly always bare already: no copy then
        // (this runs for every MIME tag of every identified type).
        let needsWork = mime.utf8.contains { byte in
            byte == UInt8(ascii: ";") || byte == 0x20 || byte == 0x09 || (byte >= 0x41 && byte <= 0x5A) || byte >= 0x80
        }
        guard needsWork else { return mime }
        return String(mime.prefix { $0 != ";" }).trimmingSpaces().lowercased()
    }

    /// libmagic's names for the kinds of ELF file, which uti reads from the header itself.
    static let elfKinds: Set<String> = [
        "application/x-object", "application/x-executable", "application/x-pie-executable", "application/x-sharedlib",
        "application/x-coredump",
    ]

    /// libmagic answers that say only "some text" or "some bytes".
    static let genericMagic: Set<String> = ["text/plain", "application/octet-stream"]

    /// uti types that say no more than libmagic's precise answers would (troff is text/plain to
    /// uti, text/troff to libmagic).
    static let genericTypes: Set<String> = [
        "public.item", "public.content", "public.data", "public.text", "public.plain-text",
        "public.utf8-plain-text", "public.utf16-plain-text", "public.utf16-external-plain-text",
    ]
}

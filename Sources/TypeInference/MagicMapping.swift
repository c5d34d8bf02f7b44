import UniformTypes

/// How libmagic's MIME types become types. Most are tags in the catalog; the spellings that are
/// not are `Catalog/mime-aliases.json`'s roles libmagic and libmagic-guess (`MIMENames`).
enum MagicMapping {
    /// Whether a MIME type leads to `type`: the catalog's lookup of it (tags and aliases) or one
    /// of libmagic's spellings.
    static func leads(_ mimeType: String, to type: UTType) -> Bool {
        type.isNamed(byMIMEType: mimeType) || MIMENames.libmagicSpellings[mimeType] == type.identifier
    }
}

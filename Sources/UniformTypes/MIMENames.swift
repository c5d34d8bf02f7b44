/// uti's spellings of MIME types beside the catalog's tags, one table a role, all from
/// `Catalog/mime-aliases.json` (generated into `MIMENames+Generated.swift`): the names libmagic
/// and shared-mime-info use for types whose tags do not carry them, the names uti prints for
/// types that have none of their own, and the registered names of `x-` aliases. The catalog's own
/// aliases (roles alias, lookup and print) are in `BuiltInCatalog`; `TypeCatalog` looks them up.
package enum MIMENames {
    /// Which type a MIME type libmagic printed leads to beyond the catalog's tags: one of its
    /// spellings, or its language guess for text (the two roles share no name); nil for neither.
    package static func identifier(libmagicSays mimeType: String) -> String? {
        libmagicSpellings[mimeType] ?? libmagicGuesses[mimeType]
    }

    /// The names of libmagic's that lead to a type: its spellings and guesses for it.
    package static func libmagicNames(of identifier: String) -> [String] {
        (libmagicSpellings.filter { $0.value == identifier } + libmagicGuesses.filter { $0.value == identifier }).map(\.key).sorted()
    }
}

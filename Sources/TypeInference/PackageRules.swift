/// Package formats that name their own type inside a zip, as data (`Catalog/package-rules.json`,
/// each rule with its specification and fixtures; generated into `PackageRules+Generated.swift`).
enum PackageRules {
    struct Rule: Sendable {
        /// A MIME type (a prefix when it ends in `.`), or an OPC content type.
        let key: String
        /// The catalog type the rule gives, where it gives one by name.
        let type: String?
        let specification: String
    }

    /// Whether `mimeType`, found in a zip's first stored `mimetype` entry, is one the package
    /// formats that define that entry may declare.
    static func declaresPackage(mimetype mimeType: String) -> Bool {
        let value = mimeType.lowercased()
        return zipMimetypes.contains { rule in
            let key = rule.key.lowercased()
            return key.hasSuffix(".") ? value.hasPrefix(key) && value.count > key.count : value == key
        }
    }

    /// The ISO base media major brand of a file starting with `head` (`ftyp` at offset 4), if any.
    static func isoMajorBrand(_ head: [UInt8]) -> String? {
        guard head.count >= 12, head[4..<8].elementsEqual([0x66, 0x74, 0x79, 0x70]) else { return nil }
        let brand = head[8..<12]
        guard brand.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: brand, as: UTF8.self)
    }

    /// The type a listed major brand names.
    static func isoBrandType(_ brand: String) -> String? {
        isoMajorBrands.first { $0.key == brand }?.type
    }

    /// The document type an OPC package's declared content types name, by its main part.
    static func opcDocumentType(contentTypes: [String]) -> String? {
        for contentType in contentTypes {
            if let rule = opcMainParts.first(where: { $0.key.caseInsensitiveEquals(contentType) }) { return rule.type }
        }
        return nil
    }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}

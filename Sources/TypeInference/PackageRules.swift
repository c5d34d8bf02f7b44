import UniformTypes

/// Package formats that name their own type inside a zip or by their entries, as data
/// (`Catalog/package-rules.json`, each rule with its specification and fixtures; generated into
/// `PackageRules+Generated.swift`).
enum PackageRules {
    struct Rule: Sendable {
        /// A MIME type (a prefix when it ends in `.`), or an OPC content type.
        let key: String
        /// The catalog type the rule gives, where it gives one by name.
        let type: String?
        let specification: String
    }

    /// A zip format told by the names in its central directory: every `all` pattern names an
    /// entry, some entry matches an `any` pattern, every entry matches `only`, and there are at
    /// most `maxEntries` (each where given).
    struct EntryRule: Sendable {
        let type: String
        let description: String
        let all: [NamePattern]
        let any: [NamePattern]
        let only: NamePattern?
        let maxEntries: Int?

        /// A rule from its patterns as `Catalog/package-rules.json` writes them, each split once.
        init(type: String, description: String, all: [String], any: [String], only: String?, maxEntries: Int?) {
            self.type = type
            self.description = description
            self.all = all.map(NamePattern.init)
            self.any = any.map(NamePattern.init)
            self.only = only.map(NamePattern.init)
            self.maxEntries = maxEntries
        }

        /// Whether entries with these names fit the rule: `exact`, the set of the names, answers
        /// a pattern without a star; `bytes()` gives each name as UTF-8 for the others.
        func holds(count: Int, exact: Set<String>, bytes: () -> [[UInt8]]) -> Bool {
            if let maxEntries, count > maxEntries { return false }
            if let only, count == 0 || !bytes().allSatisfy(only.matches) { return false }
            for pattern in all {
                let found = pattern.literalText.map(exact.contains) ?? bytes().contains(where: pattern.matches)
                if !found { return false }
            }
            return any.isEmpty || bytes().contains { name in any.contains { $0.matches(name) } }
        }
    }

    /// An entry-name pattern whose `*` stands for any run of characters, `/` included (no other
    /// character is special: `[Content_Types].xml` is a name).
    struct NamePattern: Sendable {
        /// The text between the stars, in order; one piece for a pattern without a star.
        let pieces: [[UInt8]]

        init(_ text: String) {
            pieces = text.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
            literalText = pieces.count == 1 ? text : nil
        }

        /// The whole name, for a pattern without a star.
        var literal: [UInt8]? { pieces.count == 1 ? pieces[0] : nil }
        /// The same as a string, made once.
        let literalText: String?

        /// Whether `name` matches: each piece between stars is found in order, the first at the
        /// start and the last at the end.
        func matches(_ name: [UInt8]) -> Bool {
            if let literal { return name == literal }
            let first = pieces[0]
            let last = pieces[pieces.count - 1]
            guard name.count >= first.count + last.count, name.starts(with: first), name.suffix(last.count).elementsEqual(last) else {
                return false
            }
            var position = first.count
            let end = name.count - last.count
            for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
                guard
                    let found = (position...max(position, end - piece.count)).first(where: { start in
                        start + piece.count <= end && name[start..<(start + piece.count)].elementsEqual(piece)
                    })
                else { return false }
                position = found + piece.count
            }
            return true
        }

        /// The same, for a name as a string.
        func matches(_ name: String) -> Bool { matches(Array(name.utf8)) }
    }

    /// The first rule of `zipEntries` that the entry names satisfy.
    static func zipEntryRule(names: [String]) -> EntryRule? {
        // Strings hash their bytes at once; a set of byte arrays hashed them one by one, and the
        // names as bytes are made only if a pattern with a star needs them.
        let exact = Set(names)
        var bytes: [[UInt8]]?
        func named() -> [[UInt8]] {
            if let bytes { return bytes }
            let made = names.map { Array($0.utf8) }
            bytes = made
            return made
        }
        return zipEntries.first { $0.holds(count: names.count, exact: exact, bytes: named) }
    }

    /// Whether `mimeType`, found in a zip's first stored `mimetype` entry, is one the package
    /// formats that define that entry may declare: a type a rule lists by its full name, or one
    /// under a rule's prefix (`application/vnd.oasis.opendocument.`) whose type is a package. A
    /// prefix also covers formats that are not packages (OpenDocument's flat XML files, text),
    /// which a zip may not claim to be. Apple declares the OpenDocument and OpenOffice.org
    /// types under `public.data`, not `public.zip-archive` (macOS 13's declarations), so a
    /// package here is a type that conforms to `public.zip-archive` or is not text: a zip is
    /// never text.
    static func declaresPackage(mimetype mimeType: String) -> Bool {
        let value = mimeType.lowercased()
        guard
            let rule = zipMimetypes.first(where: { rule in
                let key = rule.key.lowercased()
                return key.hasSuffix(".") ? value.hasPrefix(key) && value.count > key.count : value == key
            })
        else { return false }
        guard rule.key.hasSuffix(".") else { return true }
        guard let type = UTType(mimeType: value), !type.isDynamic else { return true }
        return type.conforms(to: .zip) || !type.conforms(to: .text)
    }

    /// The ISO base media major brand of a file starting with `head` (`ftyp` at offset 4), if any.
    static func isoMajorBrand(_ head: [UInt8]) -> String? {
        guard head.count >= 12, head[4..<8].elementsEqual([0x66, 0x74, 0x79, 0x70]) else { return nil }
        let brand = head[8..<12]
        guard brand.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: brand, as: UTF8.self)
    }

    /// The compatible brands of an ISO base media file's FileTypeBox (ISO/IEC 14496-12, 4.3: the
    /// box's size, `ftyp`, the major brand, the minor version, then four-character brands to the
    /// box's end), at most `isoCompatibleBrandLimit`; empty when the head holds no such box.
    static func isoCompatibleBrands(_ head: [UInt8]) -> [String] {
        guard isoMajorBrand(head) != nil else { return [] }
        let size = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(size, head.count, 16 + 4 * isoCompatibleBrandLimit)
        return stride(from: 16, to: end - 3, by: 4).map { String(decoding: head[$0..<$0 + 4], as: UTF8.self) }
    }

    static let isoCompatibleBrandLimit = 64

    /// The image formats a HEIF file's compatible brands name where its major brand is HEIF's
    /// generic one (`mif1`, `msf1`, or MIAF's `miaf`): AV1 Image File Format 1.1.0, 7 (avif,
    /// avis), whose AV1 images no HEIF reader of HEVC decodes. Not `heic`: a generic HEIF that
    /// lists HEVC's brand stays HEIF, as libmagic and shared-mime-info (image/heic is its alias
    /// of image/heif) call it; Apple declares HEIC beside HEIF, not under it.
    static let heifCompatibleBrands: [(brand: String, identifier: String)] = [("avif", "public.avif"), ("avis", "public.avif")]

    /// The major brands HEIF and MIAF files carry when a compatible brand says the codec.
    static let heifGenericBrands: Set<String> = ["mif1", "msf1", "miaf"]

    /// The image format a HEIF file with a generic major brand is, by its compatible brands.
    static func heifBrandType(_ head: [UInt8]) -> String? {
        guard let major = isoMajorBrand(head), heifGenericBrands.contains(major) else { return nil }
        let brands = isoCompatibleBrands(head)
        return heifCompatibleBrands.first { brands.contains($0.brand) }?.identifier
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

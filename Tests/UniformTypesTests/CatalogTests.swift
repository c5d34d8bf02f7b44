import Foundation
import Testing
import UTITestSupport

@testable import SharedMIMEInfo
@testable import UniformTypes

struct CatalogEntry: Decodable {
    let identifier: String
    let conformsTo: [String]
    let tags: [String: [String]]
    let description: String
    let referenceURL: String?
}

func loadEntries(_ name: String) throws -> [CatalogEntry] {
    let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/\(name)"))
    return try JSONDecoder().decode([CatalogEntry].self, from: data)
}

@Suite struct CatalogTests {
    @Test func aDatabasesNameForATypeWithoutMIMETypesIsOneOfItsOtherNames() throws {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info/mime").path
        let database = try #require(SharedMIMEDatabase(folder: folder))
        let catalog = TypeCatalog.builtIn.adding(sharedMIMEInfo: database)
        let exr = try #require(catalog.type(identifier: "com.ilm.openexr-image"))
        // libmagic's name (Catalog/mime-aliases.json, role lookup) and the database's.
        #expect(exr.otherMIMETypes == ["image/x-exr", "image/x-uti-exr"])
        #expect(exr.isNamed(byMIMEType: "image/x-uti-exr"))
        #expect(try #require(catalog.type(identifier: "public.png")).otherMIMETypes == [], "an alias of a tag is not another name of the type")
    }

    /// The image of what a database adds (what uti's cache keeps) is the catalog it was made of:
    /// the same positions, identifiers, parents, tags, declarations, lookups by key, tag and
    /// alias, on the fixture database and on the system's when there is one.
    @Test(arguments: ["Fixtures/shared-mime-info/mime", "/usr/share/mime"])
    func theCatalogOnAnImageIsTheCatalogItWasMadeOf(folder: String) throws {
        let path = folder.hasPrefix("/") ? folder : repositoryRoot.appendingPathComponent(folder).path
        guard let database = SharedMIMEDatabase(folder: path) else { return }
        let layered = TypeCatalog.builtIn.adding(sharedMIMEInfo: database)
        let bytes = try #require(layered.additionsImage())
        let image = try #require(CatalogImage.read(bytes[...], base: TypeCatalog.builtIn.count))
        let mapped = TypeCatalog(builtInAdding: image, describeMIMEType: database.describe)
        #expect(mapped.identifiers == layered.identifiers)
        #expect(mapped.keys == layered.keys)
        #expect(mapped.mimeAliases == layered.mimeAliases)
        for (name, target) in layered.mimeAliases { #expect(mapped.mimeAlias(name) == target, "\(name)") }
        #expect(mapped.mimeAlias("application/x-no-such-alias") == nil)
        for index in 0..<layered.count {
            #expect(Array(mapped.parents(of: index)) == Array(layered.parents(of: index)), "\(layered.identifiers[index])")
            #expect(mapped.declaration(at: index) == layered.declaration(at: index), "\(layered.identifiers[index])")
            #expect(mapped.declarer(at: index) == layered.declarer(at: index), "\(layered.identifiers[index])")
            #expect(mapped.index(forKey: layered.keys[index]) == index)
            for (tagClass, values) in layered.tagSpecification(at: index).entries {
                for value in values {
                    #expect(mapped.candidates(tag: value, tagClass: tagClass) == layered.candidates(tag: value, tagClass: tagClass), "\(value)")
                }
            }
        }
        #expect(mapped.index(forKey: "no.such.type") == nil)
        for name in layered.mimeAliases.keys where name.contains("/") || name.hasPrefix("*.") {
            let tagClass: UTTagClass = name.hasPrefix("*.") ? .filenameExtension : .mimeType
            let tag = name.hasPrefix("*.") ? String(name.dropFirst(2)) : name
            #expect(mapped.candidates(tag: tag, tagClass: tagClass) == layered.candidates(tag: tag, tagClass: tagClass), "\(name)")
        }
        #expect(mapped.additionsImage() == nil, "an image is written from declarations, not copied")
        // Any image cut short, and one whose parent comes after its child, is refused.
        for length in [0, 31, 32, bytes.count / 2, bytes.count - 1] {
            #expect(CatalogImage.read(bytes[..<length], base: TypeCatalog.builtIn.count) == nil, "\(length) bytes")
        }
        #expect(CatalogImage.read(bytes[...], base: TypeCatalog.builtIn.count + 1) == nil, "made on another built-in catalog")
        var forward = bytes
        let firstParentsStart = 32 + 4 * 6  // record 0's parents: start, count
        let start = Int(forward[firstParentsStart]) | Int(forward[firstParentsStart + 1]) << 8
        let parent = 32 + 4 * start
        forward.replaceSubrange(parent..<parent + 4, with: withUnsafeBytes(of: UInt32(TypeCatalog.builtIn.count).littleEndian) { Array($0) })
        #expect(CatalogImage.read(forward[...], base: TypeCatalog.builtIn.count) == nil, "a parent that is the record itself")
    }

    /// The system catalog keeps the built-in tables and adds the database's types after them; it
    /// is the catalog that declaring every row anew makes: the same positions, identifiers,
    /// parents, tags, declarers, lookups and aliases.
    @Test func theBuiltInCatalogWithADatabaseIsTheDeclaredOne() throws {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info/mime").path
        let database = try #require(SharedMIMEDatabase(folder: folder))
        let layered = TypeCatalog.builtIn.adding(sharedMIMEInfo: database)
        #expect(!layered.isBuiltIn && layered.count > TypeCatalog.builtIn.count)
        let declared = TypeCatalog(
            validDeclarations: (0..<layered.count).map(layered.declaration(at:)), mimeAliases: layered.mimeAliases)
        #expect(layered.identifiers == declared.identifiers)
        #expect(layered.keys == declared.keys)
        for index in 0..<layered.count {
            #expect(Array(layered.parents(of: index)) == Array(declared.parents(of: index)), "\(layered.identifiers[index])")
            #expect(layered.tagSpecification(at: index) == declared.tagSpecification(at: index), "\(layered.identifiers[index])")
            #expect(layered.declarer(at: index) == declared.declarer(at: index), "\(layered.identifiers[index])")
            #expect(layered.index(forKey: layered.keys[index]) == index)
        }
        #expect(layered.index(forKey: "no.such.type") == nil)
        // Every tag finds the same records in the same order: the built-in catalog's generated
        // index merged with what the database adds, and the index of the declared catalog.
        for index in 0..<layered.count {
            for (tagClass, values) in layered.tagSpecification(at: index).entries {
                for value in values {
                    #expect(
                        layered.candidates(tag: value, tagClass: tagClass, usingAliases: false)
                            == declared.candidates(tag: value, tagClass: tagClass, usingAliases: false), "\(value)")
                }
            }
        }
        let builtInDeclared = TypeCatalog(
            validDeclarations: (0..<TypeCatalog.builtIn.count).map(TypeCatalog.builtIn.declaration(at:)),
            mimeAliases: TypeCatalog.builtIn.mimeAliases)
        for index in 0..<TypeCatalog.builtIn.count {
            for (tagClass, values) in TypeCatalog.builtIn.tagSpecification(at: index).entries {
                for value in values {
                    #expect(
                        TypeCatalog.builtIn.candidates(tag: value, tagClass: tagClass)
                            == builtInDeclared.candidates(tag: value, tagClass: tagClass), "\(value)")
                }
            }
        }
        for mimeType in ["image/png", "application/x-uti-fixture", "text/x-python", "image/x-exr"] {
            #expect(
                layered.types(tag: mimeType, tagClass: .mimeType, conformingTo: nil).map(\.identifier)
                    == declared.types(tag: mimeType, tagClass: .mimeType, conformingTo: nil).map(\.identifier), "\(mimeType)")
        }
    }

    /// The cache of the database's additions names the catalog it was made for: the built-in
    /// catalog by the digest generated with its tables, any other by a hash of its declarations.
    @Test func catalogsHaveTheirOwnFingerprints() throws {
        let builtIn = TypeCatalog.builtIn
        #expect(builtIn.fingerprint == "\(builtIn.count)-\(TypeCatalog.builtInDigest)")
        #expect(TypeCatalog.builtInDigest.count == 16)
        let declared = TypeCatalog(validDeclarations: (0..<builtIn.count).map(builtIn.declaration(at:)), mimeAliases: builtIn.mimeAliases)
        let extra = TypeDeclaration(
            identifier: "org.example.extra", conformsTo: ["public.data"], tags: TagSpecification([(.mimeType, ["application/x-extra"])]),
            description: "", declarer: .uti, entry: "test")
        let larger = TypeCatalog(
            validDeclarations: (0..<builtIn.count).map(builtIn.declaration(at:)) + [extra], mimeAliases: builtIn.mimeAliases)
        #expect(declared.fingerprint != larger.fingerprint)
        #expect(builtIn.fingerprint != larger.fingerprint)
    }

    @Test func aTypeIsNamedByItsMIMETagsAndTheirAliases() {
        #expect(UTType.png.isNamed(byMIMEType: "image/png"))
        #expect(UTType.png.isNamed(byMIMEType: "IMAGE/PNG; charset=binary"), "case and parameters ignored")
        #expect(!UTType.png.isNamed(byMIMEType: "image/jpeg"))
        #expect(!UTType.data.isNamed(byMIMEType: "image/png"))
    }

    /// The generated Swift table says exactly what the data files say, in the same order.
    @Test func generatedCatalogIsFresh() throws {
        let entries = try loadEntries("apple-macos13.json") + loadEntries("apple-additions.json") + loadEntries("uti.json")
        try #require(BuiltInCatalog.count == entries.count)
        for (index, entry) in entries.enumerated() {
            let row = BuiltInCatalog.declaration(at: index)
            #expect(row.identifier == entry.identifier)
            #expect(row.conformsTo == entry.conformsTo, "\(entry.identifier)")
            #expect(row.tags[.filenameExtension] == (entry.tags["public.filename-extension"] ?? []), "\(entry.identifier)")
            #expect(row.tags[.mimeType] == (entry.tags["public.mime-type"] ?? []), "\(entry.identifier)")
            #expect(row.description == entry.description, "\(entry.identifier)")
            #expect(row.referenceURL == entry.referenceURL, "\(entry.identifier)")
        }
    }

    /// Every one of Apple's 873 reference declarations is built in with the same parents and tags.
    @Test func everyAppleReferenceTypeIsBuiltIn() throws {
        let apple = try loadEntries("apple-macos13.json")
        #expect(apple.count == 873)
        for entry in apple {
            let type = try #require(TypeCatalog.builtIn.type(identifier: entry.identifier), "\(entry.identifier)")
            #expect(type.identifier == entry.identifier)
            #expect(type.directSupertypes.map(\.identifier) == entry.conformsTo, "\(entry.identifier)")
            #expect(type.tagSpecification[.filenameExtension] == (entry.tags["public.filename-extension"] ?? []))
            #expect(type.tagSpecification[.mimeType] == (entry.tags["public.mime-type"] ?? []))
            #expect(type.declarer == .apple)
            // The running catalog (with the system's shared-mime-info types) keeps Apple's exactly.
            let running = try #require(UTType(entry.identifier))
            #expect(running.directSupertypes.map(\.identifier) == entry.conformsTo, "\(entry.identifier)")
            #expect(running.tagSpecification[.mimeType] == (entry.tags["public.mime-type"] ?? []), "\(entry.identifier)")
        }
    }

    @Test func ourDeclarationsAreMarkedAndSound() throws {
        let ours = try loadEntries("uti.json")
        #expect(ours.count >= 40)
        // A type known by a whole file name (robots.txt) may have no tag of its own.
        let fileNames = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/file-names.json")))
                as? [String: Any])
        let named = Set(((fileNames["names"] as? [[String: Any]]) ?? []).compactMap { $0["type"] as? String })
        for entry in ours {
            let type = try #require(UTType(entry.identifier))
            #expect(type.declarer == .uti)
            #expect(!entry.identifier.hasPrefix("public."), "public is Apple's domain")
            #expect(type.conforms(to: .data) || type.conforms(to: .directory), "\(entry.identifier) is a file type")
            #expect(
                type.preferredFilenameExtension != nil || type.preferredMIMEType != nil || named.contains(entry.identifier),
                "\(entry.identifier) has tags or a whole name")
        }
    }

    @Test(arguments: [
        ("org.golang.go-source", ["public.source-code", "public.plain-text"]),
        ("org.xiph.opus", ["public.audio", "org.xiph.ogg"]),
        ("com.facebook.zstandard-archive", ["public.archive", "public.data"]),
        ("org.debian.deb-package", ["org.gnu.ar-archive", "public.archive"]),
        ("net.daringfireball.markdown", ["public.utf8-plain-text", "public.text"]),
        ("public.geojson", ["public.json"]),
        ("org.sqlite.sqlite3", ["public.database", "public.data"]),
        ("com.apple.homebuttonless-iphone", ["com.apple.homebuttonless-device", "public.device"]),
    ])
    func declaredConformance(identifier: String, ancestors: [String]) throws {
        let type = try #require(UTType(identifier))
        for ancestor in ancestors {
            #expect(type.conforms(to: try #require(UTType(ancestor))), "\(identifier) -> \(ancestor)")
        }
    }
}

@Suite struct ConformanceTests {
    @Test(arguments: [
        (
            "public.python-script",
            [
                "public.shell-script", "public.script", "public.source-code", "public.plain-text",
                "public.text", "public.data", "public.item", "public.content",
            ]
        ),
        (
            "public.utf8-tab-separated-values-text",
            [
                "public.tab-separated-values-text", "public.plain-text", "public.text",
                "public.data", "public.item", "public.content",
                "public.delimited-values-text", "public.utf8-plain-text",
            ]
        ),
        ("public.svg-image", ["public.image", "public.data", "public.item", "public.content", "public.xml", "public.text"]),
        (
            "com.apple.application-bundle",
            [
                "com.apple.application", "public.executable", "com.apple.localizable-name-bundle",
                "com.apple.bundle", "public.directory", "public.item", "com.apple.package",
            ]
        ),
        ("public.zip-archive", ["com.pkware.zip-archive", "public.data", "public.item", "public.archive"]),
        ("public.heic", ["public.heif-standard", "public.image", "public.data", "public.item", "public.content"]),
    ])
    func fullSupertypeChain(identifier: String, expected: [String]) throws {
        let type = try #require(UTType(identifier))
        #expect(type.orderedSupertypes.map(\.identifier) == expected)
    }

    @Test func conformanceIsReflexiveTransitiveAndCaseInsensitive() throws {
        let png = try #require(UTType("PUBLIC.PNG"))
        #expect(png.identifier == "public.png")
        #expect(png == .png)
        #expect(png.conforms(to: .png))
        #expect(png.conforms(to: .item))
        #expect(!png.conforms(to: .text))
        #expect(png.isSubtype(of: .image))
        #expect(!png.isSubtype(of: .png))
        #expect(UTType.image.isSupertype(of: png))
        #expect(!UTType.png.isSupertype(of: png))
    }

    @Test func unknownIdentifierIsNil() {
        #expect(UTType("com.example.never-declared") == nil)
        #expect(UTType("") == nil)
    }

    @Test func publicFlagAndDescriptions() throws {
        #expect(UTType.png.isPublic)
        #expect(!(try #require(UTType("com.adobe.pdf"))).isPublic)
        #expect(UTType.png.localizedDescription == "PNG image")
        #expect(UTType.utf8PlainText.localizedDescription == nil)
    }
}

@Suite struct TagLookupTests {
    @Test(arguments: [
        ("png", "public.png"), ("PNG", "public.png"), ("jpg", "public.jpeg"), ("plist", "com.apple.property-list"),
        ("xml", "public.xml"), ("mp4", "public.mpeg-4"), ("otf", "public.opentype-font"), ("ts", "public.mpeg-2-transport-stream"),
        ("app", "com.apple.application-file"), ("key", "com.apple.iWork.Keynote.sffkey"), ("go", "org.golang.go-source"),
        ("md", "net.daringfireball.markdown"), ("pem", "public.x509-certificate"), ("pic", "com.apple.pict"),
    ])
    func extensionLookup(tag: String, expected: String) throws {
        let type = try #require(UTType(filenameExtension: tag))
        #expect(type.identifier == expected)
    }

    @Test(arguments: [
        ("image/png", "public.png"), ("IMAGE/PNG", "public.png"), ("text/plain", "public.plain-text"),
        ("text/plain; charset=utf-8", "public.utf8-plain-text"), ("text/plain;charset=\"utf-16\"", "public.utf16-plain-text"),
        ("text/plain; charset=iso-8859-1", "public.plain-text"), ("application/json", "public.json"),
        ("application/msword", "com.microsoft.word.doc"), ("application/zstd", "com.facebook.zstandard-archive"),
    ])
    func mimeLookup(tag: String, expected: String) throws {
        let type = try #require(UTType(mimeType: tag))
        #expect(type.identifier == expected)
    }

    @Test func constraintFiltersCandidates() throws {
        let app = try #require(UTType(filenameExtension: "app", conformingTo: .package))
        #expect(app.identifier == "com.apple.application-bundle")
        let mp4 = try #require(UTType(filenameExtension: "mp4", conformingTo: .audio))
        #expect(mp4.identifier == "public.mpeg-4-audio")
        let all = UTType.types(tag: "plist", tagClass: .filenameExtension, conformingTo: .data).map(\.identifier)
        #expect(
            all == [
                "com.apple.property-list", "com.apple.xml-property-list", "com.apple.binary-property-list",
                "com.apple.ascii-property-list",
            ])
    }

    @Test func knownExtensionWithIncompatibleConstraintIsDynamic() throws {
        let type = try #require(UTType(filenameExtension: "png", conformingTo: .text))
        #expect(type.isDynamic)
        #expect(type.conforms(to: .text))
        #expect(!type.conforms(to: .image))
    }
}

@Suite struct DynamicTypeTests {
    @Test(
        arguments: [
            ("sql", "public.data", "dyn.ah62d4rv4ge81g6pq"), ("srt", "public.data", "dyn.ah62d4rv4ge81g6xy"),
            ("conf", "public.data", "dyn.ah62d4rv4ge80g55sq2"), ("gpx", "public.data", "dyn.ah62d4rv4ge80s6d2"),
            ("tmp", "public.data", "dyn.ah62d4rv4ge81k5pu"), ("rs", nil, "dyn.age81e62"), ("go", nil, "dyn.age80s52"),
            ("", nil, "dyn.age8u"),
        ] as [(String, String?, String)])
    func applesEncoding(tag: String, constraint: String?, identifier: String) throws {
        let supertype = try constraint.map { try #require(UTType($0)) }
        let type = TypeCatalog.builtIn.dynamicType(tag: tag, tagClass: .filenameExtension, conformingTo: supertype)
        #expect(type.identifier == identifier)
        let decoded = try #require(UTType(identifier))
        #expect(decoded.isDynamic)
        #expect(!decoded.isDeclared)
        #expect(decoded.tagSpecification[.filenameExtension] == [tag])
        #expect(decoded.directSupertypes.map(\.identifier) == (constraint.map { [$0] } ?? []))
        #expect(decoded.localizedDescription == nil)
        #expect(decoded.declarer == .dynamic)
    }

    @Test func unknownExtensionGivesDynamicTypeConformingToItsConstraintOnly() throws {
        let type = try #require(UTType(filenameExtension: "xyz"))
        #expect(type.identifier.hasPrefix("dyn.a"))
        #expect(type.conforms(to: .data))
        #expect(type.conforms(to: .item))
        #expect(!type.conforms(to: .text))
        #expect(type.orderedSupertypes.map(\.identifier) == ["public.data", "public.item"])
        #expect(type.preferredFilenameExtension == "xyz")
        #expect(UTType(type.identifier.uppercased()) == type)
    }

    @Test func mimeTypeDynamicRoundTrip() throws {
        let type = try #require(UTType(mimeType: "application/x-never-seen"))
        #expect(type.isDynamic)
        let decoded = try #require(UTType(type.identifier))
        #expect(decoded.preferredMIMEType == "application/x-never-seen")
    }

    @Test(arguments: ["dyn.", "dyn.a", "dyn.a!!!", "dyn.b" + "h62d4rv4ge81g6pq", "dyn.ah62d4rv4"])
    func malformedDynamicIdentifiersAreRejected(identifier: String) {
        #expect(UTType(identifier) == nil)
    }
}

/// The built-in catalog reads the generator's tables (parents resolved to positions, keys sorted
/// for search); it must be the catalog its declarations make when every parent and identifier is
/// looked up by name.
@Suite struct BuiltInTableTests {
    @Test func theGeneratedTablesMakeTheSameCatalogAsTheDeclarations() {
        let fast = TypeCatalog.builtIn
        let slow = TypeCatalog(validDeclarations: (0..<BuiltInCatalog.count).map(BuiltInCatalog.declaration(at:)))
        #expect(fast.count == slow.count)
        #expect(fast.identifiers == slow.identifiers)
        #expect(fast.keys == slow.keys)
        for index in 0..<fast.count {
            let identifier = fast.identifiers[index]
            #expect(fast.index(forKey: identifier.caseFolded) == index, "\(identifier) is found")
            #expect(fast.index(forKey: identifier.uppercased()) == nil, "keys are case-folded")
            #expect(fast.parents(of: index).elementsEqual(slow.parents(of: index)), "parents of \(identifier)")
            #expect(fast.declaration(at: index) == slow.declaration(at: index))
            #expect(fast.tagSpecification(at: index) == slow.declaration(at: index).tags)
            #expect(fast.declarer(at: index) == slow.declaration(at: index).declarer)
        }
        for missing in ["", "public", "public.pn", "public.pngx", "zzz", "\u{0}"] {
            #expect(fast.index(forKey: missing) == nil, "\(missing) is not a type")
        }
        #expect(fast.mimeAliases == slow.mimeAliases.merging(BuiltInCatalog.mimeAliases) { $1 })
    }
}

/// Catalog/mime-aliases.json: names that find built-in types without becoming their tags.
@Suite struct BuiltInMIMEAliasTests {
    @Test(arguments: [
        ("application/yaml", "public.yaml"), ("video/vnd.avi", "public.avi"), ("text/x-shellscript", "public.shell-script"),
        ("TEXT/X-SHELLSCRIPT; charset=utf-8", "public.shell-script"),
    ])
    func anAliasFindsItsType(mimeType: String, identifier: String) {
        let type = TypeCatalog.builtIn.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
        #expect(type.identifier == identifier)
        #expect(!type.tagSpecification[.mimeType].contains(mimeType.lowercased()), "an alias is not a tag")
    }

    @Test func theRecordsKeepApplesTags() {
        #expect(TypeCatalog.builtIn.type(identifier: "public.yaml")?.tagSpecification[.mimeType] == ["application/x-yaml"])
    }
}

/// Where a shared-mime-info rule begins, and when one rule tests what another tests and more.
@Suite struct MagicAnchorTests {
    typealias Anchor = SharedMIMEDatabase.MagicAnchor

    @Test func sameBytesAtTheSamePlaceAndMoreBelowRefine() {
        let gzip = Anchor(offset: 0, value: [0x1F, 0x8B, 0x08], depth: 0)
        #expect(Anchor(offset: 0, value: [0x1F, 0x8B], depth: 2).refines(gzip))
        #expect(Anchor(offset: 0, value: [0x1F, 0x8B, 0x08, 0x08], depth: 1).refines(gzip))
    }

    @Test func anotherPlaceOtherBytesOrNoMoreTestsDoNot() {
        let gzip = Anchor(offset: 0, value: [0x1F, 0x8B, 0x08], depth: 0)
        #expect(!Anchor(offset: 0, value: [0x1F, 0x8B], depth: 0).refines(gzip), "nothing more tested")
        #expect(!Anchor(offset: 1, value: [0x1F, 0x8B], depth: 2).refines(gzip), "another offset")
        #expect(!Anchor(offset: 0, value: [0x1F, 0x9D], depth: 2).refines(gzip), "other bytes")
        #expect(!gzip.refines(Anchor(offset: 0, value: [0x1F, 0x8B], depth: 2)), "the broader rule")
    }

    /// The anchor the database reports: the fixture database's widget rule, `WIDGET` at 0 with
    /// `v2` in 6...16 below it.
    @Test func theDatabaseReportsTheMatchedRulesAnchor() throws {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info/mime/mime.cache")
        let database = try #require(SharedMIMEDatabase(cacheBytes: Array(try Data(contentsOf: folder))))
        let match = try #require(Array("WIDGET....v2".utf8).withUnsafeBytes { database.magic($0) })
        #expect(match.mimeType == "application/x-uti-widget")
        #expect(match.anchor == Anchor(offset: 0, value: Array("WIDGET".utf8), depth: 1))
        // A rule that compares a range of offsets has no anchor.
        let notes = try #require(Array("  %uti-notes\n".utf8).withUnsafeBytes { database.magic($0) })
        #expect(notes.mimeType == "text/x-uti-notes")
        #expect(notes.anchor == nil)
    }
}

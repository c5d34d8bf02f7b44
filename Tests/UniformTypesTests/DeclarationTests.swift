import Foundation
import Testing
import UTITestSupport

@testable import FileAccess
@testable import UniformTypes

@Suite struct DeclarationTests {
    @Test func versionIsAWholeNumberWhenTheDeclarationGivesOne() throws {
        func version(_ value: String) throws -> Int? {
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>com.example.versioned</string>
                <key>UTTypeConformsTo</key><string>public.data</string>\(value)
                </dict></array></dict></plist>
                """
            let declarations = try TypeDeclarations.parse(Array(plist.utf8), source: "v.plist")
            let catalog = try TypeCatalog.builtIn.adding(declarations)
            return try #require(catalog.type(identifier: "com.example.versioned")).version
        }
        #expect(try version("<key>UTTypeVersion</key><string>3</string>") == 3)
        #expect(try version("<key>UTTypeVersion</key><integer>2</integer>") == 2)
        #expect(try version("<key>UTTypeVersion</key><string>1.0b</string>") == nil, "text that is not a whole number gives none")
        #expect(try version("") == nil)
        #expect(throws: UTIError.self) { try version("<key>UTTypeVersion</key><array/>") }
        #expect(UTType.png.version == nil, "built-in declarations carry no version")
    }

    @Test(arguments: ["types/Example-Info.plist", "types/Example-Info.binary.plist"])
    func infoPlistDeclarations(path: String) throws {
        let catalog = try TypeCatalog.builtIn.adding(contentsOf: [fixture(path)])
        let notes = try #require(catalog.type(identifier: "com.example.notes"))
        #expect(notes.localizedDescription == "Example notes", "exported beats imported")
        #expect(notes.declarer == .exported(source: fixture(path)))
        #expect(notes.conforms(to: .plainText))
        #expect(notes.tagSpecification[.filenameExtension] == ["notes", "note"])
        #expect(notes.preferredMIMEType == "text/x-example-notes")
        #expect(notes.referenceURL?.absoluteString == "https://example.com/notes")
        #expect(catalog.type(tag: "NOTE", tagClass: .filenameExtension, conformingTo: .data) == notes)
        let png = try #require(catalog.type(identifier: "public.png"))
        #expect(png.localizedDescription == "Exported PNG", "exported beats built-in")
        let sketch = try #require(catalog.type(identifier: "com.example.sketch"))
        #expect(sketch.declarer == .imported(source: fixture(path)))
        #expect(sketch.conforms(to: .image))
        #expect(TypeCatalog.builtIn.type(identifier: "com.example.notes") == nil, "the built-in catalog is unchanged")
    }

    @Test func jsonDeclarations() throws {
        let catalog = try TypeCatalog.builtIn.adding(contentsOf: [fixture("types/recipes.json")])
        let ration = try #require(catalog.type(identifier: "org.example.ration"))
        #expect(ration.orderedSupertypes.map(\.identifier).prefix(2) == ["org.example.recipe", "public.json"])
        #expect(
            catalog.type(tag: "application/x-recipe+json", tagClass: .mimeType, conformingTo: nil).identifier
                == "org.example.recipe")
    }

    @Test(arguments: [
        ("types/cycle.json", "conformance cycle com.example.a -> com.example.b -> com.example.a"),
        ("types/cycle.plist", "UTExportedTypeDeclarations[0] (com.example.self): conformance cycle com.example.self -> com.example.self"),
        ("types/unknown-parent.json", "exported[0] (com.example.orphan): parent com.example.missing is not declared"),
        ("types/malformed-identifier.json", "exported[0] (com example bad): malformed identifier \"com example bad\""),
        ("types/empty-identifier.json", "exported[0] (): malformed identifier \"\""),
        ("types/malformed-tags.json", "malformed public.filename-extension tag \".dot\": write the extension without its leading period"),
        ("types/tags-not-dictionary.json", "UTTypeTagSpecification must be a dictionary of tag classes"),
        ("types/duplicate.json", "exported[1] (com.example.Twice): declared twice as exported in one file"),
        ("types/no-declarations.json", "declares no types"),
        ("types/truncated.json", "is not valid JSON: line 1, column 48: unexpected end of the document inside an object"),
        ("types/does-not-exist.json", "no such file or directory"),
    ])
    func invalidDeclarationsNameTheFileEntryAndCause(path: String, message: String) throws {
        let error = #expect(throws: UTIError.self) {
            try TypeCatalog.builtIn.adding(contentsOf: [fixture(path)])
        }
        #expect(error?.code == .invalidDeclaration)
        #expect(error?.message.hasPrefix(fixture(path)) == true, "names the file: \(error?.message ?? "")")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test func laterFileWinsAmongEquals() throws {
        let first = TypeDeclaration(
            identifier: "com.example.x", conformsTo: ["public.data"], description: "first",
            declarer: .exported(source: "a.json"), entry: "exported[0]")
        var second = first
        second.description = "second"
        second.declarer = .exported(source: "b.json")
        let catalog = try TypeCatalog.builtIn.adding([first, second])
        #expect(catalog.type(identifier: "com.example.x")?.localizedDescription == "second")
    }

    @Test(arguments: ["com.example.ok", "a", "com.example.ünïcode", "A-1.b-2"])
    func wellFormedIdentifiers(identifier: String) { #expect(TypeDeclaration.isWellFormed(identifier: identifier)) }

    @Test(arguments: ["", "com..example", ".com", "com.", "com example", "dyn.ah62d4rv4ge81g6pq", "com/example", "com_example"])
    func malformedIdentifiers(identifier: String) { #expect(!TypeDeclaration.isWellFormed(identifier: identifier)) }
}

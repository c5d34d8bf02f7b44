import Foundation
import Testing
import UTITestSupport

@testable import UniformTypes

/// Apple's UTType API as code written for Apple's platforms uses it.
@Suite struct AppleAPITests {
    struct Row: Decodable {
        let name: String
        let identifier: String
        let macOS: String
    }

    @Test func everyStaticTypeOfApplesUTTypeResolvesToItsIdentifier() throws {
        let url = repositoryRoot.appendingPathComponent("Catalog/apple-static-types.json")
        let rows = try JSONDecoder().decode([Row].self, from: Data(contentsOf: url))
        #expect(rows.count == 139)
        #expect(UTType.appleStaticTypes.map(\.name) == rows.map(\.name))
        for (row, entry) in zip(rows, UTType.appleStaticTypes) {
            #expect(entry.identifier == row.identifier, "\(row.name)")
            #expect(UTType(row.identifier)?.identifier == row.identifier, "\(row.name): \(row.identifier) is not in the catalog")
        }
    }

    @Test func staticTypesUsedInAppleCodeCompileAndConform() {
        #expect(UTType.heic.identifier == "public.heic" && UTType.heic.conforms(to: .image))
        #expect(UTType.webP.identifier == "org.webmproject.webp")
        #expect(UTType.mpeg4Movie.conforms(to: .movie))
        #expect(UTType.commaSeparatedText.conforms(to: .delimitedText))
        #expect(UTType.yaml.identifier == "public.yaml")
        #expect(UTType.swiftSource.conforms(to: .sourceCode))
        #expect(UTType.pythonScript.conforms(to: .script))
        #expect(UTType.rawImage.identifier == "public.camera-raw-image")
        #expect(UTType.usdz.conforms(to: .threeDContent))
        #expect(UTType.epub.identifier == "org.idpf.epub-container")
        #expect(UTType.vCard.conforms(to: .contact))
        #expect(UTType.internetShortcut.identifier == "com.microsoft.internet-shortcut")
    }

    @Test func exportedTypesJoinTheRunningCatalog() throws {
        let identifier = "com.example.notes-\(UUID().uuidString.prefix(8).lowercased())"
        #expect(UTType(identifier) == nil)
        let notes = UTType(exportedAs: identifier, conformingTo: .plainText)
        #expect(notes.identifier == identifier)
        #expect(notes.isDeclared && !notes.isDynamic)
        #expect(notes.conforms(to: .text))
        #expect(UTType(identifier) == notes, "looked up by identifier once exported")
        #expect(UTType(exportedAs: identifier) == notes)
        #expect(UTType(exportedAs: "public.png") == .png, "a declared identifier is returned as declared")
    }

    @Test func importedTypesFallBackToUndeclaredOnes() {
        #expect(UTType(importedAs: "public.heic") == .heic)
        let identifier = "org.example.sketch-\(UUID().uuidString.prefix(8).lowercased())"
        let sketch = UTType(importedAs: identifier, conformingTo: .image)
        #expect(sketch.identifier == identifier)
        #expect(!sketch.isDeclared && sketch.isDynamic)
        #expect(sketch.conforms(to: .image) && sketch.conforms(to: .data))
        #expect(UTType(identifier) == nil, "importing declares nothing")
    }

    @Test func codableAsAppleEncodesIt() throws {
        let encoded = try JSONEncoder().encode([UTType.png, .heic])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["public.png","public.heic"]"#)
        #expect(try JSONDecoder().decode([UTType].self, from: encoded) == [.png, .heic])
        let unknown = try JSONDecoder().decode(UTType.self, from: Data(#""org.example.unknown""#.utf8))
        #expect(unknown.identifier == "org.example.unknown" && !unknown.isDeclared)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(UTType.self, from: Data(#""not an identifier""#.utf8)) }
    }

    @Test func tagLookupsAsApplesClassFunctions() {
        #expect(UTType.types(tag: "jpg", tagClass: .filenameExtension, conformingTo: nil).first == .jpeg)
        #expect(UTType(filenameExtension: "heic") == .heic)
        #expect(UTType(mimeType: "image/webp") == .webP)
        #expect("\(UTType.pdf)" == "com.adobe.pdf")
        #expect(Set([UTType.png, UTType("PUBLIC.PNG")!]).count == 1)
    }
}

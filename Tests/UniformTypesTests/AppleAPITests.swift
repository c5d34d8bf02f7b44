import Foundation
import Testing
@testable import UniformTypes

/// Apple's UTType API as code written for Apple's platforms uses it.
@Suite struct AppleAPITests {
    struct Row: Decodable { let name: String; let identifier: String; let macOS: String }

    @Test func everyStaticTypeOfApplesUTTypeResolvesToItsIdentifier() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalog/apple-static-types.json")
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
}

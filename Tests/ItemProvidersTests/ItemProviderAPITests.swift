import Foundation
import Testing
import TypeInference
import UTITestSupport
import UniformTypes

@testable import ItemProvidersCore

/// NSItemProvider's API on uti's providers, as a Swift program uses it.
@Suite struct ItemProviderAPITests {
    @Test func registeringAndAskingByUTType() {
        var provider = ItemProvider(suggestedName: "note")
        provider.registerDataRepresentation(for: .utf8PlainText) { Array("hello".utf8) }
        provider.registerFileRepresentation(for: .png, openInPlace: true, fileAt: fixture("files/photo.png"))
        #expect(provider.registeredContentTypes == [.utf8PlainText, .png])
        #expect(provider.registeredContentTypes(conformingTo: .image) == [.png])
        #expect(provider.hasItemConforming(to: .text) && provider.hasItemConforming(to: .image))
        #expect(!provider.hasItemConforming(to: .movie))
        #expect(provider.hasRepresentationConforming(to: .png, openInPlace: true))
        #expect(!provider.hasRepresentationConforming(to: .text, openInPlace: true))
    }

    @Test func loadingData() async throws {
        var provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { Array("from code".utf8) }
        #expect(try await provider.loadDataRepresentation(for: .plainText) == Array("from code".utf8))
        await #expect(throws: UTIError.self) { try await provider.loadDataRepresentation(for: .image) }

        let html = Wrapper(catalog: .builtIn).provider(
            for: IdentifiedFile(
                TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: try MagicSniffer()).infer(RawPath(fixture("files/page.html")))),
            path: fixture("files/page.html"))
        #expect(try await html.loadDataRepresentation(for: .html) == Array(try Data(contentsOf: URL(fileURLWithPath: fixture("files/page.html")))))
        var derived = Wrapper(catalog: .builtIn)
        derived.includeDerived = true
        let text = derived.provider(
            for: IdentifiedFile(
                TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: try MagicSniffer()).infer(RawPath(fixture("files/page.html")))),
            path: fixture("files/page.html"))
        #expect(String(decoding: try await text.loadDataRepresentation(for: .utf8PlainText), as: UTF8.self) == "Page\n\nHello\n")
    }

    @Test func loadingInPlaceFallsBackToACopy() async throws {
        var provider = ItemProvider(suggestedName: "photo")
        provider.registerFileRepresentation(for: .png, openInPlace: true, fileAt: fixture("files/photo.png"))
        let original = try await provider.loadInPlaceFileRepresentation(for: .image)
        #expect(original.path == fixture("files/photo.png") && original.isInPlace)

        var copied = ItemProvider(suggestedName: "photo")
        copied.registerFileRepresentation(for: .png, fileAt: fixture("files/photo.png"))
        let copy = try await copied.loadInPlaceFileRepresentation(for: .png)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: copy.path).deletingLastPathComponent().path) }
        #expect(!copy.isInPlace)
        #expect(copy.path.hasSuffix("/photo.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy.path)) == Data(contentsOf: URL(fileURLWithPath: fixture("files/photo.png"))))
    }

    @Test func aHandlerRepresentationIsRecordedWithoutASource() {
        var provider = ItemProvider()
        provider.registerDataRepresentation(for: .utf8PlainText) { [] }
        let document = SessionDocument.encode(DragSession(items: [DragItem(provider: provider)]))
        #expect(document.serialized().contains(#""path":null"#) && document.serialized().contains(#""value":null"#))
    }

    @Test func objectsLoadAndWriteThroughReadingAndWritingTypes() async throws {
        let provider = ItemProvider(object: "hello, world")
        #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text"])
        #expect(provider.canLoadObject(ofClass: String.self))
        #expect(try await provider.loadObject(ofClass: String.self) == "hello, world")

        var utf16 = ItemProvider()
        utf16.registerFileRepresentation(for: .utf16PlainText, fileAt: fixture("files/utf16le-bom.txt"))
        #expect(try await utf16.loadObject(ofClass: String.self).hasPrefix("Caf\u{E9} cr\u{E8}me"))

        var image = ItemProvider()
        image.registerFileRepresentation(for: .png, fileAt: fixture("files/photo.png"))
        #expect(!image.canLoadObject(ofClass: String.self))
        await #expect(throws: UTIError.self) { try await image.loadObject(ofClass: String.self) }
    }

    @Test func urlsWriteAsNSURLAndReadFromURLTypesOrText() async throws {
        let file = URL(fileURLWithPath: "/tmp/photo one.png")
        #expect(ItemProvider(object: file).registeredTypeIdentifiers == ["public.file-url", "public.url"], "a file URL writes public.file-url first")
        let web = try #require(URL(string: "https://example.com/a?b=1"))
        #expect(ItemProvider(object: web).registeredTypeIdentifiers == ["public.url"])
        #expect(URL.writableTypeIdentifiersForItemProvider == ["public.url"], "Apple's documented class list")
        #expect(try await ItemProvider(object: web).loadObject(ofClass: URL.self) == web)
        #expect(try await ItemProvider(object: file).loadObject(ofClass: URL.self) == file)

        let text = ItemProvider(object: "  https://example.com/x  \nsecond line")
        #expect(text.canLoadObject(ofClass: URL.self), "NSURL reads UTF-8 text")
        #expect(try await text.loadObject(ofClass: URL.self) == URL(string: "https://example.com/x"))
        await #expect(throws: UTIError.self) { try await ItemProvider(object: "not a url").loadObject(ofClass: URL.self) }
    }
}

import FileAccess
import Foundation
import Testing
import TypeInference
import UTITestSupport
import UniformTypes

@testable import ItemProvidersCore

func wrap(_ path: String, configure: (inout Wrapper) -> Void = { _ in }) throws -> ItemProvider {
    let inference = TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: try MagicSniffer()).infer(RawPath(fixture(path)))
    var wrapper = Wrapper(catalog: .builtIn)
    configure(&wrapper)
    return wrapper.provider(for: IdentifiedFile(inference), path: fixture(path))
}

@Suite struct ItemProviderTests {
    @Test func registrationOrderIsFidelityOrderAndTheFirstRegistrationWins() {
        var provider = ItemProvider()
        provider.register(Representation(type: "public.png", kind: .file, source: .path("/a.png")))
        provider.register(Representation(type: "public.jpeg", kind: .file, source: .path("/a.jpg")))
        provider.register(Representation(type: "PUBLIC.PNG", kind: .data, source: .value("again")))
        #expect(provider.registeredTypeIdentifiers == ["public.png", "public.jpeg"])
        #expect(provider.representations[0].source == .path("/a.png"))
    }

    @Test func conformanceQueries() {
        var provider = ItemProvider()
        provider.register(Representation(type: "public.png", kind: .file, openInPlace: true, source: .path("/a.png")))
        provider.register(Representation(type: "public.utf8-plain-text", kind: .data, source: .value("x")))
        #expect(provider.hasItemConforming(toTypeIdentifier: "public.image"))
        #expect(provider.hasItemConforming(toTypeIdentifier: "public.text"))
        #expect(!provider.hasItemConforming(toTypeIdentifier: "public.audio"))
        #expect(provider.hasRepresentationConforming(toTypeIdentifier: "public.image", openInPlace: true))
        #expect(!provider.hasRepresentationConforming(toTypeIdentifier: "public.text", openInPlace: true))
    }

    @Test func pngIsFileThenURLs() throws {
        let provider = try wrap("files/photo.png")
        #expect(provider.registeredTypeIdentifiers == ["public.png", "public.file-url", "public.url"])
        #expect(provider.suggestedName == "photo")
        #expect(provider.representations[0].kind == .file)
        #expect(provider.representations[1].source == .value("file://" + fixture("files/photo.png")))
    }

    @Test(arguments: [
        ("files/utf16le-bom.txt", ["public.utf16-plain-text", "public.utf8-plain-text", "public.file-url", "public.url"]),
        ("files/page.html", ["public.html", "public.utf8-plain-text", "public.file-url", "public.url"]),
        (
            "files/settings.plist",
            [
                "com.apple.xml-property-list", "public.utf8-plain-text", "com.apple.binary-property-list",
                "public.file-url", "public.url",
            ]
        ),
        (
            "files/settings-binary.plist",
            [
                "com.apple.binary-property-list", "com.apple.xml-property-list",
                "public.utf8-plain-text", "public.file-url", "public.url",
            ]
        ),
        ("files/plain-folder", ["public.folder", "public.zip-archive", "public.file-url", "public.url"]),
        ("files/hand.rtf", ["public.rtf", "public.utf8-plain-text", "public.file-url", "public.url"]),
        ("files/utf8.txt", ["public.utf8-plain-text", "public.file-url", "public.url"]),
    ])
    func derivedRepresentationsByFidelity(path: String, expected: [String]) throws {
        #expect(try wrap(path) { $0.includeDerived = true }.registeredTypeIdentifiers == expected)
        // As NSItemProvider(contentsOf:) makes it: the file's type and its URL, no conversions.
        #expect(try wrap(path).registeredTypeIdentifiers == [expected[0], "public.file-url", "public.url"])
    }

    @Test func htmlToTextIsLossyAndUTF16IsLossless() throws {
        let html = try wrap("files/page.html") { $0.includeDerived = true }.representations[1]
        #expect(html.source == .derived(from: "public.html", converter: "html-to-text"))
        let derivation = ConverterRegistry.builtIn.derivations(from: UTType("public.html")!, in: .builtIn)
        #expect(derivation.first?.isLossless == false)
        let utf16 = ConverterRegistry.builtIn.derivations(from: .utf16PlainText, in: .builtIn)
        #expect(utf16.first?.converter.name == "text-to-utf8")
        #expect(utf16.first?.isLossless == true)
    }

    @Test func optionsOmitDerivedAndURLs() throws {
        let bare = try wrap("files/page.html") {
            $0.includeDerived = false
            $0.includeURLs = false
            $0.openInPlace = true
        }
        #expect(bare.registeredTypeIdentifiers == ["public.html"])
        #expect(bare.representations[0].openInPlace)
    }

    @Test func fileURLsArePercentEncoded() {
        #expect(Wrapper.fileURL(absolutePath: "/tmp/a b/café#1.txt") == "file:///tmp/a%20b/caf%C3%A9%231.txt")
        #expect(Wrapper.absolute("/a/./b/../c") == "/a/c")
        #expect(joinPath("Fixtures/check", "../files/x.png") == "Fixtures/files/x.png")
        #expect(joinPath("..", "../x") == "../../x", "climbing above a relative folder keeps its ..")
        #expect(joinPath("/srv", "/a/../b") == "/b")
    }
}

@Suite struct ConverterTests {
    let registry = ConverterRegistry.builtIn

    func run(_ name: String, _ input: ConversionInput) throws -> [UInt8] {
        try #require(registry.converter(named: name)).convert(input)
    }

    @Test(arguments: ["files/utf16le-bom.txt", "files/utf16le-nobom.txt", "files/utf16be-bom.txt", "files/latin1.txt", "files/utf8-bom.txt"])
    func everyEncodingBecomesUTF8(path: String) throws {
        let text = String(decoding: try run("text-to-utf8", .path(fixture(path))), as: UTF8.self)
        #expect(text.hasPrefix("Caf\u{E9} cr\u{E8}me") || text.hasPrefix("UTF-8 with a byte-order mark: na\u{EF}ve"))
        #expect(!text.contains("\u{FFFD}"))
        #expect(!text.hasPrefix("\u{FEFF}"))
    }

    @Test func htmlLosesTagsAndDecodesEntities() throws {
        let html =
            "<html><head><style>p { color: red }</style><script>alert(1)</script><title>T</title></head>"
            + "<body><p>Fish &amp; chips &#8212; &eacute;t&eacute;&nbsp;!</p><p>Second</p></body></html>"
        let text = String(decoding: try run("html-to-text", .bytes(Array(html.utf8))), as: UTF8.self)
        #expect(text == "T\n\nFish & chips — été !\n\nSecond\n", "blocks become paragraphs")
        let page = String(decoding: try run("html-to-text", .path(fixture("files/page.html"))), as: UTF8.self)
        #expect(page == "Page\n\nHello\n")
    }

    @Test func rtfBecomesItsText() throws {
        let hand = String(decoding: try run("rtf-to-text", .path(fixture("files/hand.rtf"))), as: UTF8.self)
        #expect(hand == "Hello from RTF.\n")
        let office = String(decoding: try run("rtf-to-text", .path(fixture("files/letter.rtf"))), as: UTF8.self)
        #expect(office.contains("Dear reader, this is a short letter."))
        #expect(!office.contains("\\"))
        let escapes = #"{\rtf1\ansi{\fonttbl{\f0 Times;}}caf\'e9 \u8212? done\par next}"#
        #expect(String(decoding: try run("rtf-to-text", .bytes(Array(escapes.utf8))), as: UTF8.self) == "café — done\nnext\n")
    }

    @Test func malformedInputIsAClearErrorNeverACrash() throws {
        #expect(throws: UTIError.self) { try run("rtf-to-text", .bytes(Array("{\\rtf1 never closed".utf8))) }
        #expect(throws: UTIError.self) { try run("rtf-to-text", .bytes(Array("plain words".utf8))) }
        #expect(throws: UTIError.self) { try run("xml-plist-to-binary", .bytes(Array("<plist><dict><key>a".utf8))) }
        #expect(throws: UTIError.self) { try run("binary-plist-to-xml", .bytes(Array("bplist00garbage".utf8))) }
        #expect(throws: UTIError.self) { try run("text-to-utf8", .bytes([0xFF, 0xFE, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F])) }
        #expect(throws: UTIError.self) { try run("folder-to-zip", .path(fixture("files/does-not-exist"))) }
        let error = #expect(throws: UTIError.self) { try run("rtf-to-text", .path(fixture("files/hand.rtf") + ".missing")) }
        #expect(error?.message.hasSuffix("hand.rtf.missing: no such file or directory") == true)
    }

    @Test func propertyListsRoundTrip() throws {
        let binary = try run("xml-plist-to-binary", .path(fixture("files/settings.plist")))
        #expect(binary.starts(with: Array("bplist00".utf8)))
        let xml = String(decoding: try run("binary-plist-to-xml", .bytes(binary)), as: UTF8.self)
        #expect(xml.contains("<key>Name</key>"))
        #expect(xml.contains("<string>uti</string>"))
        #expect(xml.contains("<integer>3</integer>"))
        #expect(xml.contains("<true/>"))
    }

    @Test func folderBecomesAZipThatUnzipAccepts() throws {
        let zip = try run("folder-to-zip", .path(fixture("files/Sample.app")))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("uti-zip-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(zip).write(to: scratch)
        #expect(try runProgram("/usr/bin/unzip", ["-tq", scratch.path]).status == 0)
        let names = String(decoding: zip, as: UTF8.self)
        #expect(names.contains("Contents/Info.plist"))
    }
}

@Suite struct SessionDocumentTests {
    @Test func encodeThenDecodeIsTheSameSession() throws {
        var provider = ItemProvider(suggestedName: "photo")
        provider.register(Representation(type: "public.png", kind: .file, visibility: .team, openInPlace: true, source: .path("/p.png")))
        provider.register(Representation(type: "public.utf8-plain-text", kind: .data, source: .derived(from: "public.png", converter: "text-to-utf8")))
        let session = DragSession(
            application: "com.example.a", team: "T", group: nil, allowsMoveOperation: false,
            restrictedToSourceApplication: true,
            items: [DragItem(provider: provider, localObject: LocalObject(className: "UIImage", value: "v"))])
        let bytes = Array(SessionDocument.encode(session).serialized().utf8)
        #expect(try SessionDocument.decode(bytes, source: "test") == session)
    }

    @Test func objectRepresentationsRoundTripAndNeedAClass() throws {
        var provider = ItemProvider()
        provider.register(Representation(type: "com.apple.uikit.image", kind: .data, source: .object(className: "UIImage", path: "/p.jpg", converter: nil)))
        provider.register(Representation(type: "public.png", kind: .data, source: .object(className: "UIImage", path: nil, converter: nil)))
        provider.register(
            Representation(type: "public.utf8-plain-text", kind: .data, source: .object(className: "NSString", path: "/t.txt", converter: "text-to-utf8")))
        let session = DragSession(items: [DragItem(provider: provider)])
        #expect(try SessionDocument.decode(Array(SessionDocument.encode(session).serialized().utf8), source: "test") == session)
        let bad =
            #"{"schemaVersion": 1, "items": [{"representations": [{"type": "public.png", "kind": "url", "object": "UIImage", "converter": "text-to-utf8", "value": "x"}]}]}"#
        #expect(
            SessionDocument.problems(try JSONValue.parse(Array(bad.utf8), source: "b")).map(\.description) == [
                "$.items[0].representations[0]: an object representation takes path and converter, not value or derivedFrom",
                "$.items[0].representations[0].converter: an object's converter needs the object's file in path",
                "$.items[0].representations[0].kind: an object representation is data or file, not url",
            ])
    }

    @Test func visibilitiesThePlatformLacks() {
        #expect(Negotiation.unavailableVisibility(.group, on: .ios) != nil)
        #expect(Negotiation.unavailableVisibility(.team, on: .macos) != nil)
        #expect(Negotiation.unavailableVisibility(.group, on: .macos) == nil)
        #expect(Negotiation.unavailableVisibility(.team, on: .ios) == nil)
        #expect(Negotiation.unavailableVisibility(.group, on: nil) == nil)
        #expect(Negotiation.unavailableVisibility(.ownProcess, on: .ios) == nil)
    }

    @Test func handWrittenSessionLoads() throws {
        let session = try SessionDocument.decode(try FileContents.read(path: fixture("sessions/photo-and-notes.json")), source: "s")
        #expect(session.application == "com.example.viewer")
        #expect(session.items.count == 2)
        #expect(session.items[0].localObject == LocalObject(className: "UIImage", value: "photo-in-memory"))
        #expect(session.items[1].provider.representations[0].visibility == .team)
    }

    @Test func everyProblemIsNamedByItsPath() throws {
        let value = try JSONValue.parse(try FileContents.read(path: fixture("sessions/every-problem.json")), source: "p")
        let problems = SessionDocument.problems(value).map(\.description)
        #expect(
            problems == [
                "$.colour: unknown key (expected one of allowsMoveOperation, dragConfiguration, items, localContext, restrictedToSourceApplication, schemaVersion, source)",
                "$.schemaVersion: must be 2 (or 1, the earlier version)",
                "$.items[0].representations[0].kind: must be one of file, data, url (not \"disk\")",
                "$.items[0].representations[1].typeIdentifier: is required",
                "$.items[0].representations[2]: needs exactly one source: path, value, derivedFrom with converter, or object",
                "$.items[0].representations[3].converter: unknown converter \"magic\" (known: text-to-utf8, html-to-text, rtf-to-text, xml-plist-to-binary, binary-plist-to-xml, folder-to-zip)",
                "$.items[0].representations[3].derivedFrom: names public.rtf, which is not registered before it in this item",
                "$.items[0].representations[4].value: a url representation needs its URL in value",
                "$.items[1].representations: must not be empty (unless the item has a localObject)",
                "$.items[2]: must be an object",
            ])
    }

    @Test func truncatedJSONIsOneLine() throws {
        let error = #expect(throws: UTIError.self) {
            try SessionDocument.decode(try FileContents.read(path: fixture("sessions/truncated.json")), source: "t.json")
        }
        #expect(error?.message.hasPrefix("t.json: is not valid JSON") == true)
        #expect(error?.message.contains("\n") == false)
    }
}

extension IdentifiedFile {
    /// What the tests know of a file TypeInference identified (uti's commands make the same).
    init(_ inference: Inference) {
        self.init(name: inference.path.lastComponent, label: inference.path.description, type: inference.type, kind: inference.kind?.rawValue)
    }
}

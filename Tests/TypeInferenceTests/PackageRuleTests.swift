import Foundation
import Testing
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import TypeInference

/// Catalog/package-rules.json: every rule's examples are identified by content alone (copied to a
/// name without an extension) as the rule says, and its counterexamples are not.
@Suite struct PackageRuleTests {
    struct Rules: Decodable {
        struct ZipMimetype: Decodable {
            let mimeType: String
            let examples: [String]?
            let counterexamples: [String]?
        }
        struct MainPart: Decodable {
            let contentType: String
            let type: String
            let examples: [String]?
            let counterexamples: [String]?
        }
        struct Brand: Decodable {
            let brand: String
            let type: String
            let examples: [String]?
        }
        struct Entries: Decodable {
            let type: String
            let examples: [String]?
            let counterexamples: [String]?
        }
        let zipMimetype: [ZipMimetype]
        let opcMainPart: [MainPart]
        let zipEntries: [Entries]
        let isoMajorBrand: [Brand]
    }

    let rules: Rules

    init() throws {
        rules = try JSONDecoder().decode(Rules.self, from: Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/package-rules.json")))
    }

    /// The type of a fixture by its bytes alone.
    func contentType(_ fixture: String) throws -> UTType? {
        let bytes = try Data(contentsOf: repositoryRoot.appendingPathComponent(fixture))
        return try makeInferrer().infer(bytes: Array(bytes), totalSize: bytes.count, name: nil, path: RawPath("-")).type
    }

    @Test func everyOPCMainPartRuleDecidesItsExamplesAndNotItsCounterexamples() throws {
        for rule in rules.opcMainPart {
            for example in rule.examples ?? [] {
                #expect(try contentType(example)?.identifier == rule.type, "\(example)")
            }
            for example in rule.counterexamples ?? [] {
                #expect(try contentType(example)?.identifier != rule.type, "\(example)")
            }
        }
        #expect(rules.opcMainPart.filter { !($0.examples ?? []).isEmpty }.count >= 10)
    }

    @Test func everyMimetypeRuleDecidesItsExamplesAndNotItsCounterexamples() throws {
        func declared(_ type: UTType?, _ rule: Rules.ZipMimetype) -> Bool {
            guard let type else { return false }
            return type.tagSpecification[.mimeType].contains { mime in
                rule.mimeType.hasSuffix(".") ? mime.hasPrefix(rule.mimeType) : mime == rule.mimeType
            }
        }
        for rule in rules.zipMimetype {
            for example in rule.examples ?? [] { #expect(declared(try contentType(example), rule), "\(example)") }
            for example in rule.counterexamples ?? [] { #expect(!declared(try contentType(example), rule), "\(example)") }
            #expect(ZipDirectory.mimetypeIsDeclaration(rule.mimeType.hasSuffix(".") ? rule.mimeType + "x" : rule.mimeType))
        }
    }

    @Test func everyEntryRuleDecidesItsExamplesAndNotItsCounterexamples() throws {
        for rule in rules.zipEntries {
            for example in rule.examples ?? [] { #expect(try contentType(example)?.identifier == rule.type, "\(example)") }
            for example in rule.counterexamples ?? [] { #expect(try contentType(example)?.identifier != rule.type, "\(example)") }
        }
        #expect(rules.zipEntries.filter { !($0.examples ?? []).isEmpty && !($0.counterexamples ?? []).isEmpty }.count >= 7)
        #expect(PackageRules.zipEntries.map(\.type) == rules.zipEntries.map(\.type))
    }

    /// Entry patterns: `*` spans any characters, slashes too; the pieces between stars come in order.
    @Test func entryPatternsMatchAsDocumented() {
        #expect(PackageRules.NamePattern("Payload/*.app/*").matches("Payload/Hello.app/Info.plist"))
        #expect(PackageRules.NamePattern("Payload/*.app/*").matches("Payload/Deep/Hello.app/Info.plist"))
        #expect(!PackageRules.NamePattern("Payload/*.app/*").matches("Payload/Hello.app"))
        #expect(!PackageRules.NamePattern("Payload/*.app/*").matches("Other/Hello.app/Info.plist"))
        #expect(PackageRules.NamePattern("*.class").matches("org/example/Hello.class"))
        #expect(!PackageRules.NamePattern("*.class").matches("Hello.classic"))
        #expect(PackageRules.NamePattern("word/vbaProject.bin").matches("word/vbaProject.bin"))
        #expect(!PackageRules.NamePattern("word/vbaProject.bin").matches("word/vbaProject.bin2"))
        #expect(!PackageRules.NamePattern("a*a").matches("a"))
        // Only one document: a zip of an AMF model and anything else is a zip.
        #expect(PackageRules.zipEntryRule(names: ["model.amf"])?.type == "org.astm.amf")
        #expect(PackageRules.zipEntryRule(names: ["model.amf", "notes.txt"]) == nil)
        #expect(PackageRules.zipEntryRule(names: []) == nil)
    }

    @Test func everyMajorBrandRuleDecidesItsExamplesByContentAndWithTheirNames() throws {
        for rule in rules.isoMajorBrand {
            for example in rule.examples ?? [] {
                #expect(try contentType(example)?.identifier == rule.type, "\(example)")
                #expect(try makeInferrer().infer(RawPath(repositoryRoot.appendingPathComponent(example).path)).type?.identifier == rule.type, "\(example)")
            }
        }
        #expect(rules.isoMajorBrand.filter { !($0.examples ?? []).isEmpty }.count >= 7)
        // Apple's catalog gives .f4v to Flash video; the brand says ISO base media, and the record says both.
        let f4v = try makeInferrer().infer(RawPath(repositoryRoot.appendingPathComponent("Fixtures/files/clip.f4v").path))
        #expect(f4v.mismatch?.extension?.identifier == "com.adobe.flash.video")
        #expect(f4v.content?.brand == "f4v ")
    }

    @Test func contentTypesAreReadFromStoredAndDeflatedEntries() {
        let xml = Array(
            #"<Types><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType='application/vnd.ms-word.document.macroEnabled.main+xml'/></Types>"#
                .utf8)
        #expect(ZipDirectory.contentTypes(in: xml) == ["application/xml", "application/vnd.ms-word.document.macroEnabled.main+xml"])
        #expect(PackageRules.opcDocumentType(contentTypes: ZipDirectory.contentTypes(in: xml)) == "org.openxmlformats.wordprocessingml.document.macroenabled")
        // A damaged deflate stream gives no content types, and no trap.
        #expect(Inflate.raw([0xFF, 0xFF, 0xFF], limit: 1024) == nil)
        #expect(Inflate.raw([0x03, 0x00], limit: 1024) == [])
    }
}

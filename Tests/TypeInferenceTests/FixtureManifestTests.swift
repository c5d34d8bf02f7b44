import Foundation
import Testing
import TypeInference
import UTITestSupport
import UniformTypes

@testable import SharedMIMEInfo

struct ManifestRow: CustomTestStringConvertible, Sendable {
    let file: String
    let type: String
    let made: String
    var testDescription: String { "\(file) -> \(type)" }
}

/// Fixtures/files/manifest.tsv: every sample file with the type people expect for it.
let manifest: [ManifestRow] = {
    let url = repositoryRoot.appendingPathComponent("Fixtures/files/manifest.tsv")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return ManifestRow(file: fields[0], type: fields[1], made: fields.count > 2 ? fields[2] : "")
    }
}()

func makeInferrer(follow: Bool = false, catalog: TypeCatalog = .system(in: testEnvironment)) throws -> TypeInferrer {
    TypeInferrer(catalog: catalog, database: systemDatabase, sniffer: try MagicSniffer(), followSymlinks: follow)
}

func fixturePath(_ name: String) -> RawPath {
    RawPath(repositoryRoot.appendingPathComponent("Fixtures/files/\(name)").path)
}

@Suite struct FixtureManifestTests {
    @Test func manifestCoversEnoughFilesAndTypes() {
        #expect(manifest.count >= 80)
        #expect(Set(manifest.map(\.type)).count >= 60)
        #expect(manifest.allSatisfy { !$0.made.isEmpty }, "every fixture says how it was made")
    }

    /// Every fixture, with uti's own checks first (the default) and with libmagic asked about
    /// everything (as --magic-description does): both paths must give the expected type.
    @Test(arguments: manifest, [false, true])
    func fixtureHasItsExpectedType(row: ManifestRow, libmagicForEverything: Bool) throws {
        let inferrer = try makeInferrer()
        inferrer.magicDescriptions = libmagicForEverything
        let inference = inferrer.infer(fixturePath(row.file))
        #expect(inference.error == nil)
        #expect(inference.type?.identifier == row.type)
        if let type = inference.type, let expected = UTType(row.type) {
            #expect(type.conforms(to: expected))
        }
    }

    @Test func everyFixtureFileIsInTheManifest() throws {
        let directory = repositoryRoot.appendingPathComponent("Fixtures/files")
        let listed = Set(manifest.map(\.file))
        let present = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0 != "manifest.tsv" && $0 != "README.md" }
        for name in present {
            #expect(listed.contains(name), "\(name) is not in manifest.tsv")
        }
    }
}

/// uti's own rules (Catalog/shared-mime-info/uti.xml) are data: every MIME type they name has a
/// type in the built-in catalog, and the compiled rules are the ones the data says.
@Suite struct OwnRulesTests {
    @Test func everyRuleNamesATypeOfTheCatalog() throws {
        let xml = try String(contentsOf: repositoryRoot.appendingPathComponent("Catalog/shared-mime-info/uti.xml"), encoding: .utf8)
        let mimeTypes = xml.components(separatedBy: "<mime-type type=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(mimeTypes.count >= 5)
        for mimeType in mimeTypes {
            #expect(OwnRules.type(forMIMEType: mimeType, in: .builtIn) != nil, "\(mimeType) has no type in Catalog/*.json")
        }
    }

    @Test func theCompiledRulesFindTheirFormats() throws {
        let sniffer = try #require(OwnRules.database(in: .empty).map(SharedMIMESniffer.init))
        for (bytes, mimeType) in [(Array("farbfeld\0\0\0\u{1}".utf8), "image/x-farbfeld"), (Array("qoif\0\0\0\u{1}\0\0\0\u{1}\u{3}\0".utf8), "image/qoi")] {
            let match = bytes.withUnsafeBytes { sniffer.sniff($0) }
            #expect(match?.mimeType == mimeType)
        }
        // A Dockerfile needs its FROM and a build instruction after it, or a syntax directive and a FROM.
        for text in ["FROM debian:12\nRUN apt-get update\n", "# syntax=docker/dockerfile:1\nFROM scratch\n"] {
            #expect(Array(text.utf8).withUnsafeBytes { sniffer.sniff($0) }?.mimeType == "text/x-dockerfile", "\(text)")
        }
        for text in ["FROM the desk of the editor\nDear reader,\n", "# syntax=plain\nnothing here\n"] {
            #expect(Array(text.utf8).withUnsafeBytes { sniffer.sniff($0) } == nil, "\(text)")
        }
        // "qoif" with a channel count QOI does not allow is not QOI.
        #expect(Array("qoif\0\0\0\u{1}\0\0\0\u{1}\u{9}\0".utf8).withUnsafeBytes { sniffer.sniff($0) } == nil)
        // Look-alikes: "PF" and a newline followed by no width, an SF3 identifier with an unknown
        // format byte, "RZIP" with a version rzip never had.
        for lookalike in ["PF\nxx", "\u{81}SF3\0\u{E0}\u{D0}\r\n\n\u{20}", "RZIP\u{7}\u{1}"] {
            let bytes = Array(lookalike.unicodeScalars.map { UInt8($0.value) }) + Array(repeating: 0, count: 16)
            #expect(bytes.withUnsafeBytes { sniffer.sniff($0) } == nil, "\(lookalike)")
        }
    }
}

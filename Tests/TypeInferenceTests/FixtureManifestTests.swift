import Foundation
import Testing
import TypeInference
import UniformTypes

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

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

func makeInferrer(follow: Bool = false, catalog: TypeCatalog = .system) throws -> TypeInferrer {
    TypeInferrer(catalog: catalog, sniffer: try MagicSniffer(), followSymlinks: follow)
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

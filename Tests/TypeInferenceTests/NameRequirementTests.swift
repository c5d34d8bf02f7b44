import Foundation
import SharedMIMEInfo
import Testing
import UTITestSupport
import UniformTypes

@testable import TypeInference

/// Every requirement of `Catalog/name-requirements.json` holds on a file of its format and fails
/// on a file that only has the format's name: a requirement that held on everything, or on
/// nothing, would reject no name or every one.
@Suite struct NameRequirementTests {
    /// A type's requirement, a fixture of the format, and a fixture under its name that is not.
    static let cases: [(type: String, holds: String, fails: String)] = [
        ("com.apple.macbinary-archive", "files/note.bin", "files/mislabelled/firmware.bin"),
        ("org.freedesktop.mime.application.vnd.adobe.flash.movie", "files/movie.swf", "files/mislabelled/words.spl"),
        ("org.ietf.pem-certificate", "files/cert.pem", "files/mislabelled/notes.crt"),
        ("public.x509-certificate", "files/cert.der", "files/mislabelled/notes.crt"),
        ("net.sourceforge.vice-emu.crt", "files/game.crt", "files/mislabelled/notes.crt"),
        ("org.worldofspectrum.hdf", "files/spectrum-disk.hdf", "files/mislabelled/firmware.bin"),
        ("org.ietf.pem", "files/public-key.pem", "files/mislabelled/placeholder.pem"),
        ("org.ietf.pem-private-key", "files/key.pem", "files/mislabelled/license.key"),
        ("org.ietf.pem-certificate-request", "files/request.csr", "files/mislabelled/notes.crt"),
        ("org.ietf.pem-crl", "files/revoked.crl", "files/mislabelled/notes.crt"),
        ("org.freedesktop.mime.application.pgp-keys", "files/archive.key", "files/mislabelled/license.key"),
    ]

    @Test func everyRequirementIsWalked() {
        #expect(Set(Self.cases.map(\.type)) == Set(NameRequirement.all.map(\.type)))
        #expect(NameRequirement.all.allSatisfy { !$0.specification.isEmpty })
    }

    @Test(arguments: cases)
    func holdsOnItsFormatAndFailsOnAnother(type: String, holds: String, fails: String) throws {
        let catalog = TypeCatalog.system(in: testEnvironment)
        let declared = try #require(catalog.type(identifier: type), "\(type) is in no catalog")
        let requirement = try #require(NameRequirement.of(declared))
        for (path, expected) in [(holds, true), (fails, false)] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture(path)))
            #expect(bytes.withUnsafeBytes { requirement.holds(in: $0) } == expected, "\(type) on \(path)")
        }
    }

    /// The tests read only the bytes there are: a file shorter than an offset lacks what is there.
    @Test func shortBytesLackWhatIsPastTheirEnd() {
        let macBinary = NameRequirement.all.first { $0.type == "com.apple.macbinary-archive" }
        #expect([UInt8]([0, 4]).withUnsafeBytes { macBinary?.holds(in: $0) } == false)
        let pem = NameRequirement.all.first { $0.type == "org.ietf.pem-certificate" }
        #expect([UInt8]("-----BEGIN".utf8).withUnsafeBytes { pem?.holds(in: $0) } == false)
        #expect([UInt8]("x\n-----BEGIN ".utf8).withUnsafeBytes { pem?.holds(in: $0) } == true)
    }
}

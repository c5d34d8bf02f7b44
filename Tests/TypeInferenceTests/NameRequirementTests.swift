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
        ("public.zip-archive", "files/bundle.zip", "files/mislabelled/noise.png"),
        ("org.openxmlformats.openxml", "files/letter.docx", "files/mislabelled/noise.png"),
        ("org.oasis-open.opendocument", "files/letter.odt", "files/mislabelled/noise.png"),
        ("com.microsoft.word.doc", "files/letter.doc", "files/mislabelled/noise.png"),
        ("com.microsoft.excel.xls", "files/table.xls", "files/mislabelled/noise.png"),
        ("com.microsoft.windows-installer", "files/installer.msi", "files/letter.docx"),
        ("com.microsoft.windows-executable", "verdict/program-named.png", "files/mislabelled/noise.png"),
        ("com.microsoft.windows-dynamic-link-library", "verdict/program-named.png", "files/mislabelled/firmware.bin"),
        ("com.microsoft.bmp", "files/photo.bmp", "files/mislabelled/noise.png"),
        ("public.tiff", "files/photo.tiff", "files/mislabelled/noise.png"),
        ("com.adobe.photoshop-image", "files/photo.psd", "files/mislabelled/noise.png"),
        ("org.matroska.mkv", "files/clip.mkv", "files/mislabelled/noise.png"),
        ("org.webmproject.webm", "files/clip.webm", "files/clip.mp4"),
        ("public.opentype-font", "files/font.otf", "files/mislabelled/noise.png"),
        ("public.truetype-ttf-font", "files/font.ttf", "files/font.woff"),
        ("com.sun.java-class", "files/Hello.class", "files/Hello.jar"),
        ("com.microsoft.cab", "files/archive.cab", "files/data1.cab"),
        ("com.rsa.pkcs-12", "files/bundle.p12", "files/mislabelled/noise.png"),
        ("public.xml", "files/data.xml", "files/mislabelled/notes.crt"),
        ("public.rtf", "files/letter.rtf", "files/mislabelled/notes.crt"),
        ("org.w3.webvtt", "files/subs.vtt", "files/subs.srt"),
        ("org.mbox.mailbox", "files/inbox.mbox", "files/message.eml"),
        ("org.freedesktop.mime.application.pgp-encrypted", "files/message.gpg", "files/mislabelled/license.key"),
        ("org.freedesktop.mime.application.pgp-signature", "files/detached.sig", "files/mislabelled/license.key"),
        ("com.microsoft.ico", "files/icon.ico", "files/mislabelled/noise.png"),
        ("org.python.bytecode", "files/hello.pyc", "files/mislabelled/noise.png"),
        ("public.aifc-audio", "files/tone.aiff", "files/tone.wav"),
        ("org.idpf.epub-container", "files/book.epub", "files/mislabelled/noise.png"),
        ("com.microsoft.vbscript-encoded", "files/empty-encoded.vbe", "files/hello.vb"),
        ("com.microsoft.jscript-encoded", "files/empty-encoded.vbe", "files/hello.js"),
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

    /// No requirement is false of a real file: every fixture has what its type's specification
    /// and its supertypes' require (a Word document in Office Open XML, what every zip has).
    @Test func everyFixtureHasWhatItsTypeRequires() throws {
        let catalog = TypeCatalog.system(in: testEnvironment)
        var walked = 0
        for row in manifest {
            let path = fixture("files/" + row.file)
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let type = try #require(catalog.type(identifier: row.type), "\(row.type) is in no catalog")
            let requirements = NameRequirement.all(of: type)
            guard !requirements.isEmpty else { continue }
            let head = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(65536)
            for requirement in requirements {
                #expect(head.withUnsafeBytes { requirement.holds(in: $0) }, "\(row.file) lacks what \(requirement.type) requires")
            }
            walked += 1
        }
        #expect(walked >= 40)
    }

    /// The tests read only the bytes there are: a file shorter than an offset lacks what is there.
    @Test func shortBytesLackWhatIsPastTheirEnd() {
        let macBinary = NameRequirement.all.first { $0.type == "com.apple.macbinary-archive" }
        #expect([UInt8]([0, 4]).withUnsafeBytes { macBinary?.holds(in: $0) } == false)
        let pem = NameRequirement.all.first { $0.type == "org.ietf.pem-certificate" }
        #expect([UInt8]("-----BEGIN".utf8).withUnsafeBytes { pem?.holds(in: $0) } == false)
        #expect([UInt8]("x\n-----BEGIN ".utf8).withUnsafeBytes { pem?.holds(in: $0) } == true)
        let xml = NameRequirement.all.first { $0.type == "public.xml" }
        #expect([UInt8]("\u{FEFF}\n  <a/>".utf8).withUnsafeBytes { xml?.holds(in: $0) } == true)
        #expect([UInt8]("  \n".utf8).withUnsafeBytes { xml?.holds(in: $0) } == false)
    }
}

import Foundation
import Testing
import UTITestSupport

@_spi(Fuzzing) @testable import TypeInference
@testable import UTICommands

/// `identify -z`: the type of what a gzip, xz, bzip2 or Zstandard file holds, from the stream's
/// first bytes, bounded; a decompression bomb is an error.
@Suite struct UncompressTests {
    @Test func eachFormatIsReadThroughItsStream() throws {
        let run = try uti([
            "identify", "-z", "Fixtures/files/notes.gz", "Fixtures/files/notes.xz", "Fixtures/files/notes.bz2", "Fixtures/files/notes.zst",
            "Fixtures/files/bundle.tar.gz", "Fixtures/files/page.ps.gz", "Fixtures/files/photo.png",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                Fixtures/files/notes.gz: public.plain-text (compressed: org.gnu.gnu-zip-archive)
                Fixtures/files/notes.xz: public.plain-text (compressed: org.tukaani.xz-archive)
                Fixtures/files/notes.bz2: public.plain-text (compressed: public.bzip2-archive)
                Fixtures/files/notes.zst: public.plain-text (compressed: com.facebook.zstandard-archive)
                Fixtures/files/bundle.tar.gz: public.tar-archive (compressed: org.gnu.gnu-zip-tar-archive)
                Fixtures/files/page.ps.gz: com.adobe.postscript (compressed: org.freedesktop.mime.application.x-gzpostscript)
                Fixtures/files/photo.png: public.png

                """)
        // Without -z the files are what they are.
        #expect(try uti(["identify", "-b", "Fixtures/files/notes.xz"]).stdout == "org.tukaani.xz-archive\n")
    }

    @Test func theRecordSaysTheCompression() throws {
        let run = try uti(["identify", "-z", "--jsonl", "Fixtures/files/notes.gz", "Fixtures/files/photo.png"])
        let records = run.stdout.split(separator: "\n").compactMap { try? json(String($0)) as? [String: Any] }
        #expect(records.count == 2)
        #expect((records[0]["type"] as? [String: Any])?["identifier"] as? String == "public.plain-text")
        let compression = try #require(records[0]["compression"] as? [String: Any])
        #expect(compression["identifier"] as? String == "org.gnu.gnu-zip-archive")
        #expect(compression["bytesDecoded"] as? Int == 18)
        #expect(compression["complete"] as? Bool == true)
        #expect(records[1]["compression"] == nil, "only a compressed file has the key")
        try validate(run.stdout, against: "identify-record.schema.json", lines: true)
    }

    @Test func standardInputToo() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("files/page.ps.gz")))
        let run = try uti(["identify", "-z", "-b", "-"], stdin: bytes)
        #expect(run.stdout == "com.adobe.postscript (compressed: org.gnu.gnu-zip-archive)\n")
    }

    /// A stream cut short still says what it began with; the record says it is not complete.
    @Test func aTruncatedStreamIsReadAsFarAsItGoes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: fixture("files/page.ps.gz")))
        let cut = folder.appendingPathComponent("page.ps.gz")
        try whole.prefix(whole.count / 2).write(to: cut)
        let run = try uti(["identify", "-z", "--jsonl", cut.path])
        let record = try #require(try json(run.stdout) as? [String: Any])
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "com.adobe.postscript")
        #expect((record["compression"] as? [String: Any])?["complete"] as? Bool == false)
    }

    @Test func bombsAreErrors() throws {
        let run = try uti(["identify", "-z", "Fixtures/hostile/compressed/zeros.xz", "Fixtures/hostile/compressed/zeros.zst"])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                Fixtures/hostile/compressed/zeros.xz: error: its xz stream expands 4245 times over its first 247 bytes, a decompression bomb; \
                exceeds uti's uncompress-ratio limit (1032)
                Fixtures/hostile/compressed/zeros.zst: error: its zstd stream expands 20971 times over its first 50 bytes, a decompression bomb; \
                exceeds uti's uncompress-ratio limit (1032)

                """)
    }

    @Test func aDamagedStreamIsAnError() throws {
        let run = try uti(["identify", "-z", "-"], stdin: Data([0x1F, 0x8B, 0x08, 0x00] + Array("garbagegarbage".utf8)))
        #expect(run.status == 1)
        #expect(run.stdout == "-: error: a damaged gzip stream (invalid code lengths set)\n")
    }

    @Test func withTheVerdictItIsAUsageError() throws {
        let run = try uti(["identify", "-z", "--verdict", "Fixtures/files/notes.gz"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: -z reads inside a compressed file; --verdict judges the file as it is: give one."))
    }

    @Test func signaturesAndInnerNames() {
        #expect(Uncompress.Format.of([0x1F, 0x8B, 0x08, 0]) == .gzip)
        #expect(Uncompress.Format.of([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) == .xz)
        #expect(Uncompress.Format.of(Array("BZh9".utf8)) == .bzip2)
        #expect(Uncompress.Format.of(Array("BZh0".utf8)) == nil, "block sizes are 1 to 9")
        #expect(Uncompress.Format.of([0x28, 0xB5, 0x2F, 0xFD]) == .zstd)
        #expect(Uncompress.Format.gzip.innerName(of: "page.ps.gz") == "page.ps")
        #expect(Uncompress.Format.gzip.innerName(of: "site.tgz") == "site.tar")
        #expect(Uncompress.Format.gzip.innerName(of: "logo.svgz") == "logo.svg")
        #expect(Uncompress.Format.xz.innerName(of: "notes") == nil)
    }

    /// Never more than the bound: a stream of 4 MiB decodes to 1 MiB, whatever it holds.
    @Test func theDecodedBytesAreBounded() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("hostile/compressed/zeros.bz2")))
        let stream = try Uncompress.firstBytes(of: .bzip2, subject: "zeros", read: inMemoryReadUpTo(Array(bytes)), outputLimit: 4096)
        #expect(stream.bytes.count == 4096)
        #expect(!stream.isComplete)
    }
}

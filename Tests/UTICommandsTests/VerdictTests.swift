import Foundation
import Testing
import TypeInference
import UTITestSupport
import UniformTypes

@testable import UTICommands

/// `identify --verdict` (issue 41): whether a file is what it claims to be, and only that.
@Suite struct VerdictTests {
    /// Each file of Fixtures/verdict (Fixtures/make-verdict) gets its verdict and the finding
    /// that made it, through the CLI.
    @Test(arguments: [
        ("png-with-zip.png", "polyglot", "public.zip-archive", 354),
        ("zip-with-pdf.zip", "polyglot", "com.adobe.pdf", 172),
        ("html-with-png.html", "polyglot", "public.png", 44),
        ("gif-and-script.gif", "disguised", "com.netscape.javascript-source", 0),
        ("jpeg-with-php.jpg", "disguised", "public.php-script", 6),
        ("jpeg-then-program.jpg", "disguised", "com.microsoft.windows-executable", 301),
        ("program-named.png", "disguised", "com.microsoft.windows-executable", 0),
        ("signature-only.png", "signature-only", "public.png", 0),
        ("signature-only.gif", "signature-only", "com.compuserve.gif", 0),
        ("signature-only.pdf", "signature-only", "com.adobe.pdf", 0),
        ("truncated.png", "truncated", "public.png", 0),
        ("truncated.jpg", "truncated", "public.jpeg", 0),
        ("truncated.pdf", "truncated", "com.adobe.pdf", 0),
        ("truncated.zip", "truncated", "public.zip-archive", 0),
    ])
    func verdictAndFinding(file: String, verdict: String, format: String, offset: Int) throws {
        let run = try uti(["identify", "--verdict", "--format", "jsonl", "Fixtures/verdict/" + file])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Fixtures/verdict/\(file): breaks the policy: the verdict \(verdict) is denied"))
        let record = try records(run.stdout)[0]
        #expect(record["verdict"] as? String == verdict)
        let findings = record["findings"] as? [[String: Any]] ?? []
        let reason = findings.first { $0["kind"] as? String == verdict }
        #expect(reason?["format"] as? String == format)
        #expect((reason?["offset"] as? Int ?? 0) == offset)
        #expect((record["policy"] as? [String: Any])?["kept"] as? Bool == false)
        try validate(run.stdout, against: "identify-record.schema.json", lines: true)
    }

    /// Code a format carries: macros, PDF JavaScript, SVG script, archive entries that climb out
    /// of their folder or are encrypted; each basis names what was found.
    @Test(arguments: [
        ("macros.docm", "macros: word/vbaProject.bin"),
        ("macros.doc", "macros: the Macros storage"),
        ("javascript.pdf", "PDF actions that run code: /JavaScript, /JS"),
        ("script.svg", "SVG that runs script: a script element, an onload attribute"),
        ("climbing.zip", "entries that unpack outside their folder: ../outside.txt, /etc/cron.d/uti"),
        ("climbing.zip", "encrypted entries, contents unknown: note.txt"),
    ])
    func activeContent(file: String, basis: String) throws {
        let run = try uti(["identify", "--verdict", "--format", "jsonl", "Fixtures/verdict/" + file])
        let record = try records(run.stdout)[0]
        #expect(record["verdict"] as? String == "active-content")
        let bases = (record["findings"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "active-content" }.compactMap { $0["basis"] as? String }
        #expect(bases.contains(basis), "\(bases)")
    }

    /// Ordinary files are consistent, with their format's structure walked to its end; a name
    /// another format's bytes wear is a mismatch.
    @Test func ordinaryFilesAreConsistent() throws {
        // Among them formats named with another format's extension that they use too: F4V is
        // MPEG-4 (the database's video/mp4 has *.f4v), Berkeley DB's .db, InstallShield's .cab.
        let files = [
            "photo.png", "photo.jpg", "photo.gif", "letter.pdf", "letter.docx", "letter.doc", "bundle.zip", "hello-elf", "drawing.svg",
            "clip.f4v", "pairs-hash.db", "data1.cab",
        ]
        let run = try uti(["identify", "--verdict"] + files.map { "Fixtures/files/" + $0 })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(" consistent") }, "\(run.stdout)")
        let png = try records(try uti(["identify", "--verdict", "--format", "jsonl", "Fixtures/files/photo.png"]).stdout)[0]
        let format = (png["findings"] as? [[String: Any]])?.first
        #expect(format?["kind"] as? String == "format")
        #expect(format?["structure"] as? String == "valid")
        #expect(format?["span"] as? Int == 354)
        let named = try uti(["identify", "--verdict", "Fixtures/files/png-named.txt"])
        #expect(named.stdout == "Fixtures/files/png-named.txt: public.png mismatch (public.png)\n")
        #expect(named.status == 1)
    }

    /// A claimed text format is weighed as a name for it would be: bytes that are no text (they
    /// hold a NUL) are no CSV or JSON, whatever the upload's Content-Type says; a CSV file is.
    @Test func aClaimedTextFormatIsNoneOfNoise() throws {
        let noise = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/mislabelled/noise.png"))
        for (claimed, identifier) in [("text/csv", "public.comma-separated-values-text"), ("application/json", "public.json")] {
            let run = try uti(["identify", "--verdict", "--claimed-type", claimed, "--format", "jsonl", "-"], stdin: noise)
            let record = try records(run.stdout)[0]
            #expect(record["verdict"] as? String == "mismatch", "\(claimed)")
            let findings = record["findings"] as? [[String: Any]]
            #expect(findings?.first?["basis"] as? String == "claimed \(identifier), a text format, for bytes that are no text")
            #expect(run.status == 1)
        }
        let table = try uti(["identify", "--verdict", "--claimed-type", "text/csv", "Fixtures/files/table.csv"])
        #expect(table.stdout == "Fixtures/files/table.csv: public.comma-separated-values-text consistent\n")
        #expect(table.status == 0)
    }

    /// The claim a server receives: a Content-Type and the name the upload came with, in place of
    /// the stored file's.
    @Test func claimsAndPolicies() throws {
        let claimed = try uti(["identify", "--verdict", "--claimed-type", "image/jpeg", "Fixtures/files/photo.png"])
        #expect(claimed.stdout == "Fixtures/files/photo.png: public.png mismatch (public.png)\n")
        #expect(claimed.status == 1)
        let agreeing = try uti(["identify", "--verdict", "--claimed-type", "image/png", "--claimed-name", "upload.png", "Fixtures/files/photo.png"])
        #expect(agreeing.status == 0)
        // The program's own name says what it is; the upload's name does not.
        let program = try uti(["identify", "--verdict", "--claimed-name", "cat.jpg", "Fixtures/verdict/program-named.png"])
        #expect(program.stdout.hasSuffix(" disguised (com.microsoft.windows-executable)\n"))
        // Allowed types: a PDF is no image.
        let allowed = try uti(["identify", "--verdict", "--allow", "public.image", "Fixtures/files/photo.png", "Fixtures/files/letter.pdf"])
        #expect(allowed.status == 1)
        #expect(allowed.stderr == "uti: Fixtures/files/letter.pdf: breaks the policy: com.adobe.pdf is not allowed (allowed: public.image)\n")
        // Denying one verdict tolerates the others.
        let tolerant = try uti(["identify", "--verdict", "--deny", "disguised", "Fixtures/verdict/truncated.png"])
        #expect(tolerant.status == 0)
        #expect(tolerant.stdout == "Fixtures/verdict/truncated.png: public.png truncated (public.png)\n")
        // A policy file, with --deny adding to its list.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("policy.json")
        try Data(#"{"allow": ["public.image"], "deny": ["polyglot"]}"#.utf8).write(to: policy)
        let fromFile = try uti(["identify", "--verdict", "--policy", policy.path, "Fixtures/verdict/truncated.png", "Fixtures/verdict/png-with-zip.png"])
        #expect(fromFile.status == 1)
        #expect(fromFile.stderr == "uti: Fixtures/verdict/png-with-zip.png: breaks the policy: the verdict polyglot is denied\n")
        try Data(#"{"deny": ["nonsense"]}"#.utf8).write(to: policy)
        let bad = try uti(["identify", "--verdict", "--policy", policy.path, "Fixtures/files/photo.png"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("deny: unknown verdict nonsense"))
    }

    /// What is not a regular file has no verdict and breaks the policy: a gate passes only files
    /// it has read (a link to a file elsewhere, a FIFO, a folder).
    @Test func onlyRegularFilesPass() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("upload.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: repositoryRoot.path + "/Fixtures/files/photo.png")
        let run = try uti(["identify", "--verdict", "--allow", "public.image", "--format", "jsonl", link.path])
        #expect(run.status == 1)
        #expect(run.stderr == "uti: \(link.path): breaks the policy: public.symlink is not a regular file, and has no verdict\n")
        let record = try records(run.stdout)[0]
        #expect(record["verdict"] is NSNull)
        #expect((record["policy"] as? [String: Any])?["kept"] as? Bool == false)
        // Followed (-L), the link is the file it names, and that is a PNG.
        #expect(try uti(["identify", "-L", "--verdict", "--allow", "public.image", link.path]).status == 0)
    }

    /// The options that shape a verdict need --verdict; a misspelt verdict is a usage error.
    @Test func usage() throws {
        let alone = try uti(["identify", "--claimed-type", "image/png", "Fixtures/files/photo.png"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--claimed-type goes with --verdict."))
        let misspelt = try uti(["identify", "--verdict", "--deny", "polyglott", "Fixtures/files/photo.png"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("--deny polyglott: not a verdict"))
    }

    /// Standard input gets the verdict its bytes get by path; --explain lists the findings.
    @Test func standardInputAndExplanation() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/verdict/png-with-zip.png", relativeTo: repositoryRoot))
        let run = try uti(["identify", "--verdict", "--claimed-type", "image/png", "-"], stdin: bytes)
        #expect(run.stdout == "-: public.png polyglot (public.zip-archive at byte 354)\n")
        let explained = try uti(["identify", "--verdict", "--explain", "Fixtures/verdict/png-with-zip.png"])
        #expect(explained.stdout.contains("  verdict: polyglot\n"))
        #expect(explained.stdout.contains("    format: public.png at byte 0, 354 bytes, valid: 10 chunks from IHDR to IEND, every CRC right\n"))
        #expect(explained.stdout.contains("  policy: broken: the verdict polyglot is denied\n"))
    }

    /// The library: a server infers and weighs a buffer it holds, with a policy of its own.
    @Test func libraryVerdict() throws {
        let inferrer = TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: MagicSniffer.loadingWhenFirstAsked())
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "Fixtures/verdict/jpeg-with-php.jpg", relativeTo: repositoryRoot)))
        let inference = inferrer.infer(bytes: bytes, totalSize: bytes.count, name: "avatar.jpg", path: RawPath("upload"))
        let verdict = inferrer.verdict(for: inference, bytes: bytes, size: bytes.count, claimedMIMEType: "image/jpeg") { _, _ in nil }
        #expect(verdict.verdict == .disguised)
        #expect(verdict.findings.contains { $0.kind == .polyglot && $0.format == "public.php-script" && $0.offset == 6 })
        let policy = VerdictPolicy(allowed: [UTType(importedAs: "public.image")], denied: [.polyglot, .disguised])
        #expect(policy.breaches(of: verdict) == ["the verdict disguised is denied"])
    }
}

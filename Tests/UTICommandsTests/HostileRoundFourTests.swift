import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import ItemProvidersCore
@testable import SharedMIMEInfo
@_spi(Fuzzing) @testable import UTICommands

/// Issue 45, hostile input round four: each item's smallest input, run as users run uti (a
/// process of its own, with a time limit: several of these hung or ran for minutes before).
@Suite struct HostileRoundFourTests {
    // MARK: 1. Cleanup never leaves its folder, and never takes a live temporary for stale

    @Test func aTemporaryLockedByALiveProcessIsKeptWhateverItsProcessID() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // A drop in another PID namespace (a container): its PID means nothing here, its lock does.
        let busy = out.appendingPathComponent(".uti-load-4194305-abcdef")
        try Data("being written".utf8).write(to: busy)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: busy.path)
        let descriptor = open(busy.path, O_RDONLY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--accepts", "public.image", "--out", out.path])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [".uti-load-4194305-abcdef", "photo.png"])
    }

    @Test func aStaleTemporaryFolderIsEmptiedWithoutFollowingItsLinks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: outside.appendingPathComponent("precious.txt"))
        let out = folder.appendingPathComponent("out")
        let stale = out.appendingPathComponent(".uti-load-4194305-folder")
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: stale.appendingPathComponent("link").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: stale.appendingPathComponent("inner/link").path, withDestinationPath: outside.appendingPathComponent("precious.txt").path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale.path)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--accepts", "public.image", "--out", out.path])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["photo.png"])
        #expect(try String(contentsOf: outside.appendingPathComponent("precious.txt"), encoding: .utf8) == "keep me")
    }

    @Test func aTemporaryJustCreatedIsNotYetStale() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // Between its creation and its lock a temporary is unlocked for an instant; one modified
        // within the last minute is left alone.
        let fresh = out.appendingPathComponent(".uti-load-4194305-fresh1")
        try Data().write(to: fresh)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--accepts", "public.image", "--out", out.path])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [".uti-load-4194305-fresh1", "photo.png"])
    }

    // MARK: 2 and 7. A check glob skips nothing and never leaves the manifest's folder

    @Test func aCheckGlobMatchesANameThatIsNotUTF8AndChecksIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: fixture("files/photo.png"), toPath: folder.appendingPathComponent("good.png").path)
        // An executable among the images, under a name that is not UTF-8.
        let bad = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".png".utf8)
        let elf = try Data(contentsOf: URL(fileURLWithPath: "/bin/true"))
        let descriptor = (bad + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o755) }
        }
        #expect(descriptor >= 0)
        _ = elf.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        close(descriptor)
        let manifest = folder.appendingPathComponent("images.check.json")
        try Data(#"{"expectations": [{"files": "*.png", "conformsTo": "public.image"}]}"#.utf8).write(to: manifest)
        let run = try uti(["check", manifest.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("bad\\xFF.png"))
        #expect(run.stdout.contains("expected to conform to public.image, found public.elf-binary"))
        #expect(run.stdout.contains("1 passed, 1 failed"))
    }

    @Test func aCheckGlobWhoseDotDotFollowsAWildcardIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("climb.check.json")
        try Data(#"{"expectations": [{"files": "**/../**/*.png", "type": "public.png"}, {"files": "a*/../*.png", "type": "public.png"}]}"#.utf8)
            .write(to: manifest)
        let run = try uti(["check", manifest.path], timeout: 10)
        #expect(run.status == 2)
        let why = "'..' after a wildcard would climb out of every folder it matched; name the folder instead"
        #expect(run.stderr.contains("$.expectations[0].files: \(why)"))
        #expect(run.stderr.contains("$.expectations[1].files: \(why)"))
        // A literal climb names a folder, as a path does.
        #expect(Glob.components(of: "../files/./x/../*.png").components == ["..", "files", "*.png"])
        #expect(Glob.components(of: "/../etc/*.conf").components == ["etc", "*.conf"])
    }

    @Test func dotComponentsBetweenStarsAreOneFolderNotAnExponentialWalk() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var deep = folder
        for level in 0..<12 {
            deep = deep.appendingPathComponent("d\(level)")
            try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: fixture("files/photo.png"), toPath: deep.appendingPathComponent("p.png").path)
        }
        let pattern = Array(repeating: "**/.", count: 12).joined(separator: "/") + "/**/*.png"
        let manifest = folder.appendingPathComponent("dots.check.json")
        try Data(#"{"expectations": [{"files": "\#(pattern)", "count": 12}]}"#.utf8).write(to: manifest)
        let run = try uti(["check", manifest.path], timeout: 20)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    // MARK: 3. A zip never poses as text

    @Test func aZipClaimingAFlatXMLTypeStaysAZip() throws {
        let run = try uti(["identify", "--expect", "public.text", "Fixtures/hostile/zip/mimetype-claims-flat-xml.zip"])
        #expect(run.status == 1)
        #expect(run.stdout == "Fixtures/hostile/zip/mimetype-claims-flat-xml.zip: public.zip-archive\n")
        #expect(
            run.stderr
                == "uti: Fixtures/hostile/zip/mimetype-claims-flat-xml.zip: is public.zip-archive, which does not conform to public.text\n")
        let record = try #require(
            (try json(try uti(["identify", "--json", "Fixtures/hostile/zip/mimetype-claims-flat-xml.zip"]).stdout) as? [[String: Any]])?.first)
        #expect((record["mismatch"] as? [String: Any])?["claim"] as? String == "application/vnd.oasis.opendocument.text-flat-xml")
    }

    // MARK: 4. A JPEG of endless scans is refused before decoding

    @Test func aProgressiveJPEGOfAThousandEmptyScansIsRefusedAtOnce() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = try uti(["wrap", "--object", "UIImage", "Fixtures/hostile/image/empty-scans.jpg"])
        let run = try uti(["drop", "--accepts", "public.png", "--out", out.path], stdin: Data(session.stdout.utf8), timeout: 10)
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("empty-scans.jpg: a JPEG of more than 500 scans: exceeds uti's jpeg-scans limit (500)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    // MARK: 5 and 9. A destination's long list is named once, short, and indexed

    @Test func findingsNameALongListInShortAndANegotiationIsLinear() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 200,000 types the items do not have, then plain text; performDrop loads PNG only.
        let types = (0..<200_000).map { "com.example.t\($0)" } + ["public.plain-text"]
        let destination = folder.appendingPathComponent("long.json")
        let document: [String: Any] = ["accepts": types, "performDrop": ["accepts": ["public.png"]]]
        try JSONSerialization.data(withJSONObject: document).write(to: destination)
        let session = try uti(["wrap"] + Array(repeating: "Fixtures/files/ascii.txt", count: 200))
        let run = try uti(["drop", "--destination", destination.path], stdin: Data(session.stdout.utf8), timeout: 20)
        #expect(run.status == 1)  // nothing arrives
        #expect(run.stdout.contains("item 200: accepted by canHandle (com.example.t0, com.example.t1, com.example.t2"))
        #expect(run.stdout.contains("com.example.t7 and 199993 more), nothing loadable by public.png in performDrop"))
        #expect(run.stdout.utf8.count < 100_000)
    }

    // MARK: 6 and 12. Ignore files and large folders are walked in linear time

    @Test func aGitignoreOfManyDoubleStarsDoesNotStallAWalk() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(String(repeating: "**/", count: 8).appending("x\n").utf8).write(to: folder.appendingPathComponent(".gitignore"))
        var deep = folder
        for level in 0..<30 {
            deep = deep.appendingPathComponent("d\(level)")
        }
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: deep.appendingPathComponent("note.txt"))
        let run = try uti(["identify", "-r", folder.path], timeout: 10)
        #expect(run.status == 0)
        #expect(run.stdout == "\(deep.path)/note.txt: public.plain-text\n")
    }

    @Test func ignoreRulesMatchAsGitDoes() {
        func ignored(_ line: String, _ path: String, directory: Bool = false) -> Bool {
            IgnoreRules.Rule(line: line)!.matches(path.split(separator: "/").map(String.init), isDirectory: directory)
        }
        #expect(ignored("**/**/**/**/b", "a/x/b"))
        #expect(ignored("a/**/b", "a/b"))
        #expect(ignored("a/**/b", "a/x/y/b"))
        #expect(!ignored("a/**/b", "x/a/b"))
        #expect(ignored("a/./b", "a/b"))
        #expect(!ignored(String(repeating: "**/a/", count: 20) + "b", String(repeating: "a/", count: 30) + "c"))
    }

    @Test func aFolderOfManyEntriesIsWalkedInOrder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<3_000 {
            let descriptor = open(folder.appendingPathComponent(String(format: "f%05d", index)).path, O_CREAT | O_WRONLY, 0o644)
            close(descriptor)
        }
        let run = try uti(["identify", "-r", folder.path])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3_000)
        #expect(lines.first == "\(folder.path)/f00000: public.data")
        #expect(lines.last == "\(folder.path)/f02999: public.data")
    }

    // MARK: 8. Suggested names of any length cost one pass

    @Test func aSuggestedNameOfMillionsOfLeadingDotsLoadsAtOnce() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let wrapped = try uti(["wrap", "Fixtures/files/ascii.txt"])
        var session = try #require(try JSONSerialization.jsonObject(with: Data(wrapped.stdout.utf8)) as? [String: Any])
        var items = try #require(session["items"] as? [[String: Any]])
        items[0]["suggestedName"] = String(repeating: ".", count: 1_600_000) + "notes"
        session["items"] = items
        let run = try uti(
            ["drop", "--accepts", "public.plain-text", "--out", out.path], stdin: try JSONSerialization.data(withJSONObject: session), timeout: 10)
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
        #expect(Loader.fileName(suggested: String(repeating: ".", count: 300) + " x/y ", index: 0, extension: "txt") == ("x-y", "txt"))
    }

    // MARK: 10. A cache others can write decides nothing

    @Test func aForgedCacheInAFolderOthersCanWriteIsIgnored() throws {
        let home = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CACHE_HOME": home.path]
        _ = try uti(["identify", "/bin/true"], environment: environment)
        // The compiled rules with ELF's MIME type renamed image/png, under a digest that fits.
        let path = home.appendingPathComponent("uti/compiled-rules.cache")
        var bytes = Array(try Data(contentsOf: path))
        var newlines = 0
        let bodyStart =
            try #require(
                bytes.firstIndex { byte in
                    if byte == 0x0A { newlines += 1 }
                    return newlines == 3
                }) + 1
        var body = Array(bytes[bodyStart...])
        let executable = Array("application/x-executable\0".utf8)
        let forged = Array("image/png".utf8) + Array(repeating: 0, count: executable.count - 9)
        var replaced = 0
        var index = 0
        while index + executable.count <= body.count {
            if Array(body[index..<(index + executable.count)]) == executable {
                body.replaceSubrange(index..<(index + executable.count), with: forged)
                replaced += 1
            }
            index += 1
        }
        #expect(replaced > 0)
        let digest = body.withUnsafeBytes(SharedMIMECache.wordDigest)
        let header = String(decoding: bytes[..<bodyStart], as: UTF8.self).split(separator: "\n").prefix(2).joined(separator: "\n")
        bytes = Array("\(header)\ndigest \(String(digest, radix: 16))\n".utf8) + body
        try Data(bytes).write(to: path)
        // In the user's own folder the forged cache is the user's doing, and is read.
        let own = try uti(["identify", "/bin/true"], environment: environment)
        #expect(own.stdout == "/bin/true: public.png\n")
        // In a folder others may write, it is not.
        chmod(home.appendingPathComponent("uti").path, 0o777)
        let shared = try uti(["identify", "--expect", "public.image", "/bin/true"], environment: environment)
        #expect(shared.status == 1)
        #expect(shared.stdout == "/bin/true: public.elf-binary\n")
    }

    // MARK: 11 and 14. libmagic's database is bounded, and its failures are not the file's

    @Test func aMagicVariableNamingADeviceAFIFOOrAProcFileIsAnErrorNotAHang() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("magic").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let data = folder.appendingPathComponent("random.bin")
        try Data([0x00, 0x01, 0xFE, 0xED, 0x42, 0x99, 0x13, 0x37]).write(to: data)
        for (magic, phrase) in [
            ("/dev/zero", "which is a character device, not a magic database file"), (fifo, "which is a FIFO, not a magic database file"),
            ("/proc/self/status", "which says it is empty (a file in /proc may never end)"),
        ] {
            let run = try uti(["identify", data.path, "/bin/true"], environment: ["MAGIC": magic], timeout: 10)
            #expect(run.status == 1)
            #expect(run.stdout == "\(data.path): error: libmagic: MAGIC names \(magic), \(phrase)\n/bin/true: public.elf-binary\n")
        }
    }

    @Test func aFileThatTripsLibmagicsOwnLimitIsAnsweredWithoutIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A magic file whose rule uses itself: libmagic stops at its name-use limit with an error.
        let magic = folder.appendingPathComponent("loop.magic")
        try Data("0\tname\tloop\n>0\tuse\tloop\n\n0\tstring\t\\x00\\x01LOOP\tlooping\n>0\tuse\tloop\n".utf8).write(to: magic)
        let file = folder.appendingPathComponent("sample.dat")
        try Data([0x00, 0x01] + Array("LOOP".utf8) + [0x00, 0x00, 0x03, 0x04]).write(to: file)
        let run = try uti(["identify", "--json", file.path], environment: ["MAGIC": magic.path])
        #expect(run.status == 0)
        let record = try #require((try json(run.stdout) as? [[String: Any]])?.first)
        #expect(record["error"] is NSNull)
        let content = try #require((record["evidence"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["identifier"] as? String == "public.data")
        #expect(content["libmagicError"] as? String == "libmagic: name use count (50) exceeded")
        try validate(run.stdout, against: "identify-record.schema.json", each: true)
    }
}

import Foundation
import SharedMIMEInfo
import Testing
@_spi(Fuzzing) import TypeInference
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import ItemProvidersCore
@_spi(Fuzzing) @testable import UTICommands

/// Issue 25, through the command line: outputs never replace what is not uti's, loaded files keep
/// their owners' privacy, a zip cannot pose as an image, and every reader and list operation is
/// bounded. Each test is one reproducer class of the issue.
@Suite struct OutputSafetyTests {
    let manifest = "Fixtures/uti-fixtures.check.json"

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aCharacterDeviceIsWrittenToNeverReplaced() throws {
        // A device of our own (the null device's numbers, made with mknod as root), so that a
        // regression cannot replace the machine's /dev/null.
        guard getuid() == 0 else { return }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = folder.appendingPathComponent("null").path
        let null = dev_t(1 << 8 | 3)  // makedev(1, 3)
        #expect(mknod(device, S_IFCHR | 0o666, null) == 0)
        let run = try uti(["check", manifest, "--format", "junit", "--output", device])
        #expect(run.status == 0)
        #expect(run.stdout == "95 passed, 0 failed\n")
        var status = stat()
        #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["null"])
    }

    @Test func anyOtherDeviceIsBadUsageBeforeTheChecksRun() throws {
        let run = try uti(["check", manifest, "--output", "/dev/zero"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "uti: --output /dev/zero: is a character device other than /dev/null or a terminal; uti writes reports to files\n")
    }

    @Test func aSymbolicLinkIsNeverReplacedNorFollowedToAFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.xml")
        try Data("keep".utf8).write(to: target)
        let link = folder.appendingPathComponent("report.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let run = try uti(["check", manifest, "--output", link.path])
        #expect(run.status == 2)
        #expect(run.stderr == "uti: --output \(link.path): is a symbolic link; uti never replaces one (name the file it leads to)\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    }

    @Test func standardOutputByNameIsStandardOutputWithoutTheSummary() throws {
        // The harness's standard output is a regular file; /dev/stdout leads to it.
        let run = try uti(["check", manifest, "--format", "junit", "--output", "/dev/stdout"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
        #expect(!run.stdout.contains("95 passed, 0 failed"))
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnceAndOneWithAReaderGetsTheReport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let alone = try uti(["check", manifest, "--output", fifo], timeout: 10)
        #expect(alone.status == 2)
        #expect(alone.stderr == "uti: --output \(fifo): is a FIFO that no program is reading\n")
        let read = try runProgram(
            "/bin/sh",
            ["-c", "cat '\(fifo)' > '\(folder.path)/got' & sleep 0.3; '\(utiExecutable.path)' check \(manifest) --format json --output '\(fifo)'; wait"],
            timeout: 10)
        #expect(read.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("got"), encoding: .utf8).contains("\"schemaVersion\""))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aNewReportTakesTheUmaskAndAReplacedOneKeepsItsMode() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let new = folder.appendingPathComponent("new.txt").path
        let run = try runProgram("/bin/sh", ["-c", "umask 027; '\(utiExecutable.path)' check \(manifest) --output '\(new)'"])
        #expect(run.status == 0)
        #expect(try mode(new) == 0o640)
        #expect(chmod(new, 0o600) == 0)
        #expect(try uti(["check", manifest, "--output", new]).status == 0)
        #expect(try mode(new) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["new.txt"])
    }

    @Test func aFullDiskNamesTheReportAndLeavesNoTemporary() throws {
        // /dev/full is a character device: refused. A file size limit stands in for a full disk.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.xml").path
        let run = try runProgram("/bin/sh", ["-c", "ulimit -f 1; '\(utiExecutable.path)' check \(manifest) --format junit --output '\(report)'"])
        #expect(run.status == 1)
        #expect(run.stderr == "uti: \(report): file too large\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

@Suite struct LoadSafetyTests {
    @Test func aLoadedFileIsNoMoreReadableThanItsSource() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("id_ed25519.txt")
        try Data("secret\n".utf8).write(to: key)
        #expect(chmod(key.path, 0o600) == 0)
        let out = folder.appendingPathComponent("out")
        let session = try uti(["wrap", key.path])
        let run = try runProgram(
            "/bin/sh", ["-c", "umask 022; '\(utiExecutable.path)' drop --accepts public.plain-text --out '\(out.path)'"],
            stdin: Data(session.stdout.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let loaded = out.appendingPathComponent("id_ed25519.txt").path
        #expect((try FileManager.default.attributesOfItem(atPath: loaded)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func aFileThatNeverEndsIsReadToTheLimitThenRefused() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // /proc/self/pagemap says it is empty and yields bytes without end.
        let session = try uti(["wrap", "--rep", "public.data=/proc/self/pagemap"])
        let run = try uti(["drop", "--accepts", "public.data", "--out", out.path], stdin: Data(session.stdout.utf8))
        #expect(run.status == 2)
        #expect(run.stderr == "uti: item 1: /proc/self/pagemap: yields more than the 0 bytes its size says, past uti's growth-bytes limit (16777216)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}

@Suite struct ContainerSafetyTests {
    let posing = "Fixtures/hostile/zip/mimetype-claims-png.zip"

    @Test func aZipThatClaimsToBeAnImageIsAZipAndSaysWhatItClaimed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let holiday = folder.appendingPathComponent("holiday.png").path
        try FileManager.default.copyItem(atPath: posing, toPath: holiday)
        let identified = try uti(["identify", "--format", "json", holiday])
        let record = try #require((try json(identified.stdout) as? [[String: Any]])?.first)
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.zip-archive")
        let mismatch = try #require(record["mismatch"] as? [String: Any])
        #expect(mismatch["claim"] as? String == "image/png")
        #expect(mismatch["content"] as? String == "public.zip-archive")
        #expect(mismatch["extension"] as? String == "public.png")
        let expect = try uti(["identify", "--expect", "public.image", holiday])
        #expect(expect.status == 1)
        #expect(expect.stderr == "uti: \(holiday): is public.zip-archive, which does not conform to public.image\n")
        let drop = try pipeline([holiday], ["--class", "UIImage"])
        #expect(drop.status == 1)
        #expect(drop.stdout.hasPrefix("proposal: cancel"))
    }

    @Test func aManifestCannotBeFooledEither() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: posing, toPath: folder.appendingPathComponent("holiday.png").path)
        let manifest = folder.appendingPathComponent("m.check.json")
        try Data(#"{"expectations": [{"files": "*.png", "conformsTo": "public.image"}]}"#.utf8).write(to: manifest)
        let run = try uti(["check", manifest.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("expected to conform to public.image, found public.zip-archive"))
    }

    @Test func packageFormatsThatDefineTheEntryKeepIt() throws {
        let run = try uti(["identify", "-b", "Fixtures/files/book.epub"])
        #expect(run.stdout == "org.idpf.epub-container\n")
        for claim in ["application/vnd.oasis.opendocument.text", "application/epub+zip", "image/openraster"] {
            #expect(ZipDirectory.mimetypeIsDeclaration(claim), "\(claim)")
        }
        for claim in ["image/png", "application/pdf", "text/html", "application/x-executable", "application/vnd.oasis.opendocument."] {
            #expect(!ZipDirectory.mimetypeIsDeclaration(claim), "\(claim)")
        }
    }

    @Test func standardInputGetsTheAnswerThePathGets() throws {
        // An APK: its AndroidManifest.xml and classes.dex are named in the directory at the end.
        for file in ["Fixtures/files/app.apk", "Fixtures/files/letter.docx", posing] {
            let byPath = try uti(["identify", "-b", file])
            let byInput = try uti(["identify", "-b", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(byPath.stdout == byInput.stdout, "\(file)")
        }
    }
}

@Suite struct NameSafetyTests {
    @Test func namesThatAreNotUTF8StayDistinctInJSONAndMessages() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two names that differ only in a byte that is not UTF-8.
        let script = """
            import json, os, subprocess, sys
            folder = os.fsencode(sys.argv[1])
            names = [folder + b"/x\\xfe.txt", folder + b"/x\\xff.txt"]
            for name in names:
                open(name, "wb").write(b"text\\n")
            out = subprocess.run([sys.argv[2], "identify", "--format", "json"] + names, capture_output=True).stdout
            print([os.fsencode(record["path"]) == name for record, name in zip(json.loads(out), names)])
            out = subprocess.run([sys.argv[2], "identify", folder + b"/missing\\xff"], capture_output=True).stdout
            sys.stdout.write(out.decode())
            """
        let run = try runProgram("/usr/bin/env", ["python3", "-c", script, folder.path, utiExecutable.path])
        #expect(run.stdout == "[True, True]\n\(folder.path)/missing\\xFF: error: no such file or directory\n", "\(run.stderr)")
    }

    @Test func aListedNameWithANULNeedsMinusZero() throws {
        let list = Data("Fixtures/files/photo.png\0Fixtures/files/photo.jpg\0".utf8)
        let run = try uti(["identify", "--files-from", "-"], stdin: list)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("-: error: a name holds a NUL byte, so the list is NUL-separated; read it with -0 (it was skipped)\n"))
        #expect(run.stderr == "")
        let nul = try uti(["identify", "-0", "--files-from", "-", "-b"], stdin: list)
        #expect(nul.status == 0)
    }

    @Test func thousandsOfProblemsAreSummarised() throws {
        var items: [String] = []
        for _ in 0..<1_000 { items.append(#"{"representations": [{"type": 1}]}"#) }
        let session = #"{"schemaVersion": 1, "items": ["# + items.joined(separator: ",") + "]}"
        let run = try uti(["drop", "--accepts", "public.data"], stdin: Data(session.utf8))
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.count < 10_000)
        #expect(run.stderr.hasSuffix(" more\n"))
    }

    @Test func aDeclarationsFileNamedTwiceIsReadOnce() throws {
        let file = "Fixtures/types/recipes.json"
        let once = try uti(["type", "--types", file, "org.example.recipe"])
        let twice = try uti(["type", "--types", file, "org.example.recipe"], environment: ["UTI_TYPES": "\(file):\(file)"])
        #expect(once.status == 0)
        #expect(twice.status == 0)
        #expect(twice.stdout == once.stdout)
    }
}

@Suite struct BoundedWorkTests {
    @Test func repeatedDoubleStarsAreOneAndFinish() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var deep = folder
        for level in 0..<12 {
            deep = deep.appendingPathComponent("d\(level)")
            try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: deep.appendingPathComponent("f.txt"))
        }
        let manifest = folder.appendingPathComponent("m.check.json")
        try Data(
            #"{"expectations": [{"files": "**/**/**/**/**/**/**/nomatch", "count": 0}, {"files": "d0/**/**/**/f.txt", "count": 12, "type": "public.plain-text"}]}"#
                .utf8
        )
        .write(to: manifest)
        let run = try uti(["check", manifest.path], timeout: 20)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("14 passed, 0 failed\n"))
    }

    @Test func manyJobsMakeNoMoreHandlesThanFilesNeed() throws {
        let run = try uti(["identify", "--jobs", "100000", "Fixtures/files/photo.png"])
        #expect(run.status == 0)
        #expect(run.stdout == "Fixtures/files/photo.png: public.png\n")
    }

    @Test func htmlWithAMillionEntitiesConvertsWhole() {
        let html = "<p>" + String(repeating: "&amp;", count: 1_000_000) + "</p>"
        let text = TextConversion.plainText(fromHTML: html)
        #expect(text.utf8.count == 1_000_001)
    }
}

@Suite struct ListSafetyTests {
    static let photos = "Fixtures/lists/photos.list.json"

    @Test func twoSessionItemsFromOneIndexPathAreAnError() throws {
        let session = try uti(["wrap", "--from-list", Self.photos, "--at", "0.1"])
        var document = try #require(try json(session.stdout) as? [String: Any])
        let items = try #require(document["items"] as? [Any])
        document["items"] = items + items
        let doubled = try JSONSerialization.data(withJSONObject: document)
        let run = try uti(["drop", "--list", Self.photos, "--at", "0.4"], stdin: doubled)
        #expect(run.status == 2)
        #expect(run.stderr == "uti: session items 1 and 2 both came from 0.1 of \"photos\"; a drag holds each list item once\n")
    }

    @Test func anItemNamedLikeAPlaceholderIsNeverOverwritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("sentinel.list.json")
        try Data(
            #"""
            {"schemaVersion": 1, "identifier": "sentinel", "kind": "collection", "application": "com.example.photos",
             "itemClass": "Photo", "reorders": true, "drop": {"accepts": ["public.image"], "load": "data"},
             "sections": [{"items": [{"identifier": "\u0000placeholder"}, {"identifier": "placeholder"}]}]}
            """#.utf8
        ).write(to: list)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--list", list.path, "--at", "0.0", "--format", "list"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(try json(run.stdout) as? [String: Any])
        let sections = try #require(result["sections"] as? [[String: Any]])
        let identifiers = (sections[0]["items"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String }
        #expect(identifiers == ["photo", "\u{0}placeholder", "placeholder"])
    }

    @Test func aDropOfTwentyThousandItemsIsLinear() throws {
        // Session items from another application, each becoming a placeholder and a commit.
        let one = try #require(try json(try uti(["wrap", "Fixtures/files/photo.png"]).stdout) as? [String: Any])
        let item = try #require((one["items"] as? [Any])?.first)
        var session = one
        session["items"] = Array(repeating: item, count: 20_000)
        let run = try uti(
            ["drop", "--list", Self.photos, "--at", "0.0", "--format", "list"],
            // A debug build takes about 9 s and AddressSanitizer's three times that; a quadratic
            // drop of 20,000 items would take hours.
            stdin: try JSONSerialization.data(withJSONObject: session), timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(try json(run.stdout) as? [String: Any])
        let sections = try #require(result["sections"] as? [[String: Any]])
        let identifiers = (sections[0]["items"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String }
        #expect(identifiers.count == 20_006)
        #expect(identifiers.prefix(3) == ["photo", "photo 2", "photo 3"])
        #expect(identifiers[19_999] == "photo 20000")
    }
}

/// A `mime.cache` written from its specification (shared-mime-info's "The MIME type cache"):
/// version 1.2, the given parent table, everything else empty; unsorted on request, which makes
/// a damaged cache.
func mimeCache(parents: [(String, [String])], sortParents: Bool = true) -> [UInt8] {
    var writer = MIMECacheWriter(parents: parents)
    writer.sortsTables = sortParents
    return writer.bytes()
}

@Suite struct MIMECacheSafetyTests {
    func database(_ cache: [UInt8], types: [String], in folder: URL) throws -> [String: String] {
        let mime = folder.appendingPathComponent("data/mime")
        try FileManager.default.createDirectory(at: mime, withIntermediateDirectories: true)
        try Data(cache).write(to: mime.appendingPathComponent("mime.cache"))
        try Data((types.joined(separator: "\n") + "\n").utf8).write(to: mime.appendingPathComponent("types"))
        return [
            "XDG_DATA_DIRS": folder.appendingPathComponent("data").path, "XDG_DATA_HOME": "/nonexistent",
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        ]
    }

    @Test func aTwentyThousandDeepSubclassChainIsWalkedWithoutRecursion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = (0..<20_000).map { "application/x-deep\($0)" }
        let parents = (1..<types.count).map { (types[$0], [types[$0 - 1]]) }
        let env = try database(mimeCache(parents: parents), types: types, in: folder)
        for arguments in [["--version"], ["identify", "-b", "Fixtures/files/photo.png"], ["type", "-m", "application/x-deep19999"]] {
            let run = try uti(arguments, environment: env, timeout: 60)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stderr.isEmpty)
        }
        #expect(try uti(["identify", "-b", "Fixtures/files/photo.png"], environment: env).stdout == "public.png\n")
    }

    @Test func aDamagedCacheIsRefusedOnceWithAWarningAndSaidInVersion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = ["application/x-b", "application/x-a"]
        // Out of order: its table is searched by halves, so lookups would silently miss.
        let cache = mimeCache(parents: [("application/x-b", ["text/plain"]), ("application/x-a", ["text/plain"])], sortParents: false)
        let env = try database(cache, types: types, in: folder)
        let cachePath = folder.appendingPathComponent("data/mime/mime.cache").path
        let warning = "uti: warning: \(cachePath): damaged (its parent list is not sorted); not used\n"
        let identify = try uti(["identify", "-b", "Fixtures/files/photo.png"], environment: env)
        #expect(identify.status == 0)
        #expect(identify.stdout == "public.png\n")
        #expect(identify.stderr == warning)
        let version = try uti(["--version"], environment: env)
        #expect(version.stdout.contains("shared-mime-info: not found (looked in"))
        #expect(version.stdout.contains("; refused \(cachePath): damaged (its parent list is not sorted); not used"))
        // Truncated to its header: refused too.
        try Data(cache.prefix(20)).write(to: URL(fileURLWithPath: cachePath))
        let truncated = try uti(["identify", "-b", "Fixtures/files/photo.png"], environment: env)
        #expect(truncated.stdout == "public.png\n")
        #expect(truncated.stderr == "uti: warning: \(cachePath): damaged (20 bytes, shorter than its header); not used\n")
    }
}

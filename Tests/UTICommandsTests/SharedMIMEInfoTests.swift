import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import SharedMIMEInfo

/// The system's shared-mime-info database as a source of types, tested against a database made
/// by update-mime-database from a hand-written package (Fixtures/shared-mime-info/README.md), so
/// the tests do not depend on the version a machine has installed.
let fixtureDatabase = ["XDG_DATA_DIRS": repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info").path, "XDG_DATA_HOME": "/nonexistent"]

@Suite struct SharedMIMEInfoTests {
    func record(_ arguments: [String]) throws -> [String: Any] {
        let run = try uti(["type", "--format", "json"] + arguments, environment: fixtureDatabase)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require((try json(run.stdout) as? [[String: Any]])?.first)
    }

    @Test func aMIMETypeOnlyTheDatabaseKnowsBecomesAType() throws {
        let pixmap = try record(["-m", "image/x-uti-pixmap"])
        #expect(pixmap["identifier"] as? String == "org.freedesktop.mime.image.x-uti-pixmap")
        #expect(pixmap["declaredBy"] as? String == "shared-mime-info")
        #expect(pixmap["description"] as? String == "uti test pixmap & friends")
        #expect(pixmap["parents"] as? [String] == ["public.image"])
        let tags = try #require(pixmap["tags"] as? [String: [String]])
        #expect(tags["public.mime-type"] == ["image/x-uti-pixmap", "image/x-uti-pix"])
        #expect(Set(tags["public.filename-extension"] ?? []) == ["utipix", "upx"])
        // The alias finds it, and so does the extension.
        #expect(try record(["-m", "image/x-uti-pix"])["identifier"] as? String == "org.freedesktop.mime.image.x-uti-pixmap")
        #expect(try record(["-e", "utipix"])["identifier"] as? String == "org.freedesktop.mime.image.x-uti-pixmap")
    }

    @Test func parentsAreTheCatalogsTypesForTheDatabasesSubclassOf() throws {
        #expect(try record(["-e", "board"])["parents"] as? [String] == ["public.xml"])
        #expect(try record(["-e", "widget"])["parents"] as? [String] == ["public.json"])
        #expect(try record(["-e", "utinotes"])["parents"] as? [String] == ["public.plain-text"])
        #expect(try record(["-e", "board"])["identifier"] as? String == "org.freedesktop.mime.application.x-uti-board-xml")
    }

    @Test func appleKeepsItsTypeExactlyAndTheAliasFindsIt() throws {
        let png = try record(["-m", "image/x-uti-png"])
        #expect(png["identifier"] as? String == "public.png")
        #expect(png["declaredBy"] as? String == "apple")
        #expect((png["tags"] as? [String: [String]])?["public.mime-type"] == ["image/png"])
    }

    @Test func theDatabasesNameForAFormatFindsATypeWithoutMIMETypes() throws {
        let exr = try record(["-m", "image/x-uti-exr"])
        #expect(exr["identifier"] as? String == "com.ilm.openexr-image", "same format: the one *.exr glob is Apple's preferred extension")
        #expect((exr["tags"] as? [String: [String]])?["public.mime-type"] == nil, "Apple's declaration is kept as it is")
    }

    /// The same format under the database's own name, where Apple's type has a MIME type the
    /// database does not know: identify prints the database's name; the type record keeps Apple's.
    @Test func theDatabasesNameForAFormatWhoseTagsItDoesNotKnow() throws {
        let run = try uti(["identify", "--mime-type", "-b", "Fixtures/files/clip.flc"], environment: fixtureDatabase)
        #expect(run.stdout == "video/x-uti-flic\n")
        let flic = try record(["-m", "video/x-uti-flic"])
        #expect(flic["identifier"] as? String == "public.flc-animation")
        #expect((flic["tags"] as? [String: [String]])?["public.mime-type"] == ["video/flc"])
    }

    /// A glob the database gives a format a catalog type carries finds that type by its extension
    /// (Apple's PNG declaration is kept as it is); not where the database's format is binary and
    /// uti's type for its MIME type is text (Godot's binary resources).
    @Test func theDatabasesExtensionForACatalogType() throws {
        let png = try record(["-e", "utipng"])
        #expect(png["identifier"] as? String == "public.png")
        #expect((png["tags"] as? [String: [String]])?["public.filename-extension"] == ["png"])
        #expect(try record(["-e", "utires"])["isDynamic"] as? Bool == true)
        #expect(try record(["-m", "application/x-godot-resource"])["identifier"] as? String == "org.godotengine.resource")
    }

    @Test func aFamilyIsNoneOfItsMembers() throws {
        #expect(try record(["-m", "audio/x-uti-tracker"])["identifier"] as? String == "org.freedesktop.mime.audio.x-uti-tracker")
        #expect(try record(["-e", "mtm"])["identifier"] as? String == "org.multitracker.mtm")
        #expect(try record(["-e", "ult"])["identifier"] as? String == "org.ultratracker.ult")
    }

    /// text/x-python lists *.py (which text/x-python3 lists too) and Cython's *.pyx: it is a
    /// family, not Cython, and a glob another database type shares says nothing on its own.
    @Test func aFamilySharingAGlobIsNoneOfItsMembers() throws {
        #expect(try record(["-m", "text/x-uti-script"])["identifier"] as? String == "org.freedesktop.mime.text.x-uti-script")
        #expect(try record(["-m", "text/x-uti-script3"])["identifier"] as? String == "org.freedesktop.mime.text.x-uti-script3")
        #expect(try record(["-e", "pyx"])["identifier"] as? String == "org.cython.cython-source")
        #expect(try record(["-e", "py"])["identifier"] as? String == "public.python-script")
    }

    /// Catalog/mime-aliases.json fills gaps: a MIME type the database declares, with globs that
    /// name no built-in type, stays the database's.
    @Test func theDatabasesOwnTypeBeatsAnAliasOfUtis() throws {
        #expect(try record(["-m", "application/yaml"])["identifier"] as? String == "org.freedesktop.mime.application.yaml")
        #expect(try record(["-e", "utiyaml"])["identifier"] as? String == "org.freedesktop.mime.application.yaml")
        #expect(try record(["-m", "video/vnd.avi"])["identifier"] as? String == "public.avi")
    }

    /// Each of the system database's names for a format the catalog has under another name
    /// (`MIMENames.databaseFormats`) finds the catalog's type: text/x-c++src is Apple's C++ source, and
    /// application/msword-template Apple's Word template, not the document its MIME type finds.
    @Test func theDatabasesOtherNamesFindTheCatalogsTypes() throws {
        let catalog = TypeCatalog.system(in: testEnvironment)
        let database = try #require(systemDatabase)
        for (mimeType, identifier) in MIMENames.databaseFormats where database.types.contains(mimeType) {
            #expect(catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil).identifier == identifier, "\(mimeType)")
        }
        #expect(try uti(["type", "--mime", "text/x-c++src"]).stdout.hasPrefix("public.c-plus-plus-source\n"))
    }

    /// A rule whose signature lies past the 64 KiB head is tried on as much of the file as the
    /// database's farthest rule compares (mime.cache records it), by path and on standard input.
    @Test func aRulePastTheHeadSeesItsBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("far")
        let bytes = Data((0..<100_000).map { UInt8(($0 * 7 + 3) % 251) }) + Data("FARSIGNATURE".utf8) + Data(count: 64)
        try bytes.write(to: file)
        let named = try uti(["identify", "-b", file.path], environment: fixtureDatabase)
        #expect(named.stdout == "org.freedesktop.mime.application.x-uti-far\n", "\(named.stderr)")
        let piped = try uti(["identify", "-b", "-"], stdin: bytes, environment: fixtureDatabase)
        #expect(piped.stdout == "org.freedesktop.mime.application.x-uti-far\n")
        // The signature one byte further is not where the rule looks.
        try (Data(count: 1) + bytes).write(to: file)
        #expect(try uti(["identify", "-b", file.path], environment: fixtureDatabase).stdout == "public.data\n")
    }

    @Test func aLoopInADamagedDatabaseIsCut() throws {
        #expect(try record(["org.freedesktop.mime.application.x-uti-loop-a"])["parents"] as? [String] == ["org.freedesktop.mime.application.x-uti-loop-b"])
        #expect(try record(["org.freedesktop.mime.application.x-uti-loop-b"])["parents"] as? [String] == ["public.data"])
    }

    @Test func versionSaysWhichDatabaseOrWhyNone() throws {
        let found = try uti(["--version"], environment: fixtureDatabase)
        #expect(found.stdout.contains("\nshared-mime-info: \(fixtureDatabase["XDG_DATA_DIRS"]!)/mime, 16 MIME types, 12 added as types\n"))
        let none = try uti(["--version"], environment: ["XDG_DATA_DIRS": "/nonexistent", "XDG_DATA_HOME": "/nonexistent"])
        #expect(none.stdout.contains("\nshared-mime-info: not found (looked in /nonexistent/mime); uti uses its own catalog\n"))
        let off = try uti(["--version"], environment: ["UTI_SHARED_MIME_INFO": "0"])
        #expect(off.stdout.contains("\nshared-mime-info: off (UTI_SHARED_MIME_INFO=0)\n"))
        // Without a database the type is unknown, and uti still answers.
        let unknown = try uti(["type", "-m", "image/x-uti-pixmap"], environment: ["XDG_DATA_DIRS": "/nonexistent", "XDG_DATA_HOME": "/nonexistent"])
        #expect(unknown.status == 0)
        #expect(unknown.stdout.hasPrefix("dyn."))
    }
}

/// uti's cache of what the database adds, and databases that are damaged.
@Suite struct SharedMIMECacheTests {
    func environment(cache: URL, database: String = fixtureDatabase["XDG_DATA_DIRS"]!) -> [String: String] {
        ["XDG_DATA_DIRS": database, "XDG_DATA_HOME": "/nonexistent", "XDG_CACHE_HOME": cache.path]
    }

    func cacheFiles(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("uti").path)) ?? []
    }

    @Test func theCacheIsWrittenOnceAndGivesTheSameAnswers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try uti(["type", "--format", "json", "-m", "image/x-uti-pix", "-e", "board"], environment: environment(cache: folder))
        let files = cacheFiles(folder)
        #expect(files.count == 1)
        #expect(files.first?.hasPrefix("shared-mime-info-") == true && files.first?.hasSuffix(".cache") == true)
        let second = try uti(["type", "--format", "json", "-m", "image/x-uti-pix", "-e", "board"], environment: environment(cache: folder))
        #expect(second.stdout == first.stdout)
        #expect(first.stdout.contains("org.freedesktop.mime.image.x-uti-pixmap"))
        let off = try uti(["type", "-m", "image/x-uti-pix"], environment: environment(cache: folder).merging(["UTI_CACHE": "0"]) { $1 })
        #expect(off.stdout.hasPrefix("org.freedesktop.mime.image.x-uti-pixmap\n"))
    }

    @Test func aDamagedOrStaleCacheIsRebuilt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try uti(["type", "-m", "image/x-uti-pix"], environment: environment(cache: folder))
        let file = folder.appendingPathComponent("uti").appendingPathComponent(try #require(cacheFiles(folder).first))
        let written = try Data(contentsOf: file)
        #expect(written.starts(with: Data("uti shared-mime-info cache ".utf8)))
        // An image cut short, or with a byte of its tables changed, is damage: the cache is
        // ignored, the answer is the same, and the cache is written again.
        let stamp = try #require(written.range(of: Data("\nstamp ".utf8)))
        let body = try #require(written.range(of: Data("\nUTCI".utf8), in: stamp.upperBound..<written.count)).lowerBound + 1
        var shuffled = written
        shuffled[body + 40] ^= 0xFF
        for damaged in [written.dropLast(), shuffled] {
            try damaged.write(to: file)
            let run = try uti(["type", "--format", "json", "-m", "image/x-uti-pix"], environment: environment(cache: folder))
            #expect(run.stdout.contains("\"public.image\""))
            #expect(run.stdout.contains("org.freedesktop.mime.image.x-uti-pixmap"))
            #expect(try Data(contentsOf: file) == written, "rebuilt")
        }
        // A cache made for another database state (stamp) is not used.
        var stale = written
        stale.insert(UInt8(ascii: "1"), at: stamp.upperBound)
        try stale.write(to: file)
        _ = try uti(["type", "-m", "image/x-uti-pix"], environment: environment(cache: folder))
        #expect(try Data(contentsOf: file) == written)
    }

    /// uti's own rules, laid out once and kept for the next run of the same program: a cache
    /// with another digest, cut short or of another program is laid out and written again, and
    /// the answers are the same whichever way the rules came.
    @Test func theCompiledRulesAreKeptAndADamagedCopyIsRebuilt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = ["identify", "--format", "json", "Fixtures/files/photo.png", "Fixtures/files/hello.com"]
        let first = try uti(png, environment: environment(cache: folder))
        let file = folder.appendingPathComponent("uti/compiled-rules.cache")
        let written = try Data(contentsOf: file)
        #expect(written.starts(with: Data("uti compiled rules 2\nprogram ".utf8)))
        var flipped = written
        flipped[flipped.count - 100] ^= 0x01
        var otherProgram = written
        otherProgram.insert(UInt8(ascii: "9"), at: try #require(written.range(of: Data("program ".utf8))).upperBound)
        for damaged in [written.dropLast(7), flipped, otherProgram] {
            try damaged.write(to: file)
            let run = try uti(png, environment: environment(cache: folder))
            #expect(run.stdout == first.stdout)
            #expect(try Data(contentsOf: file) == written, "rebuilt")
        }
        let off = try uti(png, environment: environment(cache: folder).merging(["UTI_CACHE": "0"]) { $1 })
        #expect(off.stdout == first.stdout)
    }

    /// The compiled rules' digest changes with any one bit of the bytes, in a whole word or the
    /// padded last one, with two words' top bits, and with the length alone (bytes cut where
    /// the rest were zeros).
    @Test func theCompiledRulesDigestSeesEveryBitAndTheLength() {
        let bytes = (0..<21).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let digest = bytes.withUnsafeBytes(SharedMIMECache.wordDigest)
        var seen: Set<UInt64> = [digest]
        for index in bytes.indices {
            for bit in 0..<8 {
                var changed = bytes
                changed[index] ^= 1 << bit
                seen.insert(changed.withUnsafeBytes(SharedMIMECache.wordDigest))
            }
        }
        #expect(seen.count == 1 + 21 * 8)
        // The top bits of two words, which plain FNV-1a over words would let cancel.
        var twice = bytes
        twice[7] ^= 0x80
        twice[15] ^= 0x80
        #expect(twice.withUnsafeBytes(SharedMIMECache.wordDigest) != digest)
        let zeros = [UInt8](repeating: 0, count: 12)
        #expect(zeros.withUnsafeBytes(SharedMIMECache.wordDigest) != zeros.dropLast().withUnsafeBytes(SharedMIMECache.wordDigest))
        #expect(digest == bytes.withUnsafeBytes(SharedMIMECache.wordDigest))
    }

    @Test func anUnwritableCacheIsNoError() throws {
        let run = try uti(["type", "-m", "image/x-uti-pix"], environment: environment(cache: URL(fileURLWithPath: "/proc/uti-cannot-write")))
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("org.freedesktop.mime.image.x-uti-pixmap\n"))
    }

    @Test(arguments: ["truncated", "garbage", "wrong-version"])
    func aDamagedMimeCacheGivesNoAnswerNeverACrash(kind: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mime = folder.appendingPathComponent("data/mime")
        try FileManager.default.createDirectory(at: mime, withIntermediateDirectories: true)
        let source = repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info/mime")
        for name in ["types", "globs2", "aliases", "subclasses", "XMLnamespaces"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: mime.appendingPathComponent(name))
        }
        var cache = try Data(contentsOf: source.appendingPathComponent("mime.cache"))
        switch kind {
        case "truncated": cache = cache.prefix(60)
        case "garbage":
            cache = Data((0..<cache.count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) | 0x80 })
            cache[0] = 0
            cache[1] = 1
            cache[2] = 0
            cache[3] = 2
        default: cache[3] = 9
        }
        try cache.write(to: mime.appendingPathComponent("mime.cache"))
        let env = environment(cache: folder.appendingPathComponent("cache"), database: folder.appendingPathComponent("data").path)
        for arguments in [["identify", "Fixtures/files/photo.png"], ["type", "-m", "image/x-uti-pix"], ["--version"]] {
            let run = try uti(arguments, environment: env)
            #expect(run.status == 0, "\(kind) \(arguments): \(run.stderr)")
        }
        #expect(try uti(["identify", "-b", "Fixtures/files/photo.png"], environment: env).stdout == "public.png\n")
    }
}

/// shared-mime-info's rules as a second sniffer, on the fixture database's rules.
@Suite struct SharedMIMESnifferTests {
    func identify(_ text: String) throws -> [String: Any] {
        try identify(bytes: Array(text.utf8))
    }

    func identify(bytes: [UInt8]) throws -> [String: Any] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sample")
        try Data(bytes).write(to: file)
        let run = try uti(["identify", "--format", "jsonl", file.path], environment: fixtureDatabase)
        return try #require(try records(run.stdout).first)
    }

    func evidence(_ record: [String: Any]) -> [String: Any] {
        ((record["evidence"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
    }

    @Test func aRootElementInTheDatabasesNamespaceDecides() throws {
        let record = try identify("<?xml version=\"1.0\"?>\n<!-- a board -->\n<t:board xmlns:t=\"urn:uti:test\" size=\"8\"/>\n")
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "org.freedesktop.mime.application.x-uti-board-xml")
        #expect(evidence(record)["sniffer"] as? String == "shared-mime-info")
        let match = try #require(evidence(record)["sharedMIMEInfo"] as? [String: Any])
        #expect(match["mimeType"] as? String == "application/x-uti-board+xml")
        #expect(match["priority"] as? Int == 80)
        // Another namespace is just XML.
        let other = try identify("<?xml version=\"1.0\"?>\n<board xmlns=\"urn:other\"/>\n")
        #expect((other["type"] as? [String: Any])?["identifier"] as? String == "public.xml")
    }

    @Test func magicWithANestedMatchAndARange() throws {
        let widget = try identify("WIDGET....v2 and more")
        #expect((widget["type"] as? [String: Any])?["identifier"] as? String == "org.freedesktop.mime.application.x-uti-widget")
        let match = try #require(evidence(widget)["sharedMIMEInfo"] as? [String: Any])
        #expect(match["mimeType"] as? String == "application/x-uti-widget")
        #expect(match["priority"] as? Int == 60)
        // Without the nested match, the outer one does not decide.
        let plain = try identify("WIDGET without a version")
        #expect(evidence(plain)["sharedMIMEInfo"] is NSNull)
        let notes = try identify(String(repeating: " ", count: 20) + "%uti-notes\nfirst note\n")
        #expect((notes["type"] as? [String: Any])?["identifier"] as? String == "org.freedesktop.mime.text.x-uti-notes")
    }

    /// uti's gzip signature decides gzip without libmagic; a rule of the database that tests the
    /// same bytes and more below them (the name in the gzip header, as KOffice documents have)
    /// names a narrower format and wins, though neither hierarchy relates the two.
    @Test func aRuleThatTestsUtisSignatureAndMoreIsNarrower() throws {
        func gzip(named name: String) -> [UInt8] {
            [0x1F, 0x8B, 0x08, 0x08, 0, 0, 0, 0, 0x02, 0x03] + Array(name.utf8) + [0, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
        }
        let packed = try identify(bytes: gzip(named: "UTIPACK document"))
        #expect((packed["type"] as? [String: Any])?["identifier"] as? String == "org.freedesktop.mime.application.x-uti-packed")
        #expect(evidence(packed)["sniffer"] as? String == "shared-mime-info")
        let plain = try identify(bytes: gzip(named: "notes.txt"))
        #expect((plain["type"] as? [String: Any])?["identifier"] as? String == "org.gnu.gnu-zip-archive")
        #expect(evidence(plain)["sniffer"] as? String == "uti")
    }
}

/// The database's globs for whole names (`core`, `ChangeLog`) and names' starts (`makefile.*`).
@Suite struct SharedMIMEFileNameTests {
    func identify(_ names: [String], text: String = "a few words\n") throws -> [String: String] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in names { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let run = try uti(["identify", "--format", "jsonl"] + names.map { folder.appendingPathComponent($0).path }, environment: fixtureDatabase)
        #expect(run.status == 0, "\(run.stderr)")
        var found: [String: String] = [:]
        for record in try records(run.stdout) {
            let name = URL(fileURLWithPath: record["path"] as! String).lastPathComponent
            found[name] = (record["type"] as? [String: Any])?["identifier"] as? String
        }
        return found
    }

    @Test func aWholeNameAndANamesStartFindTheirType() throws {
        let notes = "org.freedesktop.mime.text.x-uti-notes"
        let found = try identify(["UTINOTES", "utinotes", "notes-of-uti.draft", "notes-of-uti", "other.draft", "notes-of-uti.widget"])
        #expect(found["UTINOTES"] == notes, "a literal glob compares without case unless it says otherwise")
        #expect(found["utinotes"] == notes)
        #expect(found["notes-of-uti.draft"] == notes, "a name's start, where the extension names nothing")
        #expect(found["notes-of-uti"] == "public.plain-text", "the start alone is not a match")
        #expect(found["other.draft"] == "public.plain-text")
        #expect(found["notes-of-uti.widget"] != notes, "an extension outranks a name's start")
    }

    /// The walk over whole names a small database gets and the index a large one gets give the
    /// same glob for every name: the database's own whole names, in three spellings, and misses
    /// (the fixture database's, and the system's where it has one).
    @Test func theWalkAndTheIndexOfWholeNamesAgree() throws {
        let fixture = repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info/mime").path
        let databases = [SharedMIMEDatabase(folder: fixture), systemDatabase].compactMap { $0 }
        #expect(databases.count >= 1)
        for database in databases {
            let wholeNames = database.fileNameGlobs.filter { !$0.isPrefix }.map(\.text)
            #expect(!wholeNames.isEmpty, "\(database.folder)")
            for name in wholeNames.flatMap({ [$0, $0.uppercased(), $0.capitalized] }) + ["", "notes", "utinotes.txt", "README", "core.1"] {
                let walked = SharedMIMEDatabase.walkedLiteralGlob(in: database.fileNameGlobs, named: name, lowercased: name.lowercased())
                let indexed = database.indexedLiteralGlob(named: name, lowercased: name.lowercased())
                #expect(walked?.text == indexed?.text && walked?.mimeType == indexed?.mimeType, "\(database.folder): \(name)")
            }
        }
    }

    @Test func aNamesStartNeverOutranksContentThatSaysMore() throws {
        let found = try identify(["notes-of-uti.draft"], text: "<!DOCTYPE html>\n<title>notes</title>\n")
        #expect(found["notes-of-uti.draft"] == "public.html")
    }

    @Test func aNameAloneDoesNotMakeTextADrawing() throws {
        // .sk is Skencil's extension and Slovak's language code (Vim's tutor.sk): plain text stays
        // plain text; a drawing says so in its first line.
        let found = try identify(["tutor.sk"], text: "Vitajte v tutoriali editora Vim.\n")
        #expect(found["tutor.sk"] == "public.plain-text")
        let drawing = try identify(["square.sk"], text: "##Sketch 1 2\ndocument()\n")
        #expect(drawing["square.sk"] == "org.skencil.drawing")
    }

    @Test func theGlobsAreReadFromTheCache() throws {
        let database = try #require(SharedMIMEDatabase(folder: fixtureDatabase["XDG_DATA_DIRS"]! + "/mime"))
        #expect(database.fileNameGlobs.map(\.text) == ["utinotes", "notes-of-uti."])
        #expect(database.mimeType(forFileNamed: "UtiNotes") == "text/x-uti-notes")
        #expect(database.mimeType(forFileNamed: "notes") == nil)
    }
}

/// Every type the database adds keeps its `sub-class-of` parents (issue 40 item 5): over the
/// whole system database (and the fixture's), a type declared from the database conforms to the
/// catalog's type for each parent it names. Types the catalog already has (Apple's, uti's) keep
/// their own declarations: Apple's tar.xz beside xz, its Word template beside the document.
@Suite struct DatabaseRelationTests {
    @Test func everyDeclaredTypeKeepsItsParents() throws {
        let fixture = repositoryRoot.appendingPathComponent("Fixtures/shared-mime-info/mime").path
        let databases = [SharedMIMEDatabase(folder: fixture), systemDatabase].compactMap { $0 }
        for database in databases {
            let catalog = TypeCatalog.builtIn.adding(sharedMIMEInfo: database)
            var checked = 0
            for mimeType in database.types {
                let type = catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
                guard !type.isDynamic, type.declarer == .sharedMIMEInfo else { continue }
                for parent in database.parents(of: mimeType) {
                    let parentType = catalog.type(tag: parent, tagClass: .mimeType, conformingTo: nil)
                    // An edge that would close a cycle (the fixture's loop-a and loop-b) is left out.
                    guard !parentType.isDynamic, parentType != type, !parentType.conforms(to: type) else { continue }
                    checked += 1
                    #expect(type.conforms(to: parentType), "\(database.folder): \(mimeType) (\(type.identifier)) under \(parent)")
                }
            }
            #expect(checked > 0, "\(database.folder)")
        }
    }
}

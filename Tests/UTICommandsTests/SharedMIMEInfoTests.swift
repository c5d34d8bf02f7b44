import Foundation
import Testing

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

    @Test func appleKeepsItsTypeAndTheAliasMergesAfterItsOwnTags() throws {
        let png = try record(["-m", "image/x-uti-png"])
        #expect(png["identifier"] as? String == "public.png")
        #expect(png["declaredBy"] as? String == "apple")
        #expect((png["tags"] as? [String: [String]])?["public.mime-type"] == ["image/png", "image/x-uti-png"])
        #expect(png["preferredMIMEType"] as? String == "image/png")
        let builtIn = try uti(["type", "--format", "json", "public.png"], environment: ["UTI_SHARED_MIME_INFO": "0"])
        #expect(((try json(builtIn.stdout) as? [[String: Any]])?.first?["tags"] as? [String: [String]])?["public.mime-type"] == ["image/png"])
    }

    @Test func aLoopInADamagedDatabaseIsCut() throws {
        #expect(try record(["org.freedesktop.mime.application.x-uti-loop-a"])["parents"] as? [String] == ["org.freedesktop.mime.application.x-uti-loop-b"])
        #expect(try record(["org.freedesktop.mime.application.x-uti-loop-b"])["parents"] as? [String] == ["public.data"])
    }

    @Test func versionSaysWhichDatabaseOrWhyNone() throws {
        let found = try uti(["--version"], environment: fixtureDatabase)
        #expect(found.stdout.contains("\nshared-mime-info: \(fixtureDatabase["XDG_DATA_DIRS"]!)/mime, 7 MIME types, 6 added as types\n"))
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

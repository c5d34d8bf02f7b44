import Foundation
import Testing
import UTITestSupport

@Suite struct TypeCommandTests {
    @Test func textRecordForAnIdentifier() throws {
        let run = try uti(["type", "public.png"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        try assertSnapshot(run.stdout, named: "type-public.png.txt")
    }

    @Test func jsonRecordHasEveryKeySortedAndNullsForAbsentFacts() throws {
        let run = try uti(["type", "public.utf8-plain-text", "--format", "json"])
        #expect(run.status == 0)
        try assertSnapshot(run.stdout, named: "type-utf8-plain-text.json")
        let records = try #require(try json(run.stdout) as? [[String: Any]])
        let record = try #require(records.first)
        #expect(
            Set(record.keys) == [
                "schemaVersion", "identifier", "description", "declaredBy", "parents", "supertypes", "tags",
                "preferredFilenameExtension", "preferredMIMEType", "isDynamic", "referenceURL", "version",
            ])
        #expect(record["schemaVersion"] as? Int == 2)
        #expect(record["description"] is NSNull)
        #expect(record["preferredFilenameExtension"] is NSNull)
        #expect(record["preferredMIMEType"] as? String == "text/plain;charset=utf-8")
    }

    @Test func jsonlIsOneObjectPerLineInArgumentOrder() throws {
        let run = try uti(["type", "--extension", "go", "MD", ".toml", "--mime", "application/zstd", "--format", "jsonl"])
        #expect(run.status == 0)
        let identifiers = try run.stdout.split(separator: "\n").map {
            try #require(try json(String($0)) as? [String: Any])["identifier"] as? String
        }
        #expect(
            identifiers == [
                "org.golang.go-source", "net.daringfireball.markdown", "io.toml",
                "com.facebook.zstandard-archive",
            ])
    }

    @Test(arguments: [
        ("sql", "public.data", "dyn.ah62d4rv4ge81g6pq"), ("srt", "public.data", "dyn.ah62d4rv4ge81g6xy"),
        ("conf", "public.data", "dyn.ah62d4rv4ge80g55sq2"), ("gpx", "public.data", "dyn.ah62d4rv4ge80s6d2"),
        ("tmp", "public.data", "dyn.ah62d4rv4ge81k5pu"), ("rs", "none", "dyn.age81e62"),
        ("go", "none", "dyn.age80s52"), ("", "none", "dyn.age8u"),
    ])
    func dynamicFormOfAnyExtension(tag: String, constraint: String, identifier: String) throws {
        let run = try uti(["type", "--dynamic", "--extension", tag, "--conforming-to", constraint, "--format", "jsonl"])
        #expect(run.status == 0)
        let record = try #require(try json(run.stdout) as? [String: Any])
        #expect(record["identifier"] as? String == identifier)
        #expect(record["isDynamic"] as? Bool == true)
        #expect(record["declaredBy"] as? String == "dynamic")
        #expect(record["description"] is NSNull)
    }

    @Test func dynamicIdentifierDecodesBackToItsTags() throws {
        let run = try uti(["type", "dyn.ah62d4rv4ge81g6pq", "--format", "jsonl"])
        let record = try #require(try json(run.stdout) as? [String: Any])
        #expect(record["parents"] as? [String] == ["public.data"])
        #expect((record["tags"] as? [String: [String]])?["public.filename-extension"] == ["sql"])
        #expect(record["preferredFilenameExtension"] as? String == "sql")
    }

    @Test func unknownIdentifierIsReportedAfterTheOthersPrint() throws {
        let run = try uti(["type", "com.example.unknown", "public.jpeg", "--format", "jsonl"])
        #expect(run.status == 1)
        #expect(run.stderr == "uti: com.example.unknown: unknown type identifier\n")
        #expect(run.stdout.contains("\"identifier\":\"public.jpeg\""))
    }

    @Test func allListsEveryCandidateBestFirst() throws {
        let run = try uti(["type", "--all", "-e", "plist", "--format", "jsonl"])
        let identifiers = try run.stdout.split(separator: "\n").map {
            try #require(try json(String($0)) as? [String: Any])["identifier"] as? String
        }
        #expect(
            identifiers == [
                "com.apple.property-list", "com.apple.xml-property-list",
                "com.apple.binary-property-list", "com.apple.ascii-property-list",
            ])
    }

    @Test func customDeclarationsFromFlagAndEnvironment() throws {
        let flag = try uti(["type", "com.example.notes", "--types", fixture("types/Example-Info.plist"), "--format", "jsonl"])
        #expect(flag.status == 0)
        let record = try #require(try json(flag.stdout) as? [String: Any])
        #expect(record["declaredBy"] as? String == fixture("types/Example-Info.plist"))
        let environment = try uti(["type", "-e", "recipe"], environment: ["UTI_TYPES": fixture("types/recipes.json")])
        #expect(environment.stdout.hasPrefix("org.example.recipe\n"))
    }

    @Test(arguments: ["cycle.json", "unknown-parent.json", "malformed-identifier.json", "malformed-tags.json", "truncated.json"])
    func badDeclarationsExitTwoWithOneLineNamingTheFile(name: String) throws {
        let run = try uti(["type", "public.png", "--types", fixture("types/\(name)")])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("uti: \(fixture("types/\(name)")): "))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try uti(["type"]).status == 2)
        #expect(try uti(["type", "--format", "yaml", "public.png"]).status == 2)
        #expect(try uti(["no-such-command"]).status == 2)
        #expect(try uti(["type", "-e", "md", "--conforming-to", "no.such.type"]).status == 2)
        #expect(try uti(["--help"]).status == 0)
    }
}

@Suite struct ConformsCommandTests {
    @Test(
        arguments: [
            (["public.png", "public.image"], 0), (["public.png", "public.png"], 0), (["public.png", "public.text"], 1),
            ([".py", "public.shell-script"], 0), (["image/png", "public.data"], 0), (["PUBLIC.HEIC", "public.image"], 0),
            (["public.python-script", ".txt"], 0), (["com.example.nope", "public.data"], 2), (["public.png", "bad id"], 2),
            (["dyn.ah62d4rv4ge81g6pq", "public.data"], 0), (["dyn.ah62d4rv4ge81g6pq", "public.text"], 1),
            (["public.png"], 2),
        ] as [([String], Int32)])
    func exitStatusAnswers(arguments: [String], status: Int32) throws {
        let run = try uti(["conforms"] + arguments)
        #expect(run.status == status)
        #expect(run.stdout == "", "silent without --verbose")
    }

    @Test func verboseSaysIt() throws {
        let run = try uti(["conforms", "--verbose", ".go", "public.plain-text"])
        #expect(run.stdout == "org.golang.go-source conforms to public.plain-text\n")
    }
}

@Suite struct TreeAndListTests {
    @Test func textTreeMarksSharedNodes() throws {
        let run = try uti(["tree", "public.utf8-tab-separated-values-text"])
        #expect(run.status == 0)
        try assertSnapshot(run.stdout, named: "tree-utf8-tsv.txt")
    }

    @Test func descendantsAreShown() throws {
        let run = try uti(["tree", "public.heif-standard"])
        try assertSnapshot(run.stdout, named: "tree-heif-standard.txt")
    }

    @Test func dotOutput() throws {
        let run = try uti(["tree", "public.heic", "--format", "dot"])
        try assertSnapshot(run.stdout, named: "tree-heic.dot")
    }

    @Test func wholeCatalogTreeCoversEveryType() throws {
        let tree = try uti(["tree"])
        let list = try uti(["list"])
        #expect(tree.status == 0)
        let inTree = Set(
            tree.stdout.split(separator: "\n").map {
                String($0.drop { "│├└─ ".contains($0) }.split(separator: " ").first ?? "")
            })
        let inList = Set(list.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        #expect(inList.count >= 930)
        #expect(inList.isSubset(of: inTree))
    }

    @Test func listFiltersByConformance() throws {
        // The built-in catalog alone (the system's shared-mime-info database adds its Ogg types).
        let run = try uti(["list", "--conforming-to", "org.xiph.ogg"], environment: ["UTI_SHARED_MIME_INFO": "0"])
        #expect(
            run.stdout
                == "org.xiph.ogg\tOgg container\norg.xiph.ogg-audio\tOgg audio\norg.xiph.ogg-flac\tOgg FLAC audio\norg.xiph.ogg-theora\tOgg video\norg.xiph.ogg-vorbis\tOgg Vorbis audio\norg.xiph.opus\tOgg Opus audio\n"
        )
    }
}

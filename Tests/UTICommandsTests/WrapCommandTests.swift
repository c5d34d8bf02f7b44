import Foundation
import Testing
import UTITestSupport

func session(_ text: String) throws -> [String: Any] { try #require(try json(text) as? [String: Any]) }
func items(_ document: [String: Any]) -> [[String: Any]] { document["items"] as? [[String: Any]] ?? [] }
func types(_ item: [String: Any]) -> [String] {
    (item["representations"] as? [[String: Any]] ?? []).compactMap { $0["typeIdentifier"] as? String }
}

@Suite struct WrapCommandTests {
    @Test func pngIsTheFileThenItsURLs() throws {
        let run = try uti(["wrap", "Fixtures/files/photo.png"])
        #expect(run.status == 0)
        let document = try session(run.stdout)
        #expect(document["schemaVersion"] as? Int == 2)
        #expect(document["allowsMoveOperation"] as? Bool == true)
        #expect(document["restrictedToSourceApplication"] as? Bool == false)
        let item = try #require(items(document).first)
        #expect(types(item) == ["public.png", "public.file-url", "public.url"])
        let first = try #require((item["representations"] as? [[String: Any]])?.first)
        #expect(first["path"] as? String == fixture("files/photo.png"), "paths are absolute")
        #expect(first["kind"] as? String == "file")
    }

    @Test func textAndHTMLGetDerivedPlainText() throws {
        let plain = try session(try uti(["wrap", "Fixtures/files/page.html"]).stdout)
        #expect(types(items(plain)[0]) == ["public.html", "public.file-url", "public.url"], "as NSItemProvider(contentsOf:)")
        let document = try session(try uti(["wrap", "--derive", "Fixtures/files/utf16le-bom.txt", "Fixtures/files/page.html"]).stdout)
        #expect(types(items(document)[0]) == ["public.utf16-plain-text", "public.utf8-plain-text", "public.file-url", "public.url"])
        #expect(types(items(document)[1]) == ["public.html", "public.utf8-plain-text", "public.file-url", "public.url"])
        let derived = try #require((items(document)[1]["representations"] as? [[String: Any]])?[1])
        #expect(derived["converter"] as? String == "html-to-text")
        #expect(derived["derivedFrom"] as? String == "public.html")
        #expect(derived["kind"] as? String == "data")
    }

    @Test func derivedRepresentationsInheritTheirSourcesVisibility() throws {
        let document = try session(try uti(["wrap", "--derive", "--visibility", "public.html=own-process", "Fixtures/files/page.html"]).stdout)
        let representations = try #require(items(document)[0]["representations"] as? [[String: Any]])
        #expect(representations.map { $0["visibility"] as? String } == ["own-process", "own-process", "all", "all"])
    }

    @Test func outputIsValidAgainstTheSchema() throws {
        let run = try uti([
            "wrap", "Fixtures/files/photo.png", "Fixtures/files/page.html", "Fixtures/files/plain-folder",
            "--rep", "public.jpeg=Fixtures/files/photo.jpg", "--local-object", "UIImage=x", "--source-app", "com.example.a",
        ])
        try validate(run.stdout, against: "drag-session.schema.json")
    }

    @Test func textFormat() throws {
        let run = try uti([
            "wrap", "--derive", "--format", "text", "--relative", "--no-url", "--source-app", "com.example.viewer", "--team", "T1", "--no-move",
            "Fixtures/files/page.html", "Fixtures/files/settings.plist",
        ])
        try assertSnapshot(run.stdout, named: "wrap-text.txt")
    }

    @Test func handBuiltItemWithVisibilityNameAndLocalObject() throws {
        let run = try uti([
            "wrap", "--relative", "--rep", "public.png=Fixtures/files/photo.png", "--rep", "public.jpeg=Fixtures/files/photo.jpg",
            "--visibility", "public.jpeg=team", "--suggested-name", "Holiday", "--local-object", "UIImage=holiday",
            "--restricted", "--group", "group.example",
        ])
        #expect(run.status == 0)
        let document = try session(run.stdout)
        #expect(document["restrictedToSourceApplication"] as? Bool == true)
        #expect((document["source"] as? [String: Any])?["group"] as? String == "group.example")
        let item = try #require(items(document).first)
        #expect(types(item) == ["public.png", "public.jpeg"])
        #expect(item["suggestedName"] as? String == "Holiday")
        #expect((item["localObject"] as? [String: String]) == ["class": "UIImage", "value": "holiday"])
        let jpeg = try #require((item["representations"] as? [[String: Any]])?[1])
        #expect(jpeg["visibility"] as? String == "team")
        #expect(jpeg["path"] as? String == "Fixtures/files/photo.jpg")
    }

    @Test func missingPathsFailButTheOthersAreWritten() throws {
        let run = try uti(["wrap", "Fixtures/files/nope.png", "Fixtures/files/photo.gif"])
        #expect(run.status == 1)
        #expect(run.stderr == "uti: Fixtures/files/nope.png: no such file or directory\n")
        #expect(items(try session(run.stdout)).count == 1)
    }

    @Test func mergeConcatenatesSessions() throws {
        let first = try uti(["wrap", "--source-app", "com.example.a", "Fixtures/files/photo.png"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.json").path
        try first.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try uti(["wrap", "--merge", path, "Fixtures/sessions/photo-and-notes.json"])
        #expect(run.status == 0)
        let document = try session(run.stdout)
        #expect(items(document).count == 3)
        #expect((document["source"] as? [String: Any])?["application"] as? String == "com.example.a")
    }

    @Test func malformedSessionsExitTwoNamingTheJSONPath() throws {
        let merge = try uti(["wrap", "--merge", "Fixtures/sessions/every-problem.json"])
        #expect(merge.status == 2)
        #expect(merge.stderr.hasPrefix("uti: Fixtures/sessions/every-problem.json: $.colour: unknown key"))
        #expect(merge.stderr.contains("$.items[0].representations[0].kind: must be one of file, data, url"))
        let validate = try uti(["wrap", "--validate", "Fixtures/sessions/every-problem.json"])
        #expect(validate.status == 2)
        #expect(validate.stderr.split(separator: "\n").count == 10, "one line per problem")
        #expect(try uti(["wrap", "--validate", "Fixtures/sessions/truncated.json"]).status == 2)
        let good = try uti(["wrap", "--validate", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: fixture("sessions/photo-and-notes.json"))))
        #expect(good.status == 0)
        #expect(good.stdout == "-: valid drag session\n")
    }

    @Test func badOptionsExitTwo() throws {
        #expect(try uti(["wrap"]).status == 2)
        #expect(try uti(["wrap", "--rep", "nonsense", "Fixtures/files/photo.png"]).status == 2)
        #expect(try uti(["wrap", "--rep", "no.such.type=Fixtures/files/photo.png"]).status == 2)
        #expect(try uti(["wrap", "--visibility", "no.such.type=team", "Fixtures/files/photo.png"]).status == 2)
        #expect(try uti(["wrap", "--visibility", "public.png=everyone", "Fixtures/files/photo.png"]).status == 2)
        #expect(try uti(["wrap", "--suggested-name", "x", "Fixtures/files/photo.png", "Fixtures/files/photo.gif"]).status == 2)
    }
}

import Foundation
import Testing
import UTITestSupport

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("uti-drop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `uti wrap ARGS | uti drop DROP-ARGS`, as a user would type it.
func pipeline(_ wrap: [String], _ drop: [String]) throws -> Execution {
    let session = try uti(["wrap"] + wrap)
    return try uti(["drop"] + drop, stdin: Data(session.stdout.utf8))
}

@Suite struct DropCommandTests {
    // The seed scenario: a destination that takes a single image.
    @Test func singleImageDestinationAcceptsOnePNG() throws {
        let run = try pipeline(["Fixtures/files/photo.png"], ["--accepts", "public.image", "--max-items", "1"])
        #expect(run.status == 0)
        #expect(
            run.stdout
                == "proposal: copy (drops into another application copy)\nitem 1: accepted public.png for public.image (conformance) (dry run: not loaded)\n")
    }

    @Test func singleImageDestinationRefusesTwo() throws {
        let run = try pipeline(["Fixtures/files/photo.png", "Fixtures/files/photo.gif"], ["--destination", "Fixtures/destinations/single-image.json"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("proposal: cancel (the destination takes at most 1 item; the session has 2)\n"))
    }

    @Test func singleImageDestinationRefusesText() throws {
        let run = try pipeline(["Fixtures/files/ascii.txt"], ["--destination", "Fixtures/destinations/single-image.json", "--format", "json"])
        #expect(run.status == 1)
        let result = try #require(try json(run.stdout) as? [String: Any])
        #expect(result["canHandle"] as? Bool == false)
        #expect((result["proposal"] as? [String: Any])?["operation"] as? String == "cancel")
    }

    @Test func singleImageDestinationMovesOnlyForItsOwnDrag() throws {
        let own = try pipeline(
            ["--source-app", "com.example.viewer", "Fixtures/files/photo.png"], ["--destination", "Fixtures/destinations/single-image.json"])
        #expect(own.stdout.hasPrefix("proposal: move"))
        let other = try pipeline(
            ["--source-app", "com.example.mail", "Fixtures/files/photo.png"], ["--destination", "Fixtures/destinations/single-image.json"])
        #expect(other.stdout.hasPrefix("proposal: copy"))
        let noMove = try pipeline(
            ["--source-app", "com.example.viewer", "--no-move", "Fixtures/files/photo.png"], ["--destination", "Fixtures/destinations/single-image.json"])
        // The custom-view sample proposes .move for a local session (localDragSession != nil) and
        // .copy otherwise; a local session that does not allow moving cancels.
        #expect(noMove.stdout.hasPrefix("proposal: cancel (the destination moves, and the session does not allow moving)"))
        #expect(noMove.status == 1)
    }

    @Test func jsonResultIsStable() throws {
        let run = try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--destination", "Fixtures/destinations/team-reader.json", "--format", "json"])
        #expect(run.status == 0)
        try assertSnapshot(run.stdout, named: "drop-team-reader.json")
    }

    @Test func loadsAreWrittenUnderUniqueNamesAndNeverOverwrite() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("precious".utf8).write(to: out.appendingPathComponent("photo.png"))
        let run = try pipeline(
            ["--derive", "Fixtures/files/photo.png", "Fixtures/files/page.html", "Fixtures/files/plain-folder"],
            [
                "--accepts", "public.image", "--accepts", "public.utf8-plain-text", "--accepts", "public.zip-archive",
                "--out", out.path,
            ])
        #expect(run.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["page.txt", "photo 2.png", "photo.png", "plain-folder.zip"])
        #expect(try String(contentsOf: out.appendingPathComponent("photo.png"), encoding: .utf8) == "precious")
        #expect(try Data(contentsOf: out.appendingPathComponent("photo 2.png")) == Data(contentsOf: URL(fileURLWithPath: fixture("files/photo.png"))))
        #expect(try String(contentsOf: out.appendingPathComponent("page.txt"), encoding: .utf8) == "Page\n\nHello\n")
        #expect(run.stdout.contains("-> \(out.path)/photo 2.png"))
    }

    @Test func failedConverterLeavesNothingBehind() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try uti(["drop", "Fixtures/sessions/broken-rtf.json", "--accepts", "public.utf8-plain-text", "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("uti: item 1: "))
        #expect(run.stderr.contains("broken.rtf: ends inside an RTF group"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func openInPlaceReportsTheOriginal() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try pipeline(
            ["--source-app", "com.example.editor", "--open-in-place", "Fixtures/files/readme.md"],
            ["--destination", "Fixtures/destinations/editor-in-place.json", "--out", out.path])
        #expect(run.status == 0)
        #expect(
            run.stdout
                == "proposal: move (a drop within the source application moves)\nitem 1: accepted net.daringfireball.markdown for public.text (conformance) -> \(fixture("files/readme.md"))\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        // Only NSItemProvider(contentsOf:contentType:openInPlace:coordinated:visibility:) opens in
        // place, and it registers the file's type alone: no public.file-url, no public.url.
        let session = try uti(["wrap", "--open-in-place", "--format", "text", "Fixtures/files/readme.md"])
        #expect(session.stdout.hasSuffix("item 1: readme\n  1. net.daringfireball.markdown [file, open in place] \(fixture("files/readme.md"))\n"))
    }

    @Test func localObjectWithinTheSourceApplication() throws {
        let run = try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--class", "UIImage", "--app", "com.example.viewer"])
        #expect(run.stdout.contains("item 1: accepted as local object UIImage"))
    }

    @Test func openInPlaceFallsBackToACopyAndSaysSo() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try pipeline(["Fixtures/files/page.html"], ["--accepts", "public.html", "--load", "openInPlace", "--out", out.path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("-> \(out.path)/page.html; a copy (isInPlace false): the source did not register public.html to open in place"))
        let inPlace = try pipeline(["--open-in-place", "Fixtures/files/page.html"], ["--accepts", "public.html", "--load", "openInPlace", "--out", out.path])
        #expect(inPlace.stdout.contains("-> \(fixture("files/page.html"))\n"))
    }

    @Test func aFolderLoadsAsNAMEzipForDataAndAsItselfForFile() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let data = try pipeline(["Fixtures/files/plain-folder"], ["--accepts", "public.folder", "--load", "data", "--out", out.path])
        #expect(data.stdout.hasSuffix("-> \(out.path)/plain-folder.zip\n"))
        let file = try pipeline(["Fixtures/files/Sample.app"], ["--accepts", "public.directory", "--load", "file", "--out", out.path])
        #expect(file.stdout.hasSuffix("-> \(out.path)/Sample.app\n"))
        let copied = out.appendingPathComponent("Sample.app/Contents/Info.plist")
        #expect(try Data(contentsOf: copied) == Data(contentsOf: URL(fileURLWithPath: fixture("files/Sample.app/Contents/Info.plist"))))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) == ["plain-folder.zip", "Sample.app"], "no temporaries left")
    }

    @Test func anItemWithOnlyALocalObjectIsTheUsualReorder() throws {
        let session = Data(
            """
            {"schemaVersion": 1, "source": {"application": "com.example.notes", "team": null, "group": null},
             "allowsMoveOperation": true, "restrictedToSourceApplication": false,
             "items": [{"suggestedName": null, "localObject": {"class": "UIImage", "value": "row 3"}, "representations": []}]}
            """.utf8)
        let run = try uti(["drop", "--class", "UIImage", "--app", "com.example.notes"], stdin: session)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "proposal: move (a drop within the source application moves)\nitem 1: accepted as local object UIImage\n")
    }

    @Test func uiImageRefusesCameraRawAndSVG() throws {
        for file in ["Fixtures/files/camera.dng", "Fixtures/files/drawing.svg"] {
            let run = try pipeline([file], ["--class", "UIImage"])
            #expect(run.status == 1, "\(file)")
            #expect(run.stdout.hasPrefix("proposal: cancel (no item has a visible representation the destination can take)"), "\(file)")
        }
        #expect(try pipeline(["Fixtures/files/photo.png"], ["--class", "UIImage"]).status == 0)
    }

    @Test func explainSaysWhereAClassListComesFromAndWhy() throws {
        let run = try pipeline(["Fixtures/files/page.html"], ["--class", "NSAttributedString", "--explain", "--format", "json"])
        try validate(run.stdout, against: "drop-result.schema.json")
        let document = try #require(try json(run.stdout) as? [String: Any])
        let explain = try #require(document["explain"] as? [String: Any])
        let takes = try #require(explain["takes"] as? [String: Any])
        let provenance = try #require(takes["provenance"] as? [[String: String]])
        #expect(provenance.first?["typeIdentifier"] == "com.apple.uikit.attributedstring")
        #expect(provenance.first?["confidence"] == "observed")
        #expect(provenance.allSatisfy { !($0["source"] ?? "").isEmpty })
        let item = try #require((explain["items"] as? [[String: Any]])?.first)
        #expect(item["chosen"] as? String == "public.html")
        #expect(item["match"] as? String == "exact")
        let text = try pipeline(["Fixtures/files/page.html"], ["--class", "NSAttributedString", "--explain"])
        #expect(
            text.stdout.contains(
                "  item 1: public.html [file, all, visible]; public.file-url [url, all, visible]; public.url [url, all, visible]\n    canHandle's check: public.html for public.html by exact\n    accepted\n"
            ))
    }

    @Test func forbiddenExitsOne() throws {
        let run = try pipeline(["Fixtures/files/photo.png"], ["--destination", "Fixtures/destinations/forbidden.json", "--out", "/nonexistent/never-written"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("proposal: forbidden"))
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/never-written"))
    }

    @Test func badInputExitsTwo() throws {
        let bad = try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--destination", "Fixtures/destinations/every-problem.json"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("uti: Fixtures/destinations/every-problem.json: $.colour: unknown key"))
        #expect(try uti(["drop", "Fixtures/sessions/every-problem.json", "--accepts", "public.data"]).status == 2)
        #expect(try uti(["drop", "Fixtures/sessions/photo-and-notes.json"]).status == 2, "no destination")
        #expect(try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--class", "UIWidget"]).status == 2)
        #expect(try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--accepts", "public.png", "--operation", "teleport"]).status == 2)
        #expect(try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--accepts", "no.such.type"]).status == 2)
        let notFolder = try uti(["drop", "Fixtures/sessions/photo-and-notes.json", "--accepts", "public.png", "--out", "Fixtures/files/photo.png"])
        #expect(notFolder.status == 2)
        #expect(notFolder.stderr == "uti: Fixtures/files/photo.png: the output folder is a regular file\n")
    }
}

/// SwiftUI targets: onDrop(of:) with its DropDelegate, and dropDestination(for:) with
/// Transferable types, presets and custom.
@Suite struct SwiftUIDropTests {
    // DropDelegate: validateDrop's default checks the onDrop types; dropUpdated's default
    // returns nil, so the drop uses the default proposal, copy.
    @Test func onDropWithTheDefaultDelegateCopiesWhatConforms() throws {
        let run = try pipeline(["Fixtures/files/photo.png", "Fixtures/files/utf8.txt"], ["--on-drop", "public.image"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                proposal: copy (DropDelegate's default dropUpdated returns nil, so the drop uses the default proposal, copy)
                item 1: accepted public.png for public.image (conformance) (dry run: not loaded)
                item 2: refused: no visible representation matches what the destination takes
                note: SwiftUI: onDrop(of: [public.image]); dropUpdated proposes copy (the default proposal); performDrop returns true

                """)
    }

    @Test func aDelegateValidatesAndProposesItsOwnWay() throws {
        let destination = "Fixtures/destinations/swiftui-delegate.json"
        let png = try pipeline(["--source-app", "com.example.board", "Fixtures/files/photo.png"], ["--destination", destination])
        #expect(png.stdout.hasPrefix("proposal: move (a drop within the source application moves)\nitem 1: accepted public.png for public.image (conformance)"))
        let jpeg = try pipeline(["Fixtures/files/photo.jpg"], ["--destination", destination])
        #expect(jpeg.status == 1)
        #expect(jpeg.stdout.hasPrefix("proposal: cancel (no item has a visible representation the destination can take)\n"))
    }

    @Test(arguments: [
        ("String", ["Fixtures/files/utf8.txt", "Fixtures/files/photo.png"], ["public.utf8-plain-text", nil]),
        ("URL", ["Fixtures/files/photo.png"], ["public.file-url"]),
        ("Data", ["Fixtures/files/photo.png"], ["public.png"]),
        ("Image", ["Fixtures/files/photo.png", "Fixtures/files/photo.gif"], ["public.png", nil]),
    ])
    func presetsImportTheirContentTypes(type: String, files: [String], expected: [String?]) throws {
        let run = try pipeline(files, ["--drop-destination", type, "--format", "json"])
        let items = try #require((try json(run.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["representation"] as? String } == expected)
        let notes = try #require((try json(run.stdout) as? [String: Any])?["notes"] as? [String])
        #expect(notes.first?.hasPrefix("SwiftUI: dropDestination(for: \(type).self), importing ") == true)
        try validate(run.stdout, against: "drop-result.schema.json")
    }

    // A custom Transferable type: its representations in transferRepresentation order; a
    // FileRepresentation receives a file, a proxy imports what its source type imports.
    @Test func aCustomTransferableTypeLoadsThroughItsRepresentations() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try pipeline(
            ["Fixtures/files/data.json", "Fixtures/files/photo.png", "Fixtures/files/photo.jpg"],
            ["--destination", "Fixtures/destinations/swiftui-stickers.json", "--out", out.path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("item 1: accepted public.json for public.json (exact) -> \(out.path)/data.json\n"))
        #expect(run.stdout.contains("item 2: accepted public.png for public.png (exact) -> \(out.path)/photo.png\n"))
        #expect(run.stdout.contains("item 3: accepted public.file-url for public.file-url (exact)"))
        #expect(
            run.stdout.contains(
                "note: SwiftUI: dropDestination(for: Sticker.self), importing public.json (CodableRepresentation), public.png (FileRepresentation), public.file-url (DataRepresentation), public.url (DataRepresentation)\n"
            ))
        #expect(try Data(contentsOf: out.appendingPathComponent("photo.png")) == Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/photo.png")))
    }

    @Test func swiftUIDocumentsNameTheirProblems() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"accepts": ["public.png"], "swiftUI": {"dropDestination": "Sticker"}}"#.utf8).write(to: bad)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--destination", bad.path])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "uti: \(bad.path): $.swiftUI.dropDestination: unknown Transferable type \"Sticker\" (presets: String, URL, Data, AttributedString, AttributedTextFormatting.Transferable, Image, Color; declare others with name and representations); $.accepts: comes from swiftUI (its onDrop, delegate or Transferable type); leave it out\n"
        )
        let unknown = try pipeline(["Fixtures/files/photo.png"], ["--drop-destination", "Sticker"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "uti: --drop-destination Sticker: unknown Transferable type (presets: String, URL, Data, AttributedString, AttributedTextFormatting.Transferable, Image, Color; declare others in a destination file)\n"
        )
    }
}

import Foundation
import Testing
import UTITestSupport

/// Drops as a given iOS or macOS release does them, and SwiftUI's Transferable, DropConfiguration
/// and DragConfiguration as Apple's pages describe them. Each test names the page it follows.
@Suite struct ReleaseAndSwiftUITests {
    func destination(_ text: String) throws -> (folder: URL, path: String) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("destination.json")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    // developer.apple.com/documentation/swiftui/view/dropdestination(for:action:istargeted:):
    // iOS 16.0 and macOS 13.0; AttributedTextFormatting.Transferable: iOS 26.0 and macOS 26.0.
    @Test func transferableDropsNeedTheReleaseThatHasThem() throws {
        let old = try pipeline(["Fixtures/files/utf8.txt"], ["--drop-destination", "String", "--os", "15"])
        #expect(old.status == 2)
        #expect(
            old.stderr
                == "uti: flags: dropDestination(for:) does not exist on iOS 15 (from iOS 16: developer.apple.com/documentation/swiftui/view/dropdestination(for:action:istargeted:) lists iOS 16.0, macOS 13.0)\n"
        )
        #expect(try pipeline(["Fixtures/files/utf8.txt"], ["--drop-destination", "String", "--os", "16"]).status == 0)
        let rich = try pipeline(["Fixtures/files/letter.rtf"], ["--drop-destination", "AttributedTextFormatting.Transferable", "--os", "18"])
        #expect(rich.status == 2)
        #expect(rich.stderr.contains("AttributedTextFormatting.Transferable does not exist on iOS 18 (from iOS 26"))
        let newest = try pipeline(["Fixtures/files/letter.rtf"], ["--drop-destination", "AttributedTextFormatting.Transferable"])
        #expect(newest.status == 0, "\(newest.stderr)")
        #expect(newest.stdout.contains("item 1: accepted public.rtf for public.rtf (exact)"))
        let unknown = try pipeline(["Fixtures/files/utf8.txt"], ["--drop-destination", "String", "--os", "19"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "uti: --os 19 is not a release uti models on iOS (give one of 14, 15, 16, 17, 18, 26, 27)\n")
        let mac = try pipeline(["Fixtures/files/utf8.txt"], ["--drop-destination", "String", "--platform", "macos", "--os", "12"])
        #expect(mac.stderr == "uti: --os 12 is not a release uti models on macOS (give one of 13, 14, 15, 26, 27)\n")
    }

    // CoreTransferable: ProxyRepresentation(exporting:) and exportedContentType: export only, so
    // a drop (an import) never reaches them; representations are listed "in order of preference".
    @Test func exportOnlyRepresentationsTakeNoDropAndOrderIsPreference() throws {
        let text = try pipeline(["Fixtures/files/utf8.txt"], ["--destination", "Fixtures/destinations/swiftui-export-only.json"])
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("proposal: cancel (no item has a visible representation the destination can take)\n"))
        let json = try pipeline(["Fixtures/files/data.json"], ["--destination", "Fixtures/destinations/swiftui-export-only.json"])
        #expect(json.status == 0)
        // The more preferred representation wins by conformance over a later exact one.
        let (folder, path) = try destination(
            #"{"swiftUI": {"dropDestination": {"name": "Layer", "representations": [{"kind": "FileRepresentation", "contentType": "public.image", "direction": "import"}, {"kind": "DataRepresentation", "contentType": "public.png"}]}}}"#
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try pipeline(["Fixtures/files/photo.png"], ["--destination", path, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let item = try #require(((try UTITestSupport.json(run.stdout) as? [String: Any])?["items"] as? [[String: Any]])?.first)
        #expect(item["requested"] as? String == "public.image")
        #expect(item["match"] as? String == "conformance")
        try validate(run.stdout, against: "drop-result.schema.json")
        let (badFolder, bad) = try destination(
            #"{"swiftUI": {"dropDestination": {"name": "Layer", "representations": [{"kind": "DataRepresentation", "contentType": "public.png", "direction": "sideways"}]}}}"#
        )
        defer { try? FileManager.default.removeItem(at: badFolder) }
        let refused = try pipeline(["Fixtures/files/photo.png"], ["--destination", bad])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("$.swiftUI.dropDestination.representations[0].direction: must be one of import, export, both (not \"sideways\")"))
    }

    // developer.apple.com/documentation/swiftui/view/dropconfiguration(_:): iOS 27.0, macOS 26.0,
    // with the example that moves when the session suggests it and copies otherwise;
    // DropConfiguration.acceptedItemCount: macOS 26.0 only.
    @Test func dropConfigurationProposesAsItsClosureReturns() throws {
        let copyOnly = try uti(["wrap", "--source-app", "com.example.board", "--drag-configuration", "copy", "Fixtures/files/photo.png"])
        #expect(try (UTITestSupport.json(copyOnly.stdout) as? [String: Any])?["allowsMoveOperation"] as? Bool == false)
        let copied = try uti(["drop", "--destination", "Fixtures/destinations/swiftui-mac-move.json"], stdin: Data(copyOnly.stdout.utf8))
        #expect(copied.stdout.hasPrefix("proposal: copy (the session does not allow moving)\n"))
        let moving = try uti([
            "wrap", "--source-app", "com.example.board", "--drag-configuration", "move", "Fixtures/files/photo.png", "Fixtures/files/photo.jpg",
        ])
        let moved = try uti(["drop", "--destination", "Fixtures/destinations/swiftui-mac-move.json", "--format", "json"], stdin: Data(moving.stdout.utf8))
        #expect(moved.status == 0)
        let result = try #require(try UTITestSupport.json(moved.stdout) as? [String: Any])
        #expect((result["proposal"] as? [String: Any])?["operation"] as? String == "move")
        let items = try #require(result["items"] as? [[String: Any]])
        #expect(items.map { $0["accepted"] as? Bool } == [true, false])
        #expect(items[1]["reason"] as? String == "the dropConfiguration's acceptedItemCount is 1, and 1 earlier item was taken")
        try validate(moved.stdout, against: "drop-result.schema.json")
        // On iOS the modifier arrives with 27, acceptedItemCount never.
        let iOS = try uti(["drop", "--destination", "Fixtures/destinations/swiftui-mac-move.json", "--platform", "ios"], stdin: Data(moving.stdout.utf8))
        #expect(iOS.status == 2)
        #expect(iOS.stderr.contains("dropConfiguration(_:) does not exist on iOS 26 (from iOS 27"))
        #expect(iOS.stderr.contains("DropConfiguration.acceptedItemCount does not exist on iOS 26 (macOS only"))
        for (operation, expected) in [
            ("cancel", "proposal: cancel (the dropConfiguration returns cancel)"),
            ("forbidden", "proposal: forbidden (the dropConfiguration returns forbidden)"), ("copy", "proposal: copy (the dropConfiguration returns copy)"),
        ] {
            let (folder, path) = try destination(
                #"{"platform": "ios", "os": 27, "swiftUI": {"dropDestination": "Image", "dropConfiguration": {"operation": "\#(operation)"}}}"#)
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try pipeline(["Fixtures/files/photo.png"], ["--destination", path])
            #expect(run.stdout.hasPrefix(expected + "\n"), "\(operation): \(run.stdout) \(run.stderr)")
        }
        let (folder, path) = try destination(#"{"swiftUI": {"onDrop": ["public.image"], "dropConfiguration": {"operation": "move"}}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let misplaced = try pipeline(["Fixtures/files/photo.png"], ["--destination", path])
        #expect(misplaced.status == 2)
        #expect(
            misplaced.stderr
                == "uti: \(path): $.swiftUI.dropConfiguration: configures dropDestination (Apple's example); onDrop's delegate proposes with dropUpdated\n")
    }

    // developer.apple.com/documentation/swiftui/dragconfiguration: iOS 26.0, macOS 26.0; "By
    // default, only copy is allowed".
    @Test func dragConfigurationDecidesWhetherTheSessionMoves() throws {
        let session = try uti(["wrap", "--drag-configuration", "copy", "Fixtures/files/photo.png"])
        #expect(session.status == 0)
        let document = try #require(try UTITestSupport.json(session.stdout) as? [String: Any])
        #expect(document["dragConfiguration"] as? [String: Bool] == ["allowMove": false])
        try validate(session.stdout, against: "drag-session.schema.json")
        let old = try uti(["drop", "--accepts", "public.image", "--os", "18"], stdin: Data(session.stdout.utf8))
        #expect(old.status == 2)
        #expect(
            old.stderr
                == "uti: flags: the session comes from a SwiftUI source's DragConfiguration, and DragConfiguration does not exist on iOS 18 (from iOS 26: developer.apple.com/documentation/swiftui/dragconfiguration lists iOS 26.0, macOS 26.0)\n"
        )
        let both = try uti(["wrap", "--drag-configuration", "move", "--no-move", "Fixtures/files/photo.png"])
        #expect(both.status == 2)
        let disagreeing = session.stdout.replacingOccurrences(of: "\"allowsMoveOperation\" : false", with: "\"allowsMoveOperation\" : true")
            .replacingOccurrences(of: "\"allowsMoveOperation\": false", with: "\"allowsMoveOperation\": true")
        #expect(disagreeing != session.stdout)
        let refused = try uti(["drop", "--accepts", "public.image"], stdin: Data(disagreeing.utf8))
        #expect(refused.status == 2)
        #expect(refused.stderr == "uti: -: $.allowsMoveOperation: disagrees with dragConfiguration.allowMove, which decides it for a SwiftUI source\n")
    }

    // The result never contradicts itself: an accepted item has no refusal reason, an item is
    // said to match canHandle's check only when the drop went ahead, and --explain shows
    // performDrop's pass beside canHandle's (Apple's custom-view sample checks public.image and
    // loads UIImage objects; loadObjects(ofClass:) loads every item it can).
    @Test func explanationsAgreeWithTheResult() throws {
        let (folder, path) = try destination(#"{"accepts": ["public.png"], "performDrop": {"objectClass": "UIImage"}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try pipeline(["Fixtures/files/photo.png", "Fixtures/files/photo.jpg"], ["--destination", path, "--format", "json", "--explain"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(try UTITestSupport.json(run.stdout) as? [String: Any])
        let items = try #require(result["items"] as? [[String: Any]])
        // The JPEG does not match the check, and performDrop loads it: accepted, no reason.
        #expect(items.map { $0["accepted"] as? Bool } == [true, true])
        #expect(items.allSatisfy { $0["reason"] is NSNull })
        let explained = try #require((result["explain"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(explained[1]["check"] is NSNull)
        #expect((explained[1]["performDrop"] as? [String: Any])?["requested"] as? String == "public.jpeg")
        try validate(run.stdout, against: "drop-result.schema.json")
        let text = try pipeline(["Fixtures/files/photo.png", "Fixtures/files/photo.jpg"], ["--destination", path, "--explain"])
        #expect(
            text.stdout.contains(
                "    canHandle's check: nothing visible matches\n    performDrop loads: public.jpeg for public.jpeg by exact\n    accepted\n"))
        #expect(text.stdout.contains("  performDrop loads: UIImage\n"))
        // Too many items: canHandle is false, and no item is said to be accepted by it.
        let (limitFolder, limited) = try destination(#"{"accepts": ["public.image"], "maxItems": 1, "performDrop": {"accepts": ["public.url"]}}"#)
        defer { try? FileManager.default.removeItem(at: limitFolder) }
        let over = try pipeline(["Fixtures/files/photo.png", "Fixtures/files/photo.jpg"], ["--destination", limited])
        #expect(over.status == 1)
        #expect(!over.stdout.contains("canHandle accepted"))
        #expect(over.stdout.contains("item 1: refused: the drop was not performed (cancel)"))
    }

    // UIImage reads GIF, WebP, TIFF and BMP (ImageIO does on iOS), so a UIImage made from one
    // writes PNG and JPEG; a dry run refuses what --out would (an image over the pixel limit).
    @Test func aUIImageFromEveryFormatWritesPNGAndJPEG() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (file, name) in [("photo.gif", "gif"), ("photo.webp", "webp"), ("photo.tiff", "tiff"), ("photo.bmp", "bmp")] {
            let session = try uti(["wrap", "--object", "UIImage", "--suggested-name", name, "Fixtures/files/\(file)"])
            #expect(session.stdout.contains("\"converter\" : \"\(name)-to-png\"") || session.stdout.contains("\"converter\": \"\(name)-to-png\""), "\(file)")
            for type in ["public.png", "public.jpeg"] {
                let run = try uti(["drop", "--accepts", type, "--out", folder.path], stdin: Data(session.stdout.utf8))
                #expect(run.status == 0, "\(file) as \(type): \(run.stdout) \(run.stderr)")
            }
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["bmp.jpeg", "bmp.png", "gif.jpeg", "gif.png", "tiff.jpeg", "tiff.png", "webp.jpeg", "webp.png"])
        let png = try Data(contentsOf: folder.appendingPathComponent("gif.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try uti(["identify", "--mime-type", folder.appendingPathComponent("webp.jpeg").path]).stdout.hasSuffix(": image/jpeg\n"))

        // 10,000 × 10,000 pixels in a bitmap's header: refused by a dry run as by --out.
        var bitmap = [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/images/rgb24.bmp")))
        bitmap.replaceSubrange(18..<26, with: [0x10, 0x27, 0, 0, 0x10, 0x27, 0, 0])
        let huge = folder.appendingPathComponent("huge.bmp")
        try Data(bitmap).write(to: huge)
        let session = try uti(["wrap", "--object", "UIImage", huge.path])
        for extra in [[], ["--out", folder.path]] {
            let run = try uti(["drop", "--accepts", "public.png"] + extra, stdin: Data(session.stdout.utf8))
            #expect(run.status == 1, "\(extra): \(run.stdout)")
            #expect(run.stdout.contains("loading failed: \(huge.path): a 10000×10000 image"), "\(extra): \(run.stdout)")
        }
    }

    // UIDropProposal.isPrecise and prefersFullSizePreview ("applies only to drag and drop
    // activities performed within the same app"), UIDropSession.progressIndicatorStyle and its
    // progress, and UIDragSession.localContext ("visible only to the app in which the drag
    // activity begins"; localDragSession is nil for another app's drag).
    @Test func proposalDetailsProgressAndLocalContext() throws {
        let (folder, path) = try destination(
            #"{"application": "com.example.notes", "accepts": ["public.text"], "isPrecise": true, "prefersFullSizePreview": true, "progressIndicatorStyle": "none"}"#
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let local = try uti(["wrap", "--source-app", "com.example.notes", "--local-context", "note 42", "Fixtures/files/utf8.txt"])
        #expect(try (UTITestSupport.json(local.stdout) as? [String: Any])?["localContext"] as? String == "note 42")
        try validate(local.stdout, against: "drag-session.schema.json")
        let inside = try uti(["drop", "--destination", path], stdin: Data(local.stdout.utf8))
        #expect(
            inside.stdout
                == """
                proposal: move, precise, full-size preview (a drop within the source application moves)
                local context: note 42
                progress: 1 of 1 loads; the destination shows its own indicator
                item 1: accepted public.utf8-plain-text for public.text (conformance) (dry run: not loaded)

                """)
        let other = try uti(["wrap", "--local-context", "note 42", "Fixtures/files/utf8.txt", "Fixtures/files/photo.png"])
        let outside = try uti(["drop", "--destination", path, "--format", "json"], stdin: Data(other.stdout.utf8))
        try validate(outside.stdout, against: "drop-result.schema.json")
        let result = try #require(try UTITestSupport.json(outside.stdout) as? [String: Any])
        let proposal = try #require(result["proposal"] as? [String: Any])
        #expect(proposal["isPrecise"] as? Bool == true)
        #expect(proposal["prefersFullSizePreview"] as? Bool == false)
        #expect(result["localContext"] is NSNull)
        let progress = try #require(result["progress"] as? [String: Any])
        #expect(progress["indicator"] as? String == "none")
        #expect(progress["totalUnitCount"] as? Int == 1 && progress["completedUnitCount"] as? Int == 1)
        #expect(
            result["notes"] as? [String] == [
                "prefersFullSizePreview is ignored: it applies only to drags within the same application (UIDropProposal.prefersFullSizePreview)",
                "the session's localContext stays with its source application: UIDropSession.localDragSession is nil for a drag from another application",
            ])
        // With --out the completed units are the loads that succeeded.
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let loaded = try uti(["drop", "--accepts", "public.data", "--out", out.path, "--format", "json"], stdin: Data(other.stdout.utf8))
        let done = try #require((try UTITestSupport.json(loaded.stdout) as? [String: Any])?["progress"] as? [String: Any])
        #expect(done["indicator"] as? String == "default")
        #expect(done["totalUnitCount"] as? Int == 2 && done["completedUnitCount"] as? Int == 2)
    }

    // Every fixture and example document validates against its schema and is read by uti; the
    // documents made to be wrong are refused by both.
    @Test func everyFixtureDocumentFollowsItsSchema() throws {
        let kinds: [(folder: String, schema: String, broken: Set<String>)] = [
            ("Fixtures/destinations", "drop-destination.schema.json", ["every-problem.json"]),
            ("Fixtures/lists", "list.schema.json", []),
            ("Fixtures/sessions", "drag-session.schema.json", ["every-problem.json", "truncated.json", "broken-rtf.json"]),
        ]
        var checked = 0
        for kind in kinds {
            let folder = repositoryRoot.appendingPathComponent(kind.folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
                let path = "\(kind.folder)/\(name)"
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                if kind.broken.contains(name) { continue }
                try validate(text, against: kind.schema)
                let read: Execution
                switch kind.schema {
                case "drop-destination.schema.json":
                    // A destination of zones alone negotiates in one of them.
                    let zones = ((try UTITestSupport.json(text) as? [String: Any])?["zones"] as? [String: Any])?.keys.sorted() ?? []
                    read = try uti(["drop", "--destination", path, "Fixtures/sessions/photo-and-notes.json"] + zones.prefix(1).flatMap { ["--zone", $0] })
                case "list.schema.json": read = try uti(["drop", "--list", path, "--at", "0.0", "Fixtures/sessions/photo-and-notes.json"])
                default: read = try uti(["wrap", "--validate", path])
                }
                #expect(read.status != 2, "\(path): \(read.stderr)")
                checked += 1
            }
        }
        #expect(checked >= 19)
    }
}

import Foundation
import Testing
import UTITestSupport

/// Drags from and drops into collection and table views, through the CLI, with the resulting
/// list checked item by item (`--format list`).
@Suite struct ListDropTests {
    static let photos = "Fixtures/lists/photos.list.json"
    static let strip = "Fixtures/lists/strip.list.json"
    static let notes = "Fixtures/lists/notes.list.json"

    /// `uti wrap --from-list LIST WRAP | uti drop --list LIST DROP`.
    func listPipeline(_ list: String, _ wrap: [String], _ drop: [String], into target: String? = nil) throws -> Execution {
        try pipeline(["--from-list", list] + wrap, ["--list", target ?? list] + drop)
    }

    /// The resulting list's identifiers, section by section.
    func sections(_ document: String) throws -> [[String]] {
        let list = try #require(try json(document) as? [String: Any])
        let sections = try #require(list["sections"] as? [[String: Any]])
        return sections.map { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String } }
    }

    func actions(_ document: String) throws -> [[String: Any]] {
        let result = try #require(try json(document) as? [String: Any])
        return try #require(result["actions"] as? [[String: Any]])
    }

    @Test func reorderForwardWithinASectionCountsTheRemovalFirst() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.1"], ["--at", "0.4", "--format", "list"])
        #expect(run.status == 0)
        #expect(try sections(run.stdout) == [["sunset", "forest", "meadow", "canyon", "harbor", "summer"], ["lighthouse", "caption"]])
        let text = try listPipeline(Self.photos, ["--at", "0.1"], ["--at", "0.4"])
        #expect(
            text.stdout.hasPrefix(
                """
                proposal: move, insert at 0.4 (items from this list move (a reorder))
                item 1: move "harbor" 0.1 -> 0.4

                """))
    }

    @Test func reorderBackwardWithinASection() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.4"], ["--at", "0.1", "--format", "list"])
        #expect(run.status == 0)
        #expect(try sections(run.stdout) == [["sunset", "canyon", "harbor", "forest", "meadow", "summer"], ["lighthouse", "caption"]])
    }

    @Test func reorderAcrossSections() throws {
        let run = try listPipeline(Self.photos, ["--at", "1.0"], ["--at", "0.2", "--format", "json"])
        #expect(run.status == 0)
        let steps = try actions(run.stdout)
        #expect(steps.count == 1)
        #expect(steps[0]["action"] as? String == "move")
        #expect(steps[0]["from"] as? [Int] == [1, 0])
        #expect(steps[0]["at"] as? [Int] == [0, 2])
        let result = try #require((try json(run.stdout) as? [String: Any])?["result"])
        let document = String(decoding: try JSONSerialization.data(withJSONObject: result), as: UTF8.self)
        #expect(try sections(document) == [["sunset", "harbor", "lighthouse", "forest", "meadow", "canyon", "summer"], ["caption"]])
        try validate(run.stdout, against: "list-drop-result.schema.json")
    }

    @Test func aSelectedItemDragsTheWholeSelectionTouchedItemFirst() throws {
        let session = try uti(["wrap", "--from-list", Self.photos, "--at", "0.3", "--selected", "0.0,0.3", "--selected", "1.0"])
        #expect(session.status == 0)
        let items = try #require((try json(session.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["suggestedName"] as? String } == ["meadow", "sunset", "lighthouse"])
        #expect(items.map { $0["sourceIndexPath"] as? [Int] } == [[0, 3], [0, 0], [1, 0]])
        #expect(items.allSatisfy { $0["sourceView"] as? String == "photos" })
        #expect(items.map { ($0["localObject"] as? [String: String])?["class"] } == ["Photo", "Photo", "Photo"])
        try validate(session.stdout, against: "drag-session.schema.json")

        let drop = try uti(["drop", "--list", Self.photos, "--at", "1.1", "--format", "list"], stdin: Data(session.stdout.utf8))
        #expect(drop.status == 0)
        #expect(try sections(drop.stdout) == [["harbor", "forest", "canyon", "summer"], ["caption", "meadow", "sunset", "lighthouse"]])
        try validate(drop.stdout, against: "list.schema.json")

        // Touching an item outside the selection drags it alone.
        let alone = try uti(["wrap", "--from-list", Self.photos, "--at", "0.2", "--selected", "0.0,0.3", "--format", "text"])
        #expect(alone.stdout.components(separatedBy: "\nitem ").count == 2)
        #expect(alone.stdout.contains("item 1: forest (local Photo) from photos at 0.2\n"))
    }

    @Test func insertFromAnotherApplicationLoadsBehindPlaceholdersAndDeletesAFailedOne() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try uti(["drop", "--list", Self.photos, "--at", "0.1", "--out", out.path, "--format", "json", "Fixtures/sessions/files-drag.json"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("uti: item 2: "))
        #expect(run.stderr.hasSuffix("Fixtures/files/vanished.jpg: no such file or directory\n"))
        let steps = try actions(run.stdout)
        #expect(steps.map { $0["action"] as? String } == ["placeholder", "placeholder", "refused", "placeholder", "commit", "delete", "commit"])
        #expect(steps.map { $0["index"] as? Int } == [1, 2, 3, 4, 1, 2, 4])
        #expect(steps.map { $0["at"] as? [Int] } == [[0, 1], [0, 2], nil, [0, 3], [0, 1], [0, 2], [0, 2]])
        #expect(steps[2]["reason"] as? String == "no visible representation matches what the list takes")
        #expect(steps[4]["identifier"] as? String == "beach")
        #expect(steps[4]["output"] as? String == out.appendingPathComponent("beach.png").path)
        // A committed item whose suggested name the list already holds gets the next free one.
        #expect(steps[6]["identifier"] as? String == "sunset 2")
        let proposal = try #require((try json(run.stdout) as? [String: Any])?["proposal"] as? [String: Any])
        #expect(proposal.compactMapValues { $0 as? String } == ["operation": "copy", "intent": "insert", "reason": "drops into another application copy"])
        #expect(proposal["isPrecise"] as? Bool == false && proposal["prefersFullSizePreview"] as? Bool == false)
        let result = try #require((try json(run.stdout) as? [String: Any])?["result"] as? [String: Any])
        let recent = try #require((result["sections"] as? [[String: Any]])?[0]["items"] as? [[String: Any]])
        #expect(recent.compactMap { $0["identifier"] as? String } == ["sunset", "beach", "sunset 2", "harbor", "forest", "meadow", "canyon", "summer"])
        #expect(recent[1]["types"] as? [String] == ["public.png"])
        // Nothing partial: the two loads that worked, nothing for the one that failed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["beach.png", "sunset.jpeg"])
        try validate(run.stdout, against: "list-drop-result.schema.json")
    }

    @Test func localObjectsFromElsewhereInTheApplicationInsertDirectly() throws {
        let run = try listPipeline(Self.strip, ["--at", "0.0", "--selected", "0.0,0.1"], ["--at", "1.0"], into: Self.photos)
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                proposal: move, insert at 1.0 (a drop within the source application moves)
                item 1: insert local object "dune" at 1.0
                item 2: insert local object "reef" at 1.1
                list photos:
                  section 0 recent: sunset, harbor, forest, meadow, canyon, summer
                  section 1 archive: dune, reef, lighthouse, caption

                """)
    }

    /// A copy of the photos list with `change` applied to its document, in a temporary folder
    /// beside nothing: its item paths are made absolute first.
    func photosVariant(_ change: (inout [String: Any]) -> Void) throws -> (folder: URL, list: String) {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.photos))) as? [String: Any])
        let base = URL(fileURLWithPath: Self.photos).deletingLastPathComponent()
        document["sections"] = (document["sections"] as? [[String: Any]])?.map { section in
            var section = section
            section["items"] = (section["items"] as? [[String: Any]])?.map { item in
                var item = item
                if let path = item["path"] as? String { item["path"] = base.appendingPathComponent(path).standardizedFileURL.path }
                return item
            }
            return section
        }
        change(&document)
        let folder = try temporaryFolder()
        let list = folder.appendingPathComponent("photos.list.json")
        try JSONSerialization.data(withJSONObject: document).write(to: list)
        return (folder, list.path)
    }

    @Test func aListThatDoesNotReorderForbidsDropsOfItsOwnItems() throws {
        let (folder, list) = try photosVariant { $0["reorders"] = false }
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try listPipeline(list, ["--at", "0.0"], ["--at", "0.1"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("proposal: forbidden, insert at 0.1 (the session holds items from this list, which does not reorder)\n"))
    }

    // UICollectionViewDropDelegate / UITableViewDropDelegate: canHandle and dropSessionDidUpdate
    // are called for every drop session, local reorders included, so the list's rules apply.
    @Test func theListsRulesApplyToItsOwnReorders() throws {
        let text = try listPipeline(Self.photos, ["--at", "1.1"], ["--at", "0.0"])
        #expect(text.status == 1)
        #expect(
            text.stdout == """
                proposal: cancel, insert at 0.0 (no item has a visible representation the destination can take)
                item 1: refused: no visible representation matches what the list takes (its rules apply to its own reorders too)
                list photos:
                  section 0 recent: sunset, harbor, forest, meadow, canyon, summer
                  section 1 archive: lighthouse, caption

                """)
        // A photo and the caption: the photo moves, the caption stays.
        let mixed = try listPipeline(Self.photos, ["--at", "1.0", "--selected", "1.0,1.1"], ["--at", "0.0", "--format", "list"])
        #expect(mixed.status == 0)
        #expect(try sections(mixed.stdout) == [["lighthouse", "sunset", "harbor", "forest", "meadow", "canyon", "summer"], ["caption"]])

        let (folder, list) = try photosVariant { document in
            document["drop"] = ["accepts": ["public.image"], "maxItems": 1]
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let two = try listPipeline(list, ["--at", "0.0", "--selected", "0.0,0.1"], ["--at", "0.4"])
        #expect(two.status == 1)
        #expect(two.stdout.hasPrefix("proposal: cancel, insert at 0.4 (the destination takes at most 1 item; the session has 2)\n"))
    }

    // list.schema.json: a list's drop is "what the view takes (its drop delegate's rules); nil
    // takes nothing" — a view without a drop delegate is not a drop target at all.
    @Test func aListWithoutDropRulesTakesNothingLocalObjectsIncluded() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.1"], ["--at", "0.0"], into: Self.strip)
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                proposal: cancel, insert at 0.0 (the list declares no drop rules (no drop delegate), so it takes nothing, its own items and local objects included)
                item 1: refused: the list declares no drop rules (no drop delegate), so it takes nothing, its own items and local objects included
                list strip:
                  section 0: dune, reef

                """)
        let own = try listPipeline(Self.strip, ["--at", "0.0"], ["--at", "0.1"])
        #expect(own.status == 1)
        #expect(own.stdout.hasPrefix("proposal: cancel, insert at 0.1 (the list declares no drop rules"))
    }

    // UICollectionViewDropItem.sourceIndexPath / UITableViewDropItem.sourceIndexPath: "nil if
    // the item did not originate in the collection view" and set to nil by UIKit after a reload.
    @Test func aStaleSourceIndexPathArrivesAsALocalObject() throws {
        let session = try uti(["wrap", "--from-list", Self.photos, "--at", "0.1"])
        let moved = try uti(["drop", "--list", Self.photos, "--at", "0.4", "--format", "list"], stdin: Data(session.stdout.utf8))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("after.json")
        try Data(moved.stdout.utf8).write(to: list)
        let stale = try uti(["drop", "--list", list.path, "--at", "0.0", "--format", "json"], stdin: Data(session.stdout.utf8))
        #expect(stale.status == 0)
        #expect(stale.stderr.isEmpty)
        let steps = try actions(stale.stdout)
        #expect(steps.map { $0["action"] as? String } == ["insert-local"])
        #expect(steps[0]["identifier"] as? String == "harbor 2")
        #expect(steps[0]["from"] is NSNull)
        #expect((steps[0]["reason"] as? String)?.hasPrefix("its sourceIndexPath no longer holds it") == true)
        let proposal = try #require((try json(stale.stdout) as? [String: Any])?["proposal"] as? [String: Any])
        #expect(proposal["operation"] as? String == "move")
        try validate(stale.stdout, against: "list-drop-result.schema.json")
    }

    // Batch updates delete before they insert, and insertion index paths count in the list
    // after the deletions (UITableView and UICollectionView performBatchUpdates).
    @Test func aMultiItemReorderPastTheEndSaysSo() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.0", "--selected", "0.0,0.1,0.2"], ["--at", "0.5"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                proposal: move, insert at 0.5 (items from this list move (a reorder); 0.5 is past the end of section 0 once the 3 moved items leave it (3 remain), so the items append at 0.3)
                item 1: move "sunset" 0.0 -> 0.3
                item 2: move "harbor" 0.1 -> 0.4
                item 3: move "forest" 0.2 -> 0.5
                list photos:
                  section 0 recent: meadow, canyon, summer, sunset, harbor, forest
                  section 1 archive: lighthouse, caption

                """)
        let inside = try listPipeline(Self.photos, ["--at", "0.0", "--selected", "0.0,0.1,0.2"], ["--at", "0.2", "--format", "list"])
        #expect(try sections(inside.stdout)[0] == ["meadow", "canyon", "sunset", "harbor", "forest", "summer"])
    }

    // UITableViewDropCoordinator.destinationIndexPath is nil over empty space; Apple's table
    // sample ("Adopting drag and drop in a table view") then appends to the last section, and
    // UITableView.h / UICollectionView.h give the intent as unspecified without an index path.
    @Test func aDropOverEmptySpaceAppendsToTheLastSection() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.0"], ["--at", "none", "--format", "json"])
        #expect(run.status == 0)
        let result = try #require(try json(run.stdout) as? [String: Any])
        #expect(result["destinationIndexPath"] is NSNull)
        #expect((result["proposal"] as? [String: Any])?["intent"] as? String == "unspecified")
        #expect(try actions(run.stdout).first?["at"] as? [Int] == [1, 2])
        try validate(run.stdout, against: "list-drop-result.schema.json")
        let text = try listPipeline(Self.photos, ["--at", "0.0"], ["--at", "none", "--explain"])
        #expect(
            text.stdout.hasPrefix(
                "proposal: move, unspecified at none (items from this list move (a reorder); no destination index path (a drop over empty space), so the items append to the last section, as Apple's table sample does)\n"
            ))
        #expect(
            text.stdout.contains(
                """
                  intent insert becomes unspecified: there is no destination index path
                    rule: UITableView.h / UICollectionView.h: the drop intent is unspecified when there is no destination index path
                """))
        let into = try listPipeline(Self.photos, ["--at", "0.0"], ["--at", "none", "--intent", "into"])
        #expect(into.status == 2)
        #expect(into.stderr == "uti: intent into needs an item to drop into; --at none is a drop over empty space\n")
    }

    // UIDragSession.restrictedToSourceApplication: the session is offered to its own application only.
    @Test func aRestrictedSessionIsNeverOfferedToAnotherApplication() throws {
        let run = try pipeline(
            ["--restricted", "--source-app", "com.example.mail", "Fixtures/files/photo.png"], ["--list", Self.photos, "--at", "0.0", "--format", "json"])
        #expect(run.status == 1)
        let result = try #require(try json(run.stdout) as? [String: Any])
        #expect(result["offered"] as? Bool == false)
        #expect(result["canHandle"] as? Bool == false)
        #expect(
            try actions(run.stdout).first?["reason"] as? String
                == "the session is restricted to its source application, so it is never offered here (canHandle is not asked)")
        let destination = try pipeline(
            ["--restricted", "--source-app", "com.example.mail", "Fixtures/files/photo.png"],
            ["--accepts", "public.image", "--app", "com.example.viewer", "--format", "json"])
        let record = try #require(try json(destination.stdout) as? [String: Any])
        #expect(record["offered"] as? Bool == false)
        #expect(
            (record["items"] as? [[String: Any]])?.first?["reason"] as? String
                == "the session is restricted to its source application, so it is never offered here (canHandle is not asked)")
        let own = try pipeline(
            ["--restricted", "--source-app", "com.example.photos", "Fixtures/files/photo.png"], ["--list", Self.photos, "--at", "0.0", "--format", "json"])
        #expect((try json(own.stdout) as? [String: Any])?["offered"] as? Bool == true)
    }

    // Apple's custom-view sample ("Adopting drag and drop in a custom view"): canHandle asks
    // hasItemsConforming(toTypeIdentifiers: [public.image]) and performDrop loadObjects(ofClass:
    // UIImage.self). A camera raw passes the first and gives the second nothing.
    @Test func aDelegateWhoseStepsDisagreeIsAFinding() throws {
        let raw = try pipeline(["Fixtures/files/camera.dng"], ["--destination", "Fixtures/destinations/custom-view.json"])
        #expect(raw.status == 1)
        #expect(
            raw.stdout == """
                proposal: copy (drops into another application copy)
                item 1: refused: canHandle's check matched it, and performDrop loads nothing for it (UIImage)
                finding: item 1: accepted by canHandle (public.image), nothing loadable by UIImage in performDrop

                """)
        let json = try pipeline(["Fixtures/files/camera.dng"], ["--destination", "Fixtures/destinations/custom-view.json", "--format", "json"])
        let record = try #require(try UTITestSupport.json(json.stdout) as? [String: Any])
        #expect(record["canHandle"] as? Bool == true)
        #expect(record["findings"] as? [String] == ["item 1: accepted by canHandle (public.image), nothing loadable by UIImage in performDrop"])
        try validate(json.stdout, against: "drop-result.schema.json")
        let png = try pipeline(["Fixtures/files/photo.png"], ["--destination", "Fixtures/destinations/custom-view.json"])
        #expect(png.status == 0)
        #expect(
            png.stdout == "proposal: copy (drops into another application copy)\nitem 1: accepted public.png for public.png (exact) (dry run: not loaded)\n")
    }

    @Test func aPerformDropThatDoesNothingRevertsTheView() throws {
        let (folder, list) = try photosVariant { document in
            document["drop"] = ["accepts": ["public.image"], "performDrop": [String: Any]()]
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try listPipeline(list, ["--at", "0.0"], ["--at", "0.3", "--format", "json"])
        #expect(run.status == 1)
        let result = try #require(try json(run.stdout) as? [String: Any])
        #expect(result["findings"] as? [String] == ["performDrop does nothing: the drop is accepted (move) and nothing arrives, so the view reverts"])
        #expect(try actions(run.stdout).map { $0["reason"] as? String } == ["performDrop does nothing, so the view reverts"])
        let after = try #require(result["result"])
        let document = String(decoding: try JSONSerialization.data(withJSONObject: after), as: UTF8.self)
        #expect(try sections(document) == [["sunset", "harbor", "forest", "meadow", "canyon", "summer"], ["lighthouse", "caption"]])
        try validate(run.stdout, against: "list-drop-result.schema.json")
        try validate(document, against: "list.schema.json")
    }

    // Each placeholder is committed from its own load's completion handler, so loads may finish
    // in any order; the list afterwards must be the same.
    @Test(arguments: ["session", "reverse", "seed:7", "seed 12345"])
    func loadsThatFinishOutOfOrderLeaveTheSameList(order: String) throws {
        let inOrder = try uti(["drop", "--list", Self.photos, "--at", "0.1", "--format", "list", "Fixtures/sessions/files-drag.json"])
        let run = try uti(["drop", "--list", Self.photos, "--at", "0.1", "--completion-order", order, "--format", "list", "Fixtures/sessions/files-drag.json"])
        #expect(run.status == 1, "item 2's file is missing")
        #expect(try sections(run.stdout) == sections(inOrder.stdout))
    }

    @Test func theTraceShowsTheCompletionOrder() throws {
        let run = try uti(["drop", "--list", Self.photos, "--at", "0.1", "--completion-order", "reverse", "Fixtures/sessions/files-drag.json"])
        let steps = run.stdout.split(separator: "\n").filter { $0.contains("commit") || $0.contains("delete the placeholder") }
        #expect(steps.map { String($0.prefix(while: { $0 != ":" })) } == ["item 4", "item 2", "item 1"])
        #expect(steps[0].hasPrefix("item 4: commit \"sunset 2\" at 0.3"))
        #expect(steps[2].hasPrefix("item 1: commit \"beach\" at 0.1"))
        let bad = try uti(["drop", "--list", Self.photos, "--at", "0.1", "--completion-order", "random", "Fixtures/sessions/files-drag.json"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "uti: --completion-order random: give session, reverse or seed:N (N a whole number)\n")
    }

    // UITableViewDropProposal.Intent.automatic: the table picks from where over the row the
    // drag is: into over the middle of a row that takes it, insert near its edges.
    @Test(arguments: [
        ("top", [["groceries", "ideas", "work"]]),
        ("bottom", [["groceries", "work", "ideas"]]),
        ("middle", [["groceries", "work"]]),
    ])
    func automaticInATableFollowsThePositionOverTheRow(over: String, expected: [[String]]) throws {
        let run = try listPipeline(Self.notes, ["--at", "0.2"], ["--at", "0.1", "--intent", "automatic", "--over", over, "--format", "list"])
        #expect(run.status == 0)
        #expect(try sections(run.stdout) == expected)
        let wrong = try listPipeline(Self.notes, ["--at", "0.2"], ["--at", "0.1", "--over", over])
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "uti: --over decides an automatic intent: give it with --intent automatic\n")
    }

    // Apple's UICollectionView.dragInteractionEnabled page: "whether the collection view supports
    // dragging content"; the default is true, and in iOS 14 and earlier true for iPad and false for
    // iPhone, where true enables dragging within the application only. Drops are not its concern.
    @Test func onAnOldPhoneListsStartNoDragUnlessDragInteractionIsEnabled() throws {
        let (folder, list) = try photosVariant { $0["device"] = "phone" }
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrap = try uti(["wrap", "--from-list", list, "--at", "0.0", "--os", "14"])
        #expect(wrap.status == 1)
        #expect(wrap.stdout.isEmpty)
        #expect(
            wrap.stderr
                == "uti: \(list): no drag begins: \"photos\" is on an iPhone with iOS 14, where collection views start no drag unless dragInteractionEnabled is true (its default is false on iPhone in iOS 14 and earlier, true from iOS 15)\n"
        )
        // From iOS 15 (and by default, the newest) the same list drags, to other applications too.
        let newer = try uti(["wrap", "--from-list", list, "--at", "0.0", "--os", "15"])
        #expect(newer.status == 0)
        #expect(try (json(newer.stdout) as? [String: Any])?["restrictedToSourceApplication"] as? Bool == false)
        #expect(try uti(["wrap", "--from-list", list, "--at", "0.0"]).status == 0)
        // dragInteractionEnabled concerns dragging only: a drop from elsewhere reaches the list.
        let drop = try pipeline(["Fixtures/files/photo.png"], ["--list", list, "--at", "0.0", "--os", "14"])
        #expect(drop.status == 0)
        #expect(drop.stdout.hasPrefix("proposal: copy, insert at 0.0 (drops into another application copy)\n"))

        let (enabledFolder, enabled) = try photosVariant {
            $0["device"] = "phone"
            $0["dragInteractionEnabled"] = true
            $0["os"] = 14
        }
        defer { try? FileManager.default.removeItem(at: enabledFolder) }
        // Enabled on an iPhone with iOS 14: the drag stays in its application.
        let session = try uti(["wrap", "--from-list", enabled, "--at", "0.0"])
        #expect(try (json(session.stdout) as? [String: Any])?["restrictedToSourceApplication"] as? Bool == true)
        let reorder = try listPipeline(enabled, ["--at", "0.0"], ["--at", "0.2", "--format", "list"])
        #expect(reorder.status == 0)
        #expect(try sections(reorder.stdout)[0] == ["harbor", "forest", "sunset", "meadow", "canyon", "summer"])
        try validate(reorder.stdout, against: "list.schema.json")
        let wrongRelease = try uti(["wrap", "--from-list", list, "--at", "0.0", "--os", "19"])
        #expect(wrongRelease.status == 2)
        #expect(wrongRelease.stderr.contains("--os 19 is not a release uti models on iOS (give one of 14, 15, 16, 17, 18, 26, 27)"))
    }

    @Test func explainTracesEveryDecisionWithItsRule() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.0", "--selected", "0.0,0.1,1.1"], ["--at", "0.5", "--explain", "--format", "json"])
        #expect(run.status == 0)
        let result = try #require(try json(run.stdout) as? [String: Any])
        let trace = try #require(result["explain"] as? [[String: String]])
        #expect(
            trace.map { $0["decision"] ?? "" } == [
                "canHandle true: 2 of 3 items offer a visible representation the list's rules take",
                "proposal move: items from this list move (a reorder)",
                "the 2 moved items are deleted first; 0.5 counts in the list without them (4 items remain in section 0)",
                "0.5 is past the end of section 0 (4 items), so the items append at 0.4",
                "item 1: move \"sunset\" 0.0 -> 0.4",
                "item 2: move \"harbor\" 0.1 -> 0.5",
                "item 3: refused: no visible representation matches what the list takes (its rules apply to its own reorders too)",
            ])
        #expect(trace[0]["rule"]?.hasPrefix("UICollectionViewDropDelegate / UITableViewDropDelegate: canHandle and dropSessionDidUpdate") == true)
        #expect(trace[2]["rule"]?.hasPrefix("performBatchUpdates: deletions are processed before insertions") == true)
        try validate(run.stdout, against: "list-drop-result.schema.json")
        let text = try uti(["drop", "--list", Self.photos, "--at", "none", "--explain", "Fixtures/sessions/files-drag.json"])
        #expect(
            text.stdout.contains(
                """
                explain:
                  no destination index path: the drop goes to 1.2, the end of the last section
                    rule: UITableViewDropCoordinator.destinationIndexPath
                """))
        #expect(text.stdout.contains("  item 2: delete the placeholder at 1.3 (loading failed: "))
        #expect(text.stdout.contains("    rule: UICollectionViewDropPlaceholderContext.commitInsertion(dataSourceUpdates:) when the load succeeds"))
    }

    // Delegate logic a list declares: dropSessionDidUpdate forbidding some index paths, moves
    // only while editing, and no dropSessionDidUpdate at all.
    @Test func aListDeclaresWhereItsDelegateForbidsAndWhenItMoves() throws {
        let (folder, list) = try photosVariant {
            $0["firstInsertableItem"] = 1
            $0["movesOnlyWhileEditing"] = true
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try pipeline(["Fixtures/files/photo.png"], ["--list", list, "--at", "0.0"])
        #expect(first.status == 1)
        #expect(
            first.stdout.hasPrefix(
                "proposal: forbidden, insert at 0.0 (the list forbids insertions before item 1 of a section (its dropSessionDidUpdate returns .forbidden at 0.0))\n"
            ))
        let second = try pipeline(["Fixtures/files/photo.png"], ["--list", list, "--at", "0.1"])
        #expect(second.status == 0)
        let reorder = try listPipeline(list, ["--at", "0.3"], ["--at", "0.1"])
        #expect(reorder.status == 1)
        // Apple's table sample starts its proposal as .cancel and moves only while editing.
        #expect(reorder.stdout.hasPrefix("proposal: cancel, insert at 0.1 (the list moves its items only while it is editing (give --editing))\n"))
        let editing = try listPipeline(list, ["--at", "0.3"], ["--at", "0.1", "--editing", "--format", "list"])
        #expect(editing.status == 0)
        #expect(try sections(editing.stdout)[0] == ["sunset", "meadow", "harbor", "forest", "canyon", "summer"])

        let (plainFolder, plain) = try photosVariant { $0["sessionDidUpdate"] = false }
        defer { try? FileManager.default.removeItem(at: plainFolder) }
        let unspecified = try listPipeline(plain, ["--at", "0.2"], ["--at", "0.5", "--intent", "into", "--explain"])
        #expect(unspecified.status == 0)
        #expect(unspecified.stdout.hasPrefix("proposal: move, unspecified at 0.5 (items from this list move (a reorder))\n"))
        #expect(unspecified.stdout.contains("  intent into becomes unspecified: the delegate does not implement dropSessionDidUpdate\n"))
    }

    // A dry run verifies each load as --out would perform it.
    @Test func aDryRunShowsALoadThatCannotHappenAsFailed() throws {
        let run = try uti(["drop", "--list", Self.photos, "--at", "0.1", "--format", "json", "Fixtures/sessions/files-drag.json"])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("Fixtures/files/vanished.jpg: no such file or directory\n"))
        let steps = try actions(run.stdout)
        #expect(steps.map { $0["action"] as? String } == ["placeholder", "placeholder", "refused", "placeholder", "commit", "delete", "commit"])
        #expect(steps.map { $0["output"] as? String } == [nil, nil, nil, nil, nil, nil, nil])
        #expect(steps.map { $0["inPlace"] as? Bool } == [nil, nil, nil, nil, false, nil, false])
        let plain = try uti(["drop", "--accepts", "public.image", "Fixtures/sessions/files-drag.json"])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("item 2: accepted public.jpeg for public.image (conformance); loading failed: "))
        #expect(plain.stdout.contains("item 1: accepted public.png for public.image (conformance) (dry run: not loaded)\n"))
    }

    @Test func intoAnItemThatAcceptsAndOneThatRefuses() throws {
        let accepted = try listPipeline(Self.photos, ["--at", "0.2"], ["--at", "0.5", "--intent", "into", "--format", "json"])
        #expect(accepted.status == 0)
        let steps = try actions(accepted.stdout)
        #expect(steps.count == 1)
        #expect(steps[0]["action"] as? String == "into")
        #expect(steps[0]["identifier"] as? String == "summer")
        #expect(steps[0]["representation"] as? String == "com.compuserve.gif")
        let result = try #require((try json(accepted.stdout) as? [String: Any])?["result"])
        let document = String(decoding: try JSONSerialization.data(withJSONObject: result), as: UTF8.self)
        // Moved into the album: it leaves the list, and the album holds it.
        #expect(try sections(document) == [["sunset", "harbor", "meadow", "canyon", "summer"], ["lighthouse", "caption"]])
        let summer = ((result as? [String: Any])?["sections"] as? [[String: Any]])?[0]["items"] as? [[String: Any]]
        #expect(summer?.last?["contents"] as? [String] == ["forest"])

        let refused = try listPipeline(Self.photos, ["--at", "0.2"], ["--at", "1.1", "--intent", "into"])
        #expect(refused.status == 1)
        #expect(
            refused.stdout.hasPrefix(
                """
                proposal: forbidden, into at 1.1 (the item at 1.1 ("caption") takes no drops)
                item 1: refused: the item at 1.1 ("caption") takes no drops

                """))
    }

    @Test func automaticInATablePicksIntoWhereTheRowTakesTheDrop() throws {
        let into = try listPipeline(Self.notes, ["--at", "0.2"], ["--at", "0.1", "--intent", "automatic", "--format", "list"])
        #expect(into.status == 0)
        #expect(try sections(into.stdout) == [["groceries", "work"]])
        let insert = try listPipeline(Self.notes, ["--at", "0.2"], ["--at", "0.0", "--intent", "automatic", "--format", "list"])
        #expect(try sections(insert.stdout) == [["ideas", "groceries", "work"]])
        let collection = try listPipeline(Self.photos, ["--at", "0.2"], ["--at", "0.1", "--intent", "automatic"])
        #expect(collection.status == 2)
        #expect(collection.stderr == "uti: intent automatic is for table views; \"photos\" is a collection view (give insert, into or unspecified)\n")
    }

    @Test func anIndexPastTheEndAppends() throws {
        let run = try listPipeline(Self.photos, ["--at", "0.2"], ["--at", "0.9"])
        #expect(run.status == 0)
        #expect(
            run.stdout.hasPrefix(
                """
                proposal: move, insert at 0.9 (items from this list move (a reorder); 0.9 is past the end of section 0, so the items append)
                item 1: move "forest" 0.2 -> 0.5

                """))
    }

    @Test(arguments: [
        (["--at", "3.0"], "uti: index path 3.0 is outside the list \"photos\": it has 2 sections (from 0)\n"),
        (["--at", "0.x"], "uti: --at 0.x: not an index path (S.I: section and item, whole numbers from 0, or none)\n"),
        (["--at", "1.2", "--intent", "into"], "uti: index path 1.2: section 1 has 2 items, so there is no item to drop into\n"),
    ])
    func badIndexPathsExitTwo(arguments: [String], message: String) throws {
        let run = try listPipeline(Self.photos, ["--at", "0.0"], arguments)
        #expect(run.status == 2)
        #expect(run.stderr == message)
        #expect(run.stdout.isEmpty)
        let wrap = try uti(["wrap", "--from-list", Self.photos, "--at", "2.0"])
        #expect(wrap.status == 2)
        #expect(wrap.stderr == "uti: --at 2.0: Fixtures/lists/photos.list.json holds no item at 2.0\n")
    }

    @Test func theResultingListFeedsTheNextDrop() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try uti(["drop", "--list", Self.notes, "--at", "0.3", "--format", "list", "Fixtures/sessions/photo-and-notes.json"])
        let list = folder.appendingPathComponent("notes-after.json")
        try Data(first.stdout.utf8).write(to: list)
        let second = try listPipeline(list.path, ["--at", "0.0"], ["--at", "0.9", "--format", "list"])
        #expect(second.status == 0)
        let before = try sections(first.stdout)[0]
        #expect(try sections(second.stdout)[0] == Array(before.dropFirst()) + [before[0]])
    }

    @Test func listDocumentsNameEveryProblem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("bad.json")
        try Data(
            """
            {"schemaVersion": 1, "identifier": "x", "kind": "grid", "drop": {"accepts": ["public.image"], "objectClass": "UIImage"},
             "sections": [{"items": [{"identifier": "a"}, {"identifier": "a", "value": "text"}]}]}
            """.utf8
        ).write(to: list)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--list", list.path, "--at", "0.0"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "uti: \(list.path): $.kind: must be one of collection, table (not \"grid\"); $.drop: needs exactly one of accepts, readableTypes or objectClass (or none, to cancel); $.sections[0].items[1].types: is required with value (the types the text is offered as); $.sections[0].items[1].identifier: \"a\" is the identifier of $.sections[0].items[0] too\n"
        )
    }
}

/// Zones of plain views and one result per destination.
@Suite struct DropMatrixTests {
    static let frame = "Fixtures/destinations/photo-frame.json"

    @Test func aZoneHitAndMisses() throws {
        let hit = try pipeline(["Fixtures/files/photo.png"], ["--destination", Self.frame, "--zone", "image"])
        #expect(hit.status == 0)
        #expect(hit.stdout == "proposal: copy (the destination copies)\nitem 1: accepted public.png for public.image (conformance) (dry run: not loaded)\n")
        let wrongRules = try pipeline(["Fixtures/files/photo.png"], ["--destination", Self.frame, "--zone", "caption"])
        #expect(wrongRules.status == 1)
        let noRules = try pipeline(["Fixtures/files/photo.png"], ["--destination", Self.frame, "--zone", "border"])
        #expect(noRules.status == 1)
        #expect(
            noRules.stdout == """
                proposal: cancel (the destination declares no drop rules here, so every drop cancels)
                item 1: refused: the destination declares no drop rules here

                """)
        let unknown = try pipeline(["Fixtures/files/photo.png"], ["--destination", Self.frame, "--zone", "margin"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr == "uti: --zone margin: Fixtures/destinations/photo-frame.json declares no zone \"margin\" (its zones: border, caption, image)\n")
        let none = try pipeline(["Fixtures/files/photo.png"], ["--destination", Self.frame])
        #expect(none.status == 2)
        #expect(
            none.stderr == "uti: Fixtures/destinations/photo-frame.json declares zones (border, caption, image) and no rules of its own: give --zone NAME\n")
    }

    @Test func twoDestinationsGiveOneResultEachInJSON() throws {
        let run = try pipeline(
            ["Fixtures/files/photo.png", "Fixtures/files/utf8.txt"],
            ["--destination", "Fixtures/destinations/viewer.json", "--destination", "Fixtures/destinations/notes-app.json", "--format", "json"])
        #expect(run.status == 0)
        let results = try #require((try json(run.stdout) as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.map { $0["destination"] as? String } == ["Fixtures/destinations/viewer.json", "Fixtures/destinations/notes-app.json"])
        #expect(results.map { ($0["items"] as? [[String: Any]])?.map { $0["accepted"] as? Bool } } == [[true, false], [false, true]])
        try validate(run.stdout, against: "drop-results.schema.json")
    }

    @Test func twoDestinationsGiveATestCasePerDestinationAndItemInJUnit() throws {
        let run = try pipeline(
            ["Fixtures/files/photo.png", "Fixtures/files/utf8.txt"],
            ["--destination", "Fixtures/destinations/viewer.json", "--destination", "Fixtures/destinations/notes-app.json", "--format", "junit"])
        #expect(run.status == 0)
        #expect(
            run.stdout.hasPrefix(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="uti drop" tests="4" failures="2" errors="0">
                  <testsuite name="Fixtures/destinations/viewer.json" tests="2" failures="1" errors="0" skipped="0">
                """))
        #expect(run.stdout.components(separatedBy: "<testcase ").count == 5)
        #expect(
            run.stdout.contains(
                """
                    <testcase classname="Fixtures/destinations/notes-app.json" name="item 1: photo">
                      <failure message="no visible representation matches what the destination takes" type="copy">proposal: copy (drops into another application copy)</failure>
                """))
        let parsed = try runProgram(
            "/usr/bin/env", ["python3", "-c", "import sys, xml.etree.ElementTree as t; print(len(t.fromstring(sys.stdin.read()).findall('.//testcase')))"],
            stdin: Data(run.stdout.utf8))
        #expect(parsed.stdout == "4\n")
    }

    @Test func loadsNeedOneDestination() throws {
        let run = try pipeline(
            ["Fixtures/files/photo.png"],
            ["--destination", "Fixtures/destinations/viewer.json", "--destination", "Fixtures/destinations/notes-app.json", "--out", "/tmp"])
        #expect(run.status == 2)
        #expect(run.stderr == "uti: --out loads for one destination or list; give one with it\n")
    }

    @Test func destinationsAndListsTogether() throws {
        let arguments = [
            "--destination", "Fixtures/destinations/viewer.json", "--list", ListDropTests.photos, "--list", ListDropTests.notes,
            "--at", "0.1", "--at", "0.0",
        ]
        let text = try pipeline(["Fixtures/files/photo.png"], arguments)
        #expect(text.status == 1, "the notes list refuses the photo")
        #expect(
            text.stdout == """
                destination Fixtures/destinations/viewer.json:
                  proposal: copy (the destination copies)
                  item 1: accepted public.png for public.png (exact) (dry run: not loaded)
                list Fixtures/lists/photos.list.json at 0.1:
                  proposal: copy, insert at 0.1 (drops into another application copy)
                  item 1: placeholder at 0.1 while public.png loads (for public.image, conformance)
                  item 1: commit "photo" at 0.1 (dry run: not loaded)
                  list photos:
                    section 0 recent: sunset, photo, harbor, forest, meadow, canyon, summer
                    section 1 archive: lighthouse, caption
                list Fixtures/lists/notes.list.json at 0.0:
                  proposal: cancel, insert at 0.0 (no item has a visible representation the destination can take)
                  item 1: refused: no visible representation matches what the list takes
                  list notes:
                    section 0 pinned: groceries, work, ideas

                """)
        let json = try pipeline(["Fixtures/files/photo.png"], arguments + ["--format", "json"])
        try validate(json.stdout, against: "drop-results.schema.json")
        let junit = try pipeline(["Fixtures/files/photo.png"], arguments + ["--format", "junit"])
        #expect(junit.stdout.contains("<testsuites name=\"uti drop\" tests=\"3\" failures=\"1\" errors=\"0\">\n"))
        #expect(junit.stdout.contains("<testsuite name=\"Fixtures/lists/notes.list.json at 0.0\" tests=\"1\" failures=\"1\""))

        let uneven = try pipeline(
            ["Fixtures/files/photo.png"], ["--list", ListDropTests.photos, "--list", ListDropTests.notes, "--at", "0.1", "--at", "0.0", "--at", "0.2"])
        #expect(uneven.status == 2)
        #expect(uneven.stderr == "uti: give one --at for every --list, or one per --list in the same order (2 lists, 3 --at)\n")
    }
}

import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import ItemProvidersCore

/// `ListDrop` as server-side Swift calls it: pure, with the loads supplied by the caller.
@Suite struct ListDropLibraryTests {
    let catalog = TypeCatalog.current

    func list(_ identifiers: [[String]], reorders: Bool = true) -> ListView {
        var view = ListView(
            identifier: "grid", itemClass: "Photo", reorders: reorders,
            sections: identifiers.map { section in
                ListSection(items: section.map { ListItem(identifier: $0, types: ["public.png"]) })
            })
        view.application = "com.example.app"
        view.drop = DropDestination(takes: .accepts(["public.image"]))
        return view
    }

    func own(_ paths: [(ListIndexPath, String)]) -> DragSession {
        DragSession(
            application: "com.example.app",
            items: paths.map { path, identifier in
                // The list's rules apply to reorders too: each item offers the PNG the list takes.
                var provider = ItemProvider(suggestedName: identifier)
                provider.register(Representation(type: "public.png", kind: .data, source: .value("")))
                return DragItem(
                    provider: provider, localObject: LocalObject(className: "Photo", value: identifier),
                    sourceView: "grid", sourceIndexPath: path)
            })
    }

    @Test func indexPathsParseOnlySectionDotItem() {
        #expect(ListIndexPath("0.4") == ListIndexPath(section: 0, item: 4))
        #expect(ListIndexPath("12.0")?.description == "12.0")
        for bad in ["", "1", "1.", ".1", "1.2.3", "-1.0", "a.b", "1.x", " 1.2", "9999999999.0"] { #expect(ListIndexPath(bad) == nil, "\(bad)") }
    }

    @Test func twoMovesInOneSectionRemoveFirstThenInsertInSessionOrder() throws {
        let session = own([(ListIndexPath(section: 0, item: 4), "e"), (ListIndexPath(section: 0, item: 0), "a")])
        let result = try ListDrop.perform(
            session, on: list([["a", "b", "c", "d", "e"]]), at: ListIndexPath(section: 0, item: 1),
            intent: .insert, catalog: catalog
        ) { _, _, _, _ in nil }
        #expect(result.operation == .move)
        #expect(result.list.sections[0].items.map(\.identifier) == ["b", "e", "a", "c", "d"])
        #expect(result.actions.map(\.kind) == [.move, .move])
        #expect(result.actions.map { $0.at?.description } == ["0.1", "0.2"])
    }

    @Test func aFailedLoadDeletesItsPlaceholderAndTheNextMovesUp() throws {
        var first = ItemProvider(suggestedName: "x")
        first.register(Representation(type: "public.png", kind: .file, source: .path("/nowhere/x.png")))
        var second = ItemProvider(suggestedName: "y")
        second.register(Representation(type: "public.jpeg", kind: .file, source: .path("/nowhere/y.jpg")))
        let session = DragSession(application: "com.example.files", items: [DragItem(provider: first), DragItem(provider: second)])
        let result = try ListDrop.perform(
            session, on: list([["a", "b"]]), at: ListIndexPath(section: 0, item: 0), intent: .unspecified,
            catalog: catalog
        ) { index, _, representation, _ throws(UTIError) in
            if index == 0 { throw UTIError(.invalidInput, "gone") }
            return "/out/\(representation.type)"
        }
        #expect(result.operation == .copy)
        #expect(result.actions.map(\.kind) == [.placeholder, .placeholder, .delete, .commit])
        #expect(result.actions[3].at == ListIndexPath(section: 0, item: 0))
        #expect(result.list.sections[0].items.map(\.identifier) == ["y", "a", "b"])
        #expect(result.list.sections[0].items[0].path == "/out/public.jpeg")
    }

    @Test func sessionDocumentsKeepSourceIndexPaths() throws {
        let session = own([(ListIndexPath(section: 1, item: 2), "c")])
        let bytes = Array(SessionDocument.encode(session).serialized(pretty: true).utf8)
        #expect(try SessionDocument.decode(bytes, source: "t") == session)
        let half =
            #"{"schemaVersion": 1, "items": [{"sourceView": "grid", "sourceIndexPath": [1, -2], "localObject": {"class": "Photo"}, "representations": []}]}"#
        #expect(throws: UTIError.self) { try SessionDocument.decode(Array(half.utf8), source: "t") }
        #expect(
            SessionDocument.problems(try JSONValue.parse(Array(half.utf8), source: "t")).map(\.description) == [
                "$.items[0].sourceIndexPath: must be an index path: [section, item], whole numbers from 0",
                "$.items[0].sourceIndexPath: sourceView and sourceIndexPath go together",
            ])
    }

    @Test func listDocumentsRoundTrip() throws {
        var view = list([["a", "b"], []])
        view.sections[0].items[1].drop = DropDestination(takes: .objectClass("UIImage"))
        view.sections[0].items[1].contents = ["z"]
        let bytes = Array(ListDocument.encode(view).serialized(pretty: true).utf8)
        #expect(try ListDocument.decode(bytes, source: "t") == view)
    }
}

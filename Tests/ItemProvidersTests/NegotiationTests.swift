import FileAccess
import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import ItemProvidersCore

/// A session built from literals: each item a list of (type, visibility).
func makeSession(
    _ items: [[(String, Visibility)]], application: String? = "com.example.source", team: String? = "TEAM1",
    group: String? = "group.example", allowsMove: Bool = true, restricted: Bool = false, localObjects: [LocalObject?] = []
) -> DragSession {
    var session = DragSession(
        application: application, team: team, group: group, allowsMoveOperation: allowsMove,
        restrictedToSourceApplication: restricted)
    for (index, representations) in items.enumerated() {
        var provider = ItemProvider(suggestedName: "item\(index)")
        for (type, visibility) in representations {
            provider.register(Representation(type: type, kind: .file, visibility: visibility, source: .path("/x/\(type)")))
        }
        session.items.append(DragItem(provider: provider, localObject: index < localObjects.count ? localObjects[index] : nil))
    }
    return session
}

func destination(_ takes: DropDestination.Takes, application: String? = "com.example.other", configure: (inout DropDestination) -> Void = { _ in })
    -> DropDestination
{
    var destination = DropDestination(takes: takes)
    destination.application = application
    configure(&destination)
    return destination
}

func negotiate(_ session: DragSession, _ destination: DropDestination) -> DropResult {
    Negotiation.negotiate(session, with: destination, catalog: .builtIn)
}

@Suite struct VisibilityTests {
    @Test(arguments: [
        (Visibility.all, nil as String?, nil as String?, "com.example.other", true),
        (.team, "TEAM1", nil, "com.example.other", true), (.team, "TEAM2", nil, "com.example.other", false),
        (.team, nil, nil, "com.example.other", false),
        (.group, nil, "group.example", "com.example.other", true), (.group, nil, "group.other", "com.example.other", false),
        (.ownProcess, "TEAM1", "group.example", "com.example.other", false), (.ownProcess, nil, nil, "com.example.source", true),
    ])
    func representationCountsOnlyWhenTheDestinationMaySeeIt(
        visibility: Visibility, team: String?, group: String?, application: String, visible: Bool
    ) {
        let session = makeSession([[("public.png", visibility)]])
        let target = destination(.accepts(["public.image"]), application: application) {
            $0.team = team
            $0.group = group
        }
        let result = negotiate(session, target)
        #expect(result.canHandle == visible)
        #expect(result.items[0].accepted == visible)
    }
}

@Suite struct ChoosingTests {
    @Test func exactIdentifierBeatsAnEarlierConformingOne() {
        let session = makeSession([[("public.png", .all), ("public.image", .all)]])
        let result = negotiate(session, destination(.accepts(["public.image"])))
        #expect(result.items[0].representation == "public.image")
        #expect(result.items[0].match == .exact)
    }

    @Test func otherwiseTheFirstConformingInSourceOrder() {
        let session = makeSession([[("public.jpeg", .all), ("public.png", .all)]])
        let result = negotiate(session, destination(.accepts(["public.image"])))
        #expect(result.items[0].representation == "public.jpeg")
        #expect(result.items[0].match == .conformance)
    }

    @Test func eachItemTakesTheFirstAcceptedTypeItCanSatisfy() {
        let session = makeSession([[("public.utf8-plain-text", .all)], [("public.png", .all), ("public.utf8-plain-text", .all)]])
        let result = negotiate(session, destination(.accepts(["public.image", "public.text"])))
        #expect(result.items.map(\.requested) == ["public.text", "public.image"])
        #expect(result.items.map(\.representation) == ["public.utf8-plain-text", "public.png"])
    }

    @Test func readableTypesPreferExactMatchesAcrossTheWholeList() {
        // Pass 1 finds the exact public.html even though public.text (conformance) comes first in the list.
        let session = makeSession([[("public.utf8-plain-text", .all), ("public.html", .all)]])
        let result = negotiate(session, destination(.readableTypes(["public.text", "public.html"])))
        #expect(result.items[0].representation == "public.html")
        #expect(result.items[0].requested == "public.html")
        #expect(result.items[0].match == .exact)
    }

    @Test func readableTypesThenConformanceInDestinationOrder() {
        let session = makeSession([[("public.html", .all), ("public.utf8-plain-text", .all)]])
        let result = negotiate(session, destination(.readableTypes(["public.plain-text", "public.text"])))
        #expect(result.items[0].representation == "public.utf8-plain-text")
        #expect(result.items[0].requested == "public.plain-text")
        #expect(result.items[0].match == .conformance)
    }

    @Test func classPresetsUseTheirReadableTypes() {
        let session = makeSession([[("public.jpeg", .all), ("public.png", .all)]])
        let result = negotiate(session, destination(.objectClass("UIImage")))
        #expect(result.items[0].representation == "public.png", "UIImage prefers PNG")
        #expect(result.items[0].match == .exact)
    }

    @Test func localObjectOnlyWithinTheSameApplication() {
        let local = LocalObject(className: "UIImage", value: "in memory")
        let session = makeSession([[("public.png", .all)]], localObjects: [local])
        let same = negotiate(session, destination(.objectClass("UIImage"), application: "com.example.source"))
        #expect(same.items[0].match == .localObject)
        #expect(same.items[0].representation == nil)
        let other = negotiate(session, destination(.objectClass("UIImage")))
        #expect(other.items[0].match == .exact)
        #expect(other.items[0].representation == "public.png")
    }

    /// loadInPlaceFileRepresentation falls back to a copy for a representation not registered
    /// in place: the item is still accepted; only a file registered in place opens in place.
    @Test func openInPlaceTakesAnyRepresentationAndOpensOnlyFilesRegisteredSo() {
        let session = makeSession([[("public.utf8-plain-text", .all)]])
        let target = destination(.accepts(["public.text"])) { $0.load = .openInPlace }
        #expect(negotiate(session, target).canHandle)
        #expect(negotiate(session, target).items[0].accepted)
        #expect(!Loader.opensInPlace(session.items[0].provider.representations[0]))
        #expect(Loader.opensInPlace(Representation(type: "public.utf8-plain-text", kind: .file, openInPlace: true, source: .path("/n.txt"))))
        #expect(!Loader.opensInPlace(Representation(type: "public.utf8-plain-text", kind: .data, openInPlace: true, source: .value("n"))))
    }

    @Test func teamAndGroupRepresentationsAreVisibleToTheirOwnApplication() {
        let session = makeSession([[("public.png", .team)], [("public.png", .group)]])
        let own = negotiate(session, destination(.accepts(["public.image"]), application: "com.example.source"))
        #expect(own.items.map(\.accepted) == [true, true])
        let stranger = negotiate(session, destination(.accepts(["public.image"])))
        #expect(stranger.items.map(\.accepted) == [false, false])
    }

    @Test func aCountRefusalIsCanHandleFalse() {
        let session = makeSession([[("public.png", .all)], [("public.png", .all)]])
        let single = negotiate(session, destination(.accepts(["public.image"])) { $0.maxItems = 1 })
        #expect(!single.canHandle)
        #expect(single.operation == .cancel)
        #expect(single.reason == "the destination takes at most 1 item; the session has 2")
    }
}

@Suite struct ProposalTests {
    let image = [("public.png", Visibility.all)]

    @Test func nothingHandledCancels() {
        let result = negotiate(makeSession([[("public.utf8-plain-text", .all)]]), destination(.accepts(["public.image"])))
        #expect(result.operation == .cancel)
        #expect(!result.canHandle)
    }

    @Test func itemCountOutOfRangeCancels() {
        let two = makeSession([image, image])
        #expect(negotiate(two, destination(.accepts(["public.image"])) { $0.maxItems = 1 }).operation == .cancel)
        #expect(negotiate(two, destination(.accepts(["public.image"])) { $0.minItems = 3 }).operation == .cancel)
        #expect(
            negotiate(
                two,
                destination(.accepts(["public.image"])) {
                    $0.minItems = 2
                    $0.maxItems = 2
                }
            ).operation == .copy)
        #expect(
            negotiate(two, destination(.accepts(["public.image"])) { $0.maxItems = 1 }).reason
                == "the destination takes at most 1 item; the session has 2")
    }

    @Test func restrictedSessionCancelsElsewhereOnly() {
        let session = makeSession([image], restricted: true)
        #expect(negotiate(session, destination(.accepts(["public.image"]))).operation == .cancel)
        #expect(negotiate(session, destination(.accepts(["public.image"]), application: "com.example.source")).operation == .move)
    }

    @Test func forbiddenOnlyWhenItCouldOtherwiseHandle() {
        let forbid = destination(.accepts(["public.image"])) { $0.forbidden = true }
        #expect(negotiate(makeSession([image]), forbid).operation == .forbidden)
        #expect(negotiate(makeSession([[("public.utf8-plain-text", .all)]]), forbid).operation == .cancel)
        #expect(negotiate(makeSession([image]), forbid).items[0].accepted == false)
    }

    @Test(arguments: [
        // preference, same application, session allows moving -> operation
        (DropDestination.Preference.auto, true, true, DropOperation.move), (.auto, true, false, .copy), (.auto, false, true, .copy),
        (.move, true, true, .move), (.move, true, false, .cancel), (.move, false, true, .copy), (.move, false, false, .cancel),
        (.copy, true, true, .copy), (.copy, false, false, .copy),
    ])
    func operationByPreference(preference: DropDestination.Preference, sameApplication: Bool, allowsMove: Bool, expected: DropOperation) {
        let session = makeSession([image], allowsMove: allowsMove)
        let target = destination(.accepts(["public.image"]), application: sameApplication ? "com.example.source" : "com.example.other") {
            $0.operation = preference
        }
        #expect(negotiate(session, target).operation == expected)
    }

    @Test func unnamedApplicationsAreNeverTheSame() {
        let session = makeSession([image], application: nil)
        #expect(negotiate(session, destination(.accepts(["public.image"]), application: nil)).operation == .copy)
    }
}

@Suite struct DestinationDocumentTests {
    func load(_ name: String) throws -> DropDestination {
        try DropDestination.decode(try FileContents.read(path: repositoryRoot.appendingPathComponent("Fixtures/destinations/\(name)").path), source: name)
    }

    @Test func fixturesLoad() throws {
        let single = try load("single-image.json")
        #expect(single.takes == .accepts(["public.image"]))
        #expect(single.maxItems == 1)
        #expect(single.operation == .move)
        #expect(single.load == .data)
        #expect(try load("notes-app.json").takes == .objectClass("NSString"))
        #expect(try load("editor-in-place.json").load == .openInPlace)
        #expect(try load("forbidden.json").forbidden)
    }

    @Test func everyProblemIsNamed() throws {
        let error = #expect(throws: UTIError.self) { try load("every-problem.json") }
        let message = error?.message ?? ""
        for part in [
            "$.colour: unknown key", "$: needs exactly one of accepts, readableTypes or objectClass",
            "$.minItems: must be a whole number", "$.maxItems: must be a whole number",
            "$.operation: must be one of copy, move, auto (not \"teleport\")",
        ] {
            #expect(message.contains(part), "\(part) in \(message)")
        }
    }

    @Test(arguments: ["UIImage", "NSString", "NSAttributedString", "NSURL", "UIColor", "CNContact", "MKMapItem"])
    func everyPresetNamesDeclaredTypes(name: String) throws {
        let readable = try #require(DropDestination.readableTypes(ofClass: name))
        for identifier in readable { #expect(UTType(identifier) != nil, "\(name): \(identifier)") }
    }

    @Test func fileNamesAreSanitized() {
        #expect(Loader.fileName(suggested: "../../etc/passwd", index: 0, extension: "txt") == ("-..-etc-passwd", "txt"))
        #expect(Loader.fileName(suggested: ".hidden", index: 0, extension: nil) == ("hidden", nil))
        #expect(Loader.fileName(suggested: "..", index: 2, extension: "png") == ("item 3", "png"))
        #expect(Loader.fileName(suggested: "a\u{7}b\nc", index: 0, extension: "png") == ("a_b_c", "png"))
        #expect(Loader.fileName(suggested: "photo.png", index: 0, extension: "png") == ("photo", "png"))
        #expect(Loader.fileName(suggested: nil, index: 4, extension: "txt") == ("item 5", "txt"))
    }
}

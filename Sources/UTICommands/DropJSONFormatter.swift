import ItemProvidersCore
import TypeInference
import UniformTypes

/// `uti drop --format json` and `jsonl`: the result documents (schemas/drop-result.schema.json,
/// list-drop-result.schema.json) and the `--explain` objects beside them.
extension DropCommand {
    /// The result document (schemas/drop-result.schema.json). Items are numbered from 1, as in
    /// the text output and in check reports.
    static func record(_ result: DropResult, session: DragSession) -> JSONValue {
        /// The item's suggested name, and the file behind the representation it would load.
        func source(of item: ItemOutcome) -> (name: String?, path: String?) {
            guard session.items.indices.contains(item.index) else { return (nil, nil) }
            let provider = session.items[item.index].provider
            var chosen = provider.representations.first { $0.type == item.representation }
            if case .derived(let from, _)? = chosen?.source { chosen = provider.representations.first { $0.type == from } }
            if case .object(_, let path?, _)? = chosen?.source { return (provider.suggestedName, path) }
            guard case .path(let path)? = chosen?.source else { return (provider.suggestedName, nil) }
            return (provider.suggestedName, path)
        }
        return .object([
            "schemaVersion": .int(outputSchemaVersion),
            "offered": .bool(result.offered),
            "canHandle": .bool(result.canHandle),
            "proposal": [
                "operation": .string(result.operation.rawValue), "reason": .string(result.reason), "isPrecise": .bool(result.isPrecise),
                "prefersFullSizePreview": .bool(result.prefersFullSizePreview),
            ],
            "progress": [
                "indicator": .string(result.progress.indicator.rawValue), "totalUnitCount": .int(result.progress.totalUnitCount),
                "completedUnitCount": .int(result.progress.completedUnitCount),
            ],
            "localContext": .optional(result.localContext),
            "notes": .strings(result.notes),
            "findings": .strings(result.findings),
            "items": .array(
                result.items.map { item in
                    .object([
                        "index": .int(item.index + 1), "suggestedName": .optional(source(of: item).name),
                        "path": .optional(source(of: item).path), "accepted": .bool(item.accepted),
                        "representation": .optional(item.representation), "requested": .optional(item.requested),
                        "match": .optional(item.match?.rawValue), "output": .optional(item.output), "reason": .optional(item.reason),
                        "inPlace": item.inPlace.map(JSONValue.bool) ?? .null,
                    ])
                }),
        ])
    }

    /// Why the drop came out as it did (`--explain`): what the destination takes, with the
    /// provenance of a class preset; per item, every representation and whether the destination
    /// may see it, and the pass that matched; the rule behind the proposal.
    static func explanation(_ result: DropResult, session: DragSession, destination: DropDestination, catalog: TypeCatalog) -> JSONValue {
        var takes: [String: JSONValue] = [:]
        switch destination.takes {
        case .accepts(let types):
            takes = ["kind": "accepts", "types": .strings(types)]
        case .readableTypes(let types):
            takes = ["kind": "readable-types", "types": .strings(types)]
        case .nothing:
            takes = ["kind": "nothing", "types": .strings([])]
        case .objectClass(let name):
            let preset = DropDestination.classPresets.first { $0.name == name }
            takes = [
                "kind": "object-class", "class": .string(name), "note": .optional(preset?.note),
                "types": .strings(preset?.readable.map(\.type) ?? []),
                "provenance": .array(
                    (preset?.readable ?? []).map { entry in
                        ["typeIdentifier": .string(entry.type), "confidence": .string(entry.confidence.rawValue), "source": .string(entry.source)]
                    }),
            ]
        }
        // canHandle's check and performDrop's loads, each as its own pass when they differ.
        func pass(_ item: DragItem, _ takes: DropDestination.Takes) -> JSONValue {
            var rules = destination
            rules.takes = takes
            guard let choice = Negotiation.choose(item, session: session, destination: rules, catalog: catalog) else { return .null }
            return [
                "requested": .string(choice.requested), "match": .string(choice.match.rawValue),
                "chosen": .optional(choice.representation?.type),
            ]
        }
        let items: [JSONValue] = result.items.map { item in
            let dragged = session.items[item.index]
            let representations = dragged.provider.representations.map { representation -> JSONValue in
                [
                    "typeIdentifier": .string(representation.type), "kind": .string(representation.kind.rawValue),
                    "visibility": .string(representation.visibility.rawValue),
                    "visible": .bool(Negotiation.isVisible(representation, session: session, to: destination)),
                ]
            }
            return [
                "index": .int(item.index + 1), "representations": .array(representations),
                "check": pass(dragged, destination.takes),
                "performDrop": destination.performDrop.map { pass(dragged, $0) } ?? .null,
                "requested": .optional(item.requested), "match": .optional(item.match?.rawValue),
                "chosen": .optional(item.representation), "accepted": .bool(item.accepted), "reason": .optional(item.reason),
            ]
        }
        var performDrop: JSONValue = .null
        if let loads = destination.performDrop { performDrop = .string(Negotiation.describe(loads)) }
        return [
            "takes": .object(takes),
            "performDrop": performDrop,
            "passes":
                "accepts and a Transferable type: type by type in the destination's order, an exact identifier before a conforming one; readable types or a class: an exact identifier anywhere in the list before any conformance; performDrop, when declared, loads by its own rules every item it can",
            "items": .array(items),
            "proposal": ["operation": .string(result.operation.rawValue), "rule": .string(result.reason)],
            "notes": .strings(result.notes),
        ]
    }

    /// The result of a list drop (schemas/list-drop-result.schema.json); session items are
    /// numbered from 1, index paths from 0 as UIKit counts them.
    static func record(_ result: ListDropResult, list: ListView, explain: Bool = false) -> JSONValue {
        var record = record(result, list: list)
        if explain, case .object(var members) = record {
            members["explain"] = .array(result.trace.map { .object(["decision": .string($0.decision), "rule": .string($0.rule)]) })
            record = .object(members)
        }
        return record
    }

    static func record(_ result: ListDropResult, list: ListView) -> JSONValue {
        .object([
            "schemaVersion": .int(outputSchemaVersion),
            "list": .string(list.identifier),
            "destinationIndexPath": result.destinationIndexPath?.json ?? .null,
            "offered": .bool(result.offered),
            "canHandle": .bool(result.canHandle),
            "proposal": [
                "operation": .string(result.operation.rawValue), "intent": .string(result.intent.rawValue), "reason": .string(result.reason),
                "isPrecise": .bool(result.isPrecise), "prefersFullSizePreview": .bool(result.prefersFullSizePreview),
            ],
            "actions": .array(
                result.actions.map { action in
                    .object([
                        "index": .int(action.index + 1), "action": .string(action.kind.rawValue),
                        "from": action.from?.json ?? .null, "at": action.at?.json ?? .null, "identifier": .optional(action.identifier),
                        "representation": .optional(action.representation), "requested": .optional(action.requested),
                        "match": .optional(action.match?.rawValue), "output": .optional(action.output), "reason": .optional(action.reason),
                        "inPlace": action.inPlace.map(JSONValue.bool) ?? .null,
                    ])
                }),
            "findings": .strings(result.findings),
            "result": ListDocument.encode(result.list),
        ])
    }
}

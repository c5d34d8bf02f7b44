import ArgumentParser
import ItemProviders
import UniformTypes

/// `uti drop --list`: a drop into a collection or table view.
extension DropCommand {
    /// Drops the session into `view` at the index path `text`, loading into --out when given;
    /// sets `failed` when a load fails.
    func dropIntoList(
        _ session: DragSession, on view: ListView, at text: String, sessionSource: String, catalog: TypeCatalog, failed: inout Bool
    ) throws(UTIError) -> ListDropResult {
        let path = ListIndexPath(text)
        guard path != nil || text == "none" else {
            throw UTIError(.invalidInput, "--at \(text): not an index path (S.I: section and item, whole numbers from 0, or none)")
        }
        // Without --out the loads are only verified: a dry run never promises a load that cannot happen.
        let loader = try makeLoader(sessionSource: sessionSource, folder: out, catalog: catalog)
        var loadFailed = false
        let order = completionOrder.flatMap(CompletionOrder.init) ?? .session
        let result = try ListDrop.perform(
            session, on: view, at: path, intent: intent ?? .insert, over: over, editing: editing, catalog: catalog, completionOrder: order
        ) {
            index, item, representation, rules throws(UTIError) in
            do throws(UTIError) {
                guard out != nil else {
                    try loader.verify(item, representation: representation)
                    return nil
                }
                return try loader.load(item, index: index, representation: representation, as: rules.load)
            } catch {
                loadFailed = true
                Output.reportError("item \(index + 1): \(error.message)")
                throw error
            }
        }
        failed = failed || loadFailed
        return result
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

    /// `--explain` for a list drop: each decision, then the rule behind it.
    static func traceText(_ result: ListDropResult) -> String {
        (["explain:"] + result.trace.flatMap { ["  \($0.decision)", "    rule: \($0.rule)"] })
            .map(Output.terminalSafe).joined(separator: "\n") + "\n"
    }

    static func record(_ result: ListDropResult, list: ListView) -> JSONValue {
        .object([
            "schemaVersion": .int(outputSchemaVersion),
            "list": .string(list.identifier),
            "destinationIndexPath": result.destinationIndexPath?.json ?? .null,
            "offered": .bool(result.offered),
            "canHandle": .bool(result.canHandle),
            "proposal": ["operation": .string(result.operation.rawValue), "intent": .string(result.intent.rawValue), "reason": .string(result.reason)],
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

    static func text(_ result: ListDropResult, dryRun: Bool) -> String {
        var lines = [
            "proposal: \(result.operation.rawValue), \(result.intent.rawValue) at \(result.destinationIndexPath?.description ?? "none") (\(result.reason))"
        ]
        for action in result.actions {
            var line = "item \(action.index + 1): "
            let name = action.identifier.map { " \"\($0)\"" } ?? ""
            switch action.kind {
            case .move: line += "move\(name) \(action.from!) -> \(action.at!)"
            case .insertLocal: line += "insert local object\(name) at \(action.at!)" + (action.reason.map { ": \($0)" } ?? "")
            case .placeholder:
                line +=
                    "placeholder at \(action.at!) while \(action.representation ?? "") loads (for \(action.requested ?? ""), \(action.match?.rawValue ?? ""))"
            case .commit:
                line += "commit\(name) at \(action.at!)" + (action.output.map { " -> \($0)" } ?? (dryRun ? " (dry run: not loaded)" : ""))
            case .delete: line += "delete the placeholder at \(action.at!): \(action.reason ?? "")"
            case .into:
                line += "into\(name) at \(action.at!): \(action.match == .localObject ? "local object" : action.representation ?? "")"
                line += action.output.map { " -> \($0)" } ?? (dryRun && action.match != .localObject ? " (dry run: not loaded)" : "")
            case .refused: line += "refused: \(action.reason ?? "")"
            }
            lines.append(line)
        }
        lines += result.findings.map { "finding: \($0)" }
        lines.append("list \(result.list.identifier):")
        for (index, section) in result.list.sections.enumerated() {
            let title = section.identifier.map { " \($0)" } ?? ""
            let items = section.items.map { item in item.contents.isEmpty ? item.identifier : "\(item.identifier) [\(item.contents.joined(separator: ", "))]" }
            lines.append("  section \(index)\(title): \(items.isEmpty ? "(empty)" : items.joined(separator: ", "))")
        }
        return lines.map(Output.terminalSafe).joined(separator: "\n") + "\n"
    }
}

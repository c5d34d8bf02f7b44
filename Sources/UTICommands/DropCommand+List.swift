import ArgumentParser
import ItemProviders
import UniformTypes

/// `uti drop --list`: a drop into a collection or table view.
extension DropCommand {
    func runList(_ session: DragSession, on view: ListView, source: String, sessionSource: String, catalog: TypeCatalog) throws {
        guard let text = at, let path = ListIndexPath(text) else {
            throw UTIError(.invalidInput, "--at \(at ?? ""): not an index path (S.I: section and item, whole numbers from 0)")
        }
        let loader = try out.map { folder throws(UTIError) in try makeLoader(sessionSource: sessionSource, folder: folder, catalog: catalog) }
        var failed = false
        let result = try ListDrop.perform(session, on: view, at: path, intent: intent ?? .insert, catalog: catalog) {
            index, item, representation, rules throws(UTIError) in
            guard let loader else { return nil }
            do throws(UTIError) {
                return try loader.load(item, index: index, representation: representation, as: rules.load)
            } catch {
                failed = true
                Output.reportError("item \(index + 1): \(error.message)")
                throw error
            }
        }
        switch format {
        case .json: Output.standard.line(Self.record(result, list: view).serialized(pretty: true))
        case .list: Output.standard.line(ListDocument.encode(result.list).serialized(pretty: true))
        case .junit: Output.standard.write(Self.junit(result, list: view, session: session))
        case .text: Output.standard.write(Self.text(result, dryRun: out == nil))
        }
        if failed || result.operation == DropOperation.cancel || result.operation == DropOperation.forbidden { throw ExitCode(1) }
    }

    /// The result of a list drop (schemas/list-drop-result.schema.json); session items are
    /// numbered from 1, index paths from 0 as UIKit counts them.
    static func record(_ result: ListDropResult, list: ListView) -> JSONValue {
        .object([
            "schemaVersion": .int(outputSchemaVersion),
            "list": .string(list.identifier),
            "destinationIndexPath": result.destinationIndexPath.json,
            "canHandle": .bool(result.canHandle),
            "proposal": ["operation": .string(result.operation.rawValue), "intent": .string(result.intent.rawValue), "reason": .string(result.reason)],
            "actions": .array(result.actions.map { action in
                .object([
                    "index": .int(action.index + 1), "action": .string(action.kind.rawValue),
                    "from": action.from?.json ?? .null, "at": action.at?.json ?? .null, "identifier": .optional(action.identifier),
                    "representation": .optional(action.representation), "requested": .optional(action.requested),
                    "match": .optional(action.match?.rawValue), "output": .optional(action.output), "reason": .optional(action.reason),
                ])
            }),
            "result": ListDocument.encode(result.list),
        ])
    }

    static func text(_ result: ListDropResult, dryRun: Bool) -> String {
        var lines = ["proposal: \(result.operation.rawValue), \(result.intent.rawValue) at \(result.destinationIndexPath) (\(result.reason))"]
        for action in result.actions {
            var line = "item \(action.index + 1): "
            let name = action.identifier.map { " \"\($0)\"" } ?? ""
            switch action.kind {
            case .move: line += "move\(name) \(action.from!) -> \(action.at!)"
            case .insertLocal: line += "insert local object\(name) at \(action.at!)"
            case .placeholder: line += "placeholder at \(action.at!) while \(action.representation ?? "") loads (for \(action.requested ?? ""), \(action.match?.rawValue ?? ""))"
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
        lines.append("list \(result.list.identifier):")
        for (index, section) in result.list.sections.enumerated() {
            let title = section.identifier.map { " \($0)" } ?? ""
            let items = section.items.map { item in item.contents.isEmpty ? item.identifier : "\(item.identifier) [\(item.contents.joined(separator: ", "))]" }
            lines.append("  section \(index)\(title): \(items.isEmpty ? "(empty)" : items.joined(separator: ", "))")
        }
        return lines.map(Output.terminalSafe).joined(separator: "\n") + "\n"
    }

    /// JUnit XML for a list drop: one testcase per session item, a failure for an item not taken
    /// or whose load failed.
    static func junit(_ result: ListDropResult, list: ListView, session: DragSession) -> String {
        var outcomes: [Int: ListAction] = [:]
        for action in result.actions { outcomes[action.index] = action }  // the last step of each item decides
        let cases = session.items.indices.map { index in (index, outcomes[index]) }
        let failed = cases.filter { [.refused, .delete].contains($0.1?.kind ?? .refused) }.count
        let suite = "\(list.identifier) at \(result.destinationIndexPath)"
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"uti drop\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\">",
            "  <testsuite name=\(CheckJUnitFormatter.attribute(suite)) tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">",
        ]
        for (index, action) in cases {
            let label = session.items[index].provider.suggestedName.map { "item \(index + 1): \($0)" } ?? "item \(index + 1)"
            lines.append("    <testcase classname=\(CheckJUnitFormatter.attribute(suite)) name=\(CheckJUnitFormatter.attribute(label))>")
            if let action, action.kind != .refused && action.kind != .delete {
                lines.append("      <system-out>\(CheckJUnitFormatter.escape("\(action.kind.rawValue) \(action.identifier ?? "") at \(action.at?.description ?? "")"))</system-out>")
            } else {
                let message = action?.reason ?? result.reason
                lines.append("      <failure message=\(CheckJUnitFormatter.attribute(message)) type=\"\(result.operation.rawValue)\"/>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}

import ItemProvidersCore
import TypeInference
import UniformTypes

/// `uti drop`'s text output: the proposal, a line per item, and `--explain`'s block.
extension DropCommand {
    static func text(_ result: DropResult, dryRun: Bool) -> String {
        // The proposal's flags, when set: precise placement, full-size previews.
        let flags = (result.isPrecise ? ", precise" : "") + (result.prefersFullSizePreview ? ", full-size preview" : "")
        var lines = ["proposal: \(result.operation.rawValue)\(flags) (\(result.reason))"]
        if let context = result.localContext { lines.append("local context: \(context)") }
        if result.progress.indicator == .none && result.progress.totalUnitCount > 0 {
            lines.append("progress: \(result.progress.completedUnitCount) of \(result.progress.totalUnitCount) loads; the destination shows its own indicator")
        }
        for item in result.items {
            var line = "item \(item.index + 1): "
            if item.accepted {
                switch item.match {
                case .localObject?: line += "accepted as local object \(item.requested ?? "")"
                default: line += "accepted \(item.representation ?? "") for \(item.requested ?? "") (\(item.match?.rawValue ?? ""))"
                }
                if let output = item.output {
                    line += " -> \(output)" + (item.reason.map { "; \($0)" } ?? "")
                } else if let reason = item.reason {
                    line += "; \(reason)"
                } else if dryRun && item.match != .localObject {
                    line += " (dry run: not loaded)"
                }
            } else {
                line += "refused: \(item.reason ?? "")"
            }
            lines.append(line)
        }
        lines += result.notes.map { "note: \($0)" }
        lines += result.findings.map { "finding: \($0)" }
        return lines.map(Output.terminalSafe).joined(separator: "\n") + "\n"
    }

    static func explanationText(_ explanation: JSONValue) -> String {
        guard case .object(let members) = explanation, case .object(let takes)? = members["takes"] else { return "" }
        var lines = ["explain:"]
        let types = takes["types"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let name = takes["class"]?.stringValue {
            lines.append("  takes class \(name): \(takes["note"]?.stringValue ?? "")")
            for (position, entry) in (takes["provenance"]?.arrayValue ?? []).enumerated() {
                guard case .object(let fields) = entry else { continue }
                lines.append(
                    "    \(position + 1). \(fields["typeIdentifier"]?.stringValue ?? "") (\(fields["confidence"]?.stringValue ?? "")): \(fields["source"]?.stringValue ?? "")"
                )
            }
        } else {
            lines.append("  takes \(takes["kind"]?.stringValue ?? ""): \(types.joined(separator: ", "))")
        }
        lines.append("  passes: \(members["passes"]?.stringValue ?? "")")
        for item in members["items"]?.arrayValue ?? [] {
            guard case .object(let fields) = item else { continue }
            let registered = (fields["representations"]?.arrayValue ?? []).compactMap { value -> String? in
                guard case .object(let r) = value else { return nil }
                let seen = r["visible"] == .bool(true) ? "visible" : "hidden"
                return "\(r["typeIdentifier"]?.stringValue ?? "") [\(r["kind"]?.stringValue ?? ""), \(r["visibility"]?.stringValue ?? ""), \(seen)]"
            }
            let index = fields["index"].flatMap { if case .int(let n) = $0 { n } else { nil } } ?? 0
            lines.append("  item \(index): \(registered.joined(separator: "; "))")
            func describe(_ pass: JSONValue?) -> String {
                guard case .object(let chosen)? = pass else { return "nothing visible matches" }
                if chosen["match"]?.stringValue == MatchKind.localObject.rawValue { return "its local object" }
                return "\(chosen["chosen"]?.stringValue ?? "") for \(chosen["requested"]?.stringValue ?? "") by \(chosen["match"]?.stringValue ?? "")"
            }
            lines.append("    canHandle's check: \(describe(fields["check"]))")
            if members["performDrop"] != .null { lines.append("    performDrop loads: \(describe(fields["performDrop"]))") }
            if fields["accepted"] == .bool(true) {
                lines.append("    accepted")
            } else {
                lines.append("    refused: \(fields["reason"]?.stringValue ?? "")")
            }
        }
        if let loads = members["performDrop"]?.stringValue { lines.append("  performDrop loads: \(loads)") }
        if case .object(let proposal)? = members["proposal"] {
            lines.append("  proposal: \(proposal["operation"]?.stringValue ?? "") because \(proposal["rule"]?.stringValue ?? "")")
        }
        return lines.map(Output.terminalSafe).joined(separator: "\n") + "\n"
    }

    /// `--explain` for a list drop: each decision, then the rule behind it.
    static func traceText(_ result: ListDropResult) -> String {
        (["explain:"] + result.trace.flatMap { ["  \($0.decision)", "    rule: \($0.rule)"] })
            .map(Output.terminalSafe).joined(separator: "\n") + "\n"
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

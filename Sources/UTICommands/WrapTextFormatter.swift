import ItemProvidersCore
import UniformTypes

/// `uti wrap --format text`. (The default, json, is the session document: SessionDocument.)
extension WrapCommand {
    /// The session as text: its source, then each item with its representations in fidelity order.
    static func describe(_ session: DragSession) -> String {
        var lines: [String] = []
        let source = [
            session.application.map { "application \($0)" }, session.team.map { "team \($0)" },
            session.group.map { "group \($0)" },
        ].compactMap { $0 }
        lines.append(
            "drag session from \(source.isEmpty ? "an unnamed source" : source.joined(separator: ", "))"
                + "; move \(session.allowsMoveOperation ? "allowed" : "not allowed")"
                + (session.restrictedToSourceApplication ? "; restricted to the source application" : ""))
        for (index, item) in session.items.enumerated() {
            var title = "item \(index + 1)"
            if let name = item.provider.suggestedName { title += ": \(name)" }
            if let local = item.localObject { title += " (local \(local.className))" }
            if let view = item.sourceView, let path = item.sourceIndexPath { title += " from \(view) at \(path)" }
            lines.append(title)
            for (position, representation) in item.provider.representations.enumerated() {
                var line = "  \(position + 1). \(representation.type) [\(representation.kind.rawValue)"
                if representation.visibility != .all { line += ", \(representation.visibility.rawValue)" }
                if representation.openInPlace { line += ", open in place" }
                line += "] "
                switch representation.source {
                case .path(let path): line += path
                case .value(let value): line += value
                case .derived(let from, let converter): line += "from \(from) by \(converter)"
                case .object(let className, let path?, nil): line += "\(path) as \(className) writes it"
                case .object(let className, let path?, let converter?): line += "\(path) by \(converter) as \(className) writes it"
                case .object(let className, nil, _): line += "(\(className) encodes it; uti cannot)"
                case .handler: line += "(a load handler)"
                }
                lines.append(line)
            }
        }
        return lines.map(Output.terminalSafe).joined(separator: "\n") + "\n"
    }
}

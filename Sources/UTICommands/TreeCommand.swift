import ArgumentParser
import UniformTypes

/// `uti tree`: the conformance graph as an indented tree or as Graphviz DOT.
struct TreeCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Show the conformance graph around a type, or the whole catalog.",
        discussion: """
            With TYPE: two indented trees rooted at the type, its ancestors ("conforms to") \
            and its descendants ("conformed to by"). Without TYPE: every type, from the roots \
            (types with no parent) down. The graph is a DAG: a type reached a second time is \
            printed with "(see above)" and not expanded again.

            --format dot prints a Graphviz digraph with an edge from each type to each of its \
            parents (render with `dot -Tsvg`). --format json (an array) and jsonl (a record a \
            line; schemas/tree-record.schema.json) give each type of the tree once: \
            {schemaVersion, identifier, relation (self, ancestor, descendant; type for the whole \
            catalog), parents (its direct parents)}, the centre first, then ancestors and \
            descendants in the text tree's order.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, dot, json, jsonl }

    @Argument(help: "The type at the centre: an identifier, .ext or a MIME type.", completion: .typeIdentifiers)
    var type: String?

    @Option(help: "Output format: text, dot, json or jsonl.")
    var format: Format = .text
    @OptionGroup var shortcuts: FormatShortcuts

    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws { try shortcuts.resolve(&format, default: .text) }

    func run(in context: UTIContext) throws {
        let output = context.standardOutput
        let catalog = try catalogOptions.catalog(in: context)
        let center = try type.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog) }
        let graph = TypeGraph(catalog: catalog)
        switch (format, center) {
        case (.text, let center?):
            output.line("conforms to:")
            output.write(graph.textTree(roots: [center], next: { $0.directSupertypes }))
            output.line("conformed to by:")
            output.write(graph.textTree(roots: [center], next: graph.children(of:)))
        case (.text, nil):
            output.write(graph.textTree(roots: graph.roots, next: graph.children(of:)))
        case (.dot, let center):
            output.write(graph.dot(around: center))
        case (.json, let center), (.jsonl, let center):
            var writer = RecordWriter(format: format == .json ? .json : .jsonl, output: output)
            for (type, relation) in graph.records(around: center) {
                writer.write(
                    versioned([
                        "identifier": .string(type.identifier), "relation": .string(relation),
                        "parents": .strings(type.directSupertypes.map(\.identifier)),
                    ]), text: "")
            }
            writer.finish()
        }
    }
}

/// The conformance graph of a catalog, with children computed once.
struct TypeGraph {
    let catalog: TypeCatalog
    private let childrenByIdentifier: [UTType: [UTType]]
    let roots: [UTType]

    init(catalog: TypeCatalog) {
        self.catalog = catalog
        var children: [UTType: [UTType]] = [:]
        var roots: [UTType] = []
        for type in catalog.allTypes {
            let parents = type.directSupertypes
            if parents.isEmpty { roots.append(type) }
            for parent in parents { children[parent, default: []].append(type) }
        }
        childrenByIdentifier = children
        self.roots = roots
    }

    func children(of type: UTType) -> [UTType] { childrenByIdentifier[type] ?? [] }

    /// Each type of the tree once, with how it relates to the centre: the centre, then its
    /// ancestors and its descendants, each in depth-first order; without a centre, every type
    /// from the roots down.
    func records(around center: UTType?) -> [(type: UTType, relation: String)] {
        var result: [(UTType, String)] = []
        var seen = Set<UTType>()
        func walk(_ type: UTType, next: (UTType) -> [UTType], relation: String) {
            guard seen.insert(type).inserted else { return }
            result.append((type, relation))
            for other in next(type) { walk(other, next: next, relation: relation) }
        }
        guard let center else {
            for root in roots { walk(root, next: children(of:), relation: "type") }
            return result
        }
        seen.insert(center)
        result.append((center, "self"))
        for parent in center.directSupertypes { walk(parent, next: { $0.directSupertypes }, relation: "ancestor") }
        for child in children(of: center) { walk(child, next: children(of:), relation: "descendant") }
        return result
    }

    /// An indented tree drawn with box characters; a node seen before is marked and not expanded.
    func textTree(roots: [UTType], next: (UTType) -> [UTType]) -> String {
        if roots.isEmpty { return "(none)\n" }
        var output = ""
        var expanded = Set<UTType>()
        func draw(_ type: UTType, prefix: String, isLast: Bool, isRoot: Bool) {
            let branch = isRoot ? "" : (isLast ? "└── " : "├── ")
            let below = next(type)
            let repeated = !below.isEmpty && expanded.contains(type)
            output += prefix + branch + type.identifier + (repeated ? " (see above)" : "") + "\n"
            guard !repeated else { return }
            expanded.insert(type)
            let childPrefix = isRoot ? prefix : prefix + (isLast ? "    " : "│   ")
            for (position, child) in below.enumerated() {
                draw(child, prefix: childPrefix, isLast: position == below.count - 1, isRoot: false)
            }
        }
        for root in roots {
            draw(root, prefix: "", isLast: true, isRoot: true)
        }
        return output
    }

    /// A Graphviz digraph: edges from each type to its parents, for the whole catalog or for the
    /// ancestors and descendants of one type.
    func dot(around center: UTType?) -> String {
        var nodes: [UTType]
        if let center {
            var descendants: [UTType] = []
            var seen: Set<UTType> = [center]
            var queue = [center]
            while !queue.isEmpty {
                let type = queue.removeFirst()
                for child in children(of: type) where seen.insert(child).inserted {
                    descendants.append(child)
                    queue.append(child)
                }
            }
            nodes = [center] + center.orderedSupertypes + descendants
        } else {
            nodes = catalog.allTypes
        }
        let members = Set(nodes)
        var lines = ["digraph uti {", "  rankdir=BT;", "  node [shape=box, fontname=\"Helvetica\"];"]
        if let center { lines.append("  \(quoted(center.identifier)) [style=bold];") }
        for type in nodes {
            for parent in type.directSupertypes where members.contains(parent) {
                lines.append("  \(quoted(type.identifier)) -> \(quoted(parent.identifier));")
            }
            if type.directSupertypes.isEmpty && center == nil {
                lines.append("  \(quoted(type.identifier));")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }
}

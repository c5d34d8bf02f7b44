import ArgumentParser
import UniformTypes

/// `uti tree`: the conformance graph as an indented tree or as Graphviz DOT.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Show the conformance graph around a type, or the whole catalog.",
        discussion: """
            With TYPE: two indented trees rooted at the type, its ancestors ("conforms to") \
            and its descendants ("conformed to by"). Without TYPE: every type, from the roots \
            (types with no parent) down. The graph is a DAG: a type reached a second time is \
            printed with "(see above)" and not expanded again.

            --format dot prints a Graphviz digraph with an edge from each type to each of its \
            parents (render with `dot -Tsvg`).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, dot }

    @Argument(help: "The type at the centre: an identifier, .ext or a MIME type.", completion: .typeIdentifiers)
    var type: String?

    @Option(help: "Output format: text or dot.")
    var format: Format = .text

    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let catalog = try catalogOptions.catalog()
        let center = try type.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog) }
        let graph = TypeGraph(catalog: catalog)
        switch (format, center) {
        case (.text, let center?):
            Output.standard.line("conforms to:")
            Output.standard.write(graph.textTree(roots: [center], next: { $0.directSupertypes }))
            Output.standard.line("conformed to by:")
            Output.standard.write(graph.textTree(roots: [center], next: graph.children(of:)))
        case (.text, nil):
            Output.standard.write(graph.textTree(roots: graph.roots, next: graph.children(of:)))
        case (.dot, let center):
            Output.standard.write(graph.dot(around: center))
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

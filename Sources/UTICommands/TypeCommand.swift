import ArgumentParser
import UniformTypes

/// `uti type`: look types up by identifier, filename extension or MIME type.
struct TypeCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Describe types given by identifier, filename extension or MIME type.",
        discussion: HelpText.type)

    @Argument(help: "Type identifiers, such as public.png or dyn.ah62d4rv4ge81g6pq.", completion: .typeIdentifiers)
    var identifiers: [String] = []

    @Option(
        name: [.customShort("e"), .customLong("extension")], parsing: .upToNextOption,
        help: ArgumentHelp("Filename extensions to look up (without the period).", valueName: "ext"))
    var extensions: [String] = []

    @Option(
        name: [.customShort("m"), .customLong("mime")], parsing: .upToNextOption,
        help: ArgumentHelp("MIME types to look up.", valueName: "mime"))
    var mimeTypes: [String] = []

    @Option(
        name: .customLong("conforming-to"),
        help: ArgumentHelp("Constraint for tag lookups: a type, or none.", valueName: "type|none"))
    var conformingTo: String = "public.data"

    @Flag(help: "Print the dynamic type of each tag, even when a declared type carries it.")
    var dynamic = false

    @Flag(help: "Print every type that carries each tag, best first, not only the preferred one.")
    var all = false

    @Option(help: "Output format: text, json or jsonl.")
    var format: OutputFormat = .text
    @OptionGroup var shortcuts: FormatShortcuts

    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws {
        try shortcuts.resolve(&format, default: .text)
        if identifiers.isEmpty && extensions.isEmpty && mimeTypes.isEmpty {
            throw ValidationError("Give at least one identifier, --extension or --mime.")
        }
    }

    func run(in context: UTIContext) throws {
        // With --all, every type for a tag is listed, shared-mime-info's included.
        let lookup = TypeLookup(
            identifiers: identifiers, extensions: extensions, mimeTypes: mimeTypes, conformingTo: conformingTo, dynamic: dynamic, all: all, format: format)
        let catalog = all ? try catalogOptions.catalog(in: context) : try catalogOptions.catalog(resolving: lookup.names, in: context)
        if try !lookup.printRecords(in: catalog, to: context) { throw ExitCode(1) }
    }
}

/// What `uti type` prints, apart from parsing: shared by `TypeCommand` and `FastPath`.
struct TypeLookup {
    var identifiers: [String]
    var extensions: [String]
    var mimeTypes: [String]
    var conformingTo = "public.data"
    var dynamic = false
    var all = false
    var format = OutputFormat.text

    /// The names the lookup resolves, for `CatalogOptions.catalog(resolving:)`.
    var names: [String] {
        identifiers + extensions.map { $0.hasPrefix(".") ? $0 : "." + $0 } + mimeTypes
            + (conformingTo.lowercased() == "none" ? [] : [conformingTo])
    }

    /// Prints one record per identifier, then per tag; false when an identifier was unknown (its
    /// error already reported), to `context`'s output.
    func printRecords(in catalog: TypeCatalog, to context: UTIContext) throws(UTIError) -> Bool {
        let constraint: UTType?
        if conformingTo.lowercased() == "none" {
            constraint = nil
        } else {
            constraint = try resolveType(conformingTo, in: catalog)
        }
        var writer = RecordWriter(format: format, output: context.standardOutput)
        var succeeded = true
        for identifier in identifiers {
            guard let type = catalog.type(identifier: identifier) else {
                context.standardOutput.flush()
                context.reportError(unknownTypeMessage(identifier, in: catalog))
                succeeded = false
                continue
            }
            writer.write(versioned(typeRecord(type)), text: typeText(type))
        }
        let lookups =
            extensions.map { ($0.hasPrefix(".") ? String($0.dropFirst()) : $0, UTTagClass.filenameExtension) }
            + mimeTypes.map { ($0, UTTagClass.mimeType) }
        for (tag, tagClass) in lookups {
            let types: [UTType]
            if dynamic {
                types = [catalog.dynamicType(tag: tag, tagClass: tagClass, conformingTo: constraint)]
            } else {
                let found = catalog.types(tag: tag, tagClass: tagClass, conformingTo: constraint)
                types = all ? found : [found[0]]
            }
            for type in types { writer.write(versioned(typeRecord(type)), text: typeText(type)) }
        }
        writer.finish()
        return succeeded
    }
}

/// `uti conforms`: answer with the exit status.
struct ConformsCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "conforms",
        abstract: "Exit 0 when TYPE conforms to PARENT, 1 when it does not.",
        discussion: """
            Conformance is reflexive (every type conforms to itself) and transitive over the \
            declared parents. TYPE and PARENT are identifiers, .ext for a filename extension, or \
            type/subtype for a MIME type.

            EXIT STATUS: 0 conforms; 1 does not; 2 when either type is unknown or the usage is bad. \
            Silent unless --verbose, or --format json or jsonl: the answer as a record \
            (schemas/conforms-record.schema.json), {schemaVersion, type, parent, conforms}, with \
            the identifiers the names resolved to.
            """)

    @Argument(help: "The type to test.", completion: .typeIdentifiers) var type: String
    @Argument(help: "The type it should conform to.", completion: .typeIdentifiers) var parent: String
    @Flag(name: .shortAndLong, help: "Print the answer as a sentence.") var verbose = false
    @Option(help: "Output format: text (silent unless --verbose), json or jsonl.") var format: OutputFormat = .text
    @OptionGroup var shortcuts: FormatShortcuts
    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws {
        try shortcuts.resolve(&format, default: .text)
        if verbose && format != .text { throw ValidationError("--verbose is the text answer; --format \(format.rawValue) prints a record.") }
    }

    func run(in context: UTIContext) throws {
        let catalog = try catalogOptions.catalog(resolving: [type, parent], in: context)
        if try !Self.answer(type, parent, verbose: verbose, format: format, in: catalog, to: context.standardOutput) { throw ExitCode(1) }
    }

    /// Whether `type` conforms to `parent`, said as a sentence when `verbose` or as a record in
    /// json or jsonl, to `output`: shared by the command and `FastPath`.
    static func answer(
        _ type: String, _ parent: String, verbose: Bool, format: OutputFormat = .text, in catalog: TypeCatalog, to output: Output
    ) throws(UTIError) -> Bool {
        let child = try resolveType(type, in: catalog)
        let ancestor = try resolveType(parent, in: catalog)
        let answer = child.conforms(to: ancestor)
        if format != .text {
            let record = versioned(["type": .string(child.identifier), "parent": .string(ancestor.identifier), "conforms": .bool(answer)])
            output.line(record.serialized(pretty: format == .json))
        } else if verbose {
            output.line("\(child.identifier) \(answer ? "conforms" : "does not conform") to \(ancestor.identifier)")
        }
        return answer
    }
}

/// `uti list`: the known types.
struct ListCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the known types, sorted by identifier.",
        discussion: """
            Text output is one line per type: identifier, a tab, and the description. json and \
            jsonl give the same records as `uti type`.
            """)

    @Option(
        name: .customLong("conforming-to"), help: ArgumentHelp("Only types that conform to this one.", valueName: "type"),
        completion: .typeIdentifiers)
    var conformingTo: String?

    @Option(help: "Output format: text, json or jsonl.")
    var format: OutputFormat = .text
    @OptionGroup var shortcuts: FormatShortcuts

    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws { try shortcuts.resolve(&format, default: .text) }

    func run(in context: UTIContext) throws {
        let catalog = try catalogOptions.catalog(in: context)
        let constraint = try conformingTo.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog) }
        let types = catalog.allTypes
            .filter { constraint == nil || $0.conforms(to: constraint!) }
            .sorted { $0.identifier.lowercased() < $1.identifier.lowercased() }
        var writer = RecordWriter(format: format, output: context.standardOutput)
        for type in types {
            writer.write(versioned(typeRecord(type)), text: "\(type.identifier)\t\(type.localizedDescription ?? "")")
        }
        writer.finish()
    }
}

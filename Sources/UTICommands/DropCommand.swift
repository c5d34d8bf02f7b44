import ArgumentParser
import FileAccess
import ImageCodecs
import ItemProvidersCore
import TypeInference
import UniformTypes

/// `uti drop`: what a declared destination would do with a drag session.
struct DropCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "drop",
        abstract: "Simulate a drop: which items a destination accepts, copy or move, and what it loads.",
        discussion: HelpText.drop)

    @Argument(help: ArgumentHelp("The drag session (default: standard input).", valueName: "session"), completion: .file(extensions: ["json"]))
    var sessionPath: String?

    @Option(
        name: .customLong("destination"),
        help: ArgumentHelp(
            "A destination document (schemas/drop-destination.schema.json); repeat it for one result per destination.",
            valueName: "file"), completion: .file(extensions: ["json"]))
    var destinations: [String] = []
    @Option(help: ArgumentHelp("Negotiate in this zone of the destination (its zones declare rules of their own).", valueName: "name"))
    var zone: String?
    @Option(
        name: .customLong("list"),
        help: ArgumentHelp(
            "Drop into a collection or table view (schemas/list.schema.json); needs --at; repeatable.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var lists: [String] = []
    @Option(
        name: .customLong("at"),
        help: ArgumentHelp(
            "The destination index path in the list: section and item, from 0, or none (over empty space); one for every --list, or one per --list.",
            valueName: "S.I"))
    var indexPaths: [String] = []
    @Option(help: "Where the drop goes at --at: insert (between items), into (the item there), unspecified, or automatic (tables).")
    var intent: ListIntent?
    @Option(
        help:
            "With --intent automatic in a table: where over the row at --at the drag is (top inserts before it, bottom after it, middle goes into it when it takes the drop)."
    )
    var over: RowPosition?
    @Flag(help: "The list is editing (for a list whose delegate moves its items only while editing).")
    var editing = false
    @Option(
        name: .customLong("completion-order"),
        help: ArgumentHelp(
            "The order in which loads behind placeholders finish: session, reverse, or seed:N (a shuffle); the list afterwards is the same.",
            valueName: "order"))
    var completionOrder: String?
    @Option(help: ArgumentHelp("A type the destination accepts; repeatable, in preference order.", valueName: "type"), completion: .typeIdentifiers)
    var accepts: [String] = []
    @Option(name: .customLong("readable-types"), help: ArgumentHelp("Readable types, comma-separated, in preference order.", valueName: "t1,t2,..."))
    var readableTypes: String?
    @Option(
        name: .customLong("class"),
        help: ArgumentHelp("A class preset: UIImage, NSString, NSAttributedString, NSURL, UIColor, CNContact, MKMapItem.", valueName: "name"),
        completion: .classNames)
    var objectClass: String?
    @Option(
        name: .customLong("on-drop"),
        help: ArgumentHelp(
            "A SwiftUI onDrop(of:) target taking this type; repeatable, in order (the default DropDelegate: validate by conformance, propose copy).",
            valueName: "type"), completion: .typeIdentifiers)
    var onDrop: [String] = []
    @Option(
        name: .customLong("drop-destination"),
        help: ArgumentHelp(
            "A SwiftUI dropDestination(for:) target for this Transferable type: \(TransferableType.presets.map(\.name).joined(separator: ", ")).",
            valueName: "type"))
    var dropDestination: String?
    @Option(name: .customLong("app"), help: ArgumentHelp("The destination application's bundle identifier.", valueName: "id"))
    var application: String?
    @Option(help: ArgumentHelp("The destination's team.", valueName: "id")) var team: String?
    @Option(help: ArgumentHelp("The destination's application group.", valueName: "id")) var group: String?
    @Option(help: "The destination's platform: team visibility exists on ios only, group on macos only.")
    var platform: DropDestination.Platform?
    @Option(
        help: ArgumentHelp(
            "The iOS (or macOS) release the destinations and lists run on; default 26.",
            valueName: "release"))
    var os: Int?
    @Option(name: .customLong("min-items"), help: "The fewest items the destination takes.") var minItems: Int?
    @Option(name: .customLong("max-items"), help: "The most items the destination takes.") var maxItems: Int?
    @Option(help: "The operation the destination prefers.") var operation: DropDestination.Preference?
    @Option(help: "How the destination loads what it takes.") var load: DropDestination.Load?
    @Flag(help: "The destination forbids the drop.") var forbidden = false
    @Option(help: ArgumentHelp("Perform the loads into this folder (else a dry run).", valueName: "dir"), completion: .directory) var out: String?

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl, junit, list }
    @Option(
        help:
            "Output format: text, json, jsonl (a result a line), junit (a test case per destination and item), or list (the list afterwards, with --list)."
    )
    var format: Format = .text
    @OptionGroup var shortcuts: FormatShortcuts

    mutating func validate() throws { try shortcuts.resolve(&format, default: .text) }
    @Flag(
        help:
            "Also say why: what the destination takes and where a preset's types come from, each item's passes, and the rule behind the proposal."
    )
    var explain = false

    @OptionGroup var catalogOptions: CatalogOptions

    /// What one destination or list made of the session.
    enum Outcome {
        case destination(name: String, DropDestination, DropResult)
        case list(name: String, ListView, ListDropResult)
    }

    func run(in context: UTIContext) throws {
        try checkCombinations()
        let catalog = try catalogOptions.catalog(in: context)
        let sessionSource = sessionPath ?? "-"
        if sessionSource == "-" && isatty(context.standardInput) == 1 {
            throw UTIError(
                .invalidInput,
                """
                no drag session: standard input is a terminal. Pipe one in (uti wrap photo.png | uti drop --accepts public.image) \
                or name a session file
                """)
        }
        var targets = destinationsGiven ? try makeDestinations(catalog: catalog, in: context) : []
        var views = try lists.map { file throws in
            (file, try ListDocument.decode(try readDocument(file, in: context.workingFolder, standardInput: context.standardInput), source: file))
        }
        let session = try SessionDocument.decode(
            try readDocument(sessionSource, in: context.workingFolder, standardInput: context.standardInput), source: sessionSource,
            converters: ImageCodec.registry)
        // --os sets every destination's and list's release; what one needs that its release does
        // not have is bad input, as an app built for that release could not declare it.
        for index in targets.indices {
            if let os {
                if let problem = OSRelease.problem(os, on: targets[index].1.platform) { throw UTIError(.invalidInput, "--os \(problem)") }
                targets[index].1.os = OSRelease(os)
            }
            let missing = targets[index].1.unavailable(for: session)
            if !missing.isEmpty { throw UTIError(.invalidInput, "\(targets[index].0): \(missing.joined(separator: "; "))") }
        }
        for index in views.indices {
            if let os {
                if let problem = OSRelease.problem(os, on: .ios) { throw UTIError(.invalidInput, "--os \(problem)") }
                views[index].1.os = OSRelease(os)
            }
            if let why = session.unavailable(in: views[index].1.release, on: .ios) { throw UTIError(.invalidInput, "\(views[index].0): \(why)") }
        }
        var outcomes: [Outcome] = []
        var failed = false
        var overLimit = false
        for (name, target) in targets {
            var result = Negotiation.negotiate(session, with: target, catalog: catalog)
            if result.operation == .copy || result.operation == .move {
                let status = try perform(&result, session: session, sessionSource: sessionSource, destination: target, into: out, catalog: catalog, in: context)
                failed = failed || status != 0
                overLimit = overLimit || status == 2
            }
            outcomes.append(.destination(name: name, target, result))
        }
        for (index, (file, view)) in views.enumerated() {
            let text = indexPaths.count == 1 ? indexPaths[0] : indexPaths[index]
            let result = try dropIntoList(session, on: view, at: text, sessionSource: sessionSource, catalog: catalog, failed: &failed, in: context)
            outcomes.append(.list(name: file, view, result))
        }
        try write(outcomes, session: session, catalog: catalog, to: context.standardOutput)
        // A finding (the delegate's steps disagree) fails the run as a refused drop does.
        let proceeded = outcomes.allSatisfy { outcome in
            switch outcome {
            case .destination(_, _, let result): (result.operation == .copy || result.operation == .move) && result.findings.isEmpty
            case .list(_, _, let result): (result.operation == .copy || result.operation == .move) && result.findings.isEmpty
            }
        }
        // A file past one of uti's limits (one that never ends) is bad input, as documents are.
        if overLimit { throw ExitCode(2) }
        if failed || !proceeded { throw ExitCode(1) }
    }

    /// Whether the command names destinations (files or rules given as flags), as opposed to lists only.
    private var destinationsGiven: Bool {
        !destinations.isEmpty || !accepts.isEmpty || readableTypes != nil || objectClass != nil || !onDrop.isEmpty || dropDestination != nil || lists.isEmpty
    }

    /// Each outcome's result document with the destination or list it came from.
    private func namedRecords(_ outcomes: [Outcome], session: DragSession, catalog: TypeCatalog) -> [JSONValue] {
        outcomes.map { outcome in
            let (name, document): (String, JSONValue) =
                switch outcome {
                case .destination(let name, let target, let result): (name, record(result, session: session, destination: target, catalog: catalog))
                case .list(let name, let view, let result): (name, Self.record(result, list: view, explain: explain))
                }
            guard case .object(var members) = document else { return document }
            members["destination"] = .string(name)
            return .object(members)
        }
    }

    /// Prints the outcomes: one as each format shows a single drop, several one after another
    /// (text), as results (json) or as a test suite each (junit).
    private func write(_ outcomes: [Outcome], session: DragSession, catalog: TypeCatalog, to output: Output) throws {
        switch (format, outcomes.count == 1 ? outcomes.first : nil) {
        case (.json, .destination(_, let target, let result)?):
            output.line(record(result, session: session, destination: target, catalog: catalog).serialized(pretty: true))
        case (.json, .list(_, let view, let result)?):
            output.line(Self.record(result, list: view, explain: explain).serialized(pretty: true))
        case (.list, .list(_, _, let result)?):
            output.line(ListDocument.encode(result.list).serialized(pretty: true))
        case (.text, .destination(_, let target, let result)?):
            output.write(Self.text(result, dryRun: out == nil))
            if explain { output.write(Self.explanationText(Self.explanation(result, session: session, destination: target, catalog: catalog))) }
        case (.text, .list(_, _, let result)?):
            output.write(Self.text(result, dryRun: out == nil) + (explain ? Self.traceText(result) : ""))
        case (.junit, _):
            output.write(JUnitReport(name: "uti drop", suites: outcomes.map { Self.suite($0, session: session) }).render())
        case (.jsonl, _):
            // One result a line, each carrying its schemaVersion and destination, for one
            // destination as for several.
            for record in namedRecords(outcomes, session: session, catalog: catalog) { output.line(record.serialized(pretty: false)) }
        case (.json, _):
            output.line(
                JSONValue.object([
                    "schemaVersion": .int(outputSchemaVersion),
                    "results": .array(namedRecords(outcomes, session: session, catalog: catalog)),
                ]).serialized(pretty: true))
        case (.text, _), (.list, _):
            for outcome in outcomes {
                let heading: String
                let body: String
                switch outcome {
                case .destination(let name, let target, let result):
                    heading = "destination \(name):"
                    body =
                        Self.text(result, dryRun: out == nil)
                        + (explain ? Self.explanationText(Self.explanation(result, session: session, destination: target, catalog: catalog)) : "")
                case .list(let name, _, let result):
                    heading = "list \(name) at \(result.destinationIndexPath?.description ?? "none"):"
                    body = Self.text(result, dryRun: out == nil) + (explain ? Self.traceText(result) : "")
                }
                output.line(Output.terminalSafe(heading))
                output.write(body.split(separator: "\n").map { "  \($0)\n" }.joined())
            }
        }
    }

    /// Options that only make sense together, checked before anything is read.
    private func checkCombinations() throws(UTIError) {
        let outcomes = (destinationsGiven ? max(destinations.count, 1) : 0) + lists.count
        if lists.isEmpty {
            if !indexPaths.isEmpty || intent != nil || over != nil || completionOrder != nil || editing {
                throw UTIError(.invalidInput, "--at, --intent, --over, --editing and --completion-order need --list")
            }
        } else {
            guard indexPaths.count == 1 || indexPaths.count == lists.count else {
                throw UTIError(
                    .invalidInput,
                    indexPaths.isEmpty
                        ? "--list needs --at S.I, the destination index path"
                        : "give one --at for every --list, or one per --list in the same order (\(lists.count) lists, \(indexPaths.count) --at)")
            }
            if lists.contains("-") && (sessionPath ?? "-") == "-" {
                throw UTIError(.invalidInput, "--list - reads the list from standard input, so name the session file")
            }
            if !destinationsGiven
                && (application != nil || team != nil || group != nil || minItems != nil || maxItems != nil
                    || operation != nil || load != nil || forbidden || zone != nil || platform != nil)
            {
                throw UTIError(
                    .invalidInput,
                    "--app, --team, --group, --platform, --min-items, --max-items, --operation, --load, --forbidden and --zone describe a destination; a list declares its own rules"
                )
            }
        }
        if over != nil && intent != .automatic {
            throw UTIError(.invalidInput, "--over decides an automatic intent: give it with --intent automatic")
        }
        if let completionOrder, CompletionOrder(completionOrder) == nil {
            throw UTIError(.invalidInput, "--completion-order \(completionOrder): give session, reverse or seed:N (N a whole number)")
        }
        if format == .list && (lists.count != 1 || outcomes != 1) {
            throw UTIError(.invalidInput, "--format list prints the list after a drop: give one --list and no destination")
        }
        if outcomes > 1 && out != nil {
            throw UTIError(.invalidInput, "--out loads for one destination or list; give one with it")
        }
    }

    /// Loads the accepted items into `folder`, or in a dry run (no folder) checks that each load
    /// could happen: 0 when every load succeeded, 2 when one failed on one of uti's limits (bad
    /// input), else 1 when one failed.
    private func perform(
        _ result: inout DropResult, session: DragSession, sessionSource: String, destination target: DropDestination, into folder: String?,
        catalog: TypeCatalog, in context: UTIContext
    ) throws -> Int32 {
        let loader = try makeLoader(sessionSource: sessionSource, folder: folder, catalog: catalog, in: context)
        var status: Int32 = 0
        for index in result.items.indices where result.items[index].accepted && result.items[index].match != .localObject {
            let item = session.items[index]
            guard let chosen = item.provider.representations.first(where: { $0.type == result.items[index].representation }) else { continue }
            do {
                guard folder != nil else {
                    try loader.verify(item, representation: chosen)
                    result.progress.completedUnitCount += 1
                    continue
                }
                result.items[index].output = try loader.load(item, index: index, representation: chosen, as: target.load(for: result.items[index].requested))
                result.progress.completedUnitCount += 1
                if target.load == .openInPlace && !Loader.opensInPlace(chosen) {
                    result.items[index].reason = "a copy (isInPlace false): the source did not register \(chosen.type) to open in place"
                }
            } catch {
                status = max(status, error.code == .tooLarge ? 2 : 1)
                result.items[index].inPlace = nil
                result.items[index].reason = "loading failed: \(error.message)"
                context.reportError("item \(index + 1): \(error.message)")
            }
        }
        return status
    }

    /// A loader for `folder`, resolving a session's relative paths against the session file's
    /// folder; with no folder (a dry run), one that only verifies.
    func makeLoader(sessionSource: String, folder: String?, catalog: TypeCatalog, in context: UTIContext) throws(UTIError) -> Loader {
        let working = context.workingFolder
        let base = sessionSource == "-" ? Wrapper.absolute(".", in: working) : Wrapper.absolute(RawPath(sessionSource).directory, in: working)
        var loader = Loader(folder: folder ?? "", base: base, catalog: catalog, converters: ImageCodec.registry)
        loader.workingFolder = working
        loader.temporaries = InterruptCleanup.reporter
        if folder != nil { try loader.prepare() }
        return loader
    }

    /// The destinations, each named as the output calls it (its file, or "flags"), zoned when --zone is given.
    private func makeDestinations(catalog: TypeCatalog, in context: UTIContext) throws -> [(String, DropDestination)] {
        let files: [String?] = destinations.isEmpty ? [nil] : destinations
        return try files.map { file in
            var target = try makeDestination(file: file, catalog: catalog, in: context)
            let name = file ?? "flags"
            if let zone {
                guard !target.zones.isEmpty else { throw UTIError(.invalidInput, "--zone \(zone): \(name) declares no zones") }
                guard let zoned = target.zone(zone) else {
                    throw UTIError(
                        .invalidInput, "--zone \(zone): \(name) declares no zone \"\(zone)\" (its zones: \(target.zones.keys.sorted().joined(separator: ", ")))"
                    )
                }
                target = zoned
            } else if case .nothing = target.takes {
                throw UTIError(
                    .invalidInput, "\(name) declares zones (\(target.zones.keys.sorted().joined(separator: ", "))) and no rules of its own: give --zone NAME")
            }
            return (name, target)
        }
    }

    private func makeDestination(file destination: String?, catalog: TypeCatalog, in context: UTIContext) throws -> DropDestination {
        var target: DropDestination
        let given = [!accepts.isEmpty, readableTypes != nil, objectClass != nil, !onDrop.isEmpty, dropDestination != nil].filter { $0 }.count
        guard given <= 1 else {
            throw UTIError(.invalidInput, "give only one of --accepts, --readable-types, --class, --on-drop and --drop-destination")
        }
        if let destination {
            target = try DropDestination.decode(
                try readDocument(destination, in: context.workingFolder, standardInput: context.standardInput), source: destination)
        } else {
            guard given == 1 else {
                throw UTIError(
                    .invalidInput, "give a destination: --destination FILE, --accepts TYPE, --readable-types, --class, --on-drop or --drop-destination")
            }
            target = DropDestination(takes: .accepts([]))
        }
        func identifiers(_ names: [String]) throws(UTIError) -> [String] {
            try names.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog).identifier }
        }
        if !accepts.isEmpty { target.takes = .accepts(try identifiers(accepts)) }
        if let readableTypes {
            target.takes = .readableTypes(try identifiers(readableTypes.split(separator: ",").map { String($0).trimmingSpaces() }))
        }
        if let objectClass {
            guard DropDestination.readableTypes(ofClass: objectClass) != nil else {
                throw UTIError(
                    .invalidInput, "--class \(objectClass): unknown class (known: \(DropDestination.classPresets.map(\.name).joined(separator: ", ")))")
            }
            target.takes = .objectClass(objectClass)
        }
        if !onDrop.isEmpty || dropDestination != nil {
            let swiftUI: SwiftUIDestination
            if let dropDestination {
                guard let payload = TransferableType.preset(dropDestination) else {
                    throw UTIError(
                        .invalidInput,
                        "--drop-destination \(dropDestination): unknown Transferable type (presets: \(TransferableType.presets.map(\.name).joined(separator: ", ")); declare others in a destination file)"
                    )
                }
                swiftUI = .dropDestination(payload, configuration: nil)
            } else {
                swiftUI = .onDrop(types: try identifiers(onDrop), validate: nil, proposal: nil, performs: true)
            }
            target = DropDestination(swiftUI: swiftUI)
        }
        if let application { target.application = application }
        if let team { target.team = team }
        if let group { target.group = group }
        if let platform { target.platform = platform }
        if let minItems { target.minItems = minItems }
        if let maxItems { target.maxItems = maxItems }
        if let operation { target.operation = operation }
        if let load { target.load = load }
        if forbidden { target.forbidden = true }
        if let low = target.minItems, let high = target.maxItems, low > high {
            throw UTIError(.invalidInput, "--min-items \(low) is larger than --max-items \(high)")
        }
        return target
    }

    /// The result document, with the explanation when --explain asks for it.
    private func record(_ result: DropResult, session: DragSession, destination: DropDestination, catalog: TypeCatalog) -> JSONValue {
        var record = Self.record(result, session: session)
        if explain, case .object(var members) = record {
            members["explain"] = Self.explanation(result, session: session, destination: destination, catalog: catalog)
            record = .object(members)
        }
        return record
    }
}

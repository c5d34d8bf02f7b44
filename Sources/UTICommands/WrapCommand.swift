import ArgumentParser
import FileAccess
import ImageCodecs
import ItemProvidersCore
import TypeInference
import UniformTypes

/// A SwiftUI source's `DragConfiguration`, as `uti wrap --drag-configuration` names it.
enum DragConfigurationChoice: String, ExpressibleByArgument, CaseIterable { case copy, move }

/// `uti wrap`: files as a drag session.
struct WrapCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "wrap",
        abstract: "Make a drag session of files: item providers with representations by fidelity.",
        discussion: HelpText.wrap)

    @Argument(help: ArgumentHelp("Files or folders to wrap (session files with --merge).", valueName: "path"), completion: .file())
    var paths: [String] = []

    @Option(name: .customLong("source-app"), help: ArgumentHelp("The source application's bundle identifier.", valueName: "id"))
    var sourceApplication: String?
    @Option(help: ArgumentHelp("The source's development team.", valueName: "id")) var team: String?
    @Option(help: ArgumentHelp("The source's application group.", valueName: "id")) var group: String?
    @Flag(name: .customLong("no-move"), help: "The session does not allow moving (allowsMoveOperation false).")
    var noMove = false
    @Flag(help: "Only the source application may accept the drop.") var restricted = false
    @Option(
        name: .customLong("drag-configuration"),
        help: ArgumentHelp(
            "A SwiftUI source's DragConfiguration (iOS 26, macOS 26): copy (its default, copy only) or move (allowMove: true).",
            valueName: "copy|move"))
    var dragConfiguration: DragConfigurationChoice?
    @Option(
        name: .customLong("local-context"),
        help: ArgumentHelp("The drag session's localContext: data only the source application's own drops see.", valueName: "text"))
    var localContext: String?
    @Option(help: ArgumentHelp("The iOS release the --from-list view runs on (default: the newest, 26).", valueName: "release"))
    var os: Int?

    @Option(name: .customLong("rep"), help: ArgumentHelp("A representation of the hand-built item; repeatable.", valueName: "type=path"))
    var representations: [String] = []
    @Option(name: .customLong("visibility"), help: ArgumentHelp("Who may see a type's representations.", valueName: "type=value"))
    var visibilities: [String] = []
    @Option(name: .customLong("suggested-name"), help: "The suggested name of the hand-built (or only) item.")
    var suggestedName: String?
    @Option(name: .customLong("local-object"), help: ArgumentHelp("A local object of the hand-built (or only) item.", valueName: "class=value"))
    var localObject: String?

    @Option(
        name: .customLong("from-list"), help: ArgumentHelp("Drag from a collection or table view (schemas/list.schema.json); needs --at.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var fromList: String?
    @Option(help: ArgumentHelp("The index path the drag starts at in --from-list: section and item, from 0.", valueName: "S.I"))
    var at: String?
    @Option(help: ArgumentHelp("The list's selection (comma-separated, repeatable); the drag takes all of it when --at is in it.", valueName: "S.I,..."))
    var selected: [String] = []

    @Flag(name: .customLong("no-url"), help: "Omit the public.file-url and public.url representations.") var noURL = false
    @Flag(
        name: .customLong("derive"),
        help: ArgumentHelp(
            "Also offer what uti's converters derive from each file, after its own type (a source app that converts).",
            discussion:
                "NSItemProvider(contentsOf:) offers only the file's type and its URL; --derive adds text from HTML or RTF, UTF-8 from other encodings, the other plist format and a zip of a folder, each inheriting the visibility of what it is derived from."
        ))
    var derive = false
    @Option(
        name: .customLong("object"),
        help: ArgumentHelp(
            "Wrap each file as an object of this class would offer itself (NSItemProvider(object:)): the class's writable types.",
            valueName: "class"), completion: .classNames)
    var objectClass: String?
    @Flag(
        name: .customLong("open-in-place"),
        help: "Register file representations as openable in place (the newer initializer, which registers no URL types).")
    var openInPlace = false
    @Flag(help: "Record paths as given instead of absolute.") var relative = false
    @Flag(help: "Treat the arguments as session documents and concatenate them.") var merge = false
    @Option(
        name: .customLong("validate"),
        help: ArgumentHelp("Check a session document (- for standard input) and name every problem.", valueName: "file"))
    var documentToValidate: String?
    @Flag(name: [.customShort("L"), .customLong("dereference")], help: "Follow symbolic links.") var followSymlinks = false

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, jsonl, text }
    @Option(help: "Output format: json (the session document), jsonl (the same on one line) or text.") var format: Format = .json
    @OptionGroup var shortcuts: FormatShortcuts

    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws {
        try shortcuts.resolve(&format, default: .json)
        if documentToValidate == nil && paths.isEmpty && representations.isEmpty && fromList == nil {
            throw ValidationError("Give paths to wrap, --rep, --from-list, --merge with sessions, or --validate.")
        }
        if (fromList == nil) != (at == nil) { throw ValidationError("--from-list and --at go together.") }
        if os != nil && fromList == nil { throw ValidationError("--os is the release of the --from-list view; give it with --from-list.") }
        if let os, let problem = OSRelease.problem(os, on: .ios) { throw ValidationError("--os \(problem)") }
        if dragConfiguration != nil && noMove { throw ValidationError("--drag-configuration decides whether the session moves; leave --no-move out.") }
        if !selected.isEmpty && fromList == nil { throw ValidationError("--selected needs --from-list.") }
        if let objectClass {
            guard ClassPreset.named(objectClass) != nil else {
                throw ValidationError("--object \(objectClass): unknown class (known: \(DropDestination.classPresets.map(\.name).joined(separator: ", "))).")
            }
            if paths.isEmpty || merge || fromList != nil { throw ValidationError("--object wraps files given as paths.") }
            if derive || noURL || openInPlace {
                throw ValidationError("--object offers the class's writable types only; --derive, --no-url and --open-in-place describe a file's provider.")
            }
        }
    }

    func run(in context: UTIContext) throws {
        if let path = documentToValidate {
            let problems = SessionDocument.problems(
                try JSONValue.parse(try readDocument(path, in: context.workingFolder, standardInput: context.standardInput), source: path),
                converters: ImageCodec.registry)
            for line in DocumentProblem.summary(problems) { context.reportError("\(path): \(line)") }
            if !problems.isEmpty { throw ExitCode(2) }
            context.standardOutput.line(Output.terminalSafe("\(path): valid drag session"))
            return
        }
        let catalog = try catalogOptions.catalog(in: context)
        var session = DragSession()
        var failed = false
        if let fromList {
            session = try dragFromList(fromList, catalog: catalog, in: context)
        } else if merge {
            for (index, path) in paths.enumerated() {
                let part = try SessionDocument.decode(
                    try readDocument(path, in: context.workingFolder, standardInput: context.standardInput), source: path, converters: ImageCodec.registry)
                if index == 0 {
                    session = part
                } else {
                    session.items += part.items
                }
            }
        } else {
            var wrapper = Wrapper(catalog: catalog, converters: ImageCodec.registry)
            wrapper.workingFolder = context.workingFolder
            wrapper.includeDerived = derive
            // Only NSItemProvider(contentsOf:contentType:openInPlace:coordinated:visibility:)
            // opens in place, and it registers the file's type alone: no URL types.
            wrapper.includeURLs = !noURL && !openInPlace
            wrapper.openInPlace = openInPlace
            let inferrer = context.inferrer(catalog: catalog, followSymlinks: followSymlinks)
            for path in paths {
                if let error = Self.unrecordable(path) {
                    context.reportError(error.message)
                    failed = true
                    continue
                }
                let inference = inferrer.infer(RawArguments.path(path))
                if let error = inference.error {
                    context.reportError(error.message)
                    failed = true
                    continue
                }
                let recorded = relative ? path : Wrapper.absolute(path, in: context.workingFolder)
                if let objectClass {
                    do {
                        let file = IdentifiedFile(inference)
                        session.items.append(DragItem(provider: try wrapper.objectProvider(for: file, path: recorded, className: objectClass)))
                    } catch {
                        context.reportError(error.message)
                        failed = true
                    }
                    continue
                }
                session.items.append(DragItem(provider: wrapper.provider(for: IdentifiedFile(inference), path: recorded)))
            }
        }
        if !representations.isEmpty {
            var provider = ItemProvider()
            for argument in representations {
                let (type, path) = try pair(argument, option: "--rep")
                if let error = Self.unrecordable(path) { throw error }
                let resolved = try resolveType(type, in: catalog)
                provider.register(
                    Representation(
                        type: resolved.identifier, kind: .file, openInPlace: openInPlace,
                        source: .path(relative ? path : Wrapper.absolute(path, in: context.workingFolder))))
                if provider.suggestedName == nil { provider.suggestedName = Wrapper.suggestedName(for: RawPath(path).lastComponent) }
            }
            session.items.append(DragItem(provider: provider))
        }
        try applyItemOptions(to: &session, catalog: catalog)
        if let sourceApplication { session.application = sourceApplication }
        if let team { session.team = team }
        if let group { session.group = group }
        if noMove { session.allowsMoveOperation = false }
        if restricted { session.restrictedToSourceApplication = true }
        if let dragConfiguration { session.dragConfiguration = DragConfiguration(allowMove: dragConfiguration == .move) }
        if let localContext { session.localContext = localContext }
        switch format {
        case .json: context.standardOutput.line(SessionDocument.encode(session).serialized(pretty: true))
        case .jsonl: context.standardOutput.line(SessionDocument.encode(session).serialized(pretty: false))
        case .text: context.standardOutput.write(Self.describe(session))
        }
        if failed { throw ExitCode(1) }
    }

    /// The drag that starts at --at in a list: the selection when --at is part of it (the touched
    /// item first, then the rest in index-path order), else the touched item alone. Each item
    /// carries its source index path, a local object of the list's item class, and what its
    /// content offers: a file as NSItemProvider(contentsOf:) wraps it, or text as each of its types.
    private func dragFromList(_ file: String, catalog: TypeCatalog, in context: UTIContext) throws -> DragSession {
        var list = try ListDocument.decode(try readDocument(file, in: context.workingFolder, standardInput: context.standardInput), source: file)
        if let os { list.os = OSRelease(os) }
        func indexPath(_ text: String, option: String) throws(UTIError) -> ListIndexPath {
            guard let path = ListIndexPath(text) else {
                throw UTIError(.invalidInput, "\(option) \(text): not an index path (S.I: section and item, whole numbers from 0)")
            }
            guard list.item(at: path) != nil else {
                throw UTIError(.invalidInput, "\(option) \(text): \(file) holds no item at \(path)")
            }
            return path
        }
        let touched = try indexPath(at ?? "", option: "--at")
        if let off = list.dragsOffReason {
            context.reportError("\(file): no drag begins: \(off)")
            throw ExitCode(1)
        }
        var selection: [ListIndexPath] = []
        for argument in selected {
            for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
                selection.append(try indexPath(String(part).trimmingSpaces(), option: "--selected"))
            }
        }
        let dragged =
            selection.contains(touched)
            ? [touched] + Set(selection).subtracting([touched]).sorted()
            : [touched]
        var session = DragSession(application: list.application, team: list.team, group: list.group)
        // On iPhone before iOS 15 a list's drags stay in its application (Apple's
        // UICollectionView.dragInteractionEnabled page).
        session.restrictedToSourceApplication = list.dragsStayInApplication
        var wrapper = Wrapper(catalog: catalog, converters: ImageCodec.registry)
        wrapper.workingFolder = context.workingFolder
        wrapper.includeDerived = derive
        wrapper.includeURLs = !noURL && !openInPlace
        wrapper.openInPlace = openInPlace
        let inferrer = context.inferrer(catalog: catalog, followSymlinks: followSymlinks)
        let folder = Wrapper.absolute(RawPath(file).directory, in: context.workingFolder)
        for path in dragged {
            let entry = list.item(at: path)!
            var provider = ItemProvider(suggestedName: entry.identifier)
            if let relative = entry.path {
                let absolute = relative.hasPrefix("/") ? relative : joinPath(folder, relative)
                let inference = inferrer.infer(RawArguments.path(absolute))
                if let error = inference.error {
                    throw UTIError(.invalidInput, "\(file): item \(path) (\"\(entry.identifier)\"): \(error.message)")
                }
                provider = wrapper.provider(for: IdentifiedFile(inference), path: absolute)
                provider.suggestedName = entry.identifier
            } else if let value = entry.value {
                for type in entry.types { provider.register(Representation(type: type, kind: .data, source: .value(value))) }
            }
            session.items.append(
                DragItem(
                    provider: provider, localObject: LocalObject(className: list.itemClass, value: entry.identifier),
                    sourceView: list.identifier, sourceIndexPath: path))
        }
        return session
    }

    /// Why `path` cannot go into a session document: JSON holds Unicode text, so a name that is
    /// not UTF-8 would be recorded with U+FFFD in it and name a file that does not exist.
    static func unrecordable(_ path: String) -> UTIError? {
        let raw = RawArguments.path(path)
        guard String(validating: raw.bytes, as: UTF8.self) == nil else { return nil }
        return UTIError(
            .invalidInput, "\(Output.terminalSafe(bytes: raw.bytes)): the name is not UTF-8, so a session document cannot record it (rename the file)")
    }

    private func applyItemOptions(to session: inout DragSession, catalog: TypeCatalog) throws {
        for argument in visibilities {
            let (type, value) = try pair(argument, option: "--visibility")
            guard let visibility: Visibility = DocumentReader.value(value) else {
                throw UTIError(.invalidInput, "--visibility \(argument): the value must be one of all, team, group, own-process")
            }
            let resolved = try resolveType(type, in: catalog).identifier.caseFolded
            for index in session.items.indices {
                var provider = ItemProvider(suggestedName: session.items[index].provider.suggestedName)
                var given: [String: Visibility] = [:]
                for var representation in session.items[index].provider.representations {
                    if representation.type.caseFolded == resolved { representation.visibility = visibility }
                    // A derived representation is no more visible than what it is derived from.
                    if case .derived(let from, _) = representation.source, let inherited = given[from.caseFolded] {
                        representation.visibility = inherited
                    }
                    given[representation.type.caseFolded] = representation.visibility
                    provider.register(representation)
                }
                session.items[index].provider = provider
            }
        }
        guard suggestedName != nil || localObject != nil else { return }
        guard !representations.isEmpty || session.items.count == 1 else {
            throw UTIError(.invalidInput, "--suggested-name and --local-object need one item, or a hand-built item with --rep")
        }
        let target = session.items.count - 1
        if let suggestedName { session.items[target].provider.suggestedName = suggestedName }
        if let localObject {
            let (className, value) = try pair(localObject, option: "--local-object")
            session.items[target].localObject = LocalObject(className: className, value: value)
        }
    }

    private func pair(_ argument: String, option: String) throws(UTIError) -> (String, String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw UTIError(.invalidInput, "\(option) \(argument): expected NAME=VALUE")
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A document from a file or, for `-` when a `standardInput` descriptor is given, standard input,
/// bounded by `Limits.documentBytes`; a document that cannot be read or is too large is bad input
/// (exit status 2) either way.
func readDocument(_ path: String, in folder: WorkingFolder = .current, standardInput: Int32? = nil) throws(UTIError) -> [UInt8] {
    if path == "-", let standardInput {
        let (bytes, complete) = IdentifyCommand.readStandardInput(standardInput, limit: Limits.documentBytes)
        guard complete else { throw Limits.exceeded("-: standard input", "document-bytes", Limits.documentBytes) }
        return bytes
    }
    do {
        return try FileContents.read(path: path, in: folder, limit: Limits.documentBytes)
    } catch  where error.code == .tooLarge {
        throw Limits.exceeded(path, "document-bytes", Limits.documentBytes)
    } catch {
        throw UTIError(.invalidInput, error.message)
    }
}

extension IdentifiedFile {
    /// What `uti wrap` knows of a file it identified.
    init(_ inference: Inference) {
        self.init(name: inference.path.lastComponent, label: inference.path.description, type: inference.type, kind: inference.kind?.rawValue)
    }
}

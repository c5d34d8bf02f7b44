import ArgumentParser
import Dispatch
import FileAccess
import TypeInference
import UniformTypes

/// `uti identify`: what type is each file?
struct IdentifyCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Tell the type of files from their content and name.",
        discussion: HelpText.identify)

    @Argument(help: ArgumentHelp("Files to identify; - reads content from standard input.", valueName: "path"), completion: .file())
    var paths: [String] = []

    @Option(
        name: [.customShort("f"), .customLong("files-from")],
        help: ArgumentHelp(
            "Also identify the paths listed in this file, one per line (- for standard input).", valueName: "file"), completion: .file())
    var filesFrom: String?

    @Flag(
        name: [.customShort("0"), .customLong("null")],
        help: "Names in --files-from are NUL-separated, and text output ends each field with NUL.")
    var nullSeparated = false

    @Flag(name: [.short, .long], help: "Identify the files in directories, recursively (packages are not entered).")
    var recursive = false

    @Flag(help: "With -r, list the directories walked too.")
    var directories = false

    @Flag(help: "With -r, enter and list hidden names (those that start with a dot).")
    var hidden = false

    @Flag(name: .customLong("no-ignore"), help: "With -r, do not honour .gitignore, .ignore, .git/info/exclude or git's global excludes.")
    var noIgnore = false

    @Option(
        help: ArgumentHelp(
            "With -r, leave out names matching this glob (with a slash: paths below the argument); repeatable.",
            valueName: "glob"))
    var exclude: [String] = []

    @Option(
        name: .customLong("max-depth"),
        help: ArgumentHelp("With -r, go at most this many levels below an argument (0: the arguments themselves).", valueName: "n"))
    var maxDepth: Int?

    @Flag(name: [.customShort("L"), .customLong("dereference")], help: "Follow symbolic links.")
    var followSymlinks = false

    @Flag(
        name: [.customShort("z"), .customLong("uncompress")],
        help: "Look inside gzip, xz, bzip2 and zstd files (file -z).")
    var uncompress = false

    @Flag(name: [.short, .long], help: "Text output: the type identifier, not the path.")
    var brief = false

    @Flag(name: .customLong("mime-type"), help: "Text output: print the MIME type instead of the identifier, as file --mime-type does.")
    var mimeTypeOnly = false

    @Flag(name: [.customShort("i"), .customLong("mime")], help: "Text output: the MIME type and its charset, as file --mime does.")
    var mimeAndCharset = false

    @Option(
        name: .customLong("mime-spelling"),
        help: ArgumentHelp(
            "Whose MIME names to print: uti (the default) or file, file(1)'s spelling of the answer where it has one (UTI_MIME_SPELLING too).",
            valueName: "uti|file"))
    var mimeSpelling: MIMESpelling?

    @Flag(name: .customLong("mime-encoding"), help: "Text output: print the charset only (us-ascii, utf-8, binary), as file --mime-encoding does.")
    var mimeEncoding = false

    @Flag(
        name: .customLong("extension"),
        help: "Text output: print the type's filename extensions, slash-separated (jpeg/jpg/jpe), or ??? where it has none, as file --extension does.")
    var extensions = false

    @Option(
        name: .customLong("conforming-to"),
        help: ArgumentHelp(
            "Keep only files whose type conforms to this one (repeatable: any of them).", valueName: "type"),
        completion: .typeIdentifiers)
    var conformingTo: [String] = []

    @Flag(help: "Text output: under each line, what the content and the name said and the reconciliation rule that decided (json: evidence.rule).")
    var explain = false
    @Flag(
        name: .customLong("magic-description"),
        help: "Put libmagic's description in evidence.content.description (another pass).")
    var magicDescription = false

    @Option(
        help: ArgumentHelp("Exit 1 unless every path conforms to this type (one-line CI check).", valueName: "type"),
        completion: .typeIdentifiers)
    var expect: String?

    @Flag(
        help:
            "Weigh each file against what it claims to be: a verdict (consistent, mismatch, polyglot, ...) and findings; exit 1 when one breaks the policy."
    )
    var verdict = false

    @Option(
        name: .customLong("claimed-type"),
        help: ArgumentHelp("With --verdict, the MIME type the file was sent as (an upload's Content-Type).", valueName: "mime"))
    var claimedType: String?

    @Option(
        name: .customLong("claimed-name"),
        help: ArgumentHelp("With --verdict, the name the file came with, in place of its path's (an upload stored under another name).", valueName: "name"))
    var claimedName: String?

    @Option(
        help: ArgumentHelp("With --verdict, a type the policy allows (repeatable: any of them); the file's content must conform to one.", valueName: "type"),
        completion: .typeIdentifiers)
    var allow: [String] = []

    @Option(
        help: ArgumentHelp("With --verdict, a verdict that breaks the policy (repeatable; default: every verdict but consistent).", valueName: "verdict"))
    var deny: [String] = []

    @Option(
        help: ArgumentHelp("With --verdict, a policy file: {\"allow\": [types], \"deny\": [verdicts]}; --allow and --deny add to it.", valueName: "file"),
        completion: .file())
    var policy: String?

    @Flag(name: [.short, .long], help: "With --expect or --verdict: print nothing but the failures (on standard error), as a CI step wants.")
    var quiet = false

    @Option(name: [.short, .long], help: "Worker threads (default: one per core; at most four per core).")
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "text, json, jsonl, or a template: '%p\\t%t\\t%m' (TEMPLATE in --help).",
            valueName: "format"),
        completion: .list(["text", "json", "jsonl"]))
    var format: IdentifyFormat = .text
    @Option(help: "Colour text: auto (a terminal, no NO_COLOR), always, never.") var color: ColorChoice = .auto
    @OptionGroup var shortcuts: FormatShortcuts

    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws {
        try shortcuts.resolve(&format, default: .text)
        if paths.isEmpty && filesFrom == nil { throw ValidationError("Give at least one path, or --files-from.") }
        if filesFrom == "-" && paths.contains("-") {
            throw ValidationError("Standard input cannot be both --files-from - and a path (-).")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if let maxDepth, maxDepth < 0 { throw ValidationError("--max-depth must be at least 0 (0: the paths themselves).") }
        if !recursive && (directories || hidden || noIgnore || !exclude.isEmpty || maxDepth != nil) {
            throw ValidationError("--directories, --hidden, --no-ignore, --exclude and --max-depth go with -r.")
        }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        if quiet && expect == nil && !verdict { throw ValidationError("-q goes with --expect or --verdict.") }
        if uncompress && verdict { throw ValidationError("-z reads inside a compressed file; --verdict judges the file as it is: give one.") }
        let answers = [(mimeTypeOnly, "--mime-type"), (mimeAndCharset, "-i"), (mimeEncoding, "--mime-encoding"), (extensions, "--extension")]
            .filter(\.0).map(\.1)
        if answers.count > 1 { throw ValidationError("\(answers.joined(separator: " and ")) each choose what a line prints; give one.") }
        if !verdict {
            let verdictOnly = [
                (claimedType != nil, "--claimed-type"), (claimedName != nil, "--claimed-name"), (!allow.isEmpty, "--allow"), (!deny.isEmpty, "--deny"),
                (policy != nil, "--policy"),
            ]
            .filter(\.0).map(\.1)
            if !verdictOnly.isEmpty { throw ValidationError("\(verdictOnly.joined(separator: ", ")) go\(verdictOnly.count == 1 ? "es" : "") with --verdict.") }
        }
        for name in deny where FileVerdict.Kind(rawValue: name) == nil {
            throw ValidationError("--deny \(name): not a verdict (one of \(FileVerdict.Kind.allCases.map(\.rawValue).joined(separator: ", "))).")
        }
        if format.records == nil {
            do {
                _ = try LineTemplate(parsing: format.rawValue)
            } catch {
                throw ValidationError(error.message)
            }
        }
        // Flags that shape text lines clash with a template and with a record format alike.
        let textOnly = [
            (brief, "-b"), (mimeTypeOnly, "--mime-type"), (mimeAndCharset, "-i"), (mimeEncoding, "--mime-encoding"), (extensions, "--extension"),
            (explain, "--explain"),
        ]
        .filter(\.0).map(\.1)
        if format != .text && !textOnly.isEmpty {
            let instead =
                format.records == nil
                ? "a --format template says what each line prints"
                : "--format \(format.rawValue) prints whole records (mimeType, mimeTypes and evidence.rule are in them)"
            throw ValidationError("\(textOnly.joined(separator: ", ")) shape\(textOnly.count == 1 ? "s" : "") text lines; \(instead)")
        }
    }

    func run(in context: UTIContext) throws {
        try Identification(
            paths: paths, filesFrom: filesFrom, nullSeparated: nullSeparated, recursive: recursive, directories: directories,
            hidden: hidden, noIgnore: noIgnore, exclude: exclude, maxDepth: maxDepth, followSymlinks: followSymlinks, brief: brief,
            mimeTypeOnly: mimeTypeOnly, mimeAndCharset: mimeAndCharset, mimeEncoding: mimeEncoding, extensions: extensions, mimeSpelling: mimeSpelling,
            conformingTo: conformingTo, explain: explain,
            magicDescription: magicDescription, expect: expect, jobs: jobs, format: format.records ?? .text, uncompress: uncompress,
            template: format.records == nil ? try LineTemplate(parsing: format.rawValue) : nil, typeFiles: catalogOptions.typeFiles,
            quiet: quiet, color: color,
            verdict: verdict
                ? VerdictRequest(claimedType: claimedType, claimedName: claimedName, allow: allow, deny: deny, policyFile: policy) : nil
        ).run(in: context)
    }

    /// The most worker threads per core `--jobs` gets.
    static let jobsPerCore = 4

    /// Infers a batch on every worker, each also rendering its records (`render`) so that the
    /// writing thread only writes; results come back in input order.
    static func infer(
        _ batch: [PathItem], with inferrers: [TypeInferrer], claim: Claim? = nil, fileSpelling: Bool = false, uncompress: Bool = false,
        standardInput: Int32, render: @escaping @Sendable (Inference) -> String?
    ) -> [(Inference, String?)] {
        var results = [(Inference, String?)?](repeating: nil, count: batch.count)
        let next = Counter()
        let workers = UnsafeSendable(inferrers)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UnsafeSendable(slots)
            let work = { @Sendable (worker: Int) in
                let inferrer = UnsafeSendable(workers.value[worker])
                while let index = next.take(below: batch.count) {
                    let inference = infer(
                        batch[index], inferrer.value, claim: claim, fileSpelling: fileSpelling, uncompress: uncompress, standardInput: standardInput)
                    slots.value[index] = (inference, render(inference))
                }
            }
            if inferrers.count == 1 || batch.count < 2 {
                work(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: inferrers.count, execute: work)
            }
        }
        return results.map { $0! }
    }

    private static func infer(
        _ item: PathItem, _ inferrer: TypeInferrer, claim: Claim?, fileSpelling: Bool, uncompress: Bool, standardInput: Int32
    ) -> Inference {
        switch item {
        case .path(let path):
            var inference = inferrer.infer(path, name: claim?.name)
            if uncompress { inference = inferrer.uncompressed(inference) }
            if let claim { inference.verdict = inferrer.verdict(for: inference, claimedMIMEType: claim.mimeType) }
            if fileSpelling { inference.fileMIMEType = FileMIME.fileSpelling(of: inference, libmagicSays: inferrer.libmagicMIMEType(for: inference)) }
            return inference
        case .failure(let path, let error):
            var inference = Inference(path: path)
            inference.error = error
            return inference
        case .standardInput:
            // All of it, up to a bound, so that what lies past the first 64 KiB (a zip's directory,
            // an OLE file's streams) gives the answer the same file gets by path.
            let (bytes, complete) = readStandardInput(standardInput, limit: Limits.standardInputBytes)
            let size = complete ? bytes.count : bytes.count + 1
            var inference = inferrer.infer(bytes: bytes, totalSize: size, name: claim?.name, path: RawPath("-"))
            if uncompress { inference = inferrer.uncompressed(inference, bytes: bytes) }
            if let claim {
                inference.verdict = inferrer.verdict(
                    for: inference, bytes: bytes, size: size, claimedMIMEType: claim.mimeType,
                    read: { count, offset in offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : nil })
            }
            if fileSpelling { inference.fileMIMEType = FileMIME.fileSpelling(of: inference, libmagicSays: inferrer.libmagicMIMEType(of: bytes)) }
            if !complete { inference.size = nil }
            return inference
        }
    }

    /// Up to `limit` bytes of standard input (`descriptor`), and whether that was all of it.
    static func readStandardInput(_ descriptor: Int32, limit: Int) -> ([UInt8], Bool) {
        // Grown as it is read: a small input costs a small buffer, whatever the limit.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, min($0.count, limit + 1 - bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        let complete = bytes.count <= limit
        if !complete { bytes.removeLast(bytes.count - limit) }
        return (bytes, complete)
    }
}

/// What `uti identify` does once its arguments are known, its options as plain values: what the
/// command runs after parsing, and what `FastPath` runs for the simplest invocations without
/// making the command's property wrappers (swift-argument-parser's name sets and their generic
/// metadata, a twentieth of a one-shot identify).
struct Identification {
    var paths: [String] = []
    var filesFrom: String? = nil
    var nullSeparated = false
    var recursive = false
    var directories = false
    var hidden = false
    var noIgnore = false
    var exclude: [String] = []
    var maxDepth: Int? = nil
    var followSymlinks = false
    var brief = false
    var mimeTypeOnly = false
    var mimeAndCharset = false
    var mimeEncoding = false
    var extensions = false
    /// `--mime-spelling`; nil: UTI_MIME_SPELLING, else uti's own.
    var mimeSpelling: MIMESpelling? = nil
    var conformingTo: [String] = []
    var explain = false
    var magicDescription = false
    var expect: String? = nil
    var jobs: Int? = nil
    var format = OutputFormat.text
    /// `-z`: compressed files are read through their stream.
    var uncompress = false
    /// `--format TEMPLATE`: one line a file as the template says (text format); nil for the others.
    var template: LineTemplate? = nil
    /// `--types` files (UTI_TYPES' come first).
    var typeFiles: [String] = []
    /// `-q`: only the failures, on standard error.
    var quiet = false
    /// `--color`: whether text lines are coloured.
    var color = ColorChoice.auto
    /// `--verdict` and its claim and policy; nil without it.
    var verdict: VerdictRequest? = nil

    func run(in context: UTIContext) throws {
        let catalog = try CatalogOptions.catalog(typeFiles: typeFiles, in: context)
        let expected = try expect.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog) }
        var lines: LineReader?
        if let filesFrom {
            do {
                lines = try LineReader(path: filesFrom, in: context.workingFolder, separator: nullSeparated ? 0 : 0x0A, standardInput: context.standardInput)
            } catch {
                throw UTIError(.invalidInput, "--files-from \(error.message)")
            }
        }
        var source = PathSource(
            arguments: paths.map { $0 == "-" ? .standardInput : .path(RawArguments.path($0)) },
            lines: lines, recursive: recursive, followSymlinks: followSymlinks, catalog: catalog, database: context.database,
            walk: WalkOptions(
                directories: directories, hidden: hidden, ignoreFiles: !noIgnore, excludes: exclude, maxDepth: maxDepth,
                variable: { context.variable($0) }), workingFolder: context.workingFolder)
        // More threads than a few per core only cost memory (a libmagic handle each): --jobs is
        // capped, and each worker's inferrer is made when a batch first needs it.
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let workers = min(jobs ?? cores, IdentifyCommand.jobsPerCore * cores)
        var inferrers: [TypeInferrer] = []
        func makeInferrers(for count: Int) {
            while inferrers.count < min(workers, count) {
                let inferrer = context.inferrer(catalog: catalog, followSymlinks: followSymlinks)
                inferrer.magicDescriptions = magicDescription
                inferrers.append(inferrer)
            }
        }
        let wanted = try conformingTo.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog) }
        let answer: InferenceWriter.Answer =
            mimeAndCharset ? .mimeTypeAndCharset : mimeTypeOnly ? .mimeType : mimeEncoding ? .charset : extensions ? .extensions : .identifier
        let fileSpelling = (mimeSpelling ?? MIMESpelling(rawValue: context.variable("UTI_MIME_SPELLING") ?? "") ?? .uti) == .file
        let policy = try verdict.map { request throws(UTIError) in try request.policy(in: catalog, folder: context.workingFolder) }
        let claim = verdict.map { Claim(name: $0.claimedName, mimeType: $0.claimedType) }
        let output = context.standardOutput
        var writer = InferenceWriter(
            format: format, brief: brief, answer: answer, nullSeparated: nullSeparated, explains: explain, policy: policy, output: output)
        writer.template = template
        writer.colors = format == .text && !nullSeparated && color.colors(output, in: context)
        // Standard output and error on one terminal: an error is said once, on standard error.
        let bothOnOneTerminal = output.isTerminal && context.standardError.isTerminal
        var failed = false
        var batch: [PathItem] = []
        let batchSize = 64 * workers
        // One run has one catalog: its type records are made once each.
        let typeRecords = TypeRecords()
        let render = { @Sendable [format] (inference: Inference) in
            InferenceWriter.render(inference, as: format, typeRecords: typeRecords, policy: policy)
        }
        // Whether an inference's record is printed: not when --type filters it out; not with -q
        // (failures only, on standard error); not for an error in text on a terminal, where
        // standard output and error are one screen and standard error says it.
        func recordShown(_ inference: Inference) -> Bool {
            if !wanted.isEmpty, inference.error == nil, !(inference.type.map { type in wanted.contains { type.conforms(to: $0) } } ?? false) {
                return false
            }
            // A template's line has no place for an error: it goes to standard error.
            if inference.error != nil, format == .text, bothOnOneTerminal || template != nil { return false }
            return !quiet
        }
        func flushBatch() throws {
            makeInferrers(for: batch.count)
            guard !batch.isEmpty else { return }
            for (inference, rendered) in IdentifyCommand.infer(
                batch, with: inferrers, claim: claim, fileSpelling: fileSpelling, uncompress: uncompress, standardInput: context.standardInput,
                render: render)
            {
                let shown = recordShown(inference)
                if let error = inference.error {
                    failed = true
                    // An error is said once: in its record when the record is printed (as file(1)
                    // does, so line-per-input output keeps its place), else on standard error.
                    if !shown {
                        output.flush()
                        context.reportError(error.message)
                    }
                } else if let expected, let type = inference.type, !type.conforms(to: expected) {
                    failed = true
                    output.flush()
                    context.reportError("\(inference.path): is \(type.identifier), which does not conform to \(expected.identifier)")
                }
                if let policy, let breaches = policyBreaches(inference, policy) {
                    if !breaches.isEmpty {
                        failed = true
                        output.flush()
                        context.reportError("\(inference.path): breaks the policy: \(breaches.joined(separator: "; "))")
                    }
                }
                if shown { writer.write(inference, rendered: rendered) }
            }
            writer.flush()
            batch.removeAll(keepingCapacity: true)
        }
        while let item = source.next() {
            batch.append(item)
            if batch.count >= batchSize { try flushBatch() }
        }
        try flushBatch()
        writer.finish()
        if failed { throw ExitCode(1) }
    }
}

/// Hands out indices to workers, each once.
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = Lock()
    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// A value handed to worker threads whose access the caller keeps disjoint (one inferrer per
/// worker; one result slot per index).
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// What `identify --verdict` was given: the claim and the policy's parts.
struct VerdictRequest {
    var claimedType: String?
    var claimedName: String?
    var allow: [String]
    var deny: [String]
    var policyFile: String?

    /// The policy: the file's, with `--allow` and `--deny` added; every verdict but
    /// `consistent` denied when neither says which.
    func policy(in catalog: TypeCatalog, folder: WorkingFolder = .current) throws(UTIError) -> VerdictPolicy {
        var policy = VerdictPolicy()
        if let policyFile {
            let bytes = try FileContents.read(path: policyFile, in: folder, limit: Limits.documentBytes)
            policy = try VerdictPolicy.parse(bytes, source: policyFile, catalog: catalog)
        }
        policy.allowed += try allow.map { (name: String) throws(UTIError) in try resolveType(name, in: catalog) }
        if !deny.isEmpty {
            let given = Set(deny.compactMap(FileVerdict.Kind.init(rawValue:)))
            policy.denied = policy.deniesByDefault ? given : policy.denied.union(given)
            policy.deniesByDefault = false
        }
        return policy
    }
}

/// Whose MIME names `identify` prints.
enum MIMESpelling: String, ExpressibleByArgument, CaseIterable {
    /// uti's own: the registered name, or the catalog's and the database's.
    case uti
    /// file(1)'s spelling of the answer where it has one.
    case file
}

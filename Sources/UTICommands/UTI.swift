import ArgumentParser
import CBuildInfo
import FileAccess
import SharedMIMEInfo
import TypeInference
import UniformTypes

/// The `uti` command: Apple's Uniform Type Identifiers and drag-and-drop semantics on Linux.
public struct UTI: ParsableCommand {
    /// The root command: its name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "uti",
        abstract: "Tell what files are, in Apple's Uniform Type Identifiers.",
        discussion: HelpText.root,
        // The short form; `uti --version` prints `UTIVersion.description` (UTIMain.run), which
        // looks at the databases, a cost no other invocation should pay.
        version: "uti \(UTIVersion.number)",
        subcommands: [
            IdentifyCommand.self, WrapCommand.self, DropCommand.self, CheckCommand.self, TypeCommand.self, ConformsCommand.self, TreeCommand.self,
            ListCommand.self,
            CompletionsCommand.self,
        ]
    )

    /// The root command, as swift-argument-parser makes it.
    public init() {}
}

/// uti's version, and what `--version` reports with it: the catalog and libmagic in use.
public enum UTIVersion {
    /// The release; tags are `v` and this (v0.3.0). CHANGELOG.md says what each changed.
    public static let number = "0.3.0"

    /// The commit the executable was built from (`git describe --always --dirty` of the work tree,
    /// which scripts/install and scripts/package pass to the build), or nil for a build that did
    /// not name one (a plain `swift build`).
    public static var commit: String? {
        let text = withUnsafeBytes(of: uti_build_commit) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? nil : text
    }

    /// What `uti --version` prints in `context`: the release, the commit, and the databases the
    /// context's environment finds.
    static func description(in context: UTIContext) -> String {
        """
        uti \(number) (\(commit.map { "commit \($0)" } ?? "a development build: no commit recorded"))
        catalog: \(TypeCatalog.builtIn.count) built-in types (Apple's declarations from macOS 13.3.1 and newer, and uti's own)
        shared-mime-info: \(sharedMIMEInfo(in: context.environment))
        libmagic: \(MagicSniffer.libraryVersion), database \(MagicSniffer.databasePath(in: context.environment))
        """
    }
}

extension UTIVersion {
    /// The system's shared-mime-info database `environment` finds, or why there is none.
    static func sharedMIMEInfo(in environment: Environment) -> String {
        let database = SharedMIMEDatabase.system(in: environment)
        let refused = SharedMIMEDatabase.refusals(in: environment).map { "; refused \($0.message)" }.joined()
        guard let database else {
            if environment["UTI_SHARED_MIME_INFO"] == "0" { return "off (UTI_SHARED_MIME_INFO=0)" }
            return "not found (looked in \(SharedMIMEDatabase.searchFolders(in: environment).joined(separator: ", "))); uti uses its own catalog"
                + refused
        }
        let added = TypeCatalog.system(in: environment).count - TypeCatalog.builtIn.count
        return "\(database.folder), \(database.types.count) MIME types, \(added) added as types" + refused
    }
}

/// A command that runs in the context it is given (`UTIMain.run(arguments:in:)` calls it after
/// parsing), not in state it finds: swift-argument-parser's `run()` is left to its default.
protocol ContextualCommand: ParsableCommand {
    func run(in context: UTIContext) throws
}

/// The entry point the executable calls: parses, runs, and maps every failure to uti's exit
/// statuses (swift-argument-parser's usage status 64 becomes 2).
public enum UTIMain {
    /// Runs uti with `arguments` (without the program name) in `context` and returns the exit
    /// status; never exits the process, installs no signal handler and reads nothing of the
    /// process's but the files it is asked about (the executable's main.swift sets up the
    /// process: signals, the running catalog, the one real context).
    public static func run(arguments: [String], in context: UTIContext) -> Int32 {
        let output = context.standardOutput
        let status: Int32
        if arguments == ["--version"] || arguments == ["-V"] {
            output.line(UTIVersion.description(in: context))
            output.flush()
            return 0
        }
        // Bare `uti`: a short usage with examples, not every command's help.
        if arguments.isEmpty {
            output.write(CommandNames.shortUsage)
            output.flush()
            return 0
        }
        // `uti PATH...` identifies, as file(1) and magika take a path; a command's name wins over a
        // file of that name.
        var arguments = arguments
        if CommandNames.namesAPathNotACommand(arguments[0], in: context.workingFolder) { arguments.insert("identify", at: 0) }
        // A misspelt command (`uti identfy x`, `uti help identfy`) is named, with the nearest one.
        if let problem = CommandNames.problem(in: arguments) {
            context.reportError(problem)
            return 2
        }
        if let help = HelpText.request(in: arguments) {
            output.write(HelpText.render(help.command, short: help.short))
            output.flush()
            return 0
        }
        if let answered = FastPath.run(arguments, in: context) {
            output.flush()
            context.standardError.flush()
            return answered
        }
        do {
            if let command = FastPath.identify(arguments, in: context) {
                try command.run(in: context)
            } else {
                let command = try UTI.parseAsRoot(arguments)
                guard let runnable = command as? any ContextualCommand else {
                    // Every leaf command is contextual; the root alone asks for help.
                    throw CleanExit.helpRequest(command)
                }
                try runnable.run(in: context)
            }
            status = 0
        } catch let error as UTIError {
            output.flush()
            context.reportError(error.message)
            status = error.isBadInput ? 2 : 1
        } catch {
            output.flush()
            let code = UTI.exitCode(for: error).rawValue
            let message = UTI.fullMessage(for: error)
            if code == 0 {
                if !message.isEmpty { output.line(message) }
            } else if !message.isEmpty {
                context.standardError.line(message)
            }
            status = code == 64 ? 2 : code
        }
        output.flush()
        context.standardError.flush()
        // Output that could not be written (a full disk): say so and fail, as coreutils do.
        if let failure = output.failure {
            context.reportError("cannot write to standard output: \(failure)")
            return 1
        }
        return status
    }
}

/// `--format`: text for people, json (one document) and jsonl (one record a line) for tools.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl
}

/// `--color`: ANSI colours in text output, as ripgrep and fd colour theirs. `auto` colours when
/// standard output is a terminal, `NO_COLOR` is not set (or empty) and `TERM` is not `dumb`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Whether text written to `output` is coloured, by `context`'s environment.
    func colors(_ output: Output, in context: UTIContext) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            return output.isTerminal && (context.variable("NO_COLOR") ?? "").isEmpty && context.variable("TERM") != "dumb"
        }
    }

    /// `text` in the SGR colour `code` (31 red, 33 yellow, 36 cyan), or as it is.
    static func paint(_ text: String, _ code: Int, when enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}

/// `--json` and `--jsonl`, as magika's and ripgrep's users type them: `--format json` and
/// `--format jsonl` on every command that prints records, listed in help and completions.
struct FormatShortcuts: ParsableArguments {
    @Flag(name: .customLong("json"), help: "Same as --format json.") var json = false
    @Flag(name: .customLong("jsonl"), help: "Same as --format jsonl: one record a line.") var jsonl = false

    /// Sets `format` from the shortcut given, if any; both shortcuts, or one beside a different
    /// --format, is bad usage.
    func resolve<Format: RawRepresentable>(_ format: inout Format, default: Format) throws where Format.RawValue == String {
        guard json || jsonl else { return }
        guard !(json && jsonl) else { throw ValidationError("Give one of --json and --jsonl.") }
        let name = json ? "json" : "jsonl"
        guard let wanted = Format(rawValue: name) else { throw ValidationError("--\(name): this command has no \(name) output.") }
        if format.rawValue != `default`.rawValue && format.rawValue != name {
            throw ValidationError("--\(name) is --format \(name); it cannot go with --format \(format.rawValue).")
        }
        format = wanted
    }
}

/// `--types FILE`, shared by every command that looks types up.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .customLong("types"),
        help: ArgumentHelp(
            "Load custom type declarations (Info.plist, XML or binary, or uti's JSON); repeatable.",
            valueName: "file"), completion: .file())
    var typeFiles: [String] = []

    /// The system's catalog with the files of UTI_TYPES and --types added, in that order.
    func catalog(in context: UTIContext) throws(UTIError) -> TypeCatalog {
        try Self.catalog(typeFiles: typeFiles, in: context)
    }

    /// The system's catalog (as `context`'s environment finds it) with the files of UTI_TYPES and
    /// `typeFiles` added, in that order.
    static func catalog(typeFiles: [String], in context: UTIContext) throws(UTIError) -> TypeCatalog {
        try context.systemCatalog.adding(contentsOf: declarationFiles(typeFiles: typeFiles, in: context), in: context.workingFolder)
    }

    /// The catalog for commands that only look the named types up (`conforms`, `type`): the
    /// built-in catalog when it knows every name and no declaration files are given, so that
    /// these one-shot commands do not load the system's shared-mime-info types (their records read
    /// the same either way); otherwise `catalog()`.
    func catalog(resolving names: [String], in context: UTIContext) throws(UTIError) -> TypeCatalog {
        guard Self.declarationFiles(typeFiles: typeFiles, in: context).isEmpty else { return try catalog(in: context) }
        return Self.builtInKnows(names) ? TypeCatalog.builtIn : try catalog(in: context)
    }

    /// Whether the built-in catalog resolves every name (identifier, .ext or MIME type) to a type
    /// of its own by a tag it carries (a MIME type found only through an alias may be a type of
    /// the system's database, which comes first).
    static func builtInKnows(_ names: [String]) -> Bool {
        let builtIn = TypeCatalog.builtIn
        return names.allSatisfy { name in
            if name.hasPrefix(".") && name.count > 1 {
                return builtIn.hasType(carryingTag: String(name.dropFirst()), tagClass: .filenameExtension)
            }
            if name.contains("/") { return builtIn.hasType(carryingTag: name, tagClass: .mimeType) }
            return builtIn.type(identifier: name) != nil
        }
    }

    private static func declarationFiles(typeFiles: [String], in context: UTIContext) -> [String] {
        var paths: [String] = []
        if let variable = context.variable("UTI_TYPES") {
            paths += variable.split(separator: ":").map(String.init)
        }
        return paths + typeFiles
    }
}

/// Writes records in the chosen format: text blocks, one JSON array, or one object per line.
struct RecordWriter {
    let format: OutputFormat
    let output: Output
    /// Whether each JSON line reaches the output at once (a consumer sees every record as it is
    /// made); identify flushes once a batch instead.
    var flushesEachRecord = true
    private var count = 0

    init(format: OutputFormat, output: Output) {
        self.format = format
        self.output = output
        if format == .json { output.write("[") }
    }

    /// Writes one record: the JSON `record` or its `text`, whichever the format wants (only that
    /// one is made).
    mutating func write(_ record: @autoclosure () -> JSONValue, text: @autoclosure () -> String) {
        write(rendered: format == .text ? text() : Self.render(record(), as: format))
    }

    /// A record as `write(rendered:)` takes it in a JSON format: one line, or indented for the
    /// array. Pure, so that workers can render records while others are written.
    static func render(_ record: JSONValue, as format: OutputFormat) -> String {
        format == .json ? record.serialized(pretty: true).replacingNewlines(with: "\n  ") : record.serialized()
    }

    /// Writes a record already rendered for this format (text, or `render(_:as:)`'s JSON).
    mutating func write(rendered: String) {
        switch format {
        case .text:
            output.line(rendered)
        case .jsonl:
            output.line(rendered)
            if flushesEachRecord { output.flush() }
        case .json:
            output.write((count == 0 ? "\n  " : ",\n  ") + rendered)
        }
        count += 1
    }

    func finish() {
        if format == .json { output.line(count == 0 ? "]" : "\n]") }
        output.flush()
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// The command names, for telling a misspelt command from a path.
enum CommandNames {
    /// The commands' names, and `help`: a list of words, so that checking the first word does
    /// not build every command's configuration (their help texts with the class presets and the
    /// limits) at each start. A test keeps it equal to `UTI.configuration.subcommands`.
    static let all = ["identify", "wrap", "drop", "check", "type", "conforms", "tree", "list", "completions", "help"]

    /// Why the first word (or the word after `help`) names no command, with a suggestion; nil
    /// when the words are fine (an option first, or a command).
    static func problem(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = all
        let word: String
        if first == "help" {
            guard arguments.count >= 2, !arguments[1].hasPrefix("-") else { return nil }
            word = arguments[1]
        } else {
            word = first
        }
        guard !names.contains(word) else { return nil }
        let nearest = names.filter { $0 != "help" }.map { ($0, editDistance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 <= max(2, word.count / 3) {
            return "'\(word)' is not a uti command; did you mean '\(nearest.0)'?"
        }
        return "'\(word)' is not a uti command or an existing path (commands: \(names.filter { $0 != "help" }.joined(separator: ", ")))"
    }

    /// Whether a first word names an existing file, folder or link and no command (`help` included):
    /// `uti photo.png` is `uti identify photo.png`.
    static func namesAPathNotACommand(_ word: String, in folder: WorkingFolder = .current) -> Bool {
        guard !word.hasPrefix("-"), !all.contains(word) else { return false }
        var status = stat()
        return lstat(folder.locate(word), &status) == 0
    }

    /// What bare `uti` prints.
    static let shortUsage = """
        usage: uti PATH...                      what each file is (uti identify PATH...)
               uti COMMAND [OPTIONS] [ARGS]     commands: identify, wrap, drop, check, type, conforms, tree, list, completions

        examples:
          uti photo.png                                    the type of a file, with its MIME type in --json
          uti identify -r --mime-type -b src               every file under src, as file --mime-type -b prints
          uti identify --verdict --claimed-type image/png upload.bin
                                                           is an upload what it claims to be? (exit 1 if not)
          uti conforms public.png public.image             the exit status answers
          uti check fixtures.check.json                    expectations about files, for CI

        uti --help lists every command; uti help COMMAND, or uti COMMAND --help, explains one.

        """
}

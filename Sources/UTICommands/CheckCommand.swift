import ArgumentParser
import FileAccess
import ItemProvidersCore
import TypeInference
import UniformTypes

/// `uti check`: fixture expectations for CI.
struct CheckCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check expectations about files (type, conformance, MIME type, encoding, drops) for CI.",
        discussion: HelpText.check)

    @Argument(help: ArgumentHelp("The manifest.", valueName: "manifest"), completion: .file(extensions: ["json"])) var manifestPath: String
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl, junit, github }
    @Option(help: "Report format: text, json, jsonl (an expectation a line), junit, or github (annotations on the files).")
    var format: Format = .text
    @OptionGroup var shortcuts: FormatShortcuts
    @Option(help: "Colour the text report's FAIL: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto
    @Option(help: ArgumentHelp("Write the report to this file.", valueName: "file"), completion: .file()) var output: String?
    @Flag(name: [.short, .long], help: "Text report: the failures only, without the passed/failed count (nothing when all pass).")
    var quiet = false
    @OptionGroup var catalogOptions: CatalogOptions

    mutating func validate() throws {
        try shortcuts.resolve(&format, default: .text)
        if quiet && format != .text { throw ValidationError("-q shapes the text report; --format \(format.rawValue) writes every case.") }
    }

    func run(in context: UTIContext) throws {
        let manifest: CheckManifest
        // Refused before any check runs: bad usage (exit 2), not a failing fixture (exit 1).
        let destination = try output.map { (path) throws(UTIError) in try OutputFile(path, in: context) }
        do {
            manifest = try CheckManifest.load(path: manifestPath, in: context.workingFolder, standardInput: context.standardInput)
        } catch let invalid as CheckManifest.Invalid {
            for line in DocumentProblem.summary(invalid.problems) { context.reportError("\(invalid.path): \(line)") }
            throw ExitCode(2)
        }
        let catalog = try catalogOptions.catalog(in: context).adding(contentsOf: manifest.typeFiles, in: context.workingFolder)
        // Every unknown type at once, before any file is read: bad input (exit 2).
        let unknown = manifest.typeProblems(in: catalog)
        if !unknown.isEmpty {
            for line in DocumentProblem.summary(unknown) { context.reportError("\(manifest.path): \(line)") }
            throw ExitCode(2)
        }
        var runner = CheckRunner(manifest: manifest, catalog: catalog, in: context)
        let cases = try runner.run()
        let report: String
        switch format {
        case .text:
            // A report written to a file is never coloured; on standard output as --color says.
            let colors = color == .always || (destination == nil && color.colors(context.standardOutput, in: context))
            report = CheckTextFormatter.format(cases, manifest: manifest, quiet: quiet, colors: colors)
        case .json: report = CheckJSONFormatter.format(cases, manifest: manifest)
        case .jsonl: report = CheckJSONFormatter.formatLines(cases, manifest: manifest)
        case .junit: report = CheckJUnitFormatter.format(cases, manifest: manifest)
        case .github: report = CheckGitHubFormatter.format(cases, manifest: manifest)
        }
        if let destination {
            try destination.write(report, in: context)
            if format != .text && destination.plan != .descriptor(1) {
                let passed = cases.filter(\.passed).count
                context.standardOutput.line("\(passed) passed, \(cases.count - passed) failed")
            }
        } else {
            context.standardOutput.write(report)
        }
        if cases.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

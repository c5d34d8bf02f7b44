import FileAccess
import ArgumentParser
import ItemProviders
import TypeInference
import UniformTypes

/// `uti check`: fixture expectations for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check expectations about files (type, conformance, MIME type, encoding, drops) for CI.",
        discussion: """
            The manifest is JSON: {"types": [declaration files], "destinations": {NAME: \
            destination file or document}, "lists": {NAME: list file}, "expectations": \
            [{"files": GLOB, and any of "type", "conformsTo", "notConformsTo", "mimeType", \
            "encoding", "drop": {"destination": NAME (and "zone": ZONE) or "list": NAME with \
            "at": "S.I" (and "intent": insert|into|unspecified|automatic), "operation": \
            copy|move|cancel|forbidden, "loads": TYPE, "match": exact|conformance|local-object}, \
            "count": N}]}. Paths and globs are relative to the \
            manifest's folder. Globs: * and ? within a name (not matching a leading dot), [...] \
            classes, ** for any depth; they select files and packages, not folders. A glob that \
            matches nothing fails unless count says how many it should match. mimeType compares \
            without parameters unless the expectation has some. A drop wraps the file as uti wrap \
            does (an unnamed source application) and negotiates with the destination, its zone, or \
            the list at the index path (a dry run: nothing is loaded).

            REPORTS: text (a line per failed case: the file, the expectation, what was expected \
            and what was found; then "N passed, M failed"), json (schemas/check-report.schema.json: \
            schemaVersion, manifest, summary {passed, failed}, expectations [{index (from 1), files, \
            description, passed, results [{file, passed, failures}]}]), junit (JUnit XML: one testsuite per manifest, one testcase per expectation and \
            file). --output writes the report to a file instead of standard output: a new or regular \
            file is replaced atomically; /dev/null, a terminal, a FIFO with a reader and standard \
            output or error (/dev/stdout) are written to, never replaced; a symbolic link, any \
            other device, a socket or a folder, or a folder that cannot take the file, is bad \
            usage (exit 2) before any check runs.

            EXIT STATUS: 0 when every expectation holds; 1 when any fails; 2 for a bad manifest \
            (the key named by its JSON path).
            """)

    @Argument(help: ArgumentHelp("The manifest.", valueName: "manifest"), completion: .file(extensions: ["json"])) var manifestPath: String
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, jsonl, junit }
    @Option(help: "Report format: text, json, jsonl (an expectation a line) or junit.") var format: Format = .text
    @Option(help: ArgumentHelp("Write the report to this file.", valueName: "file"), completion: .file()) var output: String?
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let manifest: CheckManifest
        // Refused before any check runs: bad usage (exit 2), not a failing fixture (exit 1).
        let destination = try output.map { (path) throws(UTIError) in try OutputFile(path) }
        do {
            manifest = try CheckManifest.load(path: manifestPath)
        } catch let invalid as CheckManifest.Invalid {
            for line in DocumentProblem.summary(invalid.problems) { Output.reportError("\(invalid.path): \(line)") }
            throw ExitCode(2)
        }
        let catalog = try catalogOptions.catalog().adding(contentsOf: manifest.typeFiles)
        var runner = try CheckRunner(manifest: manifest, catalog: catalog)
        let cases = try runner.run()
        let report: String
        switch format {
        case .text: report = CheckTextFormatter.format(cases, manifest: manifest)
        case .json: report = CheckJSONFormatter.format(cases, manifest: manifest)
        case .jsonl: report = CheckJSONFormatter.formatLines(cases, manifest: manifest)
        case .junit: report = CheckJUnitFormatter.format(cases, manifest: manifest)
        }
        if let destination {
            try destination.write(report)
            if format != .text && destination.plan != .descriptor(1) {
                let passed = cases.filter(\.passed).count
                Output.standard.line("\(passed) passed, \(cases.count - passed) failed")
            }
        } else {
            Output.standard.write(report)
        }
        if cases.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

import Foundation
import SharedMIMEInfo
import Testing
import UniformTypes

// Helpers every test target shares: where the repository and its fixtures are, running a program
// and capturing what it printed, golden files, JSON and JSON Schema checks.

/// The repository root, found from this file.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The path of a file under `Fixtures/`.
public func fixture(_ path: String) -> String { repositoryRoot.appendingPathComponent("Fixtures/\(path)").path }

/// What one run of the built `uti` produced.
public struct Execution {
    /// The exit status.
    public let status: Int32
    /// Standard output, as UTF-8 text.
    public let stdout: String
    /// Standard error, as UTF-8 text.
    public let stderr: String
    /// Standard output, as bytes.
    public let stdoutBytes: Data

    /// An execution that exited with `status` and wrote these.
    public init(status: Int32, stdout: String, stderr: String, stdoutBytes: Data) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutBytes = stdoutBytes
    }
}

/// Runs any program from the repository root (used to drop privileges, or to pipe into head).
public func runProgram(
    _ program: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    timeout: TimeInterval = 30
) throws -> Execution {
    // UTI_TEST_SPAWN_LOG=FILE counts the processes the suite starts (a line each), to report
    // how many tests run end to end.
    if let log = ProcessInfo.processInfo.environment["UTI_TEST_SPAWN_LOG"], let handle = FileHandle(forWritingAtPath: log) {
        handle.seekToEndOfFile()
        handle.write(Data("\(program) \(arguments.first ?? "")\n".utf8))
        try? handle.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    var merged = ProcessInfo.processInfo.environment
    merged.removeValue(forKey: "UTI_TYPES")
    merged["NO_COLOR"] = "1"
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outURL)
    let error = try FileHandle(forWritingTo: errURL)
    defer {
        try? output.close()
        try? error.close()
    }
    process.standardOutput = output
    process.standardError = error
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    if let stdin {
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
        process.terminate()
        Issue.record("\(program) \(arguments.joined(separator: " ")) ran longer than \(timeout) s")
    }
    process.waitUntilExit()
    let outData = try Data(contentsOf: outURL)
    let errData = try Data(contentsOf: errURL)
    return Execution(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
}

/// Compares `actual` with the golden file `FOLDER/NAME` (by default the command tests' snapshots);
/// `RECORD_SNAPSHOTS=1` rewrites it and fails, so a recording is always reviewed.
public func assertSnapshot(
    _ actual: String, named name: String, in folder: String = "Tests/UTICommandsTests/Snapshots",
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let url = repositoryRoot.appendingPathComponent("\(folder)/\(name)")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        // Recording never passes, as swift-argument-parser's snapshot assertion: a run that
        // records cannot let a regression through unseen. Review the diff, then run again.
        let changed = (try? String(contentsOf: url, encoding: .utf8)) != actual
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record(
            "recorded golden file \(name)\(changed ? " (changed)" : " (unchanged)"); review the diff and run again without RECORD_SNAPSHOTS",
            sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
        actual == expected, "golden file \(name) differs; rerun with RECORD_SNAPSHOTS=1 to re-record",
        sourceLocation: sourceLocation)
}

/// Validates JSON `output` (one document, an array of records with `each`, or JSON lines with
/// `lines`) against `schemas/NAME`, with Python's jsonschema; cross-file `$ref`s to other schemas
/// of the folder are inlined first, so any jsonschema version resolves them.
public func validate(
    _ output: String, against name: String, each: Bool = false, lines: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let check = try runProgram(
        "/usr/bin/env",
        [
            "python3", "-c",
            """
            import json, sys, jsonschema
            def inline(node):
                if isinstance(node, dict):
                    if set(node) == {"$ref"} and node["$ref"].endswith(".schema.json"):
                        return inline(json.load(open("schemas/" + node["$ref"])))
                    return {k: inline(v) for k, v in node.items() if not (k == "$id" and node is not schema)}
                if isinstance(node, list):
                    return [inline(v) for v in node]
                return node
            schema = json.load(open("schemas/\(name)"))
            schema = inline(schema)
            text = sys.stdin.read()
            documents = [json.loads(l) for l in text.splitlines() if l] if \(lines ? "True" : "False") else [json.loads(text)]
            if \(each ? "True" : "False"):
                documents = [record for document in documents for record in document]
            assert documents, "nothing to validate"
            # One validator for all documents: jsonschema.validate checks the schema itself at
            # every call, which made 1,700 type records take 30 s.
            validator_class = jsonschema.validators.validator_for(schema)
            validator_class.check_schema(schema)
            validator = validator_class(schema)
            for document in documents:
                validator.validate(document)
            print("valid", len(documents))
            """,
        ], stdin: Data(output.utf8))
    #expect(check.stdout.hasPrefix("valid "), "\(name): \(check.stderr)", sourceLocation: sourceLocation)
}

/// Parses JSON output for assertions on fields.
public func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// The test process's environment, as the executable's main.swift passes its own to the
/// libraries (which read none themselves).
public let testEnvironment = Environment(cStrings: environ)

/// The system's shared-mime-info database as the test process's environment finds it: what the
/// command line gives its inferrers.
public var systemDatabase: SharedMIMEDatabase? { SharedMIMEDatabase.system(in: testEnvironment) }

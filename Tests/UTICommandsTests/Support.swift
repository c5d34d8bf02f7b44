import Foundation
import SharedMIMEInfo
import Testing
import UTITestSupport
import UniformTypes

@testable import UTICommands

/// The `uti` executable that `swift build` put beside this test bundle.
let utiExecutable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("uti")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/uti")
}()

/// Runs `uti` with `arguments` from the repository root, like AssertExecuteCommand does, with an
/// optional standard input and environment additions. Most runs are in-process
/// (`UTIContext.capturing`: outputs kept in memory, standard input from the bytes, any number at
/// once); a run is a
/// process of its own (failing the test past `timeout`) when it sets a variable only a new
/// process reads, or when its test file is one of the end-to-end layer's (`endToEndFiles`).
/// A `conforms` or `type` run, and an `identify` run the fast path takes, runs again with the fast
/// path off, and both must print and exit the same.
func uti(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], timeout: TimeInterval = 30,
    fileID: String = #fileID
) throws -> Execution {
    let execution = try run(arguments, stdin: stdin, environment: environment, timeout: timeout, fileID: fileID)
    let fastIdentify = arguments.first == "identify" && FastPath.identify(arguments, in: quietContext) != nil
    if let command = arguments.first, command == "conforms" || command == "type" || fastIdentify, environment["UTI_FAST_PATH"] == nil {
        let full = try run(
            arguments, stdin: stdin, environment: environment.merging(["UTI_FAST_PATH": "0"]) { $1 }, timeout: timeout, fileID: fileID)
        #expect(execution.status == full.status, "status of uti \(arguments)")
        #expect(execution.stdout == full.stdout, "output of uti \(arguments)")
        #expect(execution.stderr == full.stderr, "errors of uti \(arguments)")
    }
    return execution
}

/// Variables the commands read through their context, so an in-process run can set them.
let inProcessVariables: Set<String> = ["UTI_FAST_PATH", "UTI_TYPES", "NO_COLOR", "UTI_MIME_SPELLING"]

/// The end-to-end layer: exit statuses and output of a real process, standard input and output
/// as descriptors, signals (SIGPIPE), privileges, hostile files that must never hang, the fast
/// path's start, and the README's commands in a shell.
let endToEndFiles = [
    "SafetyTests.swift", "HostileCommandTests.swift", "HostileRoundFourTests.swift", "ReadmeTests.swift", "FastPathTests.swift",
]

/// One run of `uti`, in-process or as a process.
func run(
    _ arguments: [String], stdin: Data?, environment: [String: String], timeout: TimeInterval, fileID: String
) throws -> Execution {
    let inProcess = environment.keys.allSatisfy(inProcessVariables.contains) && !endToEndFiles.contains { fileID.hasSuffix("/" + $0) }
    guard inProcess else {
        return try runProgram(utiExecutable.path, arguments, stdin: stdin, environment: environment, timeout: timeout)
    }
    _ = workInRepositoryRoot
    _ = runningCatalogIsTheSystems
    let result = UTIContext.capturing(standardInput: stdin.map(Array.init), environment: testEnvironment.overriding(environment)) { context in
        UTIMain.run(arguments: arguments, in: context)
    }
    return Execution(
        status: result.status, stdout: String(decoding: result.standardOutput, as: UTF8.self),
        stderr: String(decoding: result.standardError, as: UTF8.self), stdoutBytes: Data(result.standardOutput))
}

/// UTType's lookups see the system's types, as the executable's main.swift arranges.
let runningCatalogIsTheSystems: Void = {
    TypeCatalog.use { TypeCatalog.system(in: testEnvironment) }
}()

/// In-process runs resolve relative paths from the repository root, as the processes do.
let workInRepositoryRoot: Void = {
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
}()

/// Runs `uti` as a user without root's power to read anything (as setpriv(1) drops to nobody),
/// from a copy in `folder`, which nobody can reach; as an ordinary user it is a plain run.
func utiWithoutPrivileges(_ arguments: [String], copyInto folder: URL) throws -> Execution {
    guard getuid() == 0 else { return try uti(arguments) }
    let binary = folder.appendingPathComponent("uti")
    if !FileManager.default.fileExists(atPath: binary.path) { try FileManager.default.copyItem(at: utiExecutable, to: binary) }
    return try runProgram("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary.path] + arguments)
}

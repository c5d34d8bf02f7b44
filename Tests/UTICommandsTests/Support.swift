import Foundation
import Testing
import UTITestSupport

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
/// optional standard input and environment additions; fails the test if it runs over `timeout`.
func uti(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], timeout: TimeInterval = 30
) throws -> Execution {
    let execution = try runProgram(utiExecutable.path, arguments, stdin: stdin, environment: environment, timeout: timeout)
    if let command = arguments.first, command == "conforms" || command == "type", environment["UTI_FAST_PATH"] == nil {
        try expectSameAnswerFromFullParser(execution, arguments, environment: environment)
    }
    return execution
}

/// `uti conforms` and `uti type` answer their simplest forms without swift-argument-parser
/// (FastPath); every such run in the tests is run again with the fast path off, and both must
/// print and exit the same.
func expectSameAnswerFromFullParser(
    _ execution: Execution, _ arguments: [String], environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let full = try runProgram(utiExecutable.path, arguments, environment: environment.merging(["UTI_FAST_PATH": "0"]) { $1 })
    #expect(execution.status == full.status, "status of uti \(arguments)", sourceLocation: sourceLocation)
    #expect(execution.stdout == full.stdout, "output of uti \(arguments)", sourceLocation: sourceLocation)
    #expect(execution.stderr == full.stderr, "errors of uti \(arguments)", sourceLocation: sourceLocation)
}

/// Runs `uti` as a user without root's power to read anything (as setpriv(1) drops to nobody),
/// from a copy in `folder`, which nobody can reach; as an ordinary user it is a plain run.
func utiWithoutPrivileges(_ arguments: [String], copyInto folder: URL) throws -> Execution {
    guard getuid() == 0 else { return try uti(arguments) }
    let binary = folder.appendingPathComponent("uti")
    if !FileManager.default.fileExists(atPath: binary.path) { try FileManager.default.copyItem(at: utiExecutable, to: binary) }
    return try runProgram("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary.path] + arguments)
}

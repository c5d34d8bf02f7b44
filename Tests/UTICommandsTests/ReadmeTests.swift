import ArgumentParser
import Foundation
import Testing
import UTITestSupport

@testable import UTICommands

/// One `$ COMMAND` of the README with the output it shows.
struct ReadmeExample: CustomTestStringConvertible, Sendable {
    let command: String
    /// The lines shown under it; a line `...` means the rest is not shown.
    let output: [String]
    var testDescription: String { command }

    /// Every example of the README's ```sh blocks, in order (they build on each other's files).
    static let all: [ReadmeExample] = {
        let readme = (try? String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var examples: [ReadmeExample] = []
        var inBlock = false
        var command: String?
        var output: [String] = []
        var continues = false
        func finish() {
            if let command { examples.append(ReadmeExample(command: command, output: output)) }
            command = nil
            output = []
        }
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                finish()
                inBlock = line == "```sh"
                continue
            }
            guard inBlock else { continue }
            if continues, command != nil {
                command! += "\n" + line
            } else if line.hasPrefix("$ ") {
                finish()
                command = String(line.dropFirst(2))
            } else if command != nil {
                output.append(line)
            }
            continues = line.hasSuffix("\\")
        }
        finish()
        return examples
    }()
}

/// Every README example runs as written, in bash and in zsh, and prints what the README shows.
@Suite(.serialized) struct ReadmeTests {
    /// A folder with the repository's Fixtures, where examples may write their files.
    static let scratch: [String: URL] = {
        var folders: [String: URL] = [:]
        for shell in ["bash", "zsh"] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-readme-\(shell)-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("Fixtures"), withDestinationURL: repositoryRoot.appendingPathComponent("Fixtures"))
            folders[shell] = folder
        }
        return folders
    }()

    /// Every command's `--help` ends with EXAMPLES, and each example runs as written, from a
    /// folder with the repository's Fixtures, in bash: exit status 0, no usage error.
    @Test func everyHelpExampleRuns() throws {
        let commands: [any ParsableCommand.Type] = [UTI.self] + UTI.configuration.subcommands
        let bin = utiExecutable.deletingLastPathComponent().path
        for command in commands {
            let name = command.configuration.commandName ?? "uti"
            let help = HelpText.render(command, short: false)
            #expect(help.contains("\nEXAMPLES:\n"), "uti \(name) --help has no EXAMPLES")
            for example in HelpExamples.all[name] ?? [] {
                #expect(help.contains("  \(example.command)\n"), "\(example.command) is not in uti \(name) --help")
                let script = "export PATH='\(bin)':\"$PATH\"; cd '\(repositoryRoot.path)' || exit 99; " + example.command
                let run = try runProgram("/bin/bash", ["-c", script])
                #expect(run.status == 0, "\(example.command): exit \(run.status)\n\(run.stderr)")
                #expect(!run.stderr.contains("Usage:") && !run.stderr.contains("Error: "), "\(example.command)\n\(run.stderr)")
                #expect(
                    !run.stdout.isEmpty || example.command.contains(">") || example.command.contains(" -q") || name == "conforms" || name == "completions",
                    "\(example.command) printed nothing")
            }
        }
    }

    @Test func theReadmeHasExamples() {
        #expect(ReadmeExample.all.count >= 20)
    }

    @Test(arguments: ["bash", "zsh"])
    func everyExampleRunsAsWritten(shell: String) throws {
        let folder = try #require(Self.scratch[shell])
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = utiExecutable.deletingLastPathComponent().path
        for example in ReadmeExample.all {
            let program = shell == "zsh" ? "/usr/bin/zsh" : "/bin/bash"
            let script = "export PATH='\(bin)':\"$PATH\"; cd '\(folder.path)' || exit 99; " + example.command
            let run = try runProgram(program, shell == "zsh" ? ["-f", "-c", script] : ["-c", script])
            for complaint in ["command not found", "no matches found", "parse error", "syntax error", "Usage:", "Error: "] {
                #expect(!run.stderr.contains(complaint), "\(shell): \(example.command)\n\(run.stderr)")
            }
            #expect(run.status != 126 && run.status != 127 && run.status != 99, "\(shell): \(example.command)")
            guard !example.output.isEmpty else { continue }
            let actual = run.stdout.replacingOccurrences(of: folder.path, with: "/path/to")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
            if let cut = example.output.firstIndex(of: "...") {
                #expect(Array(actual.prefix(cut)) == Array(example.output.prefix(cut)), "\(shell): \(example.command)")
            } else {
                #expect(Array(actual) == example.output, "\(shell): \(example.command)")
            }
        }
    }
}

/// The README's CI recipe names a branch this repository has, and installs from the clone it makes.
@Suite struct ReadmeRecipeTests {
    @Test func theCIRecipeClonesABranchThatExists() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.contains("git clone --depth 1 --branch") })
        let words = line.split(separator: " ")
        let branch = try #require(words.firstIndex(of: "--branch").map { String(words[$0 + 1]) })
        #expect(!readme.contains("--branch v0.2.0") && !readme.contains("from: \"0.2.0\""))
        // The branch exists here (CI clones main; a work tree on another branch has main too).
        let heads = try runProgram("/usr/bin/git", ["-C", repositoryRoot.path, "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes"])
        let names = heads.stdout.split(separator: "\n").map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(names.contains(branch), "\(branch) among \(names)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appendingPathComponent("uti")
        let run = try runProgram(
            "/usr/bin/git", ["clone", "--quiet", "--depth", "1", "--branch", branch, "file://\(repositoryRoot.path)", clone.path], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: clone.appendingPathComponent("scripts/install").path))
    }

    /// An interactive zsh without interactivecomments runs `cmd  # note` with the note as
    /// arguments: in the README's shell blocks, comments stand on lines of their own.
    @Test func noCommandInAShellBlockEndsWithAComment() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
                continue
            }
            guard inBlock else { continue }
            let command = line.hasPrefix("$ ") ? line.dropFirst(2) : line
            guard !command.hasPrefix("#") else { continue }
            #expect(!command.contains("  # ") && !command.contains(" # "), "\(line)")
        }
    }
}

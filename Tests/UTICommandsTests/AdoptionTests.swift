import Foundation
import Testing
import UTITestSupport

@testable import UTICommands

/// What a new user meets first: the version, completions, errors that say how to fix.
@Suite struct AdoptionTests {
    @Test func versionNamesTheCatalogAndLibmagic() throws {
        let run = try uti(["--version"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // The release, and the commit the build names (a test build names none).
        #expect(lines[0] == "uti \(UTIVersion.number) (a development build: no commit recorded)")
        #expect(lines[1].hasPrefix("catalog: ") && lines[1].contains(" built-in types"))
        #expect(lines[2].hasPrefix("shared-mime-info: "))
        #expect(lines[3].hasPrefix("libmagic: 5."))
        #expect(lines[3].contains(", database "))
    }

    /// CHANGELOG.md's newest release is the version uti reports, and it says how to migrate.
    @Test func theChangelogNamesThisRelease() throws {
        let changelog = try String(contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let first = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true })
        #expect(first == "## \(UTIVersion.number)")
        #expect(changelog.contains("### Incompatible changes, and how to migrate"))
        #expect(changelog.contains("## Releasing"))
    }

    /// libmagic's database is loaded when a file first needs it: without one, the files uti's
    /// own checks decide are answered, and each file that needs libmagic is an error naming the
    /// file, the database and how to install it (exit status 1).
    @Test func aMissingMagicDatabaseFailsOnlyTheFilesThatNeedIt() throws {
        let files = ["Fixtures/files/photo.png", "Fixtures/files/bundle.cpio", "Fixtures/files/hello-elf"]
        let run = try uti(["identify"] + files, environment: ["MAGIC": "/nonexistent/magic.mgc"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("Fixtures/files/photo.png: public.png\n"))
        #expect(run.stdout.hasSuffix("Fixtures/files/hello-elf: public.elf-binary\n"))
        // Said once, in the file's record.
        #expect(run.stderr == "")
        let errors = run.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Fixtures/files/bundle.cpio: error: libmagic: cannot load the magic database /nonexistent/magic.mgc: ") == true)
        #expect(errors.first?.hasSuffix("(install it: apt-get install libmagic-mgc, or brew install libmagic; or set MAGIC to a magic.mgc file)") == true)
        let json = try uti(["identify", "--format", "jsonl", files[1]], environment: ["MAGIC": "/nonexistent/magic.mgc"])
        let record = try #require(try records(json.stdout).first)
        let error = try #require(record["error"] as? [String: Any])
        #expect(error["code"] as? String == "io-error")
        #expect((error["message"] as? String)?.hasPrefix("Fixtures/files/bundle.cpio: libmagic: cannot load the magic database ") == true)
    }

    @Test(arguments: [
        ("image", "image: unknown type identifier; did you mean public.image?"),
        ("imag", "imag: unknown type identifier; did you mean public.image?"),
        ("png", "png: unknown type identifier; did you mean public.png?"),
        ("public.pgn", "public.pgn: unknown type identifier; did you mean public.png?"),
        ("zzzzqqq", "zzzzqqq: unknown type identifier"),
    ])
    func unknownIdentifiersSuggestTheNearestKnownOne(argument: String, message: String) throws {
        let run = try uti(["conforms", "public.png", argument])
        #expect(run.status == 2)
        #expect(run.stderr == "uti: \(message)\n")
    }

    @Test func anUnusableOutputIsBadUsageBeforeAnyCheckRuns() throws {
        let run = try uti(["check", "Fixtures/uti-fixtures.check.json", "--output", "no-such-folder/report.xml"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "uti: --output no-such-folder/report.xml: the folder no-such-folder does not exist (create it first: mkdir -p no-such-folder)\n")
    }

    @Test func dropOnATerminalWithNoSessionSaysHowToPipeOne() throws {
        // script(1) gives uti a terminal as standard input.
        let run = try runProgram("/usr/bin/script", ["-qec", "'\(utiExecutable.path)' drop --accepts public.image", "/dev/null"], timeout: 10)
        #expect(run.status == 2)
        #expect(
            run.stdout.contains(
                "uti: no drag session: standard input is a terminal. Pipe one in (uti wrap photo.png | uti drop --accepts public.image) or name a session file")
        )
    }

    @Test func completionsLoadInBash() throws {
        let folder = utiExecutable.deletingLastPathComponent().path
        let run = try runProgram(
            "/bin/bash",
            [
                "-c",
                """
                export PATH="\(folder):$PATH"
                source <(uti completions bash) || exit 1
                complete -p uti
                COMP_WORDS=(uti type public.pn); COMP_CWORD=2; COMP_LINE="uti type public.pn"; COMP_POINT=${#COMP_LINE}
                _uti; printf '%s\\n' "${COMPREPLY[@]}"
                """,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "complete -o filenames -F _uti uti\npublic.png\n")
    }

    @Test func completionsLoadInZsh() throws {
        let folder = utiExecutable.deletingLastPathComponent().path
        let run = try runProgram(
            "/usr/bin/zsh",
            [
                "-fc",
                """
                export PATH="\(folder):$PATH"
                autoload -U compinit && compinit -u -D
                source <(uti completions zsh) || exit 1
                whence -w _uti
                """,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "_uti: function\n")
    }

    @Test func enumOptionsListTheirValuesInHelp() throws {
        let help = try uti(["drop", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: copy, move, auto)"))
        #expect(help.contains("(values: data, file, open-in-place)"))
        // Version 1's camelCase spelling is still read.
        let legacy = try uti(["drop", "--accepts", "public.text", "--load", "openInPlace", "--format", "json", "Fixtures/sessions/photo-and-notes.json"])
        #expect(legacy.status == 0)
        let bad = try uti(["drop", "--load", "dat"], stdin: Data())
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'dat'"))
    }
}

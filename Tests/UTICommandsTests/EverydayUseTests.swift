import Foundation
import Testing

/// Issue 27's first items, as a new user meets them: a misspelt command gets the right word and
/// exit 2, the version has file(1)'s and ripgrep's -V, and --json/--jsonl are --format's shortcuts.
@Suite struct EverydayUseTests {
    @Test(arguments: [
        (["identfy", "x"], "uti: 'identfy' is not a uti command; did you mean 'identify'?\n"),
        (["help", "identfy"], "uti: 'identfy' is not a uti command; did you mean 'identify'?\n"),
        (["chek", "m.json"], "uti: 'chek' is not a uti command; did you mean 'check'?\n"),
        (["xyzzy"], "uti: 'xyzzy' is not a uti command (commands: identify, wrap, drop, check, type, conforms, tree, list, completions)\n"),
    ])
    func misspeltCommandsAreNamedWithTheNearestOne(arguments: [String], message: String) throws {
        let run = try uti(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message)
    }

    @Test func helpForARealCommandStillWorks() throws {
        let run = try uti(["help", "identify"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW: Tell the type of files"))
    }

    @Test func minusCapitalVIsTheVersion() throws {
        #expect(try uti(["-V"]).stdout == (try uti(["--version"])).stdout)
        #expect(try uti(["-V"]).stdout.hasPrefix("uti "))
    }

    @Test func jsonAndJSONLinesShortcuts() throws {
        let json = try uti(["identify", "--json", "Fixtures/files/photo.png"])
        #expect(json.stdout == (try uti(["identify", "--format", "json", "Fixtures/files/photo.png"])).stdout)
        let lines = try uti(["identify", "--jsonl", "Fixtures/files/photo.png", "Fixtures/files/photo.jpg"])
        #expect(lines.stdout.split(separator: "\n").count == 2)
        #expect(lines.stdout.hasPrefix("{"))
        // After --, a file may be called --json.
        let literal = try uti(["identify", "--", "--json"])
        #expect(literal.status == 1)
        #expect(literal.stderr == "uti: --json: no such file or directory\n")
    }
}

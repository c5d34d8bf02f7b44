import ArgumentParser
import Foundation
import Testing
import UTITestSupport

@testable import UTICommands

/// Issue 27's first items, as a new user meets them: a misspelt command gets the right word and
/// exit 2, the version has file(1)'s and ripgrep's -V, and --json/--jsonl are --format's shortcuts.
@Suite struct EverydayUseTests {
    @Test(arguments: [
        (["identfy", "x"], "uti: 'identfy' is not a uti command; did you mean 'identify'?\n"),
        (["help", "identfy"], "uti: 'identfy' is not a uti command; did you mean 'identify'?\n"),
        (["chek", "m.json"], "uti: 'chek' is not a uti command; did you mean 'check'?\n"),
        (["xyzzy"], "uti: 'xyzzy' is not a uti command or an existing path (commands: identify, wrap, drop, check, type, conforms, tree, list, completions)\n"),
    ])
    func misspeltCommandsAreNamedWithTheNearestOne(arguments: [String], message: String) throws {
        let run = try uti(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message)
    }

    /// `uti PATH...` identifies (issue 44), as file(1) and magika take a path; a command's name
    /// wins over a file of that name; bare `uti` is a short usage with examples.
    @Test func aPathFirstIdentifies() throws {
        let run = try uti(["Fixtures/files/photo.png", "Fixtures/files/letter.pdf"])
        #expect(run.status == 0)
        #expect(run.stdout == "Fixtures/files/photo.png: public.png\nFixtures/files/letter.pdf: com.adobe.pdf\n")
        #expect(try uti(["Fixtures/files/photo.png", "--mime-type", "-b"]).stdout == "image/png\n")
        // A command's name is a command whatever files the folder holds (Package.swift exists).
        #expect(CommandNames.namesAPathNotACommand("Package.swift"))
        #expect(!CommandNames.namesAPathNotACommand("type"))
        #expect(!CommandNames.namesAPathNotACommand("-b"))
        #expect(try uti(["type", "public.png"]).stdout.hasPrefix("public.png"))
        let bare = try uti([])
        #expect(bare.status == 0)
        #expect(bare.stdout.hasPrefix("usage: uti PATH..."))
        #expect(bare.stdout.split(separator: "\n").count < 20)
    }

    /// file's --extension and --mime-encoding (issue 44): the type's extensions, or ???; the
    /// charset alone. One of the answer flags at a time.
    @Test func extensionsAndEncodingAsFilePrintsThem() throws {
        let run = try uti(["identify", "--extension", "Fixtures/files/photo.jpg", "Fixtures/files/photo.png", "Fixtures/files/plain-folder"])
        #expect(run.stdout == "Fixtures/files/photo.jpg: jpeg/jpg/jpe\nFixtures/files/photo.png: png\nFixtures/files/plain-folder: ???\n")
        let encodings = try uti(["identify", "--mime-encoding", "-b", "Fixtures/files/ascii.txt", "Fixtures/files/photo.png"])
        #expect(encodings.stdout == "us-ascii\nbinary\n")
        let both = try uti(["identify", "--extension", "--mime-type", "Fixtures/files/photo.png"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--mime-type and --extension each choose what a line prints; give one."))
        #expect(try uti(["identify", "--extension", "--json", "Fixtures/files/photo.png"]).status == 2)
    }

    /// --mime-spelling file (issue 44): file(1)'s spelling of the answer where it has one (the
    /// container's name for a package file(1) does not name, text/plain for text it does not);
    /// uti's own stays the default; UTI_MIME_SPELLING says the same; the record's mimeType too.
    @Test func fileSpellingsOnRequest() throws {
        let files = ["Fixtures/files/README.md", "Fixtures/files/addon.xpi", "Fixtures/files/photo.png"]
        let own = try uti(["identify", "--mime-type", "-b"] + files)
        #expect(own.stdout == "text/markdown\napplication/x-xpinstall\nimage/png\n")
        let spelled = try uti(["identify", "--mime-type", "-b", "--mime-spelling", "file"] + files)
        #expect(spelled.stdout == "text/plain\napplication/zip\nimage/png\n")
        let byVariable = try uti(["identify", "--mime-type", "-b"] + files, environment: ["UTI_MIME_SPELLING": "file"])
        #expect(byVariable.stdout == spelled.stdout)
        #expect(try uti(["identify", "-i", "--mime-spelling", "file", files[0]]).stdout == "Fixtures/files/README.md: text/plain; charset=us-ascii\n")
        let record = try records(try uti(["identify", "--format", "jsonl", "--mime-spelling", "file", files[1]]).stdout)[0]
        #expect(record["mimeType"] as? String == "application/zip")
        #expect((record["mimeTypes"] as? [String])?.first == "application/zip")
        #expect((record["mimeTypes"] as? [String])?.contains("application/x-xpinstall") == true)
        #expect(try uti(["identify", "--mime-spelling", "magika", files[0]]).status == 2)
    }

    /// -q for CI (issue 44): --expect, --verdict and check print the failures only.
    @Test func quietPrintsOnlyFailures() throws {
        let failing = try uti(["identify", "-q", "--expect", "public.image", "Fixtures/files/photo.png", "Fixtures/files/letter.pdf"])
        #expect(failing.status == 1)
        #expect(failing.stdout.isEmpty)
        #expect(failing.stderr == "uti: Fixtures/files/letter.pdf: is com.adobe.pdf, which does not conform to public.image\n")
        let passing = try uti(["identify", "-q", "--expect", "public.image", "Fixtures/files/photo.png"])
        #expect(passing.status == 0 && passing.stdout.isEmpty && passing.stderr.isEmpty)
        let verdict = try uti(["identify", "-q", "--verdict", "Fixtures/files/photo.png", "Fixtures/verdict/truncated.png"])
        #expect(verdict.status == 1 && verdict.stdout.isEmpty)
        #expect(verdict.stderr == "uti: Fixtures/verdict/truncated.png: breaks the policy: the verdict truncated is denied\n")
        let check = try uti(["check", "-q", "Fixtures/uti-fixtures.check.json"])
        #expect(check.status == 0 && check.stdout.isEmpty)
        #expect(try uti(["identify", "-q", "Fixtures/files/photo.png"]).status == 2)
        #expect(try uti(["check", "-q", "--format", "json", "Fixtures/uti-fixtures.check.json"]).status == 2)
    }

    /// The names checked at every start are a literal list: it must be the commands' own.
    @Test func theListOfCommandNamesIsTheCommandTree() {
        #expect(CommandNames.all == UTI.configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"])
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
        #expect(literal.stdout == "--json: error: no such file or directory\n")
    }

    /// --json and --jsonl are options of every command that prints records: in -h, --help and
    /// the completions, suggested for a typo, and refused beside each other or another format.
    @Test func jsonShortcutsAreOptionsOfEveryRecordCommand() throws {
        for command in ["identify", "type", "list", "check", "drop", "wrap", "conforms", "tree"] {
            let help = try uti([command, "-h"]).stdout
            #expect(help.contains("--json ") && help.contains("--jsonl "), "\(command) -h")
        }
        let bash = try uti(["completions", "bash"]).stdout
        #expect(bash.contains("--jsonl"))
        let typo = try uti(["identify", "--jsn", "Fixtures/files/photo.png"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("Did you mean '--json'?"))
        let both = try uti(["type", "public.png", "--json", "--jsonl"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("Give one of --json and --jsonl."))
        let clash = try uti(["type", "public.png", "--json", "--format", "jsonl"])
        #expect(clash.stderr.contains("--json is --format json; it cannot go with --format jsonl."))

        let conforms = try uti(["conforms", ".png", "public.image", "--json"])
        #expect(conforms.status == 0)
        try validate(conforms.stdout, against: "conforms-record.schema.json")
        let no = try uti(["conforms", "public.png", "public.text", "--jsonl"])
        #expect(no.status == 1)
        #expect(no.stdout == #"{"conforms":false,"parent":"public.text","schemaVersion":2,"type":"public.png"}"# + "\n")
        let tree = try uti(["tree", "public.png", "--jsonl"])
        try validate(tree.stdout, against: "tree-record.schema.json", lines: true)
        let first = try #require(try json(String(tree.stdout.split(separator: "\n")[0])) as? [String: Any])
        #expect(first["identifier"] as? String == "public.png" && first["relation"] as? String == "self")
        try validate(try uti(["tree", "public.image", "--json"]).stdout, against: "tree-record.schema.json", each: true)
        let wrap = try uti(["wrap", "--jsonl", "Fixtures/files/photo.png"])
        #expect(wrap.stdout.split(separator: "\n").count == 1)
        try validate(wrap.stdout, against: "drag-session.schema.json")
    }

    /// Plain text stays plain: the database's weak guesses from a first character (C's `//`,
    /// MATLAB's `%` and `##`) rename text only where libmagic, which reads more, agrees; a
    /// statement too few to decide a language alone is corroborated the same way.
    @Test func plainTextIsNotRenamedByAFirstCharacter() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("// APT configuration\nAPT::Get::Assume-Yes \"true\";\n", "public.plain-text"),
            ("## a settings file\nname = value\nother = thing\n", "public.plain-text"),
            ("% header comment\nname: value\n", "public.plain-text"),
            ("/* a header */\nint add(int a, int b);\nextern int counter;\n", "public.c-source"),
            ("def main():\n    print(\"hello\")\n\nmain()\n", "public.python-script"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let file = folder.appendingPathComponent("sample\(index)")
            try Data(text.utf8).write(to: file)
            #expect(try uti(["identify", "-b", file.path]).stdout == expected + "\n", "\(text)")
        }
    }

    /// An error is said once: on a terminal on standard error; piped, in its record only (as
    /// file(1) does), so `uti identify a nope | less` does not show it twice.
    @Test func aMissingPathIsReportedOnce() throws {
        // script(1) runs uti on a pseudo-terminal, standard output and error both.
        let run = try runProgram("/usr/bin/script", ["-qc", "'\(utiExecutable.path)' identify Fixtures/files/photo.png nope", "/dev/null"])
        #expect(run.stdout.replacingOccurrences(of: "\r", with: "") == "Fixtures/files/photo.png: public.png\nuti: nope: no such file or directory\n")
        let piped = try uti(["identify", "Fixtures/files/photo.png", "nope"])
        #expect(piped.stdout == "Fixtures/files/photo.png: public.png\nnope: error: no such file or directory\n")
        #expect(piped.stderr == "")
        #expect(piped.status == 1)
        let json = try uti(["identify", "--format", "jsonl", "nope"])
        #expect(json.stdout.contains("\"message\":\"nope: no such file or directory\""))
        #expect(json.stderr == "")
        // With -q only failures are printed, on standard error.
        let quiet = try uti(["identify", "-q", "--expect", "public.image", "Fixtures/files/photo.png", "nope"])
        #expect(quiet.stdout == "")
        #expect(quiet.stderr == "uti: nope: no such file or directory\n")
    }

    /// scripts/uninstall removes exactly what scripts/install put under a prefix, and uti's caches.
    @Test func uninstallRemovesUtisFilesAndNothingElse() throws {
        let prefix = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let manager = FileManager.default
        let ours = [
            "bin/uti", "share/man/man1/uti.1", "share/bash-completion/completions/uti", "share/zsh/site-functions/_uti",
            "share/fish/vendor_completions.d/uti.fish",
        ]
        for file in ours + ["bin/other", "share/man/man1/other.1"] {
            let url = prefix.appendingPathComponent(file)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let cache = prefix.appendingPathComponent("cache/uti")
        try manager.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: cache.appendingPathComponent("shared-mime-info-1.cache"))
        try Data("x".utf8).write(to: cache.appendingPathComponent("compiled-rules.cache"))
        let run = try runProgram(
            repositoryRoot.appendingPathComponent("scripts/uninstall").path, [prefix.path],
            environment: ["XDG_CACHE_HOME": prefix.appendingPathComponent("cache").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "removed 5 files of uti from \(prefix.path)\n")
        for file in ours { #expect(!manager.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)") }
        #expect(manager.fileExists(atPath: prefix.appendingPathComponent("bin/other").path))
        #expect(!manager.fileExists(atPath: cache.path))
    }
}

/// Help as a new user reads it: -h short, --help with the options before the long text.
@Suite struct HelpLayoutTests {
    @Test(arguments: ["identify", "drop", "wrap", "check", "type"])
    func shortHelpIsTheSynopsisAndTheOptions(command: String) throws {
        let run = try uti([command, "-h"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("OVERVIEW: ") == true)
        #expect(lines.contains { $0.hasPrefix("USAGE: uti \(command)") })
        #expect(lines.contains("OPTIONS:"))
        #expect(!run.stdout.contains("DESCRIPTION:"))
        #expect(run.stdout.hasSuffix("The rules, the records and the limits: uti \(command) --help, or man uti.\n"))
        #expect(lines.count < 80, "\(lines.count) lines")
    }

    @Test func longHelpPutsTheOptionsBeforeTheDescription() throws {
        for arguments in [["identify", "--help"], ["help", "identify"], ["identify", "x", "--help"]] {
            let run = try uti(arguments)
            #expect(run.status == 0)
            let text = run.stdout
            let options = try #require(text.range(of: "\nOPTIONS:\n"))
            let description = try #require(text.range(of: "\nDESCRIPTION:\n"))
            #expect(options.lowerBound < description.lowerBound)
            #expect(text.contains("RECONCILIATION, in order"))
        }
        let top = try uti(["--help"]).stdout
        let usage = try #require(top.range(of: "USAGE: uti"))
        let environment = try #require(top.range(of: "ENVIRONMENT:"))
        #expect(usage.lowerBound < environment.lowerBound)
        // After a lone --, -h is a path.
        #expect(try uti(["identify", "--", "-h"]).stdout == "-h: error: no such file or directory\n")
    }
}

/// Records carry every MIME spelling; text-only flags with a record format are a clash.
@Suite struct MIMESpellingTests {
    @Test func recordsListEveryNameWithThePrintedOneFirst() throws {
        let run = try uti(["identify", "--json", "Fixtures/files/bundle.tar", "Fixtures/files/hello.py"])
        let records = try #require(try json(run.stdout) as? [[String: Any]])
        #expect(records.map { $0["mimeType"] as? String } == ["application/x-tar", "text/x-script.python"])
        #expect(records[0]["mimeTypes"] as? [String] == ["application/x-tar", "application/tar"])
        #expect((records[1]["mimeTypes"] as? [String])?.first == "text/x-script.python")
        #expect((records[1]["mimeTypes"] as? [String])?.contains("text/x-python3") == true)
        try validate(run.stdout, against: "identify-record.schema.json", each: true)
    }

    /// XML prints file(1)'s text/xml, one of Apple's two tags for public.xml, and the record keeps
    /// both; the printed name leads back to the type.
    @Test func xmlPrintsFileSpelling() throws {
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/data.xml"]).stdout == "text/xml\n")
        let record = try #require(try json(uti(["identify", "--json", "Fixtures/files/data.xml"]).stdout) as? [[String: Any]])
        #expect(record.first?["mimeTypes"] as? [String] == ["text/xml", "application/xml"])
        #expect(try uti(["type", "-m", "text/xml"]).stdout.hasPrefix("public.xml\n"))
    }

    @Test(arguments: [["--mime-type"], ["-b"], ["-i"], ["--explain"], ["-b", "--mime-type"]])
    func textFlagsWithARecordFormatAreAClash(flags: [String]) throws {
        let run = try uti(["identify", "--format", "jsonl"] + flags + ["Fixtures/files/photo.png"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: \(flags.joined(separator: ", ")) shape"))
        #expect(run.stderr.contains("--format jsonl prints whole records"))
    }
}

/// One JSON vocabulary (schemaVersion 2): `path` for files, kebab-case values, `typeIdentifier`
/// where a type is named, jsonl wherever records are printed; version 1 documents still read.
@Suite struct JSONVocabularyTests {
    @Test func checkSaysPathAndPrintsAnExpectationALine() throws {
        let json = try uti(["check", "Fixtures/check/failing.check.json", "--json"])
        let report = try #require(try UTITestSupport.json(json.stdout) as? [String: Any])
        let first = try #require((report["expectations"] as? [[String: Any]])?.first)
        let result = try #require((first["results"] as? [[String: Any]])?.first)
        #expect(result["path"] as? String == "Fixtures/files/png-named.txt")
        #expect(result["file"] == nil)
        let lines = try uti(["check", "Fixtures/check/failing.check.json", "--jsonl"])
        #expect(lines.status == 1)
        let records = lines.stdout.split(separator: "\n").map(String.init)
        #expect(records.count == 8)
        let line = try #require(try UTITestSupport.json(records[0]) as? [String: Any])
        #expect(line["schemaVersion"] as? Int == 2)
        #expect(line["manifest"] as? String == "Fixtures/check/failing.check.json")
        #expect(line["index"] as? Int == 1)
        try validate(lines.stdout, against: "check-expectation.schema.json", lines: true)
    }

    @Test func dropPrintsAResultALineWithItsDestination() throws {
        let run = try uti([
            "drop", "--destination", "Fixtures/destinations/viewer.json", "--destination", "Fixtures/destinations/notes-app.json",
            "--jsonl", "Fixtures/sessions/photo-and-notes.json",
        ])
        let records = try run.stdout.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
        #expect(records.map { $0["destination"] as? String } == ["Fixtures/destinations/viewer.json", "Fixtures/destinations/notes-app.json"])
        #expect(records.allSatisfy { $0["schemaVersion"] as? Int == 2 })
        try validate(run.stdout, against: "drop-result.schema.json", lines: true)
    }

    @Test func valuesAreKebabCaseAndVersionOneSpellingsStillRead() throws {
        let own = try session(try uti(["wrap", "--visibility", "public.png=ownProcess", "--no-url", "Fixtures/files/photo.png"]).stdout)
        let representation = try #require(((own["items"] as? [[String: Any]])?.first?["representations"] as? [[String: Any]])?.first)
        #expect(representation["visibility"] as? String == "own-process")
        #expect(representation["typeIdentifier"] as? String == "public.png")
        #expect(representation["type"] == nil)
        let local = try uti(["drop", "--app", "com.example.viewer", "--class", "UIImage", "--json", "Fixtures/sessions/photo-and-notes.json"])
        let item = try #require((try json(local.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(item.first?["match"] as? String == "local-object")
    }

    /// A session as schemaVersion 1 wrote it (`type`, camelCase values) drops as its version 2
    /// twin does; a representation may not give both names.
    @Test func versionOneSessionsDropAsBefore() throws {
        let arguments = ["drop", "--accepts", "public.image", "--accepts", "public.text", "--json"]
        let old = try uti(arguments + ["Fixtures/sessions/version-1.json"])
        let new = try uti(arguments + ["Fixtures/sessions/photo-and-notes.json"])
        #expect(old.status == 0)
        #expect(old.stdout == new.stdout.replacingOccurrences(of: "photo-and-notes.json", with: "version-1.json"))
        let both =
            #"{"schemaVersion": 2, "items": [{"representations": "#
            + #"[{"type": "public.png", "typeIdentifier": "public.png", "kind": "data", "value": "x"}]}]}"#
        let refused = try uti(["wrap", "--validate", "-"], stdin: Data(both.utf8))
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("$.items[0].representations[0].type: is version 1's name for typeIdentifier: give one of them"))
    }
}

/// `-r` inside a Git repository honours what is above the walked folder, as ripgrep does: git's
/// global excludes file, `.git/info/exclude`, and every `.gitignore` from the root down.
@Suite struct IgnoreFilesAboveTests {
    @Test func aWalkFromASubfolderHonoursTheRepositorysRules() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repository")
        let home = folder.appendingPathComponent("home")
        func write(_ path: URL, _ text: String) throws {
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: path)
        }
        // A repository is a folder with .git (git init makes one; its info/exclude is a file).
        try write(repository.appendingPathComponent(".git/info/exclude"), "secret.txt\n")
        try write(repository.appendingPathComponent(".gitignore"), "*.log\n")
        try write(repository.appendingPathComponent("sub/.gitignore"), "!keep.log\n")
        try write(home.appendingPathComponent(".gitconfig"), "[user]\n\tname = x\n[core]\n\texcludesFile = ~/global-ignore\n")
        try write(home.appendingPathComponent("global-ignore"), "*.tmp\n")
        for name in ["a.txt", "b.log", "secret.txt", "c.tmp", "keep.log", "deep/d.log", "deep/e.txt"] {
            try write(repository.appendingPathComponent("sub/\(name)"), "hi\n")
        }
        let sub = repository.appendingPathComponent("sub").path
        let run = try uti(["identify", "-r", "--format", "jsonl", sub], environment: ["HOME": home.path])
        let paths = try run.stdout.split(separator: "\n").map { try #require((try json(String($0)) as? [String: Any])?["path"] as? String) }
        #expect(paths == ["\(sub)/a.txt", "\(sub)/deep/e.txt", "\(sub)/keep.log"])
        // --no-ignore reads none of them; outside a repository only the walked folders' own count.
        let all = try uti(["identify", "-r", "--no-ignore", "--format", "jsonl", sub], environment: ["HOME": home.path])
        #expect(all.stdout.split(separator: "\n").count == 7)
        try FileManager.default.removeItem(at: repository.appendingPathComponent(".git"))
        let plain = try uti(["identify", "-r", "--format", "jsonl", sub], environment: ["HOME": home.path])
        #expect(plain.stdout.split(separator: "\n").count == 7, "no repository: the root's .gitignore is not read")
    }
}

/// Colour as ripgrep and fd use it: on a terminal by default, never when piped, NO_COLOR and
/// TERM=dumb respected, --color always|never deciding.
@Suite struct ColorTests {
    @Test func identifyAndCheckColourATerminalOnly() throws {
        let always = try uti(["identify", "--color", "always", "Fixtures/files/photo.png", "nope"])
        #expect(always.stdout == "Fixtures/files/photo.png: \u{1B}[36mpublic.png\u{1B}[0m\nnope: \u{1B}[31merror: no such file or directory\u{1B}[0m\n")
        // Piped (as every in-process run is): no colour unless asked.
        #expect(try uti(["identify", "Fixtures/files/photo.png"]).stdout == "Fixtures/files/photo.png: public.png\n")
        #expect(try uti(["identify", "--color", "never", "Fixtures/files/photo.png"]).stdout == "Fixtures/files/photo.png: public.png\n")
        // On a terminal (script(1) runs uti on a pseudo-terminal), auto colours, unless NO_COLOR
        // is set and not empty (runProgram sets it; empty is as unset).
        let command = "'\(utiExecutable.path)' identify Fixtures/files/photo.png"
        let terminal = try runProgram("/usr/bin/script", ["-qc", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": ""])
        #expect(terminal.stdout.contains("\u{1B}[36mpublic.png\u{1B}[0m"))
        let plain = try runProgram("/usr/bin/script", ["-qc", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}["))
        let dumb = try runProgram("/usr/bin/script", ["-qc", command, "/dev/null"], environment: ["TERM": "dumb", "NO_COLOR": ""])
        #expect(!dumb.stdout.contains("\u{1B}["))
        // JSON is never coloured; check colours FAIL only.
        #expect(!(try uti(["identify", "--color", "always", "--json", "Fixtures/files/photo.png"])).stdout.contains("\u{1B}"))
        let check = try uti(["check", "--color", "always", "Fixtures/check/failing.check.json"])
        #expect(check.stdout.hasPrefix("\u{1B}[31mFAIL\u{1B}[0m Fixtures/files/png-named.txt: expectation 1"))
        #expect(check.stdout.hasSuffix("0 passed, 8 failed\n"))
    }
}

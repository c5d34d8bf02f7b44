import Foundation
import Testing
import UTITestSupport

@_spi(Fuzzing) @testable import UTICommands

@Suite struct CheckCommandTests {
    @Test func dogfoodManifestPasses() throws {
        let run = try uti(["check", "Fixtures/uti-fixtures.check.json"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout == "95 passed, 0 failed\n")
    }

    @Test func everyKindOfFailureIsNamed() throws {
        let run = try uti(["check", "Fixtures/check/failing.check.json"])
        #expect(run.status == 1)
        try assertSnapshot(run.stdout, named: "check-failing.txt")
        #expect(run.stdout.hasSuffix("0 passed, 8 failed\n"))
    }

    @Test func jsonReportListsEveryExpectationWithEveryFile() throws {
        let run = try uti(["check", "Fixtures/check/failing.check.json", "--format", "json"])
        let report = try #require(try json(run.stdout) as? [String: Any])
        #expect(report["schemaVersion"] as? Int == 2)
        #expect(report["summary"] as? [String: Int] == ["passed": 0, "failed": 8])
        let expectations = try #require(report["expectations"] as? [[String: Any]])
        #expect(expectations.count == 8)
        #expect((expectations[7]["results"] as? [[String: Any]])?.count == 1, "a count is one result")
        #expect(expectations[0]["passed"] as? Bool == false)
        #expect(expectations.map { $0["index"] as? Int } == Array(1...8), "numbered from 1, as in text and JUnit")
    }

    @Test func junitIsWellFormedAndCountsCases() throws {
        let run = try uti(["check", "Fixtures/check/failing.check.json", "--format", "junit"])
        #expect(run.status == 1)
        let parsed = try runProgram(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import sys, xml.etree.ElementTree as tree
                root = tree.fromstring(sys.stdin.read())
                suite = root.find("testsuite")
                cases = suite.findall("testcase")
                print(root.tag, suite.get("tests"), suite.get("failures"), len(cases), sum(1 for c in cases if c.find("failure") is not None))
                """,
            ], stdin: Data(run.stdout.utf8))
        #expect(parsed.stdout == "testsuites 8 8 8 8\n", "\(parsed.stderr)")
        #expect(run.stdout.contains("<failure message=\"expected type public.plain-text, found public.png\" type=\"expectation\">"))
    }

    @Test func outputFileIsReplacedAndTheSummaryPrinted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.xml")
        try Data("old".utf8).write(to: report)
        let run = try uti(["check", "Fixtures/uti-fixtures.check.json", "--format", "junit", "--output", report.path])
        #expect(run.status == 0)
        #expect(run.stdout == "95 passed, 0 failed\n")
        #expect(try String(contentsOf: report, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
    }

    @Test func anyMIMETagOfTheTypeAndASCIIAsUTF8Pass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = repositoryRoot.appendingPathComponent("Fixtures/files").path
        let manifest = folder.appendingPathComponent("aliases.check.json")
        try Data(
            """
            {"expectations": [
              {"files": "\(files)/bundle.tar.gz", "mimeType": "application/gzip"},
              {"files": "\(files)/bundle.tar.gz", "mimeType": "application/x-gzip"},
              {"files": "\(files)/photo.jpg", "mimeType": "image/jpg"},
              {"files": "\(files)/ascii.txt", "encoding": "utf-8"},
              {"files": "\(files)/ascii.txt", "encoding": "ascii"},
              {"files": "\(files)/ascii.txt", "mimeType": "application/pdf"},
              {"files": "\(files)/utf8.txt", "encoding": "us-ascii"}
            ]}
            """.utf8
        ).write(to: manifest)
        let run = try uti(["check", manifest.path])
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("5 passed, 2 failed\n"), "\(run.stdout)")
        #expect(run.stdout.contains("expected MIME type application/pdf, found text/plain"))
        #expect(run.stdout.contains("expected encoding us-ascii, found utf-8"))
    }

    @Test func badManifestExitsTwoNamingEveryKey() throws {
        let run = try uti(["check", "Fixtures/check/bad.check.json"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.contains("uti: Fixtures/check/bad.check.json: $.expectations[1].drop.destination: names no destination in $.destinations (\"nowhere\")"))
        #expect(try uti(["check", "Fixtures/sessions/truncated.json"]).status == 2)
        #expect(try uti(["check", "Fixtures/check/no-such.check.json"]).status == 2)
    }

    @Test func identifyExpectIsTheOneLineForm() throws {
        #expect(try uti(["identify", "--expect", "public.audio", "Fixtures/files/tone.wav", "Fixtures/files/tone.opus"]).status == 0)
        #expect(try uti(["identify", "--expect", "public.audio", "Fixtures/files/clip.mp4"]).status == 1)
    }
}

@Suite struct GlobTests {
    let base = repositoryRoot.appendingPathComponent("Fixtures").path
    func matches(_ pattern: String) -> [String] {
        Glob(pattern: pattern).matches(relativeTo: base) { $0.description.hasSuffix(".app") || $0.description.hasSuffix(".rtfd") }.paths.map(\.description)
    }

    @Test(arguments: [
        ("*.png", "photo.png", true), ("*.png", ".hidden.png", false), ("photo.?if", "photo.gif", true),
        ("photo.?if", "photo.tiff", false), ("hello.[ch]", "hello.c", true), ("hello.[ch]", "hello.o", false),
        ("hello.[!ch]", "hello.o", true), ("tone.[a-f]*", "tone.flac", true), ("tone.[a-f]*", "tone.wav", false),
    ])
    func componentMatching(pattern: String, name: String, matches: Bool) {
        #expect(Glob.match(pattern, name) == matches)
    }

    @Test func globsSelectFilesAndPackagesNotFolders() {
        #expect(matches("files/*.app") == ["files/Sample.app"])
        #expect(matches("files/plain-f*") == [], "a folder is not a file")
        #expect(matches("files/**/.keep") == ["files/plain-folder/.keep"])
        #expect(matches("**/photo.png") == ["files/photo.png"])
        #expect(matches("files/subs.*") == ["files/subs.srt", "files/subs.vtt"])
        #expect(!matches("files/**").contains { $0.contains("Sample.app/") }, "packages are not entered")
    }
}

/// A manifest's mistakes come in one run, unknown types included (they need the catalog, so they
/// are checked once the manifest's own declarations are loaded, before any file is read).
@Suite struct CheckManifestProblemsTests {
    @Test func everyUnknownTypeIsNamedAtOnce() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.check.json")
        try Data(
            #"""
            {"expectations": [
              {"files": "*.txt", "type": "com.example.nope"},
              {"files": "*.txt", "conformsTo": "public.text"},
              {"files": "*.txt", "type": "com.example.other", "notConformsTo": "com.example.third"}
            ]}
            """#.utf8
        ).write(to: manifest)
        let run = try uti(["check", manifest.path])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                uti: \(manifest.path): $.expectations[0].type: com.example.nope: unknown type identifier
                uti: \(manifest.path): $.expectations[2].type: com.example.other: unknown type identifier
                uti: \(manifest.path): $.expectations[2].notConformsTo: com.example.third: unknown type identifier

                """)
    }
}

/// `uti check --format github` and the composite action that runs it: workflow commands GitHub
/// turns into annotations on the failing files, and a step that fails as the check does.
@Suite struct GitHubCheckTests {
    @Test func failuresAreErrorAnnotationsOnTheirFiles() throws {
        let run = try uti(["check", "Fixtures/check/failing.check.json", "--format", "github"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "::error file=Fixtures/files/png-named.txt,title=uti check%3A expectation 1 (../files/png-named.txt%3A type public.plain-text)::expected type public.plain-text, found public.png"
        )
        #expect(lines.last == "0 passed, 8 failed")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("::error file=") })
        // What would end a workflow command is escaped: %, newlines, and : and , in properties.
        #expect(CheckGitHubFormatter.data("50% done\nnext") == "50%25 done%0Anext")
        #expect(CheckGitHubFormatter.property("a:b,c") == "a%3Ab%2Cc")
    }

    /// The action's steps, as the runner would run them (bash, with GITHUB_PATH), on a runner
    /// that already has uti: the step fails with the check, and prints the annotations.
    @Test func theActionRunsTheCheckWithAnnotations() throws {
        let action = repositoryRoot.appendingPathComponent(".github/actions/uti-check/action.yml").path
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("uti").path, withDestinationPath: utiExecutable.path)
        let script = """
            import os, subprocess, sys, yaml
            action = yaml.safe_load(open(sys.argv[1]))
            assert action["runs"]["using"] == "composite"
            env = dict(os.environ, PATH=sys.argv[2] + ":" + os.environ["PATH"], GITHUB_PATH=sys.argv[3] + "/github-path",
                       UTI_DEB="", UTI_SOURCE="/nonexistent", UTI_MANIFEST=sys.argv[4], UTI_QUIET=sys.argv[5])
            for step in action["runs"]["steps"]:
                run = subprocess.run(["bash", "-c", step["run"]], env=env, capture_output=True, text=True, cwd=sys.argv[6])
                sys.stdout.write(run.stdout)
                if run.returncode != 0:
                    sys.exit(run.returncode)
            """
        for quiet in ["false", "true"] {
            let run = try runProgram(
                "/usr/bin/env",
                ["python3", "-c", script, action, bin.path, folder.path, "Fixtures/check/failing.check.json", quiet, repositoryRoot.path])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout.contains("::error file=Fixtures/files/png-named.txt,title=uti check%3A expectation 1"))
            #expect(run.stdout.contains("0 passed, 8 failed") == (quiet == "false"))
        }
        let passing = try runProgram(
            "/usr/bin/env",
            ["python3", "-c", script, action, bin.path, folder.path, "Fixtures/uti-fixtures.check.json", "false", repositoryRoot.path])
        #expect(passing.status == 0, "\(passing.stdout) \(passing.stderr)")
    }
}

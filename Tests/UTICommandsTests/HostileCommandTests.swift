import Foundation
import Testing
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import UTICommands

/// Hostile input at the command line, each class from issue 12 with its smallest input
/// (Fixtures/hostile/README.md): the documented exit status and one clear line, at once.
@Suite struct HostileCommandTests {
    @Test func zip64FieldsOutOfRangeAreIgnoredNotTrapped() throws {
        let run = try uti(["identify", "Fixtures/hostile/zip/zip64-huge-fields.zip", "Fixtures/hostile/zip/zip64-wild-locator.zip"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                Fixtures/hostile/zip/zip64-huge-fields.zip: public.zip-archive
                Fixtures/hostile/zip/zip64-wild-locator.zip: public.zip-archive

                """)
    }

    /// A makefile macro whose `=` a combining mark follows: the make check found the `=` as a
    /// byte and then looked for it as a Character, which it is not there, and trapped (found by
    /// `scripts/fuzz text`). The file is identified, with names and without.
    @Test func aMacroWhoseEqualsSignACombiningMarkFollowsIsNotATrap() throws {
        let run = try uti(["identify", "Fixtures/hostile/text/makefile-combining-equals"])
        #expect(run.status == 0)
        #expect(run.stdout == "Fixtures/hostile/text/makefile-combining-equals: public.utf8-plain-text\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("hostile/text/makefile-combining-equals")))
        let piped = try uti(["identify", "-b", "-"], stdin: bytes)
        #expect(piped.status == 0)
        #expect(piped.stdout == "public.utf8-plain-text\n")
    }

    @Test func duplicateKeysInASessionExitTwoNamingTheKey() throws {
        let session = try Data(contentsOf: URL(fileURLWithPath: fixture("hostile/documents/duplicate-key.session.json")))
        let run = try uti(["drop", "--accepts", "public.data"], stdin: session)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "uti: -: is not valid JSON: line 8, column 48: duplicate key \"path\" in $.items[0].representations[0]\n")
    }

    @Test func aDeviceNamedByASessionIsRefusedWithoutBeingOpened() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = try Data(contentsOf: URL(fileURLWithPath: fixture("hostile/documents/device.session.json")))
        let run = try uti(["drop", "--accepts", "public.data", "--out", out.path], stdin: session, timeout: 10)
        #expect(run.status == 1)
        #expect(run.stderr == "uti: item 1: /dev/zero: is a character device, not a regular file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func aFIFONamedByASessionDoesNotHang() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let session = try uti(["wrap", "--rep", "public.data=\(fifo)"])
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try uti(["drop", "--accepts", "public.data", "--out", out.path], stdin: Data(session.stdout.utf8), timeout: 10)
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("\(fifo): is a FIFO, not a regular file\n"))
    }

    @Test func documentsOverTheSizeLimitExitTwoFromStandardInputToo() throws {
        let big = Data(repeating: UInt8(ascii: " "), count: (16 << 20) + 1)
        let run = try uti(["drop", "--accepts", "public.data"], stdin: big)
        #expect(run.status == 2)
        #expect(run.stderr == "uti: -: standard input: exceeds uti's document-bytes limit (16777216)\n")
    }

    @Test func aFailedWriteToStandardOutputExitsOneSayingSo() throws {
        let run = try runProgram("/bin/sh", ["-c", "'\(utiExecutable.path)' identify Fixtures/files/photo.png > /dev/full"])
        #expect(run.status == 1)
        #expect(run.stderr == "uti: cannot write to standard output: no space left on device\n")
    }

    @Test func anOverLongListedNameIsOneErrorNotPieces() throws {
        let long = String(repeating: "x", count: 70_000)
        let list = Data((long + "\nFixtures/files/photo.png\n").utf8)
        let run = try uti(["identify", "--files-from", "-"], stdin: list)
        #expect(run.status == 1)
        #expect(
            run.stdout == "-: error: a name is longer than uti's listed-name-bytes limit (65536 bytes); it was skipped\nFixtures/files/photo.png: public.png\n")
        #expect(run.stderr == "")
    }

    @Test func aFolderIsNeverLoadedIntoAFolderInsideItself() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: folder.appendingPathComponent("a.txt"))
        let run = try pipeline([folder.path], ["--accepts", "public.folder", "--load", "file", "--out", inside.path])
        // The item fails to load (exit 1), as any item that cannot be loaded does.
        #expect(run.status == 1)
        #expect(run.stderr == "uti: item 1: \(folder.path): cannot be loaded into \(inside.path), which is inside it\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: inside.path).isEmpty)
    }

    @Test func aSymlinkedOutputFolderIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("out")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.path)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--accepts", "public.image", "--out", link.path])
        #expect(run.status == 2)
        #expect(run.stderr == "uti: \(link.path): the output folder is a symbolic link; name the folder it points to\n")
    }

    @Test func staleTemporariesOfDeadDropsAreRemoved() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // PID 2^22 + 1 is above Linux's pid_max ceiling, so no process has it.
        let stale = out.appendingPathComponent(".uti-load-4194305-photo.png")
        try Data("partial".utf8).write(to: stale)
        // Unlocked and untouched for two minutes: a temporary whose writer is gone.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: stale.path)
        let run = try pipeline(["Fixtures/files/photo.png"], ["--accepts", "public.image", "--out", out.path])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["photo.png"])
    }

    @Test func thousandsOfItemsWithOneNameGetDistinctNamesAtOnce() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let paths = Array(repeating: "Fixtures/files/ascii.txt", count: 1_000)
        let run = try pipeline(paths, ["--accepts", "public.plain-text", "--out", out.path])
        #expect(run.status == 0)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(names.count == 1_000)
        #expect(names.contains("ascii.txt") && names.contains("ascii 2.txt") && names.contains("ascii 1000.txt"))
    }

    @Test func wrapRefusesANameThatIsNotUTF8() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var raw = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".txt".utf8)
        raw.append(0)
        let descriptor = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let run = try runProgram("/bin/sh", ["-c", "'\(utiExecutable.path)' wrap \"$1\"/bad$(printf '\\377').txt", "sh", folder.path])
        #expect(run.status == 1)
        #expect(run.stderr == "uti: \(folder.path)/bad\\xFF.txt: the name is not UTF-8, so a session document cannot record it (rename the file)\n")
    }

    @Test func controlAndBidiCharactersInNamesAreEscapedInTextButExactInJSON() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "a\u{1B}[31mred\u{202E}gnp.txt"
        try Data("hi\n".utf8).write(to: folder.appendingPathComponent(name))
        let path = folder.appendingPathComponent(name).path
        let text = try uti(["identify", path])
        #expect(text.stdout == "\(folder.path)/a\\x1B[31mred\\u{202E}gnp.txt: public.plain-text\n")
        let jsonRun = try uti(["identify", "--format", "jsonl", path])
        let record = try #require(try json(jsonRun.stdout) as? [String: Any])
        #expect(record["path"] as? String == path)
        let missing = try uti(["identify", "no\u{1B}]0;pwned\u{7}such"])
        #expect(missing.stdout == "no\\x1B]0;pwned\\x07such: error: no such file or directory\n")
        let quiet = try uti(["identify", "-q", "--expect", "public.data", "no\u{1B}]0;pwned\u{7}such"])
        #expect(quiet.stderr == "uti: no\\x1B]0;pwned\\x07such: no such file or directory\n")
    }

    @Test func foldersThatCannotBeListedFailInsteadOfBeingSkipped() throws {
        let folder = try temporaryFolder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("locked").path)
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data("hi\n".utf8).write(to: locked.appendingPathComponent("hidden.txt"))
        try Data("hi\n".utf8).write(to: folder.appendingPathComponent("seen.txt"))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        let walk = try utiWithoutPrivileges(["identify", "-r", folder.path], copyInto: folder)
        #expect(walk.status == 1)
        #expect(walk.stdout.contains("\(folder.path)/seen.txt: public.plain-text\n"))
        #expect(walk.stdout.contains("\(locked.path): error: cannot list: permission denied\n"))
        #expect(walk.stderr == "")
        let manifest = folder.appendingPathComponent("m.check.json")
        try Data(#"{"expectations": [{"files": "locked/*.txt", "type": "public.plain-text"}]}"#.utf8).write(to: manifest)
        let check = try utiWithoutPrivileges(["check", manifest.path], copyInto: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("permission denied"))
    }

    @Test func helpAndTheManPageListEveryLimit() throws {
        let help = try uti(["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let manual = try String(contentsOf: repositoryRoot.appendingPathComponent("man/uti.1"), encoding: .utf8)
        for limit in Limits.all {
            #expect(help.contains("\(limit.name) \(limit.value): \(limit.meaning)"))
            #expect(manual.contains("\(limit.name) \(limit.value)"))
        }
    }

    @Test func globsAreLinearOnManyStars() {
        let name = String(repeating: "a", count: 10_000)
        #expect(!Glob.match("*a*a*a*a*a*a*a*a*a*a*a*a*b", name))
        #expect(Glob.match("*a*a*a*a*a*a*a*a*a*a*a*a*", name))
        #expect(Glob.match("*[!b]?a*", name))
    }
}

/// scripts/fuzz runs every target with its dictionary: a target without one fails in CI.
@Suite struct FuzzScriptTests {
    @Test func everyFuzzTargetHasADictionary() throws {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/fuzz"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("targets=(") })
        let targets = line.dropFirst("targets=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(targets.contains("cfb"))
        for target in targets {
            let dictionary = repositoryRoot.appendingPathComponent("Fuzz/\(target).dict").path
            #expect(FileManager.default.fileExists(atPath: dictionary), "Fuzz/\(target).dict")
        }
    }
}

import Foundation
import Testing
import UTITestSupport

/// What `uti identify -b -` prints for a fixture's bytes: its type from content alone, as
/// standard input has no name. `fixture` is a path under Fixtures/files.
func contentAnswer(_ fixture: String) throws -> String {
    try uti(["identify", "-b", "-"], stdin: Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/\(fixture)"))).stdout
}

func records(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
}

@Suite struct IdentifyCommandTests {
    @Test func textOutputIsPathColonType() throws {
        let run = try uti(["identify", fixture("files/photo.png"), fixture("files/hello.go")])
        #expect(run.status == 0)
        #expect(run.stdout == "\(fixture("files/photo.png")): public.png\n\(fixture("files/hello.go")): org.golang.go-source\n")
    }

    @Test func briefAndMimeType() throws {
        #expect(try uti(["identify", "-b", "Fixtures/files/tone.opus"]).stdout == "org.xiph.opus\n")
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/tone.opus"]).stdout == "audio/opus\n")
        #expect(try uti(["identify", "--mime-type", "Fixtures/files/utf8.txt"]).stdout == "Fixtures/files/utf8.txt: text/plain\n")
    }

    /// file(1)'s spelling where it leads back to the type: Perl is text/x-perl (shared-mime-info
    /// says application/x-perl, Apple's one tag is text/x-perl-script), with the database and
    /// without it; `uti type -m` takes the printed name back to the type.
    @Test func fileOnesSpellingWhereItLeadsBackToTheType() throws {
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/hello.pl"]).stdout == "text/x-perl\n")
        #expect(try uti(["identify", "-b", "Fixtures/files/hello.pl"]).stdout == "public.perl-script\n")
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/hello.pl"], environment: ["UTI_SHARED_MIME_INFO": "0"]).stdout == "text/x-perl\n")
        for (file, mime, identifier) in [
            ("hello.py", "text/x-script.python", "public.python-script"), ("hello.pyc", "application/x-bytecode.python", "org.python.bytecode"),
            ("hello.c", "text/x-c", "public.c-source"), ("hello.cpp", "text/x-c++", "public.c-plus-plus-source"),
        ] {
            #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/\(file)"]).stdout == mime + "\n")
            #expect(try uti(["type", "-m", mime]).stdout.hasPrefix(identifier + "\n"))
        }
        // A C header keeps the database's name: file(1)'s text/x-c leads to C source, not to it.
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/hello.h"]).stdout == "text/x-chdr\n")
    }

    /// The same when uti's own text check decided (a `#!` line) and shared-mime-info's rule only
    /// agreed; a database name that is one of the type's own tags leaves the type's order
    /// (`audio/opus` before shared-mime-info's `audio/x-opus+ogg`, in `briefAndMimeType`).
    @Test func theDatabaseNameWhenUtisOwnCheckDecided() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-shebang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("report")
        try Data("#!/usr/bin/perl -w\nuse strict;\nprint \"hello\\n\";\n".utf8).write(to: script)
        let run = try uti(["identify", "--format", "jsonl", script.path])
        let record = try #require(try records(run.stdout).first)
        let evidence = try #require((record["evidence"] as? [String: Any])?["content"] as? [String: Any])
        #expect(evidence["sniffer"] as? String == "uti")
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.perl-script")
        #expect(record["mimeType"] as? String == "text/x-perl")
        // file(1)'s name for a Python script, which the alias list takes to Apple's.
        let python = directory.appendingPathComponent("tool")
        try Data("#!/usr/bin/env python3\nprint('hello')\n".utf8).write(to: python)
        #expect(try uti(["identify", "--mime-type", "-b", python.path]).stdout == "text/x-script.python\n")
        #expect(try uti(["identify", "-b", python.path]).stdout == "public.python-script\n")
        // file(1)'s name for PHP, not the unprefixed application/php that Apple's tags list.
        let page = directory.appendingPathComponent("page")
        try Data("<html><body><?php echo 'hello'; ?></body></html>\n".utf8).write(to: page)
        #expect(try uti(["identify", "--mime-type", "-b", page.path]).stdout == "text/x-php\n")
    }

    /// uti's language guesses read directives and statements; the system database's guess from a
    /// file's first characters (its C rule: `//` or `/*` at the start) does not overrule them.
    @Test func aLanguageGuessStandsAgainstTheDatabasesFirstCharacters() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-cxx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let header = directory.appendingPathComponent("shapes")
        try Data("// shapes, a C++ header\n#ifndef SHAPES_H\n#define SHAPES_H\nnamespace shapes {\nstruct Point { int x, y; };\n}\n#endif\n".utf8)
            .write(to: header)
        let record = try #require(try records(try uti(["identify", "--format", "jsonl", header.path]).stdout).first)
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.c-plus-plus-header")
        #expect(record["mimeType"] as? String == "text/x-c++hdr")
    }

    /// ELF files as file(1) names them, from the header uti reads itself: a PIE executable, a
    /// shared library, a relocatable object (gcc's defaults on Debian made the first).
    @Test func elfKindsAsFilePrintsThem() throws {
        let run = try uti(["identify", "--mime-type", "-b", "Fixtures/files/hello-elf", "Fixtures/files/libgreet.so", "Fixtures/files/hello.o"])
        #expect(run.stdout == "application/x-pie-executable\napplication/x-sharedlib\napplication/x-object\n")
    }

    /// git format-patch's output is a patch by its From line's fixed time stamp, with or without
    /// its name (libmagic calls it a diff); a mailbox with that date but no commit is a mailbox.
    @Test func aFormatPatchIsAPatchByContent() throws {
        let patch = try Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/files/greeting.patch"))
        #expect(try uti(["identify", "-b", "-"], stdin: patch).stdout == "public.patch-file\n")
        #expect(try uti(["identify", "-b", "Fixtures/files/greeting.patch"]).stdout == "public.patch-file\n")
        #expect(try uti(["identify", "--mime-type", "-b", "-"], stdin: patch).stdout == "text/x-patch\n")
        let mailbox = String(decoding: patch, as: UTF8.self).replacingOccurrences(
            of: "From 6248417f38c9272320ed4eadd00cb5114153e646 ", with: "From uti@example.invalid ")
        #expect(try uti(["identify", "-b", "-"], stdin: Data(mailbox.utf8)).stdout == "org.mbox.mailbox\n")
    }

    /// Fortran by its statements, fixed form and free form, without names; printed as file(1)
    /// and shared-mime-info name it, text/x-fortran, which leads back to Apple's Fortran type
    /// with the system's database and without it.
    @Test func fortranByItsStatements() throws {
        for fixture in ["hello.f", "squares.f90"] {
            let source = try Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/files/" + fixture))
            #expect(try uti(["identify", "-b", "-"], stdin: source).stdout == "public.fortran-source\n", "\(fixture)")
            #expect(try uti(["identify", "--mime-type", "-b", "-"], stdin: source).stdout == "text/x-fortran\n", "\(fixture)")
        }
        #expect(try uti(["identify", "-b", "Fixtures/files/squares.f90"]).stdout == "public.fortran-90-source\n")
        for environment in [[:], ["UTI_SHARED_MIME_INFO": "0"]] {
            let run = try uti(["type", "-m", "text/x-fortran", "--format", "jsonl"], environment: environment)
            #expect(run.stdout.contains(#""identifier":"public.fortran-source""#), "\(environment)")
        }
    }

    /// A DOS .COM program, which has no MZ header for uti's own check: libmagic's x-dosexec is
    /// uti's DOS executable type, whose tag it is, not a Windows application.
    @Test func aDOSComProgramIsADOSExecutable() throws {
        let run = try uti(["identify", "--format", "jsonl", "Fixtures/files/hello.com"])
        #expect(run.stdout.contains(#""identifier":"com.microsoft.dos-executable""#))
        #expect(run.stdout.contains(#""mimeType":"application/x-dosexec""#))
        #expect(run.stdout.contains(#""sniffer":"libmagic""#))
    }

    /// A type Apple declares without a MIME type is named by uti's aliases (Catalog/mime-aliases.json)
    /// or the database's name for it, not by libmagic's name for the TIFF it is stored in; a
    /// compressed tar archive by the database's name for it, not file(1)'s for its compression.
    @Test func aTypeWithoutAMIMETypeOfItsOwnByItsOtherName() throws {
        let raw = try uti(["identify", "--mime-type", "-b", "Fixtures/files/camera.3fr"], environment: ["UTI_SHARED_MIME_INFO": "0"])
        #expect(raw.stdout == "image/x-hasselblad-3fr\n")
        #expect(try uti(["identify", "-b", "Fixtures/files/camera.3fr"]).stdout == "com.hasselblad.3fr-raw-image\n")
        #expect(try uti(["type", "-m", "image/x-hasselblad-3fr", "--format", "jsonl"]).stdout.contains(#""identifier":"com.hasselblad.3fr-raw-image""#))
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/bundle.tar.gz"]).stdout == "application/x-compressed-tar\n")
        #expect(try uti(["type", "-m", "image/vnd.fpx", "--format", "jsonl"]).stdout.contains(#""identifier":"com.kodak.flashpix-image""#))
    }

    /// A type whose own MIME types the system's shared-mime-info database does not know is printed
    /// by the database's name for its format: Apple tags FLIC animations `video/flc`, file(1)
    /// prints `video/x-flc`, the database (and every Linux desktop) says `video/x-flic`. Without
    /// the database, file(1)'s spelling, which Apple's tags list too. The type record keeps
    /// Apple's tags.
    @Test func theDatabasesNameForAFormatWhoseTagsItDoesNotKnow() throws {
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/clip.flc"]).stdout == "video/x-flic\n")
        let alone = try uti(["identify", "--mime-type", "-b", "Fixtures/files/clip.flc"], environment: ["UTI_SHARED_MIME_INFO": "0"])
        #expect(alone.stdout == "video/x-flc\n")
        let record = try #require(try records(try uti(["identify", "--format", "jsonl", "Fixtures/files/clip.flc"]).stdout).first)
        let type = try #require(record["type"] as? [String: Any])
        #expect(type["preferredMIMEType"] as? String == "video/flc")
    }

    /// Formats uti declares by name, with the MIME types current shared-mime-info gives them
    /// (newer than Debian's 2.2): disc and ROM images, encoded Windows scripts, compressed tars
    /// whose compressors Apple does not know inside a tar, and images whose extension a text
    /// format shares (binary content picks the image).
    @Test func formatsKnownByTheirNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = Data([0x00, 0x01, 0x80, 0xE8, 0xFF, 0x00] + [UInt8](repeating: 0, count: 58))
        let files: [(String, Data, String, String)] = [
            ("disc.nrg", binary, "com.nero.nrg-image", "application/x-nrg"),
            ("game.nds", binary, "com.nintendo.ds-rom", "application/vnd.nintendo.nitro.rom"),
            ("jingle.dsp", binary, "com.nintendo.dsp-audio", "audio/x-dsp"),
            ("card.pxr", binary, "com.pixar.pxr-image", "image/x-pxr"),
            ("card.phm", binary, "org.oyranos.phm-image", "image/x-phm"),
            ("scan.sct", binary, "com.scitex.ct-image", "image/x-sct"),
            ("signed.cat", binary, "com.microsoft.security-catalog", "application/vnd.ms-pki.seccat"),
            ("hello.vbe", Data("#@~^AAAAAA==AAAAAA==^#~@\n".utf8), "com.microsoft.vbscript-encoded", "text/vbscript.encode"),
            ("hello.jse", Data("#@~^AAAAAA==AAAAAA==^#~@\n".utf8), "com.microsoft.jscript-encoded", "text/jscript.encode"),
            ("backup.tar.br", binary, "com.google.brotli-tar-archive", "application/x-brotli-compressed-tar"),
            ("backup.tar.bz3", binary, "io.github.kspalaiologos.bzip3-tar-archive", "application/x-bzip3-compressed-tar"),
            ("backup.tar.rz", binary, "org.samba.rzip-tar-archive", "application/x-rzip-compressed-tar"),
            // A whole name of Catalog/file-names.json (RFC 9309), plain text by its MIME type.
            ("robots.txt", Data("User-agent: *\nDisallow: /private/\n".utf8), "org.ietf.robots-txt", "text/plain"),
        ]
        for (name, bytes, _, _) in files { try bytes.write(to: folder.appendingPathComponent(name)) }
        let run = try uti(["identify", "--format", "jsonl"] + files.map { folder.appendingPathComponent($0.0).path })
        let found = try records(run.stdout).map { record in
            ((record["type"] as? [String: Any])?["identifier"] as? String ?? "", record["mimeType"] as? String ?? "")
        }
        #expect(found.map(\.0) == files.map(\.2))
        #expect(found.map(\.1) == files.map(\.3))
        // A .tar.bz2 is printed by current shared-mime-info's name (uti's alias list), where
        // Debian's 2.2 says application/x-bzip-compressed-tar.
        let tarball = folder.appendingPathComponent("backup.tar.bz2")
        try Data("BZh91AY&SY".utf8 + [UInt8](repeating: 0, count: 40)).write(to: tarball)
        #expect(try uti(["identify", "--mime-type", "-b", tarball.path]).stdout == "application/x-bzip2-compressed-tar\n")
    }

    /// A type uti's alias list names is printed by that name: the registered `application/yaml`
    /// (RFC 9512) and `video/vnd.avi` where Apple's tags keep older ones, file(1)'s
    /// `text/x-shellscript`. The type records keep Apple's tags.
    @Test func theAliasListsNameIsPrinted() throws {
        let run = try uti(["identify", "--mime-type", "Fixtures/files/config.yaml", "Fixtures/files/clip.avi", "Fixtures/files/hello.sh"])
        #expect(
            run.stdout == "Fixtures/files/config.yaml: application/yaml\nFixtures/files/clip.avi: video/vnd.avi\nFixtures/files/hello.sh: text/x-shellscript\n")
        let record = try #require(try records(try uti(["type", "--format", "jsonl", "public.yaml"]).stdout).first)
        #expect(record["preferredMIMEType"] as? String == "application/x-yaml")
    }

    /// `--mime-type`, `-i`, `-b` and `-f` as file(1) users type them.
    @Test func mimeTypesAsFilePrintsThem() throws {
        let run = try uti([
            "identify", "--mime-type", "Fixtures/files/plain-folder", "Fixtures/files/empty", "Fixtures/files/broken-link",
            "Fixtures/files/bundle.tar.gz", "Fixtures/files/hello.c", "Fixtures/files/hello.sh", "Fixtures/files/nope",
        ])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                Fixtures/files/plain-folder: inode/directory
                Fixtures/files/empty: inode/x-empty
                Fixtures/files/broken-link: inode/symlink
                Fixtures/files/bundle.tar.gz: application/x-compressed-tar
                Fixtures/files/hello.c: text/x-c
                Fixtures/files/hello.sh: text/x-shellscript
                Fixtures/files/nope: error: no such file or directory

                """)
        #expect(run.stderr == "")
        let charset = try uti(["identify", "-i", "-b", "Fixtures/files/ascii.txt", "Fixtures/files/photo.png", "Fixtures/files/plain-folder"])
        #expect(charset.stdout == "text/plain; charset=us-ascii\nimage/png; charset=binary\ninode/directory; charset=binary\n")
        let listed = try uti(["identify", "--mime-type", "-b", "-f", "-"], stdin: Data("Fixtures/files/photo.png\nnope\n".utf8))
        #expect(listed.stdout == "image/png\nerror: no such file or directory\n")
    }

    @Test func conformingToKeepsOnlyMatchingFiles() throws {
        let run = try uti(["identify", "-r", "--conforming-to", "public.audio", "--conforming-to", "com.microsoft.bmp", "Fixtures/files"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains("Fixtures/files/photo.bmp: com.microsoft.bmp"))
        #expect(lines.contains("Fixtures/files/tone.opus: org.xiph.opus"))
        #expect(!lines.contains { $0.hasSuffix("public.png") })
        #expect(try uti(["identify", "--conforming-to", "image", "Fixtures/files/photo.png"]).status == 2)
    }

    /// A `#!` line decides over a name that says a text format that is no script (execve(2)
    /// runs the file with its interpreter): Debian's policy-rc.d is a shell script, not D source.
    @Test func anInterpreterLineOutranksANameThatIsNoScript() throws {
        let run = try uti(["identify", "--explain", "Fixtures/files/policy-rc.d"])
        #expect(run.stdout.hasPrefix("Fixtures/files/policy-rc.d: public.shell-script\n"))
        #expect(run.stdout.contains("  rule: interpreter-line: "))
        #expect(try uti(["identify", "-b", "Fixtures/files/tcl-version"]).stdout == "org.tcl.tcl-script\n")
        // A line that names no interpreter uti knows: the statements say which script it is.
        let broken = "#!/usr/bin env python\n\nimport json\nimport os\n\ndef main():\n    print(json.dumps(dict(os.environ)))\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(broken.utf8)).stdout == "public.python-script\n")
    }

    /// Structures read from content alone (standard input has no name): makefiles of rules or of
    /// definitions, mdoc and roff, a Python stub that is no YAML, Python's try statement and
    /// one-line suites, a C include guard with tabs, C of declarations then main, a Lua module, a
    /// PowerShell script without #!, a batch file's bare remark, CSS rules on one line, HTML behind Jinja's or ASP's tags, a CommonJS module of
    /// one export, a polkit rule.
    @Test func structuresFromContentAlone() throws {
        let expected = [
            "certs-rules": "public.make-source", "build-definitions": "public.make-source", "hello.mdoc.1": "org.gnu.groff.man-page",
            "macros.tmac": "org.gnu.groff.troff", "reasons.pyi": "public.python-script", "sidebar-fragment": "public.html",
            "es5-library": "com.netscape.javascript-source", "tab-guarded-header": "public.c-header",
            "fallback-import": "public.python-script", "one-line-classes": "public.python-script",
            "config-in-string": "public.python-script", "launch-remarks": "com.microsoft.batch-file",
            "po-definitions": "public.make-source", "one-line-rules": "public.css", "jinja-page": "public.html",
            "asp-page": "public.html", "single-export": "com.netscape.javascript-source", "typedef-first": "public.c-source",
            "declarations-then-main": "public.c-source", "counter-module": "org.lua.lua-script", "clean-logs": "com.microsoft.powershell-script",
            "sizes.go": "org.golang.go-source", "routines.sql": "org.iso.sql-source",
            "python-change": "public.patch-file", "coverage-settings": "com.microsoft.ini",
            "allow-reboot.rules": "com.netscape.javascript-source", "platform-check": "com.netscape.javascript-source",
            "sphinx-settings": "public.python-script", "stats-minified": "com.netscape.javascript-source",
        ]
        for (name, type) in expected {
            #expect(try contentAnswer(name) == "\(type)\n", "\(name)")
        }
        // Elements HTML does not define make XML, not an HTML fragment.
        let olink = #"<div element="book" href="a.html#b"><ttl>Title</ttl><xreftext>Title</xreftext></div>"#
        #expect(try uti(["identify", "-b", "-"], stdin: Data(olink.utf8)).stdout == "public.plain-text\n")
        // Java properties expand ${name}, which is not make's $(NAME): no makefile.
        let properties = (["base = /srv/app"] + (1...8).map { "path\($0) = ${base}/part\($0)" }).joined(separator: "\n") + "\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(properties.utf8)).stdout != "public.make-source\n")
        // A string's braces and semicolons are not statements, and `try:` with no handler is no Python.
        #expect(try uti(["identify", "-b", "-"], stdin: Data("try:\n  retries: 3\n  delay: 5\n".utf8)).stdout != "public.python-script\n")
        // Prose that names the exports assigns nothing; template tags before text are no HTML.
        #expect(try uti(["identify", "-b", "-"], stdin: Data("module.exports is how a module exports\n".utf8)).stdout == "public.plain-text\n")
        #expect(try uti(["identify", "-b", "-"], stdin: Data("{% block body %}\nHello, {{ name }}.\n{% endblock %}\n".utf8)).stdout != "public.html\n")
        // A long line of prose that opens like a declaration has no functions: no minified script.
        let prose = "let it be; " + String(repeating: "words and more words; ", count: 60) + "\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(prose.utf8)).stdout != "com.netscape.javascript-source\n")
        // A man page that quotes a diff is a man page.
        let page = ".TH \"DIFF-EXAMPLE\" \"1\"\n.SH NAME\nexample \\- show a change\n.nf\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n.fi\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(page.utf8)).stdout == "org.gnu.groff.man-page\n")
        // Vim script's functions in a scope are no Lua methods; shell's `local x=1` is no Lua local.
        let vim = "function s:Count(lines)\n  let l:n = 0\n  return l:n\nendfunction\nfunction s:Reset()\nendfunction\nend\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(vim.utf8)).stdout != "org.lua.lua-script\n")
        let shell = "f() {\n  local a=1\n  local b=2\n  echo \"$a$b\"\n}\nend\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(shell.utf8)).stdout != "org.lua.lua-script\n")
        // Prose that names cmdlets, and apt.conf's hyphenated options, are no PowerShell.
        let cmdletProse = "Write-Host is a cmdlet.\nGet-Help explains the others.\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(cmdletProse.utf8)).stdout != "com.microsoft.powershell-script\n")
        let apt = "APT {\n  Build-Essential \"<LIST>\"; // names\n  Protect-Kernels \"<BOOL>\";\n};\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(apt.utf8)).stdout != "com.microsoft.powershell-script\n")
        // A list of dotted names is no roff.
        #expect(try uti(["identify", "-b", "-"], stdin: Data(".build/\n.swiftpm/\n.DS_Store\n.env\n.cache/\n".utf8)).stdout == "public.plain-text\n")
    }

    /// Signatures exact enough to decide without libmagic (uti.xml, priority 90): compiled
    /// terminfo by its magic and header sizes (term(5)), TZif by its magic, version and zero
    /// octets (RFC 8536), Stata's datasets by their opening tags, OneNote sections by their
    /// header's GUIDs (MS-ONESTORE); libmagic calls TZif and OneNote only data.
    @Test func signaturesThatDecideWithoutLibmagic() throws {
        let run = try uti([
            "identify", "--format", "jsonl", "Fixtures/files/terminal-entry", "Fixtures/files/terminal-entry-wide", "Fixtures/files/zone-info",
        ])
        let records = try run.stdout.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
        #expect(
            records.map { ($0["type"] as? [String: Any])?["identifier"] as? String } == [
                "org.gnu.ncurses.terminfo", "org.gnu.ncurses.terminfo", "org.ietf.tzif",
            ])
        #expect(
            records.map { ($0["evidence"] as? [String: Any]).flatMap { ($0["content"] as? [String: Any])?["sniffer"] as? String } } == ["uti", "uti", "uti"])
        // The rule's own name for the 32-bit format, one of the type's, as file(1) prints it.
        #expect(records.map { $0["mimeType"] as? String } == ["application/x-terminfo", "application/x-terminfo2", "application/tzif"])
        // A OneNote section by its header's file type and format GUIDs; libmagic says data.
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/section.one"]).stdout == "application/onenote\n")
        #expect(try contentAnswer("section.one") == "com.microsoft.onenote\n")
        // A Stata dataset opens with tags the database's HTML rule takes for HTML.
        #expect(try contentAnswer("survey.dta") == "com.stata.dta\n")
        // Formats libmagic names only in words (application/octet-stream) or not at all: a Java
        // heap dump, Berkeley DB B-tree and hash files, a SAS data set, LLVM bitcode bare and in
        // Darwin's wrapper; a SketchUp model and an InstallShield cabinet, which libmagic names.
        let dumps = [
            "heap-head.hprof": "com.oracle.java.hprof", "pairs-btree.db": "com.oracle.berkeley-db", "pairs-hash.db": "com.oracle.berkeley-db",
            "survey.sas7bdat": "com.sas.sas7bdat", "model.skp": "com.sketchup.skp", "data1.cab": "com.flexera.installshield-cabinet",
            "greet.bc": "org.llvm.bitcode", "greet-darwin.bc": "org.llvm.bitcode",
        ]
        for (name, type) in dumps {
            #expect(try contentAnswer(name) == "\(type)\n", "\(name)")
        }
        #expect(
            try uti(["identify", "--mime-type", "-b", "Fixtures/files/heap-head.hprof", "Fixtures/files/pairs-hash.db", "Fixtures/files/survey.sas7bdat"])
                .stdout
                == "application/vnd.java.hprof\napplication/x-berkeley-db\napplication/x-sas-data\n")
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/greet.bc"]).stdout == "application/x-llvm-ir-bitcode\n")
        // reStructuredText and CMake by their structure, without a name (both were plain text);
        // a Python module whose docstring is reStructuredText stays Python, a package's metadata
        // (headers, then a description in reStructuredText) plain text.
        #expect(try contentAnswer("guide.rst") == "org.freedesktop.mime.text.x-rst\n")
        #expect(try contentAnswer("CMakeLists.txt") == "org.cmake.cmake-source\n")
        let module =
            "# Copyright the authors.\n\n\"\"\"\nTools\n=====\n\n.. note:: See :func:`run`.\n\"\"\"\n"
            + "import os\n\n\ndef run():\n    return os.getcwd()\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(module.utf8)).stdout == "public.python-script\n")
        let metadata = "Metadata-Version: 2.1\nName: tools\n\nTools\n=====\n\n.. note:: See :func:`run`.\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(metadata.utf8)).stdout == "public.plain-text\n")
        // SketchUp's header opens with a UTF-16 byte-order mark, but no text check reads it; an
        // InstallShield cabinet named .cab (InstallShield names its data1.cab so) is the other
        // type the extension stands for, no mismatch.
        let cabinet = try #require(try json(try uti(["identify", "--format", "jsonl", "Fixtures/files/data1.cab"]).stdout) as? [String: Any])
        #expect(cabinet["mismatch"] is NSNull)
        #expect((cabinet["evidence"] as? [String: Any])?["rule"] as? String == "alternative-agrees")
        // A SAS catalog shares the data set's magic number but is no data set; a B-tree's magic
        // with an implausible version is no database.
        var catalog = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/survey.sas7bdat"))
        catalog.replaceSubrange(156..<164, with: Data("CATALOG ".utf8))
        #expect(try uti(["identify", "-b", "-"], stdin: catalog).stdout != "com.sas.sas7bdat\n")
        var btree = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/pairs-btree.db"))
        btree.replaceSubrange(16..<20, with: Data([0, 1, 0, 0]))
        #expect(try uti(["identify", "-b", "-"], stdin: btree).stdout != "com.oracle.berkeley-db\n")
        // The magic without a plausible header is no terminfo entry.
        #expect(try uti(["identify", "-b", "-"], stdin: Data([0x1A, 0x01, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0x41, 0x42])).stdout != "org.gnu.ncurses.terminfo\n")
    }

    /// PEM by its label (RFC 7468; OpenSSL's for key parameters), printed as PEM (a private key
    /// as file(1) prints it, text/plain).
    @Test func pemByItsLabel() throws {
        let expected = [
            "public-key.pem": "org.ietf.pem-public-key", "request.csr": "org.ietf.pem-certificate-request",
            "ec-params.pem": "org.openssl.pem-parameters", "chain-p7.pem": "org.ietf.pem-pkcs7", "key.pem": "org.ietf.pem-private-key",
        ]
        for (name, type) in expected {
            #expect(try contentAnswer(name) == "\(type)\n", "\(name)")
            if name != "key.pem" {
                #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/\(name)"]).stdout == "application/x-pem-file\n", "\(name)")
            }
        }
        // A label RFC 7468 does not define stays PEM.
        let other = "-----BEGIN EXAMPLE THING-----\nAAAA\n-----END EXAMPLE THING-----\n"
        #expect(try uti(["identify", "-b", "-"], stdin: Data(other.utf8)).stdout == "org.ietf.pem\n")
    }

    /// XML vocabularies by their root element and namespace, from content alone and by name; a
    /// root of the same name in another namespace stays XML.
    @Test func xmlVocabulariesByTheirRootElement() throws {
        let expected = [
            "form-data.xfdf": "com.adobe.xfdf", "scene.x3d": "org.web3d.x3d", "parcels.gml": "net.opengis.gml",
            "ride.tcx": "com.garmin.tcx", "triangle.amf": "org.astm.amf", "identify-concept.dita": "org.oasis-open.dita",
            "guide-map.ditamap": "org.oasis-open.dita",
        ]
        for (name, type) in expected {
            #expect(try contentAnswer(name) == "\(type)\n", "\(name)")
            #expect(try uti(["identify", "-b", "Fixtures/files/\(name)"]).stdout == "\(type)\n", "\(name)")
        }
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/form-data.xfdf"]).stdout == "application/vnd.adobe.xfdf\n")
        let other = #"<?xml version="1.0"?><xfdf xmlns="urn:example:other"><fields/></xfdf>"#
        #expect(try uti(["identify", "-b", "-"], stdin: Data(other.utf8)).stdout == "public.xml\n")
        // A DITA topic by its shell's public identifier; another vocabulary's map stays XML.
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/identify-concept.dita"]).stdout == "application/dita+xml\n")
        let map = #"<?xml version="1.0"?><!DOCTYPE map SYSTEM "map.dtd"><map><topicref href="a.xml"/></map>"#
        #expect(try uti(["identify", "-b", "-"], stdin: Data(map.utf8)).stdout == "public.xml\n")
        // AMF compressed as its standard allows (a zip of its one document) is AMF.
        #expect(try contentAnswer("triangle-compressed.amf") == "org.astm.amf\n")
        #expect(try uti(["identify", "--mime-type", "-b", "Fixtures/files/triangle.amf"]).stdout == "application/x-amf\n")
    }

    /// Zips by the names of their entries (Catalog/package-rules.json), from content alone:
    /// a wheel's .dist-info, a NuGet package's .nuspec, an app bundle's BundleConfig.pb, a
    /// signed Firefox add-on's META-INF/mozilla.rsa; printed as file(1) prints them where the
    /// format has no MIME type of its own (application/zip).
    @Test func zipsByTheirEntries() throws {
        let expected = [
            "hello_fixture-1.0-py3-none-any.whl": ("org.python.wheel", "application/zip"),
            "hello.fixture.1.0.0.nupkg": ("org.nuget.package", "application/zip"),
            "app.aab": ("com.android.app-bundle", "application/zip"), "addon.xpi": ("org.mozilla.xpinstall", "application/x-xpinstall"),
            "site.war": ("com.sun.web-application-archive", "application/java-archive"), "app.ipa": ("com.apple.itunes.ipa", "application/x-ios-app"),
        ]
        for (name, (type, mime)) in expected {
            let path = "Fixtures/files/\(name)"
            #expect(try contentAnswer(name) == "\(type)\n", "\(name)")
            #expect(try uti(["identify", "-b", "--mime-type", path]).stdout == "\(mime)\n", "\(name)")
        }
        // The database's type for the add-on's MIME type is uti's.
        #expect(try uti(["type", "-m", "application/x-xpinstall"]).stdout.hasPrefix("org.mozilla.xpinstall\n"))
    }

    /// iWork '13 documents: Keynote by its master slides, from content alone, though the system
    /// database's rule for a first entry named Index/Document.iwa says Pages. Pages and Numbers
    /// keep tables in the same parts, so a Numbers document's content stays the database's Pages,
    /// and its name tells which of the two it is.
    @Test func iWorkDocumentsByTheirEntries() throws {
        #expect(try contentAnswer("slides.key") == "com.apple.iWork.Keynote.sffkey\n")
        #expect(try uti(["identify", "-b", "--mime-type", "Fixtures/files/slides.key"]).stdout == "application/x-iwork-keynote-sffkey\n")
        #expect(try contentAnswer("tables.numbers") == "com.apple.iWork.Pages.sffpages\n")
        #expect(try uti(["identify", "-b", "Fixtures/files/tables.numbers"]).stdout == "com.apple.iWork.Numbers.sffnumbers\n")
    }

    /// An Enhanced Metafile from content alone, which libmagic calls data: the system database's
    /// magic (" EMF" at 40, [MS-EMF]) names it, and the MIME type is the database's.
    @Test func enhancedMetafileByTheDatabasesMagic() throws {
        #expect(try contentAnswer("drawing.emf") == "org.freedesktop.mime.image.emf\n")
        #expect(try uti(["identify", "-b", "--mime-type", "Fixtures/files/drawing.emf"]).stdout == "image/emf\n")
    }

    /// Java properties (java.util.Properties.load) by their name. Their syntax, `key = value`
    /// lines under `#` or `!` comments, is X resources' and sysctl.conf's too, so their content
    /// alone is plain text.
    @Test func javaPropertiesByTheirName() throws {
        let path = "Fixtures/files/messages.properties"
        #expect(try uti(["identify", "-b", path]).stdout == "com.sun.java-properties\n")
        #expect(try uti(["identify", "-b", "--mime-type", path]).stdout == "text/x-java-properties\n")
        #expect(try contentAnswer("messages.properties") == "public.plain-text\n")
        #expect(try uti(["type", "-m", "text/x-java-properties"]).stdout.hasPrefix("com.sun.java-properties\n"))
    }

    /// Independent of the machine: without the system's shared-mime-info database (whose version
    /// sets the rules' priorities in `evidence`), on files uti's own checks decide.
    @Test func jsonRecordsAreStable() throws {
        let run = try uti(
            [
                "identify", "--format", "json", "Fixtures/files/png-named.txt", "Fixtures/files/hello.swift",
                "Fixtures/files/empty.json", "Fixtures/Sample.app", "Fixtures/files/Sample.app",
                "Fixtures/files/link-to-photo",
            ], environment: ["UTI_SHARED_MIME_INFO": "0"])
        #expect(run.status == 1, "Fixtures/Sample.app does not exist")
        try assertSnapshot(run.stdout, named: "identify-mixed.json")
        #expect(run.stderr == "", "said once, in the record")
    }

    @Test func magicDescriptionIsLibmagicsOwnWords() throws {
        let plain = try records(try uti(["identify", "--format", "jsonl", "Fixtures/files/photo.png"]).stdout)
        let plainEvidence = try #require(plain.first?["evidence"] as? [String: Any])
        #expect((plainEvidence["content"] as? [String: Any])?["description"] as? String == "PNG image")
        let magic = try records(try uti(["identify", "--magic-description", "--format", "jsonl", "Fixtures/files/photo.png"]).stdout)
        let magicEvidence = try #require(magic.first?["evidence"] as? [String: Any])
        #expect(
            (magicEvidence["content"] as? [String: Any])?["description"] as? String
                == "PNG image data, 16 x 16, 8-bit colormap, non-interlaced")
    }

    @Test func everyRecordHasEveryKey() throws {
        let run = try uti(["identify", "--format", "jsonl", "-r", "--directories", "--hidden", "Fixtures/files/plain-folder", "Fixtures/files/nope"])
        for record in try records(run.stdout) {
            #expect(
                Set(record.keys) == ["schemaVersion", "path", "kind", "type", "mimeType", "mimeTypes", "encoding", "evidence", "mismatch", "size", "error"])
        }
        // The type is the same record `uti type --format json` prints, without its schemaVersion.
        let folder = try #require(try records(run.stdout).first)
        let type = try #require(folder["type"] as? [String: Any])
        let typeRun = try #require(try json(try uti(["type", "public.folder", "--format", "json"]).stdout) as? [[String: Any]])
        #expect(Set(type.keys).union(["schemaVersion"]) == Set(try #require(typeRun.first).keys))
        #expect(type["identifier"] as? String == "public.folder")
        #expect(folder["mimeType"] as? String == "inode/directory")
        let last = try #require(try records(run.stdout).last)
        #expect((last["error"] as? [String: String])?["code"] == "not-found")
        #expect(last["type"] is NSNull)
    }

    @Test func missingPathsFailButOthersAreStillIdentified() throws {
        let run = try uti(["identify", "Fixtures/files/missing-1", "Fixtures/files/photo.gif", "Fixtures/files/missing-2"])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                Fixtures/files/missing-1: error: no such file or directory
                Fixtures/files/photo.gif: com.compuserve.gif
                Fixtures/files/missing-2: error: no such file or directory

                """)
        #expect(run.stderr == "")
    }

    @Test func recursiveWalksInNameOrderAndSkipsPackages() throws {
        let run = try uti(["identify", "-r", "--directories", "--hidden", "-b", "Fixtures/files"])
        let lines = run.stdout.split(separator: "\n")
        let walked = (FileManager.default.enumerator(atPath: fixture("files"))?.allObjects as? [String] ?? [])
            .filter { !$0.contains(".app/") && !$0.contains(".rtfd/") }
        #expect(lines.count == 1 + walked.count, "the folder and everything under it but the insides of packages")
        #expect(lines.count > 200)
        #expect(lines.first == "public.folder")
        let paths = try records(try uti(["identify", "-r", "--directories", "--hidden", "--format", "jsonl", "Fixtures/files"]).stdout)
            .map { $0["path"] as! String }
        #expect(!paths.contains { $0.contains("Sample.app/") })
        let names = paths.dropFirst().map { $0.replacingOccurrences(of: "Fixtures/files/", with: "") }.filter { !$0.contains("/") }
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func filesFromStandardInputKeepsOrder() throws {
        let list = (0..<300).map { $0 % 2 == 0 ? "Fixtures/files/photo.png" : "Fixtures/files/tone.wav" }
        let run = try uti(["identify", "-b", "--files-from", "-"], stdin: Data((list.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0)
        let expected = (0..<300).map { $0 % 2 == 0 ? "public.png" : "com.microsoft.waveform-audio" }
        #expect(run.stdout.split(separator: "\n").map(String.init) == expected)
    }

    @Test func nulSeparatedNamesSurviveTheRoundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-nul-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var name = Array(directory.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(" notes\n.txt".utf8)
        let created = (name + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(created >= 0)
        close(created)
        let run = try uti(["identify", "-0", "--files-from", "-"], stdin: Data(name + [0]))
        #expect(run.status == 0)
        name += [0] + Array("public.plain-text".utf8) + [0]
        #expect(Array(run.stdoutBytes) == name)
        let json = try uti(["identify", "--format", "jsonl", "-r", directory.path])
        // The byte that is not UTF-8 is PEP 383's escape, so the JSON path gives the name back.
        #expect(json.stdout.contains("caf\\udce9 notes\\n.txt"))
    }

    @Test func standardInputContent() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: fixture("files/photo.png")))
        let run = try uti(["identify", "--format", "jsonl", "-"], stdin: png)
        let record = try #require(try records(run.stdout).first)
        #expect(record["path"] as? String == "-")
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.png")
        #expect(record["size"] as? Int == png.count)
    }

    @Test func fifoReturnsAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try uti(["identify", "-L", "-b", fifo, "/dev/zero"], timeout: 10)
        #expect(run.stdout == "public.named-pipe\npublic.character-special\n")
    }

    @Test func unreadableFileIsAPermissionError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uti-perm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let secret = directory.appendingPathComponent("secret.txt").path
        try Data("hidden\n".utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret)
        let arguments = ["identify", "--format", "jsonl", secret]
        let run = try utiWithoutPrivileges(arguments, copyInto: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let record = try #require(try records(run.stdout).first)
        #expect((record["error"] as? [String: String])?["code"] == "permission-denied")
        #expect(record["kind"] as? String == "file")
    }

    @Test func expectChecksConformance() throws {
        let good = try uti(["identify", "--expect", "public.image", "Fixtures/files/photo.png", "Fixtures/files/photo.gif"])
        #expect(good.status == 0)
        let bad = try uti(["identify", "--expect", "public.image", "Fixtures/files/photo.png", "Fixtures/files/tone.wav"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "uti: Fixtures/files/tone.wav: is com.microsoft.waveform-audio, which does not conform to public.image\n")
        #expect(try uti(["identify", "--expect", "no.such.type", "Fixtures/files/photo.png"]).status == 2)
    }

    @Test func usageErrors() throws {
        #expect(try uti(["identify"]).status == 2)
        #expect(try uti(["identify", "--jobs", "0", "x"]).status == 2)
        #expect(try uti(["identify", "--files-from", "-", "-"]).status == 2)
        #expect(try uti(["identify", "--files-from", "Fixtures/files"]).status == 2)
        #expect(try uti(["identify", "-", "-"]).status == 2)
        let missing = try uti(["identify", "--files-from", "Fixtures/no-such-list"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "uti: --files-from Fixtures/no-such-list: no such file or directory\n")
    }

    @Test func pipingIntoHeadEndsQuietly() throws {
        let run = try runProgram("/bin/sh", ["-c", "\(utiExecutable.path) identify -r Fixtures/files | head -n 2"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.split(separator: "\n").count == 2)
    }

    /// -r as ripgrep and fd walk: files, not directories; no hidden names; nothing a .gitignore or
    /// .ignore excludes (with ! to take a name back, / for directories only, anchored patterns);
    /// --directories, --hidden, --no-ignore, --exclude and --max-depth to change that.
    @Test func recursiveHonoursHiddenNamesAndIgnoreFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for name in [
            ".git/config", ".hidden.txt", "a.txt", "b.log", "keep.log", "build/out.txt", "src/c.txt", "src/deep/d.txt", "src/gen/e.txt", "docs/build/f.txt",
        ] {
            let url = folder.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("text\n".utf8).write(to: url)
        }
        try Data("# comments and blank lines are skipped\n\n*.log\n!keep.log\n/build/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
        try Data("gen/\n".utf8).write(to: folder.appendingPathComponent("src/.ignore"))
        func walk(_ options: [String]) throws -> [String] {
            let run = try uti(["identify", "-r"] + options + ["--format", "jsonl", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
            return try records(run.stdout).map { ($0["path"] as! String).replacingOccurrences(of: folder.path + "/", with: "") }
        }
        #expect(try walk([]) == ["a.txt", "docs/build/f.txt", "keep.log", "src/c.txt", "src/deep/d.txt"])
        #expect(try walk(["--max-depth", "1"]) == ["a.txt", "keep.log"])
        // --max-depth 0: the argument itself, a folder (issue 44), as find's -maxdepth 0.
        let itself = try uti(["identify", "-r", "--max-depth", "0", "--format", "jsonl", folder.path])
        #expect(try records(itself.stdout).map { ($0["type"] as? [String: Any])?["identifier"] as? String } == ["public.folder"])
        #expect(try uti(["identify", "-r", "--max-depth", "-1", folder.path]).status == 2)
        #expect(try walk(["--exclude", "deep", "--exclude", "docs/build"]) == ["a.txt", "keep.log", "src/c.txt"])
        #expect(
            try walk(["--no-ignore"]) == ["a.txt", "b.log", "build/out.txt", "docs/build/f.txt", "keep.log", "src/c.txt", "src/deep/d.txt", "src/gen/e.txt"])
        #expect(try walk(["--hidden"]).contains(".hidden.txt"))
        #expect(try walk(["--hidden"]).contains(".git/config"))
        #expect(try walk(["--directories"]).first == folder.path)
        let misuse = try uti(["identify", "--hidden", folder.path])
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("go with -r"))
    }
}

/// `identify --explain`: the evidence and the reconciliation rule that decided, named as the
/// help (and the man page) states them, from one table.
@Suite struct ExplainTests {
    @Test func explainNamesTheEvidenceAndTheRule() throws {
        let run = try uti(["identify", "--explain", "Fixtures/files/png-named.txt", "Fixtures/files/clip.f4v"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                Fixtures/files/png-named.txt: public.png
                  content: public.png, by uti (PNG image); check signature; shared-mime-info's rules: image/png at priority 50
                  name: txt -> public.plain-text
                  candidates, strongest first:
                    signature: public.png by uti-rule (image/png at priority 90) at byte 0
                    weak: public.png by shared-mime-info (image/png at priority 50) at byte 0
                    name: public.plain-text by name (txt)
                  rule: contradiction: otherwise they contradict (PNG bytes in a .txt): the content, and the mismatch names both
                  mismatch: the content is public.png, the name says public.plain-text
                Fixtures/files/clip.f4v: public.mpeg-4
                  content: public.mpeg-4, by shared-mime-info (MPEG-4 movie); shared-mime-info's rules: video/mp4 at priority 50; major brand "f4v "
                  name: f4v -> com.adobe.flash.video
                  candidates, strongest first:
                    signature: public.mpeg-4 by shared-mime-info (video/mp4 at priority 50) at byte 4
                    name: com.adobe.flash.video by name (f4v)
                  rule: contradiction: otherwise they contradict (PNG bytes in a .txt): the content, and the mismatch names both
                  mismatch: the content is public.mpeg-4, the name says com.adobe.flash.video

                """)
    }

    @Test func theRecordNamesTheRuleAndTheHelpStatesEveryRule() throws {
        let run = try uti(["identify", "--format", "json", "Fixtures/files/sensor.dng", "Fixtures/files/camera.dng", "Fixtures/files"])
        let records = try #require(try json(run.stdout) as? [[String: Any]])
        #expect(records.map { ($0["evidence"] as? [String: Any])?["rule"] as? String } == ["narrower-content", "open-content", nil])
        try validate(run.stdout, against: "identify-record.schema.json", each: true)
        let help = try uti(["identify", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for rule in ["no-name", "empty-file", "narrower-content", "open-content", "weak-name", "contradiction"] {
            #expect(help.contains(") \(rule): "), "\(rule)")
        }
    }

    /// The record and `--explain` name the check of uti's that found the content's type (none
    /// for libmagic's answer); the help lists every check in the order they run, which is their
    /// precedence.
    @Test func theRecordNamesTheCheckAndTheHelpListsEveryCheckInOrder() throws {
        let paths = ["declarations-then-main", "app.ipa", "zone-info", "photo.tiff", "messages.properties"].map { "Fixtures/files/\($0)" }
        let run = try uti(["identify", "--format", "jsonl"] + paths)
        let checks = try records(run.stdout).map { record -> String? in
            ((record["evidence"] as? [String: Any])?["content"] as? [String: Any])?["check"] as? String
        }
        #expect(checks == ["c-family", "zip-container", "signature", nil, "plain-text"])
        try validate(run.stdout, against: "identify-record.schema.json", lines: true)
        let explained = try uti(["identify", "--explain", "Fixtures/files/declarations-then-main"]).stdout
        #expect(explained.contains("  content: public.c-source, by uti (C source); check c-family; a weak guess\n"))
        let help = try uti(["identify", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        let order = [
            "camera-raw", "signature", "python-bytecode", "windows-dll", "mz-executable", "asf-streams", "matroska-audio", "zip-container",
            "interpreter-line", "pem-label", "html-template", "markup", "netpbm-plain", "mime-html", "mail", "rtf", "calendar-contact",
            "webvtt", "postscript", "json", "subrip", "strict-directive", "gettext", "yaml", "toml-ini", "gnu-assembler", "zig", "tcl", "mdoc",
            "roff", "diff", "c-family", "makefile", "script-language", "module-of-exports", "minified-script", "todo-list", "markdown",
            "delimited", "plain-text", "language-hint",
        ]
        let positions = order.map { check in help.range(of: " \(check) (")?.lowerBound ?? help.range(of: "(\(check))")?.lowerBound }
        #expect(!positions.contains { $0 == nil }, "every check is in the help")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "in the order they run")
    }

    /// An ID3v2 tag with cover art hides the stream behind it from a 64 KiB head; the stream is
    /// read where the tag ends (libmagic follows the tag too: "Audio file with ID3 version 2.4.0,
    /// contains: FLAC audio bitstream data").
    @Test func theStreamBehindAnID3TagIsTheContent() throws {
        let run = try uti(["identify", "--explain", "Fixtures/files/tagged-tone.flac", "Fixtures/files/tagged-tone.aac"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Fixtures/files/tagged-tone.flac: org.xiph.flac\n"))
        // libmagic, shown what it reads itself (7 MiB), follows a tag of 70 KB; uti's read follows longer ones.
        #expect(run.stdout.contains("    signature: org.xiph.flac by libmagic (audio/flac)\n"))
        #expect(run.stdout.contains("Fixtures/files/tagged-tone.aac: public.aac-audio\n"))
        // By content alone, from standard input, the same.
        let flac = try Data(contentsOf: URL(fileURLWithPath: fixture("files/tagged-tone.flac")))
        #expect(try uti(["identify", "-"], stdin: flac).stdout == "-: org.xiph.flac\n")
        // A tag before MP3 frames is still MP3.
        #expect(try uti(["identify", "Fixtures/files/tone.mp3"]).stdout == "Fixtures/files/tone.mp3: public.mp3\n")
    }

    /// Text no check of uti's reads is put to libmagic where no name gives a text type: its
    /// language is a weak candidate, the answer by content alone, and a name decides over it
    /// (issue 40: where uti reads nothing better, the answer is libmagic's).
    @Test func textUTIReadsNothingOfIsLibmagicsWeakGuess() throws {
        #expect(try contentAnswer("point-struct.c") == "public.c-source\n")
        let declarations = try Data(contentsOf: URL(fileURLWithPath: fixture("files/point-struct.c")))
        let explained = try uti(["identify", "--explain", "-"], stdin: declarations).stdout
        #expect(explained.contains("  content: public.c-source, by libmagic (C source code); a weak guess\n"))
        #expect(explained.contains("    weak: public.c-source by libmagic (text/x-c)\n"))
        // Text no line of which ends as code does (m4's macros) is not shown to libmagic.
        #expect(try contentAnswer("macros.m4") == "public.plain-text\n")
        let named = try records(try uti(["identify", "--format", "jsonl", "Fixtures/files/macros.m4"]).stdout)[0]
        let evidence = try #require(named["evidence"] as? [String: Any])
        #expect((named["type"] as? [String: Any])?["identifier"] as? String == "org.freedesktop.mime.application.x-m4")
        // Plain text under the name: the name alone decided, and libmagic was not asked.
        #expect(evidence["decidedBy"] as? String == "extension")
        #expect(evidence["rule"] as? String == "narrower-name")
        let candidates = try #require(evidence["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["source"] as? String } == ["uti-check", "name"])
        #expect(candidates.map { $0["strength"] as? String } == ["weak", "name"])
        // Notes named .txt are never shown to libmagic.
        let notes = try records(try uti(["identify", "--format", "jsonl", "Fixtures/files/stars-notes.txt"]).stdout)[0]
        let noted = try #require((notes["evidence"] as? [String: Any])?["candidates"] as? [[String: Any]])
        #expect(!noted.contains { $0["source"] as? String == "libmagic" })
    }

    /// Formats whose signature is text or short (issue 40): each by content alone, where uti's
    /// text checks took them for a script or plain text and the catalog had no type.
    @Test(arguments: [
        ("voice.amr", "org.3gpp.adaptive-multi-rate-audio"), ("voice.awb", "org.3gpp.adaptive-multi-rate-wideband-audio"),
        ("xvpics-photo.jpg", "com.trilon.xv-thumbnail"), ("pixels.pam", "net.sourceforge.netpbm.pam"),
        ("layout.mif", "com.adobe.framemaker.mif"), ("pages.dcx", "com.zsoft.dcx"), ("scan.e57", "org.astm.e57"),
        // Ogg by every stream's first page: Theora after Vorbis is video.
        ("vorbis-then-theora.ogv", "org.xiph.ogg-theora"),
        // HEIF's generic major brand: the compatible brands say AVIF.
        ("mif1-photo.avif", "public.avif"),
        // An isohybrid image holds its ISO 9660 volume from byte 0; the GPT in front boots it.
        ("hybrid.iso", "org.iso.iso-9660-image"),
        // A FITS header with no data is text throughout: the SIMPLE card is its signature.
        ("header-only.fits", "gov.nasa.gsfc.fits"),
        // An APEv2 tag at the start (its header's flag bit 29) hides an ADTS stream from every
        // signature: the stream is read where the tag's size says it ends.
        ("ape-tagged-tone.aac", "public.aac-audio"),
        // An XMP sidecar between <?xpacket?> instructions has no XML declaration: its root,
        // x:xmpmeta in adobe:ns:meta/, says XMP.
        ("sidecar.xmp", "com.adobe.xmp"),
    ])
    func shortAndTextualSignaturesByContent(file: String, identifier: String) throws {
        #expect(try contentAnswer(file) == identifier + "\n")
    }

    /// A name whose format's exact signature the bytes lack does not name them (issue 40): bytes
    /// nothing recognizes, named .png, are data, and the mismatch shows the name.
    @Test func aNameItsOwnSignatureRejectsIsNotTheAnswer() throws {
        let run = try uti(["identify", "--format", "jsonl", "Fixtures/files/mislabelled/noise.png"])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.data")
        #expect((record["evidence"] as? [String: Any])?["rule"] as? String == "name-rejected")
        #expect((record["evidence"] as? [String: Any])?["decidedBy"] as? String == "content")
        #expect((record["mismatch"] as? [String: Any])?["extension"] as? String == "public.png")
        // A real PNG under its name, and bytes of a format whose rules are not exhaustive (binary
        // STL has no signature), keep their names.
        #expect(try uti(["identify", "-b", "Fixtures/files/photo.png"]).stdout == "public.png\n")
    }

    /// A name is not believed over bytes its format's specification rejects (issue 40, tried as a
    /// new user would): a flat binary named .bin is no MacBinary, a Vim spell file named .spl no
    /// Flash movie, prose named .crt no certificate; the content decides and the mismatch shows
    /// the name. Files of those formats under the same names keep them.
    @Test(arguments: [
        ("firmware.bin", "public.data", "com.apple.macbinary-archive"),
        ("words.spl", "public.data", "org.freedesktop.mime.application.vnd.adobe.flash.movie"),
        ("notes.crt", "public.plain-text", "org.ietf.pem-certificate"),
        ("placeholder.pem", "public.plain-text", "org.ietf.pem"),
    ])
    func aNameItsFormatsSpecificationRejectsIsNotTheAnswer(file: String, identifier: String, named: String) throws {
        let run = try uti(["identify", "--format", "jsonl", "Fixtures/files/mislabelled/" + file])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == identifier)
        #expect((record["evidence"] as? [String: Any])?["rule"] as? String == "name-rejected")
        #expect((record["mismatch"] as? [String: Any])?["extension"] as? String == named)
        #expect(run.status == 0)
    }

    /// Noise under the name of a format whose specification says how every file starts (a zip,
    /// an Office Open XML document, a PE program, a compound-file Word document, a TIFF) or under
    /// a text format's name (its files are text) is data, and under --verdict a mismatch: an
    /// upload of random bytes named report.docx or notes.txt is not what it claims.
    @Test(arguments: ["report.docx", "bundle.zip", "setup.exe", "letter.doc", "scan.tif", "module.pyc", "book.epub", "notes.txt", "main.c"])
    func noiseIsNoneOfTheFormatsItsNameSays(name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let noise = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "Fixtures/files/mislabelled/noise.png"), to: noise)
        let run = try uti(["identify", "--verdict", "--format", "jsonl", noise.path])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.data")
        #expect((record["evidence"] as? [String: Any])?["rule"] as? String == "name-rejected")
        #expect(record["verdict"] as? String == "mismatch")
    }

    /// HP-GL by its instructions, not by its first two letters: a plot as gnuplot writes it (the
    /// plotter's device-control escapes first, labels ended by ETX: libmagic says data), one
    /// written from HP's syntax as text, and a PCL job that enters HP-GL/2 are plots; text that
    /// only opens with a mnemonic's letters (libmagic's HP-GL rule takes `PA` of PACKAGE and `SP`
    /// of SPDXVersion) is not one.
    @Test func hpglIsReadByItsInstructionsNotByTwoLetters() throws {
        let hpgl = "org.freedesktop.mime.application.vnd.hp-hpgl\n"
        for name in ["plot.hpgl", "square.hpgl"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("files/\(name)")))
            let run = try uti(["identify", "-b", "-"], stdin: bytes)
            #expect(run.status == 0)
            #expect(run.stdout == hpgl, "\(name)")
        }
        // A PCL job that enters HP-GL/2 (ESC % 1 B), initializes, ejects the page and leaves.
        let job = try uti(["identify", "-b", "-"], stdin: Data("\u{1B}E\u{1B}%1BIN;PG;\u{1B}%0A\u{1B}E".utf8))
        #expect(job.stdout == hpgl)
        let texts = [
            "PACKAGE = uti\nsrcdir = .\n": "public.plain-text", "PA is not a plot\n": "public.plain-text",
            "\u{1B}%1BPACKAGE = uti\n": "public.plain-text",
            "SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\n": "org.spdx.tag-value",
        ]
        for (text, type) in texts {
            let run = try uti(["identify", "-b", "-"], stdin: Data(text.utf8))
            #expect(run.stdout == "\(type)\n", "\(text)")
        }
    }

    /// A Mac data-fork font whose resource map lies past the first MiB: libmagic reads the map's
    /// first resource type where the header points (its apple-rsr rule), which it does only when
    /// shown what it reads of a file itself (7 MiB in libmagic 5.44), not one MiB. The file is
    /// written from the resource file format (Inside Macintosh: More Macintosh Toolbox, 1-121):
    /// a 16-byte header (data and map offsets and lengths), one resource of 1.3 MB, and a map
    /// with a copy of the header, one type `sfnt` and its reference.
    @Test func aDataForkFontWhoseMapLiesPastAMiBIsAFontByContent() throws {
        func bigEndian(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let dataOffset = 0x100
        let data = bigEndian(1_300_000, 4) + [UInt8](repeating: 0, count: 1_300_000)
        let mapOffset = dataOffset + data.count
        let typeList = bigEndian(0, 2) + Array("sfnt".utf8) + bigEndian(0, 2) + bigEndian(10, 2)
        let reference = bigEndian(128, 2) + bigEndian(0xFFFF, 2) + [0, 0, 0, 0] + [0, 0, 0, 0]
        let mapBody = [UInt8](repeating: 0, count: 8) + bigEndian(28, 2) + bigEndian(28 + typeList.count + reference.count, 2) + typeList + reference
        let header = bigEndian(dataOffset, 4) + bigEndian(mapOffset, 4) + bigEndian(data.count, 4) + bigEndian(16 + mapBody.count, 4)
        let bytes = header + [UInt8](repeating: 0, count: dataOffset - 16) + data + header + mapBody
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("suitcase")
        try Data(bytes).write(to: file)
        let run = try uti(["identify", "--format", "jsonl", file.path])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "com.apple.truetype-datafork-suitcase-font")
        let content = (record["evidence"] as? [String: Any])?["content"] as? [String: Any]
        #expect(content?["mimeType"] as? String == "application/x-dfont")
        #expect(content?["sniffer"] as? String == "libmagic")
    }

    /// Text whose encoding puts NULs between its characters is still text under a text name:
    /// UTF-32 without a byte order mark, little- or big-endian.
    @Test func utf32WithoutAByteOrderMarkKeepsItsTextName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, encoding) in [("le.txt", String.Encoding.utf32LittleEndian), ("be.txt", .utf32BigEndian)] {
            let file = folder.appendingPathComponent(name)
            try #require("notes in UTF-32\n".data(using: encoding)).write(to: file)
            #expect(try uti(["identify", "-b", file.path]).stdout == "public.plain-text\n", "\(name)")
        }
    }

    /// Text named .key is no key unless the bytes have what every key does: a PEM block
    /// (RFC 7468), DER's SEQUENCE, or an OpenPGP packet or armor (RFC 4880). A licence key is
    /// plain text; a Keynote document, the name's last format, has no specification to reject it
    /// with, so the content decides against it (rule contradiction) and the record shows it.
    @Test func textNamedKeyIsNoKeyWithoutAKeysFraming() throws {
        let run = try uti(["identify", "--format", "jsonl", "Fixtures/files/mislabelled/license.key"])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.plain-text")
        #expect((record["evidence"] as? [String: Any])?["rule"] as? String == "contradiction")
        #expect((record["mismatch"] as? [String: Any])?["extension"] as? String == "com.apple.iWork.Keynote.sffkey")
        let keys = try uti([
            "identify", "-b", "Fixtures/files/key.pem", "Fixtures/files/archive.key", "Fixtures/files/revoked.crl", "Fixtures/files/request.csr",
        ])
        #expect(
            keys.stdout
                == "org.ietf.pem-private-key\norg.freedesktop.mime.application.pgp-keys\norg.ietf.pem-crl\norg.ietf.pem-certificate-request\n")
    }

    @Test func filesOfTheFormatsKeepTheirNames() throws {
        let run = try uti(["identify", "-b", "Fixtures/files/note.bin", "Fixtures/files/movie.swf", "Fixtures/files/cert.pem", "Fixtures/files/game.crt"])
        #expect(
            run.stdout
                == "com.apple.macbinary-archive\norg.freedesktop.mime.application.vnd.adobe.flash.movie\norg.ietf.pem-certificate\nnet.sourceforge.vice-emu.crt\n"
        )
    }

    /// An extension two formats use stands for both: a ZX Spectrum hard-disk image named .hdf
    /// (RAMSOFT's format) is what its name says, though .hdf first means the Hierarchical Data
    /// Format; bytes with the signature of neither under that name are a mismatch.
    @Test func anExtensionOfTwoFormatsStandsForBoth() throws {
        let run = try uti(["identify", "--verdict", "--format", "jsonl", "Fixtures/files/spectrum-disk.hdf"])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "org.worldofspectrum.hdf")
        #expect(record["verdict"] as? String == "consistent")
        #expect(try uti(["identify", "-b", "Fixtures/files/data.h5"]).stdout == "org.hdfgroup.hdf5\n")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let noise = folder.appendingPathComponent("disk.hdf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "Fixtures/files/mislabelled/firmware.bin"), to: noise)
        let rejected = try records(try uti(["identify", "--verdict", "--format", "jsonl", noise.path]).stdout)[0]
        #expect((rejected["type"] as? [String: Any])?["identifier"] as? String == "public.data")
        #expect((rejected["evidence"] as? [String: Any])?["rule"] as? String == "name-rejected")
        #expect(rejected["verdict"] as? String == "mismatch")
    }

    /// A lowercase word at the start is a keyword of many languages: the database's MATLAB rule
    /// (`function` at byte 0) does not make JavaScript that opens a brace block MATLAB by
    /// content; libmagic, asked, calls it text, so it is plain text. A MATLAB function file,
    /// whose blocks close with `end`, keeps the rule's answer.
    @Test func aWordAtTheStartIsAWeakGuess() throws {
        #expect(try contentAnswer("function-first.js") == "public.plain-text\n")
        #expect(try contentAnswer("cumulative.m") == "org.freedesktop.mime.text.x-matlab\n")
        #expect(try uti(["identify", "-b", "Fixtures/files/function-first.js"]).stdout == "com.netscape.javascript-source\n")
    }

    /// A Word 97 template is told from the document by its File Information Block's fDot bit
    /// ([MS-DOC] 2.5.2), by content alone: libmagic calls both application/msword. The
    /// database's name for the template finds Apple's template type, not the document.
    @Test func wordTemplatesByTheirFIB() throws {
        #expect(try contentAnswer("letter.dot") == "com.microsoft.word.dot\n")
        #expect(try contentAnswer("letter.doc") == "com.microsoft.word.doc\n")
        #expect(try uti(["type", "--mime", "application/msword-template"]).stdout.hasPrefix("com.microsoft.word.dot\n"))
    }

    /// A weak guess of the database's text rules, a word somewhere in the first bytes, is not the
    /// answer under an extension the guessed format does not use: FORMAT= inside a line of an
    /// ALSA .conf is plain text, not MPSub subtitles (whose files are .sub). By content alone the
    /// guess stands, as shared-mime-info's own lookup gives it.
    @Test func aWeakGuessUnderAForeignExtensionIsPlainText() throws {
        let run = try uti(["identify", "--format", "jsonl", "Fixtures/files/mislabelled/mixer.conf"])
        let record = try records(run.stdout)[0]
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.plain-text")
        #expect((record["evidence"] as? [String: Any])?["rule"] as? String == "foreign-extension")
        #expect((record["evidence"] as? [String: Any])?["decidedBy"] as? String == "both")
        #expect(try contentAnswer("mislabelled/mixer.conf") == "org.freedesktop.mime.text.x-mpsub\n")
        // Plain text in its encoding, as any other: the same file with a UTF-8 comment first.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let utf8 = folder.appendingPathComponent("mixer.conf")
        let original = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/mislabelled/mixer.conf"))
        try (Data("# Lautstärke\n".utf8) + original).write(to: utf8)
        #expect(try uti(["identify", "-b", utf8.path]).stdout == "public.utf8-plain-text\n")
    }

    /// Candidates carry the offset of what they read: the stream behind ID3v2 tags is a
    /// signature where the tags end, the tag's own MPEG rule a weak one at byte 0.
    @Test func candidatesSayWhereTheyRead() throws {
        // A FLAC stream behind an ID3v2.4 tag padded past the 7 MiB libmagic is shown (its own
        // bound; cover art makes such tags): the tag's size is four 7-bit bytes (ID3v2.4, 3.1).
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tagSize = 7_500_000
        let size = (0..<4).reversed().map { UInt8((tagSize >> (7 * $0)) & 0x7F) }
        let stream = try Data(contentsOf: URL(fileURLWithPath: fixture("files/tone.flac")))
        let path = folder.appendingPathComponent("long-tag.flac").path
        try (Data([0x49, 0x44, 0x33, 4, 0, 0] + size) + Data(count: tagSize) + stream).write(to: URL(fileURLWithPath: path))
        let run = try uti(["identify", "--format", "jsonl", path])
        let candidates = try #require(
            ((try records(run.stdout)[0])["evidence"] as? [String: Any])?["candidates"] as? [[String: Any]])
        let first = try #require(candidates.first)
        #expect(first["identifier"] as? String == "org.xiph.flac")
        #expect(first["detail"] as? String == "tagged-stream")
        #expect(first["strength"] as? String == "signature")
        #expect(first["offset"] as? Int == 10 + tagSize)
        #expect(candidates.contains { $0["identifier"] as? String == "public.mp3" && $0["strength"] as? String == "weak" })
        try validate(run.stdout, against: "identify-record.schema.json", lines: true)
    }

    /// A short signature of the database (four bytes or fewer at priority 50) is a weak signal:
    /// it names generic content, and a name the bytes are consistent with overrules it; a
    /// specific answer of libmagic's is not generic (issue 40).
    @Test func aShortSignatureDoesNotOverruleANameOrLibmagic() throws {
        let run = try uti(["identify", "--explain", "Fixtures/files/stars-notes.txt", "Fixtures/files/suitcase.dfont"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Fixtures/files/stars-notes.txt: public.plain-text\n"))
        #expect(
            run.stdout.contains(
                "shared-mime-info's rules: text/x-patch at priority 50; a weak guess\n  name: txt -> public.plain-text\n"
                    + "  candidates, strongest first:\n    weak: public.plain-text by uti-check (plain-text)\n"
                    + "    weak: public.patch-file by shared-mime-info (text/x-patch at priority 50) at byte 0\n"
                    + "    name: public.plain-text by name (txt)\n  rule: plain-text-name:"))
        // The icon rule's four bytes are a weak candidate beside libmagic's signature.
        #expect(run.stdout.contains("    signature: com.apple.truetype-datafork-suitcase-font by libmagic (application/x-dfont)\n"))
        #expect(run.stdout.contains("    weak: com.microsoft.ico by shared-mime-info (image/vnd.microsoft.icon at priority 50) at byte 0\n"))
        #expect(run.stdout.contains("Fixtures/files/suitcase.dfont: com.apple.truetype-datafork-suitcase-font\n"))
        // By content alone: libmagic's application/x-dfont, not the icon rule's four bytes.
        let suitcase = try Data(contentsOf: URL(fileURLWithPath: fixture("files/suitcase.dfont")))
        #expect(try uti(["identify", "-"], stdin: suitcase).stdout == "-: com.apple.truetype-datafork-suitcase-font\n")
        // A patch named as one stays a patch.
        #expect(try uti(["identify", "Fixtures/files/change.diff"]).stdout == "Fixtures/files/change.diff: public.patch-file\n")
    }

    /// An OpenDocument database by its stored mimetype alone: LibreOffice writes the name IANA
    /// registers now, application/vnd.oasis.opendocument.base, which leads to Apple's type (and
    /// its older name is what uti prints).
    @Test func anOpenDocumentDatabaseByItsMimetypeEntry() throws {
        let database = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/addresses.odb"))
        #expect(try uti(["identify", "-b", "-"], stdin: database).stdout == "org.oasis-open.opendocument.database\n")
        #expect(try uti(["identify", "-b", "--mime-type", "-"], stdin: database).stdout == "application/vnd.oasis.opendocument.database\n")
        #expect(try uti(["type", "-m", "application/vnd.oasis.opendocument.base"]).stdout.hasPrefix("org.oasis-open.opendocument.database\n"))
    }

    /// Text in a single-byte set is read as uti reads UTF-8 (issue 40): Greek in ISO 8859-7 whose
    /// first letter is 0xB8 is the text its name says, not the DOS program libmagic's one-byte
    /// `mov` rule makes of it, and without a name it is plain text, its encoding as file(1) names it.
    @Test func textInASingleByteSetIsNoProgramByItsFirstByte() throws {
        let named = try uti(["identify", "--format", "jsonl", "Fixtures/files/greek-notes.txt"])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(named.stdout.utf8)) as? [String: Any])
        #expect((record["type"] as? [String: Any])?["identifier"] as? String == "public.plain-text")
        #expect(record["encoding"] as? String == "iso-8859-1")
        #expect(record["mismatch"] is NSNull)
        let notes = try Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/greek-notes.txt"))
        #expect(try uti(["identify", "-b", "--mime", "-"], stdin: notes).stdout == "text/plain; charset=iso-8859-1\n")
        // A raw pixmap (ppm(5): P6, width, height, maximum, then binary samples) whose samples
        // are all high bytes is the format its signature names, not text in a single-byte set.
        let pixmap = Data(Array("P6\n2 1\n255\n".utf8) + [0xE0, 0xC8, 0xA0, 0xFF, 0xB4, 0x90])
        #expect(try uti(["identify", "-b", "-"], stdin: pixmap).stdout == "public.pbm\n")
    }

    /// JSON as configuration files write it (JSONC: VS Code's settings, tsconfig.json; JSON5's
    /// trailing commas) is JSON, not plain text (issue 40); code after a comment is not.
    @Test func jsonWithCommentsAndTrailingCommasIsJSON() throws {
        let run = try uti(["identify", "Fixtures/files/trailing-commas", "Fixtures/files/commented-settings"])
        #expect(run.stdout == "Fixtures/files/trailing-commas: public.json\nFixtures/files/commented-settings: public.json\n")
        let code = try uti(["identify", "-"], stdin: Data("// a script\nconsole.log([1, 2,]);\n".utf8))
        #expect(code.stdout == "-: public.plain-text\n")
        let unclosed = try uti(["identify", "-"], stdin: Data("{\"a\": 1,, \"b\": 2}\n".utf8))
        #expect(unclosed.stdout == "-: public.plain-text\n")
    }
}

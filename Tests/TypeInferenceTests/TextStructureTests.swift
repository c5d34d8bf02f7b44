import FileAccess
import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import TypeInference

/// Text formats by structure, without names: every fixture of each format is found by its
/// content, and text of other kinds that looks alike is not.
@Suite struct TextStructureTests {
    func contentType(_ bytes: [UInt8]) throws -> String? {
        try makeInferrer().infer(bytes: bytes, totalSize: bytes.count, name: nil, path: RawPath("-")).type?.identifier
    }

    @Test(arguments: [
        ("crawl.warc", "org.iso.warc"), ("form.fdf", "com.adobe.fdf"), ("drawing.dxf", "com.autodesk.dxf"),
        ("hello.zig", "org.ziglang.zig-source"), ("hello.tcl", "org.tcl.tcl-script"), ("page.mht", "org.ietf.mhtml"),
        ("settings.ini", "com.microsoft.ini"), ("config.toml", "io.toml"), ("config.yaml", "public.yaml"),
        ("hello.s", "public.assembly-source"),
    ])
    func eachFormatIsFoundByItsContent(file: String, expected: String) throws {
        let bytes = try FileContents.read(path: repositoryRoot.appendingPathComponent("Fixtures/files/\(file)").path)
        #expect(try contentType(bytes) == expected)
    }

    @Test(arguments: [
        // A Debian control paragraph: Key: value lines and free-text continuations, no nesting.
        ("Package: uti\nVersion: 0.3\nDescription: types of files\n Reads what a file is\n and says so.\n", "public.plain-text"),
        // RFC 5322 headers are mail, not YAML.
        ("From: a@example.invalid\nTo: b@example.invalid\nSubject: hi\nDate: Thu, 26 Nov 2026 00:00:00 +0000\n\nhello\n", "com.apple.mail.email"),
        // key = value without tables: a PostgreSQL extension's control file, a JDK release file.
        ("# bloom extension\ncomment = 'bloom access method'\ndefault_version = '1.0'\nrelocatable = true\n", "public.plain-text"),
        // Python with module-level assignments and a dict literal spread over lines.
        ("import os\n\nNAMES = {\n    'a': 1,\n    'b': 2,\n}\nPATH = os.path.join('a', 'b')\n\ndef main():\n    return NAMES\n", "public.python-script"),
        // Two lines of Tcl words in prose.
        ("set the table for dinner\nputs on a coat and go\n", "public.plain-text"),
        // A YAML-looking list of notes with one key and no structure.
        ("Notes:\nremember the milk\nand the bread\n", "public.plain-text"),
    ])
    func lookAlikesStayWhatTheyAre(text: String, expected: String) throws {
        #expect(try contentType(Array(text.utf8)) == expected)
    }

    @Test func yamlWithADocumentStartOrADirective() throws {
        #expect(try contentType(Array("---\n- name: install\n  apt:\n    name: file\n".utf8)) == "public.yaml")
        #expect(try contentType(Array("%YAML 1.2\n---\na: 1\n".utf8)) == "public.yaml")
        #expect(try contentType(Array("key: |\n  a block\n  of text: here\nother: 2\nnested:\n  a: 1\n".utf8)) == "public.yaml")
    }

    @Test func anHTMLTemplateIsHTMLAndAStubIsPython() throws {
        let template =
            "{% extends \"base.html\" %}\n{% block body %}\n<div id=\"list\">\n  <table>\n    <tr><td>{{ name }}</td></tr>\n  </table>\n</div>\n{% endblock %}\n"
        #expect(try contentType(Array(template.utf8)) == "public.html")
        #expect(try contentType(Array("{% set x = 1 %}\nno markup here\n".utf8)) == "public.plain-text")
        // PEP 484 stub files: bodies are an ellipsis on the same line.
        let stub = "from typing import Any\n\nclass Key: ...\n\ndef generate() -> Key: ...\ndef load(data: bytes) -> Key: ...\n"
        #expect(try contentType(Array(stub.utf8)) == "public.python-script")
    }

    @Test func tomlNeedsTypedValuesAndATable() throws {
        #expect(try contentType(Array("[package]\nname = \"uti\"\nversion = \"0.3.0\"\nfeatures = [\n  \"a\",\n  \"b\",\n]\n".utf8)) == "io.toml")
        #expect(try contentType(Array("[package]\nname = uti\nversion = 0.3\n".utf8)) == "com.microsoft.ini", "bare values are INI")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import UniformTypes

/// uti's own content checks that its rule language (`OwnRules`, shared-mime-info's) cannot
/// express: executables found through the MZ header's pointer, CPython's bytecode magic numbers,
/// Windows Media and Matroska audio by their stream descriptions (`MediaContainers`), zip
/// containers by their entries, and text formats. Each returns a type identifier and a
/// description, or nil to leave libmagic's answer. Fixtures proving each are listed in
/// Fixtures/files/README.md and walked by RefinementTests.
@_spi(Fuzzing) public enum Refinements {
    /// How much of a text file the format checks read.
    static let textPrefix = 8 * 1024

    /// The executable an MZ header introduces: the new header that `e_lfanew` (byte 0x3C) points
    /// to says PE (Windows NT), NE (16-bit Windows and OS/2) or LX/LE (OS/2 and DOS extenders);
    /// without one it is a DOS program. Nil for a PE image (libmagic names those) and for what is
    /// not MZ.
    static func mzExecutable(_ head: [UInt8]) -> (String, String)? {
        guard head.count >= 0x40, head.starts(with: Array("MZ".utf8)) else { return nil }
        let offset = Int(le32(head, 0x3C))
        // A relocation table before 0x40 means the header has no e_lfanew: plain DOS.
        if le16(head, 0x18) < 0x40 || offset < 0x40 || offset + 4 > head.count {
            return ("com.microsoft.dos-executable", "DOS executable")
        }
        switch (head[offset], head[offset + 1]) {
        case (0x50, 0x45) where head[offset + 2] == 0 && head[offset + 3] == 0: return nil
        case (0x4E, 0x45): return ("com.microsoft.ne-executable", "NE executable (16-bit Windows or OS/2)")
        case (0x4C, 0x58), (0x4C, 0x45): return ("com.ibm.lx-executable", "LX executable (OS/2 or a DOS extender)")
        default: return ("com.microsoft.dos-executable", "DOS executable")
        }
    }

    /// A Windows PE image whose header marks it as a DLL.
    static func isWindowsDLL(_ head: [UInt8]) -> Bool {
        guard head.count > 0x40, head.starts(with: Array("MZ".utf8)) else { return false }
        let offset = Int(le32(head, 0x3C))
        guard offset >= 0x40, offset + 24 <= head.count, head[offset..<(offset + 4)].elementsEqual([0x50, 0x45, 0, 0])
        else { return false }
        return le16(head, offset + 22) & 0x2000 != 0
    }

    /// CPython bytecode: a little-endian magic number, then CR LF. From 3.7 (magic 3390 on, PEP
    /// 552) a 32-bit flags word follows, 0 to 3; before it, only the magic numbers of releases
    /// count (CPython's importlib/_bootstrap_external.py lists them), since the development
    /// numbers between them are shared with other formats (pcapng starts 0A 0D 0D 0A: 3338).
    static func pythonBytecode(_ head: [UInt8]) -> (String, String)? {
        guard head.count >= 16, head[2] == 0x0D, head[3] == 0x0A else { return nil }
        let magic = le16(head, 0)
        let released: Set<UInt16> = [62211, 3131, 3151, 3180, 3230, 3310, 3350, 3351, 3379]
        let flagged = (3390...4000).contains(magic) && head[4] <= 3 && head[5] == 0 && head[6] == 0 && head[7] == 0
        return flagged || released.contains(magic) ? ("org.python.bytecode", "Python bytecode") : nil
    }

    /// The binary formats uti recognizes by itself, with a description; nil leaves it to libmagic.
    static func binary(head: [UInt8], tail: () -> ZipDirectory?) -> (String, String)? {
        if let found = pythonBytecode(head) { return found }
        if isWindowsDLL(head) { return ("com.microsoft.windows-dynamic-link-library", "Windows DLL") }
        if let executable = mzExecutable(head) { return executable }
        if let streams = MediaContainers.asfStreams(head) {
            if streams.video { return ("com.microsoft.windows-media-wmv", "Windows Media video") }
            if streams.audio { return ("com.microsoft.windows-media-wma", "Windows Media audio") }
        }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), let (docType, streams) = MediaContainers.matroskaStreams(head),
            docType == "matroska", streams.audio, !streams.video
        {
            return ("org.matroska.mka", "Matroska audio")
        }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return zipContainer(head: head, directory: tail())
        }
        return nil
    }

    /// What kind of zip this is, from the stored `mimetype` entry (for the package formats whose
    /// specifications define it: ODF, EPUB, ...; `ZipDirectory.mimetypeConventions`) or the entry
    /// names of the central directory (OOXML, JAR, APK, IPA, ...).
    static func zipContainer(head: [UInt8], directory: ZipDirectory?) -> (String, String) {
        let (identifier, description) = zipContents(head: head, directory: directory)
        guard directory?.isTruncated ?? false else { return (identifier, description) }
        return (identifier, description + " (from the first \(ZipDirectory.nameLimit) names of its directory, uti's limit)")
    }

    private static func zipContents(head: [UInt8], directory: ZipDirectory?) -> (String, String) {
        if let mimetype = ZipDirectory.storedMimetype(head: head), ZipDirectory.mimetypeIsDeclaration(mimetype),
            let type = UTType(mimeType: mimetype), !type.isDynamic, type.conforms(to: .data)
        {
            return (type.identifier, type.localizedDescription ?? mimetype)
        }
        guard let names = directory?.names else { return ("public.zip-archive", "Zip archive") }
        func has(_ name: String) -> Bool { names.contains(name) }
        func any(_ test: (String) -> Bool) -> Bool { names.contains(where: test) }
        // An OPC package names its document by its main part's content type (a template, a
        // macro-enabled workbook, a slide show); the part names below are the fallback when
        // [Content_Types].xml cannot be read.
        if let identifier = PackageRules.opcDocumentType(contentTypes: directory?.packageContentTypes ?? []),
            let type = UTType(identifier)
        {
            return (identifier, type.localizedDescription ?? identifier)
        }
        if has("[Content_Types].xml") {
            if any({ $0.hasPrefix("word/") }) {
                return has("word/vbaProject.bin")
                    ? ("org.openxmlformats.wordprocessingml.document.macroenabled", "Word document (macros enabled)")
                    : ("org.openxmlformats.wordprocessingml.document", "Word document")
            }
            if any({ $0.hasPrefix("xl/") }) {
                if has("xl/workbook.bin") { return ("com.microsoft.excel.sheet.binary.macroenabled", "Excel binary workbook") }
                return has("xl/vbaProject.bin")
                    ? ("org.openxmlformats.spreadsheetml.sheet.macroenabled", "Excel workbook (macros enabled)")
                    : ("org.openxmlformats.spreadsheetml.sheet", "Excel workbook")
            }
            if any({ $0.hasPrefix("ppt/") }) {
                return has("ppt/vbaProject.bin")
                    ? ("org.openxmlformats.presentationml.presentation.macroenabled", "PowerPoint presentation (macros enabled)")
                    : ("org.openxmlformats.presentationml.presentation", "PowerPoint presentation")
            }
        }
        if has("AndroidManifest.xml") && has("classes.dex") { return ("com.android.package-archive", "Android package") }
        if any({ $0.hasPrefix("Payload/") && $0.contains(".app/") }) { return ("com.apple.itunes.ipa", "iOS app archive") }
        if any({ $0.hasPrefix("WEB-INF/") }) { return ("com.sun.web-application-archive", "web application archive") }
        if has("META-INF/MANIFEST.MF") || any({ $0.hasSuffix(".class") }) { return ("com.sun.java-archive", "Java archive") }
        if !names.isEmpty && names.allSatisfy({ $0.hasSuffix(".npy") }) { return ("org.numpy.npz", "NumPy archive of arrays") }
        // PassKit's bundle of passes: a zip of .pkpass files and nothing else.
        if !names.isEmpty && names.allSatisfy({ $0.hasSuffix(".pkpass") }) { return ("com.apple.pkpasses-data", "bundle of passes") }
        return ("public.zip-archive", "Zip archive")
    }

    // MARK: Text

    /// Text formats recognized from the first bytes: shebang scripts, property lists, XML
    /// dialects, HTML (PHP when it holds PHP's processing instruction), JSON, PEM, PostScript,
    /// RTF, JavaScript in strict mode, calendars, contacts, subtitles, translations, CSV and TSV.
    /// The Bool says whether the finding is a weak guess (CSV/TSV). Works on bytes.
    @_spi(Fuzzing) public static func text(_ head: [UInt8], encoding: String, isComplete: Bool) -> (String, String, Bool)? {
        // Formats announce themselves early: look at the first 8 KiB (JSON is checked in full).
        let isUTF8 = encoding == "us-ascii" || encoding == "utf-8"
        let bytes = isUTF8 ? Array(head.prefix(textPrefix)) : Array(TextEncodings.decode(head.prefix(textPrefix)[...], encoding: encoding).utf8)
        let prefixComplete = isComplete && head.count <= textPrefix
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let body = bytes[start...]
        func begins(_ text: String) -> Bool { body.starts(with: text.utf8) }
        if begins("#!"), let script = shebang(String(decoding: body.prefix(512), as: UTF8.self)[...]) {
            return (script.0, script.1, false)
        }
        if begins("-----BEGIN ") && !begins("-----BEGIN PGP ") {
            // RFC 7468's label, and the older ones OpenSSL and others still write.
            for label in ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE", "CA CERTIFICATE"]
            where begins("-----BEGIN \(label)-----") {
                return ("org.ietf.pem-certificate", "PEM certificate", false)
            }
            if begins("-----BEGIN X509 CRL-----") { return ("org.ietf.pem-crl", "PEM certificate revocation list", false) }
            let firstLine = body.prefix { $0 != 0x0A }
            if contains(Array("PRIVATE KEY-----".utf8), in: firstLine) {
                return ("org.ietf.pem-private-key", "PEM private key", false)
            }
            return ("org.ietf.pem", "PEM-encoded data", false)
        }
        if begins("<"), let markup = markup(String(decoding: body.prefix(4096), as: UTF8.self)[...]) {
            // A page with PHP's processing instruction in it is a PHP template: HTML that
            // only shows PHP code escapes the `<`.
            if markup.0 == "public.html" && contains(Array("<?php".utf8), in: body) { return ("public.php-script", "PHP script", false) }
            return (markup.0, markup.1, false)
        }
        if let kind = plainNetpbm(body) { return ("public.pbm", "Netpbm \(kind) image (plain)", false) }
        if let archive = TextStructures.mimeHTML(Array(leadingLines(body, limit: 40, omittingEmpty: false).map { Substring(decoding: $0, as: UTF8.self) })) {
            return archive
        }
        if let mail = mailStructure(body) { return mail }
        if begins("{\\rtf") { return ("public.rtf", "Rich Text Format", false) }
        if begins("%!PS") {
            let firstLine = body.prefix { $0 != 0x0A && $0 != 0x0D }
            return contains(Array(" EPSF-".utf8), in: firstLine)
                ? ("com.adobe.encapsulated-postscript", "Encapsulated PostScript", false)
                : ("com.adobe.postscript", "PostScript document", false)
        }
        if begins("{") || begins("[") {
            let whole = prefixComplete || !isUTF8 ? body : head[start...]
            switch JSONScanner.classify(whole, isComplete: isComplete || (prefixComplete && !isUTF8)) {
            case .json: return JSONScanner.shape(whole) ?? ("public.json", "JSON text", false)
            case .lines: return ("public.ndjson", "newline-delimited JSON", false)
            case .invalid: break
            }
        }
        let upper = String(decoding: body.prefix(16), as: UTF8.self).uppercased()
        if upper.hasPrefix("BEGIN:VCALENDAR") { return ("com.apple.ical.ics", "iCalendar data", false) }
        if upper.hasPrefix("BEGIN:VCARD") { return ("public.vcard", "vCard contact", false) }
        if begins("WEBVTT") { return ("org.w3.webvtt", "WebVTT subtitles", false) }
        if isSubRip(body) { return ("com.subrip.srt", "SubRip subtitles", false) }
        if startsWithStrictDirective(body) { return ("com.netscape.javascript-source", "JavaScript source", false) }
        if begins("msgid \"") || contains(Array("\nmsgid \"".utf8), in: body) {
            return ("org.gnu.gettext.po", "gettext translation", false)
        }
        if let structured = TextStructures.format(body) { return structured }
        if let family = cFamily(body) { return (family.0, family.1, true) }
        if isMakefile(body) { return ("public.make-source", "Makefile", true) }
        if let language = scriptLanguage(body) { return (language.type.0, language.type.1, true) }
        if isTodoList(body) { return ("com.todotxt.todo-list", "todo.txt task list", true) }
        if isMarkdown(body) { return ("net.daringfireball.markdown", "Markdown document", true) }
        if let delimited = delimiterSeparated(body, isComplete: prefixComplete) { return (delimited.0, delimited.1, true) }
        return nil
    }

    enum ScriptLanguage: CaseIterable {
        case python, javaScript, typeScript, slint, java, go, rust, cSharp, swift, kotlin, ruby, visualBasic, sql, sparql, css, shell, perl, vim

        var type: (String, String) {
            switch self {
            case .python: ("public.python-script", "Python script")
            case .javaScript: ("com.netscape.javascript-source", "JavaScript source")
            case .typeScript: ("com.microsoft.typescript-source", "TypeScript source")
            case .slint: ("dev.slint.slint-source", "Slint source")
            case .java: ("com.sun.java-source", "Java source")
            case .go: ("org.golang.go-source", "Go source")
            case .rust: ("org.rust-lang.rust-source", "Rust source")
            case .cSharp: ("com.microsoft.c-sharp-source", "C# source")
            case .swift: ("public.swift-source", "Swift source")
            case .kotlin: ("org.kotlinlang.kotlin-source", "Kotlin source")
            case .ruby: ("public.ruby-script", "Ruby script")
            case .visualBasic: ("com.microsoft.visual-basic-source", "Visual Basic source")
            case .sql: ("org.iso.sql-source", "SQL script")
            case .sparql: ("org.w3.sparql-query", "SPARQL query")
            case .css: ("public.css", "CSS style sheet")
            case .shell: ("public.shell-script", "shell script")
            case .perl: ("public.perl-script", "Perl script")
            case .vim: ("org.vim.vim-script", "Vim script")
            }
        }
    }

    /// What a line (without indentation and trailing space) says of a language.
    enum Statement: Int, CaseIterable {
        /// Python: `from M import N`, `def f(...):`, `class C(...):`, `if __name__ ==`; a plain `import m`.
        case python, pythonImport
        /// JavaScript modules: `require('...')`, `import x from '...'`, `export default`, `module.exports`.
        case javaScript
        /// TypeScript: a member typed with a built-in type (`name: string;`, `private id?: number;`),
        /// an interface, `import type`, a constructor with typed parameters.
        case typeScript
        /// Slint: `export component A inherits B {`, `in property <int> x`, `callback f();`.
        case slint
        /// Java: `package a.b;`, `import a.b.C;` (dotted, with the semicolon), `public class`, `@Override`;
        /// the entry point `public static void main(String[] args)` (JLS 12.1.4; C# writes `Main(string[]`).
        case javaPackage, javaImport, javaDeclaration, javaMain
        /// Go: `package name` (one word), `import "fmt"` or `import (`; Go and Swift: `func f(...)`.
        case goPackage, goImport, goFunc
        /// Rust: `use a::b;`, `fn f(...) {`, `pub fn`, `impl`, `#[derive(`, `let mut`, a standard
        /// macro called at a line's start (`println!(`, `vec![`, `macro_rules!`).
        case rust
        /// C#: `using System...;`, `namespace N`.
        case cSharpUsing, cSharpNamespace
        /// Kotlin: `fun f(...)`, `val x`, a dotted package; `import a.b` lines without a semicolon;
        /// a fun whose parameters are typed as only Kotlin writes them (`fun main(args: Array<String>) {`).
        case kotlinFun, kotlinValue, bareImport, kotlinTypedFun
        /// Ruby: `require 'x'`, `def f` (no colon, brace or do), `class C < D`, `module M`, `end`.
        case rubyStatement, rubyEnd
        /// Visual Basic: `Module M`, `Sub Main()`, `Public Function F(`, `Dim x As`, `Imports System`,
        /// `End Sub`, `End Module` (capitalised as Visual Basic's editors write them).
        case visualBasic
        /// SPARQL: a query form (`SELECT ?x`, `SELECT DISTINCT ?`, `CONSTRUCT {`, `ASK {`, `DESCRIBE ?`),
        /// and the clauses around it (`PREFIX p: <...>`, `BASE <...>`, `WHERE {`).
        case sparqlQuery, sparqlClause
        /// Shell: a test opening a block (`if [ -f x ]; then`, `while [[ ... ]]; do`), a loop
        /// (`for f in *.c; do`), `case "$1" in`, `export NAME=...`, `local NAME=...`, `set -e`; the
        /// words that close blocks on lines of their own (`fi`, `done`, `esac`).
        case shellStatement, shellEnd
        /// Perl: `package A::B;`, `use strict;` (a pragma or a capitalised module), `sub name {`,
        /// `my $x` (a sigil after my, our or local), `1;` or `__END__` alone.
        case perl
        /// Vim script: `let s:x = ...` (a scope letter and a colon), `setlocal`, `syn`/`hi`, `if
        /// exists("...")`, `function!`, `autocmd`, `scriptencoding`, `vim9script`; the words that end
        /// its blocks (`endif`, `endfunction`, `finish`, ...).
        case vimStatement, vimEnd, vimComment
        /// SQL: `CREATE TABLE`, `INSERT INTO`, `SELECT ... FROM`, `ALTER TABLE`, `DROP TABLE`, ...
        case sql
        /// CSS: a selector line opening a rule (`body {`, `.a > b:hover {`), a declaration
        /// (`margin: 0;`, the property in lower case and hyphens).
        case cssRule, cssDeclaration
    }

    /// The language of source text, in one pass over the lines, by statements no other common
    /// language writes the same way (`Statement`); each language needs two such lines, or
    /// statements of two kinds, and Python fewer lines ending like C (`;`, `{`, `}`) than lines
    /// saying Python. Python: two statements, or one and an import; JavaScript: two module
    /// statements, or one and two C-like line ends; Java: a package or import with its semicolon
    /// and a declaration, or two of them; Go: its one-word package and an import or a func; Rust:
    /// two of its statements; C#: a `using System` and a namespace or a second using; Swift:
    /// `func` and an import, where Go's package is absent; Kotlin: `fun` and a value or import,
    /// or two funs, or one typed as only Kotlin types parameters; Ruby: two of its statements and
    /// an `end`; Visual Basic, TypeScript, Slint: two of their statements; SPARQL: a query form and
    /// a clause. TypeScript and Slint
    /// write JavaScript's module statements too: where JavaScript is decided, the rest of the text
    /// is read for two of theirs. Guesses (weak): a text name wins over them (`.bzl`, `.sage`; a
    /// `.ts` stays TypeScript).
    static func scriptLanguage(_ body: ArraySlice<UInt8>) -> ScriptLanguage? {
        var counts = [Int](repeating: 0, count: Statement.allCases.count)
        var braced = 0, lines = 0
        var isJavaScript = false
        func count(_ statement: Statement) -> Int { counts[statement.rawValue] }
        // nil: read on; .some(language): that is the answer (.some(nil): a quoted document).
        var answer: ScriptLanguage??
        forEachTrimmedLine(body) { line in
            // A Markdown code fence: a document that quotes code, not code.
            if begins(line, Keyword.fence) { answer = .some(nil); return false }
            lines += 1
            switch line.last {
            case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"): braced += 1
            default: break
            }
            guard let statement = statement(line) else { return true }
            counts[statement.rawValue] += 1
            if isJavaScript {
                if count(.typeScript) >= 2 { answer = .typeScript; return false }
                if count(.slint) >= 2 { answer = .slint; return false }
            } else if let language = decided(count, braced: braced, lines: lines) {
                guard language == .javaScript else { answer = language; return false }
                isJavaScript = true
            }
            return true
        }
        if let answer { return answer }
        if isJavaScript { return .javaScript }
        // Counts that grew after the last statement (a module's braced lines after its one
        // `module.exports = {`) are weighed once more at the end.
        return decided(count, braced: braced, lines: lines)
    }

    /// Calls `body` with each non-empty line of `text`, without its indentation and trailing
    /// blanks, until it returns false.
    static func forEachTrimmedLine(_ text: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Bool) {
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: 0x0A) ?? text.endIndex
            var first = start
            while first < end, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
            var last = end
            while last > first, [0x20, 0x09, 0x0D].contains(text[last - 1]) { last -= 1 }
            if first < last, !body(text[first..<last]) { return }
            start = end + 1
        }
    }

    /// The language one statement or more points to where the statements are too few to decide
    /// it (for text `text(_:encoding:isComplete:)` found nothing in, so `scriptLanguage` gave
    /// nil): Python by a def or class line or an import, Java by its entry point or a public
    /// class. A hint only, to be corroborated by other evidence.
    static func languageHint(_ body: ArraySlice<UInt8>) -> ScriptLanguage? {
        // The statements it counts all hold one of these words: text without them is not read.
        guard Keyword.hintWords.contains(where: { contains($0, in: body) }) else { return nil }
        var python = 0, java = 0, other = 0
        forEachTrimmedLine(body) { line in
            // A comment (`# ...`) says nothing of the language.
            guard !line.starts(with: [UInt8(ascii: "#"), 0x20]), let statement = statement(line) else { return true }
            switch statement {
            case .python, .pythonImport: python += 1
            case .javaMain, .javaDeclaration, .javaPackage, .javaImport: java += 1
            default: other += 1
            }
            return true
        }
        guard other == 0 else { return nil }
        if python > 0 && java == 0 { return .python }
        if java > 0 && python == 0 { return .java }
        return nil
    }

    /// The language the counts so far make certain, if any.
    private static func decided(_ count: (Statement) -> Int, braced: Int, lines: Int) -> ScriptLanguage? {
        let python = count(.python), imports = count(.pythonImport) + count(.bareImport)
        if python >= 2 || (python >= 1 && imports >= 1), braced < python + imports { return .python }
        if count(.typeScript) >= 2 { return .typeScript }
        if count(.slint) >= 2 { return .slint }
        let javaScript = count(.javaScript)
        if javaScript >= 2 || (javaScript >= 1 && braced >= 2) { return .javaScript }
        let javaImports = count(.javaImport), javaHeaders = count(.javaPackage) + javaImports
        if (javaImports >= 1 && javaHeaders >= 2) || (javaHeaders >= 1 && count(.javaDeclaration) >= 1) { return .java }
        // A class and Java's entry point in it: two statements, neither C#'s nor anyone else's.
        if count(.javaMain) >= 1 && count(.javaDeclaration) >= 1 { return .java }
        if count(.goPackage) >= 1 && (count(.goImport) >= 1 || count(.goFunc) >= 1) { return .go }
        if count(.rust) >= 2 { return .rust }
        if count(.cSharpUsing) >= 2 || (count(.cSharpUsing) >= 1 && count(.cSharpNamespace) >= 1) { return .cSharp }
        if count(.goPackage) == 0 && count(.goFunc) >= 1 && imports >= 1 { return .swift }
        let kotlin = count(.kotlinFun)
        if count(.kotlinTypedFun) >= 1 { return .kotlin }
        if count(.visualBasic) >= 2 { return .visualBasic }
        if kotlin >= 2 || (kotlin >= 1 && count(.kotlinValue) + count(.bareImport) >= 1) { return .kotlin }
        if count(.rubyEnd) >= 1 && count(.rubyStatement) >= 2 { return .ruby }
        if count(.sql) >= 2 { return .sql }
        if count(.sparqlQuery) >= 1 && count(.sparqlClause) >= 1 { return .sparql }
        if count(.perl) >= 2 { return .perl }
        // Vim script, where it makes up a third of the lines so far (comments count): Vim's help
        // files quote commands in prose.
        let vim = count(.vimStatement)
        if vim >= 2 || (vim >= 1 && count(.vimEnd) >= 1), 3 * (vim + count(.vimEnd) + count(.vimComment)) >= lines { return .vim }
        if count(.shellEnd) >= 1 && count(.shellStatement) >= 1 && count(.shellEnd) + count(.shellStatement) >= 3 { return .shell }
        if count(.cssRule) >= 2 && count(.cssDeclaration) >= 2 { return .css }
        return nil
    }

    /// What one line says, by its first byte and then its first words.
    static func statement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first else { return nil }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        let endsWithSemicolon = line.last == UInt8(ascii: ";")
        switch first {
        case UInt8(ascii: "i"), UInt8(ascii: "d"), UInt8(ascii: "a"), UInt8(ascii: "c"), UInt8(ascii: "f"):
            switch pythonStatement(line) {
            case .strong: return .python
            case .importLine: return word(Keyword.importWord) && line.contains(UInt8(ascii: ".")) && !line.contains(UInt8(ascii: ",")) ? .bareImport : .pythonImport
            case nil: break
            }
        default: break
        }
        if javaScriptStatement(line) { return .javaScript }
        switch first {
        case UInt8(ascii: "p"):
            if word(Keyword.packageWord) {
                let name = line.dropFirst(8)
                // Perl's package A::B; (Java's are dotted).
                if endsWithSemicolon, contains(Keyword.doubleColon, in: name) { return .perl }
                if endsWithSemicolon {
                    let dotted = name.dropLast()
                    return dotted.contains(UInt8(ascii: ".")) && dotted.allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") } ? .javaPackage : nil
                }
                if name.allSatisfy(isIdentifier) { return .goPackage }
                return name.allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") } ? .kotlinValue : nil
            }
            if begins(line, Keyword.javaMain) { return .javaMain }
            if word(Keyword.publicClass) || word(Keyword.publicFinalClass) || word(Keyword.publicInterface)
                || word(Keyword.publicAbstractClass) || word(Keyword.publicEnum)
            {
                return .javaDeclaration
            }
            if word(Keyword.pubFn) || word(Keyword.pubStruct) { return .rust }
        case UInt8(ascii: "@"):
            if word(Keyword.override) { return .javaDeclaration }
        case UInt8(ascii: "i"):
            if word(Keyword.importWord) {
                let rest = line.dropFirst(7)
                if rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "(") { return .goImport }
                let path = rest.dropLast()
                if endsWithSemicolon, path.contains(UInt8(ascii: ".")),
                    path.allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") || $0 == 0x20 })
                {
                    return .javaImport
                }
            }
            if word(Keyword.implWord) && line.last == UInt8(ascii: "{") { return .rust }
        case UInt8(ascii: "u"):
            if word(Keyword.usingSystem) && endsWithSemicolon { return .cSharpUsing }
            // Rust's own crates (Perl's `use File::Spec;` looks the same otherwise).
            if word(Keyword.useWord) && endsWithSemicolon && Keyword.rustRoots.contains(where: { begins(line.dropFirst(4), $0) }) { return .rust }
        case UInt8(ascii: "f"):
            if word(Keyword.fnWord) && line.contains(UInt8(ascii: "(")) { return .rust }
            if word(Keyword.funcWord) && line.contains(UInt8(ascii: "(")) { return .goFunc }
            // Kotlin's fun NAME(...) { or = ...; not Vim's `fun s:name(...)` (no brace, a colon or # in the name).
            if word(Keyword.funWord) {
                let name = line.dropFirst(4).prefix { isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
                let opens = line[name.endIndex...].first == UInt8(ascii: "(")
                if !name.isEmpty, opens, line.last == UInt8(ascii: "{") || contains(Keyword.spacedEquals, in: line) {
                    // Parameters typed with a generic Kotlin type (`args: Array<String>`), or a
                    // return type after the parameters (`): Int {`).
                    let typed = contains(Keyword.colonSpace, in: line) && (line.contains(UInt8(ascii: "<")) || contains(Keyword.returnType, in: line))
                    return typed ? .kotlinTypedFun : .kotlinFun
                }
            }
        case UInt8(ascii: "#"):
            if word(Keyword.derive) { return .rust }
        case UInt8(ascii: "l"):
            if word(Keyword.letMut) { return .rust }
        case UInt8(ascii: "n"):
            if word(Keyword.namespaceWord) { return .cSharpNamespace }
        case UInt8(ascii: "v"):
            if word(Keyword.valWord) { return .kotlinValue }
        case UInt8(ascii: "r"):
            if word(Keyword.requireQuote) || word(Keyword.requireDoubleQuote) || word(Keyword.requireRelative) { return .rubyStatement }
        case UInt8(ascii: "m"):
            if word(Keyword.moduleWord), line.dropFirst(7).allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: ":") }), line.count > 7 {
                return .rubyStatement
            }
        case UInt8(ascii: "e"):
            if line.count == 3 && word(Keyword.endWord) { return .rubyEnd }
        default: break
        }
        if Keyword.rustMacroInitials[Int(first)], Keyword.rustMacros.contains(where: { word($0) }) { return .rust }
        if let shell = shellStatement(line) { return shell }
        if isPerl(line) { return .perl }
        if let vim = vimStatement(line) { return vim }
        if (0x41...0x5A).contains(first) {
            if Keyword.sparqlQueries.contains(where: { word($0) }) { return .sparqlQuery }
            if Keyword.sparqlClauses.contains(where: { word($0) }) {
                return !word(Keyword.sparqlPrefix) || contains(Keyword.colonAngle, in: line) ? .sparqlClause : nil
            }
            if isVisualBasic(line) { return .visualBasic }
        }
        if let statement = typeScriptOrSlint(line) { return statement }
        // Ruby's def and class, after Python's (which end with a colon) had their chance.
        // Ruby's methods are lower case (`def initialize`, `def self.build`); Vim9's `def Name()` is not.
        if word(Keyword.def), let last = line.last, last != UInt8(ascii: ":"), last != UInt8(ascii: "{"), !line.suffix(3).elementsEqual(Keyword.doSuffix),
            let initial = line.dropFirst(4).first, (0x61...0x7A).contains(initial) || initial == UInt8(ascii: "_")
        {
            return .rubyStatement
        }
        if word(Keyword.pythonClass), contains(Keyword.subclassArrow, in: line) { return .rubyStatement }
        if Keyword.sqlStatements.contains(where: { word($0) }) {
            // SELECT needs its FROM on the line, as queries written on one line have.
            return !word(Keyword.sqlSelect) || contains(Keyword.sqlFrom, in: line) ? .sql : nil
        }
        return cssStatement(line)
    }

    /// Whether text is a Markdown document (CommonMark): a heading, ATX (`## Title`) or setext (a
    /// line of `===` or `---` under a line of text that does not start with the same), and two more of what only Markdown writes: a link or
    /// image (`[text](target)`, `[label]: http...`), a fence (a line of three to five backticks or
    /// tildes and an optional language), strong emphasis (` **word...**`); or two fences and a link. Shell and Python
    /// comments look like headings, hence the second kind of evidence. Read after the language
    /// checks, which give way to a fence.
    static func isMarkdown(_ body: ArraySlice<UInt8>) -> Bool {
        var headings = 0, links = 0, fences = 0, emphasis = 0
        var previousIsText = false
        var previousFirst: UInt8 = 0
        for line in leadingLines(body, limit: 400, omittingEmpty: false) {
            defer {
                previousIsText = line.contains { $0 != 0x20 && $0 != 0x09 }
                previousFirst = line.first ?? 0
            }
            guard let first = line.first else { continue }
            let base = line.startIndex
            if first == UInt8(ascii: "#") {
                let level = line.prefix { $0 == UInt8(ascii: "#") }.count
                if level <= 6, line.count > level + 1, line[base + level] == 0x20, line[base + level + 1] != 0x20 { headings += 1 }
            } else if line.count >= 3, first == UInt8(ascii: "=") || first == UInt8(ascii: "-"), line.allSatisfy({ $0 == first }),
                previousIsText, previousFirst != first
            {
                headings += 1
            }
            if begins(line, Keyword.fence) || begins(line, Keyword.tildeFence) {
                // Three to five backticks or tildes, then nothing or an info string (`swift`):
                // not a ruler of tildes.
                let run = line.prefix { $0 == first }.count
                if run <= 5, line.dropFirst(run).allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }) {
                    fences += 1
                }
            }
            if hasInlineLink(line) { links += 1 }
            if first == UInt8(ascii: "["), contains(Keyword.referenceLink, in: line) { links += 1 }
            if let open = line.indices.dropLast(3).first(where: { index in
                (index == base || line[index - 1] == 0x20) && line[index] == UInt8(ascii: "*") && line[index + 1] == UInt8(ascii: "*")
                    && ((0x41...0x5A).contains(line[index + 2]) || (0x61...0x7A).contains(line[index + 2]))
            }), contains(Keyword.strong, in: line[(open + 3)...]) {
                emphasis += 1
            }
        }
        return (headings >= 1 && links + fences + emphasis >= 2) || (fences >= 2 && links >= 1)
    }

    /// The first `limit` lines of `body` without their line ends (a carriage return too), the
    /// unsplit rest left out; empty lines kept or not.
    static func leadingLines(_ body: ArraySlice<UInt8>, limit: Int, omittingEmpty: Bool) -> [ArraySlice<UInt8>] {
        var lines = body.split(separator: 0x0A, maxSplits: limit, omittingEmptySubsequences: omittingEmpty)
        if lines.count > limit { lines.removeLast() }
        return lines.map { $0.last == 0x0D ? $0.dropLast() : $0 }
    }

    /// Whether a line holds a Markdown inline link or image, `[text](target)`: text that does not
    /// open like a regular expression's class (`[[:blank:]]`, `[^x]`), a target up to `)` with no
    /// space, parenthesis, bar or backslash in it.
    static func hasInlineLink(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index + 2 < line.endIndex {
            defer { index += 1 }
            guard line[index] == UInt8(ascii: "]"), line[index + 1] == UInt8(ascii: "(") else { continue }
            guard let open = line[..<index].lastIndex(of: UInt8(ascii: "[")), open + 1 < index,
                ![UInt8(ascii: "["), UInt8(ascii: "^"), UInt8(ascii: ":")].contains(line[open + 1])
            else { continue }
            let target = line[(index + 2)...].prefix { $0 != UInt8(ascii: ")") }
            guard !target.isEmpty, target.endIndex < line.endIndex else { continue }
            if !target.contains(where: { [0x20, 0x09, UInt8(ascii: "("), UInt8(ascii: "|"), UInt8(ascii: "\\")].contains($0) }) { return true }
        }
        return false
    }

    /// Whether text is a todo.txt task list (github.com/todotxt/todo.txt): one task a line, two or
    /// more of them marked as only that format marks them, by a priority (`(A) `) or as done
    /// (`x 2024-05-01 `), and at least one tagged with a `+project` or an `@context`; no line
    /// may look like markup or code (starting with `<`, `#`, `{`, or ending in `;` or `{`).
    /// A makefile by its structure (POSIX make, "Makefile syntax"): at least two rules
    /// (`target ...: prerequisites`, targets being names, patterns or `$(VAR)` references), a
    /// recipe line under a rule (it starts with a tab) that uses a macro or an automatic
    /// variable (`$(CC)`, `${X}`, `$@`, `$<`, `$^`), and no more other lines than make's own
    /// (rules, recipes, assignments, directives such as include and ifeq). Not one token: a
    /// YAML `key: value` has no tab-indented recipe, Python's `else:` no `$(`.
    static func isMakefile(_ body: ArraySlice<UInt8>) -> Bool {
        // Every makefile this accepts has a recipe: a tab at a line's start, and a `$`. Text
        // without them (nearly all) is not read line by line.
        guard contains([0x0A, 0x09], in: body), body.contains(UInt8(ascii: "$")) else { return false }
        var rules = 0, recipesWithVariables = 0, makeLines = 0, otherLines = 0
        var underRule = false
        func isTargetToken(_ token: Substring) -> Bool {
            if (token.hasPrefix("$(") && token.hasSuffix(")")) || (token.hasPrefix("${") && token.hasSuffix("}")) { return token.count > 3 }
            return !token.isEmpty && token.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "_./%+-".unicodeScalars.contains(scalar)
            }
        }
        for (number, raw) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where number < 400 {
            var line = String(decoding: raw, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            if line.hasPrefix("\t") {
                guard underRule else { otherLines += 1; continue }
                makeLines += 1
                if ["$(", "${", "$@", "$<", "$^", "$*", "$?"].contains(where: { line.contains($0) }) { recipesWithVariables += 1 }
                continue
            }
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            underRule = false
            if let colon = trimmed.firstIndex(of: ":"), !trimmed[colon...].hasPrefix(":="), !trimmed[colon...].hasPrefix("::="),
                !trimmed[..<colon].contains("="), !trimmed[..<colon].isEmpty,
                trimmed[..<colon].split(separator: " ").allSatisfy(isTargetToken)
            {
                rules += 1
                makeLines += 1
                underRule = true
                continue
            }
            let word = trimmed.prefix { $0 != " " && $0 != "\t" }
            if ["include", "-include", "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "define", "endef", "export", "override", "vpath"]
                .contains(String(word))
            {
                makeLines += 1
                continue
            }
            if isMacroAssignment(trimmed) {
                makeLines += 1
                continue
            }
            otherLines += 1
        }
        return rules >= 2 && recipesWithVariables >= 1 && otherLines <= makeLines / 2
    }

    /// A plain (ASCII) Netpbm image, as pbm(5), pgm(5) and ppm(5) define it: `P1`, `P2` or `P3`,
    /// then whitespace-separated decimal width and height (and for P2 and P3 a maximum value from
    /// 1 to 65535), `#` comments to the end of a line allowed between them, then a raster of
    /// decimal numbers only. The kind (bitmap, graymap, pixmap), or nil.
    static func plainNetpbm(_ body: ArraySlice<UInt8>) -> String? {
        guard body.count >= 3, body.first == UInt8(ascii: "P"), let digit = body.dropFirst().first,
            (UInt8(ascii: "1")...UInt8(ascii: "3")).contains(digit), [0x20, 0x09, 0x0A, 0x0D].contains(body[body.startIndex + 2])
        else { return nil }
        var numbers: [Int] = []
        var index = body.startIndex + 2
        var looked = 0
        while index < body.endIndex, looked < 4096 {
            let byte = body[index]
            if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                while index < body.endIndex, body[index] != 0x0A { index += 1 }
            } else {
                var value = 0
                var digits = 0
                while index < body.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(body[index]) {
                    value = min(value * 10 + Int(body[index] - UInt8(ascii: "0")), 1 << 30)
                    digits += 1
                    index += 1
                }
                // Anything but a number (or, in P1, bits written without spaces) is not Netpbm.
                guard digits > 0, index == body.endIndex || [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, UInt8(ascii: "#")].contains(body[index])
                else { return nil }
                numbers.append(value)
            }
            looked += 1
        }
        let header = digit == UInt8(ascii: "1") ? 2 : 3
        guard numbers.count > header, numbers[0] > 0, numbers[1] > 0 else { return nil }
        if header == 3 { guard (1...65535).contains(numbers[2]) else { return nil } }
        let limit = header == 3 ? numbers[2] : 1
        guard numbers.dropFirst(header).allSatisfy({ $0 <= limit }) else { return nil }
        switch digit {
        case UInt8(ascii: "1"): return "bitmap"
        case UInt8(ascii: "2"): return "graymap"
        default: return "pixmap"
        }
    }

    /// A mailbox (RFC 4155: a `From ` line with a sender and a date, then a message) or one
    /// message (RFC 5322: header fields up to a blank line), by its header: at least three fields
    /// that RFC 5322 and RFC 5321 define (From, To, Cc, Subject, Date, Message-ID, Received,
    /// Return-Path, Reply-To, In-Reply-To, References, MIME-Version), one of them From, Date or
    /// Received, and nothing but well-formed fields (or their folded continuations) before the
    /// blank line that ends the header.
    static func mailStructure(_ body: ArraySlice<UInt8>) -> (String, String, Bool)? {
        // A header's first line is a field (`Name: value`) or a mailbox's From line: text whose
        // first line has no colon is not read further.
        let firstLine = body.prefix { $0 != 0x0A }
        let name = firstLine.prefix { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == UInt8(ascii: "-") }
        guard !name.isEmpty, name.endIndex < firstLine.endIndex,
            firstLine[name.endIndex] == UInt8(ascii: ":") || firstLine.starts(with: "From ".utf8)
        else { return nil }
        var lines = body.split(separator: 0x0A, maxSplits: 64, omittingEmptySubsequences: false).makeIterator()
        guard var line = lines.next() else { return nil }
        var isMailbox = false
        if line.starts(with: "From ".utf8) {
            // RFC 4155: "From " sender SP date (asctime's form: a weekday and a time of day).
            let text = String(decoding: line, as: UTF8.self)
            guard text.split(separator: " ").count >= 4, text.contains(":"),
                ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "].contains(where: { text.contains($0) })
            else { return nil }
            isMailbox = true
            guard let next = lines.next() else { return nil }
            line = next
        }
        let known: Set<String> = ["from", "to", "cc", "subject", "date", "message-id", "received", "return-path", "reply-to",
                                  "in-reply-to", "references", "mime-version", "sender", "bcc"]
        var fields = 0
        var anchors = 0
        var ended = false
        var current: ArraySlice<UInt8>? = line
        while let field = current {
            var text = field
            if text.last == 0x0D { text = text.dropLast() }
            if text.isEmpty { ended = true; break }
            if text.first == 0x20 || text.first == 0x09 {
                guard fields > 0 else { return nil }  // a continuation needs a field before it
            } else {
                guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > text.startIndex,
                    text[..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
                else { return nil }
                let name = String(decoding: text[..<colon], as: UTF8.self).lowercased()
                if known.contains(name) { fields += 1 }
                if ["from", "date", "received"].contains(name) { anchors += 1 }
            }
            current = lines.next()
        }
        guard ended || current == nil, fields >= 3, anchors >= 1 else { return nil }
        return isMailbox ? ("org.mbox.mailbox", "mailbox", false) : ("com.apple.mail.email", "email message", false)
    }

    /// `NAME = value`, `NAME := value`, `NAME ?= value`, `NAME += value`, `NAME != command`.
    private static func isMacroAssignment(_ line: Substring) -> Bool {
        guard let equals = line.firstIndex(of: "=") else { return false }
        var name = line[..<equals]
        while let last = name.last, last == " " || last == "\t" || "?+:!".contains(last) { name = name.dropLast() }
        return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
    }

    static func isTodoList(_ body: ArraySlice<UInt8>) -> Bool {
        var marked = 0, tagged = 0
        func digits(_ slice: ArraySlice<UInt8>) -> Bool { slice.allSatisfy { (0x30...0x39).contains($0) } }
        for line in leadingLines(body, limit: 200, omittingEmpty: true) {
            guard let first = line.first, let last = line.last else { continue }
            if [UInt8(ascii: "<"), UInt8(ascii: "#"), UInt8(ascii: "{")].contains(first) || last == UInt8(ascii: ";") || last == UInt8(ascii: "{") {
                return false
            }
            let base = line.startIndex
            func at(_ offset: Int) -> UInt8 { line[base + offset] }
            if line.count > 4, at(0) == UInt8(ascii: "("), (0x41...0x5A).contains(at(1)), at(2) == UInt8(ascii: ")"), at(3) == 0x20 {
                marked += 1
            } else if line.count > 13, at(0) == UInt8(ascii: "x"), at(1) == 0x20, digits(line.dropFirst(2).prefix(4)),
                at(6) == UInt8(ascii: "-"), digits(line.dropFirst(7).prefix(2)), at(9) == UInt8(ascii: "-"),
                digits(line.dropFirst(10).prefix(2)), at(12) == 0x20
            {
                marked += 1
            }
            // A tag: ` +Word` or ` @word` (a letter right after the sign; `a + b` is not one).
            let tags = line.indices.dropLast(2).contains { index in
                line[index] == 0x20 && (line[index + 1] == UInt8(ascii: "+") || line[index + 1] == UInt8(ascii: "@"))
                    && ((0x41...0x5A).contains(line[index + 2]) || (0x61...0x7A).contains(line[index + 2]))
            }
            if tags { tagged += 1 }
        }
        return marked >= 2 && tagged >= 1
    }

    /// Whether a line is a Visual Basic statement: a block's end (`End Sub`, the whole line), a
    /// module or class opened by name, a procedure with its parentheses, `Dim x As T`, `Imports`.
    static func isVisualBasic(_ line: ArraySlice<UInt8>) -> Bool {
        if Keyword.visualBasicEnds.contains(where: { $0.elementsEqual(line) }) { return true }
        for opener in Keyword.visualBasicOpeners where begins(line, opener) {
            let name = line.dropFirst(opener.count)
            return !name.isEmpty && name.allSatisfy(isIdentifier)
        }
        if Keyword.visualBasicProcedures.contains(where: { begins(line, $0) }) {
            return line.contains(UInt8(ascii: "(")) && line.last == UInt8(ascii: ")") || contains(Keyword.spacedAs, in: line)
        }
        if begins(line, Keyword.dimWord) { return contains(Keyword.spacedAs, in: line) }
        return begins(line, Keyword.importsWord) && line.dropFirst(8).allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") }
    }

    /// Whether a line is a Perl statement (see `Statement`; `package` is read with Java's).
    static func isPerl(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, Keyword.perlInitials[Int(first)] else { return false }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if Keyword.perlAlone.contains(where: { $0.elementsEqual(line) }) { return true }
        if word(Keyword.useWord) || word(Keyword.noWord) {
            // use strict; use warnings; use File::Spec; use POSIX qw(floor); not Rust's crate paths.
            let module = line.dropFirst(word(Keyword.useWord) ? 4 : 3)
            let name = module.prefix { isIdentifier($0) || $0 == UInt8(ascii: ":") }
            guard !name.isEmpty, let initial = name.first else { return false }
            let rest = module[name.endIndex...]
            let ends = rest.elementsEqual([UInt8(ascii: ";")]) || begins(rest, Keyword.spacedQw) || begins(rest, Keyword.spacedParen)
            let pragma = Keyword.perlPragmas.contains { $0.elementsEqual(name) }
            let isModule = (0x41...0x5A).contains(initial) && !Keyword.rustRoots.contains { begins(name, $0) }
            return ends && (pragma || isModule)
        }
        if word(Keyword.subWord) {
            let name = line.dropFirst(4).prefix { isIdentifier($0) }
            let rest = line[name.endIndex...]
            return !name.isEmpty && (rest.elementsEqual(Keyword.spacedBrace) || rest.elementsEqual([UInt8(ascii: ";")]) || rest.elementsEqual(Keyword.spacedBraceOnly))
        }
        for declaration in Keyword.perlDeclarations where word(declaration) {
            let next = line.dropFirst(declaration.count).first
            return next == UInt8(ascii: "$") || next == UInt8(ascii: "@") || next == UInt8(ascii: "%") || next == UInt8(ascii: "(")
                && line.dropFirst(declaration.count + 1).first.map { [UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: "%")].contains($0) } == true
        }
        return false
    }

    /// A Vim script statement (see `Statement`).
    static func vimStatement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, Keyword.vimInitials[Int(first)] else { return nil }
        if Keyword.vimEnds.contains(where: { $0.elementsEqual(line) }) { return .vimEnd }
        // A comment: a double quote, then a space or nothing (prose quotes a word).
        if first == UInt8(ascii: "\""), line.count == 1 || line[line.startIndex + 1] == 0x20 { return .vimComment }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if word(Keyword.letWord) {
            // let s:name, let g:name, let &option: a scope letter and a colon, or an option.
            let rest = line.dropFirst(4)
            if rest.first == UInt8(ascii: "&") { return .vimStatement }
            let bytes = Array(rest.prefix(3))
            return bytes.count == 3 && "gsbwtlva".utf8.contains(bytes[0]) && bytes[1] == UInt8(ascii: ":") && isIdentifier(bytes[2]) ? .vimStatement : nil
        }
        return Keyword.vimCommands.contains(where: { word($0) }) ? .vimStatement : nil
    }

    /// A shell statement (see `Statement`).
    static func shellStatement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, Keyword.shellInitials[Int(first)] else { return nil }
        if Keyword.shellEnds.contains(where: { $0.elementsEqual(line) }) { return .shellEnd }
        for end in Keyword.shellEnds where begins(line, end) {
            // `done < list`, `done | sort`, `fi;`, `esac;;`.
            let next = line[line.startIndex + end.count]
            return next == 0x20 || next == UInt8(ascii: ";") ? .shellEnd : nil
        }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if Keyword.shellTests.contains(where: { word($0) }) {
            return line.suffix(6).elementsEqual(Keyword.semicolonThen) || line.suffix(4).elementsEqual(Keyword.semicolonDo) ? .shellStatement : nil
        }
        if word(Keyword.forWord), contains(Keyword.spacedIn, in: line), line.suffix(4).elementsEqual(Keyword.semicolonDo) { return .shellStatement }
        if word(Keyword.caseWord), line.suffix(3).elementsEqual(Keyword.spacedIn) { return .shellStatement }
        for declaration in Keyword.shellDeclarations where word(declaration) {
            let name = line.dropFirst(declaration.count).prefix { isIdentifier($0) }
            return !name.isEmpty && line[name.endIndex...].first == UInt8(ascii: "=") ? .shellStatement : nil
        }
        if Keyword.shellOptions.contains(where: { $0.elementsEqual(line) }) { return .shellStatement }
        return nil
    }

    /// A TypeScript or Slint statement (see `Statement`).
    static func typeScriptOrSlint(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, let last = line.last else { return nil }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if Keyword.slint.contains(where: { word($0) }) {
            let opensGlobal = word(Keyword.exportGlobal) && last == UInt8(ascii: "{")
            return opensGlobal || contains(Keyword.inherits, in: line) || line.contains(UInt8(ascii: "<")) || line.contains(UInt8(ascii: "(")) ? .slint : nil
        }
        if word(Keyword.importType) || word(Keyword.exportInterface) { return .typeScript }
        if word(Keyword.interfaceWord), last == UInt8(ascii: "{") { return .typeScript }
        if word(Keyword.constructorWord), contains(Keyword.colonSpace, in: line) { return .typeScript }
        // name: string;  name?: number[];  private readonly id: boolean;
        guard last == UInt8(ascii: ";"), (0x61...0x7A).contains(first) || first == UInt8(ascii: "_") else { return nil }
        var rest = line.dropLast()
        for modifier in Keyword.memberModifiers where begins(rest, modifier) { rest = rest.dropFirst(modifier.count) }
        let name = rest.prefix { isIdentifier($0) }
        guard !name.isEmpty else { return nil }
        var type = rest[name.endIndex...]
        if type.first == UInt8(ascii: "?") { type = type.dropFirst() }
        guard begins(type, Keyword.colonSpace) else { return nil }
        type = type.dropFirst(2)
        if type.last == UInt8(ascii: "]"), type.dropLast().last == UInt8(ascii: "[") { type = type.dropLast(2) }
        return Keyword.typeScriptTypes.contains(where: { $0.elementsEqual(type) }) ? .typeScript : nil
    }

    /// A CSS rule's selector line or a declaration.
    static func cssStatement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, let last = line.last else { return nil }
        if last == UInt8(ascii: "{"), line.count >= 3, line[line.endIndex - 2] == 0x20 {
            // Selectors: names, classes, ids, combinators, pseudo-classes, attributes; no
            // parentheses but an at-rule's, and none of the words code opens blocks with.
            let selector = line.dropLast(2)
            let allowed = selector.allSatisfy { byte in
                isIdentifier(byte) || [0x20, 0x2E, 0x23, 0x3A, 0x3E, 0x2C, 0x2B, 0x7E, 0x2A, 0x5B, 0x5D, 0x3D, 0x2D].contains(byte)
            }
            // `=` only inside an attribute selector (`a[href="x"]`), never `type T = {`.
            let assigns = selector.contains(UInt8(ascii: "=")) && !selector.contains(UInt8(ascii: "["))
            if (allowed || first == UInt8(ascii: "@")) && !assigns && !Keyword.blockWords.contains(where: { begins(line, $0) }) { return .cssRule }
            return nil
        }
        // property: value;  with the property in lower case and hyphens, not a C label or case.
        guard last == UInt8(ascii: ";"), (0x61...0x7A).contains(first) else { return nil }
        let property = line.prefix { (0x61...0x7A).contains($0) || $0 == UInt8(ascii: "-") }
        guard line[property.endIndex...].starts(with: Keyword.colonSpace), !Keyword.labelWords.contains(where: { $0.elementsEqual(property) })
        else { return nil }
        return .cssDeclaration
    }

    /// C, C++ or Objective-C source or header, by its first line after comments being a
    /// preprocessor directive (`#include`, `#ifndef`, `#define`, `#pragma`, `#if`, `#import`); a
    /// header when it opens with an include guard (`#ifndef X` then `#define X`) or `#pragma
    /// once`; C++ when it uses what only C++ has (`namespace`, `template<`, `std::`, `public:`),
    /// Objective-C when it imports or declares an `@interface`. A guess (weak), as libmagic's
    /// was: a text name wins over it.
    static func cFamily(_ body: ArraySlice<UInt8>) -> (String, String)? {
        guard let code = afterComments(body) else { return nil }
        // The preprocessor directives of C17 6.10 that a C-family file can open with.
        let directives = ["#include <", "#include \"", "#ifndef ", "#ifdef ", "#define ", "#pragma ", "#if ", "#import ", "#undef ",
                          "#warning ", "#error "]
        guard directives.contains(where: { code.starts(with: $0.utf8) }) else { return nil }
        func has(_ text: String) -> Bool { contains(Array(text.utf8), in: code) }
        let isHeader: Bool = {
            if code.starts(with: "#pragma once".utf8) { return true }
            guard code.starts(with: "#ifndef ".utf8) else { return false }
            let guardName = code.dropFirst(8).prefix { isIdentifier($0) }
            let next = code[guardName.endIndex...].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return !guardName.isEmpty && next.starts(with: "#define ".utf8) && next.dropFirst(8).starts(with: guardName)
        }()
        if code.starts(with: "#import ".utf8) || has("\n@interface ") || has("\n@implementation ") {
            return ("public.objective-c-source", "Objective-C source")
        }
        if has("\nnamespace ") || has("template<") || has("template <") || has("std::") || has("\npublic:") || has("#include <iostream>") {
            return isHeader ? ("public.c-plus-plus-header", "C++ header") : ("public.c-plus-plus-source", "C++ source")
        }
        return isHeader ? ("public.c-header", "C header") : ("public.c-source", "C source")
    }

    /// Whether one line (without indentation) is a module statement only JavaScript writes so.
    static func javaScriptStatement(_ line: ArraySlice<UInt8>) -> Bool {
        // m(odule), e(xport), c(onst), l(et), v(ar), i(mport): one byte rules out most lines.
        guard let first = line.first, [0x6D, 0x65, 0x63, 0x6C, 0x76, 0x69].contains(first) else { return false }
        if begins(line, Keyword.moduleExports) || begins(line, Keyword.exports) { return true }
        if Keyword.exportForms.contains(where: { begins(line, $0) }) { return true }
        if Keyword.declarations.contains(where: { begins(line, $0) }) {
            return Keyword.requireCalls.contains { contains($0, in: line) }
        }
        if begins(line, Keyword.importWord) {
            return Keyword.fromQuoted.contains { contains($0, in: line) }
        }
        return false
    }

    /// The MIME type libmagic gives an ELF file, read from its header as libmagic reads it: by
    /// `e_type`, relocatable `application/x-object`, executable `application/x-executable`, core
    /// `application/x-coredump`; a shared object is `application/x-pie-executable` when its
    /// dynamic section's DT_FLAGS_1 has DF_1_PIE, or, where that section lies past `head`, when it
    /// asks for an interpreter (PT_INTERP) and exports no SONAME we could see, else
    /// `application/x-sharedlib`. Nil for anything that is not ELF.
    @_spi(Fuzzing) public static func elfMIMEType(_ head: [UInt8]) -> String? {
        guard head.count >= 52, head[0] == 0x7F, head[1] == 0x45, head[2] == 0x4C, head[3] == 0x46 else { return nil }
        let is64 = head[4] == 2, little = head[5] != 2
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset + size <= head.count else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(head[offset + (little ? size - 1 - index : index)])
                value = (value << 8) | byte
            }
            return value
        }
        switch read(16, 2) {
        case 1: return "application/x-object"
        case 2: return "application/x-executable"
        case 4: return "application/x-coredump"
        case 3: break
        default: return nil
        }
        let word = is64 ? 8 : 4
        guard let programHeaders = read(is64 ? 32 : 28, word), let entrySize = read(is64 ? 54 : 42, 2),
            let count = read(is64 ? 56 : 44, 2), entrySize >= (is64 ? 56 : 32), (0..<head.count).contains(programHeaders)
        else { return "application/x-sharedlib" }
        var interpreter = false
        var dynamic: (offset: Int, size: Int)?
        for index in 0..<count {
            let entry = programHeaders + index * entrySize
            guard let type = read(entry, 4) else { break }
            if type == 3 { interpreter = true }
            if type == 2, let offset = read(entry + (is64 ? 8 : 4), word), let size = read(entry + (is64 ? 32 : 16), word),
                (0..<head.count).contains(offset), (0...head.count).contains(size)
            {
                dynamic = (offset, size)
            }
        }
        if let dynamic, dynamic.offset + dynamic.size <= head.count {
            // Elf_Dyn entries: tag, value; DT_FLAGS_1 is 0x6ffffffb, DF_1_PIE 0x08000000.
            var entry = dynamic.offset
            while entry + 2 * word <= dynamic.offset + dynamic.size, let tag = read(entry, word), tag != 0 {
                if tag == 0x6FFF_FFFB, let flags = read(entry + word, word) {
                    return flags & 0x0800_0000 != 0 ? "application/x-pie-executable" : "application/x-sharedlib"
                }
                entry += 2 * word
            }
            return "application/x-sharedlib"
        }
        return interpreter ? "application/x-pie-executable" : "application/x-sharedlib"
    }

    enum PythonStatement { case strong, importLine }

    /// What one line (without its indentation and trailing space) says of Python.
    static func pythonStatement(_ line: ArraySlice<UInt8>) -> PythonStatement? {
        // Most lines start with none of the keywords: one byte decides that.
        guard let first = line.first, first == 0x69 || first == 0x64 || first == 0x61 || first == 0x63 || first == 0x66 else {
            return nil  // not i(f, mport), d(ef), a(sync), c(lass), f(rom)
        }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        let endsWithColon = line.last == UInt8(ascii: ":")
        if word(Keyword.ifName) || word(Keyword.ifNameTight) { return .strong }
        if word(Keyword.def) || word(Keyword.asyncDef) {
            return endsWithColon && line.contains(UInt8(ascii: "(")) ? .strong : nil
        }
        if word(Keyword.pythonClass) {
            // class NAME: or class NAME(BASES): — not C++'s class NAME : public BASE {.
            let name = line.dropFirst(6).prefix { isIdentifier($0) }
            guard !name.isEmpty, endsWithColon else { return nil }
            let after = line[name.endIndex...].first
            return after == UInt8(ascii: "(") || after == UInt8(ascii: ":") ? .strong : nil
        }
        let noPunctuation = !line.contains { [UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "=")].contains($0) }
        if word(Keyword.from), noPunctuation {
            // from MODULE import NAMES, MODULE dotted or relative (from . import x).
            let module = line.dropFirst(5).drop { $0 == 0x20 }.prefix { isIdentifier($0) || $0 == UInt8(ascii: ".") }
            return !module.isEmpty && begins(line[module.endIndex...], Keyword.spacedImport) ? .strong : nil
        }
        if word(Keyword.importWord), noPunctuation {
            let names = line.dropFirst(7)
            let allowed = names.allSatisfy { isIdentifier($0) || [UInt8(ascii: "."), UInt8(ascii: ","), 0x20].contains($0) }
            return allowed && !names.isEmpty ? .importLine : nil
        }
        return nil
    }

    /// The words the language checks look for, as bytes.
    enum Keyword {
        static let ifName = Array("if __name__ ==".utf8), ifNameTight = Array("if __name__==".utf8)
        static let def = Array("def ".utf8), asyncDef = Array("async def ".utf8), pythonClass = Array("class ".utf8)
        static let from = Array("from ".utf8), importWord = Array("import ".utf8), spacedImport = Array(" import ".utf8)
        static let moduleExports = Array("module.exports".utf8), exports = Array("exports.".utf8)
        static let exportForms = ["export default ", "export function ", "export const ", "export class ", "export async function "]
            .map { Array($0.utf8) }
        static let declarations = ["const ", "let ", "var "].map { Array($0.utf8) }
        static let requireCalls = ["= require('", "= require(\""].map { Array($0.utf8) }
        static let fromQuoted = [" from '", " from \""].map { Array($0.utf8) }
        static let packageWord = Array("package ".utf8), publicClass = Array("public class ".utf8)
        static let publicFinalClass = Array("public final class ".utf8), publicInterface = Array("public interface ".utf8)
        static let publicAbstractClass = Array("public abstract class ".utf8), publicEnum = Array("public enum ".utf8)
        static let override = Array("@Override".utf8), implWord = Array("impl".utf8)
        static let javaMain = Array("public static void main(String".utf8)
        static let hintWords = ["def ", "class ", "import ", "from ", "public "].map { Array($0.utf8) }
        static let pubFn = Array("pub fn ".utf8), pubStruct = Array("pub struct ".utf8)
        static let usingSystem = Array("using System".utf8), useWord = Array("use ".utf8)
        static let rustRoots = ["std::", "core::", "alloc::", "crate::", "super::", "self::"].map { Array($0.utf8) }
        static let fnWord = Array("fn ".utf8), funcWord = Array("func ".utf8), funWord = Array("fun ".utf8)
        static let derive = Array("#[derive(".utf8), letMut = Array("let mut ".utf8), namespaceWord = Array("namespace ".utf8)
        static let valWord = Array("val ".utf8), requireQuote = Array("require '".utf8), requireDoubleQuote = Array("require \"".utf8)
        static let requireRelative = Array("require_relative ".utf8), moduleWord = Array("module ".utf8), endWord = Array("end".utf8)
        static let fence = Array("```".utf8), tildeFence = Array("~~~".utf8)
        static let referenceLink = Array("]: http".utf8), strong = Array("**".utf8)
        static let rustMacros = ["println!(", "print!(", "eprintln!(", "eprint!(", "format!(", "vec![", "vec!(", "assert!(",
            "assert_eq!(", "assert_ne!(", "debug_assert!(", "panic!(", "macro_rules! ", "write!(", "writeln!(", "todo!(",
            "unimplemented!(", "unreachable!(", "dbg!("].map { Array($0.utf8) }
        static let rustMacroInitials = initials(rustMacros)
        static let returnType = Array("): ".utf8)
        static let visualBasicEnds = ["End Sub", "End Function", "End Module", "End Class", "End Property"].map { Array($0.utf8) }
        static let visualBasicOpeners = ["Module ", "Public Module ", "Class ", "Public Class "].map { Array($0.utf8) }
        static let visualBasicProcedures = ["Sub ", "Function ", "Public Sub ", "Private Sub ", "Public Function ", "Private Function ",
            "Shared Sub ", "Public Shared Sub ", "Protected Sub ", "Friend Sub "].map { Array($0.utf8) }
        static let dimWord = Array("Dim ".utf8), importsWord = Array("Imports ".utf8), spacedAs = Array(" As ".utf8)
        static let slint = ["export component ", "component ", "export global ", "in property <", "out property <",
            "in-out property <", "property <", "callback "].map { Array($0.utf8) }
        static let sparqlQueries = ["SELECT ?", "SELECT DISTINCT ?", "SELECT REDUCED ?", "SELECT * WHERE", "CONSTRUCT {",
            "CONSTRUCT WHERE", "ASK {", "ASK WHERE", "DESCRIBE ?", "DESCRIBE <"].map { Array($0.utf8) }
        static let sparqlClauses = ["PREFIX ", "BASE <", "WHERE {"].map { Array($0.utf8) }
        static let sparqlPrefix = Array("PREFIX ".utf8), colonAngle = Array(": <".utf8)
        static let shellEnds = ["fi", "done", "esac"].map { Array($0.utf8) }
        static let shellTests = ["if [ ", "if [[ ", "elif [ ", "elif [[ ", "while [ ", "while [[ ", "if test ", "until [ "].map { Array($0.utf8) }
        static let semicolonThen = Array("; then".utf8), semicolonDo = Array("; do".utf8), spacedIn = Array(" in".utf8)
        static let forWord = Array("for ".utf8), caseWord = Array("case ".utf8)
        static let shellDeclarations = ["export ", "local ", "readonly "].map { Array($0.utf8) }
        static let shellOptions = ["set -e", "set -eu", "set -euo pipefail", "set -o pipefail", "set -u", "set -x", "set -ex"].map { Array($0.utf8) }
        static let shellInitials = initials(shellEnds + shellTests + [forWord, caseWord] + shellDeclarations + shellOptions)
        static let doubleColon = Array("::".utf8), noWord = Array("no ".utf8), subWord = Array("sub ".utf8)
        static let spacedQw = Array(" qw".utf8), spacedParen = Array(" (".utf8), spacedBrace = Array(" {".utf8), spacedBraceOnly = Array("{".utf8)
        static let perlAlone = ["1;", "__END__", "__DATA__"].map { Array($0.utf8) }
        static let perlPragmas = ["strict", "warnings", "utf8", "lib", "parent", "base", "constant", "vars", "feature", "integer",
            "overload", "bytes", "locale", "open", "subs", "bigint", "autodie", "diagnostics", "version", "experimental"].map { Array($0.utf8) }
        static let perlDeclarations = ["my ", "our ", "local "].map { Array($0.utf8) }
        static let perlInitials = initials(perlAlone + [useWord, noWord, subWord] + perlDeclarations)
        static let letWord = Array("let ".utf8)
        static let vimEnds = ["endif", "endfunction", "endfunc", "endfun", "endwhile", "endfor", "endtry", "enddef", "finish",
            "augroup END"].map { Array($0.utf8) }
        static let vimCommands = ["setlocal ", "syn keyword ", "syn match ", "syn region ", "syn cluster ", "syntax keyword ",
            "syntax match ", "syntax region ", "hi def link ", "hi link ", "hi! link ", "highlight ", "if exists(\"", "if !exists(\"",
            "if has(\"", "function! ", "fun! ", "function s:", "function g:", "command! ", "autocmd ", "augroup ", "scriptencoding ",
            "vim9script", "set cpo&vim", "nnoremap ", "inoremap ", "vnoremap ", "noremap ", "fun s:", "fun g:"].map { Array($0.utf8) }
        static let vimInitials = initials(vimEnds + vimCommands + [letWord, [UInt8(ascii: "\"")]])

        /// For each byte, whether one of `words` starts with it: one lookup rules out most lines.
        static func initials(_ words: [[UInt8]]) -> [Bool] {
            (0..<256).map { byte in words.contains { $0.first == UInt8(byte) } }
        }
        static let inherits = Array(" inherits ".utf8), exportGlobal = Array("export global ".utf8)
        static let importType = Array("import type ".utf8), exportInterface = Array("export interface ".utf8)
        static let interfaceWord = Array("interface ".utf8), constructorWord = Array("constructor(".utf8)
        static let memberModifiers = ["private ", "public ", "protected ", "static ", "readonly ", "declare "].map { Array($0.utf8) }
        static let typeScriptTypes = ["string", "number", "boolean", "any", "unknown", "void", "never", "bigint", "symbol", "object"]
            .map { Array($0.utf8) }
        static let sqlStatements = ["CREATE TABLE ", "CREATE INDEX ", "CREATE VIEW ", "CREATE UNIQUE INDEX ", "INSERT INTO ",
            "ALTER TABLE ", "DROP TABLE ", "SELECT ", "DELETE FROM ", "create table ", "insert into ", "alter table "].map { Array($0.utf8) }
        static let sqlSelect = Array("SELECT ".utf8), sqlFrom = Array(" FROM ".utf8), colonSpace = Array(": ".utf8)
        static let blockWords = ["struct ", "union ", "enum ", "class ", "else", "do ", "try ", "if ", "for ", "while ", "switch ",
            "function ", "return ", "namespace ", "interface ", "impl ", "fn ", "func ", "fun ", "def ", "object ", "module ",
            "type ", "record ", "trait ", "extension ", "protocol ", "export ", "const ", "let ", "var "]
            .map { Array($0.utf8) }
        static let labelWords = ["default", "case", "public", "private", "protected", "return", "goto"].map { Array($0.utf8) }
        static let doSuffix = Array(" do".utf8), subclassArrow = Array(" < ".utf8), spacedEquals = Array(" = ".utf8)
    }

    /// Whether `line` begins with `prefix`.
    @inline(__always)
    static func begins(_ line: ArraySlice<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count else { return false }
        var index = line.startIndex
        for byte in prefix {
            if line[index] != byte { return false }
            index += 1
        }
        return true
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// Whether the text's first statement, after comments, is JavaScript's strict-mode directive
    /// (ECMA-262, 11.2.1): the string literal `'use strict'` or `"use strict"`. Perl's pragma is a
    /// bare word (`use strict;`), which shared-mime-info's Perl rule also matches anywhere.
    static func startsWithStrictDirective(_ body: ArraySlice<UInt8>) -> Bool {
        guard let rest = afterComments(body) else { return false }
        for quote in ["'", "\""] where rest.starts(with: "\(quote)use strict\(quote)".utf8) {
            let after = rest.dropFirst(12).first
            return after == nil || after == UInt8(ascii: ";") || after == 0x0A || after == 0x0D
        }
        return false
    }

    /// The text after leading white space and C-style comments (`//` lines, `/* ... */` blocks);
    /// nil when a block comment does not end.
    static func afterComments(_ body: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var index = body.startIndex
        while index < body.endIndex {
            let rest = body[index...]
            if [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) {
                index += 1
            } else if rest.starts(with: "//".utf8) {
                index = rest.firstIndex(of: 0x0A) ?? body.endIndex
            } else if rest.starts(with: "/*".utf8) {
                guard let end = rest.dropFirst(2).indices.first(where: { rest[$0...].starts(with: "*/".utf8) }) else { return nil }
                index = end + 2
            } else {
                break
            }
        }
        return body[index...]
    }

    static let interpreters: [String: String] = [
        "sh": "public.shell-script", "dash": "public.shell-script", "ash": "public.shell-script",
        "bash": "public.bash-script", "zsh": "public.zsh-script", "ksh": "public.ksh-script",
        "mksh": "public.ksh-script", "csh": "public.csh-script", "tcsh": "public.tcsh-script",
        "python": "public.python-script", "perl": "public.perl-script", "ruby": "public.ruby-script",
        "php": "public.php-script", "node": "com.netscape.javascript-source", "nodejs": "com.netscape.javascript-source",
        "deno": "com.microsoft.typescript-source", "bun": "com.netscape.javascript-source",
        "lua": "org.lua.lua-script", "pwsh": "com.microsoft.powershell-script", "make": "public.make-source",
        "osascript": "com.apple.applescript.text", "swift": "public.swift-source", "awk": "org.opengroup.awk-script",
        "gawk": "org.gnu.gawk-script", "nawk": "com.github.onetrueawk.nawk-script", "mawk": "org.opengroup.awk-script",
        "tclsh": "public.script", "wish": "public.script", "fish": "com.fishshell.fish-script", "nu": "sh.nushell.nu-script",
        "Rscript": "public.script", "julia": "public.script", "elixir": "public.script", "sed": "org.gnu.sed-script",
    ]

    /// The script type named by a `#!` line: the interpreter's name, past `env` and its options,
    /// without a version suffix (`python3.12` is python; but `python2.7` is Python 2).
    static func shebang(_ text: Substring) -> (String, String)? {
        let line = text.dropFirst(2).prefix { $0 != "\n" && $0 != "\r" }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        var program = String(words.removeFirst().split(separator: "/").last ?? "")
        if program == "env" {
            words.removeAll { $0.hasPrefix("-") || $0.contains("=") }
            guard let first = words.first else { return nil }
            program = first
        }
        var name = program
        while let last = name.last, last.isNumber || last == "." { name.removeLast() }
        // Python 2 is a language of its own (print statements, str as bytes): `python2`, `python2.7`.
        if name == "python", program.dropFirst(6).hasPrefix("2") { return ("org.python.python2-script", "\(program) script") }
        guard let identifier = interpreters[name] ?? interpreters[program] else {
            return ("public.script", "\(program) script")
        }
        return (identifier, "\(program) script")
    }

    /// XML dialects by their root element, and HTML.
    static func markup(_ text: Substring) -> (String, String)? {
        let head = String(text.prefix(4096))
        let lower = head.lowercased()
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") { return ("public.html", "HTML document") }
        let isXML = lower.hasPrefix("<?xml")
        guard isXML || lower.hasPrefix("<!doctype") || lower.hasPrefix("<") else { return nil }
        guard let root = rootElement(head) else {
            return isXML ? ("public.xml", "XML document") : nil
        }
        switch root.lowercased() {
        case "plist": return ("com.apple.xml-property-list", "XML property list")
        case "svg": return ("public.svg-image", "SVG image")
        // An html root in XHTML's namespace, or after an XML declaration (a document written
        // to be parsed as XML, as libxml2's and DocBook's stylesheets write them): XHTML.
        case "html": return isXML || lower.contains("xmlns=\"http://www.w3.org/1999/xhtml\"") ? ("public.xhtml", "XHTML document")
            : ("public.html", "HTML document")
        case "rss": return ("public.rss", "RSS feed")
        case "collada": return ("org.khronos.collada.digital-asset-exchange", "COLLADA scene")
        default: return isXML || lower.hasPrefix("<!doctype") ? ("public.xml", "XML document") : nil
        }
    }

    /// The name of the first element that is not a declaration, comment or processing instruction.
    static func rootElement(_ text: String) -> String? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!") {
                if rest.hasPrefix("!--"), let end = endOfComment(rest) {
                    rest = rest[end...]
                } else if let end = rest.firstIndex(of: ">") {
                    rest = rest[rest.index(after: end)...]
                } else {
                    return nil
                }
                continue
            }
            let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            let local = name.split(separator: ":").last.map(String.init) ?? String(name)
            return local.isEmpty ? nil : local
        }
        return nil
    }

    /// The index just past the `-->` that closes a comment, if the text holds one.
    static func endOfComment(_ text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("-->") { return text.index(index, offsetBy: 3) }
            index = text.index(after: index)
        }
        return nil
    }

    /// A SubRip file: a cue number on the first line, a `-->` timing line with commas next.
    static func isSubRip(_ body: ArraySlice<UInt8>) -> Bool {
        let lines = body.prefix(200).split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count >= 2 else { return false }
        let number = lines[0].filter { $0 != 0x0D && $0 != 0x20 }
        guard !number.isEmpty, number.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return contains(Array(" --> ".utf8), in: lines[1]) && lines[1].contains(UInt8(ascii: ","))
    }

    /// CSV or TSV: at least two complete lines with the same number (at least one) of the
    /// delimiter outside quotes. A truncated last line is not counted; lines that end like code
    /// or prose (`;`, braces, sentence punctuation) rule out commas and semicolons.
    static func delimiterSeparated(_ body: ArraySlice<UInt8>, isComplete: Bool) -> (String, String)? {
        // Most text has no delimiter in its first line, and then no sample needs splitting.
        let firstLine = body.drop(while: { $0 == 0x0A }).prefix(while: { $0 != 0x0A })
        guard count(0x09, in: firstLine) >= 1 || count(UInt8(ascii: ","), in: firstLine) >= 1
            || count(UInt8(ascii: ";"), in: firstLine) >= 2
        else { return nil }
        // The first 200 lines are the sample; the rest of the body stays unsplit.
        var lines = body.split(separator: 0x0A, maxSplits: 200, omittingEmptySubsequences: true)
        if lines.count == 201 {
            lines.removeLast()
        } else if !isComplete && !lines.isEmpty {
            lines.removeLast()
        }
        guard lines.count >= 2 else { return nil }
        let sample = lines[...]
        let looksLikeCode = sample.contains { line in
            guard let last = line.last(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
            return Array(";{}.!?:".utf8).contains(last)
        }
        for (delimiter, minimum, identifier, description) in [
            (UInt8(0x09), 1, "public.tab-separated-values-text", "tab-separated values"),
            (UInt8(ascii: ","), 1, "public.comma-separated-values-text", "comma-separated values"),
            (UInt8(ascii: ";"), 2, "public.comma-separated-values-text", "semicolon-separated values"),
        ] where !(looksLikeCode && delimiter != 0x09) {
            guard let first = sample.first.map({ count(delimiter, in: $0) }), first >= minimum else { continue }
            if sample.allSatisfy({ count(delimiter, in: $0) == first }) { return (identifier, description) }
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack`: memchr(3) for its first byte, memcmp(3) for the
    /// rest, on the bytes themselves rather than through a generic collection search.
    static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                let base = hay.baseAddress!
                let last = hay.count - pin.count
                var start = 0
                while start <= last {
                    guard let found = memchr(base + start, Int32(first), last - start + 1) else { return false }
                    let index = found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
                    if memcmp(base + index, pin.baseAddress!, pin.count) == 0 { return true }
                    start = index + 1
                }
                return false
            }
        }
    }

    private static func count(_ delimiter: UInt8, in line: ArraySlice<UInt8>) -> Int {
        var quoted = false
        var total = 0
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() } else if byte == delimiter && !quoted { total += 1 }
        }
        return total
    }
}

/// A JSON syntax check over a prefix of a file: enough to tell JSON from text that merely starts
/// with a brace, without building values.
enum JSONScanner {
    /// Formats defined by the shape of a JSON object, told by its top-level members (in the
    /// prefix read): GeoJSON (RFC 7946: `type` is a GeoJSON type), HAR (the HTTP Archive draft:
    /// one `log` object), CycloneDX (`bomFormat` "CycloneDX"), SPDX 2 (`spdxVersion` "SPDX-…")
    /// and Jupyter notebooks (nbformat: `nbformat` and `cells` or `metadata`).
    static func shape(_ text: ArraySlice<UInt8>) -> (String, String, Bool)? {
        guard let members = topLevelMembers(text), !members.isEmpty else { return nil }
        func value(_ key: String) -> String?? { members.first { $0.key == key }.map { $0.value } }
        let geometry: Set<String> = [
            "FeatureCollection", "Feature", "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon",
            "MultiPolygon", "GeometryCollection",
        ]
        if let type = value("type"), let name = type, geometry.contains(name),
            value("features") != nil || value("geometry") != nil || value("coordinates") != nil || value("geometries") != nil
        {
            return ("public.geojson", "GeoJSON", false)
        }
        if members.first?.key == "log", case .some(nil) = value("log") { return ("org.w3.har", "HTTP archive", false) }
        if value("bomFormat") == .some("CycloneDX") { return ("org.cyclonedx.bom-json", "CycloneDX bill of materials", false) }
        if let version = value("spdxVersion"), version?.hasPrefix("SPDX-") == true { return ("org.spdx.json", "SPDX document", false) }
        if value("nbformat") != nil, value("cells") != nil || value("metadata") != nil {
            return ("org.jupyter.notebook", "Jupyter notebook", false)
        }
        return nil
    }

    /// The members of a top-level JSON object, in order, each with its value when that is a
    /// string or a number (nil for objects, arrays and literals), as far as `text` goes; nil when
    /// the text is not an object. At most 256 members.
    static func topLevelMembers(_ text: ArraySlice<UInt8>) -> [(key: String, value: String?)]? {
        var position = text.startIndex
        let end = text.endIndex
        func skipSpace() {
            while position < end, [0x20, 0x09, 0x0A, 0x0D].contains(text[position]) { position += 1 }
        }
        func string() -> String? {  // at the opening quote
            position += 1
            var bytes: [UInt8] = []
            while position < end {
                let byte = text[position]
                position += 1
                if byte == UInt8(ascii: "\\") {
                    if position < end { bytes.append(text[position]); position += 1 }
                } else if byte == UInt8(ascii: "\"") {
                    return String(decoding: bytes, as: UTF8.self)
                } else {
                    bytes.append(byte)
                }
            }
            return nil
        }
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
        skipSpace()
        guard position < end, text[position] == UInt8(ascii: "{") else { return nil }
        position += 1
        var members: [(key: String, value: String?)] = []
        while members.count < 256 {
            skipSpace()
            guard position < end, text[position] == UInt8(ascii: "\""), let key = string() else { break }
            skipSpace()
            guard position < end, text[position] == UInt8(ascii: ":") else { break }
            position += 1
            skipSpace()
            guard position < end else { members.append((key, nil)); break }
            switch text[position] {
            case UInt8(ascii: "\""):
                members.append((key, string()))
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // Skip the nested value, strings included.
                var depth = 0
                var inString = false
                while position < end {
                    let byte = text[position]
                    position += 1
                    if inString {
                        if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                }
                members.append((key, nil))
            default:
                let start = position
                while position < end, !",} \t\r\n".utf8.contains(text[position]) { position += 1 }
                let word = String(decoding: text[start..<position], as: UTF8.self)
                members.append((key, word.first.map { $0 == "-" || $0.isNumber } == true ? word : nil))
            }
            skipSpace()
            guard position < end, text[position] == UInt8(ascii: ",") else { break }
            position += 1
        }
        return members
    }

    enum Verdict { case json, lines, invalid }

    static func classify(_ text: ArraySlice<UInt8>, isComplete: Bool) -> Verdict {
        let bytes = Array(text)
        var scanner = Scanner(bytes: bytes)
        switch scanner.document() {
        case .complete where scanner.atEnd(): return .json
        case .truncated where !isComplete: return .json
        default: break
        }
        // Newline-delimited JSON: every complete line is one value.
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        if !isComplete && !lines.isEmpty { lines.removeLast() }
        guard lines.count >= 2 else { return .invalid }
        for line in lines {
            var lineScanner = Scanner(bytes: Array(line))
            guard case .complete = lineScanner.document(), lineScanner.atEnd() else { return .invalid }
        }
        return .lines
    }

    enum Result { case complete, truncated, invalid }

    struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func document() -> Result {
            skipSpace()
            return value()
        }

        mutating func atEnd() -> Bool {
            skipSpace()
            return position >= bytes.count
        }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func value() -> Result {
            guard position < bytes.count else { return .truncated }
            switch bytes[position] {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func container(close: UInt8, keyed: Bool) -> Result {
            depth += 1
            guard depth < 512 else { return .invalid }
            defer { depth -= 1 }
            position += 1
            skipSpace()
            guard position < bytes.count else { return .truncated }
            if bytes[position] == close { position += 1; return .complete }
            while true {
                skipSpace()
                if keyed {
                    guard position < bytes.count else { return .truncated }
                    guard bytes[position] == UInt8(ascii: "\"") else { return .invalid }
                    let key = string()
                    guard case .complete = key else { return key }
                    skipSpace()
                    guard position < bytes.count else { return .truncated }
                    guard bytes[position] == UInt8(ascii: ":") else { return .invalid }
                    position += 1
                    skipSpace()
                }
                let item = value()
                guard case .complete = item else { return item }
                skipSpace()
                guard position < bytes.count else { return .truncated }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == close { position += 1; return .complete }
                return .invalid
            }
        }

        mutating func string() -> Result {
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\\") { position += 2; continue }
                if byte == UInt8(ascii: "\"") { position += 1; return .complete }
                if byte < 0x20 { return .invalid }
                position += 1
            }
            return .truncated
        }

        mutating func literal(_ word: String) -> Result {
            for expected in word.utf8 {
                guard position < bytes.count else { return .truncated }
                guard bytes[position] == expected else { return .invalid }
                position += 1
            }
            return .complete
        }

        mutating func number() -> Result {
            let start = position
            while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
            guard position > start else { return .invalid }
            let first = bytes[start]
            return (first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39)) ? .complete : .invalid
        }
    }
}

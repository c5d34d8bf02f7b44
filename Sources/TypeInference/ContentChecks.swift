import FileAccess
import UniformTypes

/// The names and summaries of uti's own content checks, in the order they run (the manual lists
/// them from here).
package enum ContentCheckOrder {
    /// The binary checks: name and summary.
    package static var binary: [(name: String, summary: String)] { ContentChecks.binaryChecks.map { ($0.name, $0.summary) } }
    /// The text checks: name and summary.
    package static var text: [(name: String, summary: String)] { ContentChecks.textChecks.map { ($0.name, $0.summary) } }
}

/// uti's own content checks that its rule language (`OwnRules`, shared-mime-info's) cannot
/// express: executables found through the MZ header's pointer, CPython's bytecode magic numbers,
/// Windows Media and Matroska audio by their stream descriptions (`MediaContainers`), zip
/// containers by their entries, and text formats. Each returns a type identifier and a
/// description, or nil to leave libmagic's answer. Each check declares the specification it
/// follows, its examples and its counterexamples (`Check`); ContentCheckExampleTests walks them,
/// and ContentCheckTests the fixtures listed in Fixtures/files/README.md.
///
/// One file per family: this one holds the two registries of named checks (`binaryChecks`,
/// `textChecks`), whose order is their precedence, and their entry points (`binary`, `text`);
/// `ContentChecks+Executables`, `+Zip`, `+Markup`, `+Documents`, `+Languages` and `+Statements`
/// the checks; `TextStructures`, `CameraRaw`, `MediaContainers` and `JSONScanner`
/// the structural readers they call.
@_spi(Fuzzing) public enum ContentChecks {
    /// The languages whose files a `#!` line runs: a script line over their statements is that script.
    static let interpretedLanguages: Set<ScriptLanguage> = [.python, .ruby, .perl, .shell, .javaScript, .typeScript]

    /// How much of a text file the format checks read.
    static let textPrefix = 8 * 1024

    /// What a check found: a type identifier, a description, and whether it is a guess (weak)
    /// that a text type from the name overrides.
    typealias Finding = (identifier: String, description: String, isWeak: Bool)

    /// One of uti's own content checks, by name: `identify --explain` and the record's
    /// `evidence.content.check` say which one decided, and `uti identify --help` lists them in
    /// the order they run, which is their precedence (the first that finds a type decides).
    ///
    /// Each check declares itself as SwiftLint's rules do: the specification it follows, examples
    /// it must decide (with the type it must name) and counterexamples it must leave alone; a
    /// test walks them all (`ContentCheckExampleTests`) and refuses a check without both.
    struct Check<Sample>: Sendable {
        /// The check's name, in `--explain` and the JSON record.
        let name: String
        /// What it reads, in a few words, for the manual.
        let summary: String
        /// The specification it follows: a standard, a manual page, or the program whose output
        /// it reads.
        let specification: String
        /// Content this check must decide, each with the type it must name. Made when asked (the
        /// tests ask), not when the registry is: a one-shot identify pays nothing for them.
        var examples: [Example] { makeExamples() }
        /// Content it must not decide (another check may, or none).
        var counterexamples: [Example] { makeCounterexamples() }
        let run: @Sendable (Sample) -> Finding?
        private let makeExamples: @Sendable () -> [Example]
        private let makeCounterexamples: @Sendable () -> [Example]

        init(
            name: String, summary: String, specification: String, examples: @autoclosure @escaping @Sendable () -> [Example],
            counterexamples: @autoclosure @escaping @Sendable () -> [Example], run: @escaping @Sendable (Sample) -> Finding?
        ) {
            self.name = name
            self.summary = summary
            self.specification = specification
            makeExamples = examples
            makeCounterexamples = counterexamples
            self.run = run
        }
    }

    /// A check's example: text written from the specification, bytes laid out by it, or a fixture
    /// made by a real tool (a path under `Fixtures/`), with the type the check must name (nil for
    /// a counterexample).
    struct Example: Sendable {
        /// Where the example's content comes from.
        enum Source: Sendable {
            case text(String)
            case bytes([UInt8])
            case fixture(String)
        }

        let source: Source
        let identifier: String?

        static func text(_ text: String, _ identifier: String? = nil) -> Example { Example(source: .text(text), identifier: identifier) }
        static func bytes(_ bytes: [UInt8], _ identifier: String? = nil) -> Example { Example(source: .bytes(bytes), identifier: identifier) }
        static func fixture(_ path: String, _ identifier: String? = nil) -> Example { Example(source: .fixture(path), identifier: identifier) }

        /// A PE image laid out by Microsoft's PE format specification: an MZ stub whose e_lfanew
        /// (0x3C) points at 0x40, the signature `PE\0\0`, an x86-64 COFF header with one section,
        /// and `characteristics` (0x2000: a DLL; 0x0002: an executable image).
        static func portableExecutable(characteristics: UInt16) -> [UInt8] {
            var image = [UInt8](repeating: 0, count: 0x80)
            image[0] = 0x4D
            image[1] = 0x5A
            image[0x18] = 0x40  // the relocation table past the DOS header: a new header follows
            image[0x3C] = 0x40
            image.replaceSubrange(0x40..<0x44, with: [0x50, 0x45, 0, 0])
            image.replaceSubrange(0x44..<0x48, with: [0x64, 0x86, 0x01, 0x00])  // machine, sections
            image[0x56] = UInt8(characteristics & 0xFF)
            image[0x57] = UInt8(characteristics >> 8)
            return image
        }

        /// A DOS executable by the MS-DOS header alone: its relocation table at 0x1C (before 0x40),
        /// so no new header follows.
        static func dosExecutable() -> [UInt8] {
            var image = [UInt8](repeating: 0, count: 0x40)
            image[0] = 0x4D
            image[1] = 0x5A
            image[0x18] = 0x1C
            return image
        }

        /// A new-style executable header behind an MZ stub (`NE` or `LX` at e_lfanew).
        static func newExecutable(_ signature: String) -> [UInt8] {
            var image = portableExecutable(characteristics: 0)
            image.replaceSubrange(0x40..<0x44, with: Array(signature.utf8) + [0, 0])
            return image
        }
    }

    /// The bytes a binary check reads: the head of the file, and the zip central directory
    /// read from its end, on demand.
    struct BinarySample {
        let head: [UInt8]
        let tail: () -> ZipDirectory?
    }

    /// The binary checks, in precedence order.
    static let binaryChecks: [Check<BinarySample>] = [
        Check(
            name: "python-bytecode", summary: "CPython's bytecode magic numbers",
            specification: "CPython: importlib/_bootstrap_external.py (MAGIC_NUMBER and the releases' numbers), PEP 552 (the flags word)",
            examples: [
                .fixture("files/hello.pyc", "org.python.bytecode"),
                .bytes([0x55, 0x0D, 0x0D, 0x0A, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 8), "org.python.bytecode"),
            ],
            counterexamples: [.bytes([0x0A, 0x0D, 0x0D, 0x0A, 0x1C, 0, 0, 0] + [UInt8](repeating: 0, count: 8)), .fixture("files/hello.com")]
        ) { pythonBytecode($0.head).map { ($0.0, $0.1, false) } },
        Check(
            name: "windows-dll", summary: "a PE image whose characteristics say DLL",
            specification: "Microsoft PE Format: the COFF header's Characteristics, IMAGE_FILE_DLL (0x2000)",
            examples: [.bytes(Example.portableExecutable(characteristics: 0x2022), "com.microsoft.windows-dynamic-link-library")],
            counterexamples: [.bytes(Example.portableExecutable(characteristics: 0x0022))]
        ) {
            isWindowsDLL($0.head) ? ("com.microsoft.windows-dynamic-link-library", "Windows DLL", false) : nil
        },
        Check(
            name: "mz-executable", summary: "the MZ header's pointer to a PE, NE or LX header",
            specification: "the MS-DOS EXE header (e_lfarlc, e_lfanew) and the NE and LX headers it points to",
            examples: [
                .bytes(Example.dosExecutable(), "com.microsoft.dos-executable"), .bytes(Example.newExecutable("NE"), "com.microsoft.ne-executable"),
                .bytes(Example.newExecutable("LX"), "com.ibm.lx-executable"),
            ],
            counterexamples: [.bytes(Example.portableExecutable(characteristics: 0x0022)), .text("MZ is not enough")]
        ) { mzExecutable($0.head).map { ($0.0, $0.1, false) } },
        Check(
            name: "asf-streams", summary: "Windows Media by its stream properties: video, or audio only",
            specification: "Microsoft ASF Specification: the Stream Properties Object's stream type GUIDs",
            examples: [.fixture("files/clip.wmv", "com.microsoft.windows-media-wmv"), .fixture("files/tone.wma", "com.microsoft.windows-media-wma")],
            counterexamples: [.fixture("files/tone.mka")]
        ) { sample in
            guard let streams = MediaContainers.asfStreams(sample.head) else { return nil }
            if streams.video { return ("com.microsoft.windows-media-wmv", "Windows Media video", false) }
            return streams.audio ? ("com.microsoft.windows-media-wma", "Windows Media audio", false) : nil
        },
        Check(
            name: "matroska-audio", summary: "Matroska whose tracks are audio only",
            specification: "RFC 9559 (Matroska): the EBML DocType and the Tracks element's TrackType",
            examples: [.fixture("files/tone.mka", "org.matroska.mka")],
            counterexamples: [.fixture("files/clip.mkv"), .fixture("files/clip.webm")]
        ) { sample in
            guard sample.head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), let (docType, streams) = MediaContainers.matroskaStreams(sample.head),
                docType == "matroska", streams.audio, !streams.video
            else { return nil }
            return ("org.matroska.mka", "Matroska audio", false)
        },
        Check(
            name: "zip-container",
            summary:
                "a zip by its central directory: OOXML by the main part in [Content_Types].xml; OpenDocument, EPUB and the other packages that define a stored mimetype entry; then by entry names in the order of Catalog/package-rules.json: APK, app bundles, IPA, Keynote, Firefox add-ons, WAR, JAR, wheels, NuGet, NumPy archives, pass bundles, compressed AMF",
            specification:
                "PKWARE APPNOTE (the central directory), ECMA-376 Part 2 (OPC), OASIS OpenDocument 1.3 Part 2, EPUB OCF 3.3, and the packages of Catalog/package-rules.json",
            examples: [
                .fixture("files/letter.docx", "org.openxmlformats.wordprocessingml.document"), .fixture("files/letter.odt", "org.oasis-open.opendocument.text"),
                .fixture("files/book.epub", "org.idpf.epub-container"), .fixture("files/Hello.jar", "com.sun.java-archive"),
            ],
            counterexamples: [.fixture("files/photo.png")]
        ) { sample in
            guard sample.head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || sample.head.starts(with: [0x50, 0x4B, 0x05, 0x06]) else { return nil }
            let (identifier, description) = zipContainer(head: sample.head, directory: sample.tail())
            return (identifier, description, false)
        },
        // Text but for its labels' ETX, which libmagic calls data.
        Check(
            name: "hpgl-binary", summary: "HP-GL with ETX-terminated labels, which make it no text",
            specification: "the HP 7475A's HP-GL and device-control instructions (ESC . letter ... :), PCL 5's ESC % n B and HP-GL/2's command syntax",
            examples: [.fixture("files/plot.hpgl", "org.freedesktop.mime.application.vnd.hp-hpgl")],
            counterexamples: [
                .bytes([0x1B, 0x2E, 0x59] + Array("PACKAGE".utf8)), .bytes(Array("\u{1B}%1BPACKAGE\u{3}".utf8)), .fixture("files/photo.png"),
            ]
        ) { sample in
            // Without a label's ETX, which makes it no text, the text check's (hpgl).
            guard let first = sample.head.first, first == 0x1B || (0x41...0x7A).contains(first) else { return nil }
            let bytes = sample.head.prefix(textPrefix)
            return isHPGL(bytes, isComplete: sample.head.count < textPrefix) && bytes.contains(0x03) ? hpglAnswer : nil
        },
    ]

    /// The checks that read a structure and find it consistent (a zip's central directory, a PE
    /// or LX header through the MZ stub's pointer, a stream table, JSON parsed in full): their
    /// answers are verified; the others' are signatures, or weak where they guess.
    static let verifyingChecks: Set<String> = [
        "zip-container", "mz-executable", "windows-dll", "asf-streams", "matroska-audio", "camera-raw", "json", "mime-html",
    ]

    /// How much a check's finding weighs (`Candidate.Strength`).
    static func strength(ofCheck check: String, isWeak: Bool) -> Candidate.Strength {
        if isWeak || check == "plain-text" || check == "language-hint" { return .weak }
        return verifyingChecks.contains(check) ? .verified : .signature
    }

    /// The binary formats uti recognizes by itself, with a description and the check that found
    /// it; nil leaves it to libmagic.
    static func binary(head: [UInt8], tail: () -> ZipDirectory?) -> (identifier: String, description: String, check: String)? {
        withoutActuallyEscaping(tail) { tail in
            let sample = BinarySample(head: head, tail: tail)
            for check in binaryChecks {
                if let found = check.run(sample) { return (found.identifier, found.description, check.name) }
            }
            return nil
        }
    }

    /// What a text check reads: the first 8 KiB as UTF-8 (decoded from UTF-16 or Latin-1 where
    /// that is the encoding), the text after a byte-order mark and leading white space (`body`),
    /// and what several checks share, worked out once.
    final class TextSample {
        /// The bytes read, undecoded.
        let head: [UInt8]
        /// Whether the text is ASCII or UTF-8 (`head` is then the text itself).
        let isUTF8: Bool
        /// Whether `head` is the whole file.
        let isComplete: Bool
        /// Whether the first 8 KiB are the whole file.
        let prefixComplete: Bool
        /// The first 8 KiB as UTF-8.
        let bytes: [UInt8]
        /// Where the text starts in `bytes` (and in `head`, for UTF-8).
        let start: Int

        init(head: [UInt8], encoding: String, isComplete: Bool) {
            self.head = head
            isUTF8 = encoding == "us-ascii" || encoding == "utf-8"
            bytes =
                isUTF8
                ? Array(head.prefix(textPrefix)) : Array(TextEncodings.decode(head.prefix(textPrefix)[...], encoding: encoding).utf8)
            self.isComplete = isComplete
            prefixComplete = isComplete && head.count <= textPrefix
            var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
            self.start = start
        }

        /// The text after a byte-order mark and leading white space, in the first 8 KiB.
        var body: ArraySlice<UInt8> { bytes[start...] }

        /// Whether the text begins with `text`.
        func begins(_ text: String) -> Bool { body.starts(with: text.utf8) }

        /// Which of the line-structured formats the first lines that say something allow
        /// (`TextStructures.Openings`): most text allows none, and pays for one line's scan.
        lazy var openings = TextStructures.Openings(body)

        /// The first 200 lines, for the line-structured formats.
        lazy var lines: [Substring] = leadingLines(body, limit: 200, omittingEmpty: false).map { Substring(decoding: $0, as: UTF8.self) }
    }

    /// A text format's fixed opening (`Catalog/text-openings.json`): the text a file of it starts
    /// with, compared with or without case, and the type and description it gives.
    struct Opening: Sendable {
        let text: String
        let ignoringCase: Bool
        let type: String
        let description: String

        func opens(_ body: ArraySlice<UInt8>) -> Bool {
            guard ignoringCase else { return body.starts(with: text.utf8) }
            func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
            return body.count >= text.utf8.count && zip(body, text.utf8).allSatisfy { folded($0) == folded($1) }
        }
    }

    /// A check that decides by the first of `openings` the text starts with.
    static func openingCheck(
        name: String, summary: String, specification: String, openings: [Opening], examples: @autoclosure @escaping @Sendable () -> [Example],
        counterexamples: @autoclosure @escaping @Sendable () -> [Example]
    ) -> Check<TextSample> {
        Check(name: name, summary: summary, specification: specification, examples: examples(), counterexamples: counterexamples()) { sample in
            openings.first { $0.opens(sample.body) }.map { ($0.type, $0.description, false) }
        }
    }

    /// The text checks, in precedence order.
    static let textChecks: [Check<TextSample>] =
        [
            Check(
                name: "interpreter-line", summary: "a #! line: its interpreter, or the statements after a line that names none",
                specification: "POSIX exec (a #! line names the interpreter), and Catalog/interpreters.json",
                examples: [.fixture("files/hello.sh", "public.shell-script"), .text("#!/usr/bin/env python3\nprint(1)\n", "public.python-script")],
                counterexamples: [.text("# not a shebang\nprint(1)\n")]
            ) { sample in
                guard sample.begins("#!"), let script = shebang(String(decoding: sample.body.prefix(512), as: UTF8.self)[...]) else { return nil }
                // An interpreter uti does not know (or a line that names none: `#!/usr/bin env
                // python`): a script, of the scripting language its statements are, if they say one.
                if script.0 == "public.script", let language = scriptLanguage(sample.body), interpretedLanguages.contains(language) {
                    return (language.type.0, language.type.1, false)
                }
                return (script.0, script.1, false)
            },
            Check(
                name: "pem-label", summary: "PEM by its RFC 7468 label",
                specification: "RFC 7468 (textual encodings of PKIX structures), and OpenSSL's older labels",
                examples: [.fixture("files/cert.pem", "org.ietf.pem-certificate"), .fixture("files/key.pem", "org.ietf.pem-private-key")],
                counterexamples: [.text("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBF\n-----END PGP PUBLIC KEY BLOCK-----\n")]
            ) { pem($0) },
            Check(
                name: "html-template", summary: "HTML behind Jinja's, Twig's or ASP's tags",
                specification: "Jinja's and Twig's template syntax ({% %}, {{ }}, {# #}), ASP's <% %>, then HTML",
                examples: [.fixture("files/jinja-page", "public.html"), .fixture("files/asp-page", "public.html")],
                counterexamples: [.text("{% not closed\n<html>\n")]
            ) { htmlTemplate($0.body) },
            Check(
                name: "markup", summary: "XML by its root element, HTML, XHTML, PHP in HTML",
                specification: "XML 1.0 (the root element and its namespace), the WHATWG HTML standard, XHTML, ISO 16684-1 (XMP's x:xmpmeta)",
                examples: [
                    .fixture("files/data.xml", "public.xml"), .fixture("files/page.html", "public.html"), .fixture("files/drawing.svg", "public.svg-image"),
                    .fixture("files/sidecar.xmp", "com.adobe.xmp"),
                ],
                counterexamples: [.text("<- an arrow, not markup\n"), .text("<x:xmpmeta xmlns:x=\"urn:example\">not XMP's namespace</x:xmpmeta>\n")]
            ) { sample in
                guard sample.begins("<"), let markup = markup(String(decoding: sample.body.prefix(4096), as: UTF8.self)[...]) else { return nil }
                // A page with PHP's processing instruction in it is a PHP template: HTML that
                // only shows PHP code escapes the `<`.
                if markup.0 == "public.html" && contains(Array("<?php".utf8), in: sample.body) { return ("public.php-script", "PHP script", false) }
                return (markup.0, markup.1, false)
            },
            Check(
                name: "netpbm-plain", summary: "plain Netpbm images, P1 to P3",
                specification: "the Netpbm manual pages pbm(5), pgm(5) and ppm(5): the plain formats P1 to P3",
                examples: [.fixture("files/plain.pbm", "public.pbm"), .text("P2\n2 1\n255\n0 255\n", "public.pbm")],
                counterexamples: [.text("P7\nWIDTH 1\n")]
            ) { sample in
                plainNetpbm(sample.body).map { ("public.pbm", "Netpbm \($0) image (plain)", false) }
            },
            Check(
                name: "hpgl", summary: "HP-GL and HP-GL/2 plotter instructions by their syntax",
                specification: "HP's PCL 5 Technical Reference, part II (HP-GL/2 command syntax and groups), and the HP 7475A's HP-GL",
                examples: [
                    .fixture("files/square.hpgl", "org.freedesktop.mime.application.vnd.hp-hpgl"),
                    .text("in;sp1;pa100,100;pd200,100,200,200;pu;\n", "org.freedesktop.mime.application.vnd.hp-hpgl"),
                    // A PCL job that enters HP-GL/2 (ESC % 1 B), initializes and ejects the page.
                    .text("\u{1B}E\u{1B}%1BIN;PG;\u{1B}%0A\u{1B}E", "org.freedesktop.mime.application.vnd.hp-hpgl"),
                ],
                counterexamples: [.text("PACKAGE = uti\nsrcdir = .\n"), .fixture("files/sbom.spdx"), .text("IN SPITE OF IT ALL\n")]
            ) { sample in
                isHPGL(sample.body, isComplete: sample.prefixComplete) ? hpglAnswer : nil
            },
            Check(
                name: "mime-html", summary: "MIME HTML archives, RFC 2557",
                specification: "RFC 2557 (MHTML): a multipart/related message whose root part is HTML",
                examples: [.fixture("files/page.mht", "org.ietf.mhtml")],
                counterexamples: [.fixture("files/message.eml")]
            ) { sample in
                guard TextStructures.mayBeMIMEHeaders(sample.body) else { return nil }
                return TextStructures.mimeHTML(
                    Array(leadingLines(sample.body, limit: 40, omittingEmpty: false).map { Substring(decoding: $0, as: UTF8.self) }))
            },
            Check(
                name: "format-patch", summary: "git format-patch's mailbox by its From line's fixed time stamp",
                specification: "git-format-patch(1): the mailbox's From line with the commit and a fixed date",
                examples: [.fixture("files/greeting.patch", "public.patch-file")],
                counterexamples: [.fixture("files/inbox.mbox")]
            ) {
                isFormatPatch($0.body) ? ("public.patch-file", "patch (git format-patch)", false) : nil
            },
            Check(
                name: "mail", summary: "RFC 5322 messages and RFC 4155 mailboxes by their headers",
                specification: "RFC 5322 (Internet Message Format) and RFC 4155 (the mbox format)",
                examples: [.fixture("files/message.eml", "com.apple.mail.email"), .fixture("files/inbox.mbox", "org.mbox.mailbox")],
                counterexamples: [.text("Subject: one header is not a message\n\nbody\n")]
            ) { mailStructure($0.body) },
        ] + openingChecks + [
            Check(
                name: "postscript", summary: "%!PS, EPSF in its first line",
                specification: "Adobe PostScript Document Structuring Conventions 3.0 (%!PS-Adobe-3.0, EPSF-3.0)",
                examples: [
                    .fixture("files/drawing.eps", "com.adobe.encapsulated-postscript"), .text("%!PS-Adobe-3.0\n%%Pages: 1\nshowpage\n", "com.adobe.postscript"),
                ],
                counterexamples: [.text("%% a TeX comment\n")]
            ) { sample in
                guard sample.begins("%!PS") else { return nil }
                let firstLine = sample.body.prefix { $0 != 0x0A && $0 != 0x0D }
                return contains(Array(" EPSF-".utf8), in: firstLine)
                    ? ("com.adobe.encapsulated-postscript", "Encapsulated PostScript", false)
                    : ("com.adobe.postscript", "PostScript document", false)
            },
            Check(
                name: "json",
                summary: "JSON read in full (trailing commas and comments allowed, as JSONC) and its shape: GeoJSON, a notebook, ...; or JSON lines",
                specification: "RFC 8259 (JSON), JSONC's comments and trailing commas, JSON Lines, and the shapes of Catalog/json-shapes.json",
                examples: [
                    .fixture("files/data.json", "public.json"), .fixture("files/place.geojson", "public.geojson"),
                    .fixture("files/events.ndjson", "public.ndjson"),
                ],
                counterexamples: [.text("{ not: json at all\n")]
            ) { sample in
                guard sample.begins("{") || sample.begins("[") || (sample.begins("/") && JSONScanner.opensAfterComments(sample.body)) else { return nil }
                // JSON is checked in full, UTF-8 beyond the first 8 KiB.
                let whole = sample.prefixComplete || !sample.isUTF8 ? sample.body : sample.head[sample.start...]
                switch JSONScanner.classify(whole, isComplete: sample.isComplete || (sample.prefixComplete && !sample.isUTF8)) {
                case .json: return JSONScanner.shape(whole) ?? ("public.json", "JSON text", false)
                case .lines: return ("public.ndjson", "newline-delimited JSON", false)
                case .invalid: return nil
                }
            },
            Check(
                name: "subrip", summary: "SubRip's numbered cues and their times",
                specification: "SubRip's cue layout: a number, then start --> end times with comma-separated milliseconds",
                examples: [.fixture("files/subs.srt", "com.subrip.srt")],
                counterexamples: [.text("1\n00:00:01.000 --> 00:00:02.000\nWebVTT times, no comma\n")]
            ) {
                isSubRip($0.body) ? ("com.subrip.srt", "SubRip subtitles", false) : nil
            },
            Check(
                name: "strict-directive", summary: "JavaScript's 'use strict' first",
                specification: "ECMA-262: the Use Strict Directive of a script's directive prologue",
                examples: [.text("\"use strict\";\nconsole.log(1)\n", "com.netscape.javascript-source")],
                counterexamples: [.text("\"use strict\" is what the manual says.\n")]
            ) {
                startsWithStrictDirective($0.body) ? ("com.netscape.javascript-source", "JavaScript source", false) : nil
            },
            Check(
                name: "gettext", summary: "msgid lines",
                specification: "GNU gettext manual, PO Files: msgid and msgstr entries",
                examples: [.fixture("files/messages.po", "org.gnu.gettext.po")],
                counterexamples: [.text("msgid without a quote\n")]
            ) { sample in
                sample.begins("msgid \"") || contains(Array("\nmsgid \"".utf8), in: sample.body) ? ("org.gnu.gettext.po", "gettext translation", false) : nil
            },
            Check(
                name: "bibtex", summary: "BibTeX entries: @TYPE{KEY, then field = value",
                specification: "Oren Patashnik, BibTeXing (1988), sections 2 and 3.1; the biblatex manual's entry types",
                examples: [
                    .fixture("files/references.bib", "org.freedesktop.mime.text.x-bibtex"),
                    .text("@InProceedings(hoare1969,\n  author = \"C. A. R. Hoare\",\n  year = 1969)\n", "org.freedesktop.mime.text.x-bibtex"),
                ],
                counterexamples: [.text("@media screen {\n  body { margin: 0; }\n}\n"), .text("@article is how a citation starts.\n")]
            ) { isBibTeX($0.body) ? ("org.freedesktop.mime.text.x-bibtex", "BibTeX database", false) : nil },
            // Before YAML and roff, which read a field list or a `.. ` line as theirs, and before
            // the languages, which read the code a document quotes.
            Check(
                name: "restructuredtext", summary: "reStructuredText by a section title and explicit or inline markup",
                specification: "docutils' reStructuredText Markup Specification: sections, explicit markup blocks, interpreted text, hyperlink references",
                examples: [.fixture("files/guide.rst", "org.freedesktop.mime.text.x-rst")],
                counterexamples: [.text("Notes\n=====\n\nSee [the manual](https://example.com) and **read it**.\n")]
            ) { isReStructuredText($0.body) ? ("org.freedesktop.mime.text.x-rst", "reStructuredText document", true) : nil },
            Check(
                name: "cmake", summary: "CMake listfiles by their command invocations",
                specification: "cmake-language(7) (command invocations, comments) and cmake-commands(7)",
                examples: [.fixture("files/CMakeLists.txt", "org.cmake.cmake-source")],
                counterexamples: [.text("project(demo);\nadd_library(core);\ninstall(core);\n")]
            ) { isCMake($0.body) ? ("org.cmake.cmake-source", "CMake script", true) : nil },
            Check(
                name: "yaml", summary: "YAML 1.2 by its block structure",
                specification: "YAML 1.2.2: block mappings and sequences, the document marker",
                examples: [.fixture("files/config.yaml", "public.yaml")],
                counterexamples: [.text("Dear reader: this is prose.\nIt has a colon: twice.\n")]
            ) { sample in
                sample.openings.yaml && TextStructures.isYAML(sample.lines) ? ("public.yaml", "YAML document", true) : nil
            },
            Check(
                name: "toml-ini", summary: "TOML and INI by their tables, sections and keys",
                specification: "TOML 1.0 (tables, key = value) and the INI convention of [sections]",
                examples: [.fixture("files/config.toml", "io.toml")],
                counterexamples: [.text("[1, 2, 3]\n")]
            ) { sample in
                sample.openings.config ? TextStructures.tomlOrINI(sample.lines) : nil
            },
            Check(
                name: "gnu-assembler", summary: "GNU assembler directives and labels",
                specification: "the GNU assembler manual (as): directives (.text, .globl) and labels",
                examples: [.text("\t.text\n\t.globl main\nmain:\n\tmovl $0, %eax\n\tret\n", "public.assembly-source")],
                counterexamples: [.text(".TH not assembler\n")]
            ) { sample in
                sample.openings.assembler && TextStructures.isGNUAssembler(sample.lines) ? ("public.assembly-source", "assembler source", true) : nil
            },
            Check(
                name: "zig", summary: "Zig's @import and declarations",
                specification: "the Zig language reference: @import and top-level declarations",
                examples: [.fixture("files/hello.zig", "org.ziglang.zig-source")],
                counterexamples: [.text("const x = 1;\n")]
            ) { sample in
                sample.openings.zig && TextStructures.isZig(sample.lines) ? ("org.ziglang.zig-source", "Zig source", true) : nil
            },
            Check(
                name: "tcl", summary: "Tcl's proc and commands",
                specification: "Tcl's manual pages (Tcl.n, proc.n): commands and proc definitions",
                examples: [.fixture("files/hello.tcl", "org.tcl.tcl-script")],
                counterexamples: [.text("proc is a word in prose.\n")]
            ) { sample in
                sample.openings.tcl && TextStructures.isTcl(sample.lines) ? ("org.tcl.tcl-script", "Tcl script", true) : nil
            },
            Check(
                name: "mdoc", summary: "mdoc(7)'s prologue",
                specification: "mdoc(7): the .Dd, .Dt and .Os prologue",
                examples: [.fixture("files/hello.mdoc.1", "org.gnu.groff.man-page")],
                counterexamples: [.fixture("files/macros.tmac")]
            ) { sample in
                sample.openings.roff && TextStructures.isMdoc(sample.lines) ? ("org.gnu.groff.man-page", "mdoc manual page", false) : nil
            },
            Check(
                name: "roff", summary: "roff requests",
                specification: "roff(7) and groff(7): requests and macros at a line's start",
                examples: [.fixture("files/macros.tmac", "org.gnu.groff.troff"), .fixture("files/licensed-macros.tmac", "org.gnu.groff.troff")],
                counterexamples: [.text(". a sentence that starts with a dot\n")]
            ) { sample in
                sample.openings.roff && TextStructures.isRoff(sample.lines) ? ("org.gnu.groff.troff", "troff document", false) : nil
            },
            // A guess: a man page or a document may quote a diff (a rule above the default priority,
            // a man page's .TH, outranks it).
            Check(
                name: "diff", summary: "the output of POSIX diff -u and -c",
                specification: "POSIX diff: the unified (-u) and context (-c) output formats",
                examples: [.fixture("files/change.diff", "public.patch-file")],
                counterexamples: [.text("*** emphasis, not a context diff ***\n")]
            ) { isDiff($0.body) ? ("public.patch-file", "unified diff", true) : nil },
            Check(
                name: "c-family", summary: "C, C++ and Objective-C by a first directive, or declarations then main",
                specification: "ISO C and C++ (preprocessing directives, a main function), Objective-C's #import and @interface",
                examples: [
                    .fixture("files/hello.c", "public.c-source"), .fixture("files/hello.h", "public.c-header"),
                    .fixture("files/hello.cpp", "public.c-plus-plus-source"),
                ],
                counterexamples: [.text("# a shell comment\necho hi\n")]
            ) { sample in
                cFamily(sample.body).map { ($0.0, $0.1, true) }
            },
            Check(
                name: "makefile", summary: "make's rules, recipes and macro definitions",
                specification: "POSIX make: rules, tab-indented recipes, macro definitions",
                examples: [.fixture("files/Makefile", "public.make-source")],
                counterexamples: [.text("all: the words\n\tindented prose\n")]
            ) {
                isMakefile($0.body) ? ("public.make-source", "Makefile", true) : nil
            },
            // The languages read 8 KiB of code: strings that close in the head do not use it up.
            Check(
                name: "script-language",
                summary:
                    "Python, Java, Go, Rust, C#, Swift, Kotlin, Lua, Ruby, Perl, Vim script, Visual Basic, TypeScript, Slint, SQL, SPARQL, CSS, PowerShell, shell or Fortran, by statements only that language writes so (how many of which decide: Catalog/languages.json)",
                specification:
                    "each language's reference, by the statements Catalog/languages.json lists (its own examples and counterexamples are tested with it)",
                examples: [
                    .fixture("files/python-noext", "public.python-script"),
                    .text("require 'json'\n\nclass Greeter\n  def hello\n    puts 'hi'\n  end\nend\n", "public.ruby-script"),
                ],
                counterexamples: [.text("A letter of plain prose.\nNothing here is code.\n")]
            ) { sample in
                scriptLanguage(sample.isUTF8 ? sample.head[sample.start...] : sample.body).map { ($0.type.0, $0.type.1, true) }
            },
            Check(
                name: "module-of-exports", summary: "a whole file of JavaScript exports",
                specification: "CommonJS (module.exports, exports.NAME) and ECMA-262 export declarations",
                examples: [.text("module.exports = { answer: 42 };\n", "com.netscape.javascript-source")],
                counterexamples: [.text("module.exports is how a CommonJS module exports.\n")]
            ) { sample in
                sample.prefixComplete && isModuleOfExports(sample.body) ? ("com.netscape.javascript-source", "JavaScript source", true) : nil
            },
            Check(
                name: "minified-script", summary: "minified JavaScript",
                specification: "ECMA-262 as minifiers write it: one long line of function expressions and statements",
                examples: [
                    .text("!function(){" + String(repeating: "var a=function(b){return b+1};a(2);", count: 40) + "}();", "com.netscape.javascript-source")
                ],
                counterexamples: [.text(String(repeating: "var is a word. ", count: 80))]
            ) {
                isMinifiedScript($0.body) ? ("com.netscape.javascript-source", "JavaScript source (minified)", true) : nil
            },
            Check(
                name: "todo-list", summary: "todo.txt priorities and tags",
                specification: "todo.txt's format (github.com/todotxt/todo.txt): (A) priorities, +projects, @contexts",
                examples: [.fixture("files/tasks.txt", "com.todotxt.todo-list")],
                counterexamples: [.text("(A) a list\nwith one marked line\n")]
            ) { isTodoList($0.body) ? ("com.todotxt.todo-list", "todo.txt task list", true) : nil },
            Check(
                name: "markdown", summary: "Markdown headings with links, fences or emphasis",
                specification: "CommonMark 0.31: ATX headings, links, fenced code, emphasis",
                examples: [.text("# Notes\n\nSee [the manual](https://example.com/manual) and *read it*.\n\n```\nmake\n```\n", "net.daringfireball.markdown")],
                counterexamples: [.text("# a comment\nx = 1\n")]
            ) {
                isMarkdown($0.body) ? ("net.daringfireball.markdown", "Markdown document", true) : nil
            },
            Check(
                name: "delimited", summary: "CSV and TSV by their columns",
                specification: "RFC 4180 (CSV) and IANA's text/tab-separated-values",
                examples: [.fixture("files/table.csv", "public.comma-separated-values-text"), .fixture("files/table.tsv", "public.tab-separated-values-text")],
                counterexamples: [.text("One sentence, with a comma.\nAnother, with one too.\n")]
            ) { sample in
                delimiterSeparated(sample.body, isComplete: sample.prefixComplete).map { ($0.0, $0.1, true) }
            },
        ]

    /// A text format read from the first bytes, by the first of `textChecks` that finds one:
    /// its type, description, whether it is a guess (weak), and the check's name. Works on bytes.
    @_spi(Fuzzing) public static func text(
        _ head: [UInt8], encoding: String, isComplete: Bool
    ) -> (identifier: String, description: String, isWeak: Bool, check: String)? {
        let sample = TextSample(head: head, encoding: encoding, isComplete: isComplete)
        for check in textChecks {
            if let found = check.run(sample) { return (found.identifier, found.description, found.isWeak, check.name) }
        }
        return nil
    }

    /// PEM by its label: RFC 7468's, and the older ones OpenSSL and others still write; a PGP
    /// armor is no PEM.
    static func pem(_ sample: TextSample) -> Finding? {
        guard sample.begins("-----BEGIN "), !sample.begins("-----BEGIN PGP ") else { return nil }
        for label in ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE", "CA CERTIFICATE"] where sample.begins("-----BEGIN \(label)-----") {
            return ("org.ietf.pem-certificate", "PEM certificate", false)
        }
        if sample.begins("-----BEGIN X509 CRL-----") { return ("org.ietf.pem-crl", "PEM certificate revocation list", false) }
        let firstLine = sample.body.prefix { $0 != 0x0A }
        if contains(Array("PRIVATE KEY-----".utf8), in: firstLine) {
            return ("org.ietf.pem-private-key", "PEM private key", false)
        }
        // RFC 7468's other labels, and OpenSSL's for PKCS #1 public keys and key parameters.
        for (labels, identifier, description) in pemLabels where labels.contains(where: { sample.begins("-----BEGIN \($0)-----") }) {
            return (identifier, description, false)
        }
        return ("org.ietf.pem", "PEM-encoded data", false)
    }

    /// An HTML page written for a template engine: Jinja's, Django's, Twig's and Nunjucks's
    /// statements, expressions and comments (`{% extends "page.html" %}`, `{{ title }}`, `{# #}`),
    /// or the server pages' code blocks of ASP, JSP and ERB (`<% ... %>`), before HTML that
    /// decides as `markup` would; or a `{% ... %}` statement that opens a page (extends, block,
    /// load, include, import, macro, set, if) and three HTML elements in its first 200 lines,
    /// as the page the engine renders has. libmagic calls these HTML too. A guess (weak): a
    /// template's own name (`.twig`) says more.
    static func htmlTemplate(_ body: ArraySlice<UInt8>) -> (String, String, Bool)? {
        guard let first = body.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "<"), body.count > 2 else { return nil }
        // HTML's comments may come between the tags (`<!-- #include file="x" -->`).
        let delimiters: [(open: [UInt8], close: [UInt8])] = [("{%", "%}"), ("{{", "}}"), ("{#", "#}"), ("<%", "%>"), ("<!--", "-->")].map {
            (Array($0.0.utf8), Array($0.1.utf8))
        }
        var rest = body.prefix(textPrefix)
        var tags = 0
        while let tag = delimiters.first(where: { begins(rest, $0.open) }) {
            guard let end = firstRange(of: tag.close, in: rest.dropFirst(tag.open.count))?.upperBound else { return nil }
            rest = rest[end...].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if tag.open.count == 2 { tags += 1 }
        }
        guard tags > 0 else { return nil }
        if rest.first == UInt8(ascii: "<"), let markup = markup(String(decoding: rest.prefix(4096), as: UTF8.self)[...]), markup.0 == "public.html" {
            return ("public.html", "HTML template", true)
        }
        let lines = leadingLines(body, limit: 200, omittingEmpty: true).map { Substring(decoding: $0, as: UTF8.self) }
        let opening = lines[0].drop { $0 == " " || $0 == "\t" }
        guard opening.hasPrefix("{% ") || opening.hasPrefix("{%- ") else { return nil }
        let statement = opening.drop { $0 == "{" || $0 == "%" || $0 == "-" || $0 == " " }.prefix { $0.isLetter }
        guard ["extends", "block", "load", "include", "import", "from", "macro", "set", "if"].contains(statement) else { return nil }
        var elements = 0
        for line in lines {
            for tag in htmlElementOpenings where line.contains(tag) { elements += 1 }
            if elements >= 3 { return ("public.html", "HTML template", true) }
        }
        return nil
    }

    static let htmlElementOpenings = [
        "<div", "<table", "<h1", "<h2", "<h3", "<p>", "<p ", "<a href", "<link ", "<span", "<form", "<ul", "<li",
        "<script", "<style", "<tr", "<td", "<input", "<button", "<img ", "<section",
    ]

    /// A diff in the unified or the context format (POSIX diff, -u and -c: a `--- ` line then a
    /// `+++ ` line then a hunk's `@@ -`; or `*** ` then `--- ` then `***************`), after
    /// whatever a patch's author wrote above it. The lines of code it quotes are no statements.
    static func isDiff(_ body: ArraySlice<UInt8>) -> Bool {
        guard contains(Keyword.newFileLine, in: body) || contains(Keyword.contextSeparator, in: body) else { return false }
        let lines = leadingLines(body, limit: 100, omittingEmpty: false)
        for index in lines.indices.dropLast(2) {
            let (old, new, hunk) = (lines[index], lines[index + 1], lines[index + 2])
            if begins(old, Keyword.oldFile), begins(new, Keyword.newFile), begins(hunk, Keyword.unifiedHunk) { return true }
            if begins(old, Keyword.contextOldFile), begins(new, Keyword.oldFile), hunk.starts(with: Keyword.contextSeparator.dropFirst()) {
                return true
            }
        }
        return false
    }

    /// PEM labels (RFC 7468, 7 to 13; OpenSSL's pem.h for `RSA PUBLIC KEY` and the parameters)
    /// and the types they name, after certificates, CRLs and private keys.
    static let pemLabels: [(labels: [String], identifier: String, description: String)] = [
        (["PUBLIC KEY", "RSA PUBLIC KEY"], "org.ietf.pem-public-key", "PEM public key"),
        (["CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST"], "org.ietf.pem-certificate-request", "PEM certificate request"),
        (["PKCS7", "CMS"], "org.ietf.pem-pkcs7", "PEM PKCS #7 structure"),
        (["DH PARAMETERS", "X9.42 DH PARAMETERS", "EC PARAMETERS", "DSA PARAMETERS"], "org.openssl.pem-parameters", "PEM key parameters"),
    ]

    /// The first `limit` lines of `body` without their line ends (a carriage return too), the
    /// unsplit rest left out; empty lines kept or not.
    static func leadingLines(_ body: ArraySlice<UInt8>, limit: Int, omittingEmpty: Bool) -> [ArraySlice<UInt8>] {
        lines(body, limit: limit, omittingEmpty: omittingEmpty).map { $0.last == 0x0D ? $0.dropLast() : $0 }
    }

    /// The first `limit` pieces of `body` split at line feeds (line ends kept as they are, a
    /// carriage return too), empty ones kept or not: the first `limit` elements of
    /// `body.split(separator: 0x0A, omittingEmptySubsequences: omittingEmpty)`, found with
    /// memchr(3), which every text file's checks ask for several times.
    static func lines(_ body: ArraySlice<UInt8>, limit: Int, omittingEmpty: Bool) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        guard limit > 0 else { return lines }
        body.withUnsafeBufferPointer { buffer in
            var start = 0
            while lines.count < limit {
                var end = buffer.count
                if start < buffer.count, let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) {
                    end = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                }
                if !(omittingEmpty && end == start) { lines.append(body[(body.startIndex + start)..<(body.startIndex + end)]) }
                if end == buffer.count { break }
                start = end + 1
            }
        }
        return lines
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

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        needle.isEmpty || firstRange(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `haystack` (indices of `haystack`): memchr(3) for its rarest
    /// byte in text (`rarity`), memcmp(3) for the whole needle around it, on the bytes themselves
    /// rather than through a generic collection search. A needle's first byte is often common
    /// (a tab, a newline, a space before a keyword), and stopping at each of those cost most of
    /// the search. nil for an empty needle.
    static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        var anchor = 0
        for index in needle.indices where rarity(needle[index]) > rarity(needle[anchor]) { anchor = index }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin -> Range<Int>? in
                let base = hay.baseAddress!
                // The needle starts at most here, and its anchor byte lies `anchor` bytes in.
                let last = hay.count - pin.count
                var start = 0
                while start <= last {
                    guard let found = memchr(base + start + anchor, Int32(pin[anchor]), last - start + 1) else { return nil }
                    let index = found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base) - anchor
                    if memcmp(base + index, pin.baseAddress!, pin.count) == 0 {
                        return (haystack.startIndex + index)..<(haystack.startIndex + index + pin.count)
                    }
                    start = index + 1
                }
                return nil
            }
        }
    }

    /// How rarely a byte occurs in text and source code, roughly: white space least rarely, then
    /// the commonest letters, the other lowercase letters and the commonest punctuation, then
    /// everything else.
    @inline(__always) static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: 0
        case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"), UInt8(ascii: "i"), UInt8(ascii: "n"),
            UInt8(ascii: "s"), UInt8(ascii: "r"):
            1
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"),
            UInt8(ascii: "*"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: ":"):
            2
        default: 3
        }
    }
}

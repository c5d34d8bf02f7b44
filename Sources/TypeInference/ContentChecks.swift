import UniformTypes

/// uti's own content checks that its rule language (`OwnRules`, shared-mime-info's) cannot
/// express: executables found through the MZ header's pointer, CPython's bytecode magic numbers,
/// Windows Media and Matroska audio by their stream descriptions (`MediaContainers`), zip
/// containers by their entries, and text formats. Each returns a type identifier and a
/// description, or nil to leave libmagic's answer. Fixtures proving each are listed in
/// Fixtures/files/README.md and walked by ContentCheckTests.
///
/// One file per family: this one holds the two entry points (`binary`, `text`) in precedence
/// order; `ContentChecks+Executables`, `+Zip`, `+Markup`, `+Documents`, `+Languages` and
/// `+Statements` the checks; `TextStructures`, `CameraRaw`, `MediaContainers` and `JSONScanner`
/// the structural readers they call.
@_spi(Fuzzing) public enum ContentChecks {
    /// The languages whose files a `#!` line runs: a script line over their statements is that script.
    static let interpretedLanguages: Set<ScriptLanguage> = [.python, .ruby, .perl, .shell, .javaScript, .typeScript]

    /// How much of a text file the format checks read.
    static let textPrefix = 8 * 1024

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
            // An interpreter uti does not know (or a line that names none: `#!/usr/bin env
            // python`): a script, of the scripting language its statements are, if they say one.
            if script.0 == "public.script", let language = scriptLanguage(body), Self.interpretedLanguages.contains(language) {
                return (language.type.0, language.type.1, false)
            }
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
            // RFC 7468's other labels, and OpenSSL's for PKCS #1 public keys and key parameters.
            for (labels, identifier, description) in Self.pemLabels where labels.contains(where: { begins("-----BEGIN \($0)-----") }) {
                return (identifier, description, false)
            }
            return ("org.ietf.pem", "PEM-encoded data", false)
        }
        if let page = htmlTemplate(body) { return page }
        if begins("<"), let markup = markup(String(decoding: body.prefix(4096), as: UTF8.self)[...]) {
            // A page with PHP's processing instruction in it is a PHP template: HTML that
            // only shows PHP code escapes the `<`.
            if markup.0 == "public.html" && contains(Array("<?php".utf8), in: body) { return ("public.php-script", "PHP script", false) }
            return (markup.0, markup.1, false)
        }
        if let kind = plainNetpbm(body) { return ("public.pbm", "Netpbm \(kind) image (plain)", false) }
        if TextStructures.mayBeMIMEHeaders(body),
            let archive = TextStructures.mimeHTML(Array(leadingLines(body, limit: 40, omittingEmpty: false).map { Substring(decoding: $0, as: UTF8.self) }))
        {
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
        // A guess: a man page or a document may quote a diff (a rule above the default priority,
        // a man page's .TH, outranks it).
        if isDiff(body) { return ("public.patch-file", "unified diff", true) }
        if let family = cFamily(body) { return (family.0, family.1, true) }
        if isMakefile(body) { return ("public.make-source", "Makefile", true) }
        // The languages read 8 KiB of code: strings that close in the head do not use it up.
        if let language = scriptLanguage(isUTF8 ? head[start...] : body) { return (language.type.0, language.type.1, true) }
        if prefixComplete, isModuleOfExports(body) { return ("com.netscape.javascript-source", "JavaScript source", true) }
        if isMinifiedScript(body) { return ("com.netscape.javascript-source", "JavaScript source (minified)", true) }
        if isTodoList(body) { return ("com.todotxt.todo-list", "todo.txt task list", true) }
        if isMarkdown(body) { return ("net.daringfireball.markdown", "Markdown document", true) }
        if let delimited = delimiterSeparated(body, isComplete: prefixComplete) { return (delimited.0, delimited.1, true) }
        return nil
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
        var lines = body.split(separator: 0x0A, maxSplits: limit, omittingEmptySubsequences: omittingEmpty)
        if lines.count > limit { lines.removeLast() }
        return lines.map { $0.last == 0x0D ? $0.dropLast() : $0 }
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

    /// Where `needle` first occurs in `haystack` (indices of `haystack`): memchr(3) for its first
    /// byte, memcmp(3) for the rest, on the bytes themselves rather than through a generic
    /// collection search. nil for an empty needle.
    static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin -> Range<Int>? in
                let base = hay.baseAddress!
                let last = hay.count - pin.count
                var start = 0
                while start <= last {
                    guard let found = memchr(base + start, Int32(first), last - start + 1) else { return nil }
                    let index = found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
                    if memcmp(base + index, pin.baseAddress!, pin.count) == 0 {
                        return (haystack.startIndex + index)..<(haystack.startIndex + index + pin.count)
                    }
                    start = index + 1
                }
                return nil
            }
        }
    }
}

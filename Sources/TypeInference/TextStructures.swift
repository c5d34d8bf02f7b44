/// Text formats told by their structure, each from its specification, line by line over the
/// first 8 KiB: configuration languages (YAML, TOML, INI), GNU assembler, Zig and Tcl source, mdoc
/// and roff, and MIME HTML archives. Each decides on statements of its own kind, never on one
/// token, and most of a file's lines must fit; a file that mixes in other lines stays plain text.
enum TextStructures {
    /// Which of these formats a text can be, from how it starts: each format can only start in
    /// a few ways, so the first lines that say something decide which checks are worth reading
    /// the text for (`ContentChecks.textChecks` runs them in its order).
    struct Openings {
        var yaml = false, config = false, assembler = false, zig = false, tcl = false, roff = false

        /// The openings of `body` (text after any BOM and leading blank lines).
        init(_ body: ArraySlice<UInt8>) {
            let leading = firstContentLines(body, count: 3)
            guard let first = leading.first else { return }
            yaml = leading.contains { line in
                startsWithKey(line, separator: UInt8(ascii: ":")) || line.starts(with: Array("---".utf8))
                    || line.starts(with: Array("%YAML".utf8)) || line.starts(with: Array("- ".utf8))
            }
            config = leading.contains { line in line.first == UInt8(ascii: "[") || startsWithKey(line, separator: UInt8(ascii: "=")) }
            assembler =
                first.first == UInt8(ascii: ".")
                || (first.last == UInt8(ascii: ":") && first.dropLast().allSatisfy { ContentChecks.isIdentifier($0) || $0 == UInt8(ascii: ".") })
                || ["\t.globl", "\t.text", "\t.section", "\n.text", "\n.section"].contains { ContentChecks.contains(Array($0.utf8), in: body) }
            zig = ContentChecks.contains(Array("@import(\"".utf8), in: body)
            tcl = ContentChecks.contains(Array("proc ".utf8), in: body)
            roff = first.first == UInt8(ascii: ".") || first.first == UInt8(ascii: "'")
        }
    }

    /// The first `count` lines that are not blank and not `#` or `;` comments, without their
    /// indentation and line ends, among the first 64 lines.
    static func firstContentLines(_ body: ArraySlice<UInt8>, count: Int) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        var seen = 0
        ContentChecks.forEachTrimmedLine(body) { line in
            seen += 1
            if !(line.first == UInt8(ascii: "#") || line.first == UInt8(ascii: ";")) { found.append(line) }
            return found.count < count && seen < 64
        }
        return found
    }

    /// Whether a line starts with a bare key (letters, digits, `_-.`) and then `separator`
    /// (after optional spaces): `name: value`, `name = value`.
    static func startsWithKey(_ line: ArraySlice<UInt8>, separator: UInt8) -> Bool {
        let key = line.prefix { ContentChecks.isIdentifier($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        guard !key.isEmpty else { return false }
        let rest = line[key.endIndex...].drop { $0 == 0x20 || $0 == 0x09 }
        return rest.first == separator
    }

    /// Whether a MIME header block can start here: a header name and a colon on the first line.
    static func mayBeMIMEHeaders(_ body: ArraySlice<UInt8>) -> Bool {
        let name = body.prefix { ContentChecks.isIdentifier($0) || $0 == UInt8(ascii: "-") }
        return !name.isEmpty && body[name.endIndex...].first == UInt8(ascii: ":")
    }

    /// The lines that say something: not blank, not a comment that starts with `comment`.
    static func content(_ lines: [Substring], comments: [String]) -> [Substring] {
        // By bytes: the blanks and comment markers are ASCII, and the formats define them as
        // characters of their own, not as the start of a grapheme cluster.
        lines.filter { line in
            guard let start = line.utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
            let trimmed = line.utf8[start...]
            return !comments.contains { trimmed.starts(with: $0.utf8) }
        }
    }

    // MARK: MIME HTML (RFC 2557)

    /// A MIME message whose top-level type is multipart/related with an HTML root, as web
    /// browsers save pages (RFC 2557, MHTML): the header block names both.
    static func mimeHTML(_ lines: [Substring]) -> (String, String, Bool)? {
        var headers = ""
        for line in lines.prefix(40) {
            let trimmed = line.trimmingSuffix("\r")
            if trimmed.isEmpty { break }
            headers += trimmed.lowercased() + "\n"
        }
        guard headers.hasPrefix("mime-version:") || headers.contains("\nmime-version:") || headers.hasPrefix("from:"),
            headers.contains("content-type: multipart/related"), headers.contains("text/html")
        else { return nil }
        return ("org.ietf.mhtml", "MIME HTML web archive", false)
    }

    // MARK: YAML 1.2

    /// YAML: a `%YAML` directive, or block structure: `key: value` and `- item` lines, with a
    /// document start (`---`) or a mapping nested under a key, and nearly every line of one of
    /// those shapes (block scalars after `|` or `>` skipped). A mail header or a Debian control
    /// file (`Key: value` with free-text continuation lines) does not nest and does not fit.
    static func isYAML(_ lines: [Substring]) -> Bool {
        if lines[0].hasPrefix("%YAML 1.") { return true }
        let body = content(lines, comments: ["#"])
        guard body.count >= 3 else { return false }
        var fitting = 0
        var mappings = 0
        var nested = false
        var started = false
        var blockIndent: Int?  // inside a block scalar: lines indented deeper than its key
        var previousOpensMapping: Int?  // a `key:` with no value at this indent
        for (position, line) in body.enumerated() {
            // Nine lines in ten must fit: stop once the rest cannot make up for those that did not.
            if (fitting + body.count - position) * 10 < body.count * 9 { return false }
            let indent = line.utf8.prefix { $0 == 0x20 }.count
            if line.first == "\t" { return false }  // YAML indents with spaces only
            if let block = blockIndent {
                if indent > block {
                    fitting += 1
                    continue
                }
                blockIndent = nil
            }
            let text = line.dropFirst(indent).trimmingSuffix("\r")
            if position == 0 && (text == "---" || text.hasPrefix("--- ")) {
                started = true
                fitting += 1
                continue
            }
            if text == "---" || text == "..." {
                fitting += 1
                continue
            }
            var item = text
            if item.hasPrefix("- ") || item == "-" {
                item = item.dropFirst(2).drop { $0 == " " }
                fitting += 1
                if let opener = previousOpensMapping, indent > opener || indent == opener { nested = nested || indent > opener }
                previousOpensMapping = nil
                if item.isEmpty || !holdsColonSpace(item) && !item.hasSuffix(":") { continue }
            }
            guard let (key, value) = mappingEntry(item) else {
                previousOpensMapping = nil
                continue
            }
            // `class Name:` and `def name:` open a Python class or function (a type stub's
            // `class _Reasons:` over `NAME: type` lines), not a mapping whose key has a space.
            if key.hasPrefix("class ") || key.hasPrefix("def ") { return false }
            if item.startIndex == text.startIndex { fitting += 1 }
            mappings += 1
            if let opener = previousOpensMapping, indent > opener { nested = true }
            previousOpensMapping = value.isEmpty ? indent : nil
            if value == "|" || value == ">" || value.hasPrefix("|-") || value.hasPrefix(">-") || value.hasPrefix("|+") || value.hasPrefix(">+") {
                blockIndent = indent
            }
        }
        return mappings >= 2 && (started || nested) && fitting * 10 >= body.count * 9
    }

    /// Whether an unquoted key is a name: a letter, digit or `_` first, then letters, digits and
    /// `_-. /`, not ending in a space. ASCII keys, nearly all of them, are read byte by byte.
    private static func isMappingKey(_ key: Substring) -> Bool {
        guard key.utf8.last != UInt8(ascii: " ") else { return false }
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let first = key.utf8.first, ContentChecks.isIdentifier(first) else { return false }
            return key.utf8.allSatisfy { ContentChecks.isIdentifier($0) || Self.keyPunctuation.contains($0) }
        }
        guard let first = key.first, first.isLetter || first.isNumber || first == "_" else { return false }
        return key.allSatisfy { $0.isLetter || $0.isNumber || "_-. /".contains($0) }
    }

    private static let keyPunctuation: [UInt8] = Array("-. /".utf8)

    /// Whether `: ` occurs in the text (bytes: both are ASCII).
    private static func holdsColonSpace(_ text: Substring) -> Bool {
        zip(text.utf8, text.utf8.dropFirst()).contains { $0 == UInt8(ascii: ":") && $1 == 0x20 }
    }

    /// `key: value` (or `key:`) with a plain or quoted key, as a block mapping writes it.
    static func mappingEntry(_ text: Substring) -> (key: Substring, value: Substring)? {
        let key: Substring
        var rest: Substring
        if let quote = text.first, quote == "\"" || quote == "'" {
            guard let close = text.dropFirst().firstIndex(of: quote) else { return nil }
            key = text[text.index(after: text.startIndex)..<close]
            rest = text[text.index(after: close)...]
        } else {
            guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            key = text[..<colon]
            rest = text[colon...]
            guard isMappingKey(key) else { return nil }
        }
        guard rest.hasPrefix(":") else { return nil }
        rest = rest.dropFirst()
        guard rest.isEmpty || rest.first == " " else { return nil }
        let value = rest.drop { $0 == " " }.trimmingSuffix("\r")
        // A value that is itself `key: value` on one line is not YAML's block style.
        return (key, value.hasPrefix("#") ? "" : value)
    }

    // MARK: TOML 1.0 and INI

    /// TOML: `[table]` headers and `key = value` lines whose every value is a TOML value (a quoted
    /// string, a number, a boolean, a date, an array or an inline table); INI: `[section]`
    /// headers and `key = value` lines whose values are bare text. Nearly every line must be one
    /// of those; a `[Desktop Entry]` file is the database's desktop entry, not INI.
    static func tomlOrINI(_ lines: [Substring]) -> (String, String, Bool)? {
        let body = content(lines, comments: ["#", ";"])
        guard body.count >= 3 else { return nil }
        var sections = 0
        var assignments = 0
        var typed = 0
        var fitting = 0
        var open = 0
        var inValue = false
        for (position, line) in body.enumerated() {
            // Nine lines in ten must fit: stop once the rest cannot make up for those that did not.
            if (fitting + body.count - position) * 10 < body.count * 9 { return nil }
            let text = line.drop { $0 == " " || $0 == "\t" }.trimmingSuffix("\r")
            if inValue, open == 0, text.utf8.count < line.utf8.count, !text.utf8.contains(UInt8(ascii: "=")) {
                // A value that goes on over indented lines (Python's configparser: "Values can
                // also span multiple lines, as long as they are indented deeper than the first
                // line of the value"): INI's, not TOML's.
                fitting += 1
                typed = -1_000
                continue
            }
            inValue = false
            if open > 0 {
                // Inside a multi-line array: elements (values and commas) or its closing bracket.
                open += bracketDepth(text)
                let element = text.hasSuffix(",") ? text.dropLast() : text
                if element.hasPrefix("]") || isTOMLValue(element) { fitting += 1 } else { typed = -1_000 }
                continue
            }
            if text.utf8.first == UInt8(ascii: "["), text.utf8.last == UInt8(ascii: "]"), !text.utf8.contains(UInt8(ascii: "=")) {
                if sections == 0, text.hasPrefix("[Desktop ") || text.hasPrefix("[KDE ") { return nil }
                sections += 1
                fitting += 1
                continue
            }
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = text[..<equals].trimmingSuffix(" ").trimmingSuffix("\t")
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "_-. \"'".contains($0) }), key.first != "\"" || key.last == "\"" else {
                continue
            }
            let value = text[text.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            assignments += 1
            fitting += 1
            inValue = true
            if isTOMLValue(value) {
                typed += 1
                open = max(0, bracketDepth(value))
            }
        }
        guard assignments >= 2, sections >= 1, fitting * 10 >= body.count * 9 else { return nil }
        // TOML has tables: key = value lines alone (a PostgreSQL .control file, a JDK release
        // file) are TOML-shaped but written for their own readers.
        if typed == assignments { return ("io.toml", "TOML document", true) }
        guard sections >= 1 else { return nil }
        return ("com.microsoft.ini", "INI configuration", true)
    }

    /// How many more `[` than `]` the text holds (bytes: both are ASCII).
    private static func bracketDepth(_ text: Substring) -> Int {
        text.utf8.reduce(0) { depth, byte in byte == UInt8(ascii: "[") ? depth + 1 : byte == UInt8(ascii: "]") ? depth - 1 : depth }
    }

    /// A TOML value at the start of `value`: a string, a boolean, a number, a date, an array or an
    /// inline table (TOML 1.0, Values), followed by nothing but a comment.
    static func isTOMLValue(_ value: Substring) -> Bool {
        guard let first = value.first else { return false }
        func endsCleanly(_ rest: Substring) -> Bool {
            let after = rest.drop { $0 == " " || $0 == "\t" }
            return after.isEmpty || after.hasPrefix("#")
        }
        switch first {
        case "\"", "'":
            if value.hasPrefix("\"\"\"") || value.hasPrefix("'''") { return true }
            guard let close = value.dropFirst().firstIndex(of: first) else { return false }
            return endsCleanly(value[value.index(after: close)...])
        case "[":
            return true
        case "{":
            // TOML 1.0: an inline table stays on one line.
            return value.trimmingSuffix("\r").hasSuffix("}") || value.contains("} #")
        default:
            let word = value.prefix { !" \t#".contains($0) }
            if word == "true" || word == "false" { return endsCleanly(value.dropFirst(word.count)) }
            guard let lead = word.first, lead.isNumber || lead == "+" || lead == "-" else { return false }
            return word.allSatisfy { $0.isNumber || "+-._:eExobTZ".contains($0) } && endsCleanly(value.dropFirst(word.count))
        }
    }

    // MARK: GNU assembler

    /// GNU as source: its directives (`.text`, `.globl`, `.section`, `.type`, ...) and labels,
    /// with instruction lines between; two directives of different kinds and most lines fitting.
    static func isGNUAssembler(_ lines: [Substring]) -> Bool {
        let body = content(lines, comments: ["#", "//", ";", "@ "])
        guard body.count >= 4 else { return false }
        var directives = Set<Substring>()
        var fitting = 0
        var instructions = 0
        for line in body {
            let text = line.drop { $0 == " " || $0 == "\t" }.trimmingSuffix("\r")
            let word = text.prefix { !" \t".contains($0) }
            if word.hasPrefix("."), word.count > 1, word.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                if assemblerDirectives.contains(word) { directives.insert(word) }
                fitting += 1
            } else if word.hasSuffix(":"), word.dropLast().allSatisfy({ $0.isLetter || $0.isNumber || "_.$".contains($0) }) {
                fitting += 1
            } else if line.first == "\t" || line.first == " ", let first = word.first, first.isLetter,
                word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }), word.count <= 8
            {
                // An instruction: a mnemonic, then operands (registers, immediates, symbols).
                fitting += 1
                instructions += 1
            }
        }
        return directives.count >= 2 && instructions >= 1 && fitting * 10 >= body.count * 9
    }

    static let assemblerDirectives: Set<Substring> = [
        ".text", ".data", ".bss", ".section", ".globl", ".global", ".type", ".size", ".file", ".align", ".p2align",
        ".byte", ".word", ".long", ".quad", ".ascii", ".asciz", ".string", ".cfi_startproc", ".cfi_endproc", ".ident",
        ".intel_syntax", ".code16", ".code32", ".code64", ".arch", ".syntax", ".thumb", ".arm", ".local", ".comm",
    ]

    // MARK: Zig

    /// Zig: `@import("std")` assigned to a constant, and a function or test declaration
    /// (`pub fn`, `fn name(`, `test "..."`), as the Zig language reference writes them.
    static func isZig(_ lines: [Substring]) -> Bool {
        var imports = 0
        var declarations = 0
        for line in lines {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if (text.hasPrefix("const ") || text.hasPrefix("pub const ")) && text.contains(" = @import(\"") { imports += 1 }
            if text.hasPrefix("pub fn ") || (text.hasPrefix("fn ") && text.contains(") ")) || text.hasPrefix("test \"")
                || text.hasPrefix("export fn ")
            {
                declarations += 1
            }
        }
        return imports >= 1 && declarations >= 1
    }

    // MARK: Tcl

    // MARK: roff (groff(7), mdoc(7))

    /// The request or macro a roff control line calls (`.de`, `'br`, `.TH`), nil for any other
    /// line; a comment (`.\"`) is `\"`.
    static func roffRequest(_ line: Substring) -> Substring? {
        guard let control = line.first, control == "." || control == "'" else { return nil }
        let rest = line.dropFirst().drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("\\\"") { return "\\\"" }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !name.isEmpty, name.count <= 8 else { return nil }
        let after = rest[name.endIndex...].first
        return after == nil || after == " " || after == "\t" || after == "\r" ? name : nil
    }

    /// An mdoc(7) manual page: after comments, the prologue's `.Dd` then `.Dt`, and a `.Sh`
    /// section heading (mdoc(7) requires `.Dd`, `.Dt`, `.Os` first, in order; pages in the wild
    /// omit `.Os`).
    static func isMdoc(_ lines: [Substring]) -> Bool {
        let macros = lines.compactMap(roffRequest).filter { $0 != "\\\"" }
        return macros.count >= 3 && macros[0] == "Dd" && macros[1] == "Dt" && macros.prefix(12).contains("Sh")
    }

    /// A roff document or macro file: most lines that say something are control lines calling
    /// requests groff(7) defines (`.de`, `.ig`, `.nr`, `.ds`, `.if`, `.so`, `.TH`, ...), and at
    /// least three different ones. A list of dotted names (a .gitignore) calls none of them.
    /// The text an `.ig` request ignores (groff(7): input up to a line calling its end macro,
    /// `..` by default; a licence often sits there at the top of a macro file) is not counted.
    static func isRoff(_ lines: [Substring]) -> Bool {
        // The first word of `text`, after blanks.
        func word(_ text: Substring) -> Substring {
            text.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
        }
        var said: [Substring] = []
        var ignoredUntil: Substring?
        for line in lines {
            if let end = ignoredUntil {
                if line.first == "." || line.first == "'", word(line.dropFirst()) == end { ignoredUntil = nil }
                continue
            }
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
            said.append(line)
            if roffRequest(line) == "ig" {
                // `.ig END`: the word after the request's name, else `..`'s `.`.
                let end = word(line.dropFirst().drop { $0 == " " || $0 == "\t" }.dropFirst(2))
                ignoredUntil = end.isEmpty ? "." : end
            }
        }
        guard said.count >= 5 else { return false }
        let requests = said.compactMap(roffRequest).filter { roffRequests.contains(String($0)) }
        return requests.count * 2 >= said.count && Set(requests).count >= 3
    }

    /// Requests of groff(7) and the man(7) macros that open a page; `\"` is a comment line.
    static let roffRequests: Set<String> = [
        "\\\"", "ad", "als", "am", "as", "bp", "br", "ce", "de", "ds", "el", "ev", "fi", "ft", "ie", "if", "ig", "in",
        "ll", "ls", "mso", "na", "ne", "nf", "nh", "nr", "ps", "rm", "rn", "so", "sp", "ta", "ti", "tm", "tr", "vs", "while",
        "TH", "SH", "SS", "PP", "LP", "IP", "TP", "RS", "RE", "B", "I", "BR", "IR",
    ]

    /// Tcl: a `proc name {args} {` definition and Tcl commands (`set name value`, `puts`,
    /// `package require`, `namespace eval`, `foreach`), two kinds at least.
    static func isTcl(_ lines: [Substring]) -> Bool {
        var procs = 0
        var commands = 0
        for line in lines {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("proc "), text.hasSuffix("{"), text.contains(" {") { procs += 1 }
            if text.hasPrefix("package require ") || text.hasPrefix("namespace eval ") || text.hasPrefix("puts ")
                || (text.hasPrefix("set ") && text.split(separator: " ").count >= 3) || (text.hasPrefix("foreach ") && text.hasSuffix("{"))
            {
                commands += 1
            }
        }
        return procs >= 1 && commands >= 1
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}

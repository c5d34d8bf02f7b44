import UniformTypes

/// ContentChecks: text documents by their structure: Markdown, Makefiles, plain Netpbm, mail, todo.txt, SubRip, CSV and TSV.
extension ContentChecks {
    /// Whether text is a Markdown document (CommonMark): a heading, ATX (`## Title`) or setext (a
    /// line of `===` or `---` under a line of text that does not start with the same), and two more of what only Markdown writes: a link or
    /// image (`[text](target)`, `[label]: http...`), a fence (a line of three to five backticks or
    /// tildes and an optional language), strong emphasis (` **word...**`); or two fences and a link. Shell and Python
    /// comments look like headings, hence the second kind of evidence. Read after the language
    /// checks, which give way to a fence.
    static func isMarkdown(_ body: ArraySlice<UInt8>) -> Bool {
        var headings = 0
        var links = 0
        var fences = 0
        var emphasis = 0
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
    /// YAML `key: value` has no tab-indented recipe, Python's `else:` no `$(`. A makefile of
    /// definitions only (an included one, or one whose rules come after the first 8 KiB) is at
    /// least eight macro definitions, three of which expand a macro defined above them with make's
    /// `$(NAME)` (POSIX make, "Macros"; `${NAME}` is the shell's and Java properties' too).
    /// POSIX make's special targets (.PHONY is GNU make's and BSD make's too).
    private static let specialTargets: Set<String> = [
        ".PHONY", ".SUFFIXES", ".DEFAULT", ".PRECIOUS", ".SILENT", ".IGNORE", ".POSIX", ".DELETE_ON_ERROR", ".SECONDARY",
    ]
    /// GNU make's directives, which begin a line of a makefile.
    private static let makeDirectives: Set<String> = [
        "include", "-include", "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "define", "endef", "export", "override", "vpath",
    ]
    private static let makeConditionals: Set<String> = ["ifeq", "ifneq", "ifdef", "ifndef"]
    /// The first bytes of `makeDirectives`.
    private static let directiveInitials: Set<UInt8> = Set(makeDirectives.compactMap { $0.utf8.first })

    static func isMakefile(_ body: ArraySlice<UInt8>) -> Bool {
        // Every makefile this accepts has a recipe (a tab at a line's start) and a `$` or a
        // special target, or GNU make's `endif`. Text without them (nearly all) is not read line
        // by line.
        let recipe = contains([0x0A, 0x09], in: body) && (body.contains(UInt8(ascii: "$")) || contains(Array(".PHONY".utf8), in: body))
        guard recipe || contains(Array("\nendif".utf8), in: body) || contains(Array("$(".utf8), in: body) else { return false }
        var rules = 0
        var recipes = 0
        var recipesWithVariables = 0
        var makeLines = 0
        var otherLines = 0
        var specialTargets = 0
        var conditionals = 0
        var conditionalEnds = 0
        var assignments = 0
        var defined = Set<Substring>()
        var expansions = 0
        var underRule = false
        // A line after one that ends in a backslash continues it (POSIX make: "a backslash-newline
        // ... shall be replaced by a single space"): a macro's value, a rule's prerequisites or a
        // recipe's command, counted with the line it continues.
        var continued = false
        var lastWasMake = false
        var inRecipe = false
        // A target: names, patterns and macro expansions (`$(srcdir)/stamp-po`), and autoconf's
        // `@VAR@` in a Makefile.in.
        func isTargetToken(_ token: Substring) -> Bool {
            var rest = token[...]
            var named = false
            while let first = rest.first {
                if first == "$", let open = rest.dropFirst().first, open == "(" || open == "{" {
                    let close: Character = open == "(" ? ")" : "}"
                    guard let end = rest.firstIndex(of: close) else { return false }
                    let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
                    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_.".contains($0) }) else { return false }
                    rest = rest[rest.index(after: end)...]
                    named = true
                    continue
                }
                guard first.isASCII, first.isLetter || first.isNumber || "_./%+-@".contains(first) else { return false }
                rest = rest.dropFirst()
                named = true
            }
            return named
        }
        let rows = lines(body, limit: 400, omittingEmpty: false)
        for (number, raw) in rows.enumerated() {
            // At most half as many other lines as make's: stop once the rest cannot bring that about.
            if otherLines > (makeLines + rows.count - number) / 2 { return false }
            // A line no other continues, not a recipe, without `:` or `=` and not opening with a
            // directive's initial cannot be make's: counted as another line without decoding it
            // (most lines of the C and shell text that gets this far).
            if !continued, raw.first != 0x09, !raw.contains(UInt8(ascii: ":")), !raw.contains(UInt8(ascii: "=")) {
                let content = raw.last == 0x0D ? raw.dropLast() : raw
                if let first = content.firstIndex(where: { $0 != 0x20 }), content[first] != UInt8(ascii: "#"),
                    !Self.directiveInitials.contains(content[first])
                {
                    inRecipe = false
                    underRule = false
                    lastWasMake = false
                    continued = content.last == UInt8(ascii: "\\")
                    otherLines += 1
                    continue
                }
            }
            var line = String(decoding: raw, as: UTF8.self)
            if line.hasSuffix("\r") { line.removeLast() }
            let continues = continued
            continued = line.hasSuffix("\\")
            let makeBefore = makeLines
            defer { lastWasMake = makeLines > makeBefore }
            if continues {
                // Counted as what it continues: a recipe's next line may hold its variables (a
                // rule's prerequisites may go on too, but they are no recipe).
                guard lastWasMake else {
                    otherLines += 1
                    continue
                }
                makeLines += 1
                if inRecipe, usesMakeVariable(raw) { recipesWithVariables += 1 }
                continue
            }
            inRecipe = false
            if line.hasPrefix("\t") {
                guard underRule else {
                    otherLines += 1
                    continue
                }
                makeLines += 1
                recipes += 1
                inRecipe = true
                if usesMakeVariable(raw) { recipesWithVariables += 1 }
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
                if Self.specialTargets.contains(String(trimmed[..<colon])) {
                    specialTargets += 1
                }
                continue
            }
            let word = trimmed.prefix { $0 != " " && $0 != "\t" }
            if Self.makeDirectives.contains(String(word)) {
                makeLines += 1
                if Self.makeConditionals.contains(String(word)) { conditionals += 1 }
                if word == "endif" { conditionalEnds += 1 }
                continue
            }
            // The `=` as macroName found it, a byte: as a Character it may not be one (`=` and a
            // combining mark after it are one grapheme).
            if let name = macroName(trimmed), let equals = trimmed.utf8.firstIndex(of: UInt8(ascii: "=")) {
                makeLines += 1
                assignments += 1
                let value = trimmed[trimmed.utf8.index(after: equals)...]
                if expandedNames(value).contains(where: { defined.contains($0) }) { expansions += 1 }
                defined.insert(name)
                continue
            }
            otherLines += 1
        }
        guard otherLines <= makeLines / 2 else { return false }
        // Rules with recipes that use make's variables; or rules and a special target, with a
        // recipe; or GNU make's conditionals (ifeq ... endif) around macro definitions, as in an
        // included makefile of definitions.
        return (rules >= 2 && recipesWithVariables >= 1) || (rules >= 2 && specialTargets >= 1 && recipes >= 1)
            || (conditionals >= 1 && conditionalEnds >= 1 && assignments >= 5) || (assignments >= 8 && expansions >= 3)
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

    /// A patch as git format-patch writes it: a mailbox whose From line carries the commit's
    /// object name (40 hexadecimal digits, or 64 in a SHA-256 repository) and the fixed time
    /// stamp git gives every patch, "to indicate that the file is output from format-patch rather
    /// than a real mailbox" (git-format-patch(1), DISCUSSION): `From <name> Mon Sep 17 00:00:00
    /// 2001`. It is a mail too, but a patch first: `git am` applies it, and libmagic calls it a
    /// diff.
    static func isFormatPatch(_ body: ArraySlice<UInt8>) -> Bool {
        guard body.starts(with: "From ".utf8) else { return false }
        let rest = body.dropFirst(5)
        let name = rest.prefix { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
        guard name.count == 40 || name.count == 64 else { return false }
        let stamp = rest[name.endIndex...]
        guard stamp.starts(with: " Mon Sep 17 00:00:00 2001".utf8) else { return false }
        let end = stamp.dropFirst(25).first
        return end == 0x0A || end == 0x0D
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
        let known: Set<String> = [
            "from", "to", "cc", "subject", "date", "message-id", "received", "return-path", "reply-to",
            "in-reply-to", "references", "mime-version", "sender", "bcc",
        ]
        var fields = 0
        var anchors = 0
        var ended = false
        var current: ArraySlice<UInt8>? = line
        while let field = current {
            var text = field
            if text.last == 0x0D { text = text.dropLast() }
            if text.isEmpty {
                ended = true
                break
            }
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

    /// Whether a line uses a macro or an automatic variable (`$(CC)`, `${X}`, `$@`, `$<`, `$^`,
    /// `$*`, `$?`).
    static func usesMakeVariable(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while let dollar = line[index...].firstIndex(of: UInt8(ascii: "$")), dollar + 1 < line.endIndex {
            if makeVariableOpenings.contains(line[dollar + 1]) { return true }
            index = dollar + 1
        }
        return false
    }

    /// What follows `$` in a macro's or an automatic variable's expansion.
    static let makeVariableOpenings = Set("({@<^*?".utf8)

    /// The names a value expands with make's `$(NAME)`.
    static func expandedNames(_ value: Substring) -> [Substring] {
        var names: [Substring] = []
        var rest = value
        while let dollar = rest.firstIndex(of: "$") {
            rest = rest[rest.index(after: dollar)...]
            guard rest.first == "(" else { continue }
            let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || "_.-".contains($0) }
            if rest[name.endIndex...].first == ")" { names.append(name) }
            rest = rest[name.endIndex...]
        }
        return names
    }

    /// The macro a line defines, if it is one: `NAME = value`, `NAME := value`, `NAME ?= value`,
    /// `NAME += value`, `NAME != command`.
    static func macroName(_ line: Substring) -> Substring? {
        guard let equals = line.utf8.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        var end = equals
        while end > line.startIndex, let last = line.utf8[..<end].last, last == 0x20 || last == 0x09 || Self.assignmentMarks.contains(last) {
            end = line.utf8.index(before: end)
        }
        let name = line[..<end]
        guard !name.isEmpty else { return nil }
        // ASCII names, nearly all of them, byte by byte.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.utf8.allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") } ? name : nil
        }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" } ? name : nil
    }

    /// What may stand between a macro's name and its `=`: `?=`, `+=`, `:=`, `::=`, `!=`.
    private static let assignmentMarks: [UInt8] = Array("?+:!".utf8)

    static func isTodoList(_ body: ArraySlice<UInt8>) -> Bool {
        var marked = 0
        var tagged = 0
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

    /// A BibTeX database (Oren Patashnik, "BibTeXing", 1988, section 2): entries written
    /// `@TYPE{KEY,` (or with parentheses) followed by `field = value` pairs, and the `@string`,
    /// `@preamble` and `@comment` commands. BibTeX ignores text outside entries; this asks that
    /// the first line that says something, after `%` comment lines (which JabRef and Zotero
    /// write), open an entry of a type BibTeX or biblatex defines, and that a field follow.
    static func isBibTeX(_ body: ArraySlice<UInt8>) -> Bool {
        var opened = false
        for line in leadingLines(body, limit: 40, omittingEmpty: true) {
            let text = line.drop { $0 == 0x20 || $0 == 0x09 }
            guard let first = text.first else { continue }
            if !opened {
                if first == UInt8(ascii: "%") { continue }
                guard first == UInt8(ascii: "@") else { return false }
                let letters = text.dropFirst().prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
                let type = String(decoding: letters, as: UTF8.self).lowercased()
                let rest = text.dropFirst(1 + letters.count).drop { $0 == 0x20 || $0 == 0x09 }
                guard bibTeXEntryTypes.contains(type), let open = rest.first, open == UInt8(ascii: "{") || open == UInt8(ascii: "(")
                else { return false }
                if ["string", "preamble", "comment"].contains(type) { return true }
                // The citation key, then the comma that ends it.
                let key = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 != UInt8(ascii: ",") && $0 != 0x20 && $0 != 0x09 }
                guard !key.isEmpty, !key.contains(UInt8(ascii: "=")) else { return false }
                opened = true
                continue
            }
            // A field: a name, then `=`.
            let name = text.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
            let after = text.dropFirst(name.count).drop { $0 == 0x20 || $0 == 0x09 }
            return !name.isEmpty && after.first == UInt8(ascii: "=")
        }
        return false
    }

    /// The entry types of BibTeX's standard styles ("BibTeXing", section 3.1) and biblatex's
    /// (its manual, section 2.1), and BibTeX's three commands.
    static let bibTeXEntryTypes: Set<String> = [
        "article", "book", "booklet", "conference", "inbook", "incollection", "inproceedings", "manual", "mastersthesis", "misc",
        "phdthesis", "proceedings", "techreport", "unpublished", "online", "report", "thesis", "collection", "dataset", "software",
        "patent", "periodical", "mvbook", "mvcollection", "mvproceedings", "reference", "suppbook", "suppcollection", "electronic",
        "string", "preamble", "comment",
    ]

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
        guard
            count(0x09, in: firstLine) >= 1 || count(UInt8(ascii: ","), in: firstLine) >= 1
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

    static func count(_ delimiter: UInt8, in line: ArraySlice<UInt8>) -> Int {
        var quoted = false
        var total = 0
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() } else if byte == delimiter && !quoted { total += 1 }
        }
        return total
    }
}

/// ContentChecks: reStructuredText and CMake by their structure.
extension ContentChecks {
    /// The characters docutils recommends for section adornments (the reStructuredText Markup
    /// Specification, Sections: "= - ` : . ' \" ~ ^ _ * + #").
    private static let adornments: Set<UInt8> = Set(Array("=-`:.'\"~^_*+#".utf8))

    /// Whether text is a reStructuredText document (docutils' reStructuredText Markup
    /// Specification): a section title (a line of text, then an underline of one adornment
    /// character repeated, at least three and as long as the title) and either explicit markup
    /// (a directive `.. name::`, a hyperlink target `.. _name:`, a substitution `.. |name|`, a
    /// footnote or citation `.. [label]`) or two of the inline markup only reStructuredText
    /// writes (an interpreted text role `:name:`text``, a hyperlink reference `text`_`). A
    /// setext heading of Markdown is a section title too, hence the second kind of evidence;
    /// a Python docstring holds the same markup, hence no text with triple quotes at a line's
    /// start, or that opens with an interpreter line or a `#` comment.
    static func isReStructuredText(_ body: ArraySlice<UInt8>) -> Bool {
        // Text without a mark of explicit or inline markup is not read line by line.
        guard Keyword.rstMarks.contains(where: { contains($0, in: body) }) else { return false }
        // A shell or Python comment first (`#!`, a licence above a module's docstring) is no
        // reStructuredText, whose comments are explicit markup (a line of `#` is an adornment);
        // nor a header field first (`Metadata-Version: 2.1`): a message or Python's core
        // metadata, whose description may be reStructuredText below the headers. Quotes first
        // are a docstring's, which the loop turns away as on any line.
        if let first = leadingLines(body, limit: 1, omittingEmpty: true).first,
            (first.first == UInt8(ascii: "#") && !first.allSatisfy { $0 == UInt8(ascii: "#") }) || isHeaderField(first)
        {
            return false
        }
        var titles = 0
        var explicit = 0
        var inline = 0
        var previous: ArraySlice<UInt8> = []
        for line in leadingLines(body, limit: 400, omittingEmpty: false) {
            defer { previous = line }
            // A docstring's quotes at a line's start: the text is a program's.
            if begins(line, Keyword.tripleDoubleQuote) || begins(line, Keyword.tripleSingleQuote) { return false }
            if isSectionUnderline(line, under: previous) { titles += 1 }
            if begins(line, Keyword.explicitMarkup), let kind = line.dropFirst(3).first {
                let rest = line.dropFirst(3)
                let name = rest.prefix { isIdentifier($0) || $0 == UInt8(ascii: "-") }
                if kind == UInt8(ascii: "_") || kind == UInt8(ascii: "|") || kind == UInt8(ascii: "[")
                    || (!name.isEmpty && rest[name.endIndex...].starts(with: Keyword.directiveMark))
                {
                    explicit += 1
                }
            }
            inline += rstInlineMarkup(line)
            if titles >= 1 && (explicit >= 1 || inline >= 2) { return true }
        }
        return false
    }

    /// Whether a line is an RFC 5322 header field: a name of letters, digits and hyphens, a colon
    /// and a space.
    private static func isHeaderField(_ line: ArraySlice<UInt8>) -> Bool {
        let name = line.prefix { isIdentifier($0) || $0 == UInt8(ascii: "-") }
        return !name.isEmpty && line[name.endIndex...].starts(with: Keyword.colonSpace)
    }

    /// Whether `line` underlines `title` as a section title: one adornment character repeated,
    /// three or more, no shorter than the title (counted in characters), under a title that
    /// starts with neither a blank nor the same character.
    private static func isSectionUnderline(_ line: ArraySlice<UInt8>, under title: ArraySlice<UInt8>) -> Bool {
        guard line.count >= 3, let mark = line.first, adornments.contains(mark), line.allSatisfy({ $0 == mark }),
            let start = title.first, start != 0x20, start != 0x09, start != mark
        else { return false }
        let characters = title.reduce(0) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
        return line.count >= characters && title.contains { isIdentifier($0) }
    }

    /// How many of reStructuredText's own inline constructs a line holds: interpreted text with
    /// a role (`:ref:`label``) and hyperlink references (`` `text <url>`_ `` or `` `text`_ ``).
    private static func rstInlineMarkup(_ line: ArraySlice<UInt8>) -> Int {
        var found = 0
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: ":"), index + 1 < line.endIndex, (0x61...0x7A).contains(line[index + 1]) {
                // :name:` with a name of letters, digits, hyphens.
                let name = line[(index + 1)...].prefix { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
                let after = name.endIndex
                if after + 1 < line.endIndex, line[after] == UInt8(ascii: ":"), line[after + 1] == UInt8(ascii: "`") {
                    found += 1
                    index = after + 2
                    continue
                }
            } else if byte == UInt8(ascii: "`"), index + 1 < line.endIndex, line[index + 1] == UInt8(ascii: "_"), index > line.startIndex,
                line[index - 1] != UInt8(ascii: "`"), line[index - 1] != 0x20
            {
                found += 1
            }
            index += 1
        }
        return found
    }

    /// The commands of CMake's language (cmake-commands(7)) a listfile opens with or uses most,
    /// which no other language calls so: the project's and targets' commands, and the block ends
    /// that take parentheses (`endif()`).
    private static let cmakeCommands: Set<ArraySlice<UInt8>> = Set(
        [
            "cmake_minimum_required", "cmake_policy", "project", "add_executable", "add_library", "add_subdirectory",
            "add_custom_command", "add_custom_target", "add_definitions", "add_compile_options", "add_test", "target_link_libraries",
            "target_include_directories", "target_compile_definitions", "target_compile_options", "target_sources",
            "set_target_properties", "set_property", "get_property", "get_filename_component", "find_package", "find_library",
            "find_path", "find_program", "include_directories", "link_directories", "include_guard", "configure_file",
            "mark_as_advanced", "install", "endif", "endforeach", "endfunction", "endmacro", "endwhile", "elseif",
        ].map { ArraySlice(Array($0.utf8)) })

    /// Whether text is a CMake listfile (cmake-language(7)): its first line of code a command
    /// invocation (`name(`), and commands only CMake has (`cmake_minimum_required(`,
    /// `add_library(`, `endif()`), three or more of them, at the start of lines; none of its
    /// lines ends a statement or opens a block as the C family does (`;`, `{`).
    static func isCMake(_ body: ArraySlice<UInt8>) -> Bool {
        var commands = 0
        var sawCode = false
        var found = false
        var lines = 0
        forEachTrimmedLine(body) { code in
            lines += 1
            guard lines <= 300 else { return false }
            guard code.first != UInt8(ascii: "#") else { return true }
            if let last = code.last, last == UInt8(ascii: ";") || last == UInt8(ascii: "{") { return false }
            let name = code.prefix(while: isIdentifier)
            let invokes = !name.isEmpty && code[name.endIndex...].drop { $0 == 0x20 }.first == UInt8(ascii: "(")
            // The first line of code decides whether to read on.
            if !sawCode {
                guard invokes else { return false }
                sawCode = true
            }
            if invokes && cmakeCommands.contains(ArraySlice(name.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 })) {
                commands += 1
                if commands >= 3 {
                    found = true
                    return false
                }
            }
            return true
        }
        return found
    }
}

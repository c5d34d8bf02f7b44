import FileAccess
import UniformTypes

/// Text conversions: any encoding to UTF-8, and HTML or RTF to plain text.
@_spi(Fuzzing) public enum TextConversion {
    /// Decodes text without losing any of it: a byte-order mark (UTF-8, UTF-16, UTF-32) decides;
    /// else valid UTF-8 without NUL bytes is kept; else UTF-16 without a mark when it looks like
    /// it; else Windows-1252 (Latin-1 with printable 0x80–0x9F), which maps every byte. Bytes that
    /// are not valid in the encoding so chosen (a lone surrogate, an odd trailing byte) are an
    /// error naming the offset, never dropped or replaced.
    @_spi(Fuzzing) public static func decode(_ bytes: [UInt8], label: String) throws(UTIError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(bytes.dropFirst(3), label: label) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return try utf32(bytes.dropFirst(4), littleEndian: true, label: label) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return try utf32(bytes.dropFirst(4), littleEndian: false, label: label) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), littleEndian: true, label: label) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), littleEndian: false, label: label) }
        // NUL is valid UTF-8, but text with NULs is UTF-16 or UTF-32 without a mark, or not text.
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) { return text }
        if let encoding = TextEncodings.bomlessUTF16(bytes) {
            return try utf16(bytes[...], littleEndian: encoding == "utf-16le", label: label)
        }
        if bytes.contains(0) {
            throw UTIError(.invalidInput, "\(label): is not text in an encoding uti can read without loss (it holds NUL bytes)")
        }
        return String(String.UnicodeScalarView(bytes.map(windows1252)))
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>, label: String) throws(UTIError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UTIError(.invalidInput, "\(label): is marked UTF-8 but is not valid UTF-8")
        }
        return text
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool, label: String) throws(UTIError) -> String {
        guard bytes.count % 2 == 0 else {
            throw UTIError(.invalidInput, "\(label): is not valid UTF-16 (it ends with half a code unit at byte \(bytes.endIndex - 1))")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw UTIError(.invalidInput, "\(label): is not valid UTF-16 (it holds an unpaired surrogate)")
        }
        return text
    }

    /// `bytes` in the encoding their type or byte order mark says, as UTF-8; `label` names them in errors.
    @_spi(Fuzzing) public static func utf8(from bytes: [UInt8], label: String) throws(UTIError) -> [UInt8] {
        Array(try decode(bytes, label: label).utf8)
    }

    private static func utf32(_ bytes: ArraySlice<UInt8>, littleEndian: Bool, label: String) throws(UTIError) -> String {
        guard bytes.count % 4 == 0 else {
            throw UTIError(.invalidInput, "\(label): is not valid UTF-32 (it ends with part of a code unit)")
        }
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let raw = (0..<4).reduce(UInt32(0)) { value, offset in
                let byte = UInt32(bytes[index + (littleEndian ? 3 - offset : offset)])
                return value << 8 | byte
            }
            guard let scalar = Unicode.Scalar(raw) else {
                throw UTIError(.invalidInput, "\(label): is not valid UTF-32 (code point \(raw) at byte \(index))")
            }
            scalars.append(scalar)
            index += 4
        }
        return String(scalars)
    }

    // MARK: HTML

    /// HTML's named character references (`hearts` → ♥), from the generated table.
    static let entities: [String: String] = {
        var table: [String: String] = [:]
        for line in entityTable.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let scalars = fields.dropFirst().compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            table[String(fields[0])] = String(String.UnicodeScalarView(scalars))
        }
        return table
    }()
    static let blockElements: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section", "article",
        "header", "footer", "blockquote", "pre", "hr", "title", "dt", "dd",
    ]

    /// The text of an HTML document: tags removed, script and style contents dropped, entities
    /// decoded, block elements on lines of their own, runs of spaces folded.
    @_spi(Fuzzing) public static func plainText(fromHTML html: String) -> String {
        // One pass over the scalars. Every search ahead (for '>', for "-->") starts where the
        // last one left off or jumps past what it found, so hostile input stays linear.
        let scalars = Array(html.unicodeScalars)
        // An array, grown geometrically: appending to a String.UnicodeScalarView can copy the
        // whole text on each append (quadratic in the number of entities).
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(scalars.count)
        var index = 0
        var nextClose = -1
        func close(after start: Int) -> Int? {
            if nextClose < start { nextClose = scalars[start...].firstIndex(of: ">") ?? scalars.count }
            return nextClose < scalars.count ? nextClose : nil
        }
        func starts(with text: String, at position: Int) -> Bool {
            scalars[position...].starts(with: text.unicodeScalars)
        }
        var skipping: String?
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", index + 1 < scalars.count, startsTag(scalars[index + 1]) {
                if starts(with: "<!--", at: index) {
                    // A comment ends at "-->", or with the document.
                    let body = index + 4
                    var end = body
                    while end < scalars.count, !starts(with: "-->", at: end) { end += 1 }
                    index = min(end + 3, scalars.count)
                    continue
                }
                // A '<' that no '>' closes is text, not the start of a tag.
                guard let close = close(after: index) else {
                    if skipping == nil { output.append(scalar) }
                    index += 1
                    continue
                }
                let tag = scalars[(index + 1)..<close]
                let isEnd = tag.first == "/"
                let name = String(
                    String.UnicodeScalarView(
                        tag.drop { $0 == "/" || $0 == "!" }.prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
                    )
                ).lowercased()
                if let open = skipping {
                    if isEnd && name == open { skipping = nil }
                } else if !isEnd && (name == "script" || name == "style") && tag.last != "/" {
                    skipping = name
                } else if blockElements.contains(name) {
                    output.append("\n")
                }
                index = close + 1
                continue
            }
            if skipping == nil {
                if scalar == "&", let semicolon = scalars[index...].prefix(longestEntity + 2).firstIndex(of: ";"),
                    let decoded = decodeEntity(String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon])))
                {
                    output.append(contentsOf: decoded.unicodeScalars)
                    index = semicolon + 1
                    continue
                }
                output.append(scalar)
            }
            index += 1
        }
        return fold(String(String.UnicodeScalarView(output)))
    }

    /// Whether a '<' followed by `scalar` opens markup (a tag, an end tag, a comment or a
    /// declaration), as HTML's tokenizer decides; otherwise the '<' is text ("a < b").
    private static func startsTag(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "/" || scalar == "!" || scalar == "?"
    }

    /// Longer than any entity name, so that a search for ';' is bounded.
    private static let longestEntity = 32

    private static func decodeEntity(_ entity: String) -> String? {
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
            return UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        }
        if entity.hasPrefix("#") { return UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) } }
        return entities[entity]
    }

    /// Folds spaces within lines and blank lines between them; trims the ends.
    static func fold(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" })
            let folded = words.joined(separator: " ")
            if folded.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(folded)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    // MARK: RTF

    /// Destinations whose contents are not text.
    static let ignoredDestinations: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "header", "footer", "listtable",
        "listoverridetable", "rsidtbl", "generator", "themedata", "colorschememapping", "datastore", "latentstyles",
        "xmlnstbl", "mmathPr", "filetbl", "revtbl", "pgdsctbl",
    ]

    /// The text of an RTF document: control words dropped except paragraph and line breaks and
    /// tabs, `\'hh` read as Windows-1252, `\uN` as Unicode, non-text groups skipped.
    /// Bytes in a Windows or Mac code page as text: 1252 by uti's own table, any other through
    /// iconv(3); a byte sequence the code page does not define becomes U+FFFD, as does a code
    /// page iconv does not know.
    static func decode(_ bytes: [UInt8], codePage: Int) -> String {
        if codePage == 1252 { return String(String.UnicodeScalarView(bytes.map(windows1252))) }
        let name = codePage == 10000 ? "MACINTOSH" : "CP\(codePage)"
        guard let converter = Optional(iconv_open("UTF-8", name)), Int(bitPattern: converter) != -1 else {
            return String(repeating: "\u{FFFD}", count: bytes.count)
        }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
        var text: [UInt8] = []
        var consumed = 0
        while consumed < input.count {
            let (status, read, written): (Int, Int, Int) = input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    var inPointer: UnsafeMutablePointer<CChar>? = source.baseAddress! + consumed
                    var inLeft = source.count - consumed
                    var outPointer: UnsafeMutablePointer<CChar>? = target.baseAddress!
                    var outLeft = target.count
                    let status = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (status, source.count - consumed - inLeft, target.count - outLeft)
                }
            }
            text += output[..<written].map { UInt8(bitPattern: $0) }
            consumed += read
            if status == -1 && consumed < input.count {
                text += Array("\u{FFFD}".utf8)  // undefined or cut short: mark it and go on
                consumed += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The text of an RTF document as UTF-8: groups, control words and code pages read, formatting dropped.
    @_spi(Fuzzing) public static func plainText(fromRTF bytes: [UInt8], label: String) throws(UTIError) -> String {
        guard bytes.starts(with: Array("{\\rtf".utf8)) else {
            throw UTIError(.invalidInput, "\(label): is not RTF (it does not start with {\\rtf)")
        }
        var output = ""
        var skipDepth: Int?
        var depth = 0
        var skipNext = 0
        var fallbackCount = 1
        var fallbackStack: [Int] = []
        var pendingHighSurrogate: UInt32?
        // \'hh bytes (and raw bytes past ASCII) gather here and are decoded together in the
        // document's code page (\ansicpgN; \mac and \pc name others), since one character of a
        // double-byte code page such as 932 is two bytes.
        var codePage = 1252
        var pendingBytes: [UInt8] = []
        func flushBytes() {
            guard !pendingBytes.isEmpty else { return }
            output += Self.decode(pendingBytes, codePage: codePage)
            pendingBytes.removeAll()
        }
        var index = 0
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            let byte = bytes[index]
            let isHexEscape = byte == UInt8(ascii: "\\") && at(1) == UInt8(ascii: "'")
            // Line breaks are not text in RTF, even between the two bytes of one character.
            let isText = byte >= 0x80 && skipDepth == nil && skipNext == 0
            if !isHexEscape && !isText && byte != 0x0A && byte != 0x0D { flushBytes() }
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                fallbackStack.append(fallbackCount)
                if at(1) == UInt8(ascii: "\\"), at(2) == UInt8(ascii: "*"), skipDepth == nil { skipDepth = depth }
                index += 1
            case UInt8(ascii: "}"):
                if skipDepth == depth { skipDepth = nil }
                depth -= 1
                fallbackCount = fallbackStack.popLast() ?? 1
                guard depth >= 0 else { throw UTIError(.invalidInput, "\(label): has an unbalanced }") }
                index += 1
            case UInt8(ascii: "\\"):
                index += 1
                guard let next = at(0) else { break }
                if next == UInt8(ascii: "'") {
                    if index + 2 < bytes.count, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                        if skipDepth == nil && skipNext == 0 { pendingBytes.append(value) }
                        if skipNext > 0 { skipNext -= 1 }
                    }
                    index += 3
                } else if isLetter(next) {
                    var end = index
                    while end < bytes.count, isLetter(bytes[end]) { end += 1 }
                    let word = String(decoding: bytes[index..<end], as: UTF8.self)
                    var numberEnd = end
                    if numberEnd < bytes.count, bytes[numberEnd] == UInt8(ascii: "-") { numberEnd += 1 }
                    while numberEnd < bytes.count, bytes[numberEnd] >= 0x30 && bytes[numberEnd] <= 0x39 { numberEnd += 1 }
                    let parameter = Int(String(decoding: bytes[end..<numberEnd], as: UTF8.self))
                    index = numberEnd
                    if index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                    if ignoredDestinations.contains(word), skipDepth == nil { skipDepth = depth }
                    guard skipDepth == nil else { continue }
                    switch word {
                    case "par", "line", "row", "sect", "page": output += "\n"
                    case "tab", "cell": output += "\t"
                    case "emdash": output += "—"
                    case "endash": output += "–"
                    case "lquote": output += "‘"
                    case "rquote": output += "’"
                    case "ldblquote": output += "“"
                    case "rdblquote": output += "”"
                    case "bullet": output += "•"
                    case "ansicpg":
                        if let parameter, parameter > 0 { codePage = parameter }
                    case "mac": codePage = 10000
                    case "pc": codePage = 437
                    case "pca": codePage = 850
                    case "uc":
                        // How many fallback characters follow each \u (for this group).
                        if let parameter, (0...16).contains(parameter) { fallbackCount = parameter }
                    case "u":
                        // A signed 16-bit UTF-16 code unit; writers also use 0...65535. Anything
                        // else is malformed and becomes U+FFFD rather than a trap or a silent loss.
                        skipNext = fallbackCount
                        guard let parameter, (-32768...65535).contains(parameter) else {
                            output.unicodeScalars.append("\u{FFFD}")
                            continue
                        }
                        let unit = UInt32(parameter < 0 ? parameter + 65536 : parameter)
                        if (0xD800...0xDBFF).contains(unit) {
                            pendingHighSurrogate = unit
                            continue
                        }
                        if (0xDC00...0xDFFF).contains(unit), let high = pendingHighSurrogate {
                            output.unicodeScalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                        } else {
                            output.unicodeScalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                        }
                        pendingHighSurrogate = nil
                    default: break
                    }
                } else {
                    if skipDepth == nil {
                        switch next {
                        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): output.append(Character(Unicode.Scalar(next)))
                        case UInt8(ascii: "~"): output += "\u{A0}"
                        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): output += "\n"
                        default: break
                        }
                    }
                    index += 1
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            default:
                if skipDepth == nil {
                    if skipNext > 0 {
                        skipNext -= 1
                    } else if byte >= 0x80 {
                        pendingBytes.append(byte)
                    } else {
                        output.append(Character(Unicode.Scalar(byte)))
                    }
                }
                index += 1
            }
        }
        flushBytes()
        guard depth == 0 else { throw UTIError(.invalidInput, "\(label): ends inside an RTF group (missing })") }
        return fold(output)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Windows-1252: Latin-1 but for 0x80–0x9F (the five bytes it leaves undefined keep their
    /// Latin-1 meaning, as the WHATWG Encoding Standard maps them).
    static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039,
            0x152, 0x8D, 0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
            0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178,
        ]
        if byte >= 0x80 && byte <= 0x9F { return Unicode.Scalar(high[Int(byte - 0x80)])! }
        return Unicode.Scalar(byte)
    }
}

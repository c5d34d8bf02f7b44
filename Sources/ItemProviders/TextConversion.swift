import TypeInference
import UniformTypes

/// Text conversions: any encoding to UTF-8, and HTML or RTF to plain text.
enum TextConversion {
    /// Decodes text: a byte-order mark (UTF-8, UTF-16, UTF-32) decides; else valid UTF-8 is kept;
    /// else UTF-16 without a mark when it looks like it; else Latin-1, which maps every byte.
    static func decode(_ bytes: [UInt8], label: String) throws(UTIError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return try utf32(bytes.dropFirst(4), littleEndian: true, label: label) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return try utf32(bytes.dropFirst(4), littleEndian: false, label: label) }
        if bytes.starts(with: [0xFF, 0xFE]) { return TextEncodings.decode(bytes.dropFirst(2), encoding: "utf-16le") }
        if bytes.starts(with: [0xFE, 0xFF]) { return TextEncodings.decode(bytes.dropFirst(2), encoding: "utf-16be") }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if let encoding = TextEncodings.bomlessUTF16(bytes) { return TextEncodings.decode(bytes[...], encoding: encoding) }
        return TextEncodings.decode(bytes[...], encoding: "iso-8859-1")
    }

    static func utf8(from bytes: [UInt8], label: String) throws(UTIError) -> [UInt8] {
        Array(try decode(bytes, label: label).utf8)
    }

    private static func utf32(_ bytes: ArraySlice<UInt8>, littleEndian: Bool, label: String) throws(UTIError) -> String {
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            let raw = (0..<4).reduce(UInt32(0)) { value, offset in
                let byte = UInt32(bytes[index + (littleEndian ? 3 - offset : offset)])
                return value << 8 | byte
            }
            guard let scalar = Unicode.Scalar(raw) else {
                throw UTIError(.invalidInput, "\(label): is not valid UTF-32 (code point \(raw))")
            }
            scalars.append(scalar)
            index += 4
        }
        return String(scalars)
    }

    // MARK: HTML

    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»", "eacute": "é", "egrave": "è",
        "agrave": "à", "ccedil": "ç", "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "euro": "€",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "bull": "•", "middot": "·", "times": "×",
    ]
    static let blockElements: Set<String> = [
        "p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section", "article",
        "header", "footer", "blockquote", "pre", "hr", "title", "dt", "dd",
    ]

    /// The text of an HTML document: tags removed, script and style contents dropped, entities
    /// decoded, block elements on lines of their own, runs of spaces folded.
    static func plainText(fromHTML html: String) -> String {
        var output = ""
        var index = html.startIndex
        var skipping: String?
        while index < html.endIndex {
            let character = html[index]
            if character == "<" {
                guard let close = html[index...].firstIndex(of: ">") else { break }
                let tag = html[html.index(after: index)..<close]
                let isEnd = tag.hasPrefix("/")
                let name = tag.drop { $0 == "/" || $0 == "!" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if let open = skipping {
                    if isEnd && name == open { skipping = nil }
                } else if !isEnd && (name == "script" || name == "style") && !tag.hasSuffix("/") {
                    skipping = name
                } else if blockElements.contains(name) {
                    output += "\n"
                }
                index = html.index(after: close)
                continue
            }
            if skipping == nil {
                if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
                    let entity = String(html[html.index(after: index)..<semicolon])
                    if let decoded = decodeEntity(entity) {
                        output += decoded
                        index = html.index(after: semicolon)
                        continue
                    }
                }
                output.append(character)
            }
            index = html.index(after: index)
        }
        return fold(output)
    }

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
    static func plainText(fromRTF bytes: [UInt8], label: String) throws(UTIError) -> String {
        guard bytes.starts(with: Array("{\\rtf".utf8)) else {
            throw UTIError(.invalidInput, "\(label): is not RTF (it does not start with {\\rtf)")
        }
        var output = ""
        var skipDepth: Int?
        var depth = 0
        var skipNext = 0
        var index = 0
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                depth += 1
                if at(1) == UInt8(ascii: "\\"), at(2) == UInt8(ascii: "*"), skipDepth == nil { skipDepth = depth }
                index += 1
            case UInt8(ascii: "}"):
                if skipDepth == depth { skipDepth = nil }
                depth -= 1
                guard depth >= 0 else { throw UTIError(.invalidInput, "\(label): has an unbalanced }") }
                index += 1
            case UInt8(ascii: "\\"):
                index += 1
                guard let next = at(0) else { break }
                if next == UInt8(ascii: "'") {
                    if index + 2 < bytes.count, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                        if skipDepth == nil && skipNext == 0 { output.append(windows1252(value)) }
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
                    case "u":
                        if let parameter, let scalar = Unicode.Scalar(UInt32(parameter < 0 ? parameter + 65536 : parameter)) {
                            output.unicodeScalars.append(scalar)
                            skipNext = 1
                        }
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
                    if skipNext > 0 { skipNext -= 1 } else { output.append(Character(Unicode.Scalar(byte))) }
                }
                index += 1
            }
        }
        guard depth == 0 else { throw UTIError(.invalidInput, "\(label): ends inside an RTF group (missing })") }
        return fold(output)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Windows-1252: Latin-1 but for 0x80–0x9F.
    private static func windows1252(_ byte: UInt8) -> Character {
        let high: [UInt32] = [0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039,
                              0x152, 0x8D, 0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                              0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178]
        if byte >= 0x80 && byte <= 0x9F { return Character(Unicode.Scalar(high[Int(byte - 0x80)])!) }
        return Character(Unicode.Scalar(byte))
    }
}

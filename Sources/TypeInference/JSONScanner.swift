import UniformTypes

/// A JSON syntax check over a prefix of a file: enough to tell JSON from text that merely starts
/// with a brace, without building values.
enum JSONScanner {
    /// The format the shape of a JSON object says (`JSONShape.all`, from
    /// `Catalog/json-shapes.json`: GeoJSON, HAR, CycloneDX, SPDX, Jupyter notebooks), told by
    /// its top-level members in the prefix read.
    static func shape(_ text: ArraySlice<UInt8>) -> (String, String, Bool)? {
        guard let members = topLevelMembers(text), !members.isEmpty else { return nil }
        return JSONShape.all.first { $0.holds(for: members) }.map { ($0.type, $0.description, false) }
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
                    if position < end {
                        bytes.append(text[position])
                        position += 1
                    }
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
            guard position < end else {
                members.append((key, nil))
                break
            }
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

    /// Whether `text`, past leading `//` and `/* */` comments, opens an object or an array: a
    /// JSONC document that starts with a comment (not C or JavaScript, whose code follows).
    static func opensAfterComments(_ text: ArraySlice<UInt8>) -> Bool {
        var scanner = Scanner(bytes: Array(text.prefix(4096)), relaxed: true)
        scanner.skipSpace()
        return scanner.position < scanner.bytes.count && [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(scanner.bytes[scanner.position])
    }

    enum Verdict { case json, lines, invalid }

    static func classify(_ text: ArraySlice<UInt8>, isComplete: Bool) -> Verdict {
        let bytes = Array(text)
        // Strict JSON (RFC 8259), then with the two relaxations configuration files written as
        // JSON commonly use (JSONC: VS Code's settings, tsconfig.json): a comma before a closing
        // bracket, and `//` or `/* */` comments between tokens. Either is a JSON document.
        for relaxed in [false, true] {
            var scanner = Scanner(bytes: bytes, relaxed: relaxed)
            switch scanner.document() {
            case .complete where scanner.atEnd(): return .json
            case .truncated where !isComplete: return .json
            default: continue
            }
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
        /// Whether trailing commas and comments are allowed (JSONC).
        let relaxed: Bool
        var position = 0
        var depth = 0

        init(bytes: [UInt8], relaxed: Bool = false) {
            self.bytes = bytes
            self.relaxed = relaxed
        }

        mutating func document() -> Result {
            skipSpace()
            return value()
        }

        mutating func atEnd() -> Bool {
            skipSpace()
            return position >= bytes.count
        }

        mutating func skipSpace() {
            while position < bytes.count {
                if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
                    position += 1
                } else if relaxed, bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                } else if relaxed, bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    position += 2  // past `*/`, or past the end of a comment the prefix cuts
                } else {
                    return
                }
            }
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
            if bytes[position] == close {
                position += 1
                return .complete
            }
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
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    guard relaxed else { continue }
                    skipSpace()
                    guard position < bytes.count else { return .truncated }
                    if bytes[position] == close {
                        position += 1
                        return .complete
                    }  // a trailing comma
                    continue
                }
                if bytes[position] == close {
                    position += 1
                    return .complete
                }
                return .invalid
            }
        }

        mutating func string() -> Result {
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\\") {
                    position += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return .complete
                }
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

/// A format defined by the shape of a JSON object (`Catalog/json-shapes.json`, generated into
/// `JSONShapes+Generated.swift`): members that must be present, with the values they must have,
/// and members of which one must be.
struct JSONShape: Sendable {
    /// A member that must be present: its string value one of `oneOf` or starting with
    /// `prefix`, or its value no string or number (`structured`: an object, an array, a literal);
    /// `first`: the first member.
    struct Member: Sendable {
        let key: String
        let oneOf: [String]
        let prefix: String?
        let structured: Bool
        let first: Bool
    }

    let type: String
    let description: String
    let members: [Member]
    let anyOf: [String]

    /// Whether an object's top-level members (each with its value when that is a string or a
    /// number) have this shape.
    func holds(for found: [(key: String, value: String?)]) -> Bool {
        for member in members {
            guard let index = found.firstIndex(where: { $0.key == member.key }) else { return false }
            let value = found[index].value
            if member.first && index != found.startIndex { return false }
            if member.structured && value != nil { return false }
            if !member.oneOf.isEmpty && !member.oneOf.contains(where: { $0 == value }) { return false }
            if let prefix = member.prefix, value?.hasPrefix(prefix) != true { return false }
        }
        return anyOf.isEmpty || anyOf.contains { key in found.contains { $0.key == key } }
    }
}

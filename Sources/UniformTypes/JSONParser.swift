/// A strict, bounded JSON reader (RFC 8259) for the documents uti reads: nesting deeper than
/// `Limits.nestingDepth` and duplicate keys are errors, and every error names the line and column
/// (and, for a duplicate key, its JSON path). Linear in the input; allocates only the result.
///
/// A duplicate key is refused because readers disagree on it: uti would keep one value and `jq` or
/// Python another, so a document could show a reviewer one path and make `uti drop` copy another.
struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0

    struct Failure: Error {
        let offset: Int
        let message: String
    }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value of a whole document (a leading UTF-8 byte-order mark is allowed).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipSpace()
        let value = try parser.value(path: "$", depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.fail("unexpected text after the document") }
        return value
    }

    /// "line L, column C" for a byte offset (columns count characters, from 1).
    static func location(of offset: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
        return "line \(line), column \(column)"
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? position, message: message)
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value(path: String, depth: Int) throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw fail("unexpected end of the document") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth + 1)
        case UInt8(ascii: "["): return try array(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected)
        else { throw fail("expected a value") }
        position += expected.count
    }

    private mutating func object(path: String, depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Limits.nestingDepth else { throw fail("nested deeper than uti's nesting-depth limit (\(Limits.nestingDepth))") }
        position += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count else { throw fail("unexpected end of the document inside an object") }
            guard bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let keyStart = position
            let key = try string()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            position += 1
            skipSpace()
            let member = try value(path: Self.member(path, key), depth: depth)
            guard members.updateValue(member, forKey: key) == nil else {
                throw fail("duplicate key \"\(key)\" in \(path)", at: keyStart)
            }
            skipSpace()
            guard position < bytes.count else { throw fail("unexpected end of the document inside an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func array(path: String, depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Limits.nestingDepth else { throw fail("nested deeper than uti's nesting-depth limit (\(Limits.nestingDepth))") }
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(path: "\(path)[\(elements.count)]", depth: depth))
            skipSpace()
            guard position < bytes.count else { throw fail("unexpected end of the document inside an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            throw fail("expected ',' or ']' in an array")
        }
    }

    /// `$.a`, or `$["a b"]` for a key that is not a plain name.
    static func member(_ path: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
            }
        return plain ? "\(path).\(key)" : "\(path)[\(JSONValue.string(key).serialized())]"
    }

    private mutating func string() throws(Failure) -> String {
        let start = position
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ end: Int) throws(Failure) {
            guard runStart < end else { return }
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw fail("a string is not valid UTF-8", at: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flushRun(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("a control character inside a string (escape it)") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            try flushRun(position)
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hex4()
                if (0xD800...0xDBFF).contains(unit) {
                    guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else { throw fail("a lone UTF-16 surrogate in \\u escape") }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone UTF-16 surrogate in \\u escape") }
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else {
                    guard let scalar = Unicode.Scalar(unit) else { throw fail("a lone UTF-16 surrogate in \\u escape") }
                    scalars.append(scalar)
                }
            default:
                throw fail("an unknown escape \\\(Character(Unicode.Scalar(escape)))", at: position - 2)
            }
            runStart = position
        }
        throw fail("a string is not closed", at: start)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - position >= 4 else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x61 + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x41 + 10
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits() > 0 else { throw fail("a number needs digits", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0") && position - integerStart > 1 {
            throw fail("a number must not start with 0", at: start)
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw fail("a number needs digits after '.'", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw fail("a number out of range", at: start) }
        return .double(value)
    }
}

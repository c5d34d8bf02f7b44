#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value with a deterministic serialization: keys sorted, slashes not escaped, absent facts
/// written as `null`. uti's records are built from these so that output is stable for `jq` and
/// diffs; documents (declarations, sessions, destinations) are read into them without a schema so
/// that errors can name the exact place of a problem.
public enum JSONValue: Sendable, Equatable, Decodable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// A string of bytes that need not be UTF-8 (a file name): written as a JSON string whose
    /// valid UTF-8 is as is and whose every other byte B is the escape `\udcBB` (U+DC80 to
    /// U+DCFF, the lone surrogates of PEP 383's surrogateescape), so that no two names print
    /// alike and Python's `os.fsencode(json.loads(...))` gives the bytes back.
    case bytes([UInt8])

    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object, its members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole number.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// null.
    public init(nilLiteral: ()) { self = .null }

    /// Decodes any JSON (or property-list) value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unsupported value")
        }
    }

    /// Parses a JSON document strictly and within `Limits`: a duplicate key, nesting past the
    /// depth limit or a document past the size limit is refused. Errors are one line naming the
    /// source, the line and column, and what is wrong.
    public static func parse(_ bytes: [UInt8], source: String) throws(UTIError) -> JSONValue {
        guard bytes.count <= Limits.documentBytes else {
            throw Limits.exceeded(source, "document-bytes", Limits.documentBytes)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            let location = JSONParser.location(of: error.offset, in: bytes)
            throw UTIError(.invalidInput, "\(source): is not valid JSON: \(location): \(error.message)")
        }
    }

    /// One line about a decoding error, with the underlying parser's position when it gives one.
    public static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let underlying = (context.underlyingError as? CustomStringConvertible)?.description
            return [context.debugDescription, underlying].compactMap { $0 }.joined(separator: ": ")
                .split(whereSeparator: \.isNewline).joined(separator: " ")
        @unknown default:
            return "\(error)"
        }
    }

    /// The members of an object, or nil.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string, or nil.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A string, or `null` when absent.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// A name as bytes: a plain string when they are UTF-8, else `.bytes`.
    public static func name(_ bytes: [UInt8]) -> JSONValue {
        String(validating: bytes, as: UTF8.self).map(JSONValue.string) ?? .bytes(bytes)
    }
    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// The value as JSON text: compact on one line, or indented by two spaces.
    public func serialized(pretty: Bool = false) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output, pretty: pretty, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// A member value for `serializedObject(_:pretty:)`: a value, one already serialized
    /// (`Serialized`), which is copied rather than written again, or an object or array of
    /// members, written as `.object` and `.array` are (keys sorted) without the hashing of a
    /// dictionary: identify builds a few objects per file, and a record's members come in order.
    public indirect enum Member: Sendable {
        case value(JSONValue)
        case serialized(Serialized)
        case object([(key: String, value: Member)])
        case array([Member])

        /// A string, or `null` when absent.
        public static func optional(_ value: String?) -> Member { .value(.optional(value)) }
        /// A string.
        public static func string(_ value: String) -> Member { .value(.string(value)) }
        /// A whole number.
        public static func int(_ value: Int) -> Member { .value(.int(value)) }
        /// null.
        public static let null = Member.value(.null)

        /// Writes the member `indent` levels in (its own members one further).
        fileprivate func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
            switch self {
            case .value(let value): value.write(to: &output, pretty: pretty, indent: indent)
            case .serialized(let serialized): output.append(contentsOf: pretty ? serialized.pretty : serialized.compact)
            case .object(let members):
                // Members given in key order (as the record writes them) are not sorted again.
                let ordered = zip(members, members.dropFirst()).allSatisfy { $0.key < $1.key } ? members : members.sorted { $0.key < $1.key }
                JSONValue.writeObject(ordered, to: &output, pretty: pretty, indent: indent) { member, output in
                    member.write(to: &output, pretty: pretty, indent: indent + 1)
                }
            case .array(let elements):
                JSONValue.writeArray(elements, to: &output, pretty: pretty, indent: indent) { element, output in
                    element.write(to: &output, pretty: pretty, indent: indent + 1)
                }
            }
        }
    }

    /// A value serialized once for every object it is a member of: its compact bytes, and its
    /// indented bytes as a member one level in.
    public struct Serialized: Sendable {
        /// On one line, as JSON lines are written.
        public let compact: [UInt8]
        /// Indented, as a JSON document is written.
        public let pretty: [UInt8]

        /// Both serializations of `value`.
        public init(_ value: JSONValue) {
            var compact: [UInt8] = []
            value.write(to: &compact, pretty: false, indent: 0)
            var pretty: [UInt8] = []
            value.write(to: &pretty, pretty: true, indent: 1)
            self.compact = compact
            self.pretty = pretty
        }
    }

    /// An object's JSON text, as `JSONValue.object(...).serialized(pretty:)` writes it (keys
    /// sorted, compact or indented by two spaces), from members some of which are serialized
    /// already: identify writes a record per file whose type record is the same for every file
    /// of the type.
    public static func serializedObject(_ members: [(key: String, value: Member)], pretty: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        Member.object(members).write(to: &output, pretty: pretty, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// A line break and the indentation of `depth` levels (two spaces each).
    private static func newline(_ depth: Int, to output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    /// An object of `members`, in their order, at `indent` (its members one level in), each
    /// value written by `writeValue`: `{}` when there are none.
    fileprivate static func writeObject<Value>(
        _ members: [(key: String, value: Value)], to output: inout [UInt8], pretty: Bool, indent: Int,
        writeValue: (Value, inout [UInt8]) -> Void
    ) {
        if members.isEmpty {
            output.append(contentsOf: "{}".utf8)
            return
        }
        func newline(_ depth: Int) { Self.newline(depth, to: &output) }
        output.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(indent + 1) }
            writeString(member.key, to: &output)
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(0x20) }
            writeValue(member.value, &output)
        }
        if pretty { newline(indent) }
        output.append(UInt8(ascii: "}"))
    }

    /// An array of `elements` at `indent` (its elements one level in), each written by
    /// `writeElement`: `[]` when there are none.
    fileprivate static func writeArray<Element>(
        _ elements: [Element], to output: inout [UInt8], pretty: Bool, indent: Int, writeElement: (Element, inout [UInt8]) -> Void
    ) {
        if elements.isEmpty {
            output.append(contentsOf: "[]".utf8)
            return
        }
        output.append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(indent + 1, to: &output) }
            writeElement(element, &output)
        }
        if pretty { newline(indent, to: &output) }
        output.append(UInt8(ascii: "]"))
    }

    /// Writes UTF-8 bytes: identify writes a record per file, and building it as a String
    /// character by character was a tenth of the time on one core.
    fileprivate func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): output.append(contentsOf: (value.isFinite ? "\(value)" : "null").utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .bytes(let bytes):
            output.append(UInt8(ascii: "\""))
            UTF8Runs.forEach(bytes[...]) { (run: ArraySlice<UInt8>) in
                Self.writeEscaped(run, to: &output)
            } invalid: { byte in
                output.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), UInt8(ascii: "d"), UInt8(ascii: "c"), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
                ])
            }
            output.append(UInt8(ascii: "\""))
        case .array(let values):
            Self.writeArray(values, to: &output, pretty: pretty, indent: indent) { value, output in
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            Self.writeObject(members.sorted(by: { $0.key < $1.key }), to: &output, pretty: pretty, indent: indent) { value, output in
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is
    /// (UTF-8 needs no escaping).
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        // Most strings need no escape: their bytes are appended in one copy.
        let plain = value.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if plain {
            output.append(UInt8(ascii: "\""))
            return
        }
        writeEscaped(value.utf8[...], to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// UTF-8 with quotes, backslashes and control characters escaped.
    private static func writeEscaped<Bytes: Collection<UInt8>>(_ bytes: Bytes, to output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
            default: output.append(byte)
            }
        }
    }
}

/// Bytes split into runs of valid UTF-8 and the single bytes that belong to no valid sequence
/// (as UTF-8 decoders with replacement split them), for writing names that need not be UTF-8.
public enum UTF8Runs {
    /// Calls `valid` with each run of valid UTF-8 in `bytes` and `invalid` with each byte that
    /// belongs to no valid sequence, in order.
    public static func forEach(_ bytes: ArraySlice<UInt8>, valid: (ArraySlice<UInt8>) -> Void, invalid: (UInt8) -> Void) {
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= bytes.endIndex,
                length == 1 || String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
            {
                index += length
                continue
            }
            if runStart < index { valid(bytes[runStart..<index]) }
            invalid(lead)
            index += 1
            runStart = index
        }
        if runStart < index { valid(bytes[runStart..<index]) }
    }
}

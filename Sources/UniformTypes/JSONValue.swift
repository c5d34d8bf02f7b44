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
        var writer = JSONWriter(pretty: pretty)
        writer.value(self)
        return writer.text
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
            var compact = JSONWriter(pretty: false)
            compact.value(value)
            var pretty = JSONWriter(pretty: true, depth: 1)
            pretty.value(value)
            self.compact = compact.bytes
            self.pretty = pretty.bytes
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

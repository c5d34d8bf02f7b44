/// Writes JSON text straight to UTF-8 bytes, member by member, as `JSONValue.serialized(pretty:)`
/// writes the same value: compact on one line or indented by two spaces a level, `{}` and `[]`
/// for empty containers, slashes not escaped. identify writes a record per file with it: building
/// a tree of values for each record, then writing and freeing it, was a tenth of the work of a
/// file on one core.
///
/// Keys are written in the order given; uti's records give them sorted, as `JSONValue` writes an
/// object's keys.
public struct JSONWriter {
    /// The text written so far, UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// Indented by two spaces a level, or compact on one line.
    public let pretty: Bool
    /// The indentation level the writer starts at (a value written as a member one level in).
    private let base: Int
    /// Whether the object or array opened last has no member or element yet.
    private var isEmpty = true
    /// Whether each open container, outermost first, is an array (as deep as the document is:
    /// a parsed document may nest as deep as `Limits` lets it).
    private var arrays: [Bool] = []
    /// How many objects and arrays are open.
    private var level: Int { arrays.count }

    /// A writer with nothing written, compact or indented, its text indented `depth` levels in.
    public init(pretty: Bool, depth: Int = 0) {
        self.pretty = pretty
        base = depth
        bytes.reserveCapacity(1024)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object: `key(_:)` and a value for each member, then `endObject()`.
    public mutating func beginObject() { open(UInt8(ascii: "{"), isArray: false) }
    /// Closes the object opened last.
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Opens an array: a value for each element, then `endArray()`.
    public mutating func beginArray() { open(UInt8(ascii: "["), isArray: true) }
    /// Closes the array opened last.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the open object; its value is written next. A key written in the
    /// source (a record's keys need no escape: none has a quote, a backslash or a control
    /// character) is copied as it is.
    public mutating func key(_ key: StaticString) {
        assert(key.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } })
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(0x20) }
    }

    /// A key that is not known until run time (a document's own), escaped as a string is.
    private mutating func key(escaping key: String) {
        separate()
        Self.writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(0x20) }
    }

    /// `null`.
    public mutating func null() {
        startValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        startValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A whole number.
    public mutating func int(_ value: Int) {
        startValue()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A string.
    public mutating func string(_ value: String) {
        startValue()
        Self.writeString(value, to: &bytes)
    }

    /// A string, or `null` when absent.
    public mutating func optional(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// An array of strings.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// A value serialized already: its compact bytes, or its indented ones (made as a member one
    /// level in, where it must be written).
    public mutating func serialized(_ value: JSONValue.Serialized) {
        startValue()
        assert(!pretty || base + level == 1, "an indented serialized value belongs one level in")
        bytes.append(contentsOf: pretty ? value.pretty : value.compact)
    }

    /// Any value: an object's members with their keys sorted.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let value): bool(value)
        case .int(let value): int(value)
        case .double(let value):
            startValue()
            bytes.append(contentsOf: (value.isFinite ? "\(value)" : "null").utf8)
        case .string(let value): string(value)
        case .bytes(let value):
            startValue()
            Self.writeName(value, to: &bytes)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                self.key(escaping: key)
                self.value(member)
            }
            endObject()
        }
    }

    /// Bytes that need not be UTF-8 (a file name): a plain string when they are, else written as
    /// `JSONValue.bytes` is.
    public mutating func name(_ value: [UInt8]) {
        startValue()
        if let text = String(validating: value, as: UTF8.self) {
            Self.writeString(text, to: &bytes)
        } else {
            Self.writeName(value, to: &bytes)
        }
    }

    private mutating func open(_ bracket: UInt8, isArray: Bool) {
        startValue()
        bytes.append(bracket)
        arrays.append(isArray)
        isEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        arrays.removeLast()
        if !isEmpty && pretty { newline(base + level) }
        bytes.append(bracket)
        // The container was a member or an element of the one around it.
        isEmpty = false
    }

    /// Before a value: an array's element is separated from the one before it (an object's
    /// member was by its key).
    private mutating func startValue() {
        if arrays.last == true { separate() }
    }

    /// A comma after the member or element before, and in indented text a new line.
    private mutating func separate() {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        if pretty { newline(base + level) }
    }

    /// A line break and the indentation of `depth` levels (two spaces each).
    private mutating func newline(_ depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
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
        if !plain { writeEscaped(value.utf8[...], to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// A name's bytes as a JSON string: valid UTF-8 as is, every other byte B as `\udcBB`.
    private static func writeName(_ bytes: [UInt8], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        UTF8Runs.forEach(bytes[...]) { (run: ArraySlice<UInt8>) in
            writeEscaped(run, to: &output)
        } invalid: { byte in
            output.append(contentsOf: [
                0x5C, UInt8(ascii: "u"), UInt8(ascii: "d"), UInt8(ascii: "c"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
            ])
        }
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

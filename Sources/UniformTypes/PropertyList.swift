/// A property-list value with every type the formats carry, so that converting between XML and
/// binary loses nothing: integers stay integers and reals stay reals, dates keep their instant,
/// keyed-archiver UIDs survive, and dictionaries keep their order.
///
/// uti reads and writes property lists itself rather than through Foundation's coders, whose
/// readers crash on hostile input (nesting 100,000 deep, an object count of 2^64-1) and take
/// exponential time on binary lists whose objects refer to each other. Here every read is bounded
/// by `Limits.nestingDepth` and `Limits.propertyListValues` and is linear in what it produces.
public indirect enum PropertyList: Equatable, Sendable {
    case string(String)
    /// A signed integer (every XML integer and binary integer up to 8 bytes).
    case integer(Int64)
    /// An integer above `Int64.max`, which binary lists store in 16 bytes.
    case unsignedInteger(UInt64)
    case real(Double)
    case boolean(Bool)
    /// Seconds since 2001-01-01T00:00:00Z, as both formats count them.
    case date(Double)
    case data([UInt8])
    case array([PropertyList])
    /// Key-value pairs in document order; keys are unique.
    case dictionary([(key: String, value: PropertyList)])
    /// A keyed-archiver object reference (`CF$UID` in XML): 32 bits, as CoreFoundation's
    /// CFKeyedArchiverUID holds it.
    case uid(UInt32)

    /// Whether both hold the same value (dates and data by their bytes).
    public static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
        case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
        case (.boolean(let a), .boolean(let b)): a == b
        case (.date(let a), .date(let b)): a == b || (a.isNaN && b.isNaN)
        case (.data(let a), .data(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.uid(let a), .uid(let b)): a == b
        default: false
        }
    }

    /// The error a reader throws: what is wrong and where (a byte offset for binary lists, a line
    /// for XML).
    public struct Failure: Error, Sendable {
        /// What is wrong and where, in one line.
        public let message: String
    }

    /// Reads a binary (`bplist00`) or XML property list.
    public static func read(_ bytes: [UInt8]) throws(Failure) -> PropertyList {
        if bytes.starts(with: Array("bplist00".utf8)) {
            var reader = BinaryPropertyListReader(bytes)
            return try reader.read()
        }
        if bytes.starts(with: Array("bplist".utf8)) { throw Failure(message: "unsupported binary property list version") }
        var reader = XMLPropertyListReader(bytes)
        return try reader.read()
    }

    /// The value as a JSON value, for documents that are read either way (declarations): dates
    /// become numbers of seconds since 2001, data and UIDs become null.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let value): .string(value)
        case .integer(let value): .int(Int(value))
        case .unsignedInteger(let value): .double(Double(value))
        case .real(let value), .date(let value): .double(value)
        case .boolean(let value): .bool(value)
        case .data, .uid: .null
        case .array(let values): .array(values.map(\.jsonValue))
        case .dictionary(let pairs): .object(Dictionary(pairs.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { a, _ in a }))
        }
    }
}

// MARK: - Binary

/// Reads `bplist00`: the trailer's sizes are checked against the file before anything is read,
/// every object reference is range-checked, a reference back into the path being read is a cycle,
/// and every value produced counts against `Limits.propertyListValues`, so shared subtrees cannot
/// blow up.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    private var produced = 0
    private var onPath: Set<Int> = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ message: String) -> PropertyList.Failure { PropertyList.Failure(message: message) }

    mutating func read() throws(PropertyList.Failure) -> PropertyList {
        guard bytes.count >= 8 + 32 else { throw fail("a binary property list is shorter than its header and trailer") }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = unsigned(at: trailer + 8, size: 8)
        let top = unsigned(at: trailer + 16, size: 8)
        let table = unsigned(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw fail("a binary property list declares an offset or reference size outside 1...8")
        }
        guard count >= 1, count <= UInt64(Limits.propertyListValues) else {
            throw fail("a binary property list declares \(count) objects (uti's property-list-values limit is \(Limits.propertyListValues))")
        }
        objectCount = Int(count)
        guard top < count else { throw fail("the top object \(top) is not among the \(count) objects") }
        guard table >= 8, table <= UInt64(trailer), UInt64(trailer) - table >= UInt64(objectCount * offsetSize) else {
            throw fail("the offset table lies outside the file")
        }
        offsetTable = Int(table)
        var sizes: [Int: Int] = [:]
        guard expandedSize(Int(top), depth: 0, sizes: &sizes) <= Limits.propertyListValues else {
            throw fail("the property list expands past uti's property-list-values limit (\(Limits.propertyListValues))")
        }
        return try object(Int(top), depth: 0)
    }

    /// How many values reading `reference` would produce, counting a shared object each time it is
    /// reached, saturating just past the limit. Each object is counted once (`sizes` remembers), so a
    /// 200-byte file of arrays that each hold the next twice is refused without expanding it.
    /// Anything malformed counts as one value and is left for `object(_:depth:)` to report.
    private func expandedSize(_ reference: Int, depth: Int, sizes: inout [Int: Int]) -> Int {
        let past = Limits.propertyListValues + 1
        guard reference >= 0, reference < objectCount, depth <= Limits.nestingDepth else { return 1 }
        if let known = sizes[reference] { return known }
        let offsetValue = unsigned(at: offsetTable + reference * offsetSize, size: offsetSize)
        guard offsetValue >= 8, offsetValue < UInt64(offsetTable) else { return 1 }
        let marker = bytes[Int(offsetValue)]
        let high = marker >> 4
        guard high == 0xA || high == 0xD,
            let (count, body) = try? length(Int(marker & 0x0F), after: Int(offsetValue), reference: reference),
            let children = try? references(count * (high == 0xD ? 2 : 1), at: body, reference: reference)
        else { return 1 }
        sizes[reference] = 1  // a cycle back to here counts as one; `object` reports it
        var total = 1
        for child in children where total < past {
            total = min(past, total + expandedSize(child, depth: depth + 1, sizes: &sizes))
        }
        sizes[reference] = total
        return total
    }

    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// The bytes `offset..<offset+length`, checked to lie before the offset table.
    private func range(_ offset: Int, _ length: Int) throws(PropertyList.Failure) -> Range<Int> {
        guard length >= 0, offset >= 8, offset <= offsetTable, offsetTable - offset >= length else {
            throw fail("an object at byte \(offset) runs past the object data")
        }
        return offset..<(offset + length)
    }

    private mutating func object(_ reference: Int, depth: Int) throws(PropertyList.Failure) -> PropertyList {
        guard reference >= 0, reference < objectCount else { throw fail("object reference \(reference) is not among the \(objectCount) objects") }
        produced += 1
        guard produced <= Limits.propertyListValues else {
            throw fail("the property list expands past uti's property-list-values limit (\(Limits.propertyListValues))")
        }
        let offsetValue = unsigned(at: offsetTable + reference * offsetSize, size: offsetSize)
        guard offsetValue >= 8, offsetValue < UInt64(offsetTable) else {
            throw fail("object \(reference) starts outside the object data")
        }
        let start = Int(offsetValue)
        let marker = bytes[start]
        let high = marker >> 4
        let low = Int(marker & 0x0F)
        switch high {
        case 0x0:
            switch marker {
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw fail("object \(reference) has an unsupported marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            guard low <= 4 else { throw fail("object \(reference) is an integer of unsupported size") }
            let span = try range(start + 1, 1 << low)
            if low == 4 {
                let upper = unsigned(at: span.lowerBound, size: 8)
                let lower = unsigned(at: span.lowerBound + 8, size: 8)
                if upper == 0 { return lower > UInt64(Int64.max) ? .unsignedInteger(lower) : .integer(Int64(lower)) }
                if upper == UInt64.max && lower > UInt64(Int64.max) { return .integer(Int64(bitPattern: lower)) }
                throw fail("object \(reference) is an integer wider than 64 bits")
            }
            let value = unsigned(at: span.lowerBound, size: 1 << low)
            return .integer(low == 3 ? Int64(bitPattern: value) : Int64(value))
        case 0x2:
            guard low == 2 || low == 3 else { throw fail("object \(reference) is a real of unsupported size") }
            let span = try range(start + 1, 1 << low)
            let value = unsigned(at: span.lowerBound, size: 1 << low)
            return .real(low == 2 ? Double(Float(bitPattern: UInt32(value))) : Double(bitPattern: value))
        case 0x3:
            guard marker == 0x33 else { throw fail("object \(reference) has an unsupported marker 0x\(String(marker, radix: 16))") }
            let span = try range(start + 1, 8)
            return .date(Double(bitPattern: unsigned(at: span.lowerBound, size: 8)))
        case 0x4:
            let (count, body) = try length(low, after: start, reference: reference)
            return .data(Array(bytes[try range(body, count)]))
        case 0x5:
            let (count, body) = try length(low, after: start, reference: reference)
            let span = try range(body, count)
            guard bytes[span].allSatisfy({ $0 < 0x80 }) else { throw fail("object \(reference) is an ASCII string with non-ASCII bytes") }
            return .string(String(decoding: bytes[span], as: UTF8.self))
        case 0x6:
            let (count, body) = try length(low, after: start, reference: reference)
            guard count <= Int.max / 2 else { throw fail("object \(reference) is too long") }
            let span = try range(body, count * 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in stride(from: span.lowerBound, to: span.upperBound, by: 2) {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw fail("object \(reference) is not valid UTF-16")
            }
            return .string(text)
        case 0x8:
            let span = try range(start + 1, low + 1)
            guard low < 4, let uid = UInt32(exactly: unsigned(at: span.lowerBound, size: low + 1)) else {
                throw fail("object \(reference) is a UID wider than 32 bits")
            }
            return .uid(uid)
        case 0xA, 0xD:
            let (count, body) = try length(low, after: start, reference: reference)
            let references = try self.references(count * (high == 0xD ? 2 : 1), at: body, reference: reference)
            guard depth < Limits.nestingDepth else {
                throw fail("the property list is nested deeper than uti's nesting-depth limit (\(Limits.nestingDepth))")
            }
            guard onPath.insert(reference).inserted else { throw fail("object \(reference) contains itself (a reference cycle)") }
            defer { onPath.remove(reference) }
            if high == 0xA {
                var elements: [PropertyList] = []
                elements.reserveCapacity(min(count, 4096))
                for child in references { elements.append(try object(child, depth: depth + 1)) }
                return .array(elements)
            }
            var pairs: [(key: String, value: PropertyList)] = []
            var keys: Set<String> = []
            for index in 0..<count {
                guard case .string(let key) = try object(references[index], depth: depth + 1) else {
                    throw fail("dictionary \(reference) has a key that is not a string")
                }
                guard keys.insert(key).inserted else { throw fail("dictionary \(reference) has the key \"\(key)\" twice") }
                pairs.append((key, try object(references[count + index], depth: depth + 1)))
            }
            return .dictionary(pairs)
        default:
            throw fail("object \(reference) has an unsupported marker 0x\(String(marker, radix: 16))")
        }
    }

    /// An object's element count (from the marker's low nibble, or an integer after it) and where
    /// its body starts.
    private func length(_ low: Int, after start: Int, reference: Int) throws(PropertyList.Failure) -> (Int, Int) {
        if low != 0x0F { return (low, start + 1) }
        let span = try range(start + 1, 1)
        let marker = bytes[span.lowerBound]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw fail("object \(reference) has a malformed length") }
        let size = 1 << Int(marker & 0x0F)
        let value = unsigned(at: try range(start + 2, size).lowerBound, size: size)
        guard value <= UInt64(bytes.count) else { throw fail("object \(reference) claims \(value) elements, more than the file holds") }
        return (Int(value), start + 2 + size)
    }

    private func references(_ count: Int, at offset: Int, reference: Int) throws(PropertyList.Failure) -> [Int] {
        guard count <= bytes.count else { throw fail("object \(reference) claims more elements than the file holds") }
        let span = try range(offset, count * referenceSize)
        // A reference too large for Int becomes Int.max, which no object count reaches.
        return stride(from: span.lowerBound, to: span.upperBound, by: referenceSize).map {
            Int(exactly: unsigned(at: $0, size: referenceSize)) ?? .max
        }
    }
}

/// Writes `bplist00`, one object per value (no sharing), with the smallest offset and reference
/// sizes that fit.
struct BinaryPropertyListWriter {
    private var objects: [[UInt8]] = []

    static func write(_ value: PropertyList) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        // First pass: count objects to size references.
        let count = Self.count(value)
        let referenceSize = Self.size(forMaximum: UInt64(count))
        _ = writer.add(value, referenceSize: referenceSize)
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in writer.objects {
            offsets.append(output.count)
            output += object
        }
        let tableOffset = output.count
        let offsetSize = Self.size(forMaximum: UInt64(tableOffset))
        for offset in offsets { output += Self.bigEndian(UInt64(offset), size: offsetSize) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        output += Self.bigEndian(UInt64(writer.objects.count), size: 8)
        output += Self.bigEndian(0, size: 8)
        output += Self.bigEndian(UInt64(tableOffset), size: 8)
        return output
    }

    private static func count(_ value: PropertyList) -> Int {
        switch value {
        case .array(let values): 1 + values.reduce(0) { $0 + count($1) }
        case .dictionary(let pairs): 1 + pairs.reduce(0) { $0 + 1 + count($1.value) }
        default: 1
        }
    }

    static func size(forMaximum value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    private static func header(_ high: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [high << 4 | UInt8(count)] }
        return [high << 4 | 0x0F] + integer(Int64(count))
    }

    private static func integer(_ value: Int64) -> [UInt8] {
        if value < 0 { return [0x13] + bigEndian(UInt64(bitPattern: value), size: 8) }
        let size = Self.size(forMaximum: UInt64(value))
        let exponent: UInt8 = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3
        // Eight-byte integers are signed; a non-negative value that needs them is written as is.
        return [0x10 | exponent] + bigEndian(UInt64(value), size: size)
    }

    /// Appends the object for `value` (children first reserved, then filled) and returns its index.
    private mutating func add(_ value: PropertyList, referenceSize: Int) -> Int {
        let index = objects.count
        objects.append([])
        var body: [UInt8]
        switch value {
        case .boolean(let flag): body = [flag ? 0x09 : 0x08]
        case .integer(let number): body = Self.integer(number)
        case .unsignedInteger(let number): body = [0x14] + Self.bigEndian(0, size: 8) + Self.bigEndian(number, size: 8)
        case .real(let number): body = [0x23] + Self.bigEndian(number.bitPattern, size: 8)
        case .date(let seconds): body = [0x33] + Self.bigEndian(seconds.bitPattern, size: 8)
        case .data(let data): body = Self.header(0x4, count: data.count) + data
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                body = Self.header(0x5, count: text.utf8.count) + Array(text.utf8)
            } else {
                let units = Array(text.utf16)
                body = Self.header(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        case .uid(let number):
            let size = Self.size(forMaximum: UInt64(number))
            body = [0x80 | UInt8(size - 1)] + Self.bigEndian(UInt64(number), size: size)
        case .array(let values):
            let children = values.map { add($0, referenceSize: referenceSize) }
            body = Self.header(0xA, count: values.count) + children.flatMap { Self.bigEndian(UInt64($0), size: referenceSize) }
        case .dictionary(let pairs):
            let keys = pairs.map { add(.string($0.key), referenceSize: referenceSize) }
            let values = pairs.map { add($0.value, referenceSize: referenceSize) }
            body = Self.header(0xD, count: pairs.count) + (keys + values).flatMap { Self.bigEndian(UInt64($0), size: referenceSize) }
        }
        objects[index] = body
        return index
    }
}

// MARK: - XML

/// Reads Apple's XML property-list format. Only the five predefined entities and character
/// references are expanded (a document type's own entities are never defined, so no expansion
/// attack applies); nesting is bounded; a dictionary key given twice is an error.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private var position = 0
    private var produced = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ message: String) -> PropertyList.Failure {
        PropertyList.Failure(message: "\(JSONParser.location(of: position, in: bytes)): \(message)")
    }

    private enum Tag {
        case opening(String)
        case close(String)
        case empty(String)
    }

    mutating func read() throws(PropertyList.Failure) -> PropertyList {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        let tag = try nextTag()
        let value: PropertyList
        if case .opening("plist") = tag {
            value = try self.value(try nextTag(), depth: 0)
            guard case .close("plist") = try nextTag() else { throw fail("expected </plist>") }
        } else {
            value = try self.value(tag, depth: 0)
        }
        skipMisc()
        guard position == bytes.count else { throw fail("unexpected content after the property list") }
        return value
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func starts(with text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return bytes.count - position >= utf8.count && bytes[position..<(position + utf8.count)].elementsEqual(utf8)
    }

    /// Skips white space, the XML declaration, processing instructions, comments and the
    /// document type declaration (with its internal subset, which is not interpreted).
    private mutating func skipMisc() {
        while true {
            skipSpace()
            if starts(with: "<?") {
                skip(past: "?>")
            } else if starts(with: "<!--") {
                skip(past: "-->")
            } else if starts(with: "<!DOCTYPE") {
                var depth = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth -= 1 }
                    if byte == UInt8(ascii: ">") && depth <= 0 { break }
                }
            } else {
                return
            }
        }
    }

    private mutating func skip(past terminator: String) {
        while position < bytes.count && !starts(with: terminator) { position += 1 }
        position = min(bytes.count, position + terminator.utf8.count)
    }

    private mutating func nextTag() throws(PropertyList.Failure) -> Tag {
        skipMisc()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { throw fail("expected an element") }
        position += 1
        let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if closing { position += 1 }
        let nameStart = position
        while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard !name.isEmpty else { throw fail("expected an element name") }
        // Attributes (plist's version) are skipped.
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                position += 1
                let empty = bytes[position - 2] == UInt8(ascii: "/")
                return closing ? .close(name) : empty ? .empty(name) : .opening(name)
            }
            position += 1
        }
        throw fail("an element is not closed")
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
    }

    private mutating func value(_ tag: Tag, depth: Int) throws(PropertyList.Failure) -> PropertyList {
        produced += 1
        guard produced <= Limits.propertyListValues else {
            throw fail("the property list holds more values than uti's property-list-values limit (\(Limits.propertyListValues))")
        }
        switch tag {
        case .empty("true"): return .boolean(true)
        case .empty("false"): return .boolean(false)
        case .empty("string"): return .string("")
        case .empty("data"): return .data([])
        case .empty("array"): return .array([])
        case .empty("dict"): return .dictionary([])
        case .opening("true"):
            try closeTag("true")
            return .boolean(true)
        case .opening("false"):
            try closeTag("false")
            return .boolean(false)
        case .opening("string"): return .string(try text(closing: "string"))
        case .opening("key"): throw fail("a <key> outside a dictionary")
        case .opening("integer"):
            let text = try self.text(closing: "integer").trimmingXMLSpace()
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .unsignedInteger(value) }
            if text.hasPrefix("0x") || text.hasPrefix("0X"), let value = Int64(text.dropFirst(2), radix: 16) { return .integer(value) }
            throw fail("\"\(text)\" is not an integer")
        case .opening("real"):
            let text = try self.text(closing: "real").trimmingXMLSpace()
            switch text.lowercased() {
            case "nan": return .real(.nan)
            case "inf", "+inf", "infinity", "+infinity": return .real(.infinity)
            case "-inf", "-infinity": return .real(-.infinity)
            default:
                guard let value = Double(text) else { throw fail("\"\(text)\" is not a real number") }
                return .real(value)
            }
        case .opening("date"):
            let text = try self.text(closing: "date").trimmingXMLSpace()
            guard let seconds = PropertyListDate.seconds(iso8601: text) else { throw fail("\"\(text)\" is not a date") }
            return .date(seconds)
        case .opening("data"):
            let text = try self.text(closing: "data")
            guard let data = Base64.decode(text) else { throw fail("a <data> element is not valid base64") }
            return .data(data)
        case .opening("array"):
            guard depth < Limits.nestingDepth else { throw fail("nested deeper than uti's nesting-depth limit (\(Limits.nestingDepth))") }
            var elements: [PropertyList] = []
            while true {
                let next = try nextTag()
                if case .close("array") = next { return .array(elements) }
                elements.append(try value(next, depth: depth + 1))
            }
        case .opening("dict"):
            guard depth < Limits.nestingDepth else { throw fail("nested deeper than uti's nesting-depth limit (\(Limits.nestingDepth))") }
            var pairs: [(key: String, value: PropertyList)] = []
            var keys: Set<String> = []
            while true {
                let next = try nextTag()
                if case .close("dict") = next { break }
                let key: String
                switch next {
                case .opening("key"): key = try text(closing: "key")
                case .empty("key"): key = ""
                default: throw fail("expected <key> in a dictionary")
                }
                guard keys.insert(key).inserted else { throw fail("the key \"\(key)\" appears twice in one dictionary") }
                pairs.append((key, try value(try nextTag(), depth: depth + 1)))
            }
            // As CoreFoundation reads XML: a dictionary of CF$UID alone, with a 32-bit value, is a UID.
            if pairs.count == 1, pairs[0].key == "CF$UID", case .integer(let number) = pairs[0].value,
                let uid = UInt32(exactly: number)
            {
                return .uid(uid)
            }
            return .dictionary(pairs)
        case .opening(let name), .empty(let name):
            throw fail("unknown element <\(name)>")
        case .close(let name):
            throw fail("unexpected </\(name)>")
        }
    }

    private mutating func closeTag(_ name: String) throws(PropertyList.Failure) {
        guard case .close(name) = try nextTag() else { throw fail("expected </\(name)>") }
    }

    /// Character data up to `</name>`, with entities and CDATA sections decoded.
    private mutating func text(closing name: String) throws(PropertyList.Failure) -> String {
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if starts(with: "<![CDATA[") {
                position += 9
                let start = position
                while position < bytes.count && !starts(with: "]]>") { position += 1 }
                guard position < bytes.count else { throw fail("a CDATA section is not closed") }
                output += bytes[start..<position]
                position += 3
            } else if byte == UInt8(ascii: "<") {
                guard case .close(name) = try nextTag() else { throw fail("expected </\(name)>") }
                guard let text = String(validating: output, as: UTF8.self) else { throw fail("text is not valid UTF-8") }
                return text
            } else if byte == UInt8(ascii: "&") {
                guard let end = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw fail("a bare '&' (write &amp;)")
                }
                let entity = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
                guard let scalar = Self.entity(entity) else { throw fail("unknown entity &\(entity);") }
                output += Array(String(scalar).utf8)
                position = end + 1
            } else {
                output.append(byte)
                position += 1
            }
        }
        throw fail("<\(name)> is not closed")
    }

    static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") { return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
            if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
            return nil
        }
    }
}

/// Writes Apple's XML property-list format, as `plutil -convert xml1` lays it out.
struct XMLPropertyListWriter {
    static func write(_ value: PropertyList) throws(PropertyList.Failure) -> [UInt8] {
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        try write(value, indent: 0, to: &output)
        output += "</plist>\n"
        return Array(output.utf8)
    }

    private static func write(_ value: PropertyList, indent: Int, to output: inout String) throws(PropertyList.Failure) {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let text): output += "\(tabs)<string>\(escape(text))</string>\n"
        case .integer(let number): output += "\(tabs)<integer>\(number)</integer>\n"
        case .unsignedInteger(let number): output += "\(tabs)<integer>\(number)</integer>\n"
        case .real(let number):
            let text = number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
            output += "\(tabs)<real>\(text)</real>\n"
        case .boolean(let flag): output += "\(tabs)<\(flag ? "true" : "false")/>\n"
        case .date(let seconds):
            guard let text = PropertyListDate.iso8601(seconds: seconds) else {
                throw PropertyList.Failure(
                    message: "the date \(seconds) s after 2001 has a fraction of a second or lies outside years 1-9999, which XML property lists cannot hold")
            }
            output += "\(tabs)<date>\(text)</date>\n"
        case .data(let data):
            output += "\(tabs)<data>\n"
            let encoded = Array(Base64.encode(data).utf8)
            for start in stride(from: 0, to: encoded.count, by: 68) {
                output += tabs + String(decoding: encoded[start..<min(start + 68, encoded.count)], as: UTF8.self) + "\n"
            }
            output += "\(tabs)</data>\n"
        case .uid(let number):
            output += "\(tabs)<dict>\n\(tabs)\t<key>CF$UID</key>\n\(tabs)\t<integer>\(number)</integer>\n\(tabs)</dict>\n"
        case .array(let values):
            if values.isEmpty {
                output += "\(tabs)<array/>\n"
                return
            }
            output += "\(tabs)<array>\n"
            for element in values { try write(element, indent: indent + 1, to: &output) }
            output += "\(tabs)</array>\n"
        case .dictionary(let pairs):
            if pairs.isEmpty {
                output += "\(tabs)<dict/>\n"
                return
            }
            output += "\(tabs)<dict>\n"
            for (key, element) in pairs {
                output += "\(tabs)\t<key>\(escape(key))</key>\n"
                try write(element, indent: indent + 1, to: &output)
            }
            output += "\(tabs)</dict>\n"
        }
    }

    private static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "&": output += "&amp;"
            case "\r": output += "&#13;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

extension PropertyList {
    /// The value as a binary property list.
    public var binaryBytes: [UInt8] { BinaryPropertyListWriter.write(self) }

    /// The value as an XML property list; fails only for a date XML cannot hold exactly.
    public func xmlBytes() throws(Failure) -> [UInt8] { try XMLPropertyListWriter.write(self) }
}

/// Dates as property lists write them in XML: `YYYY-MM-DDTHH:MM:SSZ`, UTC, whole seconds.
enum PropertyListDate {
    /// Days from 0000-03-01 to 2001-01-01 in the proleptic Gregorian calendar.
    private static let epochDays = days(year: 2001, month: 1, day: 1)

    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra
    }

    static func seconds(iso8601 text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let dayCount = days(year: year, month: month, day: day) - epochDays
        return Double(dayCount * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    static func iso8601(seconds: Double) -> String? {
        guard seconds.isFinite, seconds == seconds.rounded(.down), abs(seconds) < 1e12 else { return nil }
        let total = Int(seconds)
        var dayCount = total / 86_400
        var rest = total % 86_400
        if rest < 0 {
            rest += 86_400
            dayCount -= 1
        }
        // Civil date from days since 0000-03-01.
        let z = dayCount + epochDays
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (1...9999).contains(year) else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))Z"
    }
}

/// Standard base64 (RFC 4648), white space ignored when decoding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for index in 0..<4 {
                output.append(index <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(index)) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - 0x41)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - 0x61 + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - 0x30 + 52)
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return padding <= 2 ? output : nil
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, line feed, carriage return).
    fileprivate func trimmingXMLSpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

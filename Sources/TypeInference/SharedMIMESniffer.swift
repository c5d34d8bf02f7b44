import SharedMIMEInfo
import UniformTypes

/// What shared-mime-info's rules say about some bytes: the MIME type and the priority of the rule
/// (0 to 100; XML root elements count as 80, as a namespace is as specific as most signatures).
public struct SharedMIMEMatch: Sendable, Equatable {
    /// The MIME type of the rule that matched.
    public var mimeType: String
    /// The rule's priority (0 to 100).
    public var priority: Int
    /// Whether the rule is one of uti's own (`OwnRules`): each is a format's signature at a fixed
    /// place, proven by a fixture, so it may name a format written as text (BinHex, XPM) that the
    /// system's broader rules may not.
    public var isUTIRule = false
    /// Where the magic rule that matched begins (nil for XML root elements and for rules that
    /// begin with a range or a mask).
    public var anchor: SharedMIMEDatabase.MagicAnchor?

    /// Whether the match is a weak signal: a rule at the default priority or below whose first
    /// test compares four bytes or fewer, with at most one test under it (patch's `*** `; the
    /// icon rule's `00 00 01 00` and a NUL at byte 5), which a file may begin with by chance.
    public var isShortSignature: Bool {
        guard priority <= 50, let anchor else { return false }
        return anchor.value.count <= 4 && anchor.depth <= 1
    }

    /// A match of a rule for `mimeType` at `priority`; `isUTIRule` for uti's own package.
    public init(mimeType: String, priority: Int, isUTIRule: Bool = false, anchor: SharedMIMEDatabase.MagicAnchor? = nil) {
        self.mimeType = mimeType
        self.priority = priority
        self.isUTIRule = isUTIRule
        self.anchor = anchor
    }
}

/// The second content sniffer: shared-mime-info's magic rules (from `mime.cache`, evaluated the
/// way xdgmime evaluates them) and its XML root-element rules, on the bytes uti already read.
public struct SharedMIMESniffer: Sendable {
    /// The database whose rules it runs.
    public let database: SharedMIMEDatabase
    /// The priority given to a match by XML namespace and root element.
    public static let rootElementPriority = 80

    /// A sniffer running `database`'s magic rules.
    public init(database: SharedMIMEDatabase) {
        self.database = database
    }

    /// The database's answer for `head`, or nil when no rule matches.
    public func sniff(_ head: UnsafeRawBufferPointer) -> SharedMIMEMatch? {
        let magic = database.magic(head).map {
            SharedMIMEMatch(mimeType: database.canonical($0.mimeType), priority: $0.priority, anchor: $0.anchor)
        }
        if let root = Self.rootElement(head), let mimeType = database.mimeType(forXMLRoot: root) {
            return SharedMIMEMatch(mimeType: database.canonical(mimeType), priority: max(Self.rootElementPriority, magic?.priority ?? 0))
        }
        return magic
    }

    /// The namespace and local name of an XML document's root element: after an optional UTF-8
    /// byte-order mark, space, the XML declaration, processing instructions, comments and a
    /// document type declaration. Nil for anything that does not start like XML, and for a root
    /// element that does not fit in `head`.
    static func rootElement(_ head: UnsafeRawBufferPointer) -> SharedMIMEDatabase.XMLRoot? {
        var position = 0
        let count = head.count
        if count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { position = 3 }
        func skipSpace() { while position < count, [0x20, 0x09, 0x0A, 0x0D].contains(head[position]) { position += 1 } }
        func starts(with text: String) -> Bool {
            let bytes = Array(text.utf8)
            return position + bytes.count <= count && bytes.indices.allSatisfy { head[position + $0] == bytes[$0] }
        }
        func skip(past terminator: String) -> Bool {
            let bytes = Array(terminator.utf8)
            while position + bytes.count <= count {
                if bytes.indices.allSatisfy({ head[position + $0] == bytes[$0] }) {
                    position += bytes.count
                    return true
                }
                position += 1
            }
            return false
        }
        skipSpace()
        guard starts(with: "<") else { return nil }
        while true {
            skipSpace()
            if starts(with: "<?") {
                guard skip(past: "?>") else { return nil }
            } else if starts(with: "<!--") {
                guard skip(past: "-->") else { return nil }
            } else if starts(with: "<!DOCTYPE") {
                // An internal subset may hold '>' inside brackets.
                var depth = 0
                while position < count {
                    let byte = head[position]
                    position += 1
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth -= 1 }
                    if byte == UInt8(ascii: ">") && depth <= 0 { break }
                }
            } else {
                break
            }
        }
        guard starts(with: "<"), position + 1 < count else { return nil }
        position += 1
        // The root tag, up to its closing '>' (quotes may hold '>').
        var tag: [UInt8] = []
        var quote: UInt8?
        while position < count {
            let byte = head[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return root(of: String(decoding: tag, as: UTF8.self))
            }
            tag.append(byte)
            if tag.count > 16 * 1024 { return nil }
        }
        return nil
    }

    /// The root element's local name and namespace from its tag's text (`svg xmlns="..." ...`).
    private static func root(of tag: String) -> SharedMIMEDatabase.XMLRoot? {
        let name = String(tag.prefix { !" \t\r\n/".contains($0) })
        guard !name.isEmpty else { return nil }
        let prefix = name.contains(":") ? String(name.prefix { $0 != ":" }) : nil
        let localName = prefix.map { String(name.dropFirst($0.count + 1)) } ?? name
        let attribute = prefix.map { "xmlns:\($0)" } ?? "xmlns"
        var namespace = ""
        // Attributes: NAME = "VALUE" or 'VALUE'.
        var rest = Substring(tag.dropFirst(name.count))
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters()
            var value = rest[rest.index(after: equals)...].drop { " \t\r\n".contains($0) }
            guard let quote = value.first, quote == "\"" || quote == "'" else { break }
            value = value.dropFirst()
            guard let end = value.firstIndex(of: quote) else { break }
            if key == attribute { namespace = String(value[..<end]) }
            rest = value[value.index(after: end)...]
        }
        return SharedMIMEDatabase.XMLRoot(namespace: namespace, localName: localName)
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop { " \t\r\n".contains($0) }.reversed().drop { " \t\r\n".contains($0) }.reversed())
    }
}

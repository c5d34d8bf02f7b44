/// A dynamic type: what Apple makes up for a tag no declared type carries. Its identifier is
/// `dyn.a` followed by the tag specification (`?0=6:1=sql`: conforms to public.data, filename
/// extension `sql`) in base 32 with the alphabet `abcdefghkmnpqrstuvwxyz0123456789`, most
/// significant bit first, no padding.
struct DynamicType: Hashable, Sendable {
    let identifier: String
    let tags: TagSpecification
    /// The identifiers the type conforms to directly (its constraint), possibly none.
    let conformsTo: [String]

    private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)
    private static let prefix = "dyn.a"
    /// Apple's one-character abbreviations of keys and of common values.
    private static let abbreviations: [(short: String, long: String)] = [
        ("0", "UTTypeConformsTo"),
        ("1", UTTagClass.filenameExtension.rawValue),
        ("2", "com.apple.ostype"),
        ("3", UTTagClass.mimeType.rawValue),
        ("4", "com.apple.nspboard-type"),
        ("5", "public.url-scheme"),
        ("6", "public.data"),
        ("7", "public.text"),
        ("8", "public.plain-text"),
        ("9", "public.utf16-plain-text"),
    ]
    private static let conformsKey = "0"

    init(tags: TagSpecification, conformsTo: [String]) {
        self.tags = tags
        self.conformsTo = conformsTo
        var fields: [String] = conformsTo.map { "\(Self.conformsKey)=\(Self.abbreviate($0))" }
        for (tagClass, values) in tags.entries {
            fields += values.map { "\(Self.abbreviate(tagClass.rawValue))=\(Self.escape($0))" }
        }
        let specification = (conformsTo.isEmpty ? "" : "?") + fields.joined(separator: ":")
        identifier = Self.prefix + Self.encode(Array(specification.utf8))
    }

    /// The dynamic type made for one tag, conforming to `constraint` if there is one.
    init(tag: String, tagClass: UTTagClass, constraint: UTType?) {
        self.init(tags: TagSpecification([(tagClass, [tag])]), conformsTo: constraint.map { [$0.identifier] } ?? [])
    }

    /// A type that nothing declares, known only by its identifier (`UTType(importedAs:)` of an
    /// undeclared identifier): no tags, the given parents.
    init(undeclared identifier: String, conformsTo: [String]) {
        self.identifier = identifier
        self.tags = TagSpecification()
        self.conformsTo = conformsTo
    }

    /// Decodes a `dyn.a…` identifier; nil when it is not one or does not decode to a specification.
    init?(identifier: String) {
        guard identifier.lowercased().hasPrefix(Self.prefix),
            let bytes = Self.decode(identifier.utf8.dropFirst(Self.prefix.utf8.count)),
            var specification = String(validating: bytes, as: UTF8.self)
        else { return nil }
        if specification.hasPrefix("?") { specification.removeFirst() }
        var conformsTo: [String] = []
        var tags: [(tagClass: UTTagClass, values: [String])] = []
        for field in Self.splitUnescaped(specification, on: ":") where !field.isEmpty || specification.isEmpty {
            let parts = Self.splitUnescaped(field, on: "=")
            guard parts.count == 2, !parts[0].isEmpty else { return nil }
            let key = Self.expand(parts[0])
            let value = Self.unescape(parts[1])
            if parts[0] == Self.conformsKey {
                conformsTo.append(Self.expand(value))
            } else if key.contains(".") {
                let tagClass = UTTagClass(rawValue: key)
                if let position = tags.firstIndex(where: { $0.tagClass == tagClass }) {
                    tags[position].values.append(value)
                } else {
                    tags.append((tagClass, [value]))
                }
            } else {
                return nil
            }
        }
        guard !(conformsTo.isEmpty && tags.isEmpty) else { return nil }
        self.init(tags: TagSpecification(tags), conformsTo: conformsTo)
        // Keep the spelling the caller used only when it round-trips to the same specification.
        guard self.identifier.lowercased() == identifier.lowercased() else { return nil }
    }

    private static func abbreviate(_ long: String) -> String {
        abbreviations.first { $0.long.lowercased() == long.lowercased() }?.short ?? escape(long)
    }

    private static func expand(_ short: String) -> String {
        abbreviations.first { $0.short == short }?.long ?? short
    }

    private static func escape(_ value: String) -> String {
        var escaped = ""
        for character in value {
            if character == "\\" || character == ":" || character == "=" || character == "," { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func unescape(_ value: String) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if !escaping && character == "\\" {
                escaping = true
            } else {
                result.append(character)
                escaping = false
            }
        }
        return result
    }

    /// Splits on `separator` where it is not escaped with a backslash; escapes are kept.
    private static func splitUnescaped(_ text: String, on separator: Character) -> [String] {
        var parts = [""]
        var escaping = false
        for character in text {
            if !escaping && character == separator {
                parts.append("")
                continue
            }
            parts[parts.count - 1].append(character)
            escaping = !escaping && character == "\\"
        }
        return parts
    }

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ characters: some Sequence<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            let lowered = (character >= 65 && character <= 90) ? character + 32 : character
            guard let value = alphabet.firstIndex(of: lowered) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return output
    }
}

import UniformTypes

/// What the destination does with a drop, as `UIDropOperation` says.
public enum DropOperation: String, Sendable, CaseIterable {
    case cancel, forbidden, copy, move
}

/// A drop destination: who it is, what it takes, how many, and how it loads.
public struct DropDestination: Sendable, Equatable {
    /// What the destination asks for.
    public enum Takes: Sendable, Equatable {
        /// Type identifiers, as `hasItemsConforming(toTypeIdentifiers:)`; each item takes the first
        /// one (in this order) it can satisfy.
        case accepts([String])
        /// A class's readable types in the destination's preference order, as `loadObjects(ofClass:)`.
        case readableTypes([String])
        /// A named class preset (see `DropDestination.classPresets`).
        case objectClass(String)
    }

    /// The operation the destination prefers.
    public enum Preference: String, Sendable, CaseIterable { case copy, move, auto }
    /// How accepted items are loaded.
    public enum Load: String, Sendable, CaseIterable { case data, file, openInPlace }

    public var application: String?
    public var team: String?
    public var group: String?
    public var takes: Takes
    public var minItems: Int?
    public var maxItems: Int?
    public var operation: Preference = .auto
    public var load: Load = .data
    public var forbidden = false

    public init(takes: Takes) { self.takes = takes }

    /// uti's model of Apple's classes: their readable type identifiers, in preference order.
    public static let classPresets: [(name: String, readableTypes: [String])] = [
        ("UIImage", ["com.apple.uikit.image", "public.png", "public.jpeg", "public.heic", "public.tiff", "com.compuserve.gif",
                     "org.webmproject.webp", "com.microsoft.bmp", "public.image"]),
        ("NSString", ["public.utf8-plain-text", "public.utf16-external-plain-text", "public.utf16-plain-text",
                      "public.plain-text", "com.apple.traditional-mac-plain-text", "public.text"]),
        ("NSAttributedString", ["com.apple.flat-rtfd", "com.apple.rtfd", "public.rtf", "public.html", "com.apple.webarchive",
                                "org.openxmlformats.wordprocessingml.document", "com.microsoft.word.doc",
                                "org.oasis-open.opendocument.text", "public.utf8-plain-text", "public.plain-text", "public.text"]),
        ("NSURL", ["public.file-url", "public.url", "public.utf8-plain-text"]),
        ("UIColor", ["com.apple.uikit.color"]),
        ("CNContact", ["public.vcard"]),
        ("MKMapItem", ["com.apple.mapkit.map-item"]),
    ]

    /// The readable types of a class preset, or nil for an unknown class.
    public static func readableTypes(ofClass name: String) -> [String]? {
        classPresets.first { $0.name == name }?.readableTypes
    }

    /// The class whose objects the destination loads, if it names one.
    public var className: String? {
        if case .objectClass(let name) = takes { return name }
        return nil
    }

    /// Reads a destination document (schemas/drop-destination.schema.json), naming every problem.
    public static func decode(_ bytes: [UInt8], source: String) throws(UTIError) -> DropDestination {
        let value = try JSONValue.parse(bytes, source: source)
        var reader = DocumentReader()
        let destination = decode(value, reader: &reader)
        guard reader.problems.isEmpty, let destination else {
            throw UTIError(.invalidInput, "\(source): " + reader.problems.map(\.description).joined(separator: "; "))
        }
        return destination
    }

    /// Reads a destination from a parsed document, recording problems in `reader`.
    public static func decode(_ value: JSONValue, reader: inout DocumentReader) -> DropDestination? {
        guard let members = reader.object(value, at: "$", allowed: [
            "application", "team", "group", "accepts", "readableTypes", "objectClass", "minItems", "maxItems",
            "operation", "load", "forbidden",
        ]) else { return nil }
        let accepts = reader.strings(members, "accepts", at: "$")
        let readable = reader.strings(members, "readableTypes", at: "$")
        let objectClass = reader.string(members, "objectClass", at: "$")
        let given = [accepts != nil, readable != nil, objectClass != nil].filter { $0 }.count
        var takes: Takes?
        if given != 1 {
            reader.problem("$", "needs exactly one of accepts, readableTypes or objectClass")
        } else if let accepts {
            takes = .accepts(accepts)
        } else if let readable {
            takes = .readableTypes(readable)
        } else if let objectClass {
            if readableTypes(ofClass: objectClass) == nil {
                reader.problem("$.objectClass", "unknown class \"\(objectClass)\" (known: \(classPresets.map(\.name).joined(separator: ", ")))")
            }
            takes = .objectClass(objectClass)
        }
        for (key, list) in [("accepts", accepts), ("readableTypes", readable)] {
            for (index, identifier) in (list ?? []).enumerated() where !TypeDeclaration.isWellFormed(identifier: identifier) {
                reader.problem("$.\(key)[\(index)]", "\"\(identifier)\" is not a well-formed type identifier")
            }
            if list?.isEmpty == true { reader.problem("$.\(key)", "must not be empty") }
        }
        var destination = DropDestination(takes: takes ?? .accepts([]))
        destination.application = reader.string(members, "application", at: "$")
        destination.team = reader.string(members, "team", at: "$")
        destination.group = reader.string(members, "group", at: "$")
        destination.minItems = reader.count(members, "minItems", at: "$")
        destination.maxItems = reader.count(members, "maxItems", at: "$")
        if let low = destination.minItems, let high = destination.maxItems, low > high {
            reader.problem("$.minItems", "is larger than maxItems")
        }
        destination.operation = reader.choice(members, "operation", at: "$", default: Preference.auto) ?? .auto
        destination.load = reader.choice(members, "load", at: "$", default: Load.data) ?? .data
        destination.forbidden = reader.bool(members, "forbidden", at: "$", default: false)
        return takes == nil ? nil : destination
    }
}

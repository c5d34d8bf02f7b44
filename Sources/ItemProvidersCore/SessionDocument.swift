import UniformTypes

/// A problem in a document, at a JSON path such as `$.items[0].representations[1].kind`.
public struct DocumentProblem: Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, as a JSON path (`$.items[0].kind`).
    public let path: String
    /// What is wrong there.
    public let message: String
    /// The path, a colon, and the message: one line of a report.
    public var description: String { "\(path): \(message)" }

    /// How many problems a report lists before it only counts the rest.
    public static let reportLimit = 20

    /// The first `limit` problems, and how many more there are: a document with 800,000
    /// problems gets a line a person can read, not 90 MB.
    public static func summary(_ problems: [DocumentProblem], limit: Int = reportLimit) -> [String] {
        var lines = problems.prefix(limit).map(\.description)
        if problems.count > limit { lines.append("… and \(problems.count - limit) more") }
        return lines
    }
}

/// Reads a JSON document while collecting every problem with its JSON path, so that a
/// hand-written file gets one list of everything to fix.
public struct DocumentReader {
    /// Every problem found so far, in document order.
    public private(set) var problems: [DocumentProblem] = []

    /// A reader with no problems yet.
    public init() {}

    /// Records a problem at `path`.
    public mutating func problem(_ path: String, _ message: String) {
        problems.append(DocumentProblem(path: path, message: message))
    }

    /// The members of an object; a problem (and nil) when it is not one or has unknown keys.
    public mutating func object(_ value: JSONValue?, at path: String, allowed: Set<String>) -> [String: JSONValue]? {
        guard let members = value?.objectValue else {
            problem(path, "must be an object")
            return nil
        }
        // A document may name its JSON Schema (editors use it); only the root may, and as a string.
        let isRoot = path == "$"
        for key in members.keys.sorted() where !allowed.contains(key) && !(isRoot && key == "$schema") {
            problem("\(path).\(key)", "unknown key (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
        if isRoot, let schema = members["$schema"], schema.stringValue == nil {
            problem("$.$schema", "must be a string (the document's JSON Schema)")
        }
        return members
    }

    /// An optional string: null and absent are nil.
    public mutating func string(_ members: [String: JSONValue], _ key: String, at path: String) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default:
            problem("\(path).\(key)", "must be a string")
            return nil
        }
    }

    /// An optional boolean with a default.
    public mutating func bool(_ members: [String: JSONValue], _ key: String, at path: String, default value: Bool) -> Bool {
        switch members[key] {
        case nil, .null?: return value
        case .bool(let flag)?: return flag
        default:
            problem("\(path).\(key)", "must be true or false")
            return value
        }
    }

    /// An optional non-negative integer.
    public mutating func count(_ members: [String: JSONValue], _ key: String, at path: String) -> Int? {
        switch members[key] {
        case nil, .null?: return nil
        case .int(let number)? where number >= 0: return number
        default:
            problem("\(path).\(key)", "must be a whole number, 0 or more")
            return nil
        }
    }

    /// An optional array of strings.
    public mutating func strings(_ members: [String: JSONValue], _ key: String, at path: String) -> [String]? {
        switch members[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard let text = item.stringValue else {
                    problem("\(path).\(key)[\(index)]", "must be a string")
                    continue
                }
                result.append(text)
            }
            return result
        default:
            problem("\(path).\(key)", "must be an array of strings")
            return nil
        }
    }

    /// An optional index path, `[section, item]`, both from 0.
    public mutating func indexPath(_ members: [String: JSONValue], _ key: String, at path: String) -> ListIndexPath? {
        switch members[key] {
        case nil, .null?: return nil
        case .array(let parts)? where parts.count == 2:
            if case .int(let section) = parts[0], case .int(let item) = parts[1], section >= 0, item >= 0 {
                return ListIndexPath(section: section, item: item)
            }
        default: break
        }
        problem("\(path).\(key)", "must be an index path: [section, item], whole numbers from 0")
        return nil
    }

    /// Parses `bytes` (read from `source`) and reads the document with `read`; throws one error
    /// naming every problem, prefixed with the source.
    public static func decode<Document>(
        _ bytes: [UInt8], source: String, _ read: (JSONValue, inout DocumentReader) -> Document?
    ) throws(UTIError) -> Document {
        let value = try JSONValue.parse(bytes, source: source)
        var reader = DocumentReader()
        let document = read(value, &reader)
        guard reader.problems.isEmpty, let document else {
            throw UTIError(.invalidInput, "\(source): " + DocumentProblem.summary(reader.problems).joined(separator: "; "))
        }
        return document
    }

    /// A value of `T` by its spelling: schemaVersion 2's kebab-case, or version 1's camelCase
    /// (`ownProcess` for `own-process`), in documents and in the flags that take the same values.
    package static func value<T: RawRepresentable>(_ text: String) -> T? where T.RawValue == String {
        T(rawValue: text) ?? T(rawValue: kebabCase(text))
    }

    /// `ownProcess` → `own-process`.
    static func kebabCase(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The value of `key` as one of `T`'s cases (version 1's camelCase spelling read too), `value` when absent; a problem otherwise.
    public mutating func choice<T: RawRepresentable>(
        _ members: [String: JSONValue], _ key: String, at path: String, default value: T?
    ) -> T? where T.RawValue == String, T: CaseIterable {
        guard let text = string(members, key, at: path) else {
            if value == nil && members[key] == nil { problem("\(path).\(key)", "is required") }
            return value
        }
        // Version 1 documents spelled some values in camelCase (`ownProcess`, `openInPlace`);
        // version 2 spells every value in kebab-case, and reads the old spelling too.
        guard let chosen: T = Self.value(text) else {
            problem("\(path).\(key)", "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")) (not \"\(text)\")")
            return value
        }
        return chosen
    }
}

/// The drag-session document (`uti wrap` writes it, `uti drop` reads it). Schema:
/// schemas/drag-session.schema.json.
public enum SessionDocument {
    /// Version 2 names a representation's type `typeIdentifier` (in uti's records, `type` is a
    /// type record) and spells every value in kebab-case; version 1 documents are still read.
    public static let schemaVersion = 2
    /// The versions `decode` reads.
    public static let readableVersions = 1...2

    /// The document for a session: every key present, absent facts null.
    public static func encode(_ session: DragSession) -> JSONValue {
        .object([
            "schemaVersion": .int(schemaVersion),
            "source": [
                "application": .optional(session.application), "team": .optional(session.team),
                "group": .optional(session.group),
            ],
            "allowsMoveOperation": .bool(session.allowsMoveOperation),
            "restrictedToSourceApplication": .bool(session.restrictedToSourceApplication),
            "dragConfiguration": session.dragConfiguration.map { ["allowMove": .bool($0.allowMove)] } ?? .null,
            "localContext": .optional(session.localContext),
            "items": .array(session.items.map(encode)),
        ])
    }

    static func encode(_ item: DragItem) -> JSONValue {
        var local: JSONValue = nil
        if let object = item.localObject { local = ["class": .string(object.className), "value": .string(object.value)] }
        return .object([
            "suggestedName": .optional(item.provider.suggestedName),
            "localObject": local,
            "sourceView": .optional(item.sourceView),
            "sourceIndexPath": item.sourceIndexPath.map(\.json) ?? .null,
            "representations": .array(item.provider.representations.map(encode)),
        ])
    }

    static func encode(_ representation: Representation) -> JSONValue {
        var path: String?
        var value: String?
        var derivedFrom: String?
        var converter: String?
        var object: String?
        switch representation.source {
        case .path(let file): path = file
        case .value(let text): value = text
        case .derived(let from, let name):
            derivedFrom = from
            converter = name
        case .object(let className, let file, let name):
            object = className
            path = file
            converter = name
        case .handler: break  // code, not data: the document records the type with no source
        }
        return .object([
            "typeIdentifier": .string(representation.type), "kind": .string(representation.kind.rawValue),
            "visibility": .string(representation.visibility.rawValue), "openInPlace": .bool(representation.openInPlace),
            "path": .optional(path), "value": .optional(value), "derivedFrom": .optional(derivedFrom),
            "converter": .optional(converter), "object": .optional(object),
        ])
    }

    /// Reads a session document, checking everything; throws one error listing every problem.
    public static func decode(
        _ bytes: [UInt8], source: String, converters: ConverterRegistry = .builtIn
    ) throws(UTIError) -> DragSession {
        try DocumentReader.decode(bytes, source: source) { value, reader in decode(value, reader: &reader, converters: converters) }
    }

    /// The problems of a session document, empty when it is valid.
    public static func problems(_ value: JSONValue, converters: ConverterRegistry = .builtIn) -> [DocumentProblem] {
        var reader = DocumentReader()
        _ = decode(value, reader: &reader, converters: converters)
        return reader.problems
    }

    static func decode(_ value: JSONValue, reader: inout DocumentReader, converters: ConverterRegistry) -> DragSession? {
        guard
            let root = reader.object(
                value, at: "$",
                allowed: [
                    "schemaVersion", "source", "allowsMoveOperation", "restrictedToSourceApplication", "dragConfiguration", "localContext",
                    "items",
                ])
        else { return nil }
        switch root["schemaVersion"] {
        case .int(let version)? where readableVersions.contains(version): break
        case nil: reader.problem("$.schemaVersion", "is required (\(schemaVersion))")
        default: reader.problem("$.schemaVersion", "must be \(schemaVersion) (or 1, the earlier version)")
        }
        var session = DragSession()
        if let source = root["source"], source != .null,
            let members = reader.object(source, at: "$.source", allowed: ["application", "team", "group"])
        {
            session.application = reader.string(members, "application", at: "$.source")
            session.team = reader.string(members, "team", at: "$.source")
            session.group = reader.string(members, "group", at: "$.source")
        }
        session.allowsMoveOperation = reader.bool(root, "allowsMoveOperation", at: "$", default: true)
        session.restrictedToSourceApplication = reader.bool(root, "restrictedToSourceApplication", at: "$", default: false)
        session.localContext = reader.string(root, "localContext", at: "$")
        if let declared = root["dragConfiguration"], declared != .null,
            let members = reader.object(declared, at: "$.dragConfiguration", allowed: ["allowMove"])
        {
            // A SwiftUI source's DragConfiguration decides whether the session moves.
            let allowMove = reader.bool(members, "allowMove", at: "$.dragConfiguration", default: false)
            if root["allowsMoveOperation"] == .bool(!allowMove) {
                reader.problem("$.allowsMoveOperation", "disagrees with dragConfiguration.allowMove, which decides it for a SwiftUI source")
            }
            session.dragConfiguration = DragConfiguration(allowMove: allowMove)
        }
        guard let items = root["items"]?.arrayValue else {
            reader.problem("$.items", root["items"] == nil ? "is required" : "must be an array")
            return nil
        }
        for (index, item) in items.enumerated() {
            if let decoded = decodeItem(item, at: "$.items[\(index)]", reader: &reader, converters: converters) {
                session.items.append(decoded)
            }
        }
        return session
    }

    static func decodeItem(_ value: JSONValue, at path: String, reader: inout DocumentReader, converters: ConverterRegistry) -> DragItem? {
        guard
            let members = reader.object(
                value, at: path,
                allowed: [
                    "suggestedName", "localObject", "sourceView", "sourceIndexPath", "representations",
                ])
        else { return nil }
        var provider = ItemProvider(suggestedName: reader.string(members, "suggestedName", at: path))
        var item = DragItem(provider: provider)
        if let local = members["localObject"], local != .null,
            let object = reader.object(local, at: "\(path).localObject", allowed: ["class", "value"])
        {
            let className = reader.string(object, "class", at: "\(path).localObject")
            if className == nil { reader.problem("\(path).localObject.class", "is required") }
            item.localObject = LocalObject(className: className ?? "", value: reader.string(object, "value", at: "\(path).localObject") ?? "")
        }
        item.sourceView = reader.string(members, "sourceView", at: path)
        item.sourceIndexPath = reader.indexPath(members, "sourceIndexPath", at: path)
        if (item.sourceView == nil) != (item.sourceIndexPath == nil) {
            reader.problem("\(path).sourceIndexPath", "sourceView and sourceIndexPath go together")
        }
        guard let representations = members["representations"]?.arrayValue else {
            reader.problem("\(path).representations", members["representations"] == nil ? "is required" : "must be an array")
            return nil
        }
        // An item with a local object alone is the usual in-app reorder; otherwise an item needs
        // something to load.
        if representations.isEmpty && item.localObject == nil {
            reader.problem("\(path).representations", "must not be empty (unless the item has a localObject)")
        }
        var seen: Set<String> = []
        for (index, value) in representations.enumerated() {
            let at = "\(path).representations[\(index)]"
            guard let representation = decodeRepresentation(value, at: at, reader: &reader, converters: converters) else { continue }
            if case .derived(let from, _) = representation.source, !seen.contains(from.lowercased()) {
                reader.problem("\(at).derivedFrom", "names \(from), which is not registered before it in this item")
            }
            if !seen.insert(representation.type.lowercased()).inserted {
                reader.problem("\(at).typeIdentifier", "\(representation.type) is registered twice in this item")
            }
            provider.register(representation)
        }
        item.provider = provider
        return item
    }

    static func decodeRepresentation(
        _ value: JSONValue, at path: String, reader: inout DocumentReader, converters: ConverterRegistry
    ) -> Representation? {
        guard
            let members = reader.object(
                value, at: path,
                allowed: [
                    "typeIdentifier", "type", "kind", "visibility", "openInPlace", "path", "value", "derivedFrom", "converter",
                    "object",
                ])
        else { return nil }
        // Version 1 called it `type`; either spelling is read, not both.
        let key = members["typeIdentifier"] == nil && members["type"] != nil ? "type" : "typeIdentifier"
        if members["typeIdentifier"] != nil && members["type"] != nil {
            reader.problem("\(path).type", "is version 1's name for typeIdentifier: give one of them")
        }
        let type = reader.string(members, key, at: path)
        if type == nil && members[key] == nil { reader.problem("\(path).typeIdentifier", "is required") }
        if let type, !TypeDeclaration.isWellFormed(identifier: type) && !type.lowercased().hasPrefix("dyn.") {
            reader.problem("\(path).\(key)", "\"\(type)\" is not a well-formed type identifier")
        }
        let kind: Representation.Kind? = reader.choice(members, "kind", at: path, default: nil)
        let visibility: Visibility? = reader.choice(members, "visibility", at: path, default: .all)
        let openInPlace = reader.bool(members, "openInPlace", at: path, default: false)
        let file = reader.string(members, "path", at: path)
        let inline = reader.string(members, "value", at: path)
        let derivedFrom = reader.string(members, "derivedFrom", at: path)
        let converter = reader.string(members, "converter", at: path)
        let object = reader.string(members, "object", at: path)
        if let converter, converters.converter(named: converter) == nil {
            reader.problem("\(path).converter", "unknown converter \"\(converter)\" (known: \(converters.converters.map(\.name).joined(separator: ", ")))")
        }
        let source: Representation.Source
        if let object {
            // What an object writes: from its file (as it is, or by a converter), or nothing uti can produce.
            if inline != nil || derivedFrom != nil { reader.problem(path, "an object representation takes path and converter, not value or derivedFrom") }
            if converter != nil && file == nil { reader.problem("\(path).converter", "an object's converter needs the object's file in path") }
            if kind == .url { reader.problem("\(path).kind", "an object representation is data or file, not url") }
            if object.isEmpty { reader.problem("\(path).object", "must name a class") }
            source = .object(className: object, path: file, converter: converter)
        } else if [file != nil, inline != nil, derivedFrom != nil].filter({ $0 }).count != 1 {
            reader.problem(path, "needs exactly one source: path, value, derivedFrom with converter, or object")
            return nil
        } else if let file {
            source = .path(file)
        } else if let inline {
            source = .value(inline)
        } else {
            guard let converter else {
                reader.problem("\(path).converter", "is required with derivedFrom")
                return nil
            }
            source = .derived(from: derivedFrom!, converter: converter)
        }
        if object == nil, derivedFrom == nil, converter != nil { reader.problem("\(path).converter", "goes with derivedFrom or object") }
        if kind == .url, inline == nil { reader.problem("\(path).value", "a url representation needs its URL in value") }
        if openInPlace && (kind != .file || file == nil) { reader.problem("\(path).openInPlace", "only a file with a path can open in place") }
        guard let type, let kind, let visibility else { return nil }
        return Representation(type: type, kind: kind, visibility: visibility, openInPlace: openInPlace, source: source)
    }
}

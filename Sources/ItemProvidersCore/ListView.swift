import UniformTypes

/// A position in a list, as UIKit's `IndexPath` holds it for collection and table views: a
/// section and an item (a row), both counted from 0. Written `S.I` on the command line and
/// `[section, item]` in documents.
public struct ListIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The item within the section, from 0.
    public var item: Int

    /// The index path of `item` in `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Parses `S.I` (two whole numbers from 0); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCIIDigit) }),
            let section = Int(parts[0]), let item = Int(parts[1])
        else { return nil }
        self.init(section: section, item: item)
    }

    /// The index path as `--at` spells it: `S.I`.
    public var description: String { "\(section).\(item)" }

    /// `[section, item]`, as documents write it.
    public var json: JSONValue { .array([.int(section), .int(item)]) }

    /// Index paths in list order: by section, then by item.
    public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// A collection or table view as a document (schemas/list.schema.json): sections of items, the
/// view's drop rules, and whether it reorders.
public struct ListView: Sendable, Equatable {
    /// A collection view or a table view (tables have rows a drag can be over, top to bottom).
    public enum Kind: String, Sendable, CaseIterable { case collection, table }
    /// The device idiom the view runs on.
    public enum Device: String, Sendable, CaseIterable { case phone, pad }

    /// Names the view, so a drag item's `sourceView` says whether it came from this one.
    public var identifier: String
    /// Collection or table.
    public var kind: Kind
    /// The application showing the view: the source of drags from it, the destination of drops.
    public var application: String?
    /// The list's application's development team.
    public var team: String?
    /// The list's application group.
    public var group: String?
    /// The class of the view's model objects, which drags from it carry as local objects and drops
    /// from elsewhere in the application insert directly (`ListItem` when not given).
    public var itemClass: String
    /// Whether items dragged from the view may be dropped back into it at another place.
    public var reorders: Bool
    /// What the view takes from elsewhere (its drop delegate's rules); nil takes nothing.
    public var drop: DropDestination?
    /// The device the view runs on; nil is an iPad's behaviour.
    public var device: Device?
    /// `dragInteractionEnabled` as the application sets it; nil is UIKit's default (true from
    /// iOS 15; in iOS 14 and earlier true on iPad and false on iPhone).
    public var dragInteractionEnabled: Bool?
    /// The iOS release the view runs on; nil is the newest (`OSRelease.newest`).
    public var os: OSRelease?
    /// Whether the drop delegate implements `dropSessionDidUpdate`; without it the view gets no
    /// intent from the delegate, and uti drops with intent unspecified.
    public var sessionDidUpdate = true
    /// The delegate's `dropSessionDidUpdate` returns `.forbidden` for an insertion before this
    /// item of a section (a pinned first row); nil forbids nowhere.
    public var firstInsertableItem: Int?
    /// The delegate proposes `.move` for its own items only while the view is editing.
    public var movesOnlyWhileEditing = false
    /// The sections, in order, with their items.
    public var sections: [ListSection]

    /// A list called `identifier` whose delegate makes items of `itemClass`; `reorders` allows moves within it.
    public init(identifier: String, kind: Kind = .collection, itemClass: String = "ListItem", reorders: Bool = true, sections: [ListSection] = []) {
        self.identifier = identifier
        self.kind = kind
        self.itemClass = itemClass
        self.reorders = reorders
        self.sections = sections
    }

    /// The release the view runs on: its own, or the newest.
    public var release: OSRelease { os ?? .newest }

    /// Whether drags start from the view. `dragInteractionEnabled` concerns dragging only (drops
    /// reach the view whatever it says); its default is true, except on iPhone in iOS 14 and
    /// earlier (Apple's UICollectionView.dragInteractionEnabled page).
    public var dragsEnabled: Bool {
        dragInteractionEnabled ?? (device != .phone || OSRelease.phoneDragsByDefault.isAvailable(in: release, on: .ios))
    }

    /// Whether a drag from the view stays in its application: on iPhone before iOS 15, where
    /// `dragInteractionEnabled` true "enables dragging within your app only".
    public var dragsStayInApplication: Bool {
        dragsEnabled && device == .phone && !OSRelease.phoneDragsByDefault.isAvailable(in: release, on: .ios)
    }

    /// Why no drag starts from the view, or nil when drags do.
    public var dragsOffReason: String? {
        dragsEnabled
            ? nil
            : dragInteractionEnabled == nil
                ? "\"\(identifier)\" is on an iPhone with iOS \(release), where \(kind) views start no drag unless dragInteractionEnabled is true (its default is false on iPhone in iOS 14 and earlier, true from iOS 15)"
                : "\"\(identifier)\" sets dragInteractionEnabled to false, so no drag starts from it"
    }

    /// The item at `path`, or nil outside the list.
    public func item(at path: ListIndexPath) -> ListItem? {
        guard sections.indices.contains(path.section), sections[path.section].items.indices.contains(path.item) else { return nil }
        return sections[path.section].items[path.item]
    }

    /// `rules` with the view's application, team and group where it names none of its own.
    func inheriting(_ rules: DropDestination) -> DropDestination {
        var rules = rules
        rules.application = rules.application ?? application
        rules.team = rules.team ?? team
        rules.group = rules.group ?? group
        return rules
    }
}

/// One section of a list.
public struct ListSection: Sendable, Equatable {
    /// The section's name, if it has one.
    public var identifier: String?
    /// The items, in order.
    public var items: [ListItem]

    /// A section named `identifier` holding `items`.
    public init(identifier: String? = nil, items: [ListItem] = []) {
        self.identifier = identifier
        self.items = items
    }
}

/// One item of a list: who it is, its types, where its content is, and (for an album or a folder)
/// what it takes when something is dropped into it.
public struct ListItem: Sendable, Equatable {
    /// Unique in the list.
    public var identifier: String
    /// Its types, in fidelity order (with `path` and no types, the file's inferred type).
    public var types: [String]
    /// A file holding the item's content, relative to the list document's folder.
    public var path: String?
    /// The item's content as text (a note), offered as each of `types`.
    public var value: String?
    /// What the item takes when something is dropped into it; nil takes nothing.
    public var drop: DropDestination?
    /// What was dropped into the item, by identifier or suggested name, oldest first.
    public var contents: [String]

    /// An item called `identifier` with the types it offers when dragged, its file or value, and the drop rules for drops into it.
    public init(identifier: String, types: [String] = [], path: String? = nil, value: String? = nil, drop: DropDestination? = nil, contents: [String] = []) {
        self.identifier = identifier
        self.types = types
        self.path = path
        self.value = value
        self.drop = drop
        self.contents = contents
    }
}

// MARK: - Document

/// Reads and writes list documents (schemas/list.schema.json).
public enum ListDocument {
    /// Version 2 spells every value in kebab-case (`"load": "open-in-place"`); version 1
    /// documents are still read.
    public static let schemaVersion = 2
    /// The versions `decode` reads.
    public static let readableVersions = 1...2

    /// Reads a list document, naming every problem by its JSON path.
    public static func decode(_ bytes: [UInt8], source: String) throws(UTIError) -> ListView {
        try DocumentReader.decode(bytes, source: source) { value, reader in decode(value, reader: &reader) }
    }

    /// The problems of a list document, empty when it is valid.
    public static func problems(_ value: JSONValue) -> [DocumentProblem] {
        var reader = DocumentReader()
        _ = decode(value, reader: &reader)
        return reader.problems
    }

    static func decode(_ value: JSONValue, reader: inout DocumentReader) -> ListView? {
        guard
            let root = reader.object(
                value, at: "$",
                allowed: [
                    "schemaVersion", "identifier", "kind", "application", "team", "group", "itemClass", "reorders", "drop", "sections",
                    "device", "dragInteractionEnabled", "sessionDidUpdate", "firstInsertableItem", "movesOnlyWhileEditing", "os",
                ])
        else { return nil }
        switch root["schemaVersion"] {
        case .int(let version)? where readableVersions.contains(version): break
        case nil: reader.problem("$.schemaVersion", "is required (\(schemaVersion))")
        default: reader.problem("$.schemaVersion", "must be \(schemaVersion) (or 1, the earlier version)")
        }
        let identifier = reader.string(root, "identifier", at: "$")
        if identifier == nil { reader.problem("$.identifier", "is required") }
        let kind: ListView.Kind = reader.choice(root, "kind", at: "$", default: .collection) ?? .collection
        var list = ListView(identifier: identifier ?? "", kind: kind)
        list.application = reader.string(root, "application", at: "$")
        list.team = reader.string(root, "team", at: "$")
        list.group = reader.string(root, "group", at: "$")
        list.itemClass = reader.string(root, "itemClass", at: "$") ?? "ListItem"
        list.reorders = reader.bool(root, "reorders", at: "$", default: true)
        if root["device"] != nil && root["device"] != .null {
            list.device = reader.choice(root, "device", at: "$", default: nil)
        }
        list.sessionDidUpdate = reader.bool(root, "sessionDidUpdate", at: "$", default: true)
        list.firstInsertableItem = reader.count(root, "firstInsertableItem", at: "$")
        list.movesOnlyWhileEditing = reader.bool(root, "movesOnlyWhileEditing", at: "$", default: false)
        if let os = reader.count(root, "os", at: "$") {
            if let problem = OSRelease.problem(os, on: .ios) { reader.problem("$.os", problem) }
            list.os = OSRelease(os)
        }
        if root["dragInteractionEnabled"] != nil && root["dragInteractionEnabled"] != .null {
            list.dragInteractionEnabled = reader.bool(root, "dragInteractionEnabled", at: "$", default: true)
        }
        if let rules = root["drop"], rules != .null {
            list.drop = DropDestination.decode(rules, at: "$.drop", isZone: true, reader: &reader)
        }
        guard let sections = root["sections"]?.arrayValue else {
            reader.problem("$.sections", root["sections"] == nil ? "is required" : "must be an array")
            return nil
        }
        var seen: [String: String] = [:]
        for (sectionIndex, value) in sections.enumerated() {
            let at = "$.sections[\(sectionIndex)]"
            guard let members = reader.object(value, at: at, allowed: ["identifier", "items"]) else { continue }
            var section = ListSection(identifier: reader.string(members, "identifier", at: at))
            guard let items = members["items"]?.arrayValue else {
                reader.problem("\(at).items", members["items"] == nil ? "is required" : "must be an array")
                continue
            }
            for (itemIndex, value) in items.enumerated() {
                let itemAt = "\(at).items[\(itemIndex)]"
                guard let item = decodeItem(value, at: itemAt, reader: &reader) else { continue }
                if let first = seen[item.identifier] {
                    reader.problem("\(itemAt).identifier", "\"\(item.identifier)\" is the identifier of \(first) too")
                }
                seen[item.identifier] = itemAt
                section.items.append(item)
            }
            list.sections.append(section)
        }
        return identifier == nil ? nil : list
    }

    static func decodeItem(_ value: JSONValue, at path: String, reader: inout DocumentReader) -> ListItem? {
        guard let members = reader.object(value, at: path, allowed: ["identifier", "types", "path", "value", "drop", "contents"])
        else { return nil }
        guard let identifier = reader.string(members, "identifier", at: path) else {
            if members["identifier"] == nil { reader.problem("\(path).identifier", "is required") }
            return nil
        }
        var item = ListItem(identifier: identifier)
        item.types = reader.strings(members, "types", at: path) ?? []
        for (index, type) in item.types.enumerated() where !TypeDeclaration.isWellFormed(identifier: type) {
            reader.problem("\(path).types[\(index)]", "\"\(type)\" is not a well-formed type identifier")
        }
        item.path = reader.string(members, "path", at: path)
        item.value = reader.string(members, "value", at: path)
        if item.path != nil && item.value != nil { reader.problem(path, "has both path and value (give one)") }
        if item.value != nil && item.types.isEmpty { reader.problem("\(path).types", "is required with value (the types the text is offered as)") }
        if let rules = members["drop"], rules != .null {
            item.drop = DropDestination.decode(rules, at: "\(path).drop", isZone: true, reader: &reader)
        }
        item.contents = reader.strings(members, "contents", at: path) ?? []
        return item
    }

    /// The document for a list: every key present, absent facts null.
    public static func encode(_ list: ListView) -> JSONValue {
        .object([
            "schemaVersion": .int(schemaVersion), "identifier": .string(list.identifier), "kind": .string(list.kind.rawValue),
            "application": .optional(list.application), "team": .optional(list.team), "group": .optional(list.group),
            "itemClass": .string(list.itemClass), "reorders": .bool(list.reorders),
            "device": .optional(list.device?.rawValue), "dragInteractionEnabled": list.dragInteractionEnabled.map(JSONValue.bool) ?? .null,
            "sessionDidUpdate": .bool(list.sessionDidUpdate), "firstInsertableItem": list.firstInsertableItem.map(JSONValue.int) ?? .null,
            "movesOnlyWhileEditing": .bool(list.movesOnlyWhileEditing), "os": list.os.map { .int($0.major) } ?? .null,
            "drop": list.drop.map(encodeRules) ?? .null,
            "sections": .array(
                list.sections.map { section in
                    .object([
                        "identifier": .optional(section.identifier),
                        "items": .array(
                            section.items.map { item in
                                .object([
                                    "identifier": .string(item.identifier), "types": .strings(item.types),
                                    "path": .optional(item.path), "value": .optional(item.value),
                                    "drop": item.drop.map(encodeRules) ?? .null, "contents": .strings(item.contents),
                                ])
                            }),
                    ])
                }),
        ])
    }

    /// A list's or an item's drop rules as the document writes them (no application: the list's).
    static func encodeRules(_ rules: DropDestination) -> JSONValue {
        var members: [String: JSONValue] = [:]
        switch rules.takes {
        case .accepts(let types): members["accepts"] = .strings(types)
        case .readableTypes(let types): members["readableTypes"] = .strings(types)
        case .objectClass(let name): members["objectClass"] = .string(name)
        case .nothing: break
        }
        switch rules.performDrop {
        case .accepts(let types)?: members["performDrop"] = .object(["accepts": .strings(types)])
        case .readableTypes(let types)?: members["performDrop"] = .object(["readableTypes": .strings(types)])
        case .objectClass(let name)?: members["performDrop"] = .object(["objectClass": .string(name)])
        case .nothing?: members["performDrop"] = .object([:])
        case nil: break
        }
        if let low = rules.minItems { members["minItems"] = .int(low) }
        if let high = rules.maxItems { members["maxItems"] = .int(high) }
        if rules.operation != .auto { members["operation"] = .string(rules.operation.rawValue) }
        if rules.load != .data { members["load"] = .string(rules.load.rawValue) }
        if rules.forbidden { members["forbidden"] = .bool(true) }
        return .object(members)
    }
}

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
        /// Nothing: a zone declared without rules, where every drop cancels (as a custom view
        /// cancels outside the frame it handles).
        case nothing
    }

    /// The operation the destination prefers.
    public enum Preference: String, Sendable, CaseIterable { case copy, move, auto }
    /// How accepted items are loaded.
    public enum Load: String, Sendable, CaseIterable {
        case data, file
        case openInPlace = "open-in-place"
    }

    /// The platform of the destination, and so of the drag (a drag stays on one device).
    public enum Platform: String, Sendable, CaseIterable { case ios, macos }

    /// The destination's application bundle identifier; nil when unknown (never the same application).
    public var application: String?
    /// The destination's development team (team visibility).
    public var team: String?
    /// The destination's application group (group visibility).
    public var group: String?
    /// Where the drop happens, when declared: NSItemProvider offers `team` visibility on iOS
    /// only and `group` on macOS only (NSItemProvider.h: API_UNAVAILABLE(macos) and
    /// API_UNAVAILABLE(ios)), so a representation with the other one cannot exist there.
    public var platform: Platform?
    /// The OS release the destination runs on; nil is the newest (`OSRelease.newest`).
    public var os: OSRelease?
    /// What `canHandle` checks (and `dropSessionDidUpdate` proposes from).
    public var takes: Takes
    /// What `performDrop` loads, when the delegate loads something other than what `canHandle`
    /// checks (the custom-view sample checks `public.image` by type and loads `UIImage` objects);
    /// nil loads what `takes` names; `.nothing` is a `performDrop` that loads nothing (the drop
    /// is accepted and the view reverts).
    public var performDrop: Takes?
    /// A SwiftUI target (`onDrop(of:)` or `dropDestination(for:)`), from which `takes`,
    /// `performDrop` and `operation` are derived.
    public var swiftUI: SwiftUIDestination?
    /// The fewest items the destination takes; fewer cancels.
    public var minItems: Int?
    /// The most items the destination takes; more cancels.
    public var maxItems: Int?
    /// The operation the destination prefers (`auto`: move within the source application when allowed).
    public var operation: Preference = .auto
    /// How accepted items are loaded.
    public var load: Load = .data
    /// Whether the destination forbids a drop it could otherwise handle.
    public var forbidden = false
    /// `UIDropProposal.isPrecise`: the destination places the drop precisely (a point in text).
    public var isPrecise = false
    /// `UIDropProposal.prefersFullSizePreview`: previews at their original size; Apple's page
    /// says it applies only to drags within the same application.
    public var prefersFullSizePreview = false
    /// `UIDropSession.progressIndicatorStyle`: whether the system shows its progress indicator
    /// while the loads take time (`default`), or the destination shows its own (`none`).
    public var progressIndicator: ProgressIndicator = .default

    /// `UIDropSessionProgressIndicatorStyle`.
    public enum ProgressIndicator: String, Sendable, CaseIterable { case `default`, none }
    /// Named parts of a plain view, each with rules of its own (`uti drop --zone NAME`); a zone
    /// without rules takes `.nothing`. Zones share the destination's application, team and group.
    public var zones: [String: DropDestination] = [:]

    /// A destination that takes `takes`, with every other rule at its default.
    public init(takes: Takes) { self.takes = takes }

    /// The destination as seen from zone `name`, or nil when it declares no such zone.
    public func zone(_ name: String) -> DropDestination? {
        guard var zone = zones[name] else { return nil }
        zone.application = application
        zone.team = team
        zone.group = group
        zone.platform = platform
        zone.os = os
        return zone
    }

    /// The release the destination runs on: its own, or the newest.
    public var release: OSRelease { os ?? .newest }

    /// What the destination or the session needs that the destination's release does not have,
    /// one sentence each: a SwiftUI target's API, a SwiftUI source's DragConfiguration.
    public func unavailable(for session: DragSession) -> [String] {
        (swiftUI?.unavailable(in: release, on: platform) ?? []) + [session.unavailable(in: release, on: platform)].compactMap { $0 }
    }

    /// The readable types of a class preset, or nil for an unknown class.
    public static func readableTypes(ofClass name: String) -> [String]? {
        classPresets.first { $0.name == name }?.readable.map(\.type)
    }

    /// How an item that matched `requested` is loaded: as the destination says, except that a
    /// Transferable type's `FileRepresentation` receives a file.
    public func load(for requested: String?) -> Load {
        swiftUI?.load(for: requested) ?? load
    }

    /// The class whose objects the destination loads, if it names one.
    public var className: String? {
        if case .objectClass(let name) = takes { return name }
        return nil
    }

    /// Reads a destination document (schemas/drop-destination.schema.json), naming every problem.
    public static func decode(_ bytes: [UInt8], source: String) throws(UTIError) -> DropDestination {
        try DocumentReader.decode(bytes, source: source) { value, reader in decode(value, reader: &reader) }
    }

    /// Reads a destination from a parsed document at JSON path `path`, recording problems in
    /// `reader`. A zone (`isZone`) may declare no rules and no zones of its own; a destination with
    /// zones may leave its own rules out.
    public static func decode(_ value: JSONValue, at path: String = "$", isZone: Bool = false, reader: inout DocumentReader) -> DropDestination? {
        let owner: Set<String> = isZone ? [] : ["application", "team", "group", "platform", "zones", "swiftUI", "os"]
        guard
            let members = reader.object(
                value, at: path,
                allowed: owner.union([
                    "accepts", "readableTypes", "objectClass", "performDrop", "minItems", "maxItems", "operation", "load", "forbidden",
                    "isPrecise", "prefersFullSizePreview", "progressIndicatorStyle",
                ]))
        else { return nil }
        var zones: [String: DropDestination] = [:]
        if let declared = members["zones"], declared != .null {
            if let entries = declared.objectValue, !entries.isEmpty {
                for name in entries.keys.sorted() {
                    if let zone = decode(entries[name]!, at: "\(path).zones.\(name)", isZone: true, reader: &reader) { zones[name] = zone }
                }
            } else {
                reader.problem("\(path).zones", "must be an object of named zones, not empty")
            }
        }
        var takes: Takes?
        var swiftUI: SwiftUIDestination?
        if let declared = members["swiftUI"], declared != .null {
            swiftUI = SwiftUIDestination.decode(declared, at: "\(path).swiftUI", reader: &reader)
            for key in ["accepts", "readableTypes", "objectClass", "performDrop", "operation", "forbidden"] where members[key] != nil {
                reader.problem("\(path).\(key)", "comes from swiftUI (its onDrop, delegate or Transferable type); leave it out")
            }
        }
        switch decodeTakes(members, at: path, reader: &reader) {
        case .some(.nothing) where !isZone && zones.isEmpty && members["swiftUI"] == nil:
            reader.problem(path, "needs exactly one of accepts, readableTypes or objectClass")
        case .some(let declared): takes = declared
        case nil: reader.problem(path, "needs exactly one of accepts, readableTypes or objectClass" + (isZone ? " (or none, to cancel)" : ""))
        }
        var destination = DropDestination(takes: takes ?? .nothing)
        destination.zones = zones
        if let declared = members["performDrop"], declared != .null {
            let at = "\(path).performDrop"
            if let load = reader.object(declared, at: at, allowed: ["accepts", "readableTypes", "objectClass"]) {
                destination.performDrop = decodeTakes(load, at: at, reader: &reader)
                if destination.performDrop == nil { reader.problem(at, "needs at most one of accepts, readableTypes or objectClass ({} loads nothing)") }
            }
        }
        destination.application = reader.string(members, "application", at: path)
        destination.team = reader.string(members, "team", at: path)
        destination.group = reader.string(members, "group", at: path)
        destination.minItems = reader.count(members, "minItems", at: path)
        destination.maxItems = reader.count(members, "maxItems", at: path)
        if let low = destination.minItems, let high = destination.maxItems, low > high {
            reader.problem("\(path).minItems", "is larger than maxItems")
        }
        destination.operation = reader.choice(members, "operation", at: path, default: Preference.auto) ?? .auto
        destination.load = reader.choice(members, "load", at: path, default: Load.data) ?? .data
        destination.forbidden = reader.bool(members, "forbidden", at: path, default: false)
        destination.isPrecise = reader.bool(members, "isPrecise", at: path, default: false)
        destination.prefersFullSizePreview = reader.bool(members, "prefersFullSizePreview", at: path, default: false)
        destination.progressIndicator =
            reader.choice(members, "progressIndicatorStyle", at: path, default: ProgressIndicator.default) ?? .default
        if members["platform"] != nil && members["platform"] != .null {
            destination.platform = reader.choice(members, "platform", at: path, default: nil)
        }
        if let os = reader.count(members, "os", at: path) {
            if let problem = OSRelease.problem(os, on: destination.platform) { reader.problem("\(path).os", problem) }
            destination.os = OSRelease(os)
        }
        if let swiftUI {
            destination.swiftUI = swiftUI
            swiftUI.rules(into: &destination)
        }
        return takes == nil ? nil : destination
    }

    /// The one of accepts, readableTypes and objectClass that `members` declares (`.nothing` for
    /// none), or nil when it declares more than one; each checked and named by JSON path.
    static func decodeTakes(_ members: [String: JSONValue], at path: String, reader: inout DocumentReader) -> Takes? {
        let accepts = reader.strings(members, "accepts", at: path)
        let readable = reader.strings(members, "readableTypes", at: path)
        let objectClass = reader.string(members, "objectClass", at: path)
        for (key, list) in [("accepts", accepts), ("readableTypes", readable)] {
            for (index, identifier) in (list ?? []).enumerated() where !TypeDeclaration.isWellFormed(identifier: identifier) {
                reader.problem("\(path).\(key)[\(index)]", "\"\(identifier)\" is not a well-formed type identifier")
            }
            if list?.isEmpty == true { reader.problem("\(path).\(key)", "must not be empty") }
        }
        switch (accepts, readable, objectClass) {
        case (nil, nil, nil): return .nothing
        case (let accepts?, nil, nil): return .accepts(accepts)
        case (nil, let readable?, nil): return .readableTypes(readable)
        case (nil, nil, let objectClass?):
            if readableTypes(ofClass: objectClass) == nil {
                reader.problem("\(path).objectClass", "unknown class \"\(objectClass)\" (known: \(classPresets.map(\.name).joined(separator: ", ")))")
            }
            return .objectClass(objectClass)
        default: return nil
        }
    }
}

/// A class's readable and writable types as uti models them (Catalog/class-presets.json), with
/// provenance: Apple publishes few of these lists, so each entry says where it comes from.
public struct ClassPreset: Sendable {
    /// How sure uti is that Apple's class reads or writes a type.
    public enum Confidence: String, Sendable {
        /// Apple's documentation says so.
        case documented
        /// Seen on a device, in public code or in a published report.
        case observed
        /// uti's reading of what the class can decode; Apple does not say.
        case inferred
    }

    /// What an object of the class is made of when an application makes one from a file.
    public enum MadeFrom: String, Sendable {
        /// The file's contents (an image, a string, a contact).
        case contents
        /// The file's URL (NSURL).
        case url
    }

    /// One readable type of a class preset, with how sure uti is of it and where that comes from.
    public struct Entry: Sendable {
        /// The type identifier.
        public let type: String
        /// Documented by Apple, observed, or uti's inference.
        public let confidence: Confidence
        /// The document, header or observation behind it.
        public let source: String
        /// The class's own archive (such as com.apple.uikit.image), which only the class reads.
        public let isNative: Bool

        /// An entry for `type`; `isNative` marks the class's own private type.
        public init(type: String, confidence: Confidence, source: String, isNative: Bool = false) {
            self.type = type
            self.confidence = confidence
            self.source = source
            self.isNative = isNative
        }
    }

    /// The class's name (`UIImage`).
    public let name: String
    /// What the preset is, in one sentence.
    public let note: String
    /// Where the preset's lists come from.
    public let madeFrom: MadeFrom
    /// In the class's preference order (`readableTypeIdentifiersForItemProvider`).
    public let readable: [Entry]
    /// In fidelity order (`writableTypeIdentifiersForItemProvider`).
    public let writable: [Entry]

    /// The preset named `name`.
    public static func named(_ name: String) -> ClassPreset? {
        DropDestination.classPresets.first { $0.name == name }
    }
}

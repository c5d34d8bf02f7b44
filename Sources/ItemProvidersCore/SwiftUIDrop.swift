import UniformTypes

/// A `Transferable` type as a drop destination sees it: the representations it imports, in the
/// order of its `transferRepresentation`, each with its content type (or, for a proxy, the
/// Transferable type it is made from) and where uti's knowledge of it comes from.
public struct TransferableType: Sendable, Equatable {
    /// One of a Transferable type's transfer representations.
    public struct Representation: Sendable, Equatable {
        /// `CodableRepresentation`, `DataRepresentation`, `FileRepresentation` or
        /// `ProxyRepresentation`.
        public enum Kind: String, Sendable, CaseIterable {
            case codable = "CodableRepresentation"
            case data = "DataRepresentation"
            case file = "FileRepresentation"
            case proxy = "ProxyRepresentation"
        }

        /// Which way a representation transfers: `DataRepresentation(importedContentType:)` and
        /// `FileRepresentation(importedContentType:)` import only; `exportedContentType:` and
        /// `ProxyRepresentation(exporting:)` export only; the others both.
        public enum Direction: String, Sendable, CaseIterable { case `import`, export, both }

        /// Codable, data, file or proxy.
        public var kind: Kind
        /// Import, export or both; a drop imports, so only import and both count there.
        public var direction: Direction
        /// The content type it imports (nil for a proxy).
        public var contentType: String?
        /// For a proxy: the Transferable type the value is made from (a preset's name).
        public var proxy: String?
        /// How sure uti is of it (presets only).
        public var confidence: ClassPreset.Confidence
        /// Where that comes from.
        public var source: String

        /// A representation of `kind` for `contentType`, or a proxy to another preset, transferring
        /// in `direction`.
        public init(
            kind: Kind, contentType: String? = nil, proxy: String? = nil, direction: Direction = .both, confidence: ClassPreset.Confidence,
            source: String
        ) {
            self.kind = kind
            self.direction = direction
            self.contentType = contentType
            self.proxy = proxy
            self.confidence = confidence
            self.source = source
        }
    }

    /// The type's name (`String`, or your own).
    public var name: String
    /// What the type is, in one sentence.
    public var note: String
    /// Its transfer representations in `transferRepresentation` order.
    public var representations: [Representation]
    /// The first releases with the type, when it is younger than Transferable itself.
    public var since: OSRelease.Fact?

    /// A Transferable type called `name`.
    public init(name: String, note: String, since: OSRelease.Fact? = nil, representations: [Representation]) {
        self.name = name
        self.note = note
        self.since = since
        self.representations = representations
    }

    /// The preset named `name`.
    public static func preset(_ name: String) -> TransferableType? {
        presets.first { $0.name == name }
    }

    /// The content types the type imports, in its order (its preference), with the kind of
    /// representation that imports each: export-only representations are left out, and a proxy
    /// contributes its source type's, once each, at most four deep.
    public func importedTypes(depth: Int = 0) -> [(type: String, kind: Representation.Kind)] {
        var result: [(type: String, kind: Representation.Kind)] = []
        for representation in representations where representation.direction != .export {
            if let type = representation.contentType {
                result.append((type, representation.kind))
            } else if let proxy = representation.proxy, depth < 4, let source = Self.preset(proxy) {
                result += source.importedTypes(depth: depth + 1)
            }
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0.type.lowercased()).inserted }
    }
}

/// What a SwiftUI destination's `dropConfiguration(_:)` closure returns (`DropConfiguration`,
/// iOS 26 and macOS 26; the modifier is iOS 27 and macOS 26 on Apple's pages).
public struct SwiftUIDropConfiguration: Sendable, Equatable {
    /// The operation: `move` is Apple's example, move when the session suggests it and copy
    /// otherwise; copy, cancel and forbidden are returned as they are.
    public var operation: DropOperation
    /// `acceptedItemCount` (macOS 26 only): the number of items the destination takes.
    public var acceptedItemCount: Int?

    /// A configuration returning `operation`, taking at most `acceptedItemCount` items.
    public init(operation: DropOperation, acceptedItemCount: Int? = nil) {
        self.operation = operation
        self.acceptedItemCount = acceptedItemCount
    }
}

/// A SwiftUI drop target, as a destination document declares it (`"swiftUI"`): `onDrop(of:)`
/// with an optional `DropDelegate`, or `dropDestination(for:)` with a Transferable type and,
/// from iOS 27 and macOS 26, a `dropConfiguration(_:)`.
public enum SwiftUIDestination: Sendable, Equatable {
    /// `onDrop(of: types, delegate:)`. `validate` is what the delegate's `validateDrop` checks
    /// (nil: the default, items conforming to `types`); `proposal` what `dropUpdated` returns
    /// (nil: the default proposal, copy); `performs` whether `performDrop` returns true.
    case onDrop(types: [String], validate: [String]?, proposal: DropOperation?, performs: Bool)
    /// `dropDestination(for: T.self)`, with what its `dropConfiguration` returns, if it has one.
    case dropDestination(TransferableType, configuration: SwiftUIDropConfiguration?)

    /// The rules uti negotiates with: what the check takes, what the action loads, how.
    func rules(into destination: inout DropDestination) {
        switch self {
        case .onDrop(let types, let validate, let proposal, let performs):
            // DropDelegate.validateDrop's default: the drop has items conforming to the
            // types given to onDrop; the action receives the providers of those items.
            destination.takes = .accepts(validate ?? types)
            if validate != nil || !performs { destination.performDrop = performs ? .accepts(types) : .nothing }
            switch proposal {
            case .move?: destination.operation = .move
            case .forbidden?: destination.forbidden = true
            case .cancel?, .copy?, nil: destination.operation = .copy  // cancel: see Negotiation.propose
            }
        case .dropDestination(let payload, let configuration):
            // The items whose providers have a type one of T's representations imports. T's
            // representations are in its preference order ("more preferred first"), so each item
            // loads through the first representation it can satisfy, exactly or by conformance.
            destination.takes = .accepts(payload.importedTypes().map(\.type))
            switch configuration?.operation {
            // Apple's dropConfiguration example: move when the session suggests it, else copy,
            // which is rule 4's auto (a move stays within the source application).
            case .move?: destination.operation = .auto
            case .forbidden?: destination.forbidden = true
            case .cancel?, .copy?, nil: destination.operation = .copy
            }
        }
    }

    /// Why the target's own code cancels the drop, if it does.
    var cancelReason: String? {
        switch self {
        case .onDrop(_, _, .cancel?, _): "the delegate's dropUpdated returns cancel"
        case .dropDestination(_, let configuration?) where configuration.operation == .cancel: "the dropConfiguration returns cancel"
        default: nil
        }
    }

    /// How an item whose `requested` type matched is loaded: a `FileRepresentation` receives a
    /// file, every other kind data.
    func load(for requested: String?) -> DropDestination.Load? {
        guard case .dropDestination(let payload, _) = self, let requested else { return nil }
        let kind = payload.importedTypes().first { $0.type.caseFolded == requested.caseFolded }?.kind
        return kind == .file ? .file : .data
    }

    /// The configuration's `acceptedItemCount`, if it sets one.
    var acceptedItemCount: Int? {
        guard case .dropDestination(_, let configuration?) = self else { return nil }
        return configuration.acceptedItemCount
    }

    /// Why the proposal is copy.
    var copyReason: String {
        switch self {
        case .onDrop(_, _, .copy?, _): "the delegate's dropUpdated returns copy"
        case .onDrop: "DropDelegate's default dropUpdated returns nil, so the drop uses the default proposal, copy"
        case .dropDestination(_, .some): "the dropConfiguration returns copy"
        case .dropDestination(_, nil):
            "dropDestination copies (uti's reading: without a dropConfiguration SwiftUI proposes no move, and Apple documents none)"
        }
    }

    /// What the target needs that `release` on `platform` does not have, one sentence each.
    public func unavailable(in release: OSRelease, on platform: DropDestination.Platform?) -> [String] {
        guard case .dropDestination(let payload, let configuration) = self else { return [] }
        var facts = [OSRelease.transferableDrop] + (payload.since.map { [$0] } ?? [])
        if let configuration {
            facts.append(OSRelease.dropConfiguration)
            if configuration.acceptedItemCount != nil { facts.append(OSRelease.acceptedItemCount) }
        }
        return facts.compactMap { $0.unavailable(in: release, on: platform) }
    }

    /// The notes of a result: the target, and for a Transferable type where each imported
    /// content type comes from and how sure uti is of it.
    var notes: [String] {
        var lines = ["SwiftUI: \(summary)"]
        if case .dropDestination(let payload, let configuration) = self {
            lines.append("\(payload.name): \(payload.note)")
            for representation in payload.representations where representation.confidence != .documented {
                lines.append(
                    "\(payload.name) imports \(representation.contentType ?? representation.proxy ?? "") (\(representation.confidence.rawValue)): \(representation.source)"
                )
            }
            if payload.importedTypes().isEmpty {
                lines.append("\(payload.name) imports nothing: every representation it declares exports only, so no drop reaches it")
            }
            if configuration?.operation == .move {
                lines.append(
                    "dropConfiguration: move when the session suggests it (DropSession.suggestedOperations), copy otherwise, as Apple's dropConfiguration(_:) example does"
                )
            }
        }
        return lines
    }

    /// What the result says about the target, one sentence.
    public var summary: String {
        switch self {
        case .onDrop(let types, let validate, let proposal, let performs):
            var parts = ["onDrop(of: [\(types.joined(separator: ", "))])"]
            if let validate { parts.append("validateDrop checks \(validate.joined(separator: ", "))") }
            parts.append("dropUpdated proposes \(proposal?.rawValue ?? "copy (the default proposal)")")
            parts.append("performDrop returns \(performs)")
            return parts.joined(separator: "; ")
        case .dropDestination(let payload, let configuration):
            var text =
                "dropDestination(for: \(payload.name).self), importing "
                + payload.importedTypes().map { "\($0.type) (\($0.kind.rawValue))" }.joined(separator: ", ")
            if let configuration {
                text += "; dropConfiguration returns \(configuration.operation.rawValue)"
                if let count = configuration.acceptedItemCount { text += ", acceptedItemCount \(count)" }
            }
            return text
        }
    }

    /// Reads `"swiftUI"` of a destination document.
    static func decode(_ value: JSONValue, at path: String, reader: inout DocumentReader) -> SwiftUIDestination? {
        guard
            let members = reader.object(
                value, at: path, allowed: ["onDrop", "validateDrop", "dropUpdated", "performDrop", "dropDestination", "dropConfiguration"])
        else { return nil }
        let onDrop = reader.strings(members, "onDrop", at: path)
        if let payload = members["dropDestination"] {
            if onDrop != nil || members["validateDrop"] != nil || members["dropUpdated"] != nil || members["performDrop"] != nil {
                reader.problem(path, "dropDestination stands alone (validateDrop, dropUpdated and performDrop belong to onDrop's delegate)")
                return nil
            }
            var configuration: SwiftUIDropConfiguration?
            if let declared = members["dropConfiguration"], declared != .null {
                let at = "\(path).dropConfiguration"
                if let fields = reader.object(declared, at: at, allowed: ["operation", "acceptedItemCount"]) {
                    let operation: DropOperation? = reader.choice(fields, "operation", at: at, default: nil)
                    if fields["operation"] == nil { reader.problem("\(at).operation", "is required (copy, move, cancel or forbidden)") }
                    let count = reader.count(fields, "acceptedItemCount", at: at)
                    if count == 0 { reader.problem("\(at).acceptedItemCount", "must be at least 1") }
                    configuration = operation.map { SwiftUIDropConfiguration(operation: $0, acceptedItemCount: count) }
                }
            }
            return decodePayload(payload, at: "\(path).dropDestination", reader: &reader).map {
                SwiftUIDestination.dropDestination($0, configuration: configuration)
            }
        }
        if members["dropConfiguration"] != nil {
            reader.problem("\(path).dropConfiguration", "configures dropDestination (Apple's example); onDrop's delegate proposes with dropUpdated")
        }
        guard let onDrop, !onDrop.isEmpty else {
            reader.problem(path, "needs onDrop (types) or dropDestination (a Transferable type)")
            return nil
        }
        for (index, type) in onDrop.enumerated() where !TypeDeclaration.isWellFormed(identifier: type) {
            reader.problem("\(path).onDrop[\(index)]", "\"\(type)\" is not a well-formed type identifier")
        }
        let validate = reader.strings(members, "validateDrop", at: path)
        let proposal: DropOperation? = members["dropUpdated"] == nil ? nil : reader.choice(members, "dropUpdated", at: path, default: nil)
        return .onDrop(types: onDrop, validate: validate, proposal: proposal, performs: reader.bool(members, "performDrop", at: path, default: true))
    }

    /// A preset's name, or a custom type: {"name", "representations": [{"kind", "contentType" | "proxy", "direction"}]}.
    static func decodePayload(_ value: JSONValue, at path: String, reader: inout DocumentReader) -> TransferableType? {
        if let name = value.stringValue {
            guard let preset = TransferableType.preset(name) else {
                reader.problem(
                    path,
                    "unknown Transferable type \"\(name)\" (presets: \(TransferableType.presets.map(\.name).joined(separator: ", ")); declare others with name and representations)"
                )
                return nil
            }
            return preset
        }
        guard let members = reader.object(value, at: path, allowed: ["name", "representations"]) else { return nil }
        let name = reader.string(members, "name", at: path) ?? ""
        if name.isEmpty { reader.problem("\(path).name", "is required") }
        guard let entries = members["representations"]?.arrayValue, !entries.isEmpty else {
            reader.problem("\(path).representations", "is required: the representations in transferRepresentation order")
            return nil
        }
        var representations: [TransferableType.Representation] = []
        for (index, entry) in entries.enumerated() {
            let at = "\(path).representations[\(index)]"
            guard let fields = reader.object(entry, at: at, allowed: ["kind", "contentType", "proxy", "direction"]) else { continue }
            let direction = reader.choice(fields, "direction", at: at, default: TransferableType.Representation.Direction.both) ?? .both
            guard let kind: TransferableType.Representation.Kind = reader.choice(fields, "kind", at: at, default: nil) else {
                if fields["kind"] == nil { reader.problem("\(at).kind", "is required") }
                continue
            }
            let declared = "declared by the destination document"
            if kind == .proxy {
                guard let proxy = reader.string(fields, "proxy", at: at), TransferableType.preset(proxy) != nil else {
                    reader.problem(
                        "\(at).proxy",
                        "a ProxyRepresentation names the preset it is made from (\(TransferableType.presets.map(\.name).joined(separator: ", ")))")
                    continue
                }
                representations.append(.init(kind: kind, proxy: proxy, direction: direction, confidence: .documented, source: declared))
            } else {
                guard let type = reader.string(fields, "contentType", at: at), TypeDeclaration.isWellFormed(identifier: type) else {
                    reader.problem("\(at).contentType", "is required: a well-formed type identifier")
                    continue
                }
                representations.append(.init(kind: kind, contentType: type, direction: direction, confidence: .documented, source: declared))
            }
        }
        return name.isEmpty ? nil : TransferableType(name: name, note: "declared by the destination document", representations: representations)
    }
}

extension DropDestination {
    /// A destination for a SwiftUI target: its rules derived from the modifier and delegate.
    public init(swiftUI: SwiftUIDestination) {
        self.init(takes: .nothing)
        self.swiftUI = swiftUI
        swiftUI.rules(into: &self)
    }
}

import UniformTypes

/// Who may see a representation, as `NSItemProviderRepresentationVisibility` says.
public enum Visibility: String, Sendable, CaseIterable {
    /// Every process.
    case all
    /// Processes of the source's development team.
    case team
    /// Processes in the source's application group.
    case group
    /// Only the source application itself (`own-process`; version 1 documents spelled it
    /// `ownProcess`, which is still read).
    case ownProcess = "own-process"
}

/// One way an item can be delivered: a file, bytes, or a URL, as a type, with its source.
public struct Representation: Sendable, Equatable {
    /// How the representation is delivered.
    public enum Kind: String, Sendable, CaseIterable {
        case file, data, url
    }

    /// Where the bytes come from.
    public enum Source: Sendable, Equatable {
        /// A file on disk.
        case path(String)
        /// Inline: a URL string, or small text data.
        case value(String)
        /// A promise: produced from the representation of type `from` by the named converter, only
        /// when it is loaded.
        case derived(from: String, converter: String)
        /// Written by an object of class `className` that the source application made from the
        /// file at `path` (`NSItemProvider(object:)`): the file's bytes when it already has the
        /// type, else `converter` applied to it. Without a path uti cannot produce the bytes (UIKit
        /// would encode them; uti has no encoder for them), though the type is offered all the same.
        case object(className: String, path: String?, converter: String?)
        /// Bytes a program produces when the representation is loaded
        /// (`ItemProvider.registerDataRepresentation(for:visibility:loadHandler:)`); a session
        /// document cannot record it.
        case handler(DataHandler)
    }

    /// The type identifier of the representation.
    public var type: String
    /// File, data or URL.
    public var kind: Kind
    /// Who may see it.
    public var visibility: Visibility
    /// Whether a destination may open the file where it is rather than receive a copy.
    public var openInPlace: Bool
    /// Where its bytes come from.
    public var source: Source

    /// A representation of `type`, delivered as `kind`, from `source`.
    public init(type: String, kind: Kind, visibility: Visibility = .all, openInPlace: Bool = false, source: Source) {
        self.type = type
        self.kind = kind
        self.visibility = visibility
        self.openInPlace = openInPlace
        self.source = source
    }
}

/// The code behind a representation registered with a load handler; equal only to itself.
public final class DataHandler: Sendable, Equatable {
    let load: @Sendable () async throws -> [UInt8]

    /// A handler that produces the bytes when a destination loads them.
    public init(_ load: @escaping @Sendable () async throws -> [UInt8]) { self.load = load }

    /// Whether both are the same handler.
    public static func == (lhs: DataHandler, rhs: DataHandler) -> Bool { lhs === rhs }
}

/// What a drag source promises for one item: representations in fidelity order, highest first,
/// as `NSItemProvider` keeps them.
public struct ItemProvider: Sendable, Equatable {
    /// The registered representations, highest fidelity first.
    public private(set) var representations: [Representation] = []
    /// The name a destination should give a file made from this item.
    public var suggestedName: String?

    /// An empty provider; `suggestedName` names the file a destination writes.
    public init(suggestedName: String? = nil) {
        self.suggestedName = suggestedName
    }

    /// Registers a representation at the end of the fidelity order; a type registered before
    /// keeps its first position (and its first registration).
    /// Registering a type twice keeps the first registration: Apple's registerObject(_:visibility:)
    /// page says an already registered type "is preserved (specifically, duplicate
    /// representations are ignored)"; no Apple page says otherwise for the other register methods.
    public mutating func register(_ representation: Representation) {
        guard !representations.contains(where: { $0.type.caseFolded == representation.type.caseFolded }) else { return }
        representations.append(representation)
    }

    /// The registered type identifiers in fidelity order.
    public var registeredTypeIdentifiers: [String] { representations.map(\.type) }

    /// The representation registered for `type`, compared without case: what a derived
    /// representation is made from.
    func representation(forType type: String) -> Representation? {
        let key = type.caseFolded
        return representations.first { $0.type.caseFolded == key }
    }

    /// Whether some representation's type conforms to `identifier`.
    public func hasItemConforming(toTypeIdentifier identifier: String, in catalog: TypeCatalog = .builtIn) -> Bool {
        guard let target = catalog.type(identifier: identifier) else { return false }
        return representations.contains { catalog.type(identifier: $0.type)?.conforms(to: target) ?? false }
    }

    /// Whether some representation conforms to `identifier` and, when `openInPlace` is asked
    /// for, is a file registered as openable in place.
    public func hasRepresentationConforming(
        toTypeIdentifier identifier: String, openInPlace: Bool = false, in catalog: TypeCatalog = .builtIn
    ) -> Bool {
        guard let target = catalog.type(identifier: identifier) else { return false }
        return representations.contains { representation in
            (catalog.type(identifier: representation.type)?.conforms(to: target) ?? false)
                && (!openInPlace || (representation.kind == .file && representation.openInPlace))
        }
    }
}

/// An object the source application can hand over directly to itself (a `UIDragItem.localObject`).
public struct LocalObject: Sendable, Equatable {
    /// The class name, such as `UIImage`.
    public var className: String
    /// The object's value (for a color, its components; for a string, the text).
    public var value: String

    /// A local object of class `className` holding `value`.
    public init(className: String, value: String) {
        self.className = className
        self.value = value
    }
}

/// One dragged item.
public struct DragItem: Sendable, Equatable {
    /// The item's provider.
    public var provider: ItemProvider
    /// The object handed over directly within the source application, if any.
    public var localObject: LocalObject?
    /// The list (collection or table view) the item was dragged from, by its identifier, and its
    /// index path there: what `UICollectionViewDropItem.sourceIndexPath` reports when the drop
    /// lands in the same view.
    public var sourceView: String?
    /// Where the item was in `sourceView` when the drag began.
    public var sourceIndexPath: ListIndexPath?

    /// A drag item of `provider`, with its local object and the list position it was dragged from.
    public init(provider: ItemProvider, localObject: LocalObject? = nil, sourceView: String? = nil, sourceIndexPath: ListIndexPath? = nil) {
        self.provider = provider
        self.localObject = localObject
        self.sourceView = sourceView
        self.sourceIndexPath = sourceIndexPath
    }
}

/// A drag in progress: where it comes from, what it allows, and its items in order.
public struct DragSession: Sendable, Equatable {
    /// The source application's bundle identifier.
    public var application: String?
    /// The source application's development team.
    public var team: String?
    /// The source application's group.
    public var group: String?
    /// Whether a destination in the same application may move rather than copy (default true).
    public var allowsMoveOperation: Bool
    /// Whether only the source application may accept the drop (default false).
    public var restrictedToSourceApplication: Bool
    /// The dragged items, in order.
    public var items: [DragItem]
    /// `UIDragSession.localContext`: data the source application attaches to the drag, "visible
    /// only to the app in which the drag activity begins" (Apple's page); nil when none.
    public var localContext: String?
    /// Why a destination on `release` of `platform` cannot receive the session: it comes from a
    /// SwiftUI source's `DragConfiguration`, which that release does not have; nil otherwise.
    public func unavailable(in release: OSRelease, on platform: DropDestination.Platform?) -> String? {
        guard dragConfiguration != nil, let why = OSRelease.dragConfiguration.unavailable(in: release, on: platform) else { return nil }
        return "the session comes from a SwiftUI source's DragConfiguration, and \(why)"
    }

    /// A SwiftUI source's `DragConfiguration` (iOS 26, macOS 26), when the session comes from
    /// one: it decides `allowsMoveOperation` (copy only unless `allowMove`).
    public var dragConfiguration: DragConfiguration? {
        didSet { if let dragConfiguration { allowsMoveOperation = dragConfiguration.allowMove } }
    }

    /// A session from `application` (with its team and group) of `items`.
    public init(
        application: String? = nil, team: String? = nil, group: String? = nil, allowsMoveOperation: Bool = true,
        restrictedToSourceApplication: Bool = false, items: [DragItem] = []
    ) {
        self.application = application
        self.team = team
        self.group = group
        self.allowsMoveOperation = allowsMoveOperation
        self.restrictedToSourceApplication = restrictedToSourceApplication
        self.items = items
    }
}

/// A SwiftUI drag source's `DragConfiguration`: "By default, only copy is allowed. To support
/// drag-to-move … initialize with allowMove: true" (Apple's DragConfiguration page).
public struct DragConfiguration: Sendable, Equatable {
    /// Whether the source allows a move (`DragConfiguration(allowMove:)`).
    public var allowMove: Bool

    /// A configuration that allows a move when `allowMove` is true, copy only otherwise.
    public init(allowMove: Bool = false) { self.allowMove = allowMove }
}

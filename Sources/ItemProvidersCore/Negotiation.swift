import UniformTypes

/// How a representation was chosen.
public enum MatchKind: String, Sendable, CaseIterable {
    /// Its identifier is the requested type.
    case exact
    /// It conforms to the requested type.
    case conformance
    /// The item's local object, handed over within one application.
    case localObject = "local-object"
}

/// The outcome for one item.
public struct ItemOutcome: Sendable, Equatable {
    /// The session item, from 0.
    public var index: Int
    /// Whether the destination takes it.
    public var accepted: Bool
    /// The chosen representation's type (nil for a local object or when nothing fits).
    public var representation: String?
    /// The destination's type (or readable type) it satisfied.
    public var requested: String?
    /// How the representation was chosen.
    public var match: MatchKind?
    /// Where the loaded representation was written (or the original, for open-in-place).
    public var output: String?
    /// Why the item was not accepted or not loaded.
    public var reason: String?
    /// For an item whose representation is loaded: whether the destination gets the original
    /// file (`isInPlace` true: an open-in-place load of a file registered to open in place) or a
    /// copy. Nil when nothing is loaded (refused, a local object, or a failed load).
    public var inPlace: Bool?
}

/// The negotiation's result: whether the destination can handle the session, what it proposes,
/// and what each item gives.
public struct DropResult: Sendable, Equatable {
    /// Whether the system offers the session to the destination at all: false for a session
    /// restricted to its source application over another application, whose delegate is never
    /// asked (`canHandle` is then false without being called).
    public var offered = true
    /// What canHandle answered.
    public var canHandle: Bool
    /// The proposal: copy, move, cancel or forbidden.
    public var operation: DropOperation
    /// Why the proposal is what it is.
    public var reason: String
    /// Each session item's outcome, in order.
    public var items: [ItemOutcome]
    /// What the simulation assumed and a user should know (a visibility the destination's
    /// platform does not offer), one sentence each.
    public var notes: [String] = []
    /// Where the delegate's steps disagree, one sentence each: an item `canHandle` accepted
    /// that `performDrop` loads nothing for, or a `performDrop` that loads nothing at all.
    public var findings: [String] = []
    /// The proposal's `isPrecise`, as the destination sets it.
    public var isPrecise = false
    /// The proposal's `prefersFullSizePreview` as it takes effect: only within the source
    /// application (Apple's UIDropProposal page).
    public var prefersFullSizePreview = false
    /// The drop session's progress: one unit for each item whose representation loads.
    public var progress = DropProgress()
    /// The session's `localContext` as the destination sees it: the source application's own
    /// drops only (UIDropSession.localDragSession is nil for a drag from another application).
    public var localContext: String?
}

/// A drop session's progress (`UIDropSession` reports progress): the loads, how many are done,
/// and who shows it.
public struct DropProgress: Sendable, Equatable {
    /// `default`: the system shows its indicator while loads take time; `none`: the destination does.
    public var indicator: DropDestination.ProgressIndicator = .default
    /// The items whose representation loads (local objects are handed over without loading).
    public var totalUnitCount = 0
    /// The loads that succeeded (with --out) or would succeed (a dry run's checks).
    public var completedUnitCount = 0

    /// No loads yet, with the system's indicator.
    public init() {}
}

/// Apple's drop negotiation as Foundation and UIKit implement it, as pure functions of a session
/// and a destination (see `uti drop --help` for the rules in order).
public enum Negotiation {
    /// Whether the destination may see a representation: `all` always; `team` and `group` when
    /// they match the source's, and always inside the source application, which belongs to its
    /// own team and group; `ownProcess` only inside the source application.
    /// A visibility the destination's platform does not offer counts as `ownProcess`, the
    /// narrowest reading (see `unavailableVisibility`).
    public static func isVisible(_ representation: Representation, session: DragSession, to destination: DropDestination) -> Bool {
        let sameApplication = isSameApplication(session, destination)
        if unavailableVisibility(representation.visibility, on: destination.platform) != nil { return sameApplication }
        switch representation.visibility {
        case .all: return true
        case .team: return sameApplication || (destination.team != nil && destination.team == session.team)
        case .group: return sameApplication || (destination.group != nil && destination.group == session.group)
        case .ownProcess: return sameApplication
        }
    }

    /// Why `visibility` does not exist on `platform`, or nil when it does (or no platform is
    /// declared): NSItemProvider.h marks `team` API_UNAVAILABLE(macos) and `group`
    /// API_UNAVAILABLE(ios, watchos, tvos).
    public static func unavailableVisibility(_ visibility: Visibility, on platform: DropDestination.Platform?) -> String? {
        switch (visibility, platform) {
        case (.group, .ios?): return "group visibility is macOS-only (NSItemProvider.h: API_UNAVAILABLE(ios))"
        case (.team, .macos?): return "team visibility is iOS-only (NSItemProvider.h: API_UNAVAILABLE(macos))"
        default: return nil
        }
    }

    /// The notes for representations whose visibility the destination's platform does not offer.
    static func platformNotes(_ session: DragSession, destination: DropDestination) -> [String] {
        var notes: [String] = []
        for (index, item) in session.items.enumerated() {
            for representation in item.provider.representations {
                guard let why = unavailableVisibility(representation.visibility, on: destination.platform) else { continue }
                notes.append("item \(index + 1): \(representation.type): \(why); uti treats it as own-process on \(destination.platform!.rawValue)")
            }
        }
        return notes
    }

    static func isSameApplication(_ session: DragSession, _ destination: DropDestination) -> Bool {
        destination.application != nil && destination.application == session.application
    }

    /// What one item gives the destination, before the proposal: a representation (and the type
    /// it satisfied and how), a local object, or nothing.
    public static func choose(
        _ item: DragItem, session: DragSession, destination: DropDestination, catalog: TypeCatalog
    ) -> (representation: Representation?, requested: String, match: MatchKind)? {
        choose(item, session: session, destination: destination, catalog: catalog, index: TakesIndex(destination.takes, catalog: catalog))
    }

    /// The same with the destination's types indexed once for every item of a session: the time
    /// is the item's representations times their supertypes, whatever the length of the list.
    static func choose(
        _ item: DragItem, session: DragSession, destination: DropDestination, catalog: TypeCatalog, index: TakesIndex
    ) -> (representation: Representation?, requested: String, match: MatchKind)? {
        // An open-in-place load takes any representation, as loadInPlaceFileRepresentation
        // does: one not registered in place arrives as a copy (isInPlace false).
        let visible = item.provider.representations.filter { isVisible($0, session: session, to: destination) }
        switch destination.takes {
        case .accepts, .readableTypes:
            return index.choose(visible, catalog: catalog)
        case .objectClass(let name):
            if let local = item.localObject, local.className == name, isSameApplication(session, destination) {
                return (nil, name, .localObject)
            }
            return index.choose(visible, catalog: catalog)
        case .nothing:
            return nil
        }
    }

    /// A destination's types by position: where each identifier (case aside) first stands, and
    /// where each type it names first stands, for conformance.
    struct TakesIndex {
        let types: [String]
        /// `accepts` decides type by type, an exact match before conformance at each; readable
        /// types (a class's) take an exact match anywhere in the list before any conformance.
        let exactFirst: Bool
        private var exact: [String: Int] = [:]
        private var conforming: [UTType: Int] = [:]

        init(_ takes: DropDestination.Takes, catalog: TypeCatalog) {
            switch takes {
            case .accepts(let list): (types, exactFirst) = (list, false)
            case .readableTypes(let list): (types, exactFirst) = (list, true)
            case .objectClass(let name): (types, exactFirst) = (DropDestination.readableTypes(ofClass: name) ?? [], true)
            case .nothing: (types, exactFirst) = ([], false)
            }
            for (position, requested) in types.enumerated().reversed() {
                exact[requested.caseFolded] = position
                if let type = catalog.type(identifier: requested) { conforming[type] = position }
            }
        }

        /// The representation chosen: the destination's order first, the source's order among
        /// representations that satisfy the same requested type.
        func choose(_ visible: [Representation], catalog: TypeCatalog) -> (representation: Representation?, requested: String, match: MatchKind)? {
            var bestExact: (position: Int, representation: Representation)?
            var bestConforming: (position: Int, representation: Representation)?
            for representation in visible {
                if let position = exact[representation.type.caseFolded], position < (bestExact?.position ?? .max) {
                    bestExact = (position, representation)
                }
                guard let type = catalog.type(identifier: representation.type) else { continue }
                for ancestor in [type] + type.orderedSupertypes {
                    if let position = conforming[ancestor], position < (bestConforming?.position ?? .max) {
                        bestConforming = (position, representation)
                    }
                }
            }
            if let exact = bestExact, exactFirst || exact.position <= (bestConforming?.position ?? .max) {
                return (exact.representation, types[exact.position], .exact)
            }
            if let conformance = bestConforming { return (conformance.representation, types[conformance.position], .conformance) }
            return nil
        }
    }

    /// The proposal (rule 4 of `uti drop --help`): cancel when nothing can be taken, the item count
    /// is outside the destination's range, or the session is restricted to another application;
    /// forbidden when the destination says so; else copy or move by the destination's preference.
    public static func propose(canTake: Bool, session: DragSession, destination: DropDestination) -> (DropOperation, String) {
        let count = session.items.count
        let sameApplication = isSameApplication(session, destination)
        if case .nothing = destination.takes {
            return (.cancel, "the destination declares no drop rules here, so every drop cancels")
        } else if !canTake {
            return (.cancel, "no item has a visible representation the destination can take")
        } else if let low = destination.minItems, count < low {
            return (.cancel, "the destination takes at least \(low) item\(low == 1 ? "" : "s"); the session has \(count)")
        } else if let high = destination.maxItems, count > high {
            return (.cancel, "the destination takes at most \(high) item\(high == 1 ? "" : "s"); the session has \(count)")
        } else if session.restrictedToSourceApplication && !sameApplication {
            return (.cancel, "the session is restricted to its source application")
        } else if destination.forbidden {
            let code: String? =
                switch destination.swiftUI {
                case nil: nil
                case .onDrop?: "the delegate's dropUpdated returns forbidden"
                case .dropDestination?: "the dropConfiguration returns forbidden"
                }
            return (.forbidden, code ?? "the destination forbids this drop")
        } else if let why = destination.swiftUI?.cancelReason {
            return (.cancel, why)
        }
        switch destination.operation {
        case .copy:
            return (.copy, destination.swiftUI?.copyReason ?? "the destination copies")
        case .auto:
            return sameApplication && session.allowsMoveOperation
                ? (.move, "a drop within the source application moves")
                : (.copy, sameApplication ? "the session does not allow moving" : "drops into another application copy")
        case .move:
            if !session.allowsMoveOperation { return (.cancel, "the destination moves, and the session does not allow moving") }
            return sameApplication
                ? (.move, "a drop within the source application moves")
                : (.copy, "drops into another application copy")
        }
    }

    /// Negotiates a drop: considers, proposes, and says what each item would give.
    public static func negotiate(_ session: DragSession, with destination: DropDestination, catalog: TypeCatalog) -> DropResult {
        // UIDragSession.restrictedToSourceApplication (UIDragInteraction.h, "the session is only
        // offered to the source application"): another application's delegate never sees it.
        if session.restrictedToSourceApplication && !isSameApplication(session, destination) {
            let why = "the session is restricted to its source application, so it is never offered here (canHandle is not asked)"
            var result = DropResult(
                canHandle: false, operation: .cancel, reason: why,
                items: session.items.indices.map { ItemOutcome(index: $0, accepted: false, reason: why) },
                notes: platformNotes(session, destination: destination))
            result.offered = false
            return result
        }
        let index = TakesIndex(destination.takes, catalog: catalog)
        let choices = session.items.map { choose($0, session: session, destination: destination, catalog: catalog, index: index) }
        let canTake = choices.contains { $0 != nil }
        let count = session.items.count
        // What canHandle answers: something it can load, in a number of items it takes (the
        // usual canHandle checks session.items.count as well as the classes).
        let countFits = count >= (destination.minItems ?? 0) && count <= (destination.maxItems ?? .max)
        let canHandle = canTake && countFits
        let (operation, reason) = propose(canTake: canTake, session: session, destination: destination)
        let proceeds = operation == .copy || operation == .move
        var noMatch = "no visible representation matches what the destination takes"
        if case .nothing = destination.takes { noMatch = "the destination declares no drop rules here" }
        // performDrop's own loads, when the delegate declares them apart from canHandle's check.
        var findings: [String] = []
        var loads = choices
        if let performDrop = destination.performDrop {
            var loader = destination
            loader.takes = performDrop
            let loadIndex = TakesIndex(performDrop, catalog: catalog)
            loads = session.items.map { choose($0, session: session, destination: loader, catalog: catalog, index: loadIndex) }
            if proceeds {
                if case .nothing = performDrop {
                    findings.append("performDrop loads nothing: the drop is accepted (\(operation.rawValue)) and nothing arrives, so the view reverts")
                }
                for (index, choice) in choices.enumerated() where choice != nil && loads[index] == nil {
                    if case .nothing = performDrop { continue }
                    findings.append(
                        "item \(index + 1): accepted by canHandle (\(describe(destination.takes))), nothing loadable by \(describe(performDrop)) in performDrop"
                    )
                }
            }
        }
        // A SwiftUI dropConfiguration's acceptedItemCount (macOS 26): uti's reading is that the
        // destination takes the first N items it can load, in session order; Apple says only that
        // it is "the number of items that the drop side wants to accept".
        var takenSoFar = 0
        let limit = destination.swiftUI?.acceptedItemCount
        let items = zip(choices, loads).enumerated().map { index, pair in
            let (check, choice) = pair
            // The reason says why an item is not accepted, and only then: the proposal first (a
            // drop that is not performed loads nothing), then what canHandle's check and
            // performDrop's loads found. performDrop loads every item it can, whatever the check
            // matched (canHandle answers for the session, as hasItemsConforming does).
            var reason: String?
            if !proceeds {
                reason = check == nil && choice == nil ? noMatch : "the drop was not performed (\(operation.rawValue))"
            } else if choice == nil {
                reason =
                    check == nil
                    ? noMatch
                    : "canHandle's check matched it, and performDrop loads nothing for it (\(describe(destination.performDrop ?? .nothing)))"
            } else if let limit, takenSoFar >= limit {
                reason = "the dropConfiguration's acceptedItemCount is \(limit), and \(limit) earlier item\(limit == 1 ? " was" : "s were") taken"
            }
            if reason == nil { takenSoFar += 1 }
            let accepted = proceeds && reason == nil
            return ItemOutcome(
                index: index, accepted: accepted, representation: choice?.representation?.type, requested: choice?.requested,
                match: choice?.match, output: nil, reason: reason,
                inPlace: accepted ? choice?.representation.map { destination.load == .openInPlace && Loader.opensInPlace($0) } : nil)
        }
        var notes = (destination.swiftUI?.notes ?? []) + platformNotes(session, destination: destination)
        let sameApplication = isSameApplication(session, destination)
        if destination.prefersFullSizePreview && !sameApplication {
            notes.append("prefersFullSizePreview is ignored: it applies only to drags within the same application (UIDropProposal.prefersFullSizePreview)")
        }
        if session.localContext != nil && !sameApplication {
            notes.append(
                "the session's localContext stays with its source application: UIDropSession.localDragSession is nil for a drag from another application"
            )
        }
        var result = DropResult(
            canHandle: canHandle, operation: operation, reason: reason, items: items, notes: notes, findings: findings)
        result.isPrecise = destination.isPrecise
        result.prefersFullSizePreview = destination.prefersFullSizePreview && sameApplication
        result.localContext = sameApplication ? session.localContext : nil
        result.progress.indicator = destination.progressIndicator
        result.progress.totalUnitCount = items.filter { $0.accepted && $0.match != .localObject }.count
        return result
    }

    /// What a step takes, as a finding names it: the types, a class's readable types, the class.
    /// At most `describedTypes` types are named, then how many more there are: a finding is
    /// repeated for each item, and a destination's list may be as long as its document allows.
    public static func describe(_ takes: DropDestination.Takes) -> String {
        func list(_ types: [String]) -> String {
            guard types.count > describedTypes else { return types.joined(separator: ", ") }
            return types.prefix(describedTypes).joined(separator: ", ") + " and \(types.count - describedTypes) more"
        }
        switch takes {
        case .accepts(let types): return list(types)
        case .readableTypes(let types): return "readable types " + list(types)
        case .objectClass(let name): return name
        case .nothing: return "nothing"
        }
    }

    /// How many types a finding or reason names before "and N more".
    static let describedTypes = 8
}

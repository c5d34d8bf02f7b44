import UniformTypes

/// Where a drop goes relative to the destination index path, as `UICollectionViewDropProposal`
/// and `UITableViewDropProposal` say.
public enum ListIntent: String, Sendable, CaseIterable {
    /// `insertAtDestinationIndexPath`: new items between existing ones.
    case insert
    /// `insertIntoDestinationIndexPath`: into the item at the index path (an album, a folder).
    case into
    /// `unspecified`: the view opens no gap; the drop delegate still receives the index path and,
    /// as uti models the usual `performDrop`, inserts there.
    case unspecified
    /// Tables only: the table picks insert or into from where over the row the drag is; uti,
    /// which has no position, picks into when the row takes the drop and insert otherwise.
    case automatic
}

/// Where over a table row the drag is, which decides an automatic intent
/// (`UITableViewDropProposal.Intent.automatic`: over the middle of a row the drop goes into
/// it, near its top or bottom edge it inserts before or after it).
public enum RowPosition: String, Sendable, CaseIterable {
    case top, middle, bottom
}

/// One step of a drop into a list, in the order the drop delegate performs it.
public struct ListAction: Sendable, Equatable {
    /// What one step of a list drop does.
    public enum Kind: String, Sendable, CaseIterable {
        /// An item from this view: deleted at `from`, inserted at `at` (one batch update).
        case move
        /// A local object from elsewhere in the application, inserted directly at `at`.
        case insertLocal = "insert-local"
        /// A placeholder inserted at `at` while the item provider loads.
        case placeholder
        /// The placeholder at `at` replaced by the loaded item.
        case commit
        /// The placeholder at `at` deleted because the load failed.
        case delete
        /// The item given to the list item at `at` (intent into).
        case into
        /// The item is not taken.
        case refused
    }

    /// The step.
    public var kind: Kind
    /// The session item (from 0).
    public var index: Int
    /// Where a moved item was (moves only).
    public var from: ListIndexPath?
    /// Where the step puts or finds its item.
    public var at: ListIndexPath?
    /// The list item's identifier (the moved, inserted or committed item; with into, the target).
    public var identifier: String?
    /// The representation loaded, if one is.
    public var representation: String?
    /// The type the list's rules asked for.
    public var requested: String?
    /// How the representation was chosen.
    public var match: MatchKind?
    /// The file written, with --out.
    public var output: String?
    /// Why a step refused or deleted, or what it noted.
    public var reason: String?
    /// For a loaded representation (commit, into): whether the list got the original file
    /// (`isInPlace`) or a copy; nil when nothing was loaded.
    public var inPlace: Bool?

    /// A step of `kind` for session item `index` (from 0).
    public init(_ kind: Kind, index: Int) {
        self.kind = kind
        self.index = index
    }
}

/// The order in which the loads behind placeholders finish. UIKit commits or deletes each
/// placeholder from the item provider's completion handler, which runs whenever that load ends,
/// so any order can happen; the list afterwards must not depend on it.
public enum CompletionOrder: Sendable, Equatable, CustomStringConvertible {
    /// In session order.
    case session
    /// Last item first.
    case reverse
    /// A shuffle decided by the seed (SplitMix64 and Fisher-Yates), the same on every machine.
    case seeded(UInt64)

    /// Parses `session`, `reverse`, or `seed N` (also `seed:N`, `seed=N`).
    public init?(_ text: String) {
        switch text {
        case "session": self = .session
        case "reverse": self = .reverse
        default:
            guard text.hasPrefix("seed"), let separator = text.dropFirst(4).first, " :=".contains(separator),
                let seed = UInt64(text.dropFirst(5))
            else { return nil }
            self = .seeded(seed)
        }
    }

    /// The order as `--completion-order` spells it: `session`, `reverse` or `seed:N`.
    public var description: String {
        switch self {
        case .session: "session"
        case .reverse: "reverse"
        case .seeded(let seed): "seed \(seed)"
        }
    }

    /// `count` positions in completion order.
    func order(_ count: Int) -> [Int] {
        switch self {
        case .session: return Array(0..<count)
        case .reverse: return Array((0..<count).reversed())
        case .seeded(let seed):
            var state = seed
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            var positions = Array(0..<count)
            for index in stride(from: count - 1, to: 0, by: -1) {
                positions.swapAt(index, Int(next() % UInt64(index + 1)))
            }
            return positions
        }
    }
}

/// One decision of a list drop, with the rule or Apple statement behind it (`--explain`).
public struct ListTraceStep: Sendable, Equatable {
    /// What was decided, in the result's words.
    public var decision: String
    /// The rule uti follows there: an Apple header, document or sample, or uti's stated reading.
    public var rule: String

    /// A decision and the rule (an Apple header, document or sample) behind it.
    public init(_ decision: String, rule: String) {
        self.decision = decision
        self.rule = rule
    }
}

/// The Apple statements the list drop follows, cited by its trace.
enum ListRules {
    static let emptySpace =
        "UITableViewDropCoordinator.destinationIndexPath / UICollectionViewDropCoordinator.destinationIndexPath: nil over empty space; Apple's table sample (\"Adopting drag and drop in a table view\", performDropWith) then uses the end of the last section"
    static let noIndexPath =
        "UITableView.h / UICollectionView.h: the drop intent is unspecified when there is no destination index path (UITableViewDropIntentUnspecified, UICollectionViewDropIntentUnspecified)"
    static let automatic = "UITableViewDropProposal.Intent.automatic: the table inserts near a row's edges and drops into the row over its middle"
    static let dragsOff =
        "UICollectionView.dragInteractionEnabled (Apple's page): whether the view supports dragging content; true by default, and in iOS 14 and earlier true for iPad and false for iPhone"
    static let staleSource =
        "UICollectionViewDropItem.sourceIndexPath / UITableViewDropItem.sourceIndexPath: nil unless the item came from this view; UIKit clears it when the view reloads during the drag"
    static let noDelegate =
        "list.schema.json: a list's drop is its drop delegate's rules; without one the view is no drop target (UICollectionView.dropDelegate nil)"
    static let restricted =
        "UIDragInteractionDelegate dragInteraction(_:sessionIsRestrictedToDraggingApplication:): the session is offered to the source application only"
    static let canHandle =
        "UICollectionViewDropDelegate / UITableViewDropDelegate: canHandle and dropSessionDidUpdate are called for every drop session, local reorders included"
    static let move = "UICollectionViewDropCoordinator.drop(_:toItemAt:) for an item whose sourceIndexPath is in this view (a reorder, proposed as .move)"
    static let local = "UIDragItem.localObject: an object handed over within the source application, inserted without loading"
    static let placeholder = "UICollectionViewDropCoordinator.drop(_:to: UICollectionViewDropPlaceholder): a placeholder shows while the item provider loads"
    static let commit =
        "UICollectionViewDropPlaceholderContext.commitInsertion(dataSourceUpdates:) when the load succeeds, deletePlaceholder() when it fails, from the load's completion handler"
    static let batch = "performBatchUpdates: deletions are processed before insertions, and insertion index paths refer to the list after the deletions"
    static let proposal =
        "uti drop rule 4 (the proposal) with the list's rules; a drag from the list itself proposes .move (UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath))"
    static let performDrop =
        "The destination's performDrop loads what it declares; what canHandle accepted and performDrop cannot load arrives as nothing (a finding)"
    static let into = "UICollectionViewDropProposal intent .insertIntoDestinationIndexPath: the item at the index path takes the drop with its own rules"
    static let noUpdate =
        "uti's reading: without dropSessionDidUpdate the view receives no proposal from the delegate, so no intent (the proposal's default intent is .unspecified); Apple does not document the default operation, so uti keeps rule 4's"
    static let indexRule =
        "The delegate's dropSessionDidUpdate(withDestinationIndexPath:) may return a different proposal for each index path; the list declares where it returns .forbidden"
    static let editing =
        "Apple's table sample (\"Adopting drag and drop in a table view\", dropSessionDidUpdate): the proposal starts as .cancel and becomes .move for the table's own drag only while it is editing (the list's movesOnlyWhileEditing)"
}

/// A drop into a list: the proposal, the steps, and the list afterwards.
public struct ListDropResult: Sendable, Equatable {
    /// Whether the system offers the session to the list at all (false: a session restricted
    /// to another application, whose delegate is never asked).
    public var offered = true
    /// What the list's canHandle answered.
    public var canHandle: Bool
    /// The proposal's operation.
    public var operation: DropOperation
    /// The intent the drop was performed with (automatic resolved to insert or into).
    public var intent: ListIntent
    /// Where the drop happens; nil over empty space (the items then append to the last section).
    public var destinationIndexPath: ListIndexPath?
    /// Why the proposal is what it is.
    public var reason: String
    /// Every step, in the order it happens.
    public var actions: [ListAction]
    /// Where the delegate's steps disagree (see `DropResult.findings`).
    public var findings: [String] = []
    /// Every decision with the rule behind it, in the order taken (`uti drop --list --explain`).
    public var trace: [ListTraceStep] = []
    /// The list after the drop (unchanged unless the operation is copy or move).
    public var list: ListView
    /// The proposal's `isPrecise`, as the list's drop rules set it.
    public var isPrecise = false
    /// The proposal's `prefersFullSizePreview` as it takes effect: within the list's own
    /// application only (Apple's UIDropProposal page).
    public var prefersFullSizePreview = false
}

/// Drops into collection and table views as UIKit performs them (see `uti drop --help`, LISTS).
public enum ListDrop {
    /// Loads one accepted item's representation for the destination that took it; returns where
    /// it was written (nil in a dry run) or throws why it failed.
    public typealias Load = (_ index: Int, _ item: DragItem, _ representation: Representation, _ rules: DropDestination) throws(UTIError) -> String?

    private enum Plan {
        case move(ListIndexPath)
        case local(LocalObject, stale: Bool)
        case load(Representation, requested: String, match: MatchKind)
        case refused(String)
    }

    /// Performs `session` dropped on `list` at `path` (nil: over empty space, where UIKit gives
    /// no destination index path) with `intent`. Throws (bad input) when the index path is
    /// outside the list, when into names no item, when automatic is given to a collection, or
    /// when two session items claim the same place of this view.
    public static func perform(
        _ session: DragSession, on list: ListView, at path: ListIndexPath?, intent: ListIntent, over: RowPosition? = nil,
        editing: Bool = false, catalog: TypeCatalog, completionOrder: CompletionOrder = .session, load: Load
    ) throws(UTIError) -> ListDropResult {
        guard var path else {
            guard intent != .into else {
                throw UTIError(.invalidInput, "intent into needs an item to drop into; --at none is a drop over empty space")
            }
            guard let last = list.sections.indices.last else {
                throw UTIError(.invalidInput, "the list \"\(list.identifier)\" has no sections, so a drop over empty space has nowhere to go")
            }
            // Apple's table sample appends to the last section when there is no destination
            // index path; without one the proposal's intent is unspecified (nothing to insert at
            // or into), whatever the delegate asked for.
            let end = ListIndexPath(section: last, item: list.sections[last].items.count)
            var result = try perform(
                session, on: list, at: end, intent: .unspecified, editing: editing, catalog: catalog, completionOrder: completionOrder, load: load)
            result.destinationIndexPath = nil
            result.reason += "; no destination index path (a drop over empty space), so the items append to the last section, as Apple's table sample does"
            var steps = [ListTraceStep("no destination index path: the drop goes to \(end), the end of the last section", rule: ListRules.emptySpace)]
            if intent != .unspecified {
                steps.append(ListTraceStep("intent \(intent.rawValue) becomes unspecified: there is no destination index path", rule: ListRules.noIndexPath))
            }
            result.trace.insert(contentsOf: steps, at: 0)
            return result
        }
        if over != nil && intent != .automatic {
            throw UTIError(.invalidInput, "a position over the row decides an automatic intent; give intent automatic with it")
        }
        guard list.sections.indices.contains(path.section) else {
            throw UTIError(
                .invalidInput, "index path \(path) is outside the list \"\(list.identifier)\": it has \(count(list.sections.count, "section")) (from 0)")
        }
        let sectionCount = list.sections[path.section].items.count
        var intent = intent
        var trace: [ListTraceStep] = []
        if !list.sessionDidUpdate && intent != .unspecified {
            trace.append(
                ListTraceStep("intent \(intent.rawValue) becomes unspecified: the delegate does not implement dropSessionDidUpdate", rule: ListRules.noUpdate))
            intent = .unspecified
        }
        if intent == .automatic {
            guard list.kind == .table else {
                throw UTIError(
                    .invalidInput, "intent automatic is for table views; \"\(list.identifier)\" is a collection view (give insert, into or unspecified)")
            }
            let takesInto =
                list.item(at: path)?.drop.map { rules in
                    Negotiation.negotiate(session, with: list.inheriting(rules), catalog: catalog).canHandle
                } ?? false
            switch over {
            case nil, .middle?: intent = takesInto ? .into : .insert
            case .top?: intent = .insert
            case .bottom?:
                intent = .insert
                if path.item < sectionCount { path.item += 1 }
            }
            trace.append(
                ListTraceStep(
                    "automatic resolved to \(intent.rawValue) at \(path)"
                        + (over.map { " (over the \($0.rawValue) of the row)" } ?? " (no position given: into when the row takes the drop)"),
                    rule: ListRules.automatic))
        }
        if intent == .into && path.item >= sectionCount {
            throw UTIError(.invalidInput, "index path \(path): section \(path.section) has \(count(sectionCount, "item")), so there is no item to drop into")
        }
        // Items that came from this view, checked against the list as it is now. UIKit sets a
        // drag item's sourceIndexPath to nil when the view reloaded after the drag began; a path
        // that no longer holds the dragged item is such a stale one, and that item arrives as a
        // local object from the same application instead of a reorder.
        let sameApplication = list.application != nil && list.application == session.application
        var origins: [Int: ListIndexPath] = [:]
        var stale: Set<Int> = []
        var draggedFrom: [ListIndexPath: Int] = [:]
        for (index, item) in session.items.enumerated() where sameApplication && item.sourceView == list.identifier {
            // dragInteractionEnabled concerns dragging only: drops still reach the view, but no
            // drag started from it, so an item that says it did is no reorder.
            if let off = list.dragsOffReason {
                stale.insert(index)
                trace.append(ListTraceStep("item \(index + 1): it names this list as its source, and \(off), so it is not a reorder", rule: ListRules.dragsOff))
                continue
            }
            guard let origin = item.sourceIndexPath, let there = list.item(at: origin),
                item.localObject.map({ $0.className != list.itemClass || $0.value == there.identifier }) ?? true
            else {
                stale.insert(index)
                trace.append(
                    ListTraceStep(
                        "item \(index + 1): its sourceIndexPath \(item.sourceIndexPath?.description ?? "(none)") no longer holds it, so it is not a reorder",
                        rule: ListRules.staleSource))
                continue
            }
            // A drag holds each list item once: UIKit makes one drag item per index path.
            if let earlier = draggedFrom[origin] {
                throw UTIError(
                    .invalidInput,
                    "session items \(earlier + 1) and \(index + 1) both came from \(origin) of \"\(list.identifier)\"; a drag holds each list item once")
            }
            draggedFrom[origin] = index
            origins[index] = origin
        }
        var result =
            intent == .into
            ? into(session, list: list, at: path, origins: origins, catalog: catalog, load: load)
            : insert(
                session, list: list, at: path, intent: intent, origins: origins, stale: stale, sameApplication: sameApplication,
                editing: editing, catalog: catalog, completionOrder: completionOrder, load: load)
        result.trace = trace + result.trace + explainActions(result)
        result.isPrecise = list.drop?.isPrecise ?? false
        result.prefersFullSizePreview = (list.drop?.prefersFullSizePreview ?? false) && sameApplication
        return result
    }

    private static func insert(
        _ session: DragSession, list: ListView, at path: ListIndexPath, intent: ListIntent, origins: [Int: ListIndexPath],
        stale: Set<Int>, sameApplication: Bool, editing: Bool, catalog: TypeCatalog, completionOrder: CompletionOrder, load: Load
    ) -> ListDropResult {
        var result = ListDropResult(
            canHandle: false, operation: .cancel, intent: intent, destinationIndexPath: path, reason: "", actions: [], list: list)
        func refuseAll(_ reason: String, rule: String) -> ListDropResult {
            result.reason = reason
            result.trace.append(ListTraceStep("cancel: \(reason)", rule: rule))
            result.actions = refusals(session, reason)
            return result
        }
        // A view without a drop delegate takes nothing: not its own items, not local objects.
        guard let rules = list.drop.map(list.inheriting) else {
            return refuseAll(
                "the list declares no drop rules (no drop delegate), so it takes nothing, its own items and local objects included", rule: ListRules.noDelegate)
        }
        if session.restrictedToSourceApplication && !sameApplication {
            result.offered = false
            return refuseAll(
                "the session is restricted to its source application, so it is never offered here (canHandle is not asked)", rule: ListRules.restricted)
        }
        // canHandle and dropSessionDidUpdate run for every session, local ones included: each
        // item, whether it reorders, is a local object or loads, must satisfy the list's rules.
        var matched = Array(repeating: false, count: session.items.count)
        // performDrop's loads, when the rules declare them apart from canHandle's check.
        var loader = rules
        if let performDrop = rules.performDrop { loader.takes = performDrop }
        var mismatches: [String] = []
        let rulesIndex = Negotiation.TakesIndex(rules.takes, catalog: catalog)
        let loaderIndex = Negotiation.TakesIndex(loader.takes, catalog: catalog)
        let plans: [Plan] = session.items.enumerated().map { index, item in
            let choice = Negotiation.choose(item, session: session, destination: rules, catalog: catalog, index: rulesIndex)
            guard let choice else {
                return .refused(
                    "no visible representation matches what the list takes" + (origins[index] == nil ? "" : " (its rules apply to its own reorders too)"))
            }
            matched[index] = true
            if let origin = origins[index] {
                return list.reorders ? .move(origin) : .refused("the list does not reorder")
            }
            if sameApplication, let local = item.localObject, local.className == list.itemClass {
                return .local(local, stale: stale.contains(index))
            }
            guard
                let load = rules.performDrop == nil
                    ? choice : Negotiation.choose(item, session: session, destination: loader, catalog: catalog, index: loaderIndex)
            else {
                if case .nothing? = rules.performDrop { return .refused("performDrop does nothing, so the view reverts") }
                mismatches.append(
                    "item \(index + 1): accepted by canHandle (\(Negotiation.describe(rules.takes))), nothing loadable by \(Negotiation.describe(loader.takes)) in performDrop"
                )
                return .refused("canHandle's check matched it, and performDrop loads nothing for it (\(Negotiation.describe(loader.takes)))")
            }
            // A local object is the only choice without a representation.
            guard let representation = load.representation else {
                return item.localObject.map { .local($0, stale: false) } ?? .refused("nothing to load")
            }
            return .load(representation, requested: load.requested, match: load.match)
        }
        // What canHandle answers: the rules take something, reorders included.
        let canTake = matched.contains(true)
        var (operation, reason) = Negotiation.propose(canTake: canTake, session: session, destination: rules)
        if operation != .cancel && !origins.isEmpty {
            // A drag from the view itself: the delegate proposes a move (UIKit's reordering).
            if !list.reorders {
                (operation, reason) = (.forbidden, "the session holds items from this list, which does not reorder")
            } else if !session.allowsMoveOperation {
                (operation, reason) = (.cancel, "a reorder moves, and the session does not allow moving")
            } else if list.movesOnlyWhileEditing && !editing {
                (operation, reason) = (.cancel, "the list moves its items only while it is editing (give --editing)")
            } else {
                (operation, reason) = (.move, "items from this list move (a reorder)")
            }
        }
        if let first = list.firstInsertableItem, path.item < first, operation == .copy || operation == .move {
            (operation, reason) = (
                .forbidden, "the list forbids insertions before item \(first) of a section (its dropSessionDidUpdate returns .forbidden at \(path))"
            )
        }
        (result.canHandle, result.operation, result.reason) = (canTake && operation != .cancel, operation, reason)
        result.trace.append(
            ListTraceStep(
                "canHandle \(canTake ? "true" : "false"): \(matched.filter { $0 }.count) of \(count(session.items.count, "item")) offer a visible representation the list's rules take",
                rule: ListRules.canHandle))
        let proposalRule =
            reason.hasPrefix("the list forbids insertions")
            ? ListRules.indexRule
            : reason.hasPrefix("the list moves its items only while") ? ListRules.editing : ListRules.proposal
        result.trace.append(ListTraceStep("proposal \(operation.rawValue): \(reason)", rule: proposalRule))
        if operation == .copy || operation == .move {
            result.findings = mismatches
            // A performDrop that does nothing: nothing moves, nothing is inserted, the view reverts.
            if case .nothing? = rules.performDrop {
                result.findings = ["performDrop does nothing: the drop is accepted (\(operation.rawValue)) and nothing arrives, so the view reverts"]
                result.actions = refusals(session, "performDrop does nothing, so the view reverts")
                return result
            }
        }
        guard operation == .copy || operation == .move else {
            result.actions = plans.enumerated().map { index, plan in
                var action = ListAction(.refused, index: index)
                if case .refused(let why) = plan { action.reason = why } else { action.reason = "the drop was not performed (\(operation.rawValue))" }
                return action
            }
            return result
        }
        var sections = list.sections
        // The batch update: every moved item is deleted first, so the destination index path
        // counts in the list without them (UITableView and UICollectionView process a batch's
        // deletions before its insertions, and insertion index paths refer to the list after
        // the deletions), then items insert consecutively in session order. Built in one pass
        // (no insertion or search per item), so a drop of thousands of items takes linear time.
        var moved: [Int: ListItem] = [:]
        var leaving: [Int: Set<Int>] = [:]  // section -> items that move away
        for (index, plan) in plans.enumerated() {
            guard case .move(let origin) = plan else { continue }
            moved[index] = list.sections[origin.section].items[origin.item]
            leaving[origin.section, default: []].insert(origin.item)
        }
        for (section, items) in leaving {
            sections[section].items = sections[section].items.enumerated().filter { !items.contains($0.offset) }.map(\.element)
        }
        var identifiers = UniqueNames(Set(sections.flatMap { $0.items.map(\.identifier) }))
        let remaining = sections[path.section].items.count
        let start = min(path.item, remaining)
        if !leaving.isEmpty {
            result.trace.append(
                ListTraceStep(
                    "the \(count(moved.count, "moved item")) are deleted first; \(path) counts in the list without them (\(remaining) items remain in section \(path.section))",
                    rule: ListRules.batch))
        }
        if path.item > list.sections[path.section].items.count {
            result.reason += "; \(path) is past the end of section \(path.section), so the items append"
        } else if path.item > remaining {
            let leavingHere = leaving[path.section]?.count ?? 0
            result.reason +=
                "; \(path) is past the end of section \(path.section) once the \(count(leavingHere, "moved item")) leave it (\(remaining) remain), so the items append at \(path.section).\(remaining)"
        }
        if path.item > remaining {
            result.trace.append(
                ListTraceStep(
                    "\(path) is past the end of section \(path.section) (\(remaining) items), so the items append at \(path.section).\(remaining)",
                    rule:
                        "uti's reading: UIKit raises an exception for an insertion past the end; the usual performDrop clamps the index, so uti appends and says so"
                ))
        }
        var actions: [ListAction] = []
        // What the drop inserts at `start`, in order; a placeholder is marked by its place in
        // `pending`, never by an identifier a list could also hold.
        var inserted: [ListItem] = []
        var pending: [(action: Int, offset: Int, representation: Representation, suggested: String)] = []
        for (index, plan) in plans.enumerated() {
            var action = ListAction(.refused, index: index)
            let here = ListIndexPath(section: path.section, item: start + inserted.count)
            switch plan {
            case .refused(let why):
                action.reason = why
            case .move(let origin):
                guard let item = moved[index] else { continue }
                inserted.append(item)
                identifiers.taken.insert(item.identifier)
                action.kind = .move
                (action.from, action.at, action.identifier) = (origin, here, item.identifier)
            case .local(let local, let isStale):
                let item = ListItem(
                    identifier: identifiers.unique(local.value), types: types(of: session.items[index]),
                    path: filePath(of: session.items[index]))
                inserted.append(item)
                action.kind = .insertLocal
                (action.at, action.identifier) = (here, item.identifier)
                if isStale {
                    action.reason =
                        "its sourceIndexPath no longer holds it (the list changed since the drag, and UIKit sets sourceIndexPath to nil after a reload), so it arrives as a local object"
                }
            case .load(let representation, let requested, let match):
                pending.append((actions.count, inserted.count, representation, session.items[index].provider.suggestedName ?? "item \(index + 1)"))
                inserted.append(ListItem(identifier: ""))
                action.kind = .placeholder
                (action.at, action.representation, action.requested, action.match) = (here, representation.type, requested, match)
            }
            actions.append(action)
        }
        // The loads finish in `completionOrder`: each placeholder is committed with what was
        // loaded, or deleted, and the items after it move up; a placeholder's index path counts
        // the placeholders before it that were already deleted.
        var deleted = Set<Int>()
        var deletions = PrefixCounts(count: inserted.count)
        var committed: [(step: Int, entry: Int)] = []
        for position in completionOrder.order(pending.count) {
            let entry = pending[position]
            let index = actions[entry.action].index
            var step = ListAction(.commit, index: index)
            step.at = ListIndexPath(section: path.section, item: start + entry.offset - deletions.count(before: entry.offset))
            (step.representation, step.requested, step.match) = (entry.representation.type, actions[entry.action].requested, actions[entry.action].match)
            do {
                step.output = try load(index, session.items[index], entry.representation, rules)
                step.inPlace = rules.load == .openInPlace && Loader.opensInPlace(entry.representation)
                committed.append((actions.count, position))
            } catch {
                deleted.insert(entry.offset)
                deletions.add(at: entry.offset)
                step.kind = .delete
                step.reason = "loading failed: \(error.message)"
            }
            actions.append(step)
        }
        // Committed items are named in session order, whatever order their loads finished in,
        // so the list afterwards does not depend on it.
        for (step, position) in committed.sorted(by: { $0.entry < $1.entry }) {
            let entry = pending[position]
            let item = ListItem(identifier: identifiers.unique(entry.suggested), types: [entry.representation.type], path: actions[step].output)
            inserted[entry.offset] = item
            actions[step].identifier = item.identifier
        }
        let items = sections[path.section].items
        sections[path.section].items =
            Array(items[..<start])
            + inserted.enumerated().filter { !deleted.contains($0.offset) }.map(\.element) + items[start...]
        result.actions = actions
        result.list.sections = sections
        return result
    }

    private static func into(
        _ session: DragSession, list: ListView, at path: ListIndexPath, origins: [Int: ListIndexPath], catalog: TypeCatalog, load: Load
    ) -> ListDropResult {
        let target = list.item(at: path)!
        var result = ListDropResult(
            canHandle: false, operation: .forbidden, intent: .into, destinationIndexPath: path, reason: "", actions: [], list: list)
        guard list.drop != nil, let declared = target.drop else {
            result.reason =
                list.drop == nil
                ? "the list declares no drop rules (no drop delegate), so it takes nothing, its own items and local objects included"
                : "the item at \(path) (\"\(target.identifier)\") takes no drops"
            result.actions = refusals(session, result.reason)
            return result
        }
        let rules = list.inheriting(declared)
        var negotiated = Negotiation.negotiate(session, with: rules, catalog: catalog)
        // An item cannot go into itself.
        for (index, origin) in origins where origin == path {
            negotiated.items[index].accepted = false
            negotiated.items[index].reason = "an item cannot be dropped into itself"
        }
        (result.offered, result.canHandle, result.operation, result.reason) = (
            negotiated.offered, negotiated.canHandle, negotiated.operation, negotiated.reason
        )
        result.trace.append(
            ListTraceStep(
                "into \"\(target.identifier)\" at \(path): proposal \(result.operation.rawValue) (\(result.reason))", rule: ListRules.into))
        result.findings = negotiated.findings
        var sections = list.sections
        var removed: [ListIndexPath] = []
        for outcome in negotiated.items {
            var action = ListAction(outcome.accepted ? .into : .refused, index: outcome.index)
            (action.at, action.identifier) = (path, target.identifier)
            (action.representation, action.requested, action.match, action.reason) = (outcome.representation, outcome.requested, outcome.match, outcome.reason)
            if outcome.accepted {
                let item = session.items[outcome.index]
                if outcome.match != .localObject, let chosen = item.provider.representations.first(where: { $0.type == outcome.representation }) {
                    do {
                        action.output = try load(outcome.index, item, chosen, rules)
                        action.inPlace = outcome.inPlace
                    } catch {
                        action.kind = .refused
                        action.reason = "loading failed: \(error.message)"
                        result.actions.append(action)
                        continue
                    }
                }
                let name = item.localObject?.value ?? item.provider.suggestedName ?? "item \(outcome.index + 1)"
                sections[path.section].items[path.item].contents.append(origins[outcome.index].flatMap(list.item(at:))?.identifier ?? name)
                if let origin = origins[outcome.index], result.operation == .move { removed.append(origin) }
            }
            result.actions.append(action)
        }
        // Items of this view moved into the target leave the list (one batch delete).
        let leaving = Set(removed)
        for section in Set(removed.map(\.section)) {
            sections[section].items = sections[section].items.enumerated()
                .filter { !leaving.contains(ListIndexPath(section: section, item: $0.offset)) }.map(\.element)
        }
        result.list.sections = sections
        return result
    }

    /// Every item of the session refused for one reason.
    static func refusals(_ session: DragSession, _ reason: String) -> [ListAction] {
        session.items.indices.map { index in
            var action = ListAction(.refused, index: index)
            action.reason = reason
            return action
        }
    }

    /// One trace step per action, with the rule that produced it.
    static func explainActions(_ result: ListDropResult) -> [ListTraceStep] {
        result.actions.map { action in
            let item = "item \(action.index + 1)"
            let name = action.identifier.map { " \"\($0)\"" } ?? ""
            switch action.kind {
            case .move:
                return ListTraceStep("\(item): move\(name) \(action.from!) -> \(action.at!)", rule: ListRules.move)
            case .insertLocal:
                return ListTraceStep(
                    "\(item): insert local object\(name) at \(action.at!)", rule: action.reason == nil ? ListRules.local : ListRules.staleSource)
            case .placeholder:
                return ListTraceStep("\(item): placeholder at \(action.at!) while \(action.representation ?? "") loads", rule: ListRules.placeholder)
            case .commit:
                return ListTraceStep("\(item): commit\(name) at \(action.at!)", rule: ListRules.commit)
            case .delete:
                return ListTraceStep("\(item): delete the placeholder at \(action.at!) (\(action.reason ?? ""))", rule: ListRules.commit)
            case .into:
                return ListTraceStep("\(item): into\(name) at \(action.at!)", rule: ListRules.into)
            case .refused:
                let reason = action.reason ?? ""
                let rule =
                    reason.hasPrefix("canHandle's check matched it") || reason.hasPrefix("performDrop")
                    ? ListRules.performDrop
                    : reason.hasPrefix("no visible representation")
                        ? ListRules.canHandle
                        : reason.hasPrefix("the drop was not performed")
                            ? ListRules.proposal
                            : reason.contains("dragInteractionEnabled")
                                ? ListRules.dragsOff
                                : reason.hasPrefix("the list declares no drop rules")
                                    ? ListRules.noDelegate
                                    : reason.hasPrefix("the session is restricted")
                                        ? ListRules.restricted
                                        : ListRules.proposal
                return ListTraceStep("\(item): refused: \(reason)", rule: rule)
            }
        }
    }

    /// How many positions below a given one are marked, in logarithmic time (a Fenwick tree), so
    /// that placeholders committed in any order find their index paths in n log n.
    struct PrefixCounts {
        private var tree: [Int]

        init(count: Int) { tree = Array(repeating: 0, count: count + 1) }

        mutating func add(at position: Int) {
            var node = position + 1
            while node < tree.count {
                tree[node] += 1
                node += node & -node
            }
        }

        func count(before position: Int) -> Int {
            var total = 0
            var node = position
            while node > 0 {
                total += tree[node]
                node -= node & -node
            }
            return total
        }
    }

    /// The identifiers a list holds, and for each base the next number worth trying, so that
    /// thousands of items with one name get `photo 2` ... `photo 5000` in linear time.
    struct UniqueNames {
        var taken: Set<String>
        private var next: [String: Int] = [:]

        init(_ taken: Set<String>) { self.taken = taken }

        /// `base`, or `base 2`, `base 3`, ... when the list already holds it; recorded as taken.
        mutating func unique(_ base: String) -> String {
            var candidate = base
            var number = next[base] ?? 2
            if taken.contains(candidate) {
                repeat {
                    candidate = "\(base) \(number)"
                    number += 1
                } while taken.contains(candidate)
                next[base] = number
            }
            taken.insert(candidate)
            return candidate
        }
    }

    /// A dragged item's content types (its file and data representations).
    static func types(of item: DragItem) -> [String] {
        item.provider.representations.filter { $0.kind != .url }.map(\.type)
    }

    /// The file behind a dragged item's first file representation.
    static func filePath(of item: DragItem) -> String? {
        for representation in item.provider.representations {
            if case .path(let path) = representation.source { return path }
        }
        return nil
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

import ArgumentParser
import ItemProvidersCore
import UniformTypes

/// `uti drop --list`: a drop into a collection or table view.
extension DropCommand {
    /// Drops the session into `view` at the index path `text`, loading into --out when given;
    /// sets `failed` when a load fails.
    func dropIntoList(
        _ session: DragSession, on view: ListView, at text: String, sessionSource: String, catalog: TypeCatalog, failed: inout Bool,
        in context: UTIContext
    ) throws(UTIError) -> ListDropResult {
        let path = ListIndexPath(text)
        guard path != nil || text == "none" else {
            throw UTIError(.invalidInput, "--at \(text): not an index path (S.I: section and item, whole numbers from 0, or none)")
        }
        // Without --out the loads are only verified: a dry run never promises a load that cannot happen.
        let loader = try makeLoader(sessionSource: sessionSource, folder: out, catalog: catalog, in: context)
        var loadFailed = false
        let order = completionOrder.flatMap(CompletionOrder.init) ?? .session
        let result = try ListDrop.perform(
            session, on: view, at: path, intent: intent ?? .insert, over: over, editing: editing, catalog: catalog, completionOrder: order
        ) {
            index, item, representation, rules throws(UTIError) in
            do throws(UTIError) {
                guard out != nil else {
                    try loader.verify(item, representation: representation)
                    return nil
                }
                return try loader.load(item, index: index, representation: representation, as: rules.load)
            } catch {
                loadFailed = true
                context.reportError("item \(index + 1): \(error.message)")
                throw error
            }
        }
        failed = failed || loadFailed
        return result
    }
}

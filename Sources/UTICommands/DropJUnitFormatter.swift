import ItemProvidersCore
import TypeInference
import UniformTypes

/// `uti drop --format junit`: a test suite per destination or list, a test case per session item.
extension DropCommand {
    /// One test suite for `--format junit`: a testcase per session item; an item the destination
    /// or list does not take, or whose load failed, is a failure with the reason.
    static func suite(_ outcome: Outcome, session: DragSession) -> JUnitReport.Suite {
        func label(_ index: Int) -> String {
            session.items[index].provider.suggestedName.map { "item \(index + 1): \($0)" } ?? "item \(index + 1)"
        }
        switch outcome {
        case .destination(let name, _, let result):
            let proposal = "\(result.operation.rawValue): \(result.reason)"
            return JUnitReport.Suite(
                name: name, properties: [("proposal", proposal)],
                cases: result.items.map { item in
                    var test = JUnitReport.Case(classname: name, name: label(item.index))
                    if item.accepted && item.reason?.hasPrefix("loading failed") != true {
                        let taken =
                            item.match == .localObject ? "local object \(item.requested ?? "")" : "\(item.representation ?? "") for \(item.requested ?? "")"
                        test.output = "\(result.operation.rawValue): \(taken)"
                    } else {
                        test.failure = (item.reason ?? result.reason, result.operation.rawValue, "proposal: \(result.operation.rawValue) (\(result.reason))")
                    }
                    return test
                })
        case .list(let name, let view, let result):
            let suiteName = "\(name) at \(result.destinationIndexPath?.description ?? "none")"
            var last: [Int: ListAction] = [:]
            for action in result.actions { last[action.index] = action }  // an item's last step decides
            return JUnitReport.Suite(
                name: suiteName,
                properties: [("list", view.identifier), ("proposal", "\(result.operation.rawValue), \(result.intent.rawValue): \(result.reason)")],
                cases: session.items.indices.map { index in
                    var test = JUnitReport.Case(classname: suiteName, name: label(index))
                    if let action = last[index], action.kind != .refused && action.kind != .delete {
                        test.output = "\(action.kind.rawValue) \(action.identifier ?? "") at \(action.at?.description ?? "")"
                    } else {
                        test.failure = (
                            last[index]?.reason ?? result.reason, result.operation.rawValue, "proposal: \(result.operation.rawValue) (\(result.reason))"
                        )
                    }
                    return test
                })
        }
    }
}

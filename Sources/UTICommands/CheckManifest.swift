import ItemProvidersCore
import TypeInference
import UniformTypes

/// A `uti check` manifest: declaration files, named destinations, and expectations about files
/// selected by globs. Paths and globs are relative to the manifest's folder.
@_spi(Fuzzing) public struct CheckManifest {
    struct DropExpectation {
        /// The destination's name in $.destinations, or the list's in $.lists.
        var destination: String
        var isList = false
        var zone: String?
        var at: ListIndexPath?
        var intent: ListIntent?
        var operation: DropOperation?
        var loads: String?
        var match: MatchKind?
    }

    struct Expectation {
        var index: Int
        var files: String
        var type: String?
        var conformsTo: String?
        var notConformsTo: String?
        var mimeType: String?
        var encoding: String?
        var drop: DropExpectation?
        var count: Int?

        /// Whether anything is expected of each selected file (not only of their number).
        var checksFiles: Bool {
            [type, conformsTo, notConformsTo, mimeType, encoding].contains { $0 != nil } || drop != nil
        }

        /// A short label for reports: the glob and what is expected of it.
        var label: String {
            var parts: [String] = []
            if let type { parts.append("type \(type)") }
            if let conformsTo { parts.append("conforms to \(conformsTo)") }
            if let notConformsTo { parts.append("does not conform to \(notConformsTo)") }
            if let mimeType { parts.append("MIME type \(mimeType)") }
            if let encoding { parts.append("encoding \(encoding)") }
            if let drop {
                var text = "drop on \(drop.destination)" + (drop.zone.map { " zone \($0)" } ?? "") + (drop.at.map { " at \($0)" } ?? "")
                if let intent = drop.intent { text += " \(intent.rawValue)" }
                if let operation = drop.operation { text += " \(operation.rawValue)" }
                if let loads = drop.loads { text += " loading \(loads)" }
                parts.append(text)
            }
            if let count { parts.append("\(count) file\(count == 1 ? "" : "s")") }
            return "\(files): " + parts.joined(separator: ", ")
        }
    }

    var path: String
    var folder: String
    var typeFiles: [String] = []
    var destinations: [String: DropDestination] = [:]
    var lists: [String: ListView] = [:]
    var expectations: [Expectation] = []

    /// A manifest that cannot be used: every problem, each named by its JSON path.
    struct Invalid: Error {
        let path: String
        let problems: [DocumentProblem]
    }

    /// Reads and checks a manifest. An unreadable or unparsable file throws `UTIError`; a
    /// parsed one with mistakes throws `Invalid` with all of them.
    /// `-` reads standard input, the descriptor `standardInput`.
    static func load(path: String, in folder: WorkingFolder = .current, standardInput: Int32) throws -> CheckManifest {
        try decode(try readDocument(path, in: folder, standardInput: standardInput), path: path, in: folder)
    }

    /// Checks the manifest `bytes` read from `path` (destination files are relative to its folder).
    /// Destination and list files are read in `workingFolder`.
    @_spi(Fuzzing) public static func decode(_ bytes: [UInt8], path: String, in workingFolder: WorkingFolder = .current) throws -> CheckManifest {
        let value = try JSONValue.parse(bytes, source: path)
        let folder = RawPath(path).directory
        var manifest = CheckManifest(path: path, folder: folder)
        var reader = DocumentReader()
        func resolve(_ relative: String) -> String { joinPath(folder, relative) }
        guard let root = reader.object(value, at: "$", allowed: ["types", "destinations", "lists", "expectations"]) else {
            throw Invalid(path: path, problems: reader.problems)
        }
        manifest.typeFiles = (reader.strings(root, "types", at: "$") ?? []).map(resolve)
        if let destinations = root["destinations"], destinations != .null {
            if let members = destinations.objectValue {
                for name in members.keys.sorted() {
                    let at = "$.destinations.\(name)"
                    var document: JSONValue? = members[name]
                    if let file = members[name]?.stringValue {
                        do {
                            document = try JSONValue.parse(try readDocument(resolve(file), in: workingFolder), source: resolve(file))
                        } catch {
                            reader.problem(at, error.message)
                            continue
                        }
                    }
                    var inner = DocumentReader()
                    if let destination = DropDestination.decode(document ?? .null, reader: &inner), inner.problems.isEmpty {
                        manifest.destinations[name] = destination
                    }
                    for problem in inner.problems {
                        reader.problem(at + problem.path.dropFirst(), problem.message)
                    }
                }
            } else {
                reader.problem("$.destinations", "must be an object of names to destination files or documents")
            }
        }
        if let lists = root["lists"], lists != .null {
            if let members = lists.objectValue {
                for name in members.keys.sorted() {
                    let at = "$.lists.\(name)"
                    guard let file = members[name]?.stringValue else {
                        reader.problem(at, "must name a list document (a path relative to the manifest)")
                        continue
                    }
                    do {
                        manifest.lists[name] = try ListDocument.decode(try readDocument(resolve(file), in: workingFolder), source: resolve(file))
                    } catch {
                        reader.problem(at, error.message)
                    }
                }
            } else {
                reader.problem("$.lists", "must be an object of names to list documents")
            }
        }
        guard let expectations = root["expectations"]?.arrayValue else {
            reader.problem("$.expectations", root["expectations"] == nil ? "is required" : "must be an array")
            throw Invalid(path: path, problems: reader.problems)
        }
        for (index, value) in expectations.enumerated() {
            let at = "$.expectations[\(index)]"
            guard
                let members = reader.object(
                    value, at: at,
                    allowed: [
                        "files", "type", "conformsTo", "notConformsTo", "mimeType", "encoding", "drop", "count",
                    ])
            else { continue }
            guard let files = reader.string(members, "files", at: at) else {
                if members["files"] == nil { reader.problem("\(at).files", "is required") }
                continue
            }
            if files.count > Limits.globLength {
                reader.problem("\(at).files", "is longer than uti's glob-length limit (\(Limits.globLength) characters)")
            } else if let problem = Glob(pattern: files).problem {
                reader.problem("\(at).files", problem)
            }
            var expectation = Expectation(index: index, files: files)
            expectation.type = reader.string(members, "type", at: at)
            expectation.conformsTo = reader.string(members, "conformsTo", at: at)
            expectation.notConformsTo = reader.string(members, "notConformsTo", at: at)
            expectation.mimeType = reader.string(members, "mimeType", at: at)
            expectation.encoding = reader.string(members, "encoding", at: at)
            expectation.count = reader.count(members, "count", at: at)
            if let drop = members["drop"], drop != .null,
                let fields = reader.object(
                    drop, at: "\(at).drop",
                    allowed: [
                        "destination", "zone", "list", "at", "intent", "operation", "loads", "match",
                    ])
            {
                let destination = reader.string(fields, "destination", at: "\(at).drop")
                let list = reader.string(fields, "list", at: "\(at).drop")
                if (destination == nil) == (list == nil) { reader.problem("\(at).drop", "needs exactly one of destination and list") }
                if let destination, manifest.destinations[destination] == nil,
                    !(root["destinations"]?.objectValue?.keys.contains(destination) ?? false)
                {
                    reader.problem("\(at).drop.destination", "names no destination in $.destinations (\"\(destination)\")")
                }
                if let list, manifest.lists[list] == nil, !(root["lists"]?.objectValue?.keys.contains(list) ?? false) {
                    reader.problem("\(at).drop.list", "names no list in $.lists (\"\(list)\")")
                }
                var expected = DropExpectation(destination: destination ?? list ?? "", isList: list != nil)
                expected.zone = reader.string(fields, "zone", at: "\(at).drop")
                if let zone = expected.zone, let destination, let declared = manifest.destinations[destination], declared.zone(zone) == nil {
                    reader.problem("\(at).drop.zone", "\(destination) declares no zone \"\(zone)\"")
                }
                if let text = reader.string(fields, "at", at: "\(at).drop") {
                    expected.at = ListIndexPath(text)
                    if expected.at == nil { reader.problem("\(at).drop.at", "must be an index path, S.I (section and item from 0)") }
                }
                if list != nil && fields["at"] == nil { reader.problem("\(at).drop.at", "is required with list") }
                if list == nil && (fields["at"] != nil || fields["intent"] != nil) { reader.problem("\(at).drop", "at and intent need list") }
                if list != nil && expected.zone != nil { reader.problem("\(at).drop.zone", "zones belong to destinations, not lists") }
                expected.intent = fields["intent"] == nil ? nil : reader.choice(fields, "intent", at: "\(at).drop", default: nil as ListIntent?)
                expected.operation =
                    fields["operation"] == nil
                    ? nil
                    : reader.choice(fields, "operation", at: "\(at).drop", default: nil as DropOperation?)
                expected.match =
                    fields["match"] == nil
                    ? nil
                    : reader.choice(fields, "match", at: "\(at).drop", default: nil as MatchKind?)
                expected.loads = reader.string(fields, "loads", at: "\(at).drop")
                expectation.drop = expected
            }
            if !expectation.checksFiles && expectation.count == nil {
                reader.problem(at, "expects nothing (give type, conformsTo, notConformsTo, mimeType, encoding, drop or count)")
            }
            manifest.expectations.append(expectation)
        }
        guard reader.problems.isEmpty else { throw Invalid(path: path, problems: reader.problems) }
        return manifest
    }

    /// Every type the expectations name that `catalog` does not know, by JSON path: checked
    /// before any file is read, so that one run lists them all (the manifest's own declarations
    /// are in `catalog`).
    func typeProblems(in catalog: TypeCatalog) -> [DocumentProblem] {
        var reader = DocumentReader()
        for expectation in expectations {
            let named: [(String, String?)] = [("type", expectation.type), ("conformsTo", expectation.conformsTo), ("notConformsTo", expectation.notConformsTo)]
            for case (let key, let name?) in named {
                do throws(UTIError) {
                    _ = try resolveType(name, in: catalog)
                } catch {
                    reader.problem("$.expectations[\(expectation.index)].\(key)", error.message)
                }
            }
        }
        return reader.problems
    }
}

import ItemProvidersCore
import TypeInference
import UniformTypes

/// The outcome of one (expectation, file) pair: a test case in CI terms.
struct CheckCase {
    var expectation: CheckManifest.Expectation
    /// The file, relative to the manifest's folder as the glob wrote it (bytes that are not UTF-8
    /// as `\xHH`); nil for a count check.
    var file: String?
    /// The file's path as the system names it, relative to the manifest's folder.
    var raw: RawPath? = nil
    var failures: [String]
    var passed: Bool { failures.isEmpty }
}

/// Evaluates a manifest: identifies each selected file once, then checks every expectation.
struct CheckRunner {
    let manifest: CheckManifest
    let catalog: TypeCatalog
    let inferrer: TypeInferrer
    private var cache: [RawPath: Inference] = [:]

    init(manifest: CheckManifest, catalog: TypeCatalog, in context: UTIContext) {
        self.manifest = manifest
        self.catalog = catalog
        inferrer = context.inferrer(catalog: catalog)
    }

    mutating func run() throws(UTIError) -> [CheckCase] {
        var cases: [CheckCase] = []
        for expectation in manifest.expectations {
            let found = Glob(pattern: expectation.files, workingFolder: inferrer.workingFolder).matches(relativeTo: manifest.folder) { path in
                catalog.packageType(forFolderNamed: path.lastComponent, database: inferrer.sharedMIME?.database) != nil
            }
            let files = found.paths
            // A folder the glob could not list, or an entry it could not examine, fails the
            // expectation: its files might not match.
            for failure in found.failures {
                cases.append(CheckCase(expectation: expectation, file: nil, failures: [failure.message]))
            }
            if let count = expectation.count {
                let failures = files.count == count ? [] : ["expected \(count) matching file\(count == 1 ? "" : "s"), found \(files.count)"]
                cases.append(CheckCase(expectation: expectation, file: nil, failures: failures))
            } else if files.isEmpty {
                cases.append(CheckCase(expectation: expectation, file: nil, failures: ["no file matches \(expectation.files)"]))
            }
            // A count-only expectation is one case; the others are one case per file.
            guard expectation.checksFiles else { continue }
            for file in files {
                cases.append(CheckCase(expectation: expectation, file: file.description, raw: file, failures: try check(expectation, file: file)))
            }
        }
        return cases
    }

    private mutating func inference(for file: RawPath) -> Inference {
        let path = Self.path(of: file, in: manifest.folder)
        if let known = cache[path] { return known }
        let found = inferrer.infer(path)
        cache[path] = found
        return found
    }

    /// A glob's match (relative to the manifest's folder, or absolute) as a path to open.
    static func path(of file: RawPath, in folder: String) -> RawPath {
        guard file.bytes.first != UInt8(ascii: "/"), folder != "." else { return file }
        return RawPath(folder).appending(file.bytes)
    }

    private func type(_ name: String) throws(UTIError) -> UTType {
        do { return try resolveType(name, in: catalog) } catch { throw UTIError(.invalidInput, "\(manifest.path): \(error.message)") }
    }

    private mutating func check(_ expectation: CheckManifest.Expectation, file: RawPath) throws(UTIError) -> [String] {
        let found = inference(for: file)
        if let error = found.error { return ["cannot be identified: \(error.message)"] }
        guard let actual = found.type else { return ["has no type"] }
        var failures: [String] = []
        if let expected = expectation.type, actual != (try type(expected)) {
            failures.append("expected type \(expected), found \(actual.identifier)")
        }
        if let parent = expectation.conformsTo, !actual.conforms(to: try type(parent)) {
            failures.append("expected to conform to \(parent), found \(actual.identifier), which does not")
        }
        if let parent = expectation.notConformsTo, actual.conforms(to: try type(parent)) {
            failures.append("expected not to conform to \(parent), found \(actual.identifier), which does")
        }
        if let expected = expectation.mimeType {
            // Any MIME tag of the type matches (application/gzip and application/x-gzip alike),
            // and so do the content's own answer, as given, as file(1) spells it and by any tag of
            // its type (`application/gzip` or `application/x-gzip` for a .tar.gz, which uti calls
            // application/x-compressed-tar), and uti's printed name (FileMIME); parameters count
            // only when the expectation has some.
            let actualMIME = found.mimeType ?? ""
            func normalized(_ mime: String, keepingParameters: Bool) -> String {
                (keepingParameters ? mime : String(mime.prefix { $0 != ";" })).caseFolded.filter { $0 != " " }
            }
            let withParameters = expected.contains(";")
            let content = found.content?.mimeType ?? ""
            let candidates =
                [actualMIME, content, FileMIME.registered(FileMIME.bare(content), among: []), FileMIME.mimeType(of: found)]
                + (withParameters ? [] : actual.tagSpecification[.mimeType] + (found.content?.type.tagSpecification[.mimeType] ?? []))
            if !candidates.contains(where: { normalized($0, keepingParameters: withParameters) == normalized(expected, keepingParameters: withParameters) }) {
                failures.append("expected MIME type \(expected), found \(actualMIME.isEmpty ? "none" : actualMIME)")
            }
        }
        if let expected = expectation.encoding, !Self.encoding(found.encoding ?? "", satisfies: expected) {
            failures.append("expected encoding \(expected), found \(found.encoding ?? "none")")
        }
        if let drop = expectation.drop {
            let path = joinPath(manifest.folder, file.description)
            let provider = Wrapper(catalog: catalog).provider(for: IdentifiedFile(found), path: Wrapper.absolute(path, in: inferrer.workingFolder))
            let session = DragSession(items: [DragItem(provider: provider)])
            // What the single item does: the proposal, and the representation it loads (or why not).
            var operation: DropOperation
            var reason: String
            var accepted = false
            var representation: String?
            var match: MatchKind?
            var refusal: String?
            if drop.isList, let list = manifest.lists[drop.destination], let at = drop.at {
                do {
                    let result = try ListDrop.perform(session, on: list, at: at, intent: drop.intent ?? .insert, catalog: catalog) { _, _, _, _ in nil }
                    (operation, reason) = (result.operation, result.reason)
                    let action = result.actions.last { $0.index == 0 }
                    accepted = action.map { $0.kind != .refused && $0.kind != .delete } ?? false
                    (representation, match, refusal) = (action?.representation, action?.match, action?.reason)
                } catch {
                    failures.append("drop on \(drop.destination) at \(at): \(error.message)")
                    return failures
                }
            } else if var destination = manifest.destinations[drop.destination] {
                if let zone = drop.zone, let zoned = destination.zone(zone) { destination = zoned }
                let result = Negotiation.negotiate(session, with: destination, catalog: catalog)
                (operation, reason) = (result.operation, result.reason)
                let item = result.items[0]
                (accepted, representation, match, refusal) = (item.accepted, item.representation, item.match, item.reason)
            } else {
                return failures
            }
            let name = drop.destination + (drop.zone.map { " zone \($0)" } ?? "") + (drop.at.map { " at \($0)" } ?? "")
            if let expected = drop.operation, operation != expected {
                failures.append("expected drop on \(name) to \(expected.rawValue), found \(operation.rawValue) (\(reason))")
            }
            if let loads = drop.loads {
                if !accepted {
                    failures.append("expected \(name) to load \(loads), found the item refused (\(refusal ?? reason))")
                } else if (representation ?? "").caseFolded != loads.caseFolded {
                    failures.append("expected \(name) to load \(loads), found \(representation ?? match?.rawValue ?? "nothing")")
                }
            }
            if let expected = drop.match, match != expected {
                failures.append("expected a \(expected.rawValue) match on \(name), found \(match?.rawValue ?? "none")")
            }
        }
        return failures
    }

    /// Whether text in `actual` encoding meets an expected one: the same name (case and `-`
    /// aside; `ascii` is `us-ascii`), or ASCII where UTF-8 is expected, since ASCII is UTF-8.
    static func encoding(_ actual: String, satisfies expected: String) -> Bool {
        func name(_ encoding: String) -> String {
            let folded = encoding.caseFolded.filter { $0 != "-" && $0 != "_" }
            return folded == "ascii" ? "usascii" : folded
        }
        return name(actual) == name(expected) || (name(actual) == "usascii" && name(expected) == "utf8")
    }
}

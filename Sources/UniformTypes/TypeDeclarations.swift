/// Custom type declarations, read from an Info.plist (XML or binary) with
/// `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`, or from uti's JSON form:
///
///     {"exported": [{"identifier": "com.example.notes", "conformsTo": ["public.plain-text"],
///                    "tags": {"public.filename-extension": ["notes"]}, "description": "Notes"}],
///      "imported": [...]}
///
/// A JSON file may also use the Info.plist keys, or be a bare array of exported declarations.
public enum TypeDeclarations {
    /// Parses a declarations document; `source` names it in errors and in `declaredBy`.
    public static func parse(_ bytes: [UInt8], source: String) throws(UTIError) -> [TypeDeclaration] {
        let root = try decodeDocument(bytes, source: source)
        var declarations: [TypeDeclaration] = []
        func take(_ value: JSONValue?, key: String, exported: Bool) throws(UTIError) {
            guard let value else { return }
            guard case .array(let entries) = value else {
                throw UTIError(.invalidDeclaration, "\(source): \(key) must be an array of declarations")
            }
            for (position, entry) in entries.enumerated() {
                let declarer: TypeDeclarer = exported ? .exported(source: source) : .imported(source: source)
                declarations.append(try declaration(entry, at: "\(key)[\(position)]", source: source, declarer: declarer))
            }
        }
        switch root {
        case .array:
            try take(root, key: "exported", exported: true)
        case .object(let keys):
            let known = ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations", "exported", "imported"]
            guard keys.keys.contains(where: known.contains) else {
                throw UTIError(
                    .invalidDeclaration,
                    "\(source): declares no types (expected UTExportedTypeDeclarations, UTImportedTypeDeclarations, exported or imported)")
            }
            try take(keys["UTExportedTypeDeclarations"], key: "UTExportedTypeDeclarations", exported: true)
            try take(keys["exported"], key: "exported", exported: true)
            try take(keys["UTImportedTypeDeclarations"], key: "UTImportedTypeDeclarations", exported: false)
            try take(keys["imported"], key: "imported", exported: false)
        default:
            throw UTIError(.invalidDeclaration, "\(source): the document must be a dictionary or an array")
        }
        return declarations
    }

    private static func decodeDocument(_ bytes: [UInt8], source: String) throws(UTIError) -> JSONValue {
        guard bytes.count <= Limits.documentBytes else {
            throw Limits.exceeded(source, "document-bytes", Limits.documentBytes)
        }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if bytes.starts(with: Array("bplist".utf8)) || first == UInt8(ascii: "<") {
            do {
                return try PropertyList.read(bytes).jsonValue
            } catch {
                throw UTIError(.invalidDeclaration, "\(source): is not a well-formed property list: \(error.message)")
            }
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            do {
                return try JSONValue.parse(bytes, source: source)
            } catch {
                throw UTIError(.invalidDeclaration, error.message)
            }
        }
        throw UTIError(.invalidDeclaration, "\(source): is neither JSON nor a property list")
    }

    private static let ignoredKeys: Set<String> = [
        "UTTypeIconFile", "UTTypeIconFiles", "UTTypeIcons", "UTTypeIconName", "UTTypeIconBadgeName",
        "UTTypeIconText", "UTTypeSize64IconFile", "UTTypeSize320IconFile",
    ]

    private static func declaration(
        _ value: JSONValue, at entry: String, source: String, declarer: TypeDeclarer
    ) throws(UTIError) -> TypeDeclaration {
        guard case .object(let keys) = value else {
            throw UTIError(.invalidDeclaration, "\(source): \(entry): a declaration must be a dictionary")
        }
        let identifierValue = keys["UTTypeIdentifier"] ?? keys["identifier"]
        let named: String
        if case .string(let identifier)? = identifierValue { named = "\(entry) (\(identifier))" } else { named = entry }
        func fail(_ cause: String) -> UTIError {
            UTIError(.invalidDeclaration, "\(source): \(named): \(cause)")
        }
        let allowed: Set<String> = [
            "UTTypeIdentifier", "UTTypeConformsTo", "UTTypeTagSpecification", "UTTypeDescription",
            "UTTypeReferenceURL", "UTTypeVersion", "identifier", "conformsTo", "tags", "description", "referenceURL", "version",
        ]
        if let unknown = keys.keys.sorted().first(where: { !allowed.contains($0) && !ignoredKeys.contains($0) }) {
            throw fail("unknown key \(unknown)")
        }
        guard case .string(let identifier)? = identifierValue else {
            throw fail("UTTypeIdentifier is missing or not a string")
        }
        guard TypeDeclaration.isWellFormed(identifier: identifier) else {
            throw fail("malformed identifier \"\(identifier)\" (use reverse-DNS: letters, digits, '-' and '.')")
        }
        let parents = try strings(keys["UTTypeConformsTo"] ?? keys["conformsTo"], name: "UTTypeConformsTo", fail: fail)
        for parent in parents where !TypeDeclaration.isWellFormed(identifier: parent) {
            throw fail("malformed parent identifier \"\(parent)\"")
        }
        var tags: [(tagClass: UTTagClass, values: [String])] = []
        if let specification = keys["UTTypeTagSpecification"] ?? keys["tags"] {
            guard case .object(let classes) = specification else {
                throw fail("UTTypeTagSpecification must be a dictionary of tag classes")
            }
            for tagClass in classes.keys.sorted() {
                let values = try strings(classes[tagClass], name: "tag class \(tagClass)", fail: fail)
                for tag in values {
                    if let problem = problem(tag: tag, tagClass: UTTagClass(rawValue: tagClass)) {
                        throw fail("malformed \(tagClass) tag \"\(tag)\": \(problem)")
                    }
                }
                tags.append((UTTagClass(rawValue: tagClass), values))
            }
        }
        var description = ""
        if let value = keys["UTTypeDescription"] ?? keys["description"] {
            guard case .string(let text) = value else { throw fail("UTTypeDescription must be a string") }
            description = text
        }
        var referenceURL: String?
        if let value = keys["UTTypeReferenceURL"] ?? keys["referenceURL"] {
            guard case .string(let text) = value else { throw fail("UTTypeReferenceURL must be a string") }
            referenceURL = text
        }
        // Apple's UTType.version is an Int; Info.plists write UTTypeVersion as a string or a
        // number. A whole number in either form is the version; other text ("1.0b") gives none.
        var version: Int?
        switch keys["UTTypeVersion"] ?? keys["version"] {
        case nil, .null?: break
        case .int(let number)?: version = number
        case .string(let text)?: version = Int(text)
        case .double(let number)? where number == number.rounded() && abs(number) < 1e15: version = Int(number)
        case .double?: break
        default: throw fail("UTTypeVersion must be a number or a string")
        }
        return TypeDeclaration(
            identifier: identifier, conformsTo: parents, tags: TagSpecification(tags),
            description: description, referenceURL: referenceURL, version: version, declarer: declarer, entry: entry)
    }

    /// A string or an array of strings, as Info.plists allow for conformances and tags.
    private static func strings(
        _ value: JSONValue?, name: String, fail: (String) -> UTIError
    ) throws(UTIError) -> [String] {
        switch value {
        case nil: return []
        case .string(let text)?: return [text]
        case .array(let items)?:
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw fail("\(name) must hold only strings") }
                result.append(text)
            }
            return result
        default: throw fail("\(name) must be a string or an array of strings")
        }
    }

    private static func problem(tag: String, tagClass: UTTagClass) -> String? {
        if tag.isEmpty { return "empty" }
        if tag.first?.isWhitespace == true || tag.last?.isWhitespace == true { return "surrounding white space" }
        if tagClass == .filenameExtension {
            if tag.hasPrefix(".") { return "write the extension without its leading period" }
            if tag.contains("/") { return "an extension cannot contain '/'" }
        }
        if tagClass == .mimeType && !tag.contains("/") { return "a MIME type needs a '/'" }
        return nil
    }
}

extension TypeCatalog {
    /// A new catalog with `declarations` added. For one identifier, an exported declaration beats
    /// an imported one, which beats a built-in one; among equals the later file wins. A cycle, an
    /// undeclared parent or an identifier declared twice at one level in one file is an error that
    /// names the file and the entry.
    public func adding(_ declarations: [TypeDeclaration]) throws(UTIError) -> TypeCatalog {
        // Nothing to add is this catalog (rebuilding it from every declaration was a millisecond
        // of each one-shot command: the running catalog adds what `UTType(exportedAs:)` declared,
        // usually nothing).
        if declarations.isEmpty { return self }
        guard declarations.count <= Limits.declarations else {
            let source = declarations.last.map { "\($0.declarer)" } ?? "declarations"
            throw UTIError(.invalidDeclaration, "\(source): more declarations than uti's declarations limit (\(Limits.declarations))")
        }
        var merged = (0..<count).map(declaration(at:))
        var position = Dictionary(uniqueKeysWithValues: keys.indices.map { (keys[$0], $0) })
        var seenInFile = Set<String>()
        for declaration in declarations {
            let key = declaration.identifier.caseFolded
            let entryName = "\(declaration.declarer): \(declaration.entry) (\(declaration.identifier))"
            guard TypeDeclaration.isWellFormed(identifier: declaration.identifier) else {
                throw UTIError(.invalidDeclaration, "\(entryName): malformed identifier")
            }
            let level = declaration.declarer.overrideRank == 2 ? "exported" : "imported"
            guard seenInFile.insert("\(declaration.declarer)\u{0}\(level)\u{0}\(key)").inserted else {
                throw UTIError(.invalidDeclaration, "\(entryName): declared twice as \(level) in one file")
            }
            if let existing = position[key] {
                if declaration.declarer.overrideRank >= merged[existing].declarer.overrideRank {
                    merged[existing] = declaration
                }
            } else {
                position[key] = merged.count
                merged.append(declaration)
            }
        }
        for declaration in merged where declaration.declarer.overrideRank > 0 {
            for parent in declaration.conformsTo where position[parent.caseFolded] == nil {
                throw UTIError(
                    .invalidDeclaration,
                    "\(declaration.declarer): \(declaration.entry) (\(declaration.identifier)): parent \(parent) is not declared")
            }
        }
        // Depth-first search from every custom declaration, with an explicit stack (chains may be
        // longer than the call stack is deep); an edge back to a record on the stack is a cycle.
        var state: [Int: Bool] = [:]
        for (root, declaration) in merged.enumerated() where declaration.declarer.overrideRank > 0 && state[root] == nil {
            var stack: [(record: Int, next: Int)] = [(root, 0)]
            state[root] = false
            while let (current, next) = stack.last {
                let parents = merged[current].conformsTo
                guard next < parents.count else {
                    state[current] = true
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let parent = position[parents[next].caseFolded]!
                switch state[parent] {
                case true?: continue
                case false?:
                    let trail = stack.map(\.record)
                    let cycle = (trail.drop { $0 != parent } + [parent]).map { merged[$0].identifier }
                    let culprit = merged[parent]
                    throw UTIError(
                        .invalidDeclaration,
                        "\(culprit.declarer): \(culprit.entry) (\(culprit.identifier)): conformance cycle \(cycle.joined(separator: " -> "))")
                case nil:
                    state[parent] = false
                    stack.append((parent, 0))
                }
            }
        }
        return TypeCatalog(validDeclarations: merged, mimeAliases: mimeAliases, describeMIMEType: describeMIMEType)
    }
}

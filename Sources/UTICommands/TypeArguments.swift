import UniformTypes

/// How commands read a type named on the command line: `.ext` is a filename extension,
/// `type/subtype` a MIME type, anything else an identifier (a `dyn.` identifier included).
/// An unknown identifier is bad usage (exit 2), whichever option named it.
func resolveType(_ argument: String, in catalog: TypeCatalog) throws(UTIError) -> UTType {
    if argument.hasPrefix(".") && argument.count > 1 {
        return catalog.type(tag: String(argument.dropFirst()), tagClass: .filenameExtension, conformingTo: .data)
    }
    if argument.contains("/") {
        return catalog.type(tag: argument, tagClass: .mimeType, conformingTo: .data)
    }
    guard let type = catalog.type(identifier: argument) else {
        throw UTIError(.invalidInput, unknownTypeMessage(argument, in: catalog))
    }
    return type
}

/// "image: unknown type identifier; did you mean public.image?", or without the question when
/// nothing is near.
func unknownTypeMessage(_ argument: String, in catalog: TypeCatalog) -> String {
    let message = "\(argument): unknown type identifier"
    guard let suggestion = suggestedIdentifier(for: argument, in: catalog) else { return message }
    return message + "; did you mean \(suggestion)?"
}

/// The identifier a mistyped one most likely meant: one whose last component is the argument
/// (`image` → `public.image`, public types first), the type of the argument as an extension
/// (`png` → `public.png`), else the nearest by edit distance to a whole identifier or to its last
/// component (`imag` → `public.image`), when it is near: at most a third of the argument's length.
func suggestedIdentifier(for argument: String, in catalog: TypeCatalog) -> String? {
    let lowered = argument.lowercased()
    let identifiers = catalog.allTypes.map(\.identifier).filter { !$0.hasPrefix("dyn.") }
    let byLastComponent = identifiers.filter { $0.split(separator: ".").last.map { $0.lowercased() == lowered } ?? false }
    if let best = byLastComponent.min(by: { ($0.hasPrefix("public.") ? 0 : 1, $0) < ($1.hasPrefix("public.") ? 0 : 1, $1) }) {
        return best
    }
    if !argument.contains("."),
        let byExtension = catalog.types(tag: argument, tagClass: .filenameExtension, conformingTo: nil).first,
        !byExtension.identifier.hasPrefix("dyn.")
    {
        return byExtension.identifier
    }
    var best: (identifier: String, distance: Int)?
    for identifier in identifiers.sorted(by: { ($0.hasPrefix("public.") ? 0 : 1, $0) < ($1.hasPrefix("public.") ? 0 : 1, $1) }) {
        let last = identifier.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let distance = min(editDistance(lowered, identifier.lowercased()), editDistance(lowered, last))
        if distance < (best?.distance ?? .max) { best = (identifier, distance) }
    }
    guard let best, best.distance <= max(1, argument.count / 3) else { return nil }
    return best.identifier
}

/// Edit distance over characters where swapping two neighbours counts as one edit, as typing
/// mistakes do (`pgn` is one edit from `png`), in O(n·m) time and O(m) memory (the optimal string
/// alignment distance).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

/// The version of the JSON documents and records uti writes: identify records, type records,
/// drop results and check reports (drag sessions carry SessionDocument.schemaVersion).
let outputSchemaVersion = 2

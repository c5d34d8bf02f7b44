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
        throw UTIError(.invalidInput, "\(argument): unknown type identifier")
    }
    return type
}

/// The JSON record that describes a type (`uti type`, `uti list`).
func typeRecord(_ type: UTType) -> JSONValue {
    var tags: [String: JSONValue] = [:]
    for (tagClass, values) in type.tagSpecification.entries {
        tags[tagClass.rawValue] = .strings(values)
    }
    return .object([
        "identifier": .string(type.identifier),
        "description": .optional(type.localizedDescription),
        "declaredBy": .string(type.declarer.description),
        "parents": .strings(type.directSupertypes.map(\.identifier)),
        "supertypes": .strings(type.supertypes.map(\.identifier)),
        "tags": .object(tags),
        "preferredFilenameExtension": .optional(type.preferredFilenameExtension),
        "preferredMIMEType": .optional(type.preferredMIMEType),
        "isDynamic": .bool(type.isDynamic),
        "referenceURL": .optional(type.referenceURL?.absoluteString),
    ])
}

/// The same facts as readable text, one per line under the identifier.
func typeText(_ type: UTType) -> String {
    var lines = [type.identifier]
    func add(_ label: String, _ value: String?) {
        if let value, !value.isEmpty { lines.append("  \(label): \(value)") }
    }
    add("description", type.localizedDescription)
    add("declared by", type.declarer.description)
    add("parents", type.directSupertypes.map(\.identifier).joined(separator: ", "))
    add("supertypes", type.supertypes.map(\.identifier).joined(separator: ", "))
    add("extensions", type.tagSpecification[.filenameExtension].joined(separator: ", "))
    add("MIME types", type.tagSpecification[.mimeType].joined(separator: ", "))
    for (tagClass, values) in type.tagSpecification.entries
    where tagClass != .filenameExtension && tagClass != .mimeType {
        add(tagClass.rawValue, values.joined(separator: ", "))
    }
    add("reference", type.referenceURL?.absoluteString)
    // Declarations files are input too: their text reaches the terminal escaped.
    return lines.map(Output.terminalSafe).joined(separator: "\n")
}

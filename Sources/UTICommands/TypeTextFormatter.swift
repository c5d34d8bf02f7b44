import UniformTypes

// `uti type` and `uti list` as text.

/// The same facts as readable text, one per line under the identifier.
func typeText(_ type: UTType) -> String {
    var lines = [type.identifier]
    func add(_ label: String, _ value: String?) {
        if let value, !value.isEmpty { lines.append("  \(label): \(value)") }
    }
    add("description", type.localizedDescription)
    add("declared by", type.declarer.description)
    add("parents", type.directSupertypes.map(\.identifier).joined(separator: ", "))
    add("supertypes", type.orderedSupertypes.map(\.identifier).joined(separator: ", "))
    add("extensions", type.tagSpecification[.filenameExtension].joined(separator: ", "))
    add("MIME types", type.tagSpecification[.mimeType].joined(separator: ", "))
    for (tagClass, values) in type.tagSpecification.entries
    where tagClass != .filenameExtension && tagClass != .mimeType {
        add(tagClass.rawValue, values.joined(separator: ", "))
    }
    add("reference", type.referenceURL?.absoluteString)
    add("version", type.version.map(String.init))
    // Declarations files are input too: their text reaches the terminal escaped.
    return lines.map(Output.terminalSafe).joined(separator: "\n")
}

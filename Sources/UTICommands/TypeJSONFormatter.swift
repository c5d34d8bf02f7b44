import UniformTypes

// `uti type`, `uti list` and `uti identify`: the JSON record of a type.

/// A record as a document of its own (`uti type`, `uti list`): the record with schemaVersion.
func versioned(_ record: JSONValue) -> JSONValue {
    guard case .object(var members) = record else { return record }
    members["schemaVersion"] = .int(outputSchemaVersion)
    return .object(members)
}

/// The JSON record that describes a type (schemas/type-record.schema.json), the same object in
/// `uti type`, `uti list` (where it carries schemaVersion) and inside identify records.
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
        "supertypes": .strings(type.orderedSupertypes.map(\.identifier)),
        "tags": .object(tags),
        "preferredFilenameExtension": .optional(type.preferredFilenameExtension),
        "preferredMIMEType": .optional(type.preferredMIMEType),
        "isDynamic": .bool(type.isDynamic),
        "referenceURL": .optional(type.referenceURL?.absoluteString),
        "version": type.version.map { .int($0) } ?? .null,
    ])
}

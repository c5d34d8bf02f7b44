import TypeInference
import UniformTypes

// `uti identify --format json` and `jsonl`: the record of each file.

/// The JSON record of an inference (schemas/identify-record.schema.json): the file's facts, its
/// type as the same type record `uti type` prints, and the evidence, which names types by
/// identifier.
/// `typeRecords` keeps the type records already made (one run's files share few types).
func inferenceRecord(_ inference: Inference, typeRecords: TypeRecords? = nil) -> JSONValue {
    var evidence: JSONValue = nil
    if inference.error == nil {
        var content: JSONValue = nil
        if let found = inference.content {
            var sharedMIMEInfo: JSONValue = nil
            if let match = found.sharedMIMEInfo {
                sharedMIMEInfo = ["mimeType": .string(match.mimeType), "priority": .int(match.priority)]
            }
            content = [
                "identifier": .string(found.type.identifier), "mimeType": .optional(found.mimeType),
                "description": .optional(found.description), "sniffer": .string(found.sniffer.rawValue),
                "check": .optional(found.check), "sharedMIMEInfo": sharedMIMEInfo,
            ]
        }
        var name: JSONValue = nil
        if let evidence = inference.name {
            name = ["value": .string(evidence.value), "identifier": .string(evidence.type.identifier)]
        }
        evidence = [
            "content": content, "extension": name, "decidedBy": .optional(inference.decidedBy?.rawValue),
            "rule": .optional(inference.rule?.rawValue),
        ]
    }
    var mismatch: JSONValue = nil
    if let pair = inference.mismatch {
        var fields: [String: JSONValue] = [
            "content": .string(pair.content.identifier), "extension": .optional(pair.`extension`?.identifier),
        ]
        if let claim = pair.claim { fields["claim"] = .string(claim) }
        mismatch = .object(fields)
    }
    let mimeTypes = inference.error == nil ? FileMIME.mimeTypes(of: inference) : []
    var error: JSONValue = nil
    if let failure = inference.error {
        error = ["code": .string(failure.code.rawValue), "message": .string(failure.message)]
    }
    return .object([
        "schemaVersion": .int(outputSchemaVersion),
        "path": .name(inference.path.bytes),
        "kind": .optional(inference.kind?.rawValue),
        "type": inference.type.map { typeRecords?.record(of: $0) ?? typeRecord($0) } ?? nil,
        // One computation of the printed name, which mimeTypes lists first.
        "mimeType": mimeTypes.first.map(JSONValue.string) ?? nil,
        "mimeTypes": .strings(mimeTypes),
        "encoding": .optional(inference.encoding),
        "evidence": evidence,
        "mismatch": mismatch,
        "size": inference.size.map { .int($0) } ?? nil,
        "error": error,
    ])
}

/// The type records of one run's catalog, made once per type and shared by its worker threads.
final class TypeRecords: @unchecked Sendable {
    private let lock = Lock()
    private var records: [String: JSONValue] = [:]

    /// `typeRecord(type)`, made on the first request for the type.
    func record(of type: UTType) -> JSONValue {
        if let made = lock.withLock({ records[type.identifier] }) { return made }
        let made = typeRecord(type)
        lock.withLock { records[type.identifier] = made }
        return made
    }
}

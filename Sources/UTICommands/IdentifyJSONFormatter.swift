import TypeInference
import UniformTypes

// `uti identify --format json` and `jsonl`: the record of each file.

/// The members of an inference's JSON record (schemas/identify-record.schema.json): the file's
/// facts, its type as the same type record `uti type` prints, and the evidence, which names
/// types by identifier.
/// `typeRecords` keeps the type records already serialized (one run's files share few types).
func inferenceRecord(_ inference: Inference, typeRecords: TypeRecords? = nil, policy: VerdictPolicy? = nil) -> [(key: String, value: JSONValue.Member)] {
    // Objects as members in key order: a record per file is built without hashing its keys.
    var evidence = JSONValue.Member.null
    if inference.error == nil {
        var content = JSONValue.Member.null
        if let found = inference.content {
            var sharedMIMEInfo = JSONValue.Member.null
            if let match = found.sharedMIMEInfo {
                sharedMIMEInfo = .object([("mimeType", .string(match.mimeType)), ("priority", .int(match.priority))])
            }
            var fields: [(key: String, value: JSONValue.Member)] = [
                ("check", .optional(found.check)), ("description", .optional(found.description)), ("identifier", .string(found.type.identifier)),
            ]
            if let failure = found.libmagicError { fields.append(("libmagicError", .string(failure))) }
            fields += [("mimeType", .optional(found.mimeType)), ("sharedMIMEInfo", sharedMIMEInfo), ("sniffer", .string(found.sniffer.rawValue))]
            content = .object(fields)
        }
        var name = JSONValue.Member.null
        if let evidence = inference.name {
            name = .object([("identifier", .string(evidence.type.identifier)), ("value", .string(evidence.value))])
        }
        let candidates: [JSONValue.Member] = inference.candidates.map { candidate in
            var fields: [(key: String, value: JSONValue.Member)] = []
            if let detail = candidate.detail { fields.append(("detail", .string(detail))) }
            fields.append(("identifier", .string(candidate.type.identifier)))
            if let offset = candidate.offset { fields.append(("offset", .int(offset))) }
            fields += [("source", .string(candidate.source.rawValue)), ("strength", .string(candidate.strength.rawValue))]
            return .object(fields)
        }
        evidence = .object([
            ("candidates", .array(candidates)), ("content", content), ("decidedBy", .optional(inference.decidedBy?.rawValue)),
            ("extension", name), ("rule", .optional(inference.rule?.rawValue)),
        ])
    }
    var mismatch = JSONValue.Member.null
    if let pair = inference.mismatch {
        var fields: [(key: String, value: JSONValue.Member)] = []
        if let claim = pair.claim { fields.append(("claim", .string(claim))) }
        fields += [("content", .string(pair.content.identifier)), ("extension", .optional(pair.`extension`?.identifier))]
        mismatch = .object(fields)
    }
    var mimeTypes = inference.error == nil ? typeRecords?.mimeTypes(of: inference) ?? FileMIME.mimeTypes(of: inference) : []
    // --mime-spelling file: file(1)'s spelling first, then the others.
    if let spelled = inference.fileMIMEType { mimeTypes = [spelled] + mimeTypes.filter { $0.lowercased() != spelled.lowercased() } }
    var error: JSONValue = nil
    if let failure = inference.error {
        error = ["code": .string(failure.code.rawValue), "message": .string(failure.message)]
    }
    let type: JSONValue.Member = inference.type.map { type in typeRecords.map { .serialized($0.record(of: type)) } ?? .value(typeRecord(type)) } ?? .value(nil)
    var record: [(key: String, value: JSONValue.Member)] = [
        ("schemaVersion", .value(.int(outputSchemaVersion))),
        ("path", .value(.name(inference.path.bytes))),
        ("kind", .value(.optional(inference.kind?.rawValue))),
        ("type", type),
        // One computation of the printed name, which mimeTypes lists first.
        ("mimeType", .value(mimeTypes.first.map(JSONValue.string) ?? nil)),
        ("mimeTypes", .value(.strings(mimeTypes))),
        ("encoding", .value(.optional(inference.encoding))),
        ("evidence", evidence),
        ("mismatch", mismatch),
        ("size", .value(inference.size.map { .int($0) } ?? nil)),
        ("error", .value(error)),
    ]
    // -z, for a compressed file: its own type, and how much of its stream the answer read.
    if let compression = inference.compression {
        record.append(
            (
                "compression",
                .value([
                    "identifier": .string(compression.type.identifier), "bytesDecoded": .int(compression.bytesDecoded),
                    "complete": .bool(compression.isComplete),
                ])
            ))
    }
    // With --verdict: the verdict, its findings and the policy's answer (null where a path has
    // no verdict: an error, a folder).
    if let policy {
        let verdict = inference.verdict
        let findings: JSONValue =
            verdict.map { verdict in
                .array(
                    verdict.findings.map { finding in
                        [
                            "kind": .string(finding.kind.rawValue), "format": .optional(finding.format),
                            "offset": finding.offset.map(JSONValue.int) ?? nil, "span": finding.span.map(JSONValue.int) ?? nil,
                            "structure": .optional(finding.structure?.rawValue), "basis": .string(finding.basis),
                        ]
                    })
            } ?? nil
        let kept: JSONValue = policyBreaches(inference, policy).map { breaches in ["kept": .bool(breaches.isEmpty), "breaches": .strings(breaches)] } ?? nil
        record.append(("verdict", .value(.optional(verdict?.verdict.rawValue))))
        record.append(("findings", .value(findings)))
        record.append(("policy", .value(kept)))
    }
    return record
}

/// The record of `inferenceRecord` as JSON text: one line, or indented as an element of the
/// array `--format json` writes.
func renderedInferenceRecord(_ inference: Inference, as format: OutputFormat, typeRecords: TypeRecords? = nil, policy: VerdictPolicy? = nil) -> String {
    let text = JSONValue.serializedObject(inferenceRecord(inference, typeRecords: typeRecords, policy: policy), pretty: format == .json)
    return format == .json ? text.replacingNewlines(with: "\n  ") : text
}

/// The type records of one run's catalog, made and serialized once per type, and the MIME names
/// of each kind of answer, found once: shared by the run's worker threads.
final class TypeRecords: @unchecked Sendable {
    private let lock = Lock()
    private var records: [String: JSONValue.Serialized] = [:]
    private var mimeNames: [MIMEKey: [String]] = [:]

    /// What `FileMIME.mimeTypes(of:)` reads of an inference.
    private struct MIMEKey: Hashable {
        var type: String?
        var kind: FileKind?
        var isEmpty: Bool
        var content: String?
        var sniffer: ContentEvidence.Sniffer?
        var database: String?
    }

    /// `FileMIME.mimeTypes(of: inference)`, found once for each kind of answer.
    func mimeTypes(of inference: Inference) -> [String] {
        let key = MIMEKey(
            type: inference.type?.identifier, kind: inference.kind, isEmpty: inference.size == 0, content: inference.content?.mimeType,
            sniffer: inference.content?.sniffer, database: inference.content?.sharedMIMEInfo?.mimeType)
        if let found = lock.withLock({ mimeNames[key] }) { return found }
        let found = FileMIME.mimeTypes(of: inference)
        lock.withLock { mimeNames[key] = found }
        return found
    }

    /// `typeRecord(type)` serialized, made on the first request for the type.
    func record(of type: UTType) -> JSONValue.Serialized {
        if let made = lock.withLock({ records[type.identifier] }) { return made }
        let made = JSONValue.Serialized(typeRecord(type))
        lock.withLock { records[type.identifier] = made }
        return made
    }
}

/// Why `inference` breaks `policy` (empty: it keeps it); nil for a path that failed (its error is
/// reported as such). What is not a regular file (a folder, a link, a FIFO, a device) has no
/// verdict and breaks every policy: a gate passes only files it has read.
func policyBreaches(_ inference: Inference, _ policy: VerdictPolicy) -> [String]? {
    guard inference.error == nil else { return nil }
    if let verdict = inference.verdict { return policy.breaches(of: verdict) }
    return ["\(inference.type?.identifier ?? "it") is not a regular file, and has no verdict"]
}

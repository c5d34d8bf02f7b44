import TypeInference
import UniformTypes

// `uti identify --format json` and `jsonl`: the record of each file.

/// Writes an inference's JSON record (schemas/identify-record.schema.json): the file's facts, its
/// type as the same type record `uti type` prints, and the evidence, which names types by
/// identifier. Members are written in key order, as `JSONValue` sorts an object's keys.
/// `typeRecords` keeps the type records already serialized (one run's files share few types).
func writeInferenceRecord(_ inference: Inference, typeRecords: TypeRecords? = nil, policy: VerdictPolicy? = nil, to json: inout JSONWriter) {
    json.beginObject()
    // -z, for a compressed file: its own type, and how much of its stream the answer read.
    if let compression = inference.compression {
        json.key("compression")
        json.beginObject()
        json.key("bytesDecoded")
        json.int(compression.bytesDecoded)
        json.key("complete")
        json.bool(compression.isComplete)
        json.key("identifier")
        json.string(compression.type.identifier)
        json.endObject()
    }
    json.key("encoding")
    json.optional(inference.encoding)
    json.key("error")
    if let failure = inference.error {
        json.beginObject()
        json.key("code")
        json.string(failure.code.rawValue)
        json.key("message")
        json.string(failure.message)
        json.endObject()
    } else {
        json.null()
    }
    json.key("evidence")
    if inference.error == nil { writeEvidence(inference, to: &json) } else { json.null() }
    // With --verdict: the verdict, its findings and the policy's answer (null where a path has
    // no verdict: an error, a folder).
    let verdict = policy == nil ? nil : inference.verdict
    if policy != nil {
        json.key("findings")
        if let verdict { writeFindings(verdict.findings, to: &json) } else { json.null() }
    }
    json.key("kind")
    json.optional(inference.kind?.rawValue)
    var mimeTypes = inference.error == nil ? typeRecords?.mimeTypes(of: inference) ?? FileMIME.mimeTypes(of: inference) : []
    // --mime-spelling file: file(1)'s spelling first, then the others.
    if let spelled = inference.fileMIMEType { mimeTypes = [spelled] + mimeTypes.filter { $0.lowercased() != spelled.lowercased() } }
    // One computation of the printed name, which mimeTypes lists first.
    json.key("mimeType")
    json.optional(mimeTypes.first)
    json.key("mimeTypes")
    json.strings(mimeTypes)
    json.key("mismatch")
    if let pair = inference.mismatch {
        json.beginObject()
        if let claim = pair.claim {
            json.key("claim")
            json.string(claim)
        }
        json.key("content")
        json.string(pair.content.identifier)
        json.key("extension")
        json.optional(pair.`extension`?.identifier)
        json.endObject()
    } else {
        json.null()
    }
    json.key("path")
    json.name(inference.path.bytes)
    if let policy {
        json.key("policy")
        if let breaches = policyBreaches(inference, policy) {
            json.beginObject()
            json.key("breaches")
            json.strings(breaches)
            json.key("kept")
            json.bool(breaches.isEmpty)
            json.endObject()
        } else {
            json.null()
        }
    }
    json.key("schemaVersion")
    json.int(outputSchemaVersion)
    json.key("size")
    if let size = inference.size { json.int(size) } else { json.null() }
    json.key("type")
    if let type = inference.type {
        if let typeRecords { json.serialized(typeRecords.record(of: type)) } else { json.value(typeRecord(type)) }
    } else {
        json.null()
    }
    if policy != nil {
        json.key("verdict")
        json.optional(verdict?.verdict.rawValue)
    }
    json.endObject()
}

/// The record's `evidence`: the candidates, the content's and the name's answers, which decided and
/// by which rule.
private func writeEvidence(_ inference: Inference, to json: inout JSONWriter) {
    json.beginObject()
    json.key("candidates")
    json.beginArray()
    for candidate in inference.candidates {
        json.beginObject()
        if let detail = candidate.detail {
            json.key("detail")
            json.string(detail)
        }
        json.key("identifier")
        json.string(candidate.type.identifier)
        if let offset = candidate.offset {
            json.key("offset")
            json.int(offset)
        }
        json.key("source")
        json.string(candidate.source.rawValue)
        json.key("strength")
        json.string(candidate.strength.rawValue)
        json.endObject()
    }
    json.endArray()
    json.key("content")
    if let found = inference.content {
        json.beginObject()
        json.key("check")
        json.optional(found.check)
        json.key("description")
        json.optional(found.description)
        json.key("identifier")
        json.string(found.type.identifier)
        if let failure = found.libmagicError {
            json.key("libmagicError")
            json.string(failure)
        }
        json.key("mimeType")
        json.optional(found.mimeType)
        json.key("sharedMIMEInfo")
        if let match = found.sharedMIMEInfo {
            json.beginObject()
            json.key("mimeType")
            json.string(match.mimeType)
            json.key("priority")
            json.int(match.priority)
            json.endObject()
        } else {
            json.null()
        }
        json.key("sniffer")
        json.string(found.sniffer.rawValue)
        json.endObject()
    } else {
        json.null()
    }
    json.key("decidedBy")
    json.optional(inference.decidedBy?.rawValue)
    json.key("extension")
    if let evidence = inference.name {
        json.beginObject()
        json.key("identifier")
        json.string(evidence.type.identifier)
        json.key("value")
        json.string(evidence.value)
        json.endObject()
    } else {
        json.null()
    }
    json.key("rule")
    json.optional(inference.rule?.rawValue)
    json.endObject()
}

/// A verdict's findings, each an object of its facts (`null` where one is absent).
private func writeFindings(_ findings: [Finding], to json: inout JSONWriter) {
    json.beginArray()
    for finding in findings {
        json.beginObject()
        json.key("basis")
        json.string(finding.basis)
        json.key("format")
        json.optional(finding.format)
        json.key("kind")
        json.string(finding.kind.rawValue)
        json.key("offset")
        if let offset = finding.offset { json.int(offset) } else { json.null() }
        json.key("span")
        if let span = finding.span { json.int(span) } else { json.null() }
        json.key("structure")
        json.optional(finding.structure?.rawValue)
        json.endObject()
    }
    json.endArray()
}

/// The record of `writeInferenceRecord` as JSON text: one line, or indented as an element of the
/// array `--format json` writes.
func renderedInferenceRecord(_ inference: Inference, as format: OutputFormat, typeRecords: TypeRecords? = nil, policy: VerdictPolicy? = nil) -> String {
    var json = JSONWriter(pretty: format == .json)
    writeInferenceRecord(inference, typeRecords: typeRecords, policy: policy, to: &json)
    return format == .json ? json.text.replacingNewlines(with: "\n  ") : json.text
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

import TypeInference
import UniformTypes

/// Writes inferences as text lines, one JSON array, or JSON lines (flushed record by record).
struct InferenceWriter {
    /// What a text line says of a file.
    enum Answer {
        /// The type identifier.
        case identifier
        /// The MIME type as `file --mime-type` prints it.
        case mimeType
        /// The same with `; charset=...`, as `file --mime` prints it.
        case mimeTypeAndCharset
    }

    let format: OutputFormat
    let brief: Bool
    let answer: Answer
    let nullSeparated: Bool
    /// Text output: after each line, the evidence and the rule that decided (`--explain`).
    let explains: Bool
    private var records: RecordWriter

    init(format: OutputFormat, brief: Bool, answer: Answer, nullSeparated: Bool, explains: Bool = false) {
        self.format = format
        self.brief = brief
        self.answer = answer
        self.nullSeparated = nullSeparated
        self.explains = explains
        records = RecordWriter(format: format == .text ? .jsonl : format)
        records.flushesEachRecord = false
    }

    /// The JSON of an inference as this writer writes it, or nil in text format: what workers
    /// render in parallel and hand to `write(_:rendered:)`.
    static func render(_ inference: Inference, as format: OutputFormat, typeRecords: TypeRecords? = nil) -> String? {
        format == .text ? nil : renderedInferenceRecord(inference, as: format, typeRecords: typeRecords)
    }

    /// One record, or one text line per input: a failed path gets a line too (`PATH: error:
    /// CAUSE`), as `file` prints one line per argument. `rendered` is the record's JSON when a
    /// worker has made it already (`render(_:as:)`).
    mutating func write(_ inference: Inference, rendered: String? = nil) {
        guard format == .text else {
            records.write(rendered: rendered ?? renderedInferenceRecord(inference, as: format))
            return
        }
        let text: String
        if let error = inference.error {
            let prefix = inference.path.description + ": "
            text = "error: " + (error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message)
        } else {
            switch answer {
            case .identifier: text = inference.type?.identifier ?? "-"
            case .mimeType: text = FileMIME.mimeType(of: inference)
            case .mimeTypeAndCharset: text = FileMIME.mimeType(of: inference) + "; charset=" + FileMIME.charset(of: inference)
            }
        }
        let output = Output.standard
        if nullSeparated {
            if !brief {
                output.writeBytes(inference.path.bytes)
                output.write("\0")
            }
            output.write(text + "\0")
        } else if brief {
            output.line(Output.terminalSafe(text))
        } else {
            output.line(Output.terminalSafe(bytes: inference.path.bytes) + ": " + Output.terminalSafe(text))
        }
        if explains && inference.error == nil {
            for line in Self.explanation(inference) { output.line("  " + Output.terminalSafe(line)) }
        }
    }

    /// What `--explain` prints under a file's line: what the content and the name said, and
    /// the rule that reconciled them, in the words of `uti identify --help`.
    static func explanation(_ inference: Inference) -> [String] {
        var lines: [String] = []
        if let content = inference.content {
            var line = "content: \(content.type.identifier), by \(content.sniffer.rawValue)"
            if let description = content.description { line += " (\(description))" }
            if let check = content.check { line += "; check \(check)" }
            if let match = content.sharedMIMEInfo { line += "; shared-mime-info's rules: \(match.mimeType) at priority \(match.priority)" }
            if let brand = content.brand { line += "; major brand \"\(brand)\"" }
            if content.isWeak { line += "; a weak guess" }
            if let failure = content.libmagicError { line += "; no libmagic evidence (\(failure))" }
            lines.append(line)
        } else if inference.kind == .file {
            lines.append("content: none (an empty file)")
        }
        if let name = inference.name {
            lines.append("name: \(name.value) -> \(name.type.identifier)" + (name.isWeak ? " (a weak name)" : ""))
        }
        if !inference.candidates.isEmpty {
            lines.append("candidates, strongest first:")
            for candidate in inference.candidates {
                var line = "  \(candidate.strength.rawValue): \(candidate.type.identifier) by \(candidate.source.rawValue)"
                if let detail = candidate.detail { line += " (\(detail))" }
                if let offset = candidate.offset { line += " at byte \(offset)" }
                lines.append(line)
            }
        }
        if let rule = inference.rule {
            lines.append("rule: \(rule.rawValue): \(rule.statement)")
        } else {
            lines.append("rule: the file system says what it is (\(inference.kind?.rawValue ?? "unknown"))")
        }
        if let mismatch = inference.mismatch {
            lines.append(
                "mismatch: the content is \(mismatch.content.identifier)" + (mismatch.extension.map { ", the name says \($0.identifier)" } ?? "")
                    + (mismatch.claim.map { ", it claims \($0)" } ?? ""))
        }
        return lines
    }

    /// Sends what is written so far on its way (identify does after every batch).
    func flush() { Output.standard.flush() }

    func finish() {
        if format != .text { records.finish() }
        Output.standard.flush()
    }
}

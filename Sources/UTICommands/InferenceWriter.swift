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
        /// The charset alone, as `file --mime-encoding` prints it.
        case charset
        /// The type's filename extensions, as `file --extension` prints them.
        case extensions
    }

    let format: OutputFormat
    let brief: Bool
    let answer: Answer
    let nullSeparated: Bool
    /// Text output: after each line, the evidence and the rule that decided (`--explain`).
    let explains: Bool
    private var records: RecordWriter
    /// Where the lines and records go.
    let output: Output

    /// `--verdict`'s policy: the text line and the record say whether each file keeps it.
    let policy: VerdictPolicy?
    /// `--format TEMPLATE`: each line as the template says, instead of the text line.
    var template: LineTemplate?
    /// Text lines in colour (`--color`): the answer cyan, an error red, a verdict that is not
    /// consistent yellow.
    var colors = false

    init(
        format: OutputFormat, brief: Bool, answer: Answer, nullSeparated: Bool, explains: Bool = false, policy: VerdictPolicy? = nil,
        output: Output
    ) {
        self.output = output
        self.policy = policy
        self.format = format
        self.brief = brief
        self.answer = answer
        self.nullSeparated = nullSeparated
        self.explains = explains
        records = RecordWriter(format: format == .text ? .jsonl : format, output: output)
        records.flushesEachRecord = false
    }

    /// The JSON of an inference as this writer writes it, or nil in text format: what workers
    /// render in parallel and hand to `write(_:rendered:)`.
    static func render(_ inference: Inference, as format: OutputFormat, typeRecords: TypeRecords? = nil, policy: VerdictPolicy? = nil) -> String? {
        format == .text ? nil : renderedInferenceRecord(inference, as: format, typeRecords: typeRecords, policy: policy)
    }

    /// One record, or one text line per input: a failed path gets a line too (`PATH: error:
    /// CAUSE`), as `file` prints one line per argument. `rendered` is the record's JSON when a
    /// worker has made it already (`render(_:as:)`).
    mutating func write(_ inference: Inference, rendered: String? = nil) {
        guard format == .text else {
            records.write(rendered: rendered ?? renderedInferenceRecord(inference, as: format, policy: policy))
            return
        }
        if let template {
            output.write(template.render(inference) + (nullSeparated ? "\0" : "\n"))
            return
        }
        var text: String
        var colour = 36
        var verdictText: String?
        if let error = inference.error {
            let prefix = inference.path.description + ": "
            text = "error: " + (error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message)
            colour = 31
        } else {
            switch answer {
            case .identifier:
                text = inference.type?.identifier ?? "-"
                // -z: what the stream is, then the file's own type (file -z's order).
                if let compression = inference.compression { text += " (compressed: \(compression.type.identifier))" }
            case .mimeType: text = Self.printedMIMEType(of: inference)
            case .mimeTypeAndCharset: text = Self.printedMIMEType(of: inference) + "; charset=" + FileMIME.charset(of: inference)
            case .charset: text = FileMIME.charset(of: inference)
            case .extensions: text = Self.extensions(of: inference)
            }
            if let verdict = inference.verdict { verdictText = Self.verdictSummary(verdict) }
        }
        if nullSeparated {
            if !brief {
                output.writeBytes(inference.path.bytes)
                output.write("\0")
            }
            output.write(text + (verdictText.map { " " + $0 } ?? "") + "\0")
        } else {
            var answer = ColorChoice.paint(Output.terminalSafe(text), colour, when: colors)
            if let verdictText {
                let consistent = inference.verdict?.verdict == .consistent
                answer += " " + ColorChoice.paint(Output.terminalSafe(verdictText), 33, when: colors && !consistent)
            }
            output.line(brief ? answer : Output.terminalSafe(bytes: inference.path.bytes) + ": " + answer)
        }
        if explains && inference.error == nil {
            for line in Self.explanation(inference) + Self.verdictExplanation(inference, policy: policy) { output.line("  " + Output.terminalSafe(line)) }
        }
    }

    /// The MIME type a line prints: file(1)'s spelling when asked (`--mime-spelling file`), else
    /// uti's (text lines, `%m` of a template).
    static func printedMIMEType(of inference: Inference) -> String {
        inference.fileMIMEType ?? FileMIME.mimeType(of: inference)
    }

    /// The type's filename extensions as `file --extension` prints them, slash-separated; `???`
    /// where it has none (a folder, a link, data).
    static func extensions(of inference: Inference) -> String {
        let tags = inference.type.map { $0.isDynamic ? [] : $0.tagSpecification[.filenameExtension] } ?? []
        return tags.isEmpty ? "???" : tags.joined(separator: "/")
    }

    /// The verdict on the text line: its name, and where it is not `consistent`, the first
    /// finding that made it (`polyglot (public.zip-archive at byte 1234)`).
    static func verdictSummary(_ verdict: FileVerdict) -> String {
        guard verdict.verdict != .consistent,
            let reason = verdict.findings.first(where: { $0.kind.verdict == verdict.verdict })
        else { return verdict.verdict.rawValue }
        var detail = reason.format ?? reason.basis
        if let offset = reason.offset, offset > 0 { detail += " at byte \(offset)" }
        return verdict.verdict.rawValue + (detail.isEmpty ? "" : " (\(detail))")
    }

    /// What `--explain` adds under `--verdict`: every finding in words, and the policy's answer.
    static func verdictExplanation(_ inference: Inference, policy: VerdictPolicy?) -> [String] {
        guard let verdict = inference.verdict else {
            return policy.flatMap { policyBreaches(inference, $0) }.map { ["policy: broken: " + $0.joined(separator: "; ")] } ?? []
        }
        var lines = ["verdict: \(verdict.verdict.rawValue)"]
        for finding in verdict.findings {
            var line = "  \(finding.kind.rawValue)"
            if let format = finding.format { line += ": \(format)" }
            if let offset = finding.offset { line += " at byte \(offset)" }
            if let span = finding.span { line += ", \(span) bytes" }
            if let structure = finding.structure { line += ", \(structure.rawValue)" }
            line += ": \(finding.basis)"
            lines.append(line)
        }
        if let policy, let breaches = policyBreaches(inference, policy) {
            lines.append(breaches.isEmpty ? "policy: kept" : "policy: broken: " + breaches.joined(separator: "; "))
        }
        return lines
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
    func flush() { output.flush() }

    func finish() {
        if format != .text { records.finish() }
        output.flush()
    }
}

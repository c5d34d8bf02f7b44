import ArgumentParser
import TypeInference
import UniformTypes

/// `identify --format TEMPLATE`: one line a file, its fields where the template names them, as
/// magika's `--format` and `find -printf` print (`--format '%p\t%t\t%m'`). A template is any
/// `--format` value with a `%` in it. A file that cannot be read prints no line; its error goes to
/// standard error and the exit status is 1.
struct LineTemplate: Equatable {
    /// What a `%` letter stands for.
    enum Field: Character, CaseIterable {
        case path = "p"
        case type = "t"
        case description = "d"
        case mimeType = "m"
        case charset = "c"
        case extensions = "e"
        case kind = "k"
        case decidedBy = "b"
        case strength = "s"
        case verdict = "v"

        /// What the field prints, for the help and the error that names an unknown letter.
        var meaning: String {
            switch self {
            case .path: "the path"
            case .type: "the type identifier"
            case .description: "the type's description"
            case .mimeType: "the MIME type (file(1)'s spelling with --mime-spelling file)"
            case .charset: "the charset, as --mime-encoding prints it"
            case .extensions: "the type's filename extensions, slash-separated (??? for none)"
            case .kind: "the file-system kind: file, directory, symlink, fifo, socket, char-device, block-device"
            case .decidedBy: "what decided: content, extension, both or filesystem"
            case .strength: "how strong the evidence for the answer is: verified, signature, weak or name"
            case .verdict: "the verdict with --verdict (empty without)"
            }
        }
    }

    enum Piece: Equatable {
        case literal(String)
        case field(Field)
    }

    let pieces: [Piece]

    /// Parses `text`: `%` and a letter of `Field`, `%%` for a percent sign, and the escapes `\t`,
    /// `\n` and `\\` (a shell's single quotes keep them as typed). Throws a one-line message naming
    /// an unknown letter or a `%` at the end.
    init(parsing text: String) throws(UTIError) {
        var pieces: [Piece] = []
        var literal = ""
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case "%":
                guard let letter = characters.popFirst() else {
                    throw UTIError(.invalidInput, "--format \(text): a % at the end names no field (%% prints a percent sign)")
                }
                if letter == "%" {
                    literal.append("%")
                    continue
                }
                guard let field = Field(rawValue: letter) else {
                    let known = Field.allCases.map { "%\($0.rawValue)" }.joined(separator: " ")
                    throw UTIError(.invalidInput, "--format \(text): %\(letter) is no field (the fields: \(known), and %% for a percent sign)")
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.field(field))
            case "\\":
                switch characters.first {
                case "t": literal.append("\t")
                case "n": literal.append("\n")
                case "\\": literal.append("\\")
                default:
                    literal.append("\\")
                    continue
                }
                characters = characters.dropFirst()
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The line for `inference` (without its newline). Field values are made terminal-safe, as
    /// text lines are, so that a name with a newline or a tab in it cannot split or shift a line.
    func render(_ inference: Inference) -> String {
        var line = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): line += text
            case .field(let field): line += Output.terminalSafe(value(of: field, in: inference))
            }
        }
        return line
    }

    private func value(of field: Field, in inference: Inference) -> String {
        switch field {
        case .path: return String(decoding: inference.path.bytes, as: UTF8.self)
        case .type: return inference.type?.identifier ?? ""
        case .description: return inference.description ?? ""
        case .mimeType: return InferenceWriter.printedMIMEType(of: inference)
        case .charset: return FileMIME.charset(of: inference)
        case .extensions: return InferenceWriter.extensions(of: inference)
        case .kind: return inference.kind?.rawValue ?? ""
        case .decidedBy: return inference.decidedBy?.rawValue ?? ""
        case .strength:
            guard let type = inference.type else { return "" }
            return inference.candidates.filter { $0.type == type }.map(\.strength).min()?.rawValue ?? ""
        case .verdict: return inference.verdict?.verdict.rawValue ?? ""
        }
    }
}

/// identify's `--format`: `text`, `json`, `jsonl`, or a line template (any value with a `%` in
/// it, `LineTemplate`).
struct IdentifyFormat: RawRepresentable, ExpressibleByArgument, Equatable {
    let rawValue: String

    init?(rawValue: String) {
        guard OutputFormat(rawValue: rawValue) != nil || rawValue.contains("%") else { return nil }
        self.rawValue = rawValue
    }

    init?(argument: String) { self.init(rawValue: argument) }

    /// Text lines, the default.
    static let text = IdentifyFormat(rawValue: "text")!

    /// The record format, or nil for a template.
    var records: OutputFormat? { OutputFormat(rawValue: rawValue) }

    var defaultValueDescription: String { rawValue }
}

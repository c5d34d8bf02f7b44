import UniformTypes

/// The simplest well-formed `uti conforms`, `uti type` and `uti identify` invocations, answered without building
/// swift-argument-parser's command tree (about a millisecond of reflection at every start, most of
/// a one-shot command's time).
///
/// It takes only forms whose meaning is plain, with names the built-in catalog knows and no
/// declaration files (no `--types`, no `UTI_TYPES`), and answers them with the same code the
/// commands run; for anything else (an option it does not know, `--`, `help`, an unknown name, a
/// usage error) it declines and the full parser runs. `UTI_FAST_PATH=0` turns it off; the tests
/// run every `conforms` and `type` invocation both ways and compare.
enum FastPath {
    /// An invocation the fast path answers.
    enum Plan {
        case conforms(type: String, parent: String, verbose: Bool)
        case type(TypeLookup)
    }

    /// The exit status, or nil when the full parser should handle these arguments.
    static func run(_ arguments: [String], in context: UTIContext) -> Int32? {
        guard isOn(in: context), let plan = plan(arguments) else { return nil }
        do {
            switch plan {
            case .conforms(let type, let parent, let verbose):
                return try ConformsCommand.answer(type, parent, verbose: verbose, in: .builtIn, to: context.standardOutput) ? 0 : 1
            case .type(let lookup):
                return try lookup.printRecords(in: .builtIn, to: context) ? 0 : 1
            }
        } catch {
            // Unreachable for names the built-in catalog knows; the full parser reports it as usual.
            return nil
        }
    }

    /// `identify [-b|--brief] [--mime-type] [-i|--mime] [--format text|json|jsonl] PATH...`, the
    /// options anywhere, each once, every path a plain operand (no `-`, no option-like name), as
    /// the identification the command runs with every other option at its default: what the parser
    /// would make of these words, without building its command tree or the command's wrappers. nil for anything else, a text-only flag
    /// with a record format included (the parser names that clash), and when `UTI_TYPES` or
    /// `UTI_FAST_PATH=0` is set.
    static func identify(_ arguments: [String], in context: UTIContext) -> Identification? {
        guard arguments.first == "identify", isOn(in: context) else { return nil }
        var paths: [String] = []
        var brief = false
        var mimeType = false
        var mimeAndCharset = false
        var format: OutputFormat?
        var words = arguments.dropFirst()[...]
        while let word = words.popFirst() {
            switch word {
            case "-b", "--brief":
                if brief { return nil }
                brief = true
            case "--mime-type":
                if mimeType { return nil }
                mimeType = true
            case "-i", "--mime":
                if mimeAndCharset { return nil }
                mimeAndCharset = true
            case "--format":
                guard format == nil, let value = words.popFirst().flatMap(OutputFormat.init(rawValue:)) else { return nil }
                format = value
            case "--json", "--jsonl":
                guard format == nil else { return nil }
                format = word == "--json" ? .json : .jsonl
            default:
                guard isPlainOperand(word) else { return nil }
                paths.append(word)
            }
        }
        guard !paths.isEmpty, format ?? .text == .text || !(brief || mimeType || mimeAndCharset) else { return nil }
        return Identification(paths: paths, brief: brief, mimeTypeOnly: mimeType, mimeAndCharset: mimeAndCharset, format: format ?? .text)
    }

    /// Whether the fast path may answer at all: not with `UTI_TYPES` (declaration files the
    /// built-in catalog lacks), not with `UTI_FAST_PATH=0`.
    private static func isOn(in context: UTIContext) -> Bool {
        context.variable("UTI_TYPES") == nil && context.variable("UTI_FAST_PATH") != "0"
    }

    /// What the arguments ask, when they are one of the simple forms and the built-in catalog
    /// knows every name in them.
    static func plan(_ arguments: [String]) -> Plan? {
        switch arguments.first {
        case "conforms": conforms(arguments.dropFirst())
        case "type": type(arguments.dropFirst())
        default: nil
        }
    }

    /// Whether a command-line word is an operand the full parser takes as one: not an option,
    /// not `--`, not a request for help.
    private static func isPlainOperand(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && word != "help"
    }

    /// `conforms [-v|--verbose] TYPE PARENT`, the flag anywhere.
    private static func conforms(_ words: ArraySlice<String>) -> Plan? {
        var operands: [String] = []
        var verbose = false
        for word in words {
            if word == "-v" || word == "--verbose" {
                if verbose { return nil }
                verbose = true
            } else if isPlainOperand(word) {
                operands.append(word)
            } else {
                return nil
            }
        }
        guard operands.count == 2, CatalogOptions.builtInKnows(operands) else { return nil }
        return .conforms(type: operands[0], parent: operands[1], verbose: verbose)
    }

    /// `type [ID...] [-e|--extension EXT...] [-m|--mime MIME...] [--format text|json|jsonl]`,
    /// in any order, tag options taking values up to the next option as the parser does.
    private static func type(_ words: ArraySlice<String>) -> Plan? {
        var identifiers: [String] = []
        var extensions: [String] = []
        var mimeTypes: [String] = []
        var format: OutputFormat?
        /// Where plain words go: identifiers, or the values of the last -e or -m.
        enum Target { case identifiers, extensions, mimeTypes }
        var target = Target.identifiers
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            switch word {
            case "-e", "--extension", "-m", "--mime":
                // The parser wants at least one value before the next option.
                guard index < words.endIndex, isPlainOperand(words[index]) else { return nil }
                target = word == "-e" || word == "--extension" ? .extensions : .mimeTypes
            case "--format":
                guard format == nil, index < words.endIndex, let value = OutputFormat(rawValue: words[index]) else { return nil }
                format = value
                index += 1
                target = .identifiers
            case "--json", "--jsonl":
                guard format == nil else { return nil }
                format = word == "--json" ? .json : .jsonl
                target = .identifiers
            default:
                guard isPlainOperand(word) else { return nil }
                switch target {
                case .identifiers: identifiers.append(word)
                case .extensions: extensions.append(word)
                case .mimeTypes: mimeTypes.append(word)
                }
            }
        }
        let lookup = TypeLookup(identifiers: identifiers, extensions: extensions, mimeTypes: mimeTypes, format: format ?? .text)
        guard !(identifiers.isEmpty && extensions.isEmpty && mimeTypes.isEmpty), CatalogOptions.builtInKnows(lookup.names)
        else { return nil }
        return .type(lookup)
    }
}

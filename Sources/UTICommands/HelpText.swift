import ArgumentParser
import ItemProvidersCore
import TypeInference
import UniformTypes

/// The facts the long help texts (man/help/*.txt) name as `@name@`, computed from the data they
/// describe so that `--help` and the man page cannot drift from the code.
enum HelpFacts {
    /// identify's reconciliation rules in order: "(1) no-name: ...; (2) ...".
    static var reconciliationRules: String {
        Reconciliation.Rule.allCases.enumerated().map { index, rule in
            "(\(index + 1)) \(rule.rawValue): \(rule.statement)"
        }.joined(separator: "; ")
    }

    /// uti's own binary checks in the order they run: "python-bytecode (CPython's ...), ...".
    static var binaryChecks: String {
        ContentCheckOrder.binary.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
    }

    /// uti's own text checks in the order they run: "interpreter-line (a #! line ...), ...".
    static var textChecks: String {
        ContentCheckOrder.text.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
    }

    /// identify's template fields: "%p the path, %t ...".
    static var templateFields: String {
        LineTemplate.Field.allCases.map { "%\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")
    }

    /// Each class preset with the types it reads, in preference order.
    static var readableClassPresets: String {
        classPresets(\.readable)
    }

    /// Each class preset with the types it writes, in its order.
    static var writableClassPresets: String {
        classPresets(\.writable)
    }

    /// The names of the Transferable presets.
    static var transferablePresets: String {
        TransferableType.presets.map(\.name).joined(separator: ", ")
    }

    /// Every input limit: "NAME VALUE: MEANING; ...".
    static var limits: String {
        Limits.all.map { "\($0.name) \($0.value): \($0.meaning)" }.joined(separator: "; ")
    }

    /// "CLASS (TYPE [confidence], TYPE, ...); ...": a type Apple documents or that was observed is
    /// marked; an inferred one is not.
    private static func classPresets(_ types: KeyPath<ClassPreset, [ClassPreset.Entry]>) -> String {
        DropDestination.classPresets.map { preset in
            let listed = preset[keyPath: types].map { entry in
                entry.confidence == .inferred ? entry.type : "\(entry.type) [\(entry.confidence.rawValue)]"
            }
            return "\(preset.name) (\(listed.joined(separator: ", ")))"
        }.joined(separator: "; ")
    }
}

/// Help as people read it: `-h` is the synopsis and the options; `--help` and `uti help
/// [COMMAND]` put the options first and the long description (the rules, the record, the
/// limits; the man page's text, from man/help) after them, where swift-argument-parser prints it
/// before.
enum HelpText {
    /// The command whose help the arguments ask for, and whether briefly (`-h`); nil when they
    /// ask for none. Words after a lone `--` are paths.
    static func request(in arguments: [String]) -> (command: ParsableCommand.Type, short: Bool)? {
        let words = Array(arguments.prefix { $0 != "--" })
        func command(named name: String?) -> ParsableCommand.Type {
            UTI.configuration.subcommands.first { $0.configuration.commandName == name } ?? UTI.self
        }
        if words.first == "help" {
            return (command(named: words.dropFirst().first), false)
        }
        let short = words.contains("-h")
        guard short || words.contains("--help") else { return nil }
        return (command(named: words.first), short)
    }

    /// The help of `command`: the overview, usage, arguments and options, then (long) the description.
    static func render(_ command: ParsableCommand.Type, short: Bool) -> String {
        let full = Array(UTI.helpMessage(for: command).split(separator: "\n", omittingEmptySubsequences: false))
        // swift-argument-parser's layout: OVERVIEW and the discussion, then USAGE, ARGUMENTS,
        // OPTIONS (and SUBCOMMANDS), blocks separated by blank lines.
        guard let usage = full.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else { return full.joined(separator: "\n") + "\n" }
        let head = Array(full[..<usage])
        let overviewEnd = head.firstIndex(where: \.isEmpty) ?? head.endIndex
        let overview = trimmed(Array(head[..<overviewEnd]))
        let description = trimmed(Array(head[overviewEnd...]))
        let synopsis = trimmed(Array(full[usage...]))
        let name = command == UTI.self ? "uti" : "uti \(command.configuration.commandName ?? "")"
        var blocks = [overview, synopsis]
        if !description.isEmpty {
            blocks.append(short ? "The rules, the records and the limits: \(name) --help, or man uti." : "DESCRIPTION:\n\n" + description)
        }
        if !short, let examples = HelpExamples.section(for: command) { blocks.append(examples) }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    /// Lines joined, without the blank lines at either end.
    private static func trimmed(_ lines: [Substring]) -> String {
        var lines = lines[...]
        while lines.first?.isEmpty == true { lines = lines.dropFirst() }
        while lines.last?.isEmpty == true { lines = lines.dropLast() }
        return lines.joined(separator: "\n")
    }
}

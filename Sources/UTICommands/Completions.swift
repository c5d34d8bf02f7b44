import ArgumentParser
import ItemProvidersCore
import UniformTypes

/// What the shells complete for uti's arguments beyond files and enum values.
extension CompletionKind {
    /// Identifiers of the built-in catalog that start with what was typed.
    static var typeIdentifiers: CompletionKind {
        .custom { _, _, prefix in
            TypeCatalog.builtIn.allTypes.map(\.identifier).filter { $0.hasPrefix(prefix) }.sorted()
        }
    }

    /// The class presets of `uti drop --class`.
    static var classNames: CompletionKind { .list(DropDestination.classPresets.map(\.name)) }
}

extension DropDestination.Preference: ExpressibleByArgument {}
extension DropDestination.Load: ExpressibleByArgument {
    /// `open-in-place`, and version 1's `openInPlace`.
    public init?(argument: String) {
        guard let load: Self = DocumentReader.value(argument) else { return nil }
        self = load
    }
}
extension DropDestination.Platform: ExpressibleByArgument {}
extension ListIntent: ExpressibleByArgument {}
extension RowPosition: ExpressibleByArgument {}

/// `uti completions SHELL`: the completion script, to be sourced or installed.
struct CompletionsCommand: ContextualCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Completes subcommands, options, enum values (--format, --load, --operation), files and \
            folders, type identifiers (uti type, --expect, --accepts, --conforming-to) and class \
            presets (--class). scripts/install puts the scripts where the shells look. To try one \
            in the current shell: source <(uti completions bash) (bash), source <(uti completions zsh) \
            after compinit (zsh), uti completions fish | source (fish).
            """)

    @Argument(help: "bash, zsh or fish.") var shell: CompletionShell

    func run(in context: UTIContext) throws {
        context.standardOutput.write(UTI.completionScript(for: shell))
        context.standardOutput.flush()
    }
}

// swift-argument-parser's own enum, read as an argument: the one conformance of a type uti does
// not own to a protocol it does not own, which the library does not declare itself.
// swift-format-ignore: AvoidRetroactiveConformances
extension CompletionShell: @retroactive ExpressibleByArgument {}

import ArgumentParser

/// The EXAMPLES section of each command's `--help`: commands a user can paste from the
/// repository's root (they use its Fixtures), each with what it shows. The tests run every one of
/// them (`ReadmeTests.everyHelpExampleRuns`), so that an example that stopped working fails CI.
enum HelpExamples {
    /// One example: the command line and, in a few words, what it does.
    struct Example {
        let command: String
        let note: String
    }

    /// The examples of each command, by name (`uti` for the root command).
    static let all: [String: [Example]] = [
        "uti": [
            Example(command: "uti Fixtures/files/photo.png", note: "a path first: uti identifies it"),
            Example(command: "uti help identify", note: "a command's help, as --help prints it"),
            Example(command: "uti --version", note: "the release, its commit, and the databases in use"),
        ],
        "identify": [
            Example(command: "uti identify Fixtures/files/photo.png Fixtures/files/letter.docx", note: "each file's type"),
            Example(command: "uti identify --mime-type -b Fixtures/files/letter.docx", note: "the MIME type alone, as file --mime-type -b"),
            Example(command: "uti identify --format '%p\\t%t\\t%m' Fixtures/files/tone.opus", note: "a line template: path, type, MIME type"),
            Example(command: "uti identify --jsonl -r Fixtures/images", note: "a JSON record a line, for every file of a folder"),
            Example(command: "printf '%%PDF-1.7\\n' | uti identify -", note: "bytes on standard input"),
            Example(command: "uti identify -z Fixtures/files/page.ps.gz", note: "what a compressed file holds, as file -z"),
            Example(command: "uti identify --explain Fixtures/files/png-named.txt", note: "why: the evidence and the rule that decided"),
            Example(
                command: "uti identify --expect public.image -q Fixtures/files/photo.png Fixtures/files/photo.gif",
                note: "a CI gate: silent, exit 1 when a file is not an image"),
            Example(
                command: "uti identify --verdict --claimed-type image/png Fixtures/files/photo.png",
                note: "is this upload what it claims to be?"),
        ],
        "wrap": [
            Example(command: "uti wrap Fixtures/files/photo.png", note: "the drag session NSItemProvider(contentsOf:) would make"),
            Example(command: "uti wrap --format text --derive Fixtures/files/page.html", note: "what it offers, derived text included"),
        ],
        "drop": [
            Example(command: "uti wrap Fixtures/files/photo.png | uti drop --accepts public.image", note: "would an image well take it?"),
            Example(
                command: "uti wrap --derive Fixtures/files/page.html | uti drop --class NSString --explain",
                note: "would an NSString take a page's text, and why"),
        ],
        "check": [
            Example(command: "uti check Fixtures/uti-fixtures.check.json -q", note: "every expectation of a manifest; silent when all pass"),
            Example(command: "uti check Fixtures/uti-fixtures.check.json --format junit --output /dev/null", note: "a JUnit report for CI"),
        ],
        "type": [
            Example(command: "uti type public.png", note: "a type's record: its parents, tags and description"),
            Example(command: "uti type -e md", note: "the type of an extension"),
            Example(command: "uti type -m application/pdf --format json", note: "the type of a MIME type, as JSON"),
        ],
        "conforms": [
            Example(command: "uti conforms public.png public.image", note: "exit 0: it does"),
            Example(command: "uti conforms -v .md public.text", note: "the answer as a sentence"),
        ],
        "tree": [
            Example(command: "uti tree public.jpeg", note: "what JPEG conforms to, and what conforms to it"),
            Example(command: "uti tree public.image --format dot > /dev/null", note: "the graph for Graphviz"),
        ],
        "list": [
            Example(command: "uti list --conforming-to public.audio", note: "every audio type uti knows")
        ],
        "completions": [
            Example(command: "source <(uti completions bash)", note: "completion in the current bash")
        ],
    ]

    /// The section for `command`, or nil when it has no examples.
    static func section(for command: ParsableCommand.Type) -> String? {
        let name = command.configuration.commandName ?? "uti"
        guard let examples = all[name], !examples.isEmpty else { return nil }
        return "EXAMPLES:\n\n" + examples.map { "  \($0.command)\n      \($0.note)" }.joined(separator: "\n")
    }
}

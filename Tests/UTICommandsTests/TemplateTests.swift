import Foundation
import Testing
import UTITestSupport

@testable import UTICommands

/// `identify --format TEMPLATE`: a line a file, its fields where the template names them.
@Suite struct TemplateTests {
    @Test func fieldsEscapesAndPercentSigns() throws {
        let run = try uti([
            "identify", "--format", "%p\\t%t\\t%m|%e|%k|%b|%s|%c|100%%", "Fixtures/files/photo.png", "Fixtures/files/letter.docx", "Fixtures/files",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                Fixtures/files/photo.png\tpublic.png\timage/png|png|file|both|signature|binary|100%
                Fixtures/files/letter.docx\torg.openxmlformats.wordprocessingml.document\t\
                application/vnd.openxmlformats-officedocument.wordprocessingml.document|docx|file|both|verified|binary|100%
                Fixtures/files\tpublic.folder\tinode/directory|???|directory|filesystem||binary|100%

                """)
    }

    @Test func theVerdictAndTheDescription() throws {
        let run = try uti(["identify", "--verdict", "--format", "%v: %d", "Fixtures/files/photo.png"])
        #expect(run.stdout == "consistent: PNG image\n")
    }

    /// A name with a tab or a newline in it cannot split or shift the line.
    @Test func fieldValuesAreEscaped() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = folder.appendingPathComponent("two\nlines\t.png")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("files/photo.png")), to: name)
        let run = try uti(["identify", "--format", "%p\\t%t", name.path])
        #expect(run.stdout == folder.path + "/two\\nlines\\t.png\tpublic.png\n")
    }

    @Test func aFileThatCannotBeReadPrintsNoLine() throws {
        let run = try uti(["identify", "--format", "%p %t", "Fixtures/files/photo.png", "Fixtures/no-such-file"])
        #expect(run.status == 1)
        #expect(run.stdout == "Fixtures/files/photo.png public.png\n")
        #expect(run.stderr == "uti: Fixtures/no-such-file: no such file or directory\n")
    }

    @Test(arguments: [
        (["%q"], "Error: --format %q: %q is no field (the fields: %p %t %d %m %c %e %k %b %s %v, and %% for a percent sign)"),
        (["%t %"], "Error: --format %t %: a % at the end names no field (%% prints a percent sign)"),
        (["%t", "-b"], "Error: -b shapes text lines; a --format template says what each line prints"),
        (["%t", "--json"], "Error: --json is --format json; it cannot go with --format %t."),
        (["yaml"], "Error: The value 'yaml' is invalid for '--format <format>'"),
    ])
    func badTemplatesAreUsageErrors(arguments: [String], message: String) throws {
        let run = try uti(["identify", "--format"] + arguments + ["Fixtures/files/photo.png"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }
}

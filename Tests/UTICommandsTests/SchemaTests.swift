import Foundation
import Testing
import UTITestSupport

/// Every JSON document uti writes validates against its schema in schemas/, and carries the
/// same names for the same facts.
@Suite struct SchemaTests {
    @Test func identifyRecordsOfEveryKind() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: fixture("files/photo.png")))
        let run = try uti(
            [
                "identify", "--format", "json", "-r", "Fixtures/files/png-named.txt", "Fixtures/files/plain-folder",
                "Fixtures/files/broken-link", "Fixtures/files/empty", "Fixtures/files/nope", "-",
            ], stdin: png)
        #expect(run.status == 1)
        try validate(run.stdout, against: "identify-record.schema.json", each: true)
        let lines = try uti(["identify", "--format", "jsonl", "-r", "Fixtures/files"])
        try validate(lines.stdout, against: "identify-record.schema.json", lines: true)
    }

    @Test func typeRecordsFromTypeAndList() throws {
        try validate(
            try uti(["type", "public.png", "com.apple.application-bundle", "--format", "json"]).stdout,
            against: "type-record.schema.json", each: true)
        try validate(try uti(["type", "--dynamic", "-e", "sql", "--format", "jsonl"]).stdout, against: "type-record.schema.json", lines: true)
        try validate(try uti(["list", "--format", "jsonl"]).stdout, against: "type-record.schema.json", lines: true)
    }

    @Test func dropResults() throws {
        let accepted = try pipeline(["Fixtures/files/photo.png", "Fixtures/files/page.html"], ["--accepts", "public.image", "--format", "json"])
        try validate(accepted.stdout, against: "drop-result.schema.json")
        let refused = try pipeline(
            ["Fixtures/files/photo.png"], ["--destination", "Fixtures/destinations/single-image.json", "--forbidden", "--format", "json"])
        try validate(refused.stdout, against: "drop-result.schema.json")
    }

    @Test func checkReports() throws {
        try validate(try uti(["check", "Fixtures/check/failing.check.json", "--format", "json"]).stdout, against: "check-report.schema.json")
        try validate(try uti(["check", "Fixtures/uti-fixtures.check.json", "--format", "json"]).stdout, against: "check-report.schema.json")
    }

    @Test func inputDocumentsMayNameTheirSchema() throws {
        let session = try uti(["wrap", "Fixtures/files/photo.png"]).stdout
        let named = session.replacingOccurrences(
            of: "{\n  \"allowsMoveOperation\"", with: "{\n  \"$schema\": \"schemas/drag-session.schema.json\",\n  \"allowsMoveOperation\"")
        #expect(named.contains("$schema"))
        try validate(named, against: "drag-session.schema.json")
        let run = try uti(["drop", "--accepts", "public.image"], stdin: Data(named.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let wrong = named.replacingOccurrences(of: "\"schemas/drag-session.schema.json\"", with: "3")
        let refused = try uti(["drop", "--accepts", "public.image"], stdin: Data(wrong.utf8))
        #expect(refused.status == 2)
        #expect(refused.stderr == "uti: -: $.$schema: must be a string (the document's JSON Schema)\n")
    }
}

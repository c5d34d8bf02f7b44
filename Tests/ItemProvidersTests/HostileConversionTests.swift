import Foundation
import Testing
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import ItemProvidersCore

/// Hostile inputs to the converters and the zip writer (Fixtures/hostile/README.md): nothing is
/// dropped or passed through unconverted, nothing traps, and what cannot be converted without
/// loss is an error naming the cause.
@Suite struct HostileConversionTests {
    let registry = ConverterRegistry.builtIn

    func convert(_ name: String, _ path: String) throws -> String {
        String(decoding: try #require(registry.converter(named: name)).convert(.path(fixture("hostile/\(path)"))), as: UTF8.self)
    }

    func failure(_ name: String, _ path: String) throws -> String? {
        let converter = try #require(registry.converter(named: name))
        do throws(UTIError) {
            _ = try converter.convert(.path(fixture("hostile/\(path)")))
            return nil
        } catch { return error.message }
    }

    @Test func utf16WithoutAByteOrderMarkIsConvertedNotPassedThrough() throws {
        #expect(try convert("text-to-utf8", "text/utf16le-without-bom.txt") == "Grüße, “uti” €5\n")
    }

    @Test func windows1252KeepsCurlyQuotesAndTheEuroSign() throws {
        #expect(try convert("text-to-utf8", "text/windows-1252.txt") == "“quoted” costs €5\n")
    }

    @Test(arguments: [
        ("text/utf16-odd-trailing-byte.txt", "is not valid UTF-16 (it ends with half a code unit at byte 6)"),
        ("text/utf16-lone-surrogate.txt", "is not valid UTF-16 (it holds an unpaired surrogate)"),
    ])
    func textThatCannotBeDecodedWholeIsAnError(path: String, message: String) throws {
        let found = try failure("text-to-utf8", path)
        #expect(found?.hasSuffix("utf16-\(path.dropFirst("text/utf16-".count)): \(message)") == true, "\(found ?? "no error")")
    }

    @Test func htmlTextAfterABareLessThanIsKept() throws {
        // "<c then\n<p>" is a tag named c, as a browser reads it; "< b" and "<4" are text.
        #expect(try convert("html-to-text", "html/bare-less-than.html") == "if a < b and b 3 <4 & 5 > 4\n")
    }

    @Test(arguments: [
        (#"{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8\'e2\'e5\'f2}"#, "Привет\n"),
        (#"{\rtf1\ansi\ansicpg932 \'82"# + "\n" + #"\'a0\'82\'a2}"#, "あい\n"),  // a line break between a character's two bytes
        (#"{\rtf1\ansi\ansicpg1252 caf\'e9 \'80}"#, "café €\n"),
        (#"{\rtf1\mac caf\'8e}"#, "café\n"),
        (#"{\rtf1\ansi\ansicpg932 \'82}"#, "\u{FFFD}\n"),  // half a character
        (#"{\rtf1\ansi\ansicpg1251\uc1 \u1055\'cf ok}"#, "П ok\n"),  // the fallback byte is skipped, not decoded
    ])
    func rtfHexEscapesAreReadInTheDeclaredCodePage(rtf: String, text: String) throws {
        #expect(try TextConversion.plainText(fromRTF: Array(rtf.utf8), label: "t") == text)
    }

    @Test func everyNamedCharacterReferenceOfHTMLDecodes() {
        #expect(
            TextConversion.plainText(fromHTML: "<p>&hearts; &Auml; &rarr; &NotEqualTilde; &amp; &bogus; &#x1F600; &#65;</p>")
                == "♥ Ä → \u{2242}\u{338} & &bogus; 😀 A\n")
        #expect(TextConversion.entities.count == 2125)
        #expect(TextConversion.entities["CounterClockwiseContourIntegral"] == "\u{2233}")
    }

    @Test func sixtyThousandUnclosedLessThansConvertInLinearTime() {
        let text = TextConversion.plainText(fromHTML: String(repeating: "<a <!--", count: 20_000))
        #expect(text.isEmpty || text.hasPrefix("<"))
        let lessThans = TextConversion.plainText(fromHTML: String(repeating: "<", count: 60_000))
        #expect(lessThans == String(repeating: "<", count: 60_000) + "\n")
    }

    @Test func rtfUnicodeEscapesOutOfRangeBecomeReplacementCharacters() throws {
        // Each \uN is followed by one fallback character (\uc1), which is skipped; negative values
        // count from 65536 (\u-4064 is U+F020), values outside 16 bits are U+FFFD, and a huge
        // \ucN is only a count.
        #expect(try convert("rtf-to-text", "rtf/u-out-of-range.rtf") == "a\u{FFFD}\u{FFFD}\u{F020}€f\n")
    }

    @Test func folderPastZip64ThresholdsIsAValidZip64Archive() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-zip64-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("inner/a.txt"))
        try Data(repeating: 7, count: 3000).write(to: folder.appendingPathComponent("b.bin"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "b.bin")
        var archive: [UInt8] = []
        try ZipWriter.archive(folder: folder.path, zip64Threshold: 0) { (bytes) throws(UTIError) in archive += bytes }
        let zip = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".zip")
        defer { try? FileManager.default.removeItem(at: zip) }
        try Data(archive).write(to: zip)
        let listing = try runTool("/usr/bin/zipinfo", [zip.path])
        #expect(listing.status == 0)
        let name = folder.lastPathComponent
        for entry in ["\(name)/", "\(name)/b.bin", "\(name)/link", "\(name)/inner/", "\(name)/inner/a.txt"] {
            #expect(listing.output.contains(entry), "\(entry) missing from \(listing.output)")
        }
        #expect(listing.output.contains("lrwxrwxrwx"))
        #expect(try runTool("/usr/bin/unzip", ["-tq", zip.path]).status == 0)
    }

    @Test func moreEntriesThanSixteenBitsCountIsAZip64Archive() throws {
        // The entry count past 65,535 takes the same path as past a lowered threshold: counts of
        // 0xFFFF in the end record, the real count in the zip64 end record.
        var archive: [UInt8] = []
        try ZipWriter.archive(folder: fixture("files/Sample.app"), entryThreshold: 2) { (bytes) throws(UTIError) in archive += bytes }
        let zip = FileManager.default.temporaryDirectory.appendingPathComponent("uti-count-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: zip) }
        try Data(archive).write(to: zip)
        let end = archive.count - 22
        #expect(archive[end..<(end + 4)] == [0x50, 0x4B, 0x05, 0x06])
        #expect(archive[(end + 8)..<(end + 12)] == [0xFF, 0xFF, 0xFF, 0xFF], "both counts say see zip64")
        #expect(try runTool("/usr/bin/unzip", ["-tq", zip.path]).status == 0)
        #expect(try runTool("/usr/bin/zipinfo", ["-1", zip.path]).output == "Sample.app/\nSample.app/Contents/\nSample.app/Contents/Info.plist\n")
    }

    func runTool(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try runProgram(program, arguments)
        return (run.status, run.stdout)
    }
}

import FileAccess
import Foundation
import Testing
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import ItemProvidersCore

/// The lossless converters checked by Python, an independent implementation: plistlib for
/// property lists, the cp1252 codec for Windows-1252, zipfile for folder archives. plistlib
/// writes a plist with every value type (real 1.0 beside integer 1, dates, data, UIDs,
/// nested containers, 64-bit integers), uti converts it both ways, and plistlib reads uti's
/// output back as the same values, types included.
@Suite struct PythonInteropTests {
    let registry = ConverterRegistry.builtIn

    func python(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try runProgram("/usr/bin/env", ["python3", "-c", script] + arguments)
        return (run.status, run.stdout + run.stderr)
    }

    static let make = """
        import datetime, plistlib, sys
        value = {"real": 1.0, "integer": 1, "negative": -42, "big": 2**63 - 1, "float": 0.1,
                 "when": datetime.datetime(2026, 11, 23, 12, 0, 0), "blob": bytes(range(256)),
                 "empty": b"", "text": "naïve ☃ 𝄞", "yes": True, "no": False,
                 "nested": {"list": [1, [2.5, {"deep": "x"}], []], "dict": {}},
                 "$objects": ["$null", {"NS.string": "archived"}], "$top": {"root": plistlib.UID(1)}}
        open(sys.argv[1], "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
        del value["$top"]  # plistlib writes UIDs in binary plists only
        open(sys.argv[2], "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_XML))
        """

    /// Loads two plists and says whether they hold the same values of the same types (reading
    /// XML UIDs as CoreFoundation does).
    static let compare = """
        import plistlib, sys
        def norm(x):
            # CoreFoundation reads an XML dictionary of CF$UID alone as a UID; plistlib does not.
            if isinstance(x, dict) and list(x) == ["CF$UID"] and type(x["CF$UID"]) is int: return ("uid", x["CF$UID"])
            if isinstance(x, dict): return ("dict", sorted((k, norm(v)) for k, v in x.items()))
            if isinstance(x, list): return ("list", [norm(v) for v in x])
            if isinstance(x, plistlib.UID): return ("uid", x.data)
            return (type(x).__name__, x)
        a, b = (plistlib.load(open(p, "rb")) for p in sys.argv[1:3])
        if norm(a) == norm(b):
            print("same")
        else:
            keys = sorted(set(a) | set(b)) if isinstance(a, dict) and isinstance(b, dict) else []
            print("differ:", [(k, norm(a.get(k)), norm(b.get(k))) for k in keys if norm(a.get(k)) != norm(b.get(k))] or (norm(a), norm(b)))
        """

    @Test func everyValueTypeSurvivesBothConvertersByPlistlib() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("made.bplist").path
        let xml = folder.appendingPathComponent("made.plist").path
        let made = try python(Self.make, [binary, xml])
        #expect(made.status == 0, "\(made.output)")
        let sources = [
            binary, xml, fixture("files/settings.plist"), fixture("files/settings-binary.plist"),
            fixture("types/Example-Info.plist"), fixture("types/Example-Info.binary.plist"),
        ]
        for source in sources {
            let isBinary = try FileContents.read(path: source).starts(with: Array("bplist".utf8))
            let converter = try #require(registry.converter(named: isBinary ? "binary-plist-to-xml" : "xml-plist-to-binary"))
            let converted = folder.appendingPathComponent("converted").path
            try Data(try converter.convert(.path(source))).write(to: URL(fileURLWithPath: converted))
            let verdict = try python(Self.compare, [source, converted])
            #expect(verdict.output == "same\n", "\(source): \(verdict.output)")
        }
    }

    @Test func windows1252MatchesPythonsCodecWhereItDefinesAByte() throws {
        let table = (0...255).map { String(TextConversion.windows1252(UInt8($0)).value, radix: 16) }.joined(separator: " ")
        let check = try python(
            """
            import sys
            ours = [int(x, 16) for x in sys.argv[1].split()]
            wrong = []
            for byte in range(256):
                try:
                    expected = ord(bytes([byte]).decode("cp1252"))
                except UnicodeDecodeError:
                    continue  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: undefined in cp1252
                if ours[byte] != expected: wrong.append(hex(byte))
            print("same" if not wrong else "differ at " + " ".join(wrong))
            """, [table])
        #expect(check.output == "same\n")
    }

    @Test func folderArchivesReadBackWithPythonsZipfile() throws {
        let archive = try #require(registry.converter(named: "folder-to-zip")).convert(.path(fixture("files/Sample.app")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uti-\(UUID().uuidString).zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(archive).write(to: URL(fileURLWithPath: path))
        let check = try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                for info in z.infolist():
                    print(info.filename, oct(info.external_attr >> 16), info.flag_bits & 0x800 != 0, len(z.read(info)))
            """, [path])
        #expect(
            check.output == """
                Sample.app/ 0o40755 True 0
                Sample.app/Contents/ 0o40755 True 0
                Sample.app/Contents/Info.plist 0o100644 True 296

                """, "\(check.output)")
    }
}

import SharedMIMEInfo
import Testing
import UTITestSupport
import UniformTypes

@testable import TypeInference

/// libmagic is asked about plain text that a weak rule of the database would rename, except
/// where the file's name decides whatever libmagic could say: then it is not asked, and the
/// answer is the one any of its guesses would have given.
@Suite struct CorroborationTests {
    /// A sniffer that says one thing and counts how often it was asked.
    final class Recording: ContentSniffer {
        let answer: String
        var asked = 0
        init(answer: String) { self.answer = answer }
        func sniff(_ bytes: UnsafeRawBufferPointer, describe: Bool) throws(UTIError) -> ContentReport {
            asked += 1
            return ContentReport(mimeType: answer, encoding: "us-ascii", description: nil)
        }
    }

    /// An inferrer whose database has one weak rule, like the system's C rule: `//` at the start,
    /// at priority 30 (below the default 50), here under libmagic's name for C, which the built-in
    /// catalog knows (the system's text/x-csrc comes with the system's database).
    func inferrer(_ sniffer: Recording) throws -> TypeInferrer {
        let writer = MIMECacheWriter(
            aliases: [], parents: [("text/x-c", ["text/plain"])],
            magic: [.init(30, "text/x-c", [.init(0, 1, 1, "2f2f")])], namespaces: [])
        let inferrer = TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: sniffer)
        inferrer.sharedMIME = SharedMIMESniffer(database: try #require(SharedMIMEDatabase(cacheBytes: writer.bytes())))
        return inferrer
    }

    /// A Go file with a comment and its package clause only: too little for uti's Go rule.
    let goFile = Array("// Copyright 2019 The Authors.\n\npackage keys\n".utf8)

    func infer(_ bytes: [UInt8], name: String?, libmagicSays answer: String) throws -> (Inference, asked: Int) {
        let sniffer = Recording(answer: answer)
        let inference = try inferrer(sniffer).infer(bytes: bytes, totalSize: bytes.count, name: name, path: RawPath(name ?? "stdin"))
        return (inference, sniffer.asked)
    }

    /// Text is asked about as code only with code's punctuation and a line that begins with a
    /// declaration (libmagic's language tests need one), or minified onto long lines; an X
    /// keyboard map, a linker script or prose with semicolons is not.
    @Test func codeIsDeclarationsAndPunctuation() {
        func code(_ text: String) -> Bool { TypeInferrer.isWrittenAsCode(ArraySlice(Array(text.utf8))) }
        #expect(code("struct point {\n    int x;\n};\n"))
        #expect(code("#include <stdio.h>\nint main(void) { return 0; }\n"))
        #expect(code("  const answer = 42;\n"))
        #expect(code("fun main() {\n    println(\"hello\")\n}\n"))
        #expect(!code("xkb_symbols \"basic\" {\n    key <AE01> { [ 1, exclam ] };\n};\n"))
        #expect(!code("SECTIONS\n{\n  .text : { *(.text) }\n}\n"))
        #expect(!code("structure of the report;\nclassy words;\n"))
        let minified = "!function(e){var t={};" + String(repeating: "e.a=function(n){return n};", count: 40)
        #expect(code(minified))
    }

    @Test func aNameThatDecidesWhateverLibmagicSaysSkipsIt() throws {
        for answer in ["text/x-c", "text/plain", "text/x-go", "text/x-asm", "text/x-m4"] {
            let (inference, asked) = try infer(goFile, name: "keys.go", libmagicSays: answer)
            #expect(asked == 0, "\(answer)")
            #expect(inference.type?.identifier == "org.golang.go-source")
            #expect(FileMIME.mimeType(of: inference) == "text/x-go")
            #expect(inference.content?.type.identifier == "public.plain-text")
            #expect(inference.content?.sharedMIMEInfo?.mimeType == "text/x-c")
        }
    }

    @Test func withoutANameLibmagicIsAsked() throws {
        let (guessed, asked) = try infer(goFile, name: nil, libmagicSays: "text/x-c")
        #expect(asked == 1)
        #expect(guessed.type?.identifier == "public.c-source")
        #expect(guessed.content?.sniffer == .libmagic)
        let (plain, _) = try infer(goFile, name: nil, libmagicSays: "text/plain")
        #expect(plain.type?.identifier == "public.plain-text")
    }

    /// Names that do not decide alone: a type with several MIME names (libmagic's spelling would
    /// be printed), one with narrower types under it, plain text, a name that gives several types,
    /// and a rule that names the name's own type.
    @Test func namesThatDoNotDecideAloneStillAsk() throws {
        for name in ["keys.py", "keys.pl", "keys.sh", "keys.txt", "keys.m", "keys.c"] {
            let (_, asked) = try infer(goFile, name: name, libmagicSays: "text/x-c")
            #expect(asked == 1, "\(name)")
        }
    }
}

/// libmagic, asked about binary content, sees what it would read of the file itself (its
/// MAGIC_PARAM_BYTES_MAX, at most `Limits.libmagicBytes`), not uti's 64 KiB head (issue 40
/// item 3).
@Suite struct LibmagicReadTests {
    final class Measuring: ContentSniffer {
        var shown: [Int] = []
        let readLimit: Int
        init(readLimit: Int = Limits.libmagicBytes) { self.readLimit = readLimit }
        func sniff(_ bytes: UnsafeRawBufferPointer, describe: Bool) throws(UTIError) -> ContentReport {
            shown.append(bytes.count)
            return ContentReport(mimeType: "application/octet-stream", encoding: "binary", description: nil)
        }
    }

    func shown(size: Int, readLimit: Int = Limits.libmagicBytes) -> [Int] {
        // Bytes no rule or check of uti's names: libmagic is asked.
        let pattern = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 0x81) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 256)
        while bytes.count < size { bytes.append(contentsOf: pattern) }
        bytes.removeLast(bytes.count - size)
        let sniffer = Measuring(readLimit: readLimit)
        let inferrer = TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: sniffer)
        inferrer.sharedMIME = nil
        _ = inferrer.infer(bytes: bytes, totalSize: bytes.count, name: nil, path: RawPath("stdin"))
        return sniffer.shown
    }

    @Test func libmagicSeesUpToItsOwnBound() {
        #expect(shown(size: 1000) == [1000])
        #expect(shown(size: 200 << 10) == [200 << 10])
        #expect(shown(size: 3 << 20) == [3 << 20])
        #expect(shown(size: 9 << 20) == [Limits.libmagicBytes])
        #expect(Limits.libmagicBytes == 7 << 20)
        // A sniffer that reads less of a file itself is shown that much.
        #expect(shown(size: 3 << 20, readLimit: 1 << 20) == [1 << 20])
    }

    /// libmagic 5.44 reads 7 MiB of a file itself (FILE_BYTES_MAX): the session says so once
    /// its database is loaded, and the bound stands before.
    @Test func libmagicsOwnBoundIsRead() throws {
        let sniffer = MagicSniffer.loadingWhenFirstAsked()
        #expect(sniffer.readLimit == Limits.libmagicBytes)
        try sniffer.prepare()
        if MagicSniffer.libraryVersion == "5.44" { #expect(sniffer.readLimit == 7 << 20) }
        #expect(sniffer.readLimit > 64 << 10 && sniffer.readLimit <= Limits.libmagicBytes)
    }
}

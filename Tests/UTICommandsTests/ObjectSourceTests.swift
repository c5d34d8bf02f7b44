import Foundation
import ImageCodecs
import Testing
import UTITestSupport

/// `uti wrap --object CLASS`: a source application's own object (NSItemProvider(object:)), and
/// destinations that declare their platform.
@Suite struct ObjectSourceTests {
    func representations(_ stdout: String) throws -> [[String: Any]] {
        try #require(items(try session(stdout)).first?["representations"] as? [[String: Any]])
    }

    @Test func aJPEGAsUIImageOffersTheClassesWritableTypesAndNothingElse() throws {
        let run = try uti(["wrap", "--object", "UIImage", "Fixtures/files/photo.jpg"])
        #expect(run.status == 0)
        let item = try #require(items(try session(run.stdout)).first)
        #expect(types(item) == ["com.apple.uikit.image", "public.png", "public.jpeg"], "no URL types: the provider holds an object, not a file")
        #expect(item["suggestedName"] is NSNull, "NSItemProvider(object:) suggests no name")
        let reps = try representations(run.stdout)
        #expect(reps.map { $0["object"] as? String } == ["UIImage", "UIImage", "UIImage"])
        #expect(reps.map { $0["kind"] as? String } == ["data", "data", "data"])
        #expect(reps[0]["path"] as? String == fixture("files/photo.jpg"), "the class's own archive stands for the object")
        #expect(reps[1]["path"] as? String == fixture("files/photo.jpg"), "UIImage encodes PNG from the JPEG")
        #expect(reps[1]["converter"] as? String == "jpeg-to-png")
        #expect(reps[2]["path"] as? String == fixture("files/photo.jpg"))
        try validate(run.stdout, against: "drag-session.schema.json")
        #expect(try uti(["wrap", "--validate", "-"], stdin: Data(run.stdout.utf8)).status == 0)
    }

    @Test func aTypeUTICannotProduceIsOfferedAndFailsWhenLoaded() throws {
        // An icon made into a UIImage offers PNG and JPEG, which uti has no encoder for from ICO
        // (ImageIO reads icons; uti decodes JPEG, PNG, GIF, WebP, TIFF and BMP): offered, and a dry
        // run already says the load would fail.
        let dry = try pipeline(["--object", "UIImage", "Fixtures/files/icon.ico"], ["--accepts", "public.png"])
        #expect(dry.status == 1)
        #expect(
            dry.stdout
                == "proposal: copy (drops into another application copy)\nitem 1: accepted public.png for public.png (exact); loading failed: public.png: UIImage would encode it, and uti has no encoder for it from this file (load a type the file already has)\n"
        )
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let loaded = try pipeline(["--object", "UIImage", "Fixtures/files/icon.ico"], ["--accepts", "public.png", "--out", out.path])
        #expect(loaded.status == 1)
        #expect(
            loaded.stdout.contains(
                "item 1: accepted public.png for public.png (exact); loading failed: public.png: UIImage would encode it, and uti has no encoder for it from this file (load a type the file already has)"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "a failed load leaves nothing")
    }

    // A UIImage made from a JPEG writes PNG (and the other way) through libpng and libjpeg-turbo:
    // the PNG decodes to exactly the JPEG's pixels; the JPEG to the PNG's within JPEG's loss.
    @Test func aUIImageEncodesPNGFromAJPEGAndBack() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let png = try pipeline(["--object", "UIImage", "Fixtures/files/photo.jpg"], ["--accepts", "public.png", "--out", out.path])
        #expect(png.status == 0)
        #expect(
            png.stdout == "proposal: copy (drops into another application copy)\nitem 1: accepted public.png for public.png (exact) -> \(out.path)/item 1.png\n"
        )
        let written = try [UInt8](Data(contentsOf: out.appendingPathComponent("item 1.png")))
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/photo.jpg")))
        #expect(try ImageCodec.decodePNG(written, label: "png") == ImageCodec.decodeJPEG(jpeg, label: "jpeg"))
        #expect(try uti(["identify", "--mime-type", "-b", out.appendingPathComponent("item 1.png").path]).stdout == "image/png\n")

        let back = try pipeline(["--object", "UIImage", "Fixtures/files/photo.png"], ["--accepts", "public.jpeg", "--out", out.path])
        #expect(back.status == 0)
        let encoded = try ImageCodec.decodeJPEG([UInt8](Data(contentsOf: out.appendingPathComponent("item 1.jpeg"))), label: "jpeg")
        let source = try ImageCodec.decodePNG([UInt8](Data(contentsOf: URL(fileURLWithPath: "Fixtures/files/photo.png"))), label: "png")
        #expect(encoded.width == source.width && encoded.height == source.height)
        var squares = 0.0
        for (a, b) in zip(encoded.pixels, source.pixels) {
            let difference = Double(Int(a) - Int(b))
            squares += difference * difference
        }
        let meanSquare = max(squares / Double(source.pixels.count), 1e-9)
        #expect(10 * log10(65025 / meanSquare) > 30, "PSNR above 30 dB")
        // A file's derived representations do not list the image encoders (only a class uses them).
        let derived = try uti(["wrap", "--derive", "Fixtures/files/photo.jpg", "--format", "text"])
        #expect(!derived.stdout.contains("jpeg-to-png"))
    }

    @Test func latin1TextAsNSStringLoadsAsUTF8() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let wrapped = try uti(["wrap", "--object", "NSString", "Fixtures/files/latin1.txt"])
        let reps = try representations(wrapped.stdout)
        #expect(reps.map { $0["typeIdentifier"] as? String } == ["public.utf8-plain-text"])
        #expect(reps[0]["converter"] as? String == "text-to-utf8")
        let run = try uti(["drop", "--class", "NSString", "--out", out.path], stdin: Data(wrapped.stdout.utf8))
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("item 1: accepted public.utf8-plain-text for public.utf8-plain-text (exact) -> \(out.path)/item 1.txt\n"))
        let written = try String(contentsOfFile: out.appendingPathComponent("item 1.txt").path, encoding: .utf8)
        #expect(written == "Café crème brûlée -- UTF-8.\n")
    }

    @Test func aClassThatCannotReadTheFileIsAnErrorNamingIt() throws {
        let run = try uti(["wrap", "--object", "NSString", "Fixtures/files/page.html", "Fixtures/files/ascii.txt"])
        #expect(run.status == 1, "the other file is still wrapped")
        #expect(
            run.stderr
                == "uti: Fixtures/files/page.html: NSString cannot be made from public.html (NSString reads public.utf8-plain-text, public.utf16-external-plain-text, public.utf16-plain-text, public.plain-text, com.apple.traditional-mac-plain-text)\n"
        )
        #expect(items(try session(run.stdout)).count == 1)
        let folder = try uti(["wrap", "--object", "UIImage", "Fixtures/files/plain-folder"])
        #expect(folder.stderr == "uti: Fixtures/files/plain-folder: UIImage is made from a file's contents; this is a directory\n")
    }

    @Test func anAttributedStringFromRTFConvertsWhereItCan() throws {
        let run = try uti(["wrap", "--object", "NSAttributedString", "--format", "text", "--relative", "Fixtures/files/hand.rtf"])
        #expect(
            run.stdout == """
                drag session from an unnamed source; move allowed
                item 1
                  1. com.apple.uikit.attributedstring [data] Fixtures/files/hand.rtf as NSAttributedString writes it
                  2. com.apple.flat-rtfd [data] (NSAttributedString encodes it; uti cannot)
                  3. public.rtf [data] Fixtures/files/hand.rtf as NSAttributedString writes it
                  4. public.utf8-plain-text [data] Fixtures/files/hand.rtf by rtf-to-text as NSAttributedString writes it

                """)
    }

    @Test func anNSURLIsTheFilesURL() throws {
        let reps = try representations(try uti(["wrap", "--object", "NSURL", "Fixtures/files/photo.png"]).stdout)
        #expect(reps.map { $0["typeIdentifier"] as? String } == ["public.file-url", "public.url"])
        #expect(reps.map { $0["kind"] as? String } == ["url", "url"])
        #expect(reps[0]["value"] as? String == "file://" + fixture("files/photo.png"))
    }

    @Test func objectExcludesFileProviderOptionsAndUnknownClasses() throws {
        let derive = try uti(["wrap", "--object", "UIImage", "--derive", "Fixtures/files/photo.png"])
        #expect(derive.status == 2)
        #expect(
            derive.stderr.hasPrefix(
                "Error: --object offers the class's writable types only; --derive, --no-url and --open-in-place describe a file's provider.\n"))
        let unknown = try uti(["wrap", "--object", "NSImage", "Fixtures/files/photo.png"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix(
                "Error: --object NSImage: unknown class (known: UIImage, NSString, NSAttributedString, NSURL, UIColor, CNContact, MKMapItem).\n"))
    }

    @Test func groupVisibilityIsMacOSOnlyAndTeamIOSOnly() throws {
        let wrap = [
            "--source-app", "com.example.a", "--team", "T", "--group", "group.g", "--visibility", "public.png=group", "--no-url", "Fixtures/files/photo.png",
        ]
        let macOS = try pipeline(wrap, ["--accepts", "public.image", "--app", "com.example.b", "--group", "group.g", "--platform", "macos"])
        #expect(macOS.status == 0)
        let iOS = try pipeline(wrap, ["--accepts", "public.image", "--app", "com.example.b", "--group", "group.g", "--platform", "ios", "--format", "json"])
        #expect(iOS.status == 1)
        let result = try #require(try json(iOS.stdout) as? [String: Any])
        #expect(result["canHandle"] as? Bool == false)
        #expect(
            result["notes"] as? [String] == [
                "item 1: public.png: group visibility is macOS-only (NSItemProvider.h: API_UNAVAILABLE(ios)); uti treats it as own-process on ios"
            ])
        try validate(iOS.stdout, against: "drop-result.schema.json")
        let own = try pipeline(wrap, ["--accepts", "public.image", "--app", "com.example.a", "--platform", "ios"])
        #expect(own.status == 0, "own-process still reaches the source application")
        #expect(
            own.stdout.hasSuffix(
                "note: item 1: public.png: group visibility is macOS-only (NSItemProvider.h: API_UNAVAILABLE(ios)); uti treats it as own-process on ios\n"))
        let team = ["--source-app", "com.example.a", "--team", "T", "--visibility", "public.png=team", "--no-url", "Fixtures/files/photo.png"]
        #expect(try pipeline(team, ["--accepts", "public.image", "--app", "com.example.b", "--team", "T", "--platform", "ios"]).status == 0)
        #expect(try pipeline(team, ["--accepts", "public.image", "--app", "com.example.b", "--team", "T", "--platform", "macos"]).status == 1)
        #expect(try pipeline(team, ["--accepts", "public.image", "--app", "com.example.b", "--team", "T"]).status == 0, "no platform: no assumption")
    }

    @Test func destinationDocumentsDeclareTheirPlatform() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("ios.json")
        try #"{"accepts": ["public.image"], "application": "com.example.b", "group": "group.g", "platform": "ios"}"#.write(
            to: good, atomically: true, encoding: .utf8)
        let run = try pipeline(
            ["--source-app", "com.example.a", "--group", "group.g", "--visibility", "public.png=group", "--no-url", "Fixtures/files/photo.png"],
            ["--destination", good.path])
        #expect(run.status == 1)
        let bad = folder.appendingPathComponent("watch.json")
        try #"{"accepts": ["public.image"], "platform": "watchos"}"#.write(to: bad, atomically: true, encoding: .utf8)
        let refused = try pipeline(["Fixtures/files/photo.png"], ["--destination", bad.path])
        #expect(refused.status == 2)
        #expect(refused.stderr == "uti: \(bad.path): $.platform: must be one of ios, macos (not \"watchos\")\n")
    }

    // No declaration of com.apple.uikit.image's parents was found (Catalog/apple-additions.json
    // names the evidence), so it conforms to public.data only: a request for public.image from a
    // UIImage object gets one of its image types, never the archive.
    @Test func aUIImageArchiveIsNotAnImageType() throws {
        let conforms = try uti(["conforms", "com.apple.uikit.image", "public.image"])
        #expect(conforms.status == 1)
        let run = try pipeline(["--object", "UIImage", "Fixtures/files/photo.jpg"], ["--accepts", "public.image", "--format", "json"])
        let item = try #require(((try json(run.stdout) as? [String: Any])?["items"] as? [[String: Any]])?.first)
        #expect(item["representation"] as? String == "public.png")
        #expect(item["match"] as? String == "conformance")
        let archive = try pipeline(["--object", "UIImage", "Fixtures/files/photo.jpg"], ["--accepts", "com.apple.uikit.image"])
        #expect(archive.stdout.contains("item 1: accepted com.apple.uikit.image for com.apple.uikit.image (exact)"))
    }
}

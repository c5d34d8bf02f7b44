import ImageCodecs
@_spi(Fuzzing) import ItemProvidersCore
import SharedMIMEInfo
@_spi(Fuzzing) import TypeInference
@_spi(Fuzzing) import UTICommands
@_spi(Fuzzing) import UniformTypes

/// The parsers that read untrusted bytes, each as a fuzz target: one input in, no crash, no hang,
/// and where a parser has a writer, what it reads must survive being written and read again.
/// A property that does not hold stops the process with the target's name and what differed.
enum FuzzTarget: String, CaseIterable {
    case zip, cfb, bplist, xmlplist, rtf, html, text, documents, glob, mimecache, catalogimage, media, listdrop, image, verdict, uncompress

    /// What the target feeds, for `--list` and the README.
    var summary: String {
        switch self {
        case .zip: "zip central directory (zip64 included) and the stored mimetype entry"
        case .cfb: "OLE compound files: header, FAT and directory chain (root class and entry names)"
        case .bplist: "binary property lists, written back and read again"
        case .xmlplist: "XML property lists, written back (XML and binary) and read again"
        case .rtf: "RTF to plain text (\\u, \\ucN, \\'hh, \\ansicpg, groups)"
        case .html: "text decoding, then HTML to plain text (entities, tags, comments)"
        case .text: "encoding detection, the text checks, and lossless decoding to UTF-8, checked by decoding again"
        case .documents: "JSON: the parser (round trip), session, destination, list, check manifest and declarations"
        case .glob: "glob matching: pattern, a NUL byte, then a name; check globs' components and ignore-file rules on the same"
        case .mimecache: "shared-mime-info's mime.cache: aliases, parents, literal and glob lists, XML roots and magic, on the cache's own bytes"
        case .catalogimage: "uti's cache of the database's types (a catalog image): its checks, then every lookup by key, tag and alias"
        case .media: "ASF headers, Matroska (EBML) headers and tracks (audio or video streams), ELF program headers"
        case .listdrop: "drops into lists: a list document, a NUL byte, then a session, dropped at several index paths with every intent"
        case .verdict:
            "identify --verdict's scan: PNG, JPEG, GIF, PDF, zip, ISO media, RIFF, ELF and PE walks, appended formats, macros, PDF actions, SVG script, tar names"
        case .uncompress: "identify -z's decoders: gzip, xz, bzip2 and Zstandard streams, to at most 64 KiB"
        case .image: "PNG and JPEG decoding (libpng, libjpeg-turbo) within the pixel and scan limits, and encoding what decodes to the other format"
        }
    }

    func run(_ bytes: [UInt8]) {
        switch self {
        case .uncompress:
            // The format by the input's own signature, else each decoder on the bytes as they are.
            for format in Uncompress.Format.of(bytes).map({ [$0] }) ?? Uncompress.Format.allCases {
                _ = try? Uncompress.firstBytes(of: format, subject: "fuzz", read: inMemoryReadUpTo(bytes), outputLimit: 64 << 10)
            }
        case .zip:
            _ = ZipDirectory.read(size: bytes.count, pread: inMemoryRead(bytes))
            _ = ZipDirectory.storedMimetype(head: Array(bytes.prefix(512)))
        case .cfb:
            // Inputs need not spend the fuzzer's effort on the signature.
            let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
            let file = bytes.starts(with: signature) ? bytes : signature + bytes
            _ = CompoundFile.read(size: file.count, pread: inMemoryRead(file))?.mimeType

        case .bplist:
            // Inputs need not spend the fuzzer's effort on the magic number.
            roundTrip(bytes.starts(with: Array("bplist00".utf8)) ? bytes : Array("bplist00".utf8) + bytes)
        case .xmlplist:
            guard !bytes.starts(with: Array("bplist".utf8)) else { return }
            roundTrip(bytes)

        case .rtf:
            _ = try? TextConversion.plainText(fromRTF: bytes, label: "fuzz")
        case .html:
            guard let text = try? TextConversion.decode(bytes, label: "fuzz") else { return }
            _ = TextConversion.plainText(fromHTML: text)

        case .text:
            _ = TextEncodings.plainEncoding(of: bytes, isComplete: true)
            // The text checks (formats by their first lines, languages by their statements).
            _ = ContentChecks.text(bytes, encoding: "utf-8", isComplete: true)
            _ = TextEncodings.bomlessUTF16(bytes)
            guard let text = try? TextConversion.decode(bytes, label: "fuzz") else { return }
            guard let utf8 = try? TextConversion.utf8(from: bytes, label: "fuzz") else {
                fail("decode succeeded but utf8(from:) failed")
            }
            guard Array(text.utf8) == utf8 else { fail("utf8(from:) differs from decode") }
            guard let valid = String(validating: utf8, as: UTF8.self), valid.unicodeScalars.elementsEqual(text.unicodeScalars) else {
                fail("utf8(from:) produced bytes that are not the text in UTF-8")
            }
            // Decoding the UTF-8 again gives the same text, unless the text holds NUL (then the
            // bytes are not taken for UTF-8) or starts with U+FEFF (then it is a byte-order mark).
            if !text.unicodeScalars.contains("\0"), text.unicodeScalars.first != "\u{FEFF}" {
                guard let again = try? TextConversion.decode(utf8, label: "fuzz"), again.unicodeScalars.elementsEqual(text.unicodeScalars)
                else { fail("the UTF-8 it produced does not decode to the same text") }
            }

        case .documents:
            guard let value = try? JSONValue.parse(bytes, source: "fuzz") else { return }
            let written = Array(value.serialized().utf8)
            guard let again = try? JSONValue.parse(written, source: "fuzz"), again == value else {
                fail("a parsed document does not survive serialization: \(value.serialized())")
            }
            _ = SessionDocument.problems(value)
            _ = try? DropDestination.decode(bytes, source: "fuzz")
            _ = try? ListDocument.decode(bytes, source: "fuzz")
            _ = try? CheckManifest.decode(bytes, path: "/nonexistent/fuzz.check.json")
            _ = try? TypeDeclarations.parse(bytes, source: "fuzz")

        case .verdict:
            // Each walk's signature first, so the fuzzer spends its effort on the structures.
            let signatures: [[UInt8]] = [
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF89a".utf8), Array("%PDF-".utf8),
                [0x50, 0x4B, 0x03, 0x04], [0, 0, 0, 0x18] + Array("ftyp".utf8), Array("RIFF".utf8), [0x7F, 0x45, 0x4C, 0x46], Array("MZ".utf8),
            ]
            _ = TypeInferrer.verdictScanFindings(bytes, contentType: nil)
            for signature in signatures where !bytes.starts(with: signature) {
                _ = TypeInferrer.verdictScanFindings(signature + bytes, contentType: nil)
            }
            _ = TypeInferrer.verdictScanFindings(bytes, contentType: UTType(importedAs: "public.svg-image"))
            _ = TypeInferrer.verdictScanFindings(bytes, contentType: .plainText)
        case .media:
            // Either container's signature first, so the fuzzer spends its effort on the objects.
            let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]
            _ = MediaContainers.asfStreams(bytes.starts(with: MediaContainers.asfHeader) ? bytes : MediaContainers.asfHeader + bytes)
            _ = MediaContainers.matroskaStreams(bytes.starts(with: ebml) ? bytes : ebml + bytes)
            // Ogg's beginning-of-stream pages.
            let ogg: [UInt8] = [0x4F, 0x67, 0x67, 0x53, 0, 2]
            _ = MediaContainers.oggCodecs(bytes.starts(with: ogg) ? bytes : ogg + bytes)
            // An ELF header's program headers and dynamic section (a shared library or a PIE).
            let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46]
            _ = ContentChecks.elfMIMEType(bytes.starts(with: elf) ? bytes : elf + bytes)

        case .catalogimage:
            // A cache file's image starts after its header lines.
            let start = bytes.firstRange(of: Array("UTCI".utf8))?.lowerBound ?? 0
            guard let image = CatalogImage.read(bytes[start...], base: TypeCatalog.builtIn.count) else { return }
            let catalog = TypeCatalog(builtInAdding: image)
            for index in 0..<catalog.count {
                _ = catalog.declaration(at: index)
                _ = catalog.type(identifier: catalog.identifiers[index])?.supertypes
                for (tagClass, values) in catalog.tagSpecification(at: index).entries {
                    for value in values { _ = catalog.types(tag: value, tagClass: tagClass, conformingTo: nil) }
                }
            }
            for (name, _) in catalog.mimeAliases { _ = catalog.types(tag: name, tagClass: .mimeType, conformingTo: nil) }
            _ = catalog.type(identifier: "no.such.type")
        case .mimecache:
            // Version 1.2's header, so the fuzzer spends its effort on the tables.
            let cache = bytes.count >= 4 && bytes[0] == 0 && bytes[1] == 1 ? bytes : [0, 1, 0, 2] + bytes
            guard let database = SharedMIMEDatabase(cacheBytes: cache) else { return }
            _ = database.mimeType(forFileNamed: "Makefile.am")
            for mimeType in ["image/png", "text/plain", "application/xml", "application/x-zip", "zzzz/zzzz"] {
                _ = database.supertypes(of: mimeType)
                _ = database.canonical(mimeType)
            }
            _ = database.mimeType(forXMLRoot: SharedMIMEDatabase.XMLRoot(namespace: "http://www.w3.org/2000/svg", localName: "svg"))
            _ = database.magicExtent
            bytes.withUnsafeBytes { _ = database.magic($0) }
            Array("\u{89}PNG\r\n\u{1A}\nIHDR<?xml version=\"1.0\"?><svg/>".utf8).withUnsafeBytes { _ = database.magic($0) }

        case .listdrop:
            let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
            guard split < bytes.endIndex, let list = try? ListDocument.decode(Array(bytes[..<split]), source: "fuzz"),
                let session = try? SessionDocument.decode(Array(bytes[(split + 1)...]), source: "fuzz")
            else { return }
            let before = list.sections.reduce(0) { $0 + $1.items.count }
            for intent in ListIntent.allCases {
                let paths: [ListIndexPath?] = [ListIndexPath(section: 0, item: 0), ListIndexPath(section: 0, item: 1), ListIndexPath(section: 1, item: 0), nil]
                for path in paths {
                    guard let result = try? ListDrop.perform(session, on: list, at: path, intent: intent, catalog: .builtIn, load: { _, _, _, _ in nil })
                    else { continue }
                    // A drop inserts, moves or files the dragged items; it adds or removes no others.
                    let after = result.list.sections.reduce(0) { $0 + $1.items.count }
                    guard abs(after - before) <= session.items.count else {
                        fail("a drop at \(path?.description ?? "none") (\(intent)) went from \(before) items to \(after) with \(session.items.count) dragged")
                    }
                }
            }

        case .image:
            // The codecs are bounded by the image-pixels limit; re-encoding is checked on images
            // of up to a megapixel, so that one input stays within the hang limit under ASan.
            if let decoded = try? ImageCodec.decodePNG(bytes, label: "fuzz"), decoded.width * decoded.height <= 1_000_000 {
                guard let encoded = try? ImageCodec.encodeJPEG(decoded, label: "fuzz"),
                    let again = try? ImageCodec.decodeJPEG(encoded, label: "fuzz"), again.width == decoded.width, again.height == decoded.height
                else { fail("a decoded PNG did not survive encoding as JPEG") }
            }
            // The scan count is one linear pass; a JPEG over the limit never reaches the decoder.
            let scans = ImageCodec.jpegScanCount(bytes)
            if scans > Limits.jpegScans, (try? ImageCodec.decodeJPEG(bytes, label: "fuzz")) != nil {
                fail("a JPEG of \(scans) scans was decoded past the jpeg-scans limit")
            }
            if let decoded = try? ImageCodec.decodeJPEG(bytes, label: "fuzz"), decoded.width * decoded.height <= 1_000_000 {
                guard let encoded = try? ImageCodec.encodePNG(decoded, label: "fuzz"), (try? ImageCodec.decodePNG(encoded, label: "fuzz")) == decoded
                else { fail("a decoded JPEG did not round-trip through PNG") }
            }
            // GIF, WebP, TIFF and BMP: a decoder answers pixels of the size its header reads, or an
            // error; the size is within the limit.
            for decoder in ImageCodec.decoders where decoder.name != "png" && decoder.name != "jpeg" {
                guard let decoded = try? decoder.decode(bytes, "fuzz") else { continue }
                guard decoded.width * decoded.height <= Limits.imagePixels, decoded.pixels.count == decoded.width * decoded.height * 3 else {
                    fail("\(decoder.name) decoded \(decoded.width)×\(decoded.height) into \(decoded.pixels.count) bytes")
                }
                guard let size = try? decoder.dimensions(bytes, "fuzz"), size == (decoded.width, decoded.height) else {
                    fail("\(decoder.name): the header's size is not the decoded image's")
                }
            }

        case .glob:
            let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
            let pattern = String(decoding: bytes[..<split], as: UTF8.self)
            let name = String(decoding: bytes[(split == bytes.endIndex ? split : split + 1)...], as: UTF8.self)
            _ = Glob.match(pattern, name)
            // The same pattern as a check glob's components and as an ignore-file line, matched
            // against the name read as a path.
            if let components = Glob.components(of: pattern).components, components.contains("..") {
                guard components.allSatisfy({ $0 == ".." || !$0.isEmpty }), !components.drop(while: { $0 == ".." }).contains("..")
                else { fail("a glob kept '..' after a folder: \(components)") }
            }
            _ = Glob.ignoreRuleMatches(pattern, path: name)
        }
    }

    private func roundTrip(_ bytes: [UInt8]) {
        guard let value = try? PropertyList.read(bytes) else { return }
        // More values than the input has bytes means shared subtrees, which the writers expand; a
        // round trip through megabytes of output tests their speed at scale, not their fidelity,
        // and would pass the five-second hang limit under the sanitizers.
        guard Self.valueCount(value, atMost: bytes.count) <= bytes.count else { return }
        let binary = Result { () throws(PropertyList.Failure) in try PropertyList.read(value.binaryBytes) }
        guard case .success(value) = binary else { fail("a property list does not survive the binary writer: \(value) became \(binary)") }
        // The XML writer refuses what XML cannot hold exactly (a date with a fraction of a second).
        guard let xml = try? value.xmlBytes() else { return }
        let again = Result { () throws(PropertyList.Failure) in try PropertyList.read(xml) }
        guard case .success(value) = again else {
            fail("a property list does not survive the XML writer: \(value) became \(again) by way of \(String(decoding: xml, as: UTF8.self))")
        }
    }

    /// The values in `value`, counting stops once past `limit`.
    private static func valueCount(_ value: PropertyList, atMost limit: Int) -> Int {
        var count = 0
        var pending = [value]
        while let next = pending.popLast(), count <= limit {
            count += 1
            switch next {
            case .array(let values): pending += values
            case .dictionary(let pairs):
                count += pairs.count
                pending += pairs.map(\.value)
            default: break
            }
        }
        return count
    }

    private func fail(_ message: String) -> Never {
        fatalError("uti-fuzz \(rawValue): \(message)")
    }
}

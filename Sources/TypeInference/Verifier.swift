import CZlib
import FileAccess
import UniformTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TypeInferrer {
    /// Whether the regular file `inference` identified is what it claims to be (`FileVerdict`):
    /// the format at its start and how much of its structure holds, every other format the
    /// bytes satisfy where formats legitimately start elsewhere (past the first format's end, in
    /// a zip's prefix, in PDF's first 1,024 bytes, in an image's comments and text chunks), code
    /// the format carries, and the claim (the name the inference read, a MIME type) against the
    /// bytes. Every read is bounded: the first `Limits.verifyBytes` of the file, and a zip's end
    /// record and directory where they are. Nil for what is not a regular file, or a file that
    /// cannot be read (the inference carries the error). Infer with `infer(_:name:)` to weigh a
    /// claimed name other than the path's.
    public func verdict(for inference: Inference, claimedMIMEType: String? = nil) -> FileVerdict? {
        withRegularFile(of: inference) { descriptor, size in
            let bytes = ZipDirectory.preadUpTo(descriptor, count: min(size, Limits.verifyBytes), offset: 0) ?? []
            return verdict(
                for: inference, bytes: bytes, size: max(size, bytes.count), claimedMIMEType: claimedMIMEType,
                read: { count, offset in ZipDirectory.pread(descriptor, count: count, offset: offset) })
        }
    }

    /// The verdict for a file of `size` bytes (standard input, a buffer a server holds) whose
    /// first bytes are `bytes` (all of it, up to `Limits.verifyBytes`) and whose other ranges
    /// `read` returns.
    public func verdict(
        for inference: Inference, bytes: [UInt8], size: Int, claimedMIMEType: String? = nil,
        read: (_ count: Int, _ offset: Int) -> [UInt8]?
    ) -> FileVerdict {
        let content = inference.content?.type ?? inference.type
        // The scan keeps `read` only while it runs.
        let scan = withoutActuallyEscaping(read) { read in
            var scan = Scan(bytes: bytes, size: size, contentType: content, read: read)
            scan.run()
            return (formats: scan.formats, findings: scan.findings)
        }
        var claimed: [UTType] = []
        var findings = scan.findings
        // Only content read from a structure or a signature contradicts a claim: a language
        // guessed from statements, or text none of uti's checks read, may be what the name says.
        // A structure the scan walked to its end at byte 0 is evidence of the strongest kind.
        let walked = scan.formats.first.flatMap { found in
            found.offset == 0 && found.structure == .valid ? found.format.flatMap { catalog.type(identifier: $0) } : nil
        }
        let isStrong = Self.isStrong(inference) || (walked.map { walked in content.map { $0.isRelated(to: walked) } ?? false } ?? false)
        // The name against the bytes, as identification reconciled them.
        // A name claims a format when its extension names one format: not a whole name (INSTALL,
        // README), not an extension many formats share (.db, .bin) unless the bytes lack the
        // signature of every one, not a backup's (.old, ~).
        // The bytes contradict the name by a signature, or lack the exact signature of the binary
        // format it names while being binary themselves (text named .a is a linker script, as ld
        // reads any file it does not recognize).
        let rejected = inference.rule == .nameRejected && inference.content?.isText == false
        if let name = inference.name, !name.type.isDynamic, !name.isWeak, rejected || (name.alternatives.isEmpty && !name.isAmbiguousInDatabase),
            inference.path.lastComponent.lowercased() != name.value.lowercased(), !Self.namesOfAnyFormat.contains(name.type.identifier)
        {
            claimed.append(name.type)
            if let mismatch = inference.mismatch, let named = mismatch.extension,
                rejected || (isStrong && !mismatch.content.isRelated(to: named) && !usesExtension(mismatch.content, name.value))
            {
                findings.append(Finding(kind: .mismatch, format: mismatch.content.identifier, basis: mismatchBasis(named, mismatch.content, inference.rule)))
            }
        }
        // A claimed MIME type, weighed as a name for it would be.
        if let mimeType = claimedMIMEType.map(FileMIME.bare), !Self.genericMIMETypes.contains(mimeType), !mimeType.isEmpty {
            let type = catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
            if type.isDynamic {
                findings.append(Finding(kind: .mismatch, basis: "claimed \(mimeType), a MIME type uti does not know"))
            } else {
                claimed.append(type)
                var evidence = NameEvidence(value: mimeType, type: type)
                if let found = inference.content, found.type == .data || Self.plainTextIdentifiers.contains(found.type.identifier) {
                    let head = bytes.prefix(Limits.libmagicBytes)
                    evidence.rejectedBySignature = head.withUnsafeBytes { contentRejects(type, found, $0) } ? [type] : []
                }
                let outcome = Reconciliation.reconcile(content: inference.content, name: evidence, database: sharedMIME?.database)
                let rejected = outcome.rule == .nameRejected && inference.content?.isText == false
                if let mismatch = outcome.mismatch, rejected || (isStrong && !mismatch.content.isRelated(to: type)) {
                    findings.append(Finding(kind: .mismatch, format: mismatch.content.identifier, basis: mismatchBasis(type, mismatch.content, outcome.rule)))
                }
            }
        }
        // Programs under a harmless claim, when the bytes say so by a signature and decided the type.
        if let content, isStrong, inference.type == content, isActive(content), !claimed.isEmpty,
            !claimed.contains(where: { isActive($0) || content.conforms(to: $0) || $0.isProgramText })
        {
            let claims = claimed.map(\.identifier).joined(separator: ", ")
            findings.append(Finding(kind: .disguised, format: content.identifier, offset: 0, basis: "\(content.identifier) claimed as \(claims)"))
        }
        // Other formats the bytes satisfy, unrelated to the file's own.
        let outer = content ?? scan.formats.first.flatMap { catalog.type(identifier: $0.format ?? "") }
        for other in scan.formats.dropFirst() {
            guard let identifier = other.format, let type = catalog.type(identifier: identifier) else { continue }
            if let outer, outer.isRelated(to: type) { continue }
            let place = other.offset.map { " at byte \($0)" } ?? ""
            findings.append(
                Finding(
                    kind: .polyglot, format: identifier, offset: other.offset, span: other.span,
                    basis: "\(identifier)\(place) besides \(outer?.identifier ?? "the file's format"): \(other.basis)"))
            if isActive(type), !(outer.map(isActive) ?? false) {
                findings.append(
                    Finding(
                        kind: .disguised, format: identifier, offset: other.offset, basis: "\(identifier)\(place) inside \(outer?.identifier ?? "the file")"))
            }
        }
        // The structure behind the first signature.
        if let main = scan.formats.first, let format = main.format, main.offset == 0 {
            switch main.structure {
            case .signatureOnly?: findings.append(Finding(kind: .signatureOnly, format: format, offset: 0, basis: main.basis))
            case .truncated?: findings.append(Finding(kind: .truncated, format: format, offset: 0, basis: main.basis))
            default: break
            }
        }
        return FileVerdict(findings: scan.formats + findings, contentType: content, claimedTypes: claimed)
    }

    private func mismatchBasis(_ claimed: UTType, _ content: UTType, _ rule: Reconciliation.Rule?) -> String {
        if rule == .nameRejected {
            // A text format with no requirement of its own is rejected by binary bytes (`contentRejects`).
            if content == .data && Self.isTextWithoutRequirements(claimed) {
                return "claimed \(claimed.identifier), a text format, for bytes that are no text"
            }
            return "claimed \(claimed.identifier), whose signature the bytes lack"
        }
        return "claimed \(claimed.identifier); the bytes are \(content.identifier)"
    }

    /// Whether the content's format is itself named with `ext` (its own extension tags, or a
    /// `*.ext` glob of its MIME types in the shared-mime-info database): F4V video is an MPEG-4
    /// file (the database's video/mp4 has `*.f4v`), though Apple's catalog gives .f4v to Flash
    /// video.
    private func usesExtension(_ content: UTType, _ ext: String) -> Bool {
        let lowered = ext.lowercased()
        if content.tagSpecification[.filenameExtension].contains(where: { $0.lowercased() == lowered }) { return true }
        guard let database = sharedMIME?.database else { return false }
        let names = content.tagSpecification[.mimeType] + [content.sharedMIMEInfoName].compactMap { $0 }
        return names.contains { database.extensions[database.canonical($0.lowercased())]?.contains(lowered) ?? false }
    }

    /// Names that say nothing of the format: backup copies (shared-mime-info's `*~`, `*.bak`,
    /// `*.old`), which hold whatever the file was.
    static let namesOfAnyFormat: Set<String> = ["org.freedesktop.mime.application.x-trash"]

    /// Whether the content's own evidence is a structure or a signature (`Candidate.Strength`)
    /// of uti's checks and rules or the database's: libmagic's answer alone is not, as some of
    /// its rules read no signature (TGA from plausible header fields).
    static func isStrong(_ inference: Inference) -> Bool {
        guard let content = inference.content, !content.isWeak else { return false }
        let strengths = inference.candidates.filter { $0.source != .name && $0.source != .libmagic && $0.type == content.type }.map(\.strength)
        return strengths.contains(.verified) || strengths.contains(.signature)
    }

    /// Programs and pages that run code where they are opened: executables, scripts, HTML; not
    /// object code, which runs only once linked into a program.
    private func isActive(_ type: UTType) -> Bool {
        if type.identifier == "public.object-code" || type.supertypes.contains(where: { $0.identifier == "public.object-code" }) { return false }
        return Self.activeTypes.contains { identifier in catalog.type(identifier: identifier).map { type.conforms(to: $0) } ?? false }
    }

    static let activeTypes = [
        "public.executable", "public.script", "public.html", "public.xhtml", "com.microsoft.windows-executable", "public.elf-binary",
        "com.apple.mach-o-binary",
    ]
}

extension TypeInferrer {
    /// The verdict's scan of `bytes` as a whole file, for the fuzz target: every structure walk,
    /// format search and active-content reader; returns how many findings it made.
    @_spi(Fuzzing) public static func verdictScanFindings(_ bytes: [UInt8], contentType: UTType?) -> Int {
        var scan = Scan(bytes: bytes, size: bytes.count, contentType: contentType, read: inMemoryRead(bytes))
        scan.run()
        return scan.formats.count + scan.findings.count
    }
}

/// The reading of one file: its formats, found where they legitimately start, and the code in them.
struct Scan {
    let bytes: [UInt8]
    let size: Int
    /// What identification said the bytes are.
    let contentType: UTType?
    let read: (_ count: Int, _ offset: Int) -> [UInt8]?
    /// Every format found, the one at the start first.
    var formats: [Finding] = []
    /// Findings other than formats: active content, trailing data.
    var findings: [Finding] = []
    /// Text the format keeps for people (a JPEG's comments, a PNG's text chunks), where markup
    /// and script do not belong.
    var textSections: [(offset: Int, bytes: ArraySlice<UInt8>, what: String)] = []

    init(bytes: [UInt8], size: Int, contentType: UTType?, read: @escaping (_ count: Int, _ offset: Int) -> [UInt8]?) {
        self.bytes = bytes
        self.size = size
        self.contentType = contentType
        self.read = read
    }

    /// Whether `bytes` is the whole file.
    var isComplete: Bool { bytes.count >= size }

    mutating func run() {
        let zip = ZipScan.read(size: size, tail: tail(), read: read)
        var end: Int?
        if let walked = walkStart(zip: zip) {
            formats.append(walked.finding)
            end = walked.end
        }
        let mainFormat = formats.first?.format
        // A zip whose first entry is past the start: appended to another format, or after a
        // self-extractor's program.
        if let zip, zip.start > 0, mainFormat != "public.zip-archive" {
            formats.append(
                Finding(
                    kind: .format, format: "public.zip-archive", offset: zip.start, span: size - zip.start, structure: zip.structure,
                    basis: "a zip's end record and central directory of \(zip.entries.count) entries, the first at byte \(zip.start)"))
            // What follows the first format is the zip (or its prefix): not trailing data.
            end = nil
        }
        if let zip { activeContent(in: zip) }
        if mainFormat != "com.adobe.pdf", let offset = find(Array("%PDF-".utf8), in: bytes.prefix(1024), from: 1), offset > 0 {
            let pdf = walkPDF(at: offset)
            if pdf.structure != .signatureOnly { formats.append(pdf) }
        }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]), let compound = CompoundFile.read(size: size, pread: read) {
            activeContent(in: compound)
        }
        if mainFormat == "com.adobe.pdf" || formats.contains(where: { $0.format == "com.adobe.pdf" }) { pdfActiveContent() }
        if let main = formats.first, main.format == "public.tar-archive" { tarContent() }
        if contentType?.identifier == "public.svg-image" || contentType?.supertypes.contains(where: { $0.identifier == "public.svg-image" }) == true {
            svgContent()
        }
        // What follows the first format's end.
        if let end, end < size, let main = formats.first, main.structure == .valid {
            trailing(from: end)
        }
        for section in textSections { markup(in: section.bytes, at: section.offset, what: section.what) }
        // Text with another format's structure inside (HTML that holds a PNG).
        if formats.isEmpty, isComplete, contentType?.conforms(to: .text) == true { embeddedBinary() }
    }

    private func tail() -> [UInt8]? {
        let count = min(size, 65_557)
        if isComplete { return Array(bytes[(bytes.count - count)...]) }
        return read(count, size - count)
    }

    // MARK: The format at the start

    private mutating func walkStart(zip: ZipScan?) -> (finding: Finding, end: Int?)? {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.starts(with: png) { return walkPNG(at: 0) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return walkJPEG(at: 0) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return walkGIF(at: 0) }
        if bytes.starts(with: Array("%PDF-".utf8)) {
            let pdf = walkPDF(at: 0)
            return (pdf, pdf.span.map { $0 })
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            guard let zip, zip.start == 0 else {
                return (
                    Finding(
                        kind: .format, format: "public.zip-archive", offset: 0, structure: bytes.count > 30 ? .truncated : .signatureOnly,
                        basis: "a zip's first local header and no end record"), nil
                )
            }
            return (
                Finding(
                    kind: .format, format: "public.zip-archive", offset: 0, span: zip.end, structure: zip.structure,
                    basis: "a zip's end record and central directory of \(zip.entries.count) entries"), zip.end
            )
        }
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) { return walkBoxes() }
        if bytes.starts(with: Array("RIFF".utf8)) && bytes.count >= 12 { return walkRIFF() }
        if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return walkELF(at: 0) }
        if bytes.starts(with: Array("MZ".utf8)), let pe = walkPE(at: 0) { return pe }
        if bytes.count >= 263, bytes[257..<262].elementsEqual("ustar".utf8) {
            return (Finding(kind: .format, format: "public.tar-archive", offset: 0, structure: .unchecked, basis: "a ustar header"), nil)
        }
        return nil
    }

    /// PNG: the signature, IHDR first, every chunk's length and CRC, to IEND (ISO/IEC 15948, 5).
    private mutating func walkPNG(at start: Int) -> (finding: Finding, end: Int?) {
        var position = start + 8
        var first = true
        var chunks = 0
        func finding(_ structure: Finding.Structure, _ basis: String, end: Int? = nil) -> (Finding, Int?) {
            (Finding(kind: .format, format: "public.png", offset: start, span: end.map { $0 - start }, structure: structure, basis: basis), end)
        }
        while true {
            guard position + 12 <= bytes.count else {
                if !isComplete { return finding(.unchecked, "chunks read to the verify-bytes limit") }
                return finding(
                    first ? .signatureOnly : .truncated, first ? "the signature and no IHDR chunk" : "the file ends after \(chunks) chunks, before IEND")
            }
            let length = Int(be32(bytes, position))
            let type = bytes[(position + 4)..<(position + 8)]
            guard length <= 0x7FFF_FFFF, type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return finding(first ? .signatureOnly : .signatureOnly, "a chunk at byte \(position) that is not one (\(chunks) chunks before it)")
            }
            if first && (!type.elementsEqual("IHDR".utf8) || length != 13) { return finding(.signatureOnly, "the signature and no IHDR chunk") }
            first = false
            guard position + 12 + length <= bytes.count else {
                if !isComplete { return finding(.unchecked, "chunks read to the verify-bytes limit") }
                return finding(.truncated, "the file ends inside the \(String(decoding: type, as: UTF8.self)) chunk at byte \(position)")
            }
            let data = bytes[(position + 8)..<(position + 8 + length)]
            let expected = be32(bytes, position + 8 + length)
            let computed = bytes[(position + 4)..<(position + 8 + length)].withContiguousStorageIfAvailable { buffer in
                UInt32(crc32(0, buffer.baseAddress, UInt32(buffer.count)))
            }
            guard computed == nil || computed == expected else {
                return finding(.signatureOnly, "the CRC of the \(String(decoding: type, as: UTF8.self)) chunk at byte \(position) does not match")
            }
            if type.elementsEqual("tEXt".utf8) || type.elementsEqual("iTXt".utf8) || type.elementsEqual("zTXt".utf8) {
                textSections.append((position + 8, data, "a PNG \(String(decoding: type, as: UTF8.self)) chunk"))
            }
            chunks += 1
            position += 12 + length
            if type.elementsEqual("IEND".utf8) { return finding(.valid, "\(chunks) chunks from IHDR to IEND, every CRC right", end: position) }
        }
    }

    /// JPEG: SOI, marker segments by their lengths, the entropy-coded data of each scan, to EOI
    /// (ITU-T T.81, B.1).
    private mutating func walkJPEG(at start: Int) -> (finding: Finding, end: Int?) {
        var position = start + 2
        var segments = 0
        var sawFrame = false
        func finding(_ structure: Finding.Structure, _ basis: String, end: Int? = nil) -> (Finding, Int?) {
            (Finding(kind: .format, format: "public.jpeg", offset: start, span: end.map { $0 - start }, structure: structure, basis: basis), end)
        }
        func ended() -> (Finding, Int?) {
            if !isComplete { return finding(.unchecked, "segments read to the verify-bytes limit") }
            return finding(
                segments == 0 ? .signatureOnly : .truncated, segments == 0 ? "SOI and no segment" : "the file ends after \(segments) segments, before EOI")
        }
        while true {
            guard position + 2 <= bytes.count else { return ended() }
            guard bytes[position] == 0xFF else {
                return finding(segments == 0 ? .signatureOnly : .signatureOnly, "no marker at byte \(position) (\(segments) segments before it)")
            }
            let marker = bytes[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            if marker == 0xD9 {
                return sawFrame
                    ? finding(.valid, "\(segments) segments from SOI to EOI", end: position + 2)
                    : finding(.signatureOnly, "EOI with no frame header")
            }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                position += 2
                continue
            }
            guard position + 4 <= bytes.count else { return ended() }
            let length = Int(be16(bytes, position + 2))
            guard length >= 2 else { return finding(.signatureOnly, "a segment of length \(length) at byte \(position)") }
            guard position + 2 + length <= bytes.count else { return ended() }
            segments += 1
            // Frame headers: SOF0-SOF15 but DHT, JPG and DAC (T.81, B.1.1.3), and JPEG-LS's SOF55 (T.87).
            if ((0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) || marker == 0xF7 { sawFrame = true }
            if marker == 0xFE || (0xE0...0xEF).contains(marker) {
                textSections.append(
                    (position + 4, bytes[(position + 4)..<(position + 2 + length)], marker == 0xFE ? "a JPEG comment" : "a JPEG APP\(marker - 0xE0) segment"))
            }
            position += 2 + length
            if marker == 0xDA {
                // The scan's entropy-coded data: to the next marker that is not a stuffed 0x00 or a restart.
                while position + 1 < bytes.count {
                    if bytes[position] == 0xFF, bytes[position + 1] != 0x00, !(0xD0...0xD7).contains(bytes[position + 1]) { break }
                    position += 1
                }
            }
        }
    }

    /// GIF: the header, the logical screen and its colour table, then images and extensions as
    /// sub-blocks, to the trailer (GIF89a, 17-27).
    private mutating func walkGIF(at start: Int) -> (finding: Finding, end: Int?) {
        func finding(_ structure: Finding.Structure, _ basis: String, end: Int? = nil) -> (Finding, Int?) {
            (Finding(kind: .format, format: "com.compuserve.gif", offset: start, span: end.map { $0 - start }, structure: structure, basis: basis), end)
        }
        var blocks = 0
        func ended() -> (Finding, Int?) {
            if !isComplete { return finding(.unchecked, "blocks read to the verify-bytes limit") }
            return finding(
                blocks == 0 ? .signatureOnly : .truncated, blocks == 0 ? "the header and no image" : "the file ends after \(blocks) blocks, before the trailer")
        }
        guard start + 13 <= bytes.count else { return ended() }
        var position = start + 13
        let flags = bytes[start + 10]
        if flags & 0x80 != 0 { position += 3 << (Int(flags & 0x07) + 1) }
        /// Skips sub-blocks; false when the file ends first.
        func subBlocks(_ section: String?) -> Bool {
            let first = position
            while position < bytes.count {
                let count = Int(bytes[position])
                position += 1
                if count == 0 {
                    if let section { textSections.append((first, bytes[first..<position], section)) }
                    return true
                }
                position += count
            }
            return false
        }
        while true {
            guard position < bytes.count else { return ended() }
            switch bytes[position] {
            case 0x3B:
                return blocks == 0 ? finding(.signatureOnly, "a trailer and no image") : finding(.valid, "\(blocks) blocks to the trailer", end: position + 1)
            case 0x2C:
                guard position + 10 <= bytes.count else { return ended() }
                let local = bytes[position + 9]
                position += 10
                if local & 0x80 != 0 { position += 3 << (Int(local & 0x07) + 1) }
                position += 1  // LZW minimum code size
                guard subBlocks(nil) else { return ended() }
            case 0x21:
                guard position + 2 <= bytes.count else { return ended() }
                let label = bytes[position + 1]
                position += 2
                guard subBlocks(label == 0xFE ? "a GIF comment" : label == 0xFF ? "a GIF application extension" : nil) else { return ended() }
            default:
                return finding(.signatureOnly, "byte \(position) starts no GIF block (\(blocks) blocks before it)")
            }
            blocks += 1
        }
    }

    /// PDF: the header, a cross-reference table or stream (`startxref`), and `%%EOF` in the
    /// last 1,024 bytes (ISO 32000-2, 7.5).
    private func walkPDF(at start: Int) -> Finding {
        let end = isComplete ? bytes[...] : (tail().map { ArraySlice($0) } ?? [])
        let last = end.suffix(1024)
        let hasObject = Self.hasPDFObject(bytes.prefix(65_536), from: start)
        if let eof = findLast(Array("%%EOF".utf8), in: last) {
            let startxref = findLast(Array("startxref".utf8), in: last) != nil
            let eofOffset = size - last.count + (eof - last.startIndex) + 5
            return Finding(
                kind: .format, format: "com.adobe.pdf", offset: start, span: eofOffset - start,
                structure: hasObject && startxref ? .valid : .signatureOnly,
                basis: hasObject && startxref ? "a header, objects, startxref and %%EOF" : "a header and %%EOF with no objects or startxref")
        }
        return Finding(
            kind: .format, format: "com.adobe.pdf", offset: start, structure: hasObject ? .truncated : .signatureOnly,
            basis: hasObject ? "a header and objects, and no %%EOF in the last 1,024 bytes" : "a header and no objects")
    }

    /// Whether an indirect object starts in `text` after `from`: `N G obj` (ISO 32000-2, 7.3.10).
    static func hasPDFObject(_ text: ArraySlice<UInt8>, from: Int) -> Bool {
        var position = from
        while let index = find(Array(" obj".utf8), in: text, from: position) {
            position = index + 4
            // The generation number and a space before it, the object number before that.
            var digits = index
            while digits > text.startIndex, (0x30...0x39).contains(text[digits - 1]) { digits -= 1 }
            guard digits < index, digits > text.startIndex, text[digits - 1] == 0x20 else { continue }
            if digits - 1 > text.startIndex, (0x30...0x39).contains(text[digits - 2]) { return true }
        }
        return false
    }

    /// ISO base media: boxes by their sizes from the first to the file's end (ISO/IEC 14496-12, 4.2).
    private func walkBoxes() -> (finding: Finding, end: Int?) {
        var position = 0
        var boxes = 0
        let format = "public.mpeg-4"
        while position < size, boxes < 100_000 {
            guard let header = position + 16 <= bytes.count ? Array(bytes[position..<(position + 16)]) : read(min(16, size - position), position),
                header.count >= 8
            else {
                return (
                    Finding(kind: .format, format: format, offset: 0, structure: .truncated, basis: "the file ends inside a box header after \(boxes) boxes"),
                    nil
                )
            }
            var length = Int(be32(header, 0))
            let type = header[4..<8]
            guard type.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                return (
                    Finding(
                        kind: .format, format: format, offset: 0, structure: .signatureOnly, basis: "byte \(position) starts no box (\(boxes) boxes before it)"),
                    nil
                )
            }
            if length == 1 {
                guard header.count >= 16 else {
                    return (Finding(kind: .format, format: format, offset: 0, structure: .truncated, basis: "a box's size cut off"), nil)
                }
                length = Int(clamping: be64(header, 8))
            } else if length == 0 {
                length = size - position
            }
            guard length >= 8 else {
                return (Finding(kind: .format, format: format, offset: 0, structure: .signatureOnly, basis: "a box of size \(length) at byte \(position)"), nil)
            }
            boxes += 1
            if length > size - position {
                return (
                    Finding(
                        kind: .format, format: format, offset: 0, structure: .truncated,
                        basis: "the \(String(decoding: type, as: UTF8.self)) box at byte \(position) runs past the file's end"), nil
                )
            }
            position += length
        }
        return (Finding(kind: .format, format: format, offset: 0, span: position, structure: .valid, basis: "\(boxes) boxes to the file's end"), position)
    }

    /// RIFF: the form's declared size against the file's (Multimedia Programming Interface and
    /// Data Specifications 1.0, RIFF chunks).
    private func walkRIFF() -> (finding: Finding, end: Int?) {
        let declared = Int(le32(bytes, 4)) + 8
        let form = String(decoding: bytes[8..<12], as: UTF8.self).trimmingSpaces()
        let format =
            ["WAVE": "com.microsoft.waveform-audio", "AVI ": "public.avi", "WEBP": "org.webmproject.webp"][String(decoding: bytes[8..<12], as: UTF8.self)]
            ?? "public.data"
        if declared > size {
            return (
                Finding(
                    kind: .format, format: format, offset: 0, structure: .truncated, basis: "a RIFF \(form) form of \(declared) bytes in a file of \(size)"),
                nil
            )
        }
        return (
            Finding(kind: .format, format: format, offset: 0, span: declared, structure: .valid, basis: "a RIFF \(form) form of \(declared) bytes"), declared
        )
    }

    /// ELF: the identification bytes and the section header table inside the file (the System V
    /// ABI, 4).
    private func walkELF(at start: Int) -> (finding: Finding, end: Int?) {
        let format = "public.elf-binary"
        guard start + 64 <= bytes.count, [1, 2].contains(bytes[start + 4]), [1, 2].contains(bytes[start + 5]), bytes[start + 6] == 1 else {
            return (Finding(kind: .format, format: format, offset: start, structure: .signatureOnly, basis: "ELF's magic and no valid identification"), nil)
        }
        let is64 = bytes[start + 4] == 2
        let little = bytes[start + 5] == 1
        func word(_ offset: Int, _ count: Int) -> Int {
            var value = 0
            for index in 0..<count {
                let byte = Int(bytes[start + offset + (little ? count - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        let sectionOffset = is64 ? word(0x28, 8) : word(0x20, 4)
        let entrySize = is64 ? word(0x3A, 2) : word(0x2E, 2)
        let count = is64 ? word(0x3C, 2) : word(0x30, 2)
        if sectionOffset == 0 {
            return (Finding(kind: .format, format: format, offset: start, structure: .valid, basis: "an ELF header with no section table"), nil)
        }
        // The offset is read from 8 bytes: compared before it is added to.
        let end = sectionOffset >= 0 && sectionOffset <= size ? sectionOffset + entrySize * count : Int.max
        guard end <= size - start else {
            return (
                Finding(
                    kind: .format, format: format, offset: start, structure: .truncated,
                    basis: "the section table ends at byte \(start + end), past the file's end"), nil
            )
        }
        return (Finding(kind: .format, format: format, offset: start, span: end, structure: .valid, basis: "an ELF header and its section table"), start + end)
    }

    /// PE: the DOS header's pointer to `PE\0\0`, the COFF header and the section table, each
    /// section's raw data inside the file (the PE format, Microsoft). An MZ with no PE header is
    /// not told (a DOS program is a different, older format).
    private func walkPE(at start: Int) -> (finding: Finding, end: Int?)? {
        guard start + 64 <= bytes.count else { return nil }
        let header = start + Int(le32(bytes, start + 0x3C))
        guard header > start, header + 24 <= bytes.count, bytes[header..<(header + 4)].elementsEqual([0x50, 0x45, 0, 0]) else { return nil }
        let format = "com.microsoft.windows-executable"
        let sections = Int(le16(bytes, header + 6))
        let optional = Int(le16(bytes, header + 20))
        let table = header + 24 + optional
        var end = table + 40 * sections
        guard end <= bytes.count else {
            return (
                Finding(
                    kind: .format, format: format, offset: start, structure: isComplete ? .truncated : .unchecked,
                    basis: "a PE header whose section table the file cuts off"), nil
            )
        }
        for index in 0..<sections {
            let entry = table + 40 * index
            let rawSize = Int(le32(bytes, entry + 16))
            let rawOffset = Int(le32(bytes, entry + 20))
            if rawSize > 0 { end = max(end, start + rawOffset + rawSize) }
        }
        guard end <= size else {
            return (
                Finding(
                    kind: .format, format: format, offset: start, structure: .truncated, basis: "a section's data ends at byte \(end), past the file's end"),
                nil
            )
        }
        // Data past the last section (an installer's archive, a signature) is the program's own.
        return (Finding(kind: .format, format: format, offset: start, span: end - start, structure: .valid, basis: "a PE header and \(sections) sections"), nil)
    }

    // MARK: Past the end

    /// What follows the first format's end: another format, script, or padding.
    private mutating func trailing(from end: Int) {
        let rest = bytes[min(end, bytes.count)...]
        let meaningful = rest.drop { $0 == 0 || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xFF }
        guard !meaningful.isEmpty else { return }
        let offset = meaningful.startIndex
        // A script written over the format: the file's first bytes are a name and `/*` (GIF89a's
        // logical screen width, BMP's size), and the comment closes past the format's end, so a
        // JavaScript engine reads `NAME = ...` and runs what follows.
        let name = bytes.prefix { ContentChecks.isIdentifier($0) }
        if name.count >= 2, bytes[name.endIndex...].starts(with: Array("/*".utf8)), meaningful.starts(with: Array("*/".utf8)) {
            formats.append(
                Finding(
                    kind: .format, format: "com.netscape.javascript-source", offset: 0, span: size, structure: .unchecked,
                    basis: "a script comment opened at byte \(name.count) and closed at byte \(offset), past the format's end"))
            return
        }
        if let found = formatAt(offset) {
            formats.append(found)
            return
        }
        if markup(in: meaningful.prefix(65_536), at: offset, what: "the data past its end") { return }
        findings.append(
            Finding(
                kind: .trailingData, offset: end, span: size - end,
                basis: "\(size - end) bytes past the end of \(formats.first?.format ?? "the format") that no format of uti's names"))
    }

    /// A format that starts at `offset` and holds, by the walks above.
    private mutating func formatAt(_ offset: Int) -> Finding? {
        let here = bytes[offset...]
        if here.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return walkPNG(at: offset).finding }
        if here.starts(with: [0xFF, 0xD8, 0xFF]) { return walkJPEG(at: offset).finding }
        if here.starts(with: Array("GIF87a".utf8)) || here.starts(with: Array("GIF89a".utf8)) { return walkGIF(at: offset).finding }
        if here.starts(with: Array("%PDF-".utf8)) { return walkPDF(at: offset) }
        if here.starts(with: [0x7F, 0x45, 0x4C, 0x46]) {
            let elf = walkELF(at: offset).finding
            return elf.structure == .signatureOnly ? nil : elf
        }
        if here.starts(with: Array("MZ".utf8)) { return walkPE(at: offset)?.finding }
        return nil
    }

    // MARK: Script where it does not belong

    /// Markup or script in `text` (an image's comment, data past a format's end): PHP's opening
    /// tag, an HTML script element or page, ASP's tags. Adds a format found; true when one was.
    @discardableResult
    private mutating func markup(in text: ArraySlice<UInt8>, at offset: Int, what: String) -> Bool {
        let lower = text.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        let markers: [(String, String, String)] = [
            ("<?php", "public.php-script", "PHP's opening tag"), ("<script", "public.html", "an HTML script element"),
            ("<html", "public.html", "an HTML page"), ("<%@", "public.html", "an ASP directive"),
            ("<svg", "public.svg-image", "an SVG element"),
        ]
        for (marker, format, words) in markers {
            if let index = find(Array(marker.utf8), in: lower[...], from: 0) {
                if format == "public.svg-image" && !ContentChecks.contains(Array("onload".utf8), in: lower[...]) { continue }
                formats.append(
                    Finding(kind: .format, format: format, offset: offset + index, structure: .unchecked, basis: "\(words) in \(what)"))
                return true
            }
        }
        return false
    }

    // MARK: Active content

    /// An archive's entries: names that climb out of the folder (`../`, absolute), programs by
    /// name or by their stored bytes, encrypted entries, Office macros.
    private mutating func activeContent(in zip: ZipScan) {
        var climbing: [String] = []
        var programs: [String] = []
        var encrypted: [String] = []
        var macros: [String] = []
        for entry in zip.entries where !entry.name.hasSuffix("/") {
            let name = entry.name
            let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..") || (name.count > 1 && name.dropFirst().hasPrefix(":")) {
                climbing.append(name)
            }
            if entry.isEncrypted { encrypted.append(name) }
            let base = components.last.map(String.init) ?? name
            let lowered = base.lowercased()
            if lowered == "vbaproject.bin" || lowered.hasSuffix(".vba")
                || name.lowercased().hasPrefix("basic/") && lowered.hasSuffix(".xml") && lowered != "script-lc.xml" && lowered != "dialog-lc.xml"
            {
                macros.append(name)
            } else if let dot = lowered.lastIndex(of: "."), Self.programExtensions.contains(String(lowered[lowered.index(after: dot)...])) {
                programs.append(name)
            } else if entry.storedStart.map({ $0.starts(with: [0x7F, 0x45, 0x4C, 0x46]) || $0.starts(with: Array("MZ".utf8)) && $0.count >= 2 }) ?? false {
                programs.append(name)
            }
        }
        func list(_ names: [String]) -> String {
            names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        }
        if !climbing.isEmpty {
            findings.append(
                Finding(
                    kind: .activeContent, format: "public.zip-archive", offset: zip.start, basis: "entries that unpack outside their folder: \(list(climbing))")
            )
        }
        if !encrypted.isEmpty {
            findings.append(
                Finding(kind: .activeContent, format: "public.zip-archive", offset: zip.start, basis: "encrypted entries, contents unknown: \(list(encrypted))")
            )
        }
        if !macros.isEmpty { findings.append(Finding(kind: .activeContent, offset: zip.start, basis: "macros: \(list(macros))")) }
        if !programs.isEmpty {
            findings.append(Finding(kind: .activeContent, format: "public.zip-archive", offset: zip.start, basis: "programs: \(list(programs))"))
        }
    }

    /// Windows programs and scripts by extension: what a mail gateway blocks in an archive.
    static let programExtensions: Set<String> = [
        "exe", "dll", "scr", "com", "bat", "cmd", "ps1", "vbs", "vbe", "jse", "wsf", "wsh", "msi", "lnk", "hta", "cpl", "pif",
    ]

    /// Macros in compound storage: the VBA project's storages ([MS-OVBA] 2.2.1: `VBA`,
    /// `_VBA_PROJECT`; Word's `Macros`, Excel's `_VBA_PROJECT_CUR`).
    private mutating func activeContent(in compound: CompoundFile) {
        let names = Set(compound.names)
        if let found = ["_VBA_PROJECT_CUR", "Macros", "_VBA_PROJECT", "VBA"].first(where: names.contains) {
            findings.append(Finding(kind: .activeContent, format: "com.microsoft.ole.compound-file", basis: "macros: the \(found) storage"))
        }
    }

    /// PDF's actions that run code or other programs: JavaScript and launch actions (ISO 32000-2,
    /// 12.6.4.8 and 12.6.4.16), in the file's own bytes and in its compressed object streams.
    private mutating func pdfActiveContent() {
        var found: [String] = []
        func search(_ text: ArraySlice<UInt8>) {
            for name in ["/JavaScript", "/JS", "/Launch"] where !found.contains(name) {
                var from = text.startIndex
                while let index = find(Array(name.utf8), in: text, from: from) {
                    let after = index + name.utf8.count
                    // A whole name: what follows is a delimiter or white space, not more of a name.
                    if after >= text.endIndex || !Self.isRegularPDFCharacter(text[after]) {
                        found.append(name)
                        break
                    }
                    from = after
                }
            }
        }
        search(bytes[...])
        // Object streams (PDF 1.5), compressed: their objects may hold the same names.
        var from = 0
        var streams = 0
        while streams < 1_000, let type = find(Array("/ObjStm".utf8), in: bytes[...], from: from) {
            from = type + 7
            guard let start = find(Array("stream".utf8), in: bytes[...], from: from), start - type < 4096 else { continue }
            var dataStart = start + 6
            if dataStart < bytes.count, bytes[dataStart] == 0x0D { dataStart += 1 }
            if dataStart < bytes.count, bytes[dataStart] == 0x0A { dataStart += 1 }
            guard let end = find(Array("endstream".utf8), in: bytes[...], from: dataStart), dataStart + 2 < end else { continue }
            streams += 1
            if let plain = Inflate.raw(Array(bytes[(dataStart + 2)..<end]), limit: 16 << 20) { search(plain[...]) }
        }
        if !found.isEmpty {
            findings.append(Finding(kind: .activeContent, format: "com.adobe.pdf", basis: "PDF actions that run code: \(found.joined(separator: ", "))"))
        }
    }

    /// Whether a byte continues a PDF name (ISO 32000-2, 7.2.3: not white space or a delimiter).
    static func isRegularPDFCharacter(_ byte: UInt8) -> Bool {
        !([0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20] as [UInt8]).contains(byte) && !Array("()<>[]{}/%".utf8).contains(byte)
    }

    /// SVG's script: script elements, event handler attributes, `javascript:` links, foreign
    /// objects (SVG 2, 15.2 and 15.4).
    private mutating func svgContent() {
        let text = bytes.prefix(4 << 20)
        // SVG is XML: the document starts with markup (after a byte-order mark and white space).
        let body = text.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard body.first == 0x3C, isMostlyText(text.prefix(4096)) else { return }
        let lower = text.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        guard find(Array("<svg".utf8), in: lower[...], from: 0) != nil else { return }
        var found: [String] = []
        if find(Array("<script".utf8), in: lower[...], from: 0) != nil { found.append("a script element") }
        if find(Array("javascript:".utf8), in: lower[...], from: 0) != nil { found.append("a javascript: link") }
        if find(Array("<foreignobject".utf8), in: lower[...], from: 0) != nil { found.append("a foreignObject element") }
        if let handler = eventHandler(lower) { found.append("an \(handler) attribute") }
        if !found.isEmpty {
            findings.append(Finding(kind: .activeContent, format: "public.svg-image", basis: "SVG that runs script: \(found.joined(separator: ", "))"))
        }
    }

    /// The first event handler attribute (` onload=`, ` onclick =`) in lowercased markup.
    private func eventHandler(_ lower: [UInt8]) -> String? {
        var from = 0
        while let index = find(Array(" on".utf8), in: lower[...], from: from) {
            from = index + 3
            var end = from
            while end < lower.count, (0x61...0x7A).contains(lower[end]) { end += 1 }
            var equals = end
            while equals < lower.count, lower[equals] == 0x20 { equals += 1 }
            if end - from >= 3, equals < lower.count, lower[equals] == 0x3D, index > 0, isInsideTag(lower, index) {
                return "on" + String(decoding: lower[from..<end], as: UTF8.self)
            }
        }
        return nil
    }

    /// Whether `index` is inside a tag: the last `<` before it comes after the last `>`.
    private func isInsideTag(_ text: [UInt8], _ index: Int) -> Bool {
        var position = index
        while position > 0 {
            position -= 1
            if text[position] == 0x3E { return false }
            if text[position] == 0x3C { return true }
        }
        return false
    }

    /// A tar archive's member names that climb out of the folder (POSIX ustar, `name` and
    /// `prefix`), over the first 10,000 headers.
    private mutating func tarContent() {
        var position = 0
        var climbing: [String] = []
        var headers = 0
        while headers < 10_000, position + 512 <= bytes.count {
            let header = bytes[position..<(position + 512)]
            guard header.contains(where: { $0 != 0 }) else { break }
            func field(_ start: Int, _ count: Int) -> String {
                let slice = bytes[(position + start)..<(position + start + count)]
                return String(decoding: slice.prefix { $0 != 0 }, as: UTF8.self)
            }
            let prefix = field(345, 155)
            let name = prefix.isEmpty ? field(0, 100) : prefix + "/" + field(0, 100)
            if name.hasPrefix("/") || name.split(separator: "/").contains("..") { climbing.append(name) }
            let size = Int(field(124, 12).trimmingSpaces(), radix: 8) ?? 0
            position += 512 + (size + 511) / 512 * 512
            headers += 1
        }
        if !climbing.isEmpty {
            findings.append(
                Finding(
                    kind: .activeContent, format: "public.tar-archive",
                    basis: "entries that unpack outside their folder: \(climbing.prefix(3).joined(separator: ", "))"))
        }
    }

    // MARK: Binary inside text

    /// Whether most of the first bytes are printable text.
    private func isMostlyText(_ prefix: ArraySlice<UInt8>) -> Bool {
        guard !prefix.isEmpty else { return false }
        let printable = prefix.filter { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 >= 0x80 }.count
        return printable * 10 >= prefix.count * 9
    }

    /// Another format's structure inside text: a PNG, GIF or JPEG that walks to its end, or a
    /// program's header (a page that holds an image in a comment is both).
    private mutating func embeddedBinary() {
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF89a".utf8), [0xFF, 0xD8, 0xFF], [0x7F, 0x45, 0x4C, 0x46]]
        for signature in signatures {
            guard let index = find(signature, in: bytes[...], from: 16), isMostlyText(bytes[..<min(index, 4096)]), let found = formatAt(index),
                found.structure == .valid
            else { continue }
            formats.insert(
                Finding(kind: .format, format: "public.text", offset: 0, structure: .unchecked, basis: "text before byte \(index)"), at: 0)
            formats.append(found)
            return
        }
    }
}

/// A zip's central directory as the verifier reads it: where the archive starts in the file
/// (past any prefix), its entries, and whether each entry's local header is where the directory
/// says ([APPNOTE] 4.3).
struct ZipScan {
    struct Entry {
        var name: String
        var isEncrypted: Bool
        /// The first bytes of a stored (uncompressed) entry's data.
        var storedStart: [UInt8]?
    }

    var start: Int
    var end: Int
    var entries: [Entry]
    var structure: Finding.Structure

    static func read(size: Int, tail: [UInt8]?, read: (_ count: Int, _ offset: Int) -> [UInt8]?) -> ZipScan? {
        guard let tail, tail.count >= 22 else { return nil }
        var end = tail.count - 22
        while end >= 0, !(tail[end] == 0x50 && tail[end + 1] == 0x4B && tail[end + 2] == 0x05 && tail[end + 3] == 0x06) { end -= 1 }
        guard end >= 0 else { return nil }
        let recordOffset = size - tail.count + end
        let directorySize = Int(le32(tail, end + 12))
        let directoryOffset = Int(le32(tail, end + 16))
        let commentLength = Int(le16(tail, end + 20))
        // Zip64 (its end record's fields say 0xFFFFFFFF) and split archives are not walked: an
        // archive from the start, its structure unchecked.
        guard directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF, le16(tail, end + 4) == 0,
            directorySize <= ZipDirectory.directoryLimit, recordOffset >= directorySize
        else {
            return ZipScan(start: 0, end: recordOffset + 22 + commentLength, entries: [], structure: .unchecked)
        }
        // Where the directory is against where the record says: the difference is a prefix.
        let shift = recordOffset - directorySize - directoryOffset
        guard shift >= 0, let directory = read(directorySize, recordOffset - directorySize), directory.count == directorySize else { return nil }
        var entries: [Entry] = []
        var position = 0
        var firstLocal = Int.max
        var structure = Finding.Structure.valid
        while position + 46 <= directory.count, le32(directory, position) == 0x0201_4B50, entries.count < Limits.namesPerFolder {
            let flags = le16(directory, position + 8)
            let method = le16(directory, position + 10)
            let compressed = Int(le32(directory, position + 20))
            let nameLength = Int(le16(directory, position + 28))
            let extraLength = Int(le16(directory, position + 30))
            let entryComment = Int(le16(directory, position + 32))
            let local = Int(le32(directory, position + 42)) + shift
            guard position + 46 + nameLength <= directory.count else { break }
            let name = String(decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            var entry = Entry(name: name, isEncrypted: flags & 1 != 0)
            firstLocal = min(firstLocal, local)
            if entries.count < 10_000 {
                if let header = read(30, local), header.count == 30, le32(header, 0) == 0x0403_4B50 {
                    if method == 0, compressed >= 2, flags & 1 == 0 {
                        entry.storedStart = read(min(4, compressed), local + 30 + Int(le16(header, 26)) + Int(le16(header, 28)))
                    }
                } else {
                    structure = .signatureOnly
                }
            }
            entries.append(entry)
            position += 46 + nameLength + extraLength + entryComment
        }
        guard !entries.isEmpty || directorySize == 0 else { return nil }
        let start = entries.isEmpty ? recordOffset : firstLocal
        return ZipScan(start: start, end: recordOffset + 22 + commentLength, entries: entries, structure: structure)
    }
}

/// The index of the first occurrence of `needle` in `haystack` at or after `from`: the text
/// checks' search (`ContentChecks.firstRange`) on the rest of the bytes.
func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from: Int) -> Int? {
    let start = max(from, haystack.startIndex)
    guard start <= haystack.endIndex else { return nil }
    return ContentChecks.firstRange(of: needle, in: haystack[start...])?.lowerBound
}

/// The index of the last occurrence of `needle` in `haystack`.
func findLast(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = haystack.endIndex - needle.count
    while index >= haystack.startIndex {
        if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        index -= 1
    }
    return nil
}

func be16(_ bytes: [UInt8], _ offset: Int) -> UInt16 { UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]) }
func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
}
func be64(_ bytes: [UInt8], _ offset: Int) -> UInt64 { UInt64(be32(bytes, offset)) << 32 | UInt64(be32(bytes, offset + 4)) }

extension UTType {
    /// Whether one type conforms to the other, or both are program text (a zsh script named
    /// .ksh, a shell script named like D source, JavaScript named as TypeScript, a C header
    /// file(1) calls C: source code, of another language): what the verdict and file(1)'s
    /// spelling count as naming the same thing.
    func isRelated(to other: UTType) -> Bool {
        self == other || conforms(to: other) || other.conforms(to: self) || (isProgramText && other.isProgramText)
    }

    /// Source code and scripts: text a program is written in, which opening does not run.
    var isProgramText: Bool { catalog.type(identifier: "public.source-code").map { conforms(to: $0) } ?? false }
}

import FileAccess
import SharedMIMEInfo
import UniformTypes

/// Infers the type of files: file-system kind, then content (libmagic and uti's content checks),
/// then name, reconciled. One inferrer per worker thread: it owns a content sniffer and a buffer.
public final class TypeInferrer {
    /// How many bytes of a file's beginning are read (zip central directories are read from the
    /// end separately, bounded too).
    public static let headLength = 64 * 1024

    /// The catalog answers come from.
    public let catalog: TypeCatalog
    /// Whether symbolic links are followed (stat) or reported as links (lstat).
    public let followSymlinks: Bool
    /// The folder relative paths are opened in (the process's by default); records keep the
    /// path as given.
    public var workingFolder = WorkingFolder.current
    /// Whether content evidence carries libmagic's own description (a second libmagic pass per
    /// file); otherwise it carries uti's description of the content type.
    public var magicDescriptions = false
    /// shared-mime-info's rules and globs, consulted beside libmagic and the name (the database
    /// the inferrer was made with; nil for none).
    public var sharedMIME: SharedMIMESniffer?
    /// uti's own rules (`OwnRules`), evaluated by the same engine.
    public var ownRules: SharedMIMESniffer?
    private let sniffer: any ContentSniffer
    /// The types uti's rules name, by MIME type, looked up once.
    private var ownRuleTypes: [String: UTType?] = [:]
    /// The head of the file being inferred: `headLength` bytes allocated once and never
    /// cleared (only the bytes read are looked at), so a small file touches only the pages it
    /// fills; a zeroed array cost every process sixteen page faults before its first read.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: TypeInferrer.headLength, alignment: 16)

    /// An inferrer over `catalog`, with the shared-mime-info `database`'s rules and globs (nil for
    /// none), asking `sniffer` (libmagic) for what uti's own checks leave. `environment` names
    /// where uti's compiled rules are cached (`XDG_CACHE_HOME`, `HOME`, `UTI_CACHE`); the
    /// default caches nothing. Nothing here reads the process's environment: a server makes one
    /// inferrer per worker with the database its request needs.
    public init(
        catalog: TypeCatalog, database: SharedMIMEDatabase?, sniffer: any ContentSniffer, followSymlinks: Bool = false,
        environment: Environment = .empty
    ) {
        self.catalog = catalog
        self.sniffer = sniffer
        self.followSymlinks = followSymlinks
        sharedMIME = database.map(SharedMIMESniffer.init)
        ownRules = OwnRules.database(in: environment).map(SharedMIMESniffer.init)
    }

    /// An inferrer as the command-line tool makes one: the system's catalog and shared-mime-info
    /// database as `environment` finds them (`XDG_DATA_DIRS`, `XDG_DATA_HOME`, `HOME`,
    /// `UTI_SHARED_MIME_INFO`), and libmagic's database (`MAGIC`), loaded when a file first needs
    /// it.
    public static func system(in environment: Environment, followSymlinks: Bool = false) -> TypeInferrer {
        TypeInferrer(
            catalog: .system(in: environment), database: SharedMIMEDatabase.system(in: environment),
            sniffer: MagicSniffer.loadingWhenFirstAsked(environment: environment), followSymlinks: followSymlinks,
            environment: environment)
    }

    deinit { buffer.deallocate() }

    /// The inference for one path. Failures are in the record's `error`, never thrown.
    public func infer(_ path: RawPath) -> Inference { infer(path, name: nil) }

    /// The type of the file at `path`, read as if its name were `name` (an upload stored under a
    /// temporary name, with the name it came with); `nil` is the path's own name.
    public func infer(_ path: RawPath, name claimedName: String?) -> Inference {
        var result = Inference(path: path)
        var status = stat()
        let statResult = workingFolder.locate(path).withCString { followSymlinks ? stat($0, &status) : lstat($0, &status) }
        guard statResult == 0 else {
            result.error = FileContents.error(path: path.description, errno: errno)
            return result
        }
        result.size = Int(status.st_size)
        let name = claimedName ?? path.lastComponent
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            result.kind = .file
            readRegularFile(path, name: name, into: &result)
            return result
        case S_IFDIR:
            result.kind = .directory
            result.size = nil
            let package = NameRules.evidence(for: name, in: catalog, constraint: .package, contentIsText: nil, database: sharedMIME?.database)
            if let package, !package.type.isDynamic {
                result.name = package
                result.type = package.type
                result.decidedBy = .extension
            } else {
                result.name = package
                result.type = .folder
                result.decidedBy = .filesystem
            }
            return result
        case S_IFLNK:
            result.kind = .symlink
            result.type = .symbolicLink
        case S_IFIFO:
            result.kind = .fifo
            result.type = catalog.type(identifier: "public.named-pipe")
        case S_IFSOCK:
            result.kind = .socket
            result.type = catalog.type(identifier: "public.socket")
        case S_IFCHR:
            result.kind = .charDevice
            result.type = catalog.type(identifier: "public.character-special")
        case S_IFBLK:
            result.kind = .blockDevice
            result.type = catalog.type(identifier: "public.block-special")
        default: result.type = .item
        }
        result.size = result.kind == .symlink ? result.size : nil
        result.decidedBy = .filesystem
        return result
    }

    /// The inference for bytes that have no file, such as standard input; `name`, if any, is
    /// used for name evidence. When `bytes` are the whole content (`totalSize` is their count),
    /// they are read as a file would be (a zip's directory at its end, an OLE file's streams
    /// anywhere, libmagic on all of it), so the answer is the one the same file gets by path.
    public func infer(bytes: [UInt8], totalSize: Int, name: String?, path: RawPath) -> Inference {
        var result = Inference(path: path)
        result.kind = .file
        result.size = totalSize
        let count = min(bytes.count, buffer.count)
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        let whole = totalSize <= bytes.count
        decide(
            headCount: count, size: totalSize, name: name,
            zip: { whole ? ZipDirectory.read(size: bytes.count, pread: inMemoryRead(bytes)) : nil },
            whole: { [sniffer] in whole ? bytes.withUnsafeBytes { try? sniffer.sniff($0, describe: false) } : nil },
            compound: { whole ? CompoundFile.read(size: bytes.count, pread: inMemoryRead(bytes)) : nil },
            readAt: { offset, count in offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : nil },
            into: &result)
        return result
    }

    private func readRegularFile(_ path: RawPath, name: String, into result: inout Inference) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followSymlinks ? 0 : O_NOFOLLOW)
        let descriptor = workingFolder.locate(path).withCString { open($0, flags) }
        guard descriptor >= 0 else {
            result.error = FileContents.error(path: path.description, errno: errno)
            return
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            result.error = UTIError(.ioError, "\(path): changed while it was being read")
            return
        }
        let size = Int(status.st_size)
        result.size = size
        var filled = 0
        // A regular file's size is known: once that much is read, no read is needed to see its end
        // (a file that says 0 bytes, as some pseudo-files do, is read until read(2) says so).
        while filled < buffer.count, size == 0 || filled < size {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                result.error = FileContents.error(path: path.description, errno: errno)
                return
            }
            if count == 0 { break }
            filled += count
        }
        decide(
            headCount: filled, size: max(size, filled), name: name,
            zip: { ZipDirectory.read(descriptor: descriptor, size: size) },
            whole: { [sniffer] in lseek(descriptor, 0, SEEK_SET) == 0 ? sniffer.sniff(descriptor: descriptor) : nil },
            compound: { CompoundFile.read(descriptor: descriptor, size: size) },
            readAt: { offset, count in ZipDirectory.preadUpTo(descriptor, count: count, offset: offset) }, into: &result)
    }

    /// Where the audio stream behind tags at the file's start begins: an ID3v2 tag is a 10-byte
    /// header (`ID3`, version 2 to 4, flags, a 28-bit size in four 7-bit bytes), its body, and a
    /// 10-byte footer when its flags say (ID3v2.4, 3.1); an APEv2 tag at the start has a 32-byte
    /// header (`APETAGEX`, version 2000, the size of its items and footer, the item count, flags
    /// whose bit 29 says header, eight reserved zero bytes; the APEv2 specification) before its
    /// items and footer. Tags may follow one another. Nil when the file does not start with one.
    /// At most `taggedStreamTags` tags are followed.
    static func taggedStreamStart(readAt: (_ offset: Int, _ count: Int) -> [UInt8]?) -> Int? {
        var offset = 0
        for _ in 0..<taggedStreamTags {
            guard let header = readAt(offset, 32), header.count >= 10 else { break }
            if header.starts(with: [0x49, 0x44, 0x33]), (2...4).contains(header[3]), header[4] != 0xFF,
                header[6..<10].allSatisfy({ $0 < 0x80 })
            {
                let size = header[6..<10].reduce(0) { $0 << 7 | Int($1) }
                offset += 10 + size + (header[3] == 4 && header[5] & 0x10 != 0 ? 10 : 0)
            } else if header.count == 32, header.starts(with: Array("APETAGEX".utf8)), le32(header, 8) == 2000,
                le32(header, 20) & (1 << 29) != 0, header[24..<32].allSatisfy({ $0 == 0 })
            {
                offset += 32 + Int(le32(header, 12))
            } else {
                break
            }
        }
        return offset > 0 ? offset : nil
    }

    /// How many consecutive tags are skipped before the stream (a file written by two taggers
    /// carries two).
    static let taggedStreamTags = 8

    /// Whether a head starts with a tag `taggedStreamStart` follows: `ID3` or `APETAGEX`.
    static func startsWithTag(_ head: UnsafeRawBufferPointer) -> Bool {
        head.starts(with: [0x49, 0x44, 0x33]) || head.starts(with: Array("APETAGEX".utf8))
    }

    /// The content of the audio stream behind the file's ID3v2 tags, read (a head's worth, after
    /// padding of NUL bytes up to 4 KiB) where they end; nil when there are none, nothing
    /// follows them, or what follows is not audio. The buffer holds the file's own head again
    /// afterwards unless a stream was found.
    private func taggedStream(
        size: Int, readAt: (_ offset: Int, _ count: Int) -> [UInt8]?, settlingName: () -> UTType?
    ) -> (ContentEvidence, offset: Int)? {
        guard let start = Self.taggedStreamStart(readAt: readAt), start < size, var stream = readAt(start, buffer.count) else { return nil }
        let padding = stream.prefix(4096).firstIndex { $0 != 0 } ?? 0
        stream.removeFirst(padding)
        guard !stream.isEmpty else { return nil }
        let saved = Array(buffer[0..<min(buffer.count, 64 << 10)])
        stream.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let savedCandidates = pendingCandidates
        defer {
            pendingCandidates = savedCandidates
            textAnswer = nil
        }
        let found = try? contentEvidence(
            headCount: stream.count, size: size - start - padding, zip: { nil }, whole: { nil }, compound: { nil }, settlingName: settlingName)
        guard var found, found.type.conforms(to: .audio) || found.type.conforms(to: .audiovisualContent) else {
            saved.withUnsafeBytes { buffer.copyMemory(from: $0) }
            return nil
        }
        found.description = (found.description ?? found.type.identifier) + " (after tags of \(start + padding) bytes)"
        found.check = "tagged-stream"
        return (found, start + padding)
    }

    private func decide(
        headCount: Int, size: Int, name: String?, zip: () -> ZipDirectory?, whole: () -> ContentReport?,
        compound: () -> CompoundFile?, readAt: (_ offset: Int, _ count: Int) -> [UInt8]? = { _, _ in nil },
        into result: inout Inference
    ) {
        libmagicSaid = []
        pendingCandidates = []
        textAnswer = nil
        var content: ContentEvidence?
        let database = sharedMIME?.database
        // What the name says of text content, looked up once, when first needed: by the two
        // questions below, and as the record's name evidence when the content is text.
        var nameOfText: NameEvidence??
        func textNameEvidence() -> NameEvidence? {
            if let nameOfText { return nameOfText }
            let found = name.flatMap { NameRules.evidence(for: $0, in: catalog, constraint: .data, contentIsText: true, database: database) }
            nameOfText = .some(found)
            return found
        }
        // The name's type where it decides text whatever language libmagic would guess: then
        // libmagic is not asked to corroborate a weak rule.
        func settlingName() -> UTType? { textNameEvidence().flatMap(settlingType(for:)) }
        // Whether the name gives a text type that overrules any guess from the text (not a name's
        // start): then libmagic is not asked to guess the language of text uti read nothing of.
        func nameSaysText() -> Bool {
            guard let evidence = textNameEvidence() else { return false }
            return !evidence.isWeak && !evidence.type.isDynamic && evidence.type.conforms(to: .text)
        }
        if headCount > 0 {
            do {
                content = try contentEvidence(
                    headCount: headCount, size: size, zip: zip, whole: whole, compound: compound, settlingName: settlingName,
                    nameSaysText: nameSaysText, readAt: readAt)
            } catch {
                // libmagic's failures (its database cannot be loaded, a call fails), for this file.
                result.error = UTIError(error.code, "\(result.path): \(error.message)")
                return
            }
        }
        // Tags that prefix an audio stream (ID3v2, often 100 KB with cover art; APEv2, which its
        // specification allows at the start) hide it from a head: the stream is read where the
        // tags end, and an audio format found there is the content (FLAC or AAC behind an ID3
        // tag, which the tag alone made MP3).
        var candidates = pendingCandidates
        if let found = content, headCount >= 10, Self.startsWithTag(UnsafeRawBufferPointer(rebasing: buffer[0..<headCount])),
            let (stream, start) = taggedStream(size: size, readAt: readAt, settlingName: settlingName), stream.type != found.type
        {
            content = stream
            candidates.insert(
                Candidate(type: stream.type, source: .check, strength: .signature, offset: start, detail: "tagged-stream"), at: 0)
        }
        // A major brand that names a format: the content is that format, closed to other names.
        if var found = content, let brand = PackageRules.isoMajorBrand(Array(buffer[0..<min(headCount, 12)])),
            let identifier = PackageRules.isoBrandType(brand), let branded = catalog.type(identifier: identifier),
            found.type == branded || branded.conforms(to: found.type) || found.type.conforms(to: branded)
        {
            if branded.conforms(to: found.type) { found.type = branded }
            found.brand = brand
            content = found
        }
        // A HEIF file whose major brand is the generic one (mif1, miaf): its compatible brands say
        // which image format it is (HEIC, AVIF), where the content said HEIF or a still image.
        if let found = content, found.type.conforms(to: .image) || found.type == .data,
            let identifier = PackageRules.heifBrandType(Array(buffer[0..<min(headCount, 16 + 4 * PackageRules.isoCompatibleBrandLimit)])),
            let branded = catalog.type(identifier: identifier), branded != found.type,
            found.type == .data || catalog.type(identifier: "public.heif-standard").map(found.type.conforms) ?? false
                || branded.conforms(to: found.type)
        {
            content = containerRead(found, as: branded, mimeType: branded.preferredMIMEType ?? found.mimeType, check: "heif-brands")
            candidates.insert(Candidate(type: branded, source: .check, strength: .verified, offset: 8, detail: "heif-brands"), at: 0)
        }
        // An Ogg file is what its logical streams are, video over audio: every stream's first
        // page comes before any other (a Skeleton stream first hides Theora from a rule that
        // reads the first page only).
        if let found = content, found.type.conforms(to: Self.ogg), headCount >= 27,
            let codecs = MediaContainers.oggCodecs(Array(buffer[0..<headCount])), let mimeType = MediaContainers.oggMIMEType(codecs),
            case let type = catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil), !type.isDynamic, type != found.type,
            type.conforms(to: Self.ogg)
        {
            content = containerRead(found, as: type, mimeType: mimeType, check: "ogg-streams")
            candidates.insert(Candidate(type: type, source: .check, strength: .verified, offset: 0, detail: "ogg-streams"), at: 0)
        }
        // A Word 97 document whose File Information Block says it is a template ([MS-DOC] 2.5.2,
        // FibBase.fDot): libmagic calls both the document, Apple declares the template beside it.
        if let found = content, found.type.identifier == Self.wordDocument, compound()?.isWordTemplate == true,
            let template = catalog.type(identifier: Self.wordTemplate)
        {
            content = containerRead(found, as: template, mimeType: found.mimeType, check: "word-fib")
            candidates.insert(Candidate(type: template, source: .check, strength: .verified, detail: "word-fib"), at: 0)
        }
        result.encoding = content?.encoding
        let contentIsText = content.map { $0.type.conforms(to: .text) || $0.isText }
        result.name =
            contentIsText == true
            ? textNameEvidence()
            : name.flatMap { NameRules.evidence(for: $0, in: catalog, constraint: .data, contentIsText: contentIsText, database: database) }
        result.content = content
        // Content nothing named (data, plain text), under a name: which of the name's types the
        // bytes reject (`contentRejects`).
        if var evidence = result.name, let found = content,
            found.type == .data || (Self.plainTextIdentifiers.contains(found.type.identifier) && !found.isWeak)
        {
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<headCount])
            evidence.rejectedBySignature = ([evidence.type] + evidence.alternatives).filter { contentRejects($0, found, bytes) }
            result.name = evidence
        }
        if let evidence = result.name {
            let detail = evidence.value + (evidence.isWeak ? " (a name's start)" : "")
            candidates.append(Candidate(type: evidence.type, source: .name, strength: .name, detail: detail))
            for other in evidence.alternatives where other != evidence.type {
                candidates.append(Candidate(type: other, source: .name, strength: .name, detail: detail + ", also"))
            }
        }
        // Strongest first; sources keep their order within a class.
        result.candidates = candidates.enumerated().sorted { ($0.element.strength, $0.offset) < ($1.element.strength, $1.offset) }.map(\.element)
        let outcome = Reconciliation.reconcile(content: content, name: result.name, database: database)
        result.type = outcome.type
        result.decidedBy = outcome.decidedBy
        result.rule = outcome.rule
        result.mismatch = outcome.mismatch
        // A zip that names itself something its kind of package may not declare stays a zip, and
        // the record says what it claimed.
        if content?.type.conforms(to: .zip) ?? false,
            let claimed = ZipDirectory.storedMimetype(head: Array(buffer[0..<min(headCount, 1024)])),
            !ZipDirectory.mimetypeIsDeclaration(claimed), let type = result.type
        {
            result.mismatch = Mismatch(content: outcome.mismatch?.content ?? type, extension: outcome.mismatch?.extension, claim: claimed)
        }
    }

    /// What the bytes are: uti's and libmagic's answer (below), then shared-mime-info's rules on the
    /// same bytes, the more specific answer winning (`combine`).
    private func contentEvidence(
        headCount: Int, size: Int, zip: () -> ZipDirectory?, whole: () -> ContentReport?,
        compound: () -> CompoundFile?, settlingName: () -> UTType? = { nil }, nameSaysText: () -> Bool = { true },
        readAt: (_ offset: Int, _ count: Int) -> [UInt8]? = { _, _ in nil }
    ) throws(UTIError) -> ContentEvidence {
        // The system's rules and uti's own, on the same bytes: the head, or as much of the file as
        // the farthest rule compares where that is past the head (a database's `mime.cache`
        // records it), up to what libmagic is shown (Limits.libmagicBytes).
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<headCount])
        let extent = max(sharedMIME?.database.magicExtent ?? 0, ownRules?.database.magicExtent ?? 0)
        let wider = size > headCount && extent > headCount ? readAt(0, min(size, extent, Limits.libmagicBytes)) : nil
        var own: SharedMIMEMatch?
        var system: SharedMIMEMatch?
        func sniffRules(_ bytes: UnsafeRawBufferPointer) {
            own = ownRules?.sniff(bytes)
            own?.isUTIRule = true
            system = sharedMIME?.sniff(bytes)
        }
        if let wider, wider.count > headCount { wider.withUnsafeBytes(sniffRules) } else { sniffRules(bytes) }
        // An exact signature of uti's decides binary content without libmagic.
        let decisive = own.flatMap { own in
            own.priority >= OwnRules.decisivePriority ? ownRuleType(own.mimeType) : nil
        }
        // The rule's own name for what it found where the type has several (the 32-bit terminfo
        // format is application/x-terminfo2, as file(1) says).
        let decisiveMIMEType = own.flatMap { own in
            decisive?.tagSpecification[.mimeType].contains { $0.lowercased() == own.mimeType.lowercased() } == true ? own.mimeType : nil
        }
        // A rule's signature of a binary format (a pixmap's `P6`, a capture's byte-order magic)
        // says that high bytes with no control character among them are that format's data, not
        // text in a single-byte set: libmagic, which tries its signatures before text, judges them.
        // Asked only of heads that are not plain text.
        func namesBinaryFormat() -> Bool {
            [own, system].contains { match in
                guard let match, !Self.genericMIMETypes.contains(match.mimeType), let type = ruleType(match), !type.isDynamic else { return false }
                return !isTextual(type, ruleMIMEType: match.mimeType)
            }
        }
        let found = try ownAndMagicEvidence(
            headCount: headCount, size: size, decisive: decisive, decisiveMIMEType: decisiveMIMEType, zip: zip, whole: whole,
            compound: compound, nameSaysText: nameSaysText, eightBitText: { !namesBinaryFormat() }, readAt: readAt)
        // What the rules say next to it: the system's where uti's decided (a narrower format the
        // database knows still refines it, Speex in Ogg), else the higher priority answers (the
        // system's on a tie: max(by:) keeps the first of equals).
        let match = found.type == decisive ? system : [system, own].compactMap { $0 }.max { $0.priority < $1.priority }
        // Where uti's signature named a container (an archive, a compressed stream, Ogg), a system
        // rule that tests the same bytes and more below them tells what it holds: a narrower
        // format, whatever the hierarchies say (a KWord document is a gzip stream whose header
        // names KOffice). Not for other formats: there such a rule is a closer look at the same
        // format (shared-mime-info's ELF executable, its MPEG transport stream).
        let refinesSignature =
            found.type == decisive && match == system
            && (match?.anchor).map { anchor in (own?.anchor).map(anchor.refines) ?? false } ?? false
            && Self.containers.contains { container in catalog.type(identifier: container).map(found.type.conforms) ?? false }
        // libmagic, asked only when a weak rule of the database would rename plain text, and not
        // where the name decides whatever libmagic says (`settlingType(for:)`) and the rule
        // does not name the name's type (MATLAB's `%` in a .m, where the rule is evidence).
        // A zip whose stored `mimetype` entry uti refused as a claim (a flat XML type, an image)
        // is not renamed by a database rule that reads the same entry by its prefix
        // (`mimetypeapplication/vnd.oasis.opendocument.text` also begins `...text-flat-xml`):
        // such a rule is believed only when it names the claim, and the claim is a package's.
        var believed = match
        if found.check == "zip-container", let rule = match,
            let claim = ZipDirectory.storedMimetype(head: Array(buffer[0..<min(headCount, 1024)])),
            rule.mimeType.lowercased() != claim.lowercased() || !ZipDirectory.mimetypeIsDeclaration(claim)
        {
            believed = nil
        }
        var combined = try combine(
            found, believed, refinesSignature: refinesSignature,
            opensBraceBlock: { Self.opensBraceBlock(self.buffer[0..<min(headCount, ContentChecks.textPrefix)]) },
            corroboration: { () throws(UTIError) in
                if let settling = settlingName(), !(match.map { Reconciliation.names(settling, $0.mimeType.lowercased()) } ?? false) {
                    return nil
                }
                return try self.magicMIMEType(headCount: headCount)
            })
        combined.sharedMIMEInfo = match
        pendingCandidates = contentCandidates(found: found, own: own, system: system)
        return combined
    }

    /// Content evidence that one of uti's readings of a container (`check`) made `type`: uti's
    /// answer, with the type's own description unless libmagic's is asked for.
    private func containerRead(_ found: ContentEvidence, as type: UTType, mimeType: String?, check: String) -> ContentEvidence {
        var read = found
        read.type = type
        read.mimeType = mimeType
        read.sniffer = .uti
        read.check = check
        if !magicDescriptions { read.description = type.localizedDescription }
        return read
    }

    /// What each source of content evidence said, with its strength: uti's answer before the
    /// database's rules were weighed against it, uti's rule and the system's that matched, and
    /// libmagic's answers where it was asked.
    private func contentCandidates(found: ContentEvidence, own: SharedMIMEMatch?, system: SharedMIMEMatch?) -> [Candidate] {
        var candidates: [Candidate] = []
        func add(_ candidate: Candidate) {
            if !candidates.contains(where: { $0.type == candidate.type && $0.source == candidate.source }) { candidates.append(candidate) }
        }
        func ruleCandidate(_ match: SharedMIMEMatch) -> Candidate? {
            guard let type = ruleType(match), !Self.genericMIMETypes.contains(match.mimeType) else { return nil }
            return Candidate(
                type: type, source: match.isUTIRule ? .rule : .sharedMIMEInfo, strength: Self.strength(of: match),
                offset: match.anchor?.offset, detail: "\(match.mimeType) at priority \(match.priority)")
        }
        switch (found.sniffer, found.check) {
        case (.uti, "signature"?):
            if let own, var candidate = ruleCandidate(own) {
                candidate.type = found.type
                add(candidate)
            }
        case (.uti, "interpreter-line"?):
            add(Candidate(type: found.type, source: .interpreterLine, strength: .signature, offset: 0, detail: found.description))
        case (.uti, let check?):
            add(Candidate(type: found.type, source: .check, strength: ContentChecks.strength(ofCheck: check, isWeak: found.isWeak), detail: check))
        case (.libmagic, _) where found.type != .data && !Self.plainTextIdentifiers.contains(found.type.identifier):
            add(
                Candidate(
                    type: found.type, source: .libmagic, strength: found.isWeak || found.isText ? .weak : .signature,
                    detail: found.mimeType.map(FileMIME.bare)))
        default: break
        }
        for match in [own, system].compactMap({ $0 }) { if let candidate = ruleCandidate(match) { add(candidate) } }
        for (mimeType, isText) in libmagicSaid where !Self.genericMIMETypes.contains(mimeType) {
            let type =
                isText
                ? textType(libmagicSays: mimeType)
                : magicType(ContentReport(mimeType: mimeType, encoding: "binary", description: nil))
            if let type {
                add(Candidate(type: type, source: .libmagic, strength: isText ? .weak : .signature, detail: mimeType))
            }
        }
        return candidates
    }

    static let wordDocument = "com.microsoft.word.doc"
    static let wordTemplate = "com.microsoft.word.dot"

    /// The priority from which a rule's absence rejects a name: shared-mime-info's own line
    /// between magic that overrules a name and magic that does not. Below it the database's
    /// rules often cover some of a format's variants only (binary STL, which has no signature,
    /// beside ASCII STL's `solid`; headers of Spectrum snapshots of one version).
    static let rejectingPriority = 80

    /// Whether bytes that uti's content evidence `found` names nothing more than data or plain
    /// text are not `type`, a name's or a claimed MIME type's: its own signatures reject them
    /// (`signatureRejects`), or they are binary and `type` is a text format. Bytes that are text
    /// in no encoding uti reads and hold a NUL (noise, words around a NUL) are none of the text
    /// formats: POSIX's text files contain no NUL character (POSIX.1-2017, 3.403), and UTF-16 and
    /// UTF-32 text is text to uti. Unless the format's specification, as uti states it, allows
    /// such bytes (OpenPGP's binary packets, which the database files under plain text with the
    /// armor). Control characters alone do not reject a text format: Vim keymaps and encoded
    /// scripts (VBScript's #@~^) have them. A dynamic type is rejected by nothing.
    func contentRejects(_ type: UTType, _ found: ContentEvidence, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !type.isDynamic else { return false }
        let binary = found.type == .data && !found.isText && bytes.contains(0) && !TextEncodings.isBOMlessUTF32(bytes)
        return (binary && Self.isTextWithoutRequirements(type)) || signatureRejects(type, bytes)
    }

    /// A text format whose specification, as uti states it, admits nothing binary: what bytes
    /// that are no text are not (`contentRejects`).
    static func isTextWithoutRequirements(_ type: UTType) -> Bool {
        type.conforms(to: .text) && NameRequirement.all(of: type).isEmpty
    }

    /// Whether `type`'s own signatures reject `bytes`: the format's specification says what every
    /// file of it has (`NameRequirement`, text formats too) and the bytes lack it; or, for a binary
    /// format, shared-mime-info (the system's database and uti's rules) has magic under one of its
    /// MIME names at `rejectingPriority` or above, none of which matches. The database's magic
    /// rejects no text: it says how files of a text format often start (`#!/usr/bin/perl`,
    /// Modelica's `class`), not what every one has.
    func signatureRejects(_ type: UTType, _ bytes: UnsafeRawBufferPointer) -> Bool {
        if NameRequirement.all(of: type).contains(where: { !$0.holds(in: bytes) }) { return true }
        guard !type.conforms(to: .text) else { return false }
        let names = Set((type.tagSpecification[.mimeType] + [type.sharedMIMEInfoName].compactMap { $0 }).map { $0.lowercased() })
        var verdicts: [Bool] = []
        for database in [sharedMIME?.database, ownRules?.database].compactMap({ $0 }) {
            for name in names {
                if let verdict = database.signatureVerdict(bytes, for: name, minimumPriority: Self.rejectingPriority) {
                    verdicts.append(verdict)
                }
            }
        }
        return !verdicts.isEmpty && !verdicts.contains(true)
    }

    /// A rule's strength: a signature at priority 80 or above (shared-mime-info's line between
    /// magic that overrules a name and magic that does not); below it weak where the rule is one
    /// of the database's guesses (below its default priority, 50), where its first test compares
    /// four bytes or fewer or is not at a fixed place, or compares a short run of printable text
    /// (patch's `*** `) or a lowercase word of any length (`opensWithAWord`: Modelica's `class`,
    /// MATLAB's `function`); else a signature (PNG's eight bytes at 50).
    static func strength(of match: SharedMIMEMatch) -> Candidate.Strength {
        if match.priority >= 80 { return .signature }
        if opensWithAWord(match) { return .weak }
        guard match.priority >= 50, let anchor = match.anchor, anchor.value.count > 4 else { return .weak }
        let printable = anchor.value.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return printable && anchor.value.count < 8 && match.priority <= 50 ? .weak : .signature
    }

    /// The type a file's name gives, where that name decides the file as text whatever language
    /// libmagic would guess from the content, and libmagic's guess could not change the printed
    /// MIME type either; nil otherwise. Then a weak rule of the database over plain text is not
    /// put to libmagic (a millisecond a file): plain text and any guess reconcile to the name's
    /// type (`Reconciliation.reconcile`), because
    /// - the name is not weak (not README*), gives one type and no alternatives, and that type is
    ///   declared (not dynamic);
    /// - the type is text, not plain text itself nor a supertype of it, and not HTML (XHTML content
    ///   beside an .html name is XHTML);
    /// - no other type conforms to it, so no guess is narrower than the name;
    /// - it has one MIME name in all (tags, the database's and uti's aliases, libmagic's
    ///   spellings that lead to it), a name `FileMIME` prints before any of libmagic's (a tag, the
    ///   database's name, or another name that is printed), so a guess that names it, or any
    ///   other, prints as the name alone does.
    /// Not with libmagic's descriptions, which ask libmagic for every file.
    private func settlingType(for evidence: NameEvidence) -> UTType? {
        guard !magicDescriptions, !evidence.isWeak, evidence.alternatives.isEmpty, !evidence.type.isDynamic else { return nil }
        let type = evidence.type
        if let known = settlingTypes[type.identifier] { return known ? type : nil }
        let tags = type.tagSpecification[.mimeType]
        let leading = MIMENames.libmagicNames(of: type.identifier)
        let names = Set(FileMIME.ownNames(of: type) + (leading + [MIMENames.databasePrintNames[type.identifier]].compactMap { $0 }).map(FileMIME.bare))
        let settles =
            type.conforms(to: .text) && !Self.plainTextIdentifiers.contains(type.identifier) && !UTType.plainText.conforms(to: type)
            && type.identifier != "public.html" && names.count == 1
            && (!tags.isEmpty || type.sharedMIMEInfoName != nil || type.otherMIMETypes.contains { !UTType.isLookupOnly(mimeType: $0) })
            && !catalog.allTypes.contains { $0 != type && $0.conforms(to: type) }
        settlingTypes[type.identifier] = settles
        return settles ? type : nil
    }

    /// What libmagic said of the file being inferred, each time it was asked (its MIME type, bare,
    /// and whether it called the bytes text): candidates beside uti's answer.
    private var libmagicSaid: [(mimeType: String, isText: Bool)] = []
    /// The content's candidates for the file being inferred (`contentCandidates`).
    private var pendingCandidates: [Candidate] = []
    /// libmagic's answer for the text being inferred, once asked (`magicMIMEType`): the head's
    /// length it was asked of, and its MIME type.
    private var textAnswer: (count: Int, said: String?)?

    /// `settlingType(for:)`'s verdict by type, found once.
    private var settlingTypes: [String: Bool] = [:]

    /// Configuration syntaxes uti tells from structure, which narrower dialects share.
    static let configurationSyntaxes: Set<String> = ["com.microsoft.ini", "io.toml", "public.yaml"]

    /// Ogg, whose streams say what a file is (`MediaContainers.oggCodecs`).
    static let ogg = UTType(importedAs: "org.xiph.ogg")

    /// Types whose content is what they hold: a rule that looks inside one names a narrower type.
    static let containers = ["public.archive", "org.xiph.ogg"]

    /// The type a rule of the system's database names, by the catalog's tags, memoized.
    private func systemRuleType(_ mimeType: String) -> UTType {
        if let known = systemRuleTypes[mimeType] { return known }
        let type = catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
        systemRuleTypes[mimeType] = type
        return type
    }

    /// `systemRuleType`'s answers.
    private var systemRuleTypes: [String: UTType] = [:]

    /// The type a rule of uti's names (`OwnRules.type(forMIMEType:in:)`), memoized.
    private func ownRuleType(_ mimeType: String) -> UTType? {
        if let known = ownRuleTypes[mimeType] { return known }
        let type = OwnRules.type(forMIMEType: mimeType, in: catalog)
        ownRuleTypes[mimeType] = type
        return type
    }

    /// The type a rule names: uti's by `ownRuleType`, the system's by `systemRuleType`.
    private func ruleType(_ match: SharedMIMEMatch) -> UTType? {
        match.isUTIRule ? ownRuleType(match.mimeType) : systemRuleType(match.mimeType)
    }

    /// Whether a rule's type is textual: text in the catalog, or a subclass of text/plain in the
    /// database.
    private func isTextual(_ type: UTType, ruleMIMEType mimeType: String) -> Bool {
        type.conforms(to: .text) || (sharedMIME?.database.isSubclass(mimeType, of: "text/plain") ?? false)
    }

    /// MIME types that say nothing about the format.
    static let genericMIMETypes: Set<String> = ["application/octet-stream", "text/plain", "application/x-zerosize"]

    /// The precedence between uti's or libmagic's answer and shared-mime-info's, in order: no
    /// match, or a match whose type is unknown to the catalog or generic: the first answer; the
    /// first answer is generic (data, plain text, a dynamic type, libmagic's weak language guess,
    /// or one of uti's against a rule above `Self.decisivePriority`): the match; one is narrower than the other (by the catalog's conformance, shared-mime-info's
    /// sub-class-of, or, with `refinesSignature`, a system rule that tests what uti's deciding
    /// signature tests and more): the narrower; otherwise (unrelated answers) libmagic's gives way to a rule
    /// whose priority is above `Self.decisivePriority`, and uti's own (exact signatures and text
    /// checks, each proven by a fixture) stands. A match that is not textual overrules content
    /// that is text only when it is one of uti's own rules.
    /// The match is recorded in the evidence either way.
    func combine(
        _ found: ContentEvidence, _ match: SharedMIMEMatch?, refinesSignature: Bool = false, opensBraceBlock: () -> Bool = { false },
        corroboration: () throws(UTIError) -> String? = { nil }
    ) throws(UTIError) -> ContentEvidence {
        var result = found
        result.sharedMIMEInfo = match
        guard let match, !Self.genericMIMETypes.contains(match.mimeType) else { return result }
        guard let type = ruleType(match), !type.isDynamic, type != found.type else { return result }
        // Text is evidence against a binary format: a rule that finds `%PDF-` inside a CSV found a
        // look-alike. A match for text content must be textual itself (text in the catalog, or a
        // subclass of text/plain in the database), or one of uti's own exact signatures.
        let database = sharedMIME?.database
        if found.isText && !isTextual(type, ruleMIMEType: match.mimeType) && !match.isUTIRule {
            return result
        }
        // A weak guess of libmagic's gives way to any rule; one of uti's language checks (which
        // read the directives and statements) only to a rule above the default priority, not to
        // the database's guesses from a file's first characters (its C rule: `//` or `/*`).
        // A configuration syntax uti read (INI, TOML, YAML) gives way to a dialect the database
        // knows by its magic at the default priority (a systemd unit, a desktop entry).
        let dialect =
            found.isWeak && Self.configurationSyntaxes.contains(found.type.identifier)
            && isTextual(type, ruleMIMEType: match.mimeType) && match.priority >= Self.decisivePriority
        let weakGuess = found.isWeak && (found.sniffer != .uti || match.priority > Self.decisivePriority || dialect)
        // Plain text is not renamed by one of the database's weak guesses from the first
        // characters alone (below its default priority: MATLAB's `%` or `##` at 10, C's `/*` or
        // `//` at 30; at it, a lowercase word in text that opens a block with a brace: MATLAB's
        // and Modelica's `function`, whose blocks close with `end`, at the start of JavaScript). libmagic, which reads more of the text, is asked instead: where it names a
        // text format, that (a weak guess, as libmagic's guesses are); where it says plain text,
        // plain text (apt.conf, a .bash_logout, bc's examples, as file(1) calls them).
        if Self.plainTextIdentifiers.contains(found.type.identifier), !match.isUTIRule,
            match.priority < Self.decisivePriority || (Self.opensWithAWord(match) && opensBraceBlock()), type.conforms(to: .text)
        {
            guard let said = try corroboration(), let language = textType(libmagicSays: said),
                language.conforms(to: .text), !Self.plainTextIdentifiers.contains(language.identifier)
            else { return result }
            if language == type || language.conforms(to: type) == false {
                result.type = language
                result.mimeType = said
                result.sniffer = .libmagic
                result.isWeak = true
                if !magicDescriptions || found.description == nil { result.description = language.localizedDescription }
                return result
            }
        }
        // libmagic's guess for text uti read nothing of, over one of the database's weak guesses
        // from the first characters: libmagic read more of the text, as where it corroborates.
        if found.sniffer == .libmagic, found.isWeak, found.isText, !match.isUTIRule, match.priority <= Self.decisivePriority,
            type.conforms(to: .text), !found.type.conforms(to: type)
        {
            return result
        }
        let isGeneric =
            found.type.isDynamic || weakGuess || found.type == .data
            || Self.plainTextIdentifiers.contains(found.type.identifier)
        // Specificity by either hierarchy: the catalog's conformance, or shared-mime-info's
        // sub-class-of between the MIME types (a DOCX is a zip there, not in Apple's catalog).
        // For uti's language guesses not text/plain, the evidence's stand-in MIME type: under it
        // every text rule of the database would be narrower (its `//` rule for C over a C++
        // header uti read the directives of).
        let ownGuess = found.isWeak && found.sniffer == .uti
        // With --magic-description libmagic is always asked, and its MIME type rides on the
        // evidence of a check of uti's as a record: it says nothing of what uti's check read
        // (libmagic's text/x-c for JSON with /* */ comments), so it makes no rule narrower.
        let reported =
            magicDescriptions && found.sniffer == .uti && !found.isWeak && found.check != nil ? [] : [found.mimeType].compactMap { $0 }
        let foundMIMETypes = (reported + found.type.tagSpecification[.mimeType]).map { $0.lowercased() }
            .filter { !(ownGuess && Self.genericMIMETypes.contains($0)) }
        // A rule of uti's is a subclass where its own package says so (XFDF's root-XML rule is
        // application/xml's: Apple's com.adobe.xfdf does not conform to public.xml).
        let rules = match.isUTIRule ? ownRules?.database : database
        let matchIsNarrower =
            refinesSignature || type.conforms(to: found.type)
            || foundMIMETypes.contains { mime in rules?.isSubclass(match.mimeType, of: mime) ?? false }
        let foundIsNarrower =
            found.type.conforms(to: type)
            || foundMIMETypes.contains { mime in database?.isSubclass(mime, of: match.mimeType) ?? false }
        let unrelated = !matchIsNarrower && !foundIsNarrower
        let wins =
            isGeneric || (matchIsNarrower && !foundIsNarrower)
            || (unrelated && found.sniffer == .libmagic && match.priority > Self.decisivePriority)
        guard wins else { return result }
        result.type = type
        result.sniffer = .sharedMIMEInfo
        // Generic content (plain text, data) named by a short signature of the database (patch's
        // `*** `, the icon rule's `00 00 01 00`: four bytes a file may start with by chance) is a
        // weak signal: a name the bytes are consistent with (notes in a .txt, a Mac .dfont
        // suitcase) overrules it, as a text name overrules libmagic's language guesses.
        result.isWeak = isGeneric && !weakGuess && match.isShortSignature && !match.isUTIRule
        if !magicDescriptions || found.description == nil { result.description = type.localizedDescription }
        return result
    }

    /// Whether a line of the text ends with `{` (after trailing white space): a block opened with
    /// a brace, as C-family languages write them and the languages the database's word rules
    /// name (MATLAB, Modelica: blocks closed by `end`) do not.
    static func opensBraceBlock(_ text: some Sequence<UInt8>) -> Bool {
        var last: UInt8 = 0x0A
        for byte in text {
            if byte == 0x0A || byte == 0x0D {
                if last == UInt8(ascii: "{") { return true }
                last = 0x0A
            } else if byte != 0x20 && byte != 0x09 {
                last = byte
            }
        }
        return last == UInt8(ascii: "{")
    }

    /// Whether a rule of the system's database at its default priority or below first compares
    /// one lowercase word (`function`, `class`, `model`): a keyword of many languages and a word
    /// of prose, which says how a text may start, not which format it is. Format markers are
    /// written otherwise (`WEBVTT`, `REGEDIT`, `<?xml`, `%PDF-`).
    static func opensWithAWord(_ match: SharedMIMEMatch) -> Bool {
        guard !match.isUTIRule, match.priority <= decisivePriority, let anchor = match.anchor, anchor.value.count >= 2 else { return false }
        return anchor.value.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// The priority above which a shared-mime-info rule overrules an unrelated answer of libmagic
    /// or uti: shared-mime-info's default is 50, and its strong signatures are 60 and above.
    static let decisivePriority = 50

    static let plainTextIdentifiers: Set<String> = [
        "public.plain-text", "public.utf8-plain-text", "public.utf16-plain-text", "public.utf16-external-plain-text", "public.text",
    ]

    /// libmagic's answers that the whole file can refine: OLE compound storage, whose directory
    /// and streams lie anywhere in the file (a PowerPoint 97 deck is only "OLE storage" in its
    /// first 64 KiB).
    static let compoundStorageMIMETypes: Set<String> = ["application/x-ole-storage", "application/CDFV2", "application/vnd.ms-office"]

    /// What the bytes are. uti's own unambiguous checks come first (`decisive`, the type a
    /// signature of its rules names, then the checks in Swift: executables and containers); text
    /// in ASCII, UTF-8, marked UTF-16 or a single-byte set (ISO 8859, a code page) is uti's to
    /// tell (a format its text checks recognize, else plain text); libmagic answers the rest:
    /// other binary content, and text in other encodings (UTF-16 without a mark, UTF-32,
    /// EBCDIC). With `magicDescriptions` libmagic is always asked, for its description.
    private func ownAndMagicEvidence(
        headCount: Int, size: Int, decisive: UTType?, decisiveMIMEType: String?, zip: () -> ZipDirectory?, whole: () -> ContentReport?,
        compound: () -> CompoundFile?, nameSaysText: () -> Bool, eightBitText: () -> Bool, readAt: (_ offset: Int, _ count: Int) -> [UInt8]?
    ) throws(UTIError) -> ContentEvidence {
        let head = Array(buffer[0..<headCount])
        let isComplete = size <= headCount
        // The encoding of text uti reads itself: ASCII, UTF-8, marked UTF-16, or a single-byte
        // set (its encoding named as libmagic names it) unless a rule named a binary format.
        func ownTextEncoding() -> (name: String, singleByte: Bool)? {
            if let encoding = TextEncodings.plainEncoding(of: head, isComplete: isComplete) { return (encoding, false) }
            guard eightBitText(), let encoding = TextEncodings.eightBitEncoding(of: head) else { return nil }
            return (encoding, true)
        }
        func evidence(
            _ identifier: String, _ description: String?, mimeType: String?, encoding: String, weak: Bool = false,
            by sniffer: ContentEvidence.Sniffer = .uti, check: String? = nil
        ) -> ContentEvidence? {
            guard let type = catalog.type(identifier: identifier) else { return nil }
            var found = ContentEvidence(
                type: type, mimeType: mimeType ?? type.preferredMIMEType ?? MIMENames.untaggedPrintNames[identifier],
                description: description ?? type.localizedDescription, encoding: encoding, isWeak: weak)
            found.sniffer = sniffer
            found.check = check
            return found
        }
        // A camera raw, which its TIFF structure or header tells: before any TIFF or MPEG-4 rule.
        if let (identifier, description) = CameraRaw.type(head),
            let found = evidence(identifier, description, mimeType: nil, encoding: "binary", check: "camera-raw")
        {
            return found
        }
        if !magicDescriptions {
            if let decisive,
                let found = evidence(
                    decisive.identifier, nil, mimeType: ContentChecks.elfMIMEType(head) ?? decisiveMIMEType, encoding: "binary", check: "signature")
            {
                return found
            }
            if let (identifier, description, check) = ContentChecks.binary(head: head, tail: zip),
                let found = evidence(identifier, description, mimeType: nil, encoding: "binary", check: check)
            {
                return found
            }
            if let encoding = ownTextEncoding()?.name {
                if let found = textEvidence(head, encoding: encoding, isComplete: isComplete, mimeType: nil) { return found }
                // A statement of a language, too few to decide it alone (a three-line Python
                // script): libmagic, which reads the text its own way, corroborates it or not;
                // not asked where a text name overrules the weak answer whatever libmagic says.
                if encoding == "us-ascii" || encoding == "utf-8", !nameSaysText(),
                    let hint = ContentChecks.languageHint(head.prefix(ContentChecks.textPrefix)),
                    let said = try magicMIMEType(headCount: headCount), let named = MIMENames.identifier(libmagicSays: said),
                    named == hint.type.0,
                    let found = evidence(named, hint.type.1, mimeType: said, encoding: encoding, weak: true, check: "language-hint")
                {
                    return found
                }
                // Text none of uti's checks read, written as code (its punctuation and a line that
                // begins with a declaration): libmagic's guess (a language from a keyword or two)
                // is a weak answer, which any text name overrules. Where the name gives a text
                // type, or the text is prose or configuration, libmagic is not asked: its text
                // pass, regular expressions run line by line, costs 1-4 ms a file, and its guesses
                // on prose (HTML from a quoted tag, troff from a dotted name) are wrong.
                if Self.isWrittenAsCode(head.prefix(ContentChecks.textPrefix)), !nameSaysText(),
                    let said = try magicMIMEType(headCount: headCount), !Self.genericMIMETypes.contains(said),
                    let guess = textType(libmagicSays: said),
                    !Self.plainTextIdentifiers.contains(guess.identifier),
                    let found = evidence(guess.identifier, nil, mimeType: said, encoding: encoding, weak: true, by: .libmagic)
                {
                    return found
                }
                return evidence(Self.plainTextIdentifier(encoding: encoding), nil, mimeType: "text/plain", encoding: encoding, check: "plain-text")!
            }
        }
        // A database that cannot be loaded fails the file (prepare throws); a call that fails on
        // these bytes (libmagic's own recursion and use-count limits) is no libmagic evidence:
        // uti's checks and the name answer, and the record says why libmagic did not.
        try sniffer.prepare()
        var libmagicError: String?
        var report: ContentReport
        do {
            // libmagic sees what it would read of the file itself (its MAGIC_PARAM_BYTES_MAX, at
            // most Limits.libmagicBytes), not the head: a format it names by a test past 64 KiB,
            // by a tag it follows there, or a document it reads whole (JSON).
            if size > headCount, let wider = readAt(0, min(size, sniffer.readLimit)), wider.count > headCount {
                let answer = wider.withUnsafeBytes { bytes in
                    Result { () throws(UTIError) in try sniffer.sniff(bytes, describe: magicDescriptions) }
                }
                report = try answer.get()
            } else {
                report = try sniffer.sniff(UnsafeRawBufferPointer(rebasing: buffer[0..<headCount]), describe: magicDescriptions)
            }
            libmagicSaid.append((FileMIME.bare(report.mimeType), report.isText))
        } catch {
            libmagicError = error.message
            report = ContentReport(mimeType: "application/octet-stream", encoding: "binary", description: nil)
        }
        if size > headCount, Self.compoundStorageMIMETypes.contains(report.mimeType), let better = whole(),
            !Self.compoundStorageMIMETypes.contains(better.mimeType), better.mimeType != "application/octet-stream"
        {
            report.mimeType = better.mimeType
        }
        // Compound storage libmagic cannot name: the root's class or a telling stream does.
        if Self.compoundStorageMIMETypes.contains(report.mimeType), let document = compound()?.mimeType {
            report.mimeType = document
        }
        if !report.isText && report.mimeType == "application/octet-stream",
            let encoding = TextEncodings.bomlessUTF16(head)
        {
            report.mimeType = "text/plain"
            report.encoding = encoding
        }
        func described(_ found: ContentEvidence?) -> ContentEvidence? {
            guard var found else { return nil }
            if let description = report.description { found.description = description }
            if let libmagicError {
                found.libmagicError = libmagicError
                found.mimeType = found.type.preferredMIMEType ?? MIMENames.untaggedPrintNames[found.type.identifier]
                if found.sniffer == .libmagic { found.sniffer = .uti }
            }
            return found
        }
        // An exact signature of uti's decides before text checks, as without libmagic (AMR's
        // `#!AMR` and a newline is no script).
        if let decisive,
            let found = evidence(decisive.identifier, nil, mimeType: report.mimeType, encoding: report.encoding, check: "signature")
        {
            return described(found)!
        }
        // With libmagic asked about everything: text in a single-byte set, which uti reads as
        // text without it, is not the binary format libmagic's first bytes named (a DOS program
        // by the Greek letter 0xB8), as without libmagic.
        if magicDescriptions, let own = ownTextEncoding(), own.singleByte, let named = magicType(report), !named.conforms(to: .text) {
            let text =
                textEvidence(head, encoding: own.name, isComplete: isComplete, mimeType: nil)
                ?? evidence(Self.plainTextIdentifier(encoding: own.name), nil, mimeType: "text/plain", encoding: own.name, check: "plain-text")
            return described(text)!
        }
        if report.isText {
            if let found = textEvidence(head, encoding: report.encoding, isComplete: isComplete, mimeType: report.mimeType) {
                return described(found)!
            }
        } else if let (identifier, description, check) = ContentChecks.binary(head: head, tail: zip),
            let found = evidence(identifier, description, mimeType: report.mimeType, encoding: report.encoding, check: check)
        {
            return described(found)!
        }
        if let type = magicType(report) {
            return described(
                evidence(type.identifier, nil, mimeType: report.mimeType, encoding: report.encoding, by: .libmagic)
                    ?? ContentEvidence(type: type, mimeType: report.mimeType, description: nil, encoding: report.encoding))!
        }
        if report.isText, let guess = MIMENames.libmagicGuesses[report.mimeType],
            let found = evidence(guess, nil, mimeType: report.mimeType, encoding: report.encoding, weak: true, by: .libmagic)
        {
            return described(found)!
        }
        let fallback = report.isText ? Self.plainTextIdentifier(encoding: report.encoding) : "public.data"
        return described(evidence(fallback, nil, mimeType: report.mimeType, encoding: report.encoding, by: .libmagic))!
    }

    /// Whether text is written as code of the C family is (C, C++, Java, JavaScript, PHP, Perl,
    /// Ruby, Go): a line that ends with `{`, `}` or `;` after trailing white space and a line that
    /// begins with a declaration or a preprocessor directive (`#include`, `struct`, `class`,
    /// `import`, `function`, `package`, ...), the words libmagic's language tests look for, so
    /// that it is asked only where it has something to go on (or `main(`, which its C test
    /// searches for); or code minified onto lines of
    /// hundreds of bytes, one of those characters in every hundred. Configuration written with
    /// braces and semicolons (X keyboard maps, linker scripts, locale sources) has short lines
    /// that end so and none of the words.
    static func isWrittenAsCode(_ text: ArraySlice<UInt8>) -> Bool {
        var last: UInt8 = 0x0A
        var punctuation = 0
        var endsLikeCode = false
        var declares = false
        var lineStart = true
        var lines = 1
        var index = text.startIndex
        func isCodeEnd(_ byte: UInt8) -> Bool { byte == 0x7B || byte == 0x7D || byte == 0x3B }
        while index < text.endIndex {
            let byte = text[index]
            if lineStart && !declares && byte != 0x20 && byte != 0x09 {
                lineStart = false
                declares = startsDeclaration(text[index...])
            }
            if isCodeEnd(byte) { punctuation += 1 }
            if byte == 0x0A || byte == 0x0D {
                if isCodeEnd(last) { endsLikeCode = true }
                last = 0x0A
                lineStart = true
                lines += 1
            } else if byte != 0x20 && byte != 0x09 {
                last = byte
            }
            if endsLikeCode && declares { return true }
            index += 1
        }
        // libmagic's C test also searches for `main(` anywhere (Magdir/c-lang): a program's entry
        // point in a language it has no test for (Kotlin's `fun main() {`).
        if !declares, endsLikeCode || isCodeEnd(last), ContentChecks.contains(Array("main(".utf8), in: text) { return true }
        if declares && isCodeEnd(last) { return true }
        return text.count >= 100 && punctuation * 100 >= text.count && lines * 200 <= text.count
    }

    /// The words a line of code of the C family begins with, where a line of configuration or
    /// prose seldom does.
    private static let declarationWords: Set<ArraySlice<UInt8>> = Set(
        [
            "#include", "#define", "#if", "#ifdef", "#ifndef", "#pragma", "struct", "union", "enum", "typedef",
            "extern", "static", "char", "double", "float", "int", "void", "namespace", "using", "template",
            "virtual", "class", "public", "private", "import", "export", "package", "const", "var", "let",
            "function", "module", "require", "def", "use", "func",
        ].map { ArraySlice(Array($0.utf8)) })

    /// Whether the text begins with one of `declarationWords` followed by a character that
    /// cannot continue a word.
    private static func startsDeclaration(_ text: ArraySlice<UInt8>) -> Bool {
        var end = text.startIndex
        if end < text.endIndex && text[end] == 0x23 { end += 1 }
        while end < text.endIndex, end - text.startIndex < 9 {
            let byte = text[end]
            guard byte >= 0x61 && byte <= 0x7A else { break }
            end += 1
        }
        guard end > text.startIndex, end < text.endIndex else { return false }
        let next = text[end]
        let continuesWord = (next >= 0x41 && next <= 0x5A) || (next >= 0x30 && next <= 0x39) || next == 0x5F
        return !continuesWord && declarationWords.contains(text[text.startIndex..<end])
    }

    /// What libmagic says of the regular file `inference` read, as file(1) would print it (it
    /// reads the file itself, to its own bound), for `FileMIME.fileSpelling`; nil for anything
    /// else or when libmagic cannot say.
    public func libmagicMIMEType(for inference: Inference) -> String? {
        guard (inference.size ?? 0) > 0 else { return nil }
        // libmagic reads the file as file(1) does, its ELF reader included (a PIE is
        // application/x-pie-executable only to a reader of the dynamic section).
        return withRegularFile(of: inference) { descriptor, _ in sniffer.sniff(descriptor: descriptor).map { FileMIME.bare($0.mimeType) } } ?? nil
    }

    /// `body` with the regular file `inference` identified opened again (as the inference opened
    /// it: no blocking, links followed only with -L) and its size; nil for anything else, or a
    /// file that is no longer a regular file or cannot be opened.
    func withRegularFile<Result>(of inference: Inference, _ body: (_ descriptor: Int32, _ size: Int) -> Result) -> Result? {
        guard inference.error == nil, inference.kind == .file else { return nil }
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followSymlinks ? 0 : O_NOFOLLOW)
        let descriptor = workingFolder.locate(inference.path).withCString { open($0, flags) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return body(descriptor, Int(status.st_size))
    }

    /// What libmagic says of `bytes` (their first `Limits.libmagicBytes`), bare; nil when it cannot say.
    public func libmagicMIMEType(of bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return nil }
        return bytes.prefix(Limits.libmagicBytes).withUnsafeBytes { try? sniffer.sniff($0, describe: false).mimeType }.map(FileMIME.bare)
    }

    /// libmagic's MIME type for the first `headCount` bytes of the buffer, bare; nil when the
    /// call fails (no opinion); throws when libmagic's database cannot be loaded. Asked only
    /// where uti's own checks need a second opinion on text.
    private func magicMIMEType(headCount: Int) throws(UTIError) -> String? {
        if let textAnswer, textAnswer.count == headCount { return textAnswer.said }
        try sniffer.prepare()
        let said = (try? sniffer.sniff(UnsafeRawBufferPointer(rebasing: buffer[0..<headCount]), describe: false).mimeType).map(FileMIME.bare)
        if let said { libmagicSaid.append((said, true)) }
        textAnswer = (headCount, said)
        return said
    }

    /// The type libmagic's MIME type for text names: by its spelling tables, else by the
    /// catalog's tags (not a dynamic type).
    private func textType(libmagicSays mimeType: String) -> UTType? {
        if let identifier = MIMENames.identifier(libmagicSays: mimeType) { return catalog.type(identifier: identifier) }
        let type = catalog.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
        return type.isDynamic ? nil : type
    }

    /// A text format found by uti's content checks, with UTF-8 TSV as Apple's own subtype.
    private func textEvidence(_ head: [UInt8], encoding: String, isComplete: Bool, mimeType: String?) -> ContentEvidence? {
        guard let (identifier, description, weak, check) = ContentChecks.text(head, encoding: encoding, isComplete: isComplete),
            var type = catalog.type(identifier: identifier)
        else { return nil }
        if identifier == "public.tab-separated-values-text" && encoding == "utf-8",
            let utf8 = catalog.type(identifier: "public.utf8-tab-separated-values-text")
        {
            type = utf8
        }
        // Netpbm's three plain kinds share one type; each has its own MIME type, as file(1) says.
        let netpbm =
            identifier == "public.pbm"
            ? ["bitmap": "image/x-portable-bitmap", "graymap": "image/x-portable-graymap", "pixmap": "image/x-portable-pixmap"]
                .first { description.contains($0.key) }?.value
            : nil
        var found = ContentEvidence(
            type: type, mimeType: netpbm ?? mimeType ?? type.preferredMIMEType ?? MIMENames.untaggedPrintNames[type.identifier] ?? "text/plain",
            description: description, encoding: encoding, isWeak: weak)
        found.sniffer = .uti
        found.check = check
        found.isInterpreterLine = head.starts(with: [0x23, 0x21])
        return found
    }

    /// libmagic's MIME type as a type: an alias, a MIME tag of the catalog, or for binary content
    /// a dynamic type carrying the MIME type (so uti is never vaguer than libmagic); nil for
    /// generic answers (plain text, octet-stream) and unknown text types.
    private func magicType(_ report: ContentReport) -> UTType? {
        if report.mimeType == "text/plain" || report.mimeType == "application/octet-stream" { return nil }
        if let alias = MIMENames.libmagicSpellings[report.mimeType] { return catalog.type(identifier: alias) }
        let type = catalog.type(tag: report.mimeType, tagClass: .mimeType, conformingTo: nil)
        if type == .plainText { return nil }
        if type.isDynamic {
            return report.isText ? nil : catalog.dynamicType(tag: report.mimeType, tagClass: .mimeType, conformingTo: .data)
        }
        return type
    }

    /// The plain-text type for an encoding: UTF-8 and UTF-16 have their own; big-endian UTF-16 is
    /// Apple's "external" representation; ASCII, Latin-1 and others are plain text.
    static func plainTextIdentifier(encoding: String) -> String {
        switch encoding {
        case "utf-8": "public.utf8-plain-text"
        case "utf-16le": "public.utf16-plain-text"
        case "utf-16be": "public.utf16-external-plain-text"
        default: "public.plain-text"
        }
    }
}

import SharedMIMEInfo
import UniformTypes

/// The rules that turn content evidence and name evidence into one type. They live here, in
/// one place, and the manual page (`uti identify --help`) states them in the same order.
public enum Reconciliation {
    /// Content types that are containers or generic classes: a name whose type conforms to one of
    /// the listed types refines them (PNG-named bytes that libmagic only calls data are a PNG; a
    /// TIFF-structured file named .dng is a DNG).
    static let openContent: [String: [String]] = [
        "public.data": ["public.data"],
        // Zip-based formats that Apple declares as plain data: iWork single-file documents,
        // USDZ scenes, Wallet passes.
        "public.zip-archive": [
            "com.pkware.zip-archive", "com.apple.iWork.Pages.sffpages", "com.apple.iWork.Pages.sfftemplate",
            "com.apple.iWork.Numbers.sffnumbers", "com.apple.iWork.Numbers.sfftemplate", "com.apple.iWork.Keynote.sffkey",
            "com.apple.iWork.Keynote.sffkth", "com.pixar.universal-scene-description-mobile", "com.apple.pkpass-data",
            "com.apple.pkpasses-data",
        ],
        "com.adobe.pdf": ["com.adobe.illustrator.ai-image"],
        // iWork's single-file documents share one layout (a zip starting with Index/Document.iwa):
        // content that says one of them is any of them, and the name tells which.
        "com.apple.iWork.Pages.sffpages": iWorkDocuments, "com.apple.iWork.Numbers.sffnumbers": iWorkDocuments,
        "com.apple.iWork.Keynote.sffkey": iWorkDocuments,
        // Textual formats that Apple declares as data rather than text.
        "public.plain-text": plainTextAsData, "public.utf8-plain-text": plainTextAsData,
        "org.gnu.gnu-zip-archive": ["public.svg-image"],
        // Disk images start with whatever their first compressed chunk is.
        "public.bzip2-archive": ["com.apple.disk-image-udif"],
        // A tar archive inside xz, which Apple declares beside xz rather than under it (its
        // gzip and bzip2 tar types are under gzip and bzip2).
        "org.tukaani.xz-archive": ["org.tukaani.tar-xz-archive"],
        // AMF (ISO/ASTM 52915) is XML or a zip of its one document, so uti declares it as data.
        "public.xml": ["org.astm.amf"],
        "public.tiff": ["public.camera-raw-image"],
        "public.mpeg-4": ["public.audiovisual-content"],
        "com.apple.quicktime-movie": ["public.audiovisual-content"],
        "public.mpeg": ["public.audiovisual-content"],
        "org.matroska.mkv": ["org.matroska.mka", "org.webmproject.webm"],
        "org.xiph.ogg-vorbis": ["org.xiph.ogg"], "org.xiph.ogg-audio": ["org.xiph.ogg"],
        "public.elf-binary": ["public.object-code"],
        "org.openxmlformats.wordprocessingml.document": [
            "org.openxmlformats.wordprocessingml.template",
            "org.openxmlformats.wordprocessingml.document.macroenabled",
            "org.openxmlformats.wordprocessingml.template.macroenabled",
        ],
        "org.openxmlformats.spreadsheetml.sheet": [
            "org.openxmlformats.spreadsheetml.template",
            "org.openxmlformats.spreadsheetml.sheet.macroenabled", "org.openxmlformats.spreadsheetml.template.macroenabled",
        ],
        "org.openxmlformats.presentationml.presentation": [
            "org.openxmlformats.presentationml.slideshow",
            "org.openxmlformats.presentationml.template", "org.openxmlformats.presentationml.presentation.macroenabled",
            "org.openxmlformats.presentationml.slideshow.macroenabled", "org.openxmlformats.presentationml.template.macroenabled",
        ],
        "org.oasis-open.opendocument.text": ["org.oasis-open.opendocument.text-template"],
        // Templates, which Apple declares beside their documents rather than under them: a
        // template holds the same structure (shared-mime-info makes them subclasses).
        "com.microsoft.word.doc": ["com.microsoft.word.dot"],
        "com.microsoft.excel.xls": ["com.microsoft.excel.xlt"],
        "com.microsoft.powerpoint.ppt": ["com.microsoft.powerpoint.pot", "com.microsoft.powerpoint.pps"],
        "org.openoffice.text": ["org.openoffice.text-template"],
        "org.openoffice.spreadsheet": ["org.openoffice.spreadsheet-template"],
        "org.openoffice.presentation": ["org.openoffice.presentation-template"],
        "org.openoffice.graphics": ["org.openoffice.graphics-template"],
        // An iPhone ringtone is M4A audio under another name.
        "com.apple.m4a-audio": ["com.apple.mpeg-4-ringtone"],
        // A vendor's TIFF-based raws share one structure (the Make tells the vendor, not the model
        // line): Nikon's Coolpix NRW beside NEF, Sony's SR2 and SRF beside ARW; a raw whose vendor
        // uti does not know is whichever raw its name says.
        "com.nikon.raw-image": ["com.nikon.nrw-raw-image"],
        "com.sony.arw-raw-image": ["com.sony.sr2-raw-image", "com.sony.raw-image"],
        "com.hasselblad.3fr-raw-image": ["com.hasselblad.fff-raw-image"],
        "public.camera-raw-image": ["public.camera-raw-image"],
    ]

    /// Formats written in another serialization of a format Apple declares beside them, not under
    /// them: XHTML is HTML written as XML (HTML Living Standard, 14, "The XML syntax"), which
    /// Apple files under public.xml. The name of the format and content in its other
    /// serialization agree: the content, the more specific, is the answer.
    static let serializations: [String: String] = ["public.xhtml": "public.html"]

    /// Content types whose open entry a telling major brand closes.
    static let brandClosed: Set<String> = ["public.mpeg-4", "com.apple.quicktime-movie"]

    static let iWorkDocuments = [
        "com.apple.iWork.Pages.sffpages", "com.apple.iWork.Pages.sfftemplate", "com.apple.iWork.Numbers.sffnumbers",
        "com.apple.iWork.Numbers.sfftemplate", "com.apple.iWork.Keynote.sffkey", "com.apple.iWork.Keynote.sffkth",
    ]

    static let plainTextAsData = ["com.adobe.postscript", "public.standard-tesselated-geometry-format"]

    /// The rules of reconciliation, in the order they are tried: `identify --explain` and the
    /// record's `evidence.rule` name the one that decided, and `uti identify --help` (and so the
    /// man page) states them from this table.
    public enum Rule: String, Sendable, CaseIterable {
        case foreignExtension = "foreign-extension"
        case noName = "no-name"
        case emptyFile = "empty-file"
        case nameRejected = "name-rejected"
        case plainTextName = "plain-text-name"
        case nameCorroborates = "name-corroborates"
        case sameOrNarrowerContent = "narrower-content"
        case serialization = "serialization"
        case narrowerName = "narrower-name"
        case alternativeRefines = "alternative-refines"
        case alternativeAgrees = "alternative-agrees"
        case databaseNamesName = "database-names-name"
        case openContent = "open-content"
        case weakName = "weak-name"
        case structureOverPlainText = "structure-over-plain-text"
        case xmlNamedAsSource = "xml-named-as-source"
        case interpreterLine = "interpreter-line"
        case textFamilies = "text-families"
        case weakSignature = "weak-signature"
        case contradiction = "contradiction"

        /// The rule in one sentence.
        public var statement: String {
            switch self {
            case .foreignExtension:
                "a weak guess of the database's text rules (a string somewhere near the start, not at byte 0) under an extension uti does not know and the guessed format's names do not use (FORMAT= in an ALSA .conf, not MPSub's .sub): plain text in its encoding (both)"
            case .noName: "no usable name (none, or only a dynamic type): the content decides"
            case .emptyFile: "no content (an empty file): the name decides, else public.data"
            case .nameRejected:
                "content nothing named (data, plain text) under a name for a format whose files all have what the bytes lack (what its specification requires, the database's exact signature at priority 80 or more, or a text format's text, which has no NUL: noise named .png or .txt, a firmware image named .bin, prose named .crt): the content, and the mismatch names both; another type the name stands for that the bytes do not reject is tried first (.hdf: HDF, or RAMSOFT's RS-IDE disk image)"
            case .plainTextName:
                "a weak guess (a language from statements, a short signature) in a file the name calls plain text (a .txt full of examples): the name"
            case .nameCorroborates: "plain text that a weak rule of the database took for a type the name stands for (MATLAB's % in a .m): that type"
            case .sameOrNarrowerContent: "equal, or the content's type conforms to the name's: the content, the more specific (both)"
            case .serialization:
                "content written in another serialization of the format the name says (a page written as XML, XHTML, named .html): the content (both)"
            case .narrowerName:
                "the name's type conforms to the content's: the name, the more specific (both; extension where the content says only plain text or data)"
            case .alternativeRefines: "another type the name stands for refines the content (.asc: a PGP key): that type (both)"
            case .alternativeAgrees: "the content is another type the name stands for: the content (both)"
            case .databaseNamesName: "text that a rule of the database said is the very type the name gives: the name (both)"
            case .openContent:
                "content that is generic or a container the name refines (data, zip, TIFF for camera raw, MPEG-4 without a telling brand for audio, a Word document for a template), or a weak guess under a text name: the name"
            case .weakName: "a weak name (a glob for a name's start, README*) under content that says more: the content"
            case .structureOverPlainText: "a name that says only plain text (.txt) over text whose structure uti read (JSON, XML, HTML, PEM): the content"
            case .xmlNamedAsSource: "an XML document named as source code of a language that is not XML (a Tiled .tsx): the content, with the mismatch"
            case .interpreterLine:
                "a script whose #! line names its interpreter, under a name that says a text format that is no script (a shell script named update-rc.d, not D source): the content"
            case .textFamilies: "both text of different families (a PHP file that starts with HTML): the name"
            case .weakSignature:
                "binary content that only a short signature of the database named (four bytes or fewer, priority 50 or below) under a name for another binary format (a .dfont suitcase that starts as an icon does): the name, and the mismatch names both"
            case .contradiction: "otherwise they contradict (PNG bytes in a .txt): the content, and the mismatch names both"
            }
        }
    }

    /// The outcome: the type, which evidence decided, by which rule, and a contradiction if there was one.
    public struct Outcome: Sendable {
        /// The type decided.
        public var type: UTType
        /// Content, name, or both.
        public var decidedBy: Decision
        /// The rule that decided.
        public var rule: Rule
        /// The contradiction, when the content won over a name that says otherwise.
        public var mismatch: Mismatch?

        init(type: UTType, decidedBy: Decision, _ rule: Rule, mismatch: Mismatch? = nil) {
            self.type = type
            self.decidedBy = decidedBy
            self.rule = rule
            self.mismatch = mismatch
        }
    }

    /// Reconciles what the bytes say with what the name says. In order:
    /// 1. no usable name (none, or only a dynamic type): the content decides, unless it is a weak
    ///    text guess of the database whose format's extensions are not the file's: plain text;
    /// 2. no content (an empty file): the name decides, else public.data;
    /// 3. equal, or one conforms to the other: the more specific one (both); the same for another
    ///    type the name also stands for (`.asc` names a PGP signature, key and message; content
    ///    that says a key picks the key);
    /// 4. the content is generic or a container the name refines (data, zip, TIFF, MPEG-4, a
    ///    dynamic type for a MIME type the catalog lacks, ...), or a weak language guess while the
    ///    name is text: the name (extension); not MPEG-4 whose major brand names its format (an
    ///    F4V named .f4v, which Apple's catalog calls Flash video, stays MPEG-4);
    /// 5. a weak name (a glob for a name's start, README*) and content that says more: the
    ///    content, with no mismatch;
    /// 6. a name that says only plain text (.txt) over text whose structure uti read (JSON, XML,
    ///    HTML, PEM; not a guessed language): the content; XML named as source code in a language
    ///    that is not XML (a Tiled .tsx): the content, with the mismatch;
    /// 7. both are text of different families (a PHP file that starts with HTML): the name
    ///    (extension);
    /// 8. otherwise they contradict (PNG bytes in a .txt; a PEM key named as a certificate): the
    ///    content wins and `mismatch` names both.
    /// `database` is the shared-mime-info database whose type hierarchy weighs a name's other
    /// types (the inferrer's; nil for none).
    public static func reconcile(content: ContentEvidence?, name: NameEvidence?, database: SharedMIMEDatabase?) -> Outcome {
        let named = name.flatMap { $0.type.isDynamic ? nil : $0.type }
        guard let content else {
            return Outcome(type: named ?? .data, decidedBy: named == nil ? .content : .extension, .emptyFile)
        }
        let found = content.type
        guard var named else {
            if let name, foreignExtension(name, underWeakGuess: content) {
                let plain = content.encoding.flatMap { UTType(TypeInferrer.plainTextIdentifier(encoding: $0)) } ?? .plainText
                return Outcome(type: plain, decidedBy: .both, .foreignExtension)
            }
            return Outcome(type: found, decidedBy: .content, .noName)
        }
        // A name whose format's exact signature the bytes lack (noise named .png, which every PNG
        // starts with its signature): another type the name stands for that the bytes do not
        // reject, else the content, and the mismatch shows the name.
        var name = name
        if let rejected = name?.rejectedBySignature, rejected.contains(named) {
            guard let other = name?.alternatives.first(where: { !$0.isDynamic && !rejected.contains($0) }) else {
                return Outcome(type: found, decidedBy: .content, .nameRejected, mismatch: Mismatch(content: found, extension: named))
            }
            named = other
            name?.type = other
            name?.alternatives.removeAll { rejected.contains($0) || $0 == other }
        }
        // A weak guess in a file its name calls plain text is the text its name says: a language
        // guessed from statements (a `.txt` help file full of examples), or a format the
        // database's short signature named (patch's `*** ` at the start of notes).
        if content.isWeak, found != named, found.conforms(to: .sourceCode) || (content.sniffer == .sharedMIMEInfo && found.conforms(to: .text)),
            TypeInferrer.plainTextIdentifiers.contains(named.identifier)
        {
            return Outcome(type: named, decidedBy: .extension, .plainTextName)
        }
        // Plain text that a weak rule of the database took for one of the types the name stands
        // for (MATLAB's `%` in a .m, which the database also gives Objective-C): the name
        // corroborates the rule, and that type it is.
        if TypeInferrer.plainTextIdentifiers.contains(found.identifier), let said = content.sharedMIMEInfo?.mimeType.lowercased(),
            let corroborated = ([named] + (name?.alternatives ?? [])).first(where: { !$0.isDynamic && names($0, said) })
        {
            return Outcome(type: corroborated, decidedBy: .both, .nameCorroborates)
        }
        if found == named || found.conforms(to: named) { return Outcome(type: found, decidedBy: .both, .sameOrNarrowerContent) }
        // Content in another serialization of the format the name says (a page named .html that
        // is written as XML: XHTML, which Apple declares beside HTML, not under it): they agree.
        if serializations[found.identifier] == named.identifier { return Outcome(type: found, decidedBy: .both, .serialization) }
        // Content that says only what every file of its kind is (plain text, data) agrees with the
        // name without telling the type: the name alone decided it.
        if named.conforms(to: found) {
            let generic = found == .data || found == .text || TypeInferrer.plainTextIdentifiers.contains(found.identifier)
            return Outcome(type: named, decidedBy: generic ? .extension : .both, .narrowerName)
        }
        // A name that stands for several types: the one that refines the content, or the one the
        // content is. Not a shared-mime-info type over an Apple or uti type the name gives first:
        // the database often has its own name for a format Apple or uti declares, which its globs
        // cannot always show to be the same, and Apple's or uti's type wins. Unless the
        // database itself gives the extension to several of its types, and neither this one nor
        // a parent of it in the database is a name of the first (MATLAB's *.m beside Objective-C's,
        // which the database calls text/x-objcsrc; not its Word template, a subclass of
        // application/msword, over Apple's Word template).
        let others = (name?.alternatives ?? []).filter { other in
            guard !other.isDynamic else { return false }
            guard other.declarer == .sharedMIMEInfo && named.declarer != .sharedMIMEInfo else { return true }
            guard name?.isAmbiguousInDatabase == true, let mimeType = other.preferredMIMEType?.lowercased() else { return false }
            let lineage = [mimeType] + (database?.supertypes(of: mimeType) ?? [])
            return !lineage.contains { names(named, $0.lowercased()) }
        }
        if let refining = others.first(where: { $0 != found && $0.conforms(to: found) }) {
            return Outcome(type: refining, decidedBy: .both, .alternativeRefines)
        }
        if others.contains(where: { found.conforms(to: $0) }) { return Outcome(type: found, decidedBy: .both, .alternativeAgrees) }
        // Text that a rule of the database said is the very type the name gives (a .qs that starts
        // with SPARQL's PREFIX): they agree, though the rule alone could not make text a type
        // the database files as application data.
        if let said = content.sharedMIMEInfo?.mimeType, content.isWeak || TypeInferrer.plainTextIdentifiers.contains(found.identifier),
            names(named, said.lowercased())
        {
            return Outcome(type: named, decidedBy: .both, .databaseNamesName)
        }
        // A weak language guess is plain text as far as names are concerned.
        // A major brand that names the format closes the generic MPEG-4 and QuickTime entries
        // (any audiovisual name refines those), not a format's own (an M4A named .m4r).
        let closed = content.brand != nil && Self.brandClosed.contains(found.identifier)
        let weakText = content.isWeak && found.conforms(to: .text)
        let openTo = closed ? [] : openContent[weakText ? "public.plain-text" : found.identifier] ?? []
        let refines =
            found.isDynamic
            || openTo.contains { ancestor in
                UTType(ancestor).map { named.conforms(to: $0) } ?? false
            }
        if refines || (weakText && named.conforms(to: .text)) {
            return Outcome(type: named, decidedBy: .extension, .openContent)
        }
        // A name's start (README*) says too little to contradict content that says more.
        if name?.isWeak == true { return Outcome(type: found, decidedBy: .content, .weakName) }
        // A name that says only "plain text" (.txt), over text whose structure uti read (JSON,
        // XML, HTML, a PEM block; not a language guessed from statements): the content, as
        // shared-mime-info takes a magic match that is a subclass of the glob's type over it.
        if !content.isWeak, TypeInferrer.plainTextIdentifiers.contains(named.identifier), found.conforms(to: .text) {
            return Outcome(type: found, decidedBy: .content, .structureOverPlainText)
        }
        // An XML document (prolog and root element read) named as source code of a language that
        // is not XML (Tiled's .tsx tileset, not TypeScript with JSX): the content, and the mismatch.
        if !content.isWeak, found.conforms(to: .xml), !named.conforms(to: .xml), named.conforms(to: .sourceCode) {
            return Outcome(type: found, decidedBy: .content, .xmlNamedAsSource, mismatch: Mismatch(content: found, extension: named))
        }
        // A `#!` line is the kernel's own instruction for running the file (execve(2)): a script
        // whose interpreter uti knows is that script, whatever text format its name suggests
        // (Debian's update-rc.d and invoke-rc.d are Perl and shell, not D source). A name that
        // says another script language keeps the next rule: both are code the name chose.
        if !content.isWeak, content.isInterpreterLine, found != .script, found.conforms(to: .script), !named.conforms(to: .script),
            named.conforms(to: .text)
        {
            return Outcome(type: found, decidedBy: .content, .interpreterLine)
        }
        if found.conforms(to: .text) && named.conforms(to: .text) && !shareSpecificAncestor(found, named) {
            return Outcome(type: named, decidedBy: .extension, .textFamilies)
        }
        // Binary content only a short signature of the database named (the icon rule's four
        // bytes at the start of a Mac .dfont suitcase) does not contradict a name for another
        // binary format: a weak signal never overrules the name, and the mismatch shows both.
        if content.isWeak, content.sniffer == .sharedMIMEInfo, !found.conforms(to: .text), !named.conforms(to: .text) {
            return Outcome(type: named, decidedBy: .extension, .weakSignature, mismatch: Mismatch(content: found, extension: named))
        }
        return Outcome(type: found, decidedBy: .content, .contradiction, mismatch: Mismatch(content: found, extension: named))
    }

    /// Whether a weak guess of the database's text rules found somewhere in the first bytes, not at
    /// the start (MPSub's `FORMAT=` anywhere in the first 256 bytes), stands under an extension the
    /// catalog does not know and the guessed format's own names do not use (an ALSA `.conf`):
    /// shared-mime-info tries globs before such magic, and the file's own extension, though no
    /// type's, is a glob the format does not have. A text format's opening at byte 0 (troff's `.\"`
    /// in a macro file) keeps its guess, and so does a rule of uti's (each a format's marker where
    /// the format puts it: a manual page's `.TH` line, whose pages are named .1 to .9).
    static func foreignExtension(_ name: NameEvidence, underWeakGuess content: ContentEvidence) -> Bool {
        let found = content.type
        guard content.sniffer == .sharedMIMEInfo, let match = content.sharedMIMEInfo, TypeInferrer.strength(of: match) == .weak,
            !match.isUTIRule, match.anchor.map({ $0.offset > 0 }) ?? true, found.conforms(to: .text), !name.isWeak,
            name.type.isDynamic, !TypeInferrer.plainTextIdentifiers.contains(found.identifier)
        else { return false }
        let extensions = found.tagSpecification[.filenameExtension].map { $0.lowercased() }
        return !extensions.isEmpty && !extensions.contains(name.value.lowercased())
    }

    /// Whether `mimeType` is a name of `type`: one of its tags, the catalog's or libmagic's
    /// spelling table's way to it, or shared-mime-info's name for a source type Apple gives none.
    static func names(_ type: UTType, _ mimeType: String) -> Bool {
        type.tagSpecification[.mimeType].contains { $0.lowercased() == mimeType } || MagicMapping.leads(mimeType, to: type)
            || MIMENames.databasePrintNames[type.identifier] == mimeType
    }

    /// Ancestors too broad to make two text types one family.
    static let broadAncestors: Set<String> = [
        "public.item", "public.content", "public.data", "public.text", "public.plain-text",
        "public.source-code", "public.script", "public.composite-content", "public.executable",
    ]

    /// Whether two types have a common ancestor narrower than plain text or source code (a PEM
    /// key and a PEM certificate do; PHP and HTML do not).
    static func shareSpecificAncestor(_ first: UTType, _ second: UTType) -> Bool {
        let mine = Set(first.supertypes.filter { !broadAncestors.contains($0.identifier) })
        return second.supertypes.contains { mine.contains($0) }
    }
}

import Testing
import TypeInference
import UTITestSupport
import UniformTypes

/// The reconciliation rules, on literal evidence: no libmagic, no files.
@Suite struct ReconciliationTests {
    func content(_ identifier: String, weak: Bool = false) -> ContentEvidence {
        ContentEvidence(type: UTType(identifier)!, mimeType: nil, description: nil, encoding: nil, isWeak: weak)
    }

    func name(_ identifier: String, _ value: String = "x") -> NameEvidence {
        NameEvidence(value: value, type: UTType(identifier)!)
    }

    @Test func noNameMeansContentDecides() {
        let outcome = Reconciliation.reconcile(content: content("public.png"), name: nil, database: systemDatabase)
        #expect(outcome.type == .png)
        #expect(outcome.decidedBy == .content)
        #expect(outcome.mismatch == nil)
    }

    @Test func dynamicNameIsNoName() {
        let unknown = NameEvidence(value: "xyz", type: UTType(filenameExtension: "xyz")!)
        let outcome = Reconciliation.reconcile(content: content("public.png"), name: unknown, database: systemDatabase)
        #expect(outcome.decidedBy == .content)
    }

    @Test func emptyFileTakesTheNameElseData() {
        #expect(Reconciliation.reconcile(content: nil, name: name("public.json"), database: systemDatabase).type == .json)
        #expect(Reconciliation.reconcile(content: nil, name: name("public.json"), database: systemDatabase).decidedBy == .extension)
        #expect(Reconciliation.reconcile(content: nil, name: nil, database: systemDatabase).type == .data)
    }

    @Test func moreSpecificWinsWhenTheyAgree() {
        let outcome = Reconciliation.reconcile(content: content("public.utf8-plain-text"), name: name("public.plain-text"), database: systemDatabase)
        #expect(outcome.type == .utf8PlainText)
        #expect(outcome.decidedBy == .both)
        let named = Reconciliation.reconcile(content: content("public.json"), name: name("public.geojson"), database: systemDatabase)
        #expect(named.type.identifier == "public.geojson")
        #expect(named.decidedBy == .both)
    }

    /// A name narrower than the content: both agree, but content that says only data leaves the
    /// type to the name alone (issue 40: `decidedBy` says which evidence decided).
    @Test(arguments: [("public.data", "com.rsa.pkcs-12", Decision.extension), ("public.zip-archive", "org.numpy.npz", .both)])
    func nameThatConformsToGenericContentAgrees(found: String, named: String, decidedBy: Decision) {
        let outcome = Reconciliation.reconcile(content: content(found), name: name(named), database: systemDatabase)
        #expect(outcome.type.identifier == named)
        #expect(outcome.decidedBy == decidedBy)
    }

    @Test(arguments: [
        ("public.tiff", "com.adobe.raw-image"), ("public.mpeg-4", "com.apple.m4a-audio"),
        ("org.matroska.mkv", "org.matroska.mka"), ("public.zip-archive", "com.apple.iWork.Pages.sffpages"),
        ("public.zip-archive", "com.pixar.universal-scene-description-mobile"), ("com.adobe.pdf", "com.adobe.illustrator.ai-image"),
        ("org.gnu.gnu-zip-archive", "public.svg-image"), ("public.tiff", "com.nikon.raw-image"),
        ("public.bzip2-archive", "com.apple.disk-image-udif"),
        // shared-mime-info's iWork rule calls every iWork document a Pages document.
        ("com.apple.iWork.Pages.sffpages", "com.apple.iWork.Numbers.sffnumbers"),
        ("com.apple.iWork.Pages.sffpages", "com.apple.iWork.Keynote.sffkey"),
    ])
    func containerContentIsRefinedByTheName(found: String, named: String) {
        let outcome = Reconciliation.reconcile(content: content(found), name: name(named), database: systemDatabase)
        #expect(outcome.type.identifier == named)
        #expect(outcome.decidedBy == .extension)
        #expect(outcome.mismatch == nil)
    }

    /// Plain text that a database rule said is the type the name gives: they agree, though the
    /// rule alone could not make text a type that is not text.
    @Test func aRejectedRuleThatNamesTheNamesTypeAgreesWithIt() {
        var agreed = content("public.plain-text")
        agreed.sharedMIMEInfo = SharedMIMEMatch(mimeType: "application/pdf", priority: 40)
        let outcome = Reconciliation.reconcile(content: agreed, name: name("com.adobe.pdf"), database: systemDatabase)
        #expect(outcome.type == .pdf)
        #expect(outcome.decidedBy == .both)
        var other = content("public.plain-text")
        other.sharedMIMEInfo = SharedMIMEMatch(mimeType: "application/rtf", priority: 40)
        let contradicted = Reconciliation.reconcile(content: other, name: name("com.adobe.pdf"), database: systemDatabase)
        #expect(contradicted.type == .plainText)
        #expect(contradicted.mismatch != nil)
        #expect(Reconciliation.reconcile(content: content("public.plain-text"), name: name("com.adobe.pdf"), database: systemDatabase).type == .plainText)
    }

    /// A language guessed from statements, in a file named as plain text: the name's text.
    @Test func aLanguageGuessInAPlainTextFileIsText() {
        let outcome = Reconciliation.reconcile(content: content("public.ruby-script", weak: true), name: name("public.plain-text"), database: systemDatabase)
        #expect(outcome.type == .plainText)
        #expect(outcome.decidedBy == .extension)
        // A format uti is sure of keeps its type.
        #expect(
            Reconciliation.reconcile(content: content("public.ruby-script"), name: name("public.plain-text"), database: systemDatabase).type.identifier
                == "public.ruby-script")
    }

    @Test func weakLanguageGuessGivesWayToATextName() {
        let outcome = Reconciliation.reconcile(content: content("public.c-source", weak: true), name: name("public.swift-source"), database: systemDatabase)
        #expect(outcome.type.identifier == "public.swift-source")
        #expect(outcome.decidedBy == .extension)
    }

    @Test func plainTextAndWeakGuessesTakeTextualDataNames() {
        let plain = Reconciliation.reconcile(content: content("public.plain-text"), name: name("com.adobe.postscript"), database: systemDatabase)
        #expect(plain.type.identifier == "com.adobe.postscript")
        #expect(plain.mismatch == nil)
        let guess = Reconciliation.reconcile(
            content: content("public.assembly-source", weak: true), name: name("com.adobe.postscript"), database: systemDatabase)
        #expect(guess.type.identifier == "com.adobe.postscript")
        #expect(Reconciliation.reconcile(content: content("public.plain-text"), name: name("public.png"), database: systemDatabase).mismatch != nil)
    }

    @Test func textOfDifferentFamiliesTakesTheName() {
        let outcome = Reconciliation.reconcile(content: content("public.html"), name: name("public.php-script"), database: systemDatabase)
        #expect(outcome.type.identifier == "public.php-script")
        #expect(outcome.mismatch == nil)
    }

    @Test func aPlainTextNameGivesWayToTextWhoseStructureWasRead() {
        let json = Reconciliation.reconcile(content: content("public.json"), name: name("public.plain-text", "txt"), database: systemDatabase)
        #expect(json.type == .json)
        #expect(json.decidedBy == .content)
        #expect(json.mismatch == nil)
        // A language guessed from statements does not: a .txt of examples stays text.
        let guess = Reconciliation.reconcile(
            content: content("public.python-script", weak: true), name: name("public.plain-text", "txt"), database: systemDatabase)
        #expect(guess.type == .plainText)
    }

    @Test func xmlNamedAsAnotherLanguageIsXMLAndAMismatch() throws {
        // Tiled's .tsx tileset: XML, whatever TypeScript's .tsx says.
        let outcome = Reconciliation.reconcile(content: content("public.xml"), name: name("com.microsoft.typescript-source", "tsx"), database: systemDatabase)
        #expect(outcome.type == .xml)
        #expect(outcome.decidedBy == .content)
        let mismatch = try #require(outcome.mismatch)
        #expect(mismatch.extension?.identifier == "com.microsoft.typescript-source")
    }

    @Test func xhtmlNamedHTMLIsXHTML() {
        let outcome = Reconciliation.reconcile(content: content("public.xhtml"), name: name("public.html", "html"), database: systemDatabase)
        #expect(outcome.type.identifier == "public.xhtml")
        #expect(outcome.decidedBy == .both)
        #expect(outcome.mismatch == nil)
    }

    @Test func aZipTheNameCallsAnImageIsStillAContradiction() {
        #expect(Reconciliation.reconcile(content: content("public.zip-archive"), name: name("public.png"), database: systemDatabase).mismatch != nil)
        #expect(
            Reconciliation.reconcile(
                content: content("public.zip-archive"),
                name: name("org.openxmlformats.wordprocessingml.document"), database: systemDatabase
            ).mismatch != nil)
    }

    @Test func contradictionKeepsContentAndSaysSo() throws {
        let outcome = Reconciliation.reconcile(content: content("public.png"), name: name("public.plain-text", "txt"), database: systemDatabase)
        #expect(outcome.type == .png)
        #expect(outcome.decidedBy == .content)
        let mismatch = try #require(outcome.mismatch)
        #expect(mismatch.content == .png)
        #expect(mismatch.extension == .plainText)
    }

    @Test func sameFamilyTextContradictionKeepsContent() {
        let outcome = Reconciliation.reconcile(content: content("org.ietf.pem-private-key"), name: name("org.ietf.pem-certificate"), database: systemDatabase)
        #expect(outcome.type.identifier == "org.ietf.pem-private-key")
        #expect(outcome.mismatch != nil)
    }
    /// Issue 40: a short signature of the database (a weak signal) does not contradict a name.
    @Test func aShortSignatureNamesNothingAgainstABinaryName() {
        var icon = content("com.microsoft.ico", weak: true)
        icon.sniffer = .sharedMIMEInfo
        let outcome = Reconciliation.reconcile(content: icon, name: name("com.apple.truetype-datafork-suitcase-font", "dfont"), database: systemDatabase)
        #expect(outcome.type.identifier == "com.apple.truetype-datafork-suitcase-font")
        #expect(outcome.rule == .weakSignature)
        #expect(outcome.mismatch?.content.identifier == "com.microsoft.ico")
        // A strong signature (not weak) still contradicts the name, and wins.
        var strong = content("com.microsoft.ico")
        strong.sniffer = .sharedMIMEInfo
        #expect(
            Reconciliation.reconcile(content: strong, name: name("com.apple.truetype-datafork-suitcase-font", "dfont"), database: systemDatabase).rule
                == .contradiction)
        // Weak binary content under a text name: the bytes are not text, the content stands.
        #expect(
            Reconciliation.reconcile(content: icon, name: name("public.plain-text", "txt"), database: systemDatabase).type.identifier == "com.microsoft.ico")
    }

    @Test func aShortSignatureOverPlainTextGivesWayToAPlainTextName() {
        var patch = content("public.patch-file", weak: true)
        patch.sniffer = .sharedMIMEInfo
        let outcome = Reconciliation.reconcile(content: patch, name: name("public.plain-text", "txt"), database: systemDatabase)
        #expect(outcome.type == .plainText)
        #expect(outcome.rule == .plainTextName)
        #expect(
            Reconciliation.reconcile(content: patch, name: name("public.patch-file", "diff"), database: systemDatabase).type.identifier == "public.patch-file")
    }
}

/// A name that stands for several types (`.asc`, `.m`, `.service`): the content picks among them.
@Suite struct AmbiguousNameTests {
    let catalog: TypeCatalog

    init() throws {
        func declared(_ identifier: String, _ parent: String, _ ext: String, by declarer: TypeDeclarer) -> TypeDeclaration {
            TypeDeclaration(
                identifier: identifier, conformsTo: [parent], tags: TagSpecification([(.filenameExtension, [ext])]),
                declarer: declarer)
        }
        let file = TypeDeclarer.exported(source: "test")
        catalog = try TypeCatalog.builtIn.adding([
            declared("com.example.pgp-message", "public.plain-text", "sig", by: file),
            declared("com.example.pgp-keys", "public.plain-text", "sig", by: file),
            declared("com.example.keyring", "com.example.pgp-keys", "sig", by: file),
            declared("org.freedesktop.mime.text.x-example-c", "public.plain-text", "c", by: .sharedMIMEInfo),
        ])
    }

    func evidence(_ value: String) -> NameEvidence {
        let all = catalog.types(tag: value, tagClass: .filenameExtension, conformingTo: .data)
        return NameEvidence(value: value, type: all[0], alternatives: Array(all.dropFirst()))
    }

    func content(_ identifier: String) -> ContentEvidence {
        ContentEvidence(type: catalog.type(identifier: identifier)!, mimeType: nil, description: nil, encoding: nil)
    }

    @Test func theContentPicksTheTypeItIs() throws {
        let name = evidence("sig")
        #expect(name.type.identifier == "com.example.pgp-message", "the first declared comes first")
        let outcome = Reconciliation.reconcile(content: content("com.example.pgp-keys"), name: name, database: systemDatabase)
        #expect(outcome.type.identifier == "com.example.keyring", "the alternative that refines the content")
        #expect(outcome.decidedBy == .both)
        #expect(outcome.mismatch == nil)
    }

    @Test func aDatabaseTwinDoesNotOutrankApplesType() {
        let name = evidence("c")
        #expect(name.type == UTType("public.c-source")!)
        #expect(name.alternatives.map(\.identifier).contains("org.freedesktop.mime.text.x-example-c"))
        let outcome = Reconciliation.reconcile(content: content("org.freedesktop.mime.text.x-example-c"), name: name, database: systemDatabase)
        #expect(outcome.type == UTType("public.c-source")!, "the database's name for C does not replace Apple's")
    }

    @Test func templatesRefineTheirDocuments() {
        let outcome = Reconciliation.reconcile(
            content: content("com.microsoft.word.doc"), name: NameEvidence(value: "dot", type: UTType("com.microsoft.word.dot")!), database: systemDatabase)
        #expect(outcome.type.identifier == "com.microsoft.word.dot")
        #expect(outcome.decidedBy == .extension)
    }
}

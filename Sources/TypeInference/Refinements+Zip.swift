import UniformTypes

/// Refinements: zip containers by their stored mimetype entry, their OPC content types or their entry names.
extension Refinements {
    /// What kind of zip this is, from the stored `mimetype` entry (for the package formats whose
    /// specifications define it: ODF, EPUB, ...; `ZipDirectory.mimetypeConventions`) or the entry
    /// names of the central directory (OOXML, JAR, APK, IPA, ...).
    static func zipContainer(head: [UInt8], directory: ZipDirectory?) -> (String, String) {
        let (identifier, description) = zipContents(head: head, directory: directory)
        guard directory?.isTruncated ?? false else { return (identifier, description) }
        return (identifier, description + " (from the first \(ZipDirectory.nameLimit) names of its directory, uti's limit)")
    }

    static func zipContents(head: [UInt8], directory: ZipDirectory?) -> (String, String) {
        if let mimetype = ZipDirectory.storedMimetype(head: head), ZipDirectory.mimetypeIsDeclaration(mimetype),
            let type = UTType(mimeType: mimetype), !type.isDynamic, type.conforms(to: .data)
        {
            return (type.identifier, type.localizedDescription ?? mimetype)
        }
        guard let names = directory?.names else { return ("public.zip-archive", "Zip archive") }
        func has(_ name: String) -> Bool { names.contains(name) }
        func any(_ test: (String) -> Bool) -> Bool { names.contains(where: test) }
        // An OPC package names its document by its main part's content type (a template, a
        // macro-enabled workbook, a slide show); the part names below are the fallback when
        // [Content_Types].xml cannot be read.
        if let identifier = PackageRules.opcDocumentType(contentTypes: directory?.packageContentTypes ?? []),
            let type = UTType(identifier)
        {
            return (identifier, type.localizedDescription ?? identifier)
        }
        if has("[Content_Types].xml") {
            if any({ $0.hasPrefix("word/") }) {
                return has("word/vbaProject.bin")
                    ? ("org.openxmlformats.wordprocessingml.document.macroenabled", "Word document (macros enabled)")
                    : ("org.openxmlformats.wordprocessingml.document", "Word document")
            }
            if any({ $0.hasPrefix("xl/") }) {
                if has("xl/workbook.bin") { return ("com.microsoft.excel.sheet.binary.macroenabled", "Excel binary workbook") }
                return has("xl/vbaProject.bin")
                    ? ("org.openxmlformats.spreadsheetml.sheet.macroenabled", "Excel workbook (macros enabled)")
                    : ("org.openxmlformats.spreadsheetml.sheet", "Excel workbook")
            }
            if any({ $0.hasPrefix("ppt/") }) {
                return has("ppt/vbaProject.bin")
                    ? ("org.openxmlformats.presentationml.presentation.macroenabled", "PowerPoint presentation (macros enabled)")
                    : ("org.openxmlformats.presentationml.presentation", "PowerPoint presentation")
            }
        }
        if has("AndroidManifest.xml") && has("classes.dex") { return ("com.android.package-archive", "Android package") }
        if any({ $0.hasPrefix("Payload/") && $0.contains(".app/") }) { return ("com.apple.itunes.ipa", "iOS app archive") }
        if any({ $0.hasPrefix("WEB-INF/") }) { return ("com.sun.web-application-archive", "web application archive") }
        if has("META-INF/MANIFEST.MF") || any({ $0.hasSuffix(".class") }) { return ("com.sun.java-archive", "Java archive") }
        if !names.isEmpty && names.allSatisfy({ $0.hasSuffix(".npy") }) { return ("org.numpy.npz", "NumPy archive of arrays") }
        // PassKit's bundle of passes: a zip of .pkpass files and nothing else.
        if !names.isEmpty && names.allSatisfy({ $0.hasSuffix(".pkpass") }) { return ("com.apple.pkpasses-data", "bundle of passes") }
        return ("public.zip-archive", "Zip archive")
    }

    // MARK: Text
}

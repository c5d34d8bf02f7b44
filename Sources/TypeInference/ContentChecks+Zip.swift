import UniformTypes

/// ContentChecks: zip containers by their stored mimetype entry, their OPC content types or their entry names.
extension ContentChecks {
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
        // An OPC package names its document by its main part's content type (a template, a
        // macro-enabled workbook, a slide show).
        if let identifier = PackageRules.opcDocumentType(contentTypes: directory?.packageContentTypes ?? []),
            let type = UTType(identifier)
        {
            return (identifier, type.localizedDescription ?? identifier)
        }
        // The part names are the fallback when [Content_Types].xml cannot be read; then JAR, APK,
        // IPA, ... by their entries (Catalog/package-rules.json, in order).
        if let rule = PackageRules.zipEntryRule(names: names) { return (rule.type, rule.description) }
        return ("public.zip-archive", "Zip archive")
    }

    // MARK: Text
}

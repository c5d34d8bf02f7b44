/// One row of the generated built-in table (see `BuiltInCatalog+Generated.swift`).
struct BuiltInEntry: Sendable {
    enum Declarer: Sendable { case apple, uti }

    let identifier: String
    let description: String
    let declarer: Declarer
    let conformsTo: [String]
    let filenameExtensions: [String]
    let mimeTypes: [String]
    let referenceURL: String?

    init(
        _ identifier: String, _ description: String, _ declarer: Declarer, _ conformsTo: [String],
        _ filenameExtensions: [String], _ mimeTypes: [String], _ referenceURL: String?
    ) {
        self.identifier = identifier
        self.description = description
        self.declarer = declarer
        self.conformsTo = conformsTo
        self.filenameExtensions = filenameExtensions
        self.mimeTypes = mimeTypes
        self.referenceURL = referenceURL
    }

    var declaration: TypeDeclaration {
        TypeDeclaration(
            identifier: identifier, conformsTo: conformsTo,
            tags: TagSpecification(filenameExtensions: filenameExtensions, mimeTypes: mimeTypes),
            description: description, referenceURL: referenceURL,
            declarer: declarer == .apple ? .apple : .uti)
    }
}

/// The catalog compiled into the binary: Apple's macOS 13.3.1 runtime declarations, newer Apple
/// types, and uti's own declarations for common formats Apple does not declare.
enum BuiltInCatalog {}

import UniformTypes

extension TypeDeclarations {
    /// Reads and parses the declarations file at `path`.
    public static func load(path: String) throws(UTIError) -> [TypeDeclaration] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            throw UTIError(.invalidDeclaration, "\(error.message) (declarations file)")
        }
        return try parse(bytes, source: path)
    }
}

extension TypeCatalog {
    /// A new catalog with the declarations of each file added, in order.
    public func adding(contentsOf paths: [String]) throws(UTIError) -> TypeCatalog {
        guard !paths.isEmpty else { return self }
        var declarations: [TypeDeclaration] = []
        // A file named twice (UTI_TYPES and --types, or a link to it) is read once.
        var seen = Set<[UInt64]>()
        for path in paths {
            var status = stat()
            if stat(path, &status) == 0 {
                guard seen.insert([UInt64(truncatingIfNeeded: status.st_dev), UInt64(status.st_ino)]).inserted else { continue }
            }
            declarations += try TypeDeclarations.load(path: path)
        }
        return try adding(declarations)
    }
}

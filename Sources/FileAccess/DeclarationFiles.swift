import UniformTypes

extension TypeDeclarations {
    /// Reads and parses the declarations file at `path` (relative to `folder`).
    public static func load(path: String, in folder: WorkingFolder = .current) throws(UTIError) -> [TypeDeclaration] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, in: folder)
        } catch {
            throw UTIError(.invalidDeclaration, "\(error.message) (declarations file)")
        }
        return try parse(bytes, source: path)
    }
}

extension TypeCatalog {
    /// A new catalog with the declarations of each file added, in order (relative paths in
    /// `folder`).
    public func adding(contentsOf paths: [String], in folder: WorkingFolder = .current) throws(UTIError) -> TypeCatalog {
        guard !paths.isEmpty else { return self }
        var declarations: [TypeDeclaration] = []
        // A file named twice (UTI_TYPES and --types, or a link to it) is read once.
        var seen = Set<[UInt64]>()
        for path in paths {
            var status = stat()
            if stat(folder.locate(path), &status) == 0 {
                guard seen.insert([UInt64(truncatingIfNeeded: status.st_dev), UInt64(status.st_ino)]).inserted else { continue }
            }
            declarations += try TypeDeclarations.load(path: path, in: folder)
        }
        return try adding(declarations)
    }
}

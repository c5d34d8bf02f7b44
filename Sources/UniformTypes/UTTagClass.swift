/// A class of tags, such as filename extensions or MIME types, as in Apple's `UTTagClass`.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String
    /// The tag class with this identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }

    /// `public.filename-extension`: extensions without the leading period, such as `png`.
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// `public.mime-type`: MIME types such as `image/png`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    /// The key under which a tag of this class is indexed: extensions and MIME types compare
    /// case-insensitively, and white space inside a MIME type does not count.
    func normalize(_ tag: String) -> String {
        let lowered = tag.caseFolded
        if self == .mimeType && lowered.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }) {
            return String(lowered.filter { !$0.isWhitespace })
        }
        return lowered
    }
}

/// A type's tags: each class with its values, the first value being the preferred one.
public struct TagSpecification: Hashable, Sendable {
    /// The classes in declaration order, each with its values in preference order.
    public private(set) var entries: [(tagClass: UTTagClass, values: [String])]

    /// Tags by class, in declaration order; classes with no values are left out.
    public init(_ entries: [(tagClass: UTTagClass, values: [String])] = []) {
        self.entries = entries.filter { !$0.values.isEmpty }
    }

    /// Extensions then MIME types, the classes a built-in declaration has, from slices of the
    /// built-in tag table: the same as the general initializer with those two.
    init(filenameExtensions: ArraySlice<String>, mimeTypes: ArraySlice<String>) {
        entries = []
        guard !filenameExtensions.isEmpty || !mimeTypes.isEmpty else { return }
        entries.reserveCapacity(filenameExtensions.isEmpty || mimeTypes.isEmpty ? 1 : 2)
        if !filenameExtensions.isEmpty { entries.append((.filenameExtension, Array(filenameExtensions))) }
        if !mimeTypes.isEmpty { entries.append((.mimeType, Array(mimeTypes))) }
    }

    /// The values of one class, preferred first; empty when the type has none.
    public subscript(tagClass: UTTagClass) -> [String] {
        entries.first { $0.tagClass == tagClass }?.values ?? []
    }

    /// Whether the type has no tags at all.
    public var isEmpty: Bool { entries.isEmpty }

    /// The tags as a dictionary, as Apple's `UTType.tags` gives them.
    public var dictionary: [UTTagClass: [String]] {
        Dictionary(entries.map { ($0.tagClass, $0.values) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether both give the same tags to the same classes.
    public static func == (lhs: TagSpecification, rhs: TagSpecification) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.tagClass == $1.tagClass && $0.values == $1.values }
    }

    /// Hashes the tags of every class.
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.tagClass)
            hasher.combine(entry.values)
        }
    }
}

extension String {
    /// Lowercased, with a fast path for ASCII (identifiers and tags almost always are): this runs
    /// for every declaration when a catalog is built, so at every start-up.
    public var caseFolded: String {
        // Most are lowercase ASCII already: the string itself, no copy. The scan runs over the
        // contiguous UTF-8 (every native or literal string has it) rather than the generic view:
        // the built-in catalog folds every identifier at start.
        func needsWork(_ byte: UInt8) -> Bool { byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) }
        let scanned = self.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsWork) }
        if !(scanned ?? self.utf8.contains(where: needsWork)) { return self }
        var utf8 = Array(self.utf8)
        for index in utf8.indices {
            let byte = utf8[index]
            if byte >= 0x80 { return lowercased() }
            if byte >= 0x41 && byte <= 0x5A { utf8[index] = byte + 0x20 }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

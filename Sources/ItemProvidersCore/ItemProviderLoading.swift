import UniformTypes

#if canImport(FoundationEssentials)
import FileAccess
import FoundationEssentials
#else
import Foundation
#endif

/// `NSItemProvider`'s API, as a Swift program calls it: register representations by `UTType`, ask
/// what conforms, and load asynchronously. `uti wrap` and `uti drop` build and read the same
/// providers, so there is one model of a provider.
extension ItemProvider {
    /// The registered types, highest fidelity first (`registeredContentTypes`). A type the
    /// running catalog does not declare comes back undeclared, with its identifier.
    public var registeredContentTypes: [UTType] {
        representations.map { UTType($0.type) ?? UTType(importedAs: $0.type) }
    }

    /// The registered types that conform to `type`, in fidelity order.
    public func registeredContentTypes(conformingTo type: UTType) -> [UTType] {
        registeredContentTypes.filter { $0.conforms(to: type) }
    }

    /// Whether some registered type conforms to `type` (`hasItemConformingToTypeIdentifier`).
    public func hasItemConforming(to type: UTType) -> Bool {
        !registeredContentTypes(conformingTo: type).isEmpty
    }

    /// Whether some representation conforms to `type` and, when asked, opens in place
    /// (`hasRepresentationConforming(toTypeIdentifier:fileOptions:)`).
    public func hasRepresentationConforming(to type: UTType, openInPlace: Bool = false) -> Bool {
        representations.contains { representation in
            (UTType(representation.type)?.conforms(to: type) ?? false) && (!openInPlace || Loader.opensInPlace(representation))
        }
    }

    /// Registers bytes a closure produces when loaded (`registerDataRepresentation(for:visibility:loadHandler:)`).
    public mutating func registerDataRepresentation(
        for type: UTType, visibility: Visibility = .all, loadHandler: @escaping @Sendable () async throws -> [UInt8]
    ) {
        register(Representation(type: type.identifier, kind: .data, visibility: visibility, source: .handler(DataHandler(loadHandler))))
    }

    /// Registers a file (`registerFileRepresentation(for:visibility:openInPlace:loadHandler:)`,
    /// with the file known at once).
    public mutating func registerFileRepresentation(
        for type: UTType, visibility: Visibility = .all, openInPlace: Bool = false, fileAt path: String
    ) {
        register(Representation(type: type.identifier, kind: .file, visibility: visibility, openInPlace: openInPlace, source: .path(path)))
    }

    /// The bytes of the first representation that conforms to `type`, as
    /// `loadDataRepresentation(for:)` delivers them: a file's contents (a folder's as a zip
    /// archive), an inline value, a converter's output, or what a handler returns.
    public func loadDataRepresentation(for type: UTType, converters: ConverterRegistry = .builtIn) async throws -> [UInt8] {
        guard let representation = representations.first(where: { UTType($0.type)?.conforms(to: type) ?? false }) else {
            throw UTIError(.notFound, "no representation conforms to \(type.identifier) (registered: \(registeredTypeIdentifiers.joined(separator: ", ")))")
        }
        return try await bytes(of: representation, converters: converters, depth: 0)
    }

    /// A file for the first representation that conforms to `type`, as
    /// `loadInPlaceFileRepresentation(for:)` gives it: the original when it was registered to open
    /// in place (`isInPlace` true), otherwise a copy in a new temporary folder (`isInPlace` false),
    /// which the caller owns, under `temporaryFolder` (a server passes its own, or
    /// `Environment.temporaryFolder`; nothing here reads `TMPDIR`).
    public func loadInPlaceFileRepresentation(
        for type: UTType, converters: ConverterRegistry = .builtIn, temporaryFolder: String = "/tmp"
    ) async throws -> (path: String, isInPlace: Bool) {
        if let inPlace = representations.first(where: { (UTType($0.type)?.conforms(to: type) ?? false) && Loader.opensInPlace($0) }),
            case .path(let path) = inPlace.source
        {
            return (path, true)
        }
        let bytes = try await loadDataRepresentation(for: type, converters: converters)
        let base = temporaryFolder
        var template = Array((base + "/uti-load-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileContents.error(path: base, errno: errno)
        }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let name = Loader.fileName(suggested: suggestedName, index: 0, extension: type.preferredFilenameExtension)
        let path = folder + "/" + name.stem + (name.extension.map { "." + $0 } ?? "")
        // In a folder only the caller can enter, readable by the caller alone.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileContents.error(path: path, errno: errno) }
        defer { close(descriptor) }
        try FileContents.write(bytes[...], to: descriptor, path: path)
        return (path, false)
    }

    func bytes(of representation: Representation, converters: ConverterRegistry, depth: Int) async throws -> [UInt8] {
        switch representation.source {
        case .handler(let handler):
            return try await handler.load()
        case .value(let value):
            return Array(value.utf8)
        case .path(let path):
            if Loader.isFolder(path) { return try converters.converter(named: "folder-to-zip")!.convert(.path(path)) }
            return try FileContents.read(path: path, limit: Converter.readLimit)
        case .derived(let from, let name):
            guard depth < 4, let converter = converters.converter(named: name),
                let source = self.representation(forType: from)
            else {
                throw UTIError(.invalidInput, "\(representation.type): cannot be derived from \(from) by \(name)")
            }
            if case .path(let path) = source.source { return try converter.convert(.path(path)) }
            return try converter.convert(.bytes(try await bytes(of: source, converters: converters, depth: depth + 1)))
        case .object(let className, let path, let name):
            guard let path else { throw Loader.unencodable(representation.type, className: className) }
            guard let name else { return try FileContents.read(path: path, limit: Converter.readLimit) }
            guard let converter = converters.converter(named: name) else {
                throw UTIError(.invalidInput, "\(representation.type): unknown converter \(name)")
            }
            return try converter.convert(.path(path))
        }
    }
}

/// A type a provider can load objects of, as `NSItemProviderReading`: the types it reads in its
/// order of preference, and how it makes itself from one of them.
public protocol ItemProviderReading {
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    static func object(withItemProviderData data: [UInt8], typeIdentifier: String) throws -> Self
}

/// A type a provider can be made from, as `NSItemProviderWriting`: the types it writes, highest
/// fidelity first, and their bytes.
public protocol ItemProviderWriting: Sendable {
    /// The types every object of the type writes.
    static var writableTypeIdentifiersForItemProvider: [String] { get }
    /// The types this object writes (Apple's instance property: a file URL adds public.file-url
    /// to what every URL writes); by default the type's list.
    var writableTypeIdentifiersForItemProvider: [String] { get }
    func itemProviderData(forTypeIdentifier typeIdentifier: String) async throws -> [UInt8]
}

extension ItemProviderWriting {
    /// The types this value writes, as its class says.
    public var writableTypeIdentifiersForItemProvider: [String] { Self.writableTypeIdentifiersForItemProvider }
}

extension ItemProvider {
    /// A provider for an object: each writable type, in the object's order, as a data
    /// representation its `itemProviderData(forTypeIdentifier:)` produces when loaded.
    public init<Object: ItemProviderWriting>(object: Object) {
        self.init()
        for identifier in object.writableTypeIdentifiersForItemProvider {
            let type = UTType(identifier) ?? UTType(importedAs: identifier)
            registerDataRepresentation(for: type) { try await object.itemProviderData(forTypeIdentifier: identifier) }
        }
    }

    /// The readable type an object of `Class` would be made from, and the representation that
    /// gives it: the class's order is the outer loop, an exact type before a conforming one, as
    /// `uti drop --class` negotiates.
    func readable<Class: ItemProviderReading>(_ type: Class.Type) -> (requested: String, representation: Representation)? {
        let catalog = TypeCatalog.current
        let choice = Negotiation.TakesIndex(.readableTypes(Class.readableTypeIdentifiersForItemProvider), catalog: catalog)
            .choose(representations, catalog: catalog)
        guard let choice, let representation = choice.representation else { return nil }
        return (choice.requested, representation)
    }

    /// Whether an object of `Class` can be loaded (`canLoadObject(ofClass:)`).
    public func canLoadObject<Class: ItemProviderReading>(ofClass type: Class.Type) -> Bool { readable(type) != nil }

    /// Loads an object of `Class` (`loadObject(ofClass:)`): the bytes of the representation its
    /// readable types pick, made into the object.
    public func loadObject<Class: ItemProviderReading>(ofClass type: Class.Type, converters: ConverterRegistry = .builtIn) async throws -> Class {
        guard let (_, representation) = readable(type) else {
            throw UTIError(
                .notFound, "no representation is among \(Class.self)'s readable types (\(Class.readableTypeIdentifiersForItemProvider.joined(separator: ", ")))"
            )
        }
        let data = try await bytes(of: representation, converters: converters, depth: 0)
        return try Class.object(withItemProviderData: data, typeIdentifier: representation.type)
    }
}

/// Strings read and write UTF-8 text, as NSString does with its plain-text types (uti's model:
/// the class preset's readable types).
extension String: ItemProviderReading, ItemProviderWriting {
    /// The types the class reads, in preference order (the class preset's list).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        DropDestination.readableTypes(ofClass: "NSString") ?? ["public.utf8-plain-text"]
    }

    /// The types the class writes, in fidelity order.
    public static var writableTypeIdentifiersForItemProvider: [String] {
        ClassPreset.named("NSString")?.writable.map(\.type) ?? ["public.utf8-plain-text"]
    }

    /// The string in `data` of `typeIdentifier` (decoded to UTF-8).
    public static func object(withItemProviderData data: [UInt8], typeIdentifier: String) throws -> String {
        try TextConversion.decode(data, label: typeIdentifier)
    }

    /// The value's bytes as `typeIdentifier`.
    public func itemProviderData(forTypeIdentifier typeIdentifier: String) async throws -> [UInt8] { Array(utf8) }
}

/// URLs read and write as NSURL does (the class preset): every URL writes public.url, a file URL
/// public.file-url as well; they read either URL type, or UTF-8 text that holds one URL.
extension URL: ItemProviderReading, ItemProviderWriting {
    /// The types the class reads, in preference order (the class preset's list).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        DropDestination.readableTypes(ofClass: "NSURL") ?? ["public.url"]
    }

    /// What Apple documents for the class: public.url (not public.file-url, which only file URLs write).
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }

    /// The types this URL writes: public.file-url first for a file URL, then public.url.
    public var writableTypeIdentifiersForItemProvider: [String] {
        isFileURL ? (ClassPreset.named("NSURL")?.writable.map(\.type) ?? ["public.file-url", "public.url"]) : ["public.url"]
    }

    /// The URL in `data` of `typeIdentifier` (a URL type, or UTF-8 text holding one).
    public static func object(withItemProviderData data: [UInt8], typeIdentifier: String) throws -> URL {
        let text = try TextConversion.decode(data, label: typeIdentifier)
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first ?? ""
        let trimmed = line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        guard let url = URL(string: String(trimmed)), url.scheme != nil else {
            throw UTIError(.invalidInput, "\(typeIdentifier): not a URL")
        }
        return url
    }

    /// The value's bytes as `typeIdentifier`.
    public func itemProviderData(forTypeIdentifier typeIdentifier: String) async throws -> [UInt8] { Array(absoluteString.utf8) }
}

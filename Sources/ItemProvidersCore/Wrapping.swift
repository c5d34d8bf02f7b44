import FileAccess
import UniformTypes

/// What a wrapper needs to know of an identified file: its name, how messages call it, its type
/// and file-system kind. `uti` makes one from an `Inference`; a program can make one from any
/// identification it has, so that this library needs no content sniffer.
public struct IdentifiedFile: Sendable {
    /// The last component of its path, which suggests the provider's name.
    public var name: String
    /// The path as messages show it.
    public var label: String
    /// Its type, when it was identified.
    public var type: UTType?
    /// The file-system kind (`file`, `directory`, ...), when known.
    public var kind: String?

    /// A file called `name` (`label` in messages), of `type`, of file-system `kind` (`directory` for a folder).
    public init(name: String, label: String, type: UTType?, kind: String?) {
        self.name = name
        self.label = label
        self.type = type
        self.kind = kind
    }

    var isRegularFile: Bool { kind == "file" }
}

/// Makes item providers for files, as `NSItemProvider(contentsOf:)` does: the file's type, then
/// (as the legacy initializer registers them) its URL types. With `includeDerived`, what uti's
/// converters can derive from the file follows the file's own type, by fidelity: what a source
/// application that converts would offer, never what Apple's initializer offers by itself.
public struct Wrapper {
    /// The catalog that types are looked up in.
    public var catalog: TypeCatalog
    /// The converters derived representations name.
    public var converters: ConverterRegistry
    /// Whether to add representations converters derive (plain text from HTML, ...).
    public var includeDerived = false
    /// Whether to add public.file-url and public.url, as NSItemProvider(contentsOf:) does.
    public var includeURLs = true
    /// Whether file representations are registered open in place.
    public var openInPlace = false
    /// The folder a relative path is made absolute against, for the URL types.
    public var workingFolder = WorkingFolder.current

    /// A wrapper looking types up in `catalog`.
    public init(catalog: TypeCatalog, converters: ConverterRegistry = .builtIn) {
        self.catalog = catalog
        self.converters = converters
    }

    /// The provider for an identified file; `path` is what the session records (absolute unless
    /// the caller wants relative paths); the URLs always carry the absolute path.
    public func provider(for file: IdentifiedFile, path: String) -> ItemProvider {
        var provider = ItemProvider(suggestedName: Self.suggestedName(for: file.name))
        guard let type = file.type else { return provider }
        provider.register(
            Representation(
                type: type.identifier, kind: .file, openInPlace: openInPlace && file.isRegularFile, source: .path(path)))
        if includeDerived {
            for derivation in converters.derivations(from: type, in: catalog) {
                provider.register(
                    Representation(
                        type: derivation.type, kind: .data,
                        source: .derived(from: derivation.from, converter: derivation.converter.name)))
            }
        }
        if includeURLs {
            let url = Self.fileURL(absolutePath: Self.absolute(path, in: workingFolder))
            provider.register(Representation(type: "public.file-url", kind: .url, source: .value(url)))
            provider.register(Representation(type: "public.url", kind: .url, source: .value(url)))
        }
        return provider
    }

    /// The provider an application makes with `NSItemProvider(object:)` from an object of class
    /// `className` that it made from the identified file: the class's writable types in its
    /// order, as the preset lists them (`ClassPreset.writable`), with no suggested name, as Apple's
    /// initializer leaves it. Each type's bytes are the file's when the file already has the type
    /// (or the type is the class's own archive, which uti stands in for with the file), else a
    /// converter's from the file; a type uti cannot produce is offered all the same, since the
    /// class offers it, and fails only when loaded. The class must be able to read the file
    /// (or, for NSURL, be made from its URL).
    public func objectProvider(for file: IdentifiedFile, path: String, className: String) throws(UTIError) -> ItemProvider {
        guard let preset = ClassPreset.named(className) else {
            throw UTIError(.invalidInput, "--object \(className): unknown class (known: \(DropDestination.classPresets.map(\.name).joined(separator: ", ")))")
        }
        var provider = ItemProvider()
        if preset.madeFrom == .url {
            let url = Self.fileURL(absolutePath: Self.absolute(path, in: workingFolder))
            for entry in preset.writable { provider.register(Representation(type: entry.type, kind: .url, source: .value(url))) }
            return provider
        }
        let label = file.label
        guard let type = file.type, file.isRegularFile else {
            throw UTIError(
                .invalidInput, "\(label): \(className) is made from a file's contents; this is a \(file.kind ?? "path of unknown kind")")
        }
        let reads = preset.readable.contains { entry in catalog.type(identifier: entry.type).map { type.conforms(to: $0) } ?? false }
        guard reads else {
            throw UTIError(
                .invalidInput,
                "\(label): \(className) cannot be made from \(type.identifier) (\(className) reads \(preset.readable.map(\.type).joined(separator: ", ")))")
        }
        let derivations = converters.derivations(from: type, in: catalog).filter { $0.from.caseFolded == type.identifier.caseFolded }
        for entry in preset.writable {
            let target = catalog.type(identifier: entry.type)
            var source = Representation.Source.object(className: className, path: nil, converter: nil)
            if entry.isNative || target.map({ type.conforms(to: $0) }) == true {
                source = .object(className: className, path: path, converter: nil)
            } else if let route = derivations.first(where: { $0.type.caseFolded == entry.type.caseFolded }) {
                source = .object(className: className, path: path, converter: route.converter.name)
            } else if let encoder = converters.encoder(to: entry.type, from: type, in: catalog) {
                source = .object(className: className, path: path, converter: encoder.name)
            }
            provider.register(Representation(type: entry.type, kind: .data, source: source))
        }
        return provider
    }

    /// The name without its extension, as Finder and UIKit suggest it.
    public static func suggestedName(for fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// `path` made absolute against `folder` (the process's working directory by default), with
    /// `.` and `..` resolved textually.
    public static func absolute(_ path: String, in folder: WorkingFolder = .current) -> String {
        guard !path.hasPrefix("/") else { return joinPath("/", path) }
        if let base = folder.path { return joinPath(base, path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return joinPath("/", path) }
        return joinPath(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), path)
    }

    /// A `file://` URL, percent-encoding everything but unreserved characters and `/`.
    public static func fileURL(absolutePath: String) -> String {
        var url = "file://"
        for byte in absolutePath.utf8 {
            let safe =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || "-._~/".utf8.contains(byte)
            if safe {
                url.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                url += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return url
    }
}

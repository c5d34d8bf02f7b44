#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TypeInference
import UniformTypes

/// Makes item providers for files, as `NSItemProvider(contentsOf:)` does: the file's type, then
/// (as the legacy initializer registers them) its URL types. With `includeDerived`, what uti's
/// converters can derive from the file follows the file's own type, by fidelity: what a source
/// application that converts would offer, never what Apple's initializer offers by itself.
public struct Wrapper {
    public var catalog: TypeCatalog
    public var converters: ConverterRegistry
    public var includeDerived = false
    public var includeURLs = true
    public var openInPlace = false

    public init(catalog: TypeCatalog, converters: ConverterRegistry = .builtIn) {
        self.catalog = catalog
        self.converters = converters
    }

    /// The provider for an identified file; `path` is what the session records (absolute unless
    /// the caller wants relative paths); the URLs always carry the absolute path.
    public func provider(for inference: Inference, path: String) -> ItemProvider {
        var provider = ItemProvider(suggestedName: Self.suggestedName(for: inference.path.lastComponent))
        guard let type = inference.type else { return provider }
        provider.register(Representation(
            type: type.identifier, kind: .file, openInPlace: openInPlace && inference.kind == .file, source: .path(path)))
        if includeDerived {
            for derivation in converters.derivations(from: type, in: catalog) {
                provider.register(Representation(
                    type: derivation.type, kind: .data,
                    source: .derived(from: derivation.from, converter: derivation.converter.name)))
            }
        }
        if includeURLs {
            let url = Self.fileURL(absolutePath: Self.absolute(path))
            provider.register(Representation(type: "public.file-url", kind: .url, source: .value(url)))
            provider.register(Representation(type: "public.url", kind: .url, source: .value(url)))
        }
        return provider
    }

    /// The name without its extension, as Finder and UIKit suggest it.
    public static func suggestedName(for fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved textually.
    public static func absolute(_ path: String) -> String {
        var base = "/"
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                base = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return joinPath(base, path)
    }

    /// A `file://` URL, percent-encoding everything but unreserved characters and `/`.
    public static func fileURL(absolutePath: String) -> String {
        var url = "file://"
        for byte in absolutePath.utf8 {
            let safe = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
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

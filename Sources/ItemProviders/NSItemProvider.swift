#if !canImport(Darwin)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Foundation
import UniformTypes

/// Which processes may see a representation, as `NSItemProviderRepresentationVisibility` says.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    case all = 0
    case team = 1
    case group = 2
    case ownProcess = 3

    var visibility: Visibility {
        switch self {
        case .all: .all
        case .team: .team
        case .group: .group
        case .ownProcess: .ownProcess
        }
    }
}

/// `NSItemProviderFileOptions`: a file representation that opens in place.
public struct NSItemProviderFileOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Options of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The file may be opened in place (NSItemProviderFileOptionOpenInPlace).
    public static let openInPlace = NSItemProviderFileOptions(rawValue: 1)
}

/// Apple's `NSItemProvider` on Linux, where Foundation has none: a class with completion
/// handlers, `Data`, `URL` and `Progress`, over uti's value type `ItemProvider` and its async
/// loads, so that code written for Apple's platforms compiles unchanged. Handlers run on a
/// task of their own, never on the caller's thread, as Apple's run on a background queue.
public final class NSItemProvider: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: ItemProvider
    /// The types the running catalog resolves identifiers against.
    public let catalog: TypeCatalog

    /// The value this provider wraps (a copy).
    public var itemProvider: ItemProvider { lock.withLock { storage } }

    /// An empty provider, as `NSItemProvider()`.
    public init() {
        storage = ItemProvider()
        catalog = .current
    }

    /// The class over an existing `ItemProvider`, looking types up in `catalog`.
    public init(_ provider: ItemProvider, catalog: TypeCatalog = .current) {
        storage = provider
        self.catalog = catalog
    }

    /// A provider for an object, registering what the object writes (`init(object:)`).
    public convenience init<Object: ItemProviderWriting>(object: Object) {
        self.init(ItemProvider(object: object))
    }

    /// A provider for a file, typed by its extension, with its name suggested
    /// (`init(contentsOf:)`); nil for a URL that is not a file's.
    public convenience init?(contentsOf fileURL: URL) {
        guard fileURL.isFileURL else { return nil }
        var provider = ItemProvider(suggestedName: fileURL.deletingPathExtension().lastPathComponent)
        let type = UTType(filenameExtension: fileURL.pathExtension) ?? .data
        provider.register(Representation(type: type.identifier, kind: .file, source: .path(fileURL.path)))
        // The same URL types `uti wrap` registers (Wrapper.provider(for:path:)): the legacy
        // initializer offers the file's URL as public.file-url and public.url after its type.
        let url = Wrapper.fileURL(absolutePath: Wrapper.absolute(fileURL.path))
        provider.register(Representation(type: "public.file-url", kind: .url, source: .value(url)))
        provider.register(Representation(type: "public.url", kind: .url, source: .value(url)))
        self.init(provider)
    }

    /// The name a destination gives what it writes.
    public var suggestedName: String? {
        get { lock.withLock { storage.suggestedName } }
        set { lock.withLock { storage.suggestedName = newValue } }
    }

    /// The registered types' identifiers, highest fidelity first.
    public var registeredTypeIdentifiers: [String] { itemProvider.registeredTypeIdentifiers }
    /// The registered types, highest fidelity first.
    public var registeredContentTypes: [UTType] { itemProvider.registeredContentTypes }

    /// The registered types whose file representations have `fileOptions`.
    public func registeredTypeIdentifiers(fileOptions: NSItemProviderFileOptions) -> [String] {
        itemProvider.representations.filter { !fileOptions.contains(.openInPlace) || Loader.opensInPlace($0) }.map(\.type)
    }

    /// Whether some representation conforms to `typeIdentifier`.
    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        itemProvider.hasItemConforming(toTypeIdentifier: typeIdentifier, in: catalog)
    }

    /// Whether some representation conforms to `typeIdentifier` with `fileOptions`.
    public func hasRepresentationConforming(toTypeIdentifier typeIdentifier: String, fileOptions: NSItemProviderFileOptions = []) -> Bool {
        guard let type = UTType(typeIdentifier) else { return false }
        return itemProvider.hasRepresentationConforming(to: type, openInPlace: fileOptions.contains(.openInPlace))
    }

    /// Registers data a handler delivers when loaded (`registerDataRepresentation(forTypeIdentifier:visibility:loadHandler:)`).
    public func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) {
        let handler = DataHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
                _ = loadHandler { data, error in
                    if let data {
                        continuation.resume(returning: [UInt8](data))
                    } else {
                        continuation.resume(throwing: error ?? UTIError(.ioError, "\(typeIdentifier): the load handler delivered no data"))
                    }
                }
            }
        }
        lock.withLock {
            storage.register(Representation(type: typeIdentifier, kind: .data, visibility: visibility.visibility, source: .handler(handler)))
        }
    }

    /// Registers a data representation whose bytes `loadHandler` delivers through its completion handler.
    public func registerDataRepresentation(
        for contentType: UTType, visibility: NSItemProviderRepresentationVisibility = .all,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) {
        registerDataRepresentation(forTypeIdentifier: contentType.identifier, visibility: visibility, loadHandler: loadHandler)
    }

    /// Registers a file at a known URL (the common use of `registerFileRepresentation`).
    public func registerFileRepresentation(
        for contentType: UTType, visibility: NSItemProviderRepresentationVisibility = .all, openInPlace: Bool = false, fileURL: URL
    ) {
        lock.withLock {
            storage.registerFileRepresentation(for: contentType, visibility: visibility.visibility, openInPlace: openInPlace, fileAt: fileURL.path)
        }
    }

    /// Loads the first representation conforming to the type as data (`loadDataRepresentation(forTypeIdentifier:completionHandler:)`).
    @discardableResult
    public func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
        guard let type = UTType(typeIdentifier) else {
            return finish { completionHandler(nil, Self.unknownType(typeIdentifier)) }
        }
        return loadDataRepresentation(for: type, completionHandler: completionHandler)
    }

    /// Loads the bytes of the first representation conforming to `contentType`; calls `completionHandler` once.
    @discardableResult
    public func loadDataRepresentation(for contentType: UTType, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress {
        let provider = itemProvider
        return start { progress in
            do {
                let bytes = try await provider.loadDataRepresentation(for: contentType)
                progress.completedUnitCount = 1
                completionHandler(Data(bytes), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Loads a copy of the representation as a file the handler may read until it returns
    /// (`loadFileRepresentation(forTypeIdentifier:completionHandler:)`).
    @discardableResult
    public func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress {
        guard let type = UTType(typeIdentifier) else {
            return finish { completionHandler(nil, Self.unknownType(typeIdentifier)) }
        }
        let provider = itemProvider
        return start { progress in
            do {
                let (path, isInPlace) = try await provider.loadInPlaceFileRepresentation(
                    for: type, temporaryFolder: FileManager.default.temporaryDirectory.path)
                progress.completedUnitCount = 1
                completionHandler(URL(fileURLWithPath: path), nil)
                // Apple removes the copy when the handler returns; the original stays.
                if !isInPlace { try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent()) }
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// The original file when it was registered to open in place, else a copy
    /// (`loadInPlaceFileRepresentation(forTypeIdentifier:completionHandler:)`).
    @discardableResult
    public func loadInPlaceFileRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress {
        guard let type = UTType(typeIdentifier) else {
            return finish { completionHandler(nil, false, Self.unknownType(typeIdentifier)) }
        }
        let provider = itemProvider
        return start { progress in
            do {
                let (path, isInPlace) = try await provider.loadInPlaceFileRepresentation(
                    for: type, temporaryFolder: FileManager.default.temporaryDirectory.path)
                progress.completedUnitCount = 1
                completionHandler(URL(fileURLWithPath: path), isInPlace, nil)
            } catch {
                completionHandler(nil, false, error)
            }
        }
    }

    /// Whether some representation is a type `aClass` reads.
    public func canLoadObject<Class: ItemProviderReading>(ofClass aClass: Class.Type) -> Bool {
        itemProvider.canLoadObject(ofClass: aClass)
    }

    /// Makes an object of the class from the best representation it reads (`loadObject(ofClass:completionHandler:)`).
    @discardableResult
    public func loadObject<Class: ItemProviderReading & Sendable>(
        ofClass aClass: Class.Type, completionHandler: @escaping @Sendable (Class?, (any Error)?) -> Void
    ) -> Progress {
        let provider = itemProvider
        return start { progress in
            do {
                let object = try await provider.loadObject(ofClass: aClass)
                progress.completedUnitCount = 1
                completionHandler(object, nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// The error a load reports for an identifier that is no type identifier.
    private static func unknownType(_ typeIdentifier: String) -> UTIError {
        UTIError(.invalidInput, "\(typeIdentifier): not a type identifier")
    }

    private func start(_ work: @escaping @Sendable (Progress) async -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let box = ProgressBox(progress)
        Task.detached { await work(box.progress) }
        return progress
    }

    private func finish(_ report: @escaping @Sendable () -> Void) -> Progress {
        start { _ in report() }
    }
}

/// Progress is a class Foundation shares between threads by design; the box says so to Swift 6.
private final class ProgressBox: @unchecked Sendable {
    let progress: Progress
    init(_ progress: Progress) { self.progress = progress }
}
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The catalog of the running process: the built-in one, plus the types `UTType(exportedAs:)`
/// declared since. `UTType(_:)`, `UTType(filenameExtension:)`, `UTType(mimeType:)`,
/// `UTType(tag:tagClass:conformingTo:)` and `UTType.types(tag:tagClass:conformingTo:)` look
/// types up here, as Apple's look them up among the types the system and the app declare.
extension TypeCatalog {
    private static let lock = Lock()
    /// The running catalog once built; nil until the first lookup after `use`.
    nonisolated(unsafe) private static var running: TypeCatalog?
    /// What the running catalog is built on.
    nonisolated(unsafe) private static var base: @Sendable () -> TypeCatalog = { .builtIn }
    /// What `declare` added, kept so that a new base keeps them.
    nonisolated(unsafe) private static var declared: [TypeDeclaration] = []

    /// The running catalog: the built-in catalog, or the base a program chose with `use(_:)` (the
    /// command-line tool: SharedMIMEInfo's `TypeCatalog.system`, with the system's
    /// shared-mime-info types), with every type this process has exported so far.
    public static var current: TypeCatalog { lock.withLock { resolved() } }

    /// Builds the running catalog on the base, when it is not built yet; under the lock.
    private static func resolved() -> TypeCatalog {
        if let running { return running }
        let foundation = base()
        let built = (try? foundation.adding(declared)) ?? foundation
        running = built
        return built
    }

    /// Makes the catalog `base` returns the one the running catalog is built on, the types
    /// declared so far added to it again. It is called on the first lookup, not now, so a
    /// program that never looks a type up never builds it. This module reads no files: a program
    /// that wants the system's types passes them in (`TypeCatalog.use { .system }`, with
    /// SharedMIMEInfo imported).
    public static func use(_ base: @escaping @Sendable () -> TypeCatalog) {
        lock.withLock {
            self.base = base
            running = nil
        }
    }

    /// Declares `declarations` in the running catalog, as an app's Info.plist would; exported
    /// beats imported beats built-in, as for declaration files.
    public static func declare(_ declarations: [TypeDeclaration]) throws(UTIError) {
        let failure: UTIError? = lock.withLock {
            do throws(UTIError) {
                running = try resolved().adding(declarations)
                declared += declarations
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}

extension UTType {
    /// A type the program owns, as Apple's `init(exportedAs:conformingTo:)`: Apple returns the type
    /// the app's Info.plist exports. uti has no Info.plist to read, so the first call declares the
    /// type in the running catalog (conforming to `parentType`, else public.data) and later calls
    /// return it; a type already declared with this identifier (built in, or from a declarations
    /// file added to the running catalog) is returned as declared. A malformed identifier traps, as
    /// a programming error does in Apple's.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        if let declared = TypeCatalog.current.type(identifier: identifier), declared.isDeclared {
            self = declared
            return
        }
        let declaration = TypeDeclaration(
            identifier: identifier, conformsTo: [(parentType ?? .data).identifier], tags: TagSpecification(),
            description: "", referenceURL: nil, declarer: .exported(source: "UTType(exportedAs:)"), entry: "exportedAs")
        do {
            try TypeCatalog.declare([declaration])
        } catch {
            preconditionFailure("UTType(exportedAs: \(identifier)): \(error.message)")
        }
        self = TypeCatalog.current.type(identifier: identifier)!
    }

    /// A type another party owns, as Apple's `init(importedAs:conformingTo:)`: the declared type
    /// with this identifier when there is one; otherwise a type of that identifier that nothing
    /// declares (`isDeclared` false, `isDynamic` true), conforming to `parentType` when given.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        if let declared = TypeCatalog.current.type(identifier: identifier), declared.isDeclared {
            self = declared
            return
        }
        self = UTType(catalog: TypeCatalog.current, dynamic: DynamicType(undeclared: identifier, conformsTo: parentType.map { [$0.identifier] } ?? []))
    }
}

/// Encoded as Apple encodes a UTType: its identifier, as a single string.
extension UTType: Codable {
    /// The type whose identifier the decoder holds, looked up in the running catalog (an undeclared identifier gives a dynamic type, as `UTType(importedAs:)` does).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard TypeDeclaration.isWellFormed(identifier: identifier) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(identifier) is not a type identifier")
        }
        // A dyn. identifier decodes to its dynamic type; any other, to the declared type or, when
        // nothing declares it, to an undeclared one, so that encoding and decoding lose nothing.
        self = UTType(identifier) ?? UTType(importedAs: identifier)
    }

    /// Encodes the identifier, as Apple's `UTType` does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

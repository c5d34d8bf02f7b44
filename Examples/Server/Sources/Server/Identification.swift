import SharedMIMEInfo
import TypeInference
import UniformTypes

/// What the server knows, made once at start from the environment and the tenants' declarations,
/// and shared by every request: nothing here reads the process's state.
struct Identification: Sendable {
    /// The variables the libraries read (`XDG_DATA_DIRS` for shared-mime-info, `MAGIC` for
    /// libmagic's database, `XDG_CACHE_HOME` for uti's cache).
    let environment: Environment
    /// The system's shared-mime-info database, or nil.
    let database: SharedMIMEDatabase?
    /// The catalog of requests without a tenant: the built-in types and the database's.
    let systemCatalog: TypeCatalog
    /// Each tenant's catalog: the system's with the tenant's own declarations added.
    let tenantCatalogs: [String: TypeCatalog]

    /// The most bytes of an upload that are read.
    static let uploadLimit = 16 << 20

    init(environment: Environment, tenants: [String: [UInt8]]) throws(UTIError) {
        self.environment = environment
        database = SharedMIMEDatabase.system(in: environment)
        systemCatalog = TypeCatalog.system(in: environment)
        var catalogs: [String: TypeCatalog] = [:]
        for (tenant, declarations) in tenants {
            catalogs[tenant] = try systemCatalog.adding(TypeDeclarations.parse(declarations, source: "tenants/\(tenant).json"))
        }
        tenantCatalogs = catalogs
    }

    /// The catalog a request identifies with: its tenant's, or the system's without one; nil for
    /// a tenant the server does not know.
    func catalog(forTenant tenant: String?) -> TypeCatalog? {
        guard let tenant else { return systemCatalog }
        return tenantCatalogs[tenant]
    }

    /// What `bytes`, uploaded under `name`, are, in `catalog`. An inferrer is made for the request
    /// (an inferrer serves one thread at a time); libmagic's database is loaded only when uti's
    /// own checks leave the bytes to it.
    func identify(_ bytes: [UInt8], name: String?, in catalog: TypeCatalog) -> Answer {
        let inferrer = TypeInferrer(
            catalog: catalog, database: database, sniffer: MagicSniffer.loadingWhenFirstAsked(environment: environment),
            environment: environment)
        let inference = inferrer.infer(bytes: bytes, totalSize: bytes.count, name: name, path: RawPath("upload"))
        return Answer(
            name: name, type: inference.type?.identifier, mimeType: inference.type.map { _ in FileMIME.mimeType(of: inference) },
            conformsTo: inference.type?.orderedSupertypes.map(\.identifier) ?? [], decidedBy: inference.decidedBy?.rawValue,
            error: inference.error?.message)
    }
}

/// The answer to one upload, as JSON.
struct Answer: Codable, Sendable, Equatable {
    var name: String?
    var type: String?
    var mimeType: String?
    var conformsTo: [String]
    var decidedBy: String?
    var error: String?
}

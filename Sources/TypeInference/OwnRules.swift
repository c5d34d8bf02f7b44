import SharedMIMEInfo
import UniformTypes

/// uti's own content rules: `Catalog/shared-mime-info/uti.xml`, a shared-mime-info package
/// compiled by update-mime-database when the catalog is generated, evaluated by the same engine as
/// the system's database (`SharedMIMESniffer`). Adding a format is a rule there, a type in the
/// catalog data, and a fixture.
///
/// A rule of `decisivePriority` or more is an exact signature: its match decides binary content
/// without libmagic. What the rule language cannot say stays in Swift (`ContentChecks`): the MZ
/// header's pointer to a PE, NE or LX header, CPython's list of bytecode magic numbers, zip
/// containers by their entries, and the text checks.
public enum OwnRules {
    /// The compiled rules, laid out as a `mime.cache` (`compiled`, generated) and kept in the
    /// cache folder `environment` names for the next run of this program (`CompiledRulesCache`);
    /// laid out once per process (the first caller's folder is the one read and written); nil
    /// only if they were damaged.
    public static func database(in environment: Environment) -> SharedMIMEDatabase? {
        lock.withLock {
            if let built { return built }
            let database =
                SharedMIMEDatabase(cacheBytes: CompiledRulesCache.bytes(in: environment) { compiled.bytes() })
                ?? SharedMIMEDatabase(cacheBytes: compiled.bytes())
            built = database
            return database
        }
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var built: SharedMIMEDatabase??

    /// The priority from which a rule of uti's decides without libmagic (shared-mime-info's own
    /// rules stay at or below 80, and an XML root element counts as 80).
    public static let decisivePriority = 90

    /// The type a rule's MIME type names: libmagic's spelling for a type Apple declares without a
    /// MIME type (`application/x-executable`, `font/collection`; also the names of libmagic's
    /// language guesses, `text/x-asm`, which a rule of uti's names without guessing), else among
    /// the catalog's types
    /// with that tag the one whose preferred MIME type it is (`application/pkix-cert` is a DER
    /// certificate's; a PEM certificate carries it too), else the first; nil when none knows it.
    public static func type(forMIMEType mimeType: String, in catalog: TypeCatalog) -> UTType? {
        if let identifier = MIMENames.identifier(libmagicSays: mimeType) {
            return catalog.type(identifier: identifier)
        }
        let types = catalog.types(tag: mimeType, tagClass: .mimeType, conformingTo: nil).filter { !$0.isDynamic }
        return types.first { $0.preferredMIMEType?.lowercased() == mimeType } ?? types.first
    }
}

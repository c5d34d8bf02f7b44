import FileAccess
import UniformTypes

/// What a converter reads: a file or folder on disk, or the bytes an earlier converter produced.
public enum ConversionInput: Sendable {
    case path(String)
    case bytes([UInt8])

    /// How messages name the input: the file's path, or "derived data".
    public var label: String {
        if case .path(let path) = self { return path }
        return "derived data"
    }

    /// The bytes, reading a file up to `limit`.
    public func bytes(limit: Int = Converter.readLimit) throws(UTIError) -> [UInt8] {
        switch self {
        case .bytes(let bytes): return bytes
        case .path(let path): return try FileContents.read(path: path, limit: limit)
        }
    }
}

/// A conversion from one type to another, applied only when a representation is loaded.
public struct Converter: Sendable {
    /// How much of a file a converter reads at most (text and property lists).
    public static let readLimit = 64 << 20

    /// The name that sessions record in `converter`, such as `html-to-text`.
    public let name: String
    /// The type the source must conform to.
    public let from: String
    /// The type produced.
    public let to: String
    /// Whether nothing is lost (an encoding change) or something is (tags stripped from HTML).
    public let isLossless: Bool
    /// A relative price; among equally faithful conversions the cheaper is listed first.
    public let cost: Int
    /// Only a class encoding its own types uses it (an image encoder): a file's derived
    /// representations (`wrap --derive`) never list it.
    public let objectOnly: Bool
    /// Produces the converted bytes, handing them to `write` in pieces.
    public let transform: @Sendable (ConversionInput, (ArraySlice<UInt8>) throws(UTIError) -> Void) throws(UTIError) -> Void
    /// What a dry run checks without converting (an image's size against uti's limit), so that
    /// it fails where the conversion would; nil checks nothing beyond the input being readable.
    public let check: (@Sendable (ConversionInput) throws(UTIError) -> Void)?

    /// A converter called `name` that turns `from` into `to`, and what it costs; `check` is what a
    /// dry run verifies instead of converting.
    public init(
        name: String, from: String, to: String, isLossless: Bool, cost: Int, objectOnly: Bool = false,
        check: (@Sendable (ConversionInput) throws(UTIError) -> Void)? = nil,
        transform: @escaping @Sendable (ConversionInput, (ArraySlice<UInt8>) throws(UTIError) -> Void) throws(UTIError) -> Void
    ) {
        self.check = check
        self.objectOnly = objectOnly
        self.name = name
        self.from = from
        self.to = to
        self.isLossless = isLossless
        self.cost = cost
        self.transform = transform
    }

    /// A converter whose whole output is computed from the whole input.
    static func whole(
        _ name: String, from: String, to: String, lossless: Bool, cost: Int,
        _ convert: @escaping @Sendable ([UInt8], String) throws(UTIError) -> [UInt8]
    ) -> Converter {
        Converter(name: name, from: from, to: to, isLossless: lossless, cost: cost) { (input, write) throws(UTIError) in
            try write(try convert(try input.bytes(), input.label)[...])
        }
    }

    /// Runs the conversion and collects its output.
    public func convert(_ input: ConversionInput) throws(UTIError) -> [UInt8] {
        var output: [UInt8] = []
        try transform(input) { (piece) throws(UTIError) in output.append(contentsOf: piece) }
        return output
    }
}

/// The converters uti knows, and the derived representations they make possible.
public struct ConverterRegistry: Sendable {
    /// The converters, in the order they are tried.
    public let converters: [Converter]

    /// A registry of `converters`.
    public init(converters: [Converter]) { self.converters = converters }

    /// The built-in converters: text of any kind or encoding to UTF-8, HTML and RTF to plain text,
    /// XML and binary property lists into each other, and a folder to a zip archive.
    public static let builtIn = ConverterRegistry(converters: [
        .whole("text-to-utf8", from: "public.text", to: "public.utf8-plain-text", lossless: true, cost: 1) {
            (bytes, label) throws(UTIError) in try TextConversion.utf8(from: bytes, label: label)
        },
        .whole("html-to-text", from: "public.html", to: "public.utf8-plain-text", lossless: false, cost: 2) {
            (bytes, label) throws(UTIError) in Array(TextConversion.plainText(fromHTML: try TextConversion.decode(bytes, label: label)).utf8)
        },
        .whole("rtf-to-text", from: "public.rtf", to: "public.utf8-plain-text", lossless: false, cost: 2) {
            (bytes, label) throws(UTIError) in Array(try TextConversion.plainText(fromRTF: bytes, label: label).utf8)
        },
        .whole(
            "xml-plist-to-binary", from: "com.apple.xml-property-list", to: "com.apple.binary-property-list",
            lossless: true, cost: 1
        ) { (bytes, label) throws(UTIError) in
            try PropertyListConversion.convert(bytes, label: label, toBinary: true)
        },
        .whole(
            "binary-plist-to-xml", from: "com.apple.binary-property-list", to: "com.apple.xml-property-list",
            lossless: true, cost: 1
        ) { (bytes, label) throws(UTIError) in
            try PropertyListConversion.convert(bytes, label: label, toBinary: false)
        },
        Converter(name: "folder-to-zip", from: "public.folder", to: "public.zip-archive", isLossless: true, cost: 3) {
            (input, write) throws(UTIError) in
            guard case .path(let path) = input else {
                throw UTIError(.invalidInput, "folder-to-zip: needs a folder on disk")
            }
            try ZipWriter.archive(folder: path, write: write)
        },
    ])

    /// The encoder a class uses to write `type` from a file of type `source`, if any.
    public func encoder(to type: String, from source: UTType, in catalog: TypeCatalog) -> Converter? {
        converters.first { converter in
            converter.objectOnly && converter.to.caseFolded == type.caseFolded
                && catalog.type(identifier: converter.from).map { source.conforms(to: $0) } == true
        }
    }

    /// The converter with this name.
    public func converter(named name: String) -> Converter? { converters.first { $0.name == name } }

    /// A representation that can be derived from an item, with how.
    public struct Derivation: Sendable {
        /// The type the derived representation offers.
        public let type: String
        /// The representation it is made from.
        public let from: String
        /// The converter that makes it.
        public let converter: Converter
        /// Whether nothing of the source is lost.
        public let isLossless: Bool
        /// How costly the conversion is, relative to the others (lower first).
        public let cost: Int
    }

    /// Every type reachable from `type` by conversions (at most three steps), in fidelity
    /// order: lossless before lossy, then by cost, then registry order. Each target type is
    /// listed once, by its best route; for one source, a converter from a more specific type
    /// beats a general one (HTML strips tags rather than passing text through).
    public func derivations(from type: UTType, in catalog: TypeCatalog) -> [Derivation] {
        var best: [String: Derivation] = [:]
        var order: [String] = []
        var frontier: [(type: UTType, lossless: Bool, cost: Int)] = [(type, true, 0)]
        var reached: Set<String> = [type.identifier.lowercased()]
        for _ in 0..<3 {
            var next: [(type: UTType, lossless: Bool, cost: Int)] = []
            for (source, lossless, cost) in frontier {
                for converter in applicable(to: source, in: catalog) {
                    let key = converter.to.lowercased()
                    guard key != type.identifier.lowercased() else { continue }
                    let candidate = Derivation(
                        type: converter.to, from: source.identifier, converter: converter,
                        isLossless: lossless && converter.isLossless, cost: cost + converter.cost)
                    if let existing = best[key] {
                        if Self.rank(candidate) < Self.rank(existing) { best[key] = candidate }
                        continue
                    }
                    best[key] = candidate
                    order.append(key)
                    if reached.insert(key).inserted, let target = catalog.type(identifier: converter.to) {
                        next.append((target, candidate.isLossless, candidate.cost))
                    }
                }
            }
            frontier = next
        }
        let positions = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return order.compactMap { best[$0] }.sorted { first, second in
            let (a, b) = (Self.rank(first), Self.rank(second))
            if a != b { return a < b }
            return positions[first.type.lowercased()]! < positions[second.type.lowercased()]!
        }
    }

    private static func rank(_ derivation: Derivation) -> (Int, Int) {
        (derivation.isLossless ? 0 : 1, derivation.cost)
    }

    /// The converters that apply to `source`: its type conforms to their `from`; for each target,
    /// only those whose `from` is most specific.
    func applicable(to source: UTType, in catalog: TypeCatalog) -> [Converter] {
        let matching = converters.filter { converter in
            guard !converter.objectOnly, let from = catalog.type(identifier: converter.from) else { return false }
            return source.conforms(to: from)
        }
        return matching.filter { converter in
            let from = catalog.type(identifier: converter.from)!
            return !matching.contains { other in
                other.to.lowercased() == converter.to.lowercased() && other.name != converter.name
                    && catalog.type(identifier: other.from).map { $0.isSubtype(of: from) } == true
            }
        }
    }
}

/// The one error type of uti: a stable machine-readable `code` and a full sentence that names the
/// path, entry or argument at fault. The command line prints `message`, puts `code` in JSON
/// records, and maps `code` to its exit status.
public struct UTIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for a kind of failure; it appears as `error.code` in JSON output.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's name, such as `io-error`.
        public let rawValue: String
        /// The code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// A path that does not exist.
        public static let notFound = Code(rawValue: "not-found")
        /// A path that exists but may not be read.
        public static let permissionDenied = Code(rawValue: "permission-denied")
        /// Any other failure of the operating system while reading.
        public static let ioError = Code(rawValue: "io-error")
        /// A type declaration file that is malformed, cyclic, or refers to undeclared types.
        public static let invalidDeclaration = Code(rawValue: "invalid-declaration")
        /// A document (session, destination, manifest) or argument that cannot be used.
        public static let invalidInput = Code(rawValue: "invalid-input")
        /// A file larger than the bound uti reads for its purpose.
        public static let tooLarge = Code(rawValue: "too-large")
        /// A path that is not a regular file where one is needed (a FIFO, a device, a folder).
        public static let notRegularFile = Code(rawValue: "not-regular-file")
    }

    /// What kind of failure it is, as a stable code (`not-found`, `invalid-input`, ...).
    public let code: Code
    /// One line for people: the path or entry and the cause.
    public let message: String

    /// An error of `code`, said by `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Whether the failure lies in what the user asked for (exit status 2) rather than in one of
    /// many paths being processed (exit status 1).
    public var isBadInput: Bool {
        code == .invalidDeclaration || code == .invalidInput
    }
}

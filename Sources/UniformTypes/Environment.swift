/// The environment variables a library reads, given by its caller: the libraries never read the
/// process's (no `getenv`), so a server can give each request a database, a cache folder or a
/// libmagic database of its own. The executable passes the process's (`main.swift`:
/// `Environment(cStrings: environ)`); a library user passes what it chooses, `.empty` for the
/// defaults (`/usr/local/share` and `/usr/share` for shared-mime-info, no cache, `/tmp`).
public struct Environment: Sendable, Equatable {
    /// The variables by name.
    public var variables: [String: String]

    /// An environment of exactly `variables`.
    public init(_ variables: [String: String] = [:]) {
        self.variables = variables
    }

    /// The variables of a C environment array (`NAME=value` strings up to a null pointer), such as
    /// the process's `environ`, which the executable passes; a string without `=` is skipped, and
    /// the first of two with one name is kept, as `getenv` finds it.
    public init(cStrings: UnsafePointer<UnsafeMutablePointer<CChar>?>?) {
        var variables: [String: String] = [:]
        var cursor = cStrings
        while let entry = cursor?.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "="), equals != text.startIndex {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            cursor = cursor.map { $0 + 1 }
        }
        self.variables = variables
    }

    /// No variables: every setting at its default.
    public static let empty = Environment()

    /// The value of `name`, or nil when it is not set.
    public subscript(name: String) -> String? { variables[name] }

    /// The value of `name` when it is set and not empty (the XDG base directory variables are
    /// treated as unset when empty).
    public func nonEmpty(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// This environment with `overrides` set over it.
    public func overriding(_ overrides: [String: String]) -> Environment {
        Environment(variables.merging(overrides) { $1 })
    }

    /// The folder for temporary files: `TMPDIR` when it is an absolute path, else `/tmp`.
    public var temporaryFolder: String {
        if let folder = nonEmpty("TMPDIR"), folder.hasPrefix("/") { return folder }
        return "/tmp"
    }
}

#if canImport(Glibc)
import Glibc
#endif
import UniformTypes

/// Shell-style globs over the file system: `*` and `?` within one name (not matching a leading
/// dot), `[...]` character classes (`[!...]` negates), `**` for any number of folders. Matches are
/// files, links and packages, never plain folders; results are sorted.
struct Glob {
    let pattern: String

    /// The paths under `base` that match, relative to `base` as the pattern is written.
    func matches(relativeTo base: String, isPackage: (String) -> Bool) -> [String] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var results: [String] = []
        let root = pattern.hasPrefix("/") ? "" : base
        walk(components[...], directory: pattern.hasPrefix("/") ? "/" : root, relative: pattern.hasPrefix("/") ? "/" : "",
             isPackage: isPackage, into: &results)
        return Array(Set(results)).sorted()
    }

    private func walk(
        _ components: ArraySlice<String>, directory: String, relative: String, isPackage: (String) -> Bool,
        into results: inout [String]
    ) {
        guard let first = components.first else { return }
        let rest = components.dropFirst()
        func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b) }
        if first == "**" {
            walk(rest, directory: directory, relative: relative, isPackage: isPackage, into: &results)
            for entry in Self.entries(of: directory) where !entry.hasPrefix(".") {
                let path = join(directory, entry)
                if Self.isFolder(path) && !isPackage(path) {
                    walk(components, directory: path, relative: join(relative, entry), isPackage: isPackage, into: &results)
                } else if rest.isEmpty {
                    results.append(join(relative, entry))
                }
            }
            return
        }
        let literal = !first.contains(where: { "*?[".contains($0) })
        let names = literal ? [first] : Self.entries(of: directory).filter { Self.match(first, $0) }
        for name in names {
            let path = join(directory, name)
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let folder = (status.st_mode & S_IFMT) == S_IFDIR && !isPackage(path)
            if rest.isEmpty {
                if !folder { results.append(join(relative, name)) }
            } else if folder || (status.st_mode & S_IFMT) == S_IFLNK && Self.isFolder(path) {
                walk(rest, directory: path, relative: join(relative, name), isPackage: isPackage, into: &results)
            }
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    static func entries(of directory: String) -> [String] {
        ((try? FileContents.entries(ofFolder: directory.isEmpty ? "." : directory)) ?? []).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` matches one pattern component.
    static func match(_ pattern: String, _ name: String) -> Bool {
        if name.hasPrefix(".") && !pattern.hasPrefix(".") { return false }
        return match(Array(pattern)[...], Array(name)[...])
    }

    private static func match(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        guard let head = pattern.first else { return name.isEmpty }
        switch head {
        case "*":
            var rest = name
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !name.isEmpty && match(pattern.dropFirst(), name.dropFirst())
        case "[":
            guard let character = name.first, let close = pattern.dropFirst(2).firstIndex(of: "]") else {
                return name.first == "[" && match(pattern.dropFirst(), name.dropFirst())
            }
            var set = pattern[(pattern.startIndex + 1)..<close]
            let negated = set.first == "!" || set.first == "^"
            if negated { set = set.dropFirst() }
            var found = false
            var index = set.startIndex
            while index < set.endIndex {
                if index + 2 < set.endIndex, set[index + 1] == "-" {
                    if set[index] <= character && character <= set[index + 2] { found = true }
                    index += 3
                } else {
                    if set[index] == character { found = true }
                    index += 1
                }
            }
            return found != negated && match(pattern[(close + 1)...], name.dropFirst())
        default:
            return name.first == head && match(pattern.dropFirst(), name.dropFirst())
        }
    }
}

import FileAccess
import UniformTypes

/// Shell-style globs over the file system: `*` and `?` within one name (not matching a leading
/// dot), `[...]` character classes (`[!...]` negates), `**` for any number of folders. Matches are
/// files, links and packages, never plain folders; results are sorted.
@_spi(Fuzzing) public struct Glob {
    let pattern: String

    /// What a glob found: the matching paths (sorted) and the folders it could not list, each
    /// as an error naming the folder, so that nothing is skipped in silence.
    struct Matches {
        var paths: [String] = []
        var failures: [UTIError] = []
    }

    /// The paths under `base` that match, relative to `base` as the pattern is written.
    func matches(relativeTo base: String, isPackage: (String) -> Bool) -> Matches {
        // `**/**` means what `**` means: consecutive ones are one.
        var components: [String] = []
        for component in pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        where !(component == "**" && components.last == "**") {
            components.append(component)
        }
        var found = Matches()
        let root = pattern.hasPrefix("/") ? "" : base
        var visited = Set<Visit>()
        walk(
            components[...], directory: pattern.hasPrefix("/") ? "/" : root, relative: pattern.hasPrefix("/") ? "/" : "",
            isPackage: isPackage, visited: &visited, into: &found)
        found.paths = Array(Set(found.paths)).sorted()
        return found
    }

    /// A folder reached with the pattern from one component on: reached again (several `**` can
    /// lead to the same folder), it has nothing new to give, so every walk is linear in the
    /// number of folders times the number of components.
    private struct Visit: Hashable {
        let component: Int
        let directory: String
    }

    private func walk(
        _ components: ArraySlice<String>, directory: String, relative: String, isPackage: (String) -> Bool,
        visited: inout Set<Visit>, into found: inout Matches
    ) {
        guard let first = components.first, visited.insert(Visit(component: components.startIndex, directory: directory)).inserted
        else { return }
        let rest = components.dropFirst()
        func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b) }
        func entries(of directory: String) -> [String] {
            do {
                return try FileContents.entries(ofFolder: directory.isEmpty ? "." : directory).map { String(decoding: $0, as: UTF8.self) }
            } catch {
                found.failures.append(error)
                return []
            }
        }
        if first == "**" {
            walk(rest, directory: directory, relative: relative, isPackage: isPackage, visited: &visited, into: &found)
            for entry in entries(of: directory) where !entry.hasPrefix(".") {
                let path = join(directory, entry)
                if Self.isFolder(path) && !isPackage(path) {
                    walk(components, directory: path, relative: join(relative, entry), isPackage: isPackage, visited: &visited, into: &found)
                } else if rest.isEmpty {
                    found.paths.append(join(relative, entry))
                }
            }
            return
        }
        let literal = !first.contains(where: { "*?[".contains($0) })
        let names: [String]
        if literal {
            names = [first]
        } else {
            let matcher = Pattern(first)
            names = entries(of: directory).filter { matcher.matches($0) }
        }
        for name in names {
            let path = join(directory, name)
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let folder = (status.st_mode & S_IFMT) == S_IFDIR && !isPackage(path)
            if rest.isEmpty {
                if !folder { found.paths.append(join(relative, name)) }
            } else if folder || (status.st_mode & S_IFMT) == S_IFLNK && Self.isFolder(path) {
                walk(rest, directory: path, relative: join(relative, name), isPackage: isPackage, visited: &visited, into: &found)
            }
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `name` matches one pattern component.
    @_spi(Fuzzing) public static func match(_ pattern: String, _ name: String) -> Bool { Pattern(pattern).matches(name) }

    /// One component of a glob, parsed once: literals, `?`, `*` and character classes.
    struct Pattern {
        enum Token: Equatable {
            case literal(Character)
            case any
            case star
            case set(negated: Bool, members: [ClosedRange<Character>])
        }

        let tokens: [Token]
        let allowsLeadingDot: Bool

        init(_ pattern: String) {
            allowsLeadingDot = pattern.hasPrefix(".")
            let characters = Array(pattern)
            var tokens: [Token] = []
            var index = 0
            while index < characters.count {
                let character = characters[index]
                switch character {
                case "*":
                    if tokens.last != .star { tokens.append(.star) }  // ** within a name is one *
                    index += 1
                case "?":
                    tokens.append(.any)
                    index += 1
                case "[":
                    // A class needs a closing ']' after at least one member; else '[' is literal.
                    var cursor = index + 1
                    let negated = cursor < characters.count && (characters[cursor] == "!" || characters[cursor] == "^")
                    if negated { cursor += 1 }
                    guard let close = characters[min(cursor + 1, characters.count)...].firstIndex(of: "]") else {
                        tokens.append(.literal("["))
                        index += 1
                        continue
                    }
                    var members: [ClosedRange<Character>] = []
                    while cursor < close {
                        if cursor + 2 < close, characters[cursor + 1] == "-", characters[cursor] <= characters[cursor + 2] {
                            members.append(characters[cursor]...characters[cursor + 2])
                            cursor += 3
                        } else {
                            members.append(characters[cursor]...characters[cursor])
                            cursor += 1
                        }
                    }
                    tokens.append(.set(negated: negated, members: members))
                    index = close + 1
                default:
                    tokens.append(.literal(character))
                    index += 1
                }
            }
            self.tokens = tokens
        }

        private func accepts(_ token: Token, _ character: Character) -> Bool {
            switch token {
            case .literal(let expected): expected == character
            case .any: true
            case .star: false
            case .set(let negated, let members): members.contains { $0.contains(character) } != negated
            }
        }

        /// Whether `name` matches, in time proportional to the pattern's length times the name's
        /// (one star backtracking point at a time), never exponential.
        func matches(_ name: String) -> Bool {
            if name.hasPrefix(".") && !allowsLeadingDot { return false }
            let characters = Array(name)
            var token = 0, position = 0
            var starToken = -1, starPosition = 0
            while position < characters.count {
                if token < tokens.count, tokens[token] == .star {
                    starToken = token
                    starPosition = position
                    token += 1
                } else if token < tokens.count, accepts(tokens[token], characters[position]) {
                    token += 1
                    position += 1
                } else if starToken >= 0 {
                    token = starToken + 1
                    starPosition += 1
                    position = starPosition
                } else {
                    return false
                }
            }
            while token < tokens.count, tokens[token] == .star { token += 1 }
            return token == tokens.count
        }
    }
}

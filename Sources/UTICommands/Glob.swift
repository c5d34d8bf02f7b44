import FileAccess
import UniformTypes

/// Shell-style globs over the file system: `*` and `?` within one name (not matching a leading
/// dot), `[...]` character classes (`[!...]` negates), `**` for any number of folders. Matches are
/// files, links and packages, never plain folders; results are sorted.
@_spi(Fuzzing) public struct Glob {
    let pattern: String
    /// Where a relative base is looked up (the paths found stay relative to the base).
    var workingFolder = WorkingFolder.current

    /// What a glob found: the matching paths (sorted bytewise, relative to the base as the
    /// pattern is written, as the bytes the system gave: a name need not be UTF-8) and the
    /// folders and entries it could not list or examine, each as an error naming it, so that
    /// nothing is skipped in silence.
    struct Matches {
        var paths: [RawPath] = []
        var failures: [UTIError] = []
    }

    /// The pattern's components with `.` left out, consecutive `**` made one, and `..` applied to
    /// the literal folder before it (leading ones kept: `../files/*.png` names a folder beside the
    /// manifest's, as a path would); nil when a `..` follows a wildcard, which would climb out of
    /// every folder the wildcard matched and walk the tree above (`**/..` made a walk
    /// exponential): `problem` says why.
    @_spi(Fuzzing) public static func components(of pattern: String) -> (components: [String]?, problem: String?) {
        var components: [String] = []
        for part in pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            if part == "." { continue }
            if part == ".." {
                guard let last = components.last, last != ".." else {
                    if !pattern.hasPrefix("/") { components.append(part) }  // above / is /
                    continue
                }
                guard last != "**", !last.contains(where: { "*?[".contains($0) }) else {
                    return (nil, "'..' after a wildcard would climb out of every folder it matched; name the folder instead")
                }
                components.removeLast()
                continue
            }
            if part == "**" && components.last == "**" { continue }
            components.append(part)
        }
        return (components, nil)
    }

    /// Whether `line`, a `.gitignore` rule, matches `path` (a file's path below the rule's
    /// folder): what `-r` asks of every entry.
    @_spi(Fuzzing) public static func ignoreRuleMatches(_ line: String, path: String) -> Bool {
        IgnoreRules.Rule(line: line)?.matches(path.split(separator: "/").map(String.init), isDirectory: false) ?? false
    }

    /// Why the pattern cannot be walked, or nil.
    var problem: String? { Self.components(of: pattern).problem }

    /// The paths under `base` that match, relative to `base` as the pattern is written.
    func matches(relativeTo base: String, isPackage: (RawPath) -> Bool) -> Matches {
        var found = Matches()
        let (parts, problem) = Self.components(of: pattern)
        guard let components = parts else {
            if let problem { found.failures.append(UTIError(.invalidInput, "\(pattern): \(problem)")) }
            return found
        }
        let absolute = pattern.hasPrefix("/")
        var visited = Set<Visit>()
        walk(
            components[...], directory: Array((absolute ? "/" : base).utf8), relative: absolute ? [UInt8(ascii: "/")] : [],
            isPackage: isPackage, visited: &visited, into: &found)
        found.paths = Array(Set(found.paths)).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return found
    }

    /// A folder reached with the pattern from one component on: reached again (several `**` can
    /// lead to the same folder), it has nothing new to give, so every walk is linear in the
    /// number of folders times the number of components.
    private struct Visit: Hashable {
        let component: Int
        let directory: [UInt8]
    }

    private static func join(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        a.isEmpty ? b : (a.last == UInt8(ascii: "/") ? a + b : a + [UInt8(ascii: "/")] + b)
    }

    private func walk(
        _ components: ArraySlice<String>, directory: [UInt8], relative: [UInt8], isPackage: (RawPath) -> Bool,
        visited: inout Set<Visit>, into found: inout Matches
    ) {
        guard let first = components.first, visited.insert(Visit(component: components.startIndex, directory: directory)).inserted
        else { return }
        let rest = components.dropFirst()
        func entries(of directory: [UInt8]) -> [[UInt8]] {
            do {
                return try FileContents.entries(ofFolder: directory.isEmpty ? [UInt8(ascii: ".")] : directory, in: workingFolder)
            } catch {
                found.failures.append(error)
                return []
            }
        }
        /// The entry's kind; an entry that cannot be examined is a failure, never a skip (but a
        /// literal name that is not there, when `absentIsNoMatch`, is no match).
        func kind(_ path: [UInt8], absentIsNoMatch: Bool = false) -> mode_t? {
            var status = stat()
            guard workingFolder.locate(RawPath(bytes: path)).withCString({ lstat($0, &status) }) == 0 else {
                if !(absentIsNoMatch && errno == ENOENT) {
                    found.failures.append(FileContents.error(path: RawPath(bytes: path).description, errno: errno, doing: "cannot examine"))
                }
                return nil
            }
            return status.st_mode & S_IFMT
        }
        if first == "**" {
            walk(rest, directory: directory, relative: relative, isPackage: isPackage, visited: &visited, into: &found)
            for entry in entries(of: directory) where entry.first != UInt8(ascii: ".") {
                let path = Self.join(directory, entry)
                guard let mode = kind(path) else { continue }
                if mode == S_IFDIR && !isPackage(RawPath(bytes: path)) {
                    walk(components, directory: path, relative: Self.join(relative, entry), isPackage: isPackage, visited: &visited, into: &found)
                } else if rest.isEmpty {
                    found.paths.append(RawPath(bytes: Self.join(relative, entry)))
                }
            }
            return
        }
        let literal = !first.contains(where: { "*?[".contains($0) })
        let names: [[UInt8]]
        if literal {
            names = [Array(first.utf8)]
        } else {
            // Names are matched as text (a byte that is not UTF-8 reads as U+FFFD, which `?`,
            // `*` and a negated class match) and kept as the bytes they are.
            let matcher = Pattern(first)
            names = entries(of: directory).filter { matcher.matches(String(decoding: $0, as: UTF8.self)) }
        }
        for name in names {
            let path = Self.join(directory, name)
            guard let mode = kind(path, absentIsNoMatch: literal) else { continue }
            let folder = mode == S_IFDIR && !isPackage(RawPath(bytes: path))
            if rest.isEmpty {
                if !folder { found.paths.append(RawPath(bytes: Self.join(relative, name))) }
            } else if folder {  // a link to a folder is not entered: it could lead out of the tree
                walk(rest, directory: path, relative: Self.join(relative, name), isPackage: isPackage, visited: &visited, into: &found)
            }
        }
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
            var token = 0
            var position = 0
            var starToken = -1
            var starPosition = 0
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

/// A `mime.cache` written from its parts, as shared-mime-info's specification lays it out ("The
/// MIME type cache", version 1.2): aliases, sub-class-of parents, magic rules and XML root
/// elements; the glob tables, the suffix tree and the icon lists are left empty.
///
/// uti's own rules are kept in this form (`OwnRules+Generated.swift`, one line a rule or
/// matchlet, written by scripts/generate-catalog from what update-mime-database compiled), so
/// that a small change to a rule is a small change to the source, and the bytes the engine reads
/// are made once, at the first use.
package struct MIMECacheWriter: Sendable {
    /// A magic rule: its priority, the MIME type it names, and its top-level matchlets (any of
    /// which may match).
    package struct Rule: Sendable {
        package var priority: Int
        package var mimeType: String
        package var matchlets: [Matchlet]

        package init(_ priority: Int, _ mimeType: String, _ matchlets: [Matchlet]) {
            self.priority = priority
            self.mimeType = mimeType
            self.matchlets = matchlets
        }
    }

    /// A test of the bytes: the value (under the mask) at an offset from `start` up to
    /// `start + range - 1`, compared in words of `wordSize` bytes; then one of its children.
    package struct Matchlet: Sendable {
        package var start: Int
        package var range: Int
        package var wordSize: Int
        package var value: [UInt8]
        package var mask: [UInt8]?
        package var children: [Matchlet]

        /// A matchlet whose value and mask are written in hexadecimal (`"89504e47"`).
        package init(_ start: Int, _ range: Int, _ wordSize: Int, _ value: String, mask: String? = nil, _ children: [Matchlet] = []) {
            self.start = start
            self.range = range
            self.wordSize = wordSize
            self.value = Self.bytes(hex: value)
            self.mask = mask.map(Self.bytes(hex:))
            self.children = children
        }

        static func bytes(hex: String) -> [UInt8] {
            var result: [UInt8] = []
            var high: UInt8?
            for digit in hex.utf8 {
                let nibble: UInt8
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
                default: continue
                }
                if let first = high {
                    result.append(first << 4 | nibble)
                    high = nil
                } else {
                    high = nibble
                }
            }
            return result
        }

        /// How many matchlets this one is, with those under it.
        var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
    }

    package var aliases: [(alias: String, mimeType: String)]
    package var parents: [(mimeType: String, parents: [String])]
    package var magic: [Rule]
    package var namespaces: [(uri: String, localName: String, mimeType: String)]
    /// Whether the alias and parent tables are sorted before they are written, as readers
    /// search them by halves (off only to write a damaged cache on purpose).
    package var sortsTables = true

    package init(
        aliases: [(String, String)] = [], parents: [(String, [String])] = [], magic: [Rule] = [],
        namespaces: [(String, String, String)] = []
    ) {
        self.aliases = aliases.map { (alias: $0.0, mimeType: $0.1) }
        self.parents = parents.map { (mimeType: $0.0, parents: $0.1) }
        self.magic = magic
        self.namespaces = namespaces.map { (uri: $0.0, localName: $0.1, mimeType: $0.2) }
    }

    /// The cache's bytes: a 40-byte header of table offsets, the tables, then the values and masks
    /// the matchlets compare, then every string once, NUL-terminated. Numbers are big-endian.
    package func bytes() -> [UInt8] {
        func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        let aliasEntries = sortsTables ? aliases.sorted { precedes($0.alias, $1.alias) } : aliases
        let parentEntries = sortsTables ? parents.sorted { precedes($0.mimeType, $1.mimeType) } : parents
        let matchletCount = magic.reduce(0) { $0 + $1.matchlets.reduce(0) { $0 + $1.count } }
        let dataSize = magic.reduce(0) { total, rule in
            total + rule.matchlets.reduce(0) { $0 + Self.dataSize($1) }
        }
        // Where each table goes.
        let aliasList = 40
        let parentList = aliasList + 4 + 8 * aliasEntries.count
        let parentArrays = parentList + 4 + 8 * parentEntries.count
        let literalList = parentArrays + parentEntries.reduce(0) { $0 + 4 + 4 * $1.parents.count }
        let suffixTree = literalList + 4
        let globList = suffixTree + 8
        let magicList = globList + 4
        let matches = magicList + 12
        let matchlets = matches + 16 * magic.count
        let namespaceList = matchlets + 32 * matchletCount
        let iconsList = namespaceList + 4 + 12 * namespaces.count
        let genericIconsList = iconsList + 4
        let data = genericIconsList + 4
        let strings = data + dataSize

        var output = [UInt8](repeating: 0, count: strings)
        func put(_ value: Int, at offset: Int) {
            output[offset] = UInt8(truncatingIfNeeded: value >> 24)
            output[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
            output[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
            output[offset + 3] = UInt8(truncatingIfNeeded: value)
        }
        func copy(_ bytes: [UInt8], to offset: Int) {
            for (index, byte) in bytes.enumerated() { output[offset + index] = byte }
        }
        var stringOffsets: [String: Int] = [:]
        var stringBytes: [UInt8] = []
        func string(_ text: String) -> Int {
            if let known = stringOffsets[text] { return known }
            let offset = strings + stringBytes.count
            stringBytes += text.utf8
            stringBytes.append(0)
            stringOffsets[text] = offset
            return offset
        }
        // The header: version 1.2, then each table's offset.
        output[1] = 1
        output[3] = 2
        for (index, table) in [aliasList, parentList, literalList, suffixTree, globList, magicList, namespaceList, iconsList, genericIconsList]
            .enumerated()
        {
            put(table, at: 4 + 4 * index)
        }
        put(aliasEntries.count, at: aliasList)
        for (index, entry) in aliasEntries.enumerated() {
            put(string(entry.alias), at: aliasList + 4 + 8 * index)
            put(string(entry.mimeType), at: aliasList + 8 + 8 * index)
        }
        put(parentEntries.count, at: parentList)
        var array = parentArrays
        for (index, entry) in parentEntries.enumerated() {
            put(string(entry.mimeType), at: parentList + 4 + 8 * index)
            put(array, at: parentList + 8 + 8 * index)
            put(entry.parents.count, at: array)
            for (position, parent) in entry.parents.enumerated() { put(string(parent), at: array + 4 + 4 * position) }
            array += 4 + 4 * entry.parents.count
        }
        // Empty literal list, suffix tree (no roots) and glob list stay zero.
        // Magic: the rules, then their matchlets, each list of siblings contiguous.
        var extent = 0
        var nextMatchlet = matchlets
        var nextData = data
        func place(_ list: [Matchlet]) -> Int {
            let first = nextMatchlet
            nextMatchlet += 32 * list.count
            for (index, matchlet) in list.enumerated() {
                let entry = first + 32 * index
                let children = matchlet.children.isEmpty ? 0 : place(matchlet.children)
                let value = nextData
                copy(matchlet.value, to: value)
                nextData += matchlet.value.count
                var mask = 0
                if let bytes = matchlet.mask {
                    mask = nextData
                    copy(bytes, to: mask)
                    nextData += bytes.count
                }
                extent = max(extent, matchlet.start + matchlet.range + matchlet.value.count)
                // Field by field (an array of the eight was an allocation a matchlet).
                put(matchlet.start, at: entry)
                put(matchlet.range, at: entry + 4)
                put(matchlet.wordSize, at: entry + 8)
                put(matchlet.value.count, at: entry + 12)
                put(value, at: entry + 16)
                put(mask, at: entry + 20)
                put(matchlet.children.count, at: entry + 24)
                put(children, at: entry + 28)
            }
            return first
        }
        put(magic.count, at: magicList)
        put(matches, at: magicList + 8)
        for (index, rule) in magic.enumerated() {
            let entry = matches + 16 * index
            put(rule.priority, at: entry)
            put(string(rule.mimeType), at: entry + 4)
            put(rule.matchlets.count, at: entry + 8)
            put(rule.matchlets.isEmpty ? 0 : place(rule.matchlets), at: entry + 12)
        }
        put(extent, at: magicList + 4)
        put(namespaces.count, at: namespaceList)
        for (index, entry) in namespaces.enumerated() {
            put(string(entry.uri), at: namespaceList + 4 + 12 * index)
            put(string(entry.localName), at: namespaceList + 8 + 12 * index)
            put(string(entry.mimeType), at: namespaceList + 12 + 12 * index)
        }
        return output + stringBytes
    }

    /// The bytes of a matchlet's value and mask, with those under it.
    private static func dataSize(_ matchlet: Matchlet) -> Int {
        matchlet.value.count + (matchlet.mask?.count ?? 0) + matchlet.children.reduce(0) { $0 + dataSize($1) }
    }
}

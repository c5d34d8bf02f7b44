/// The catalog compiled into the binary: Apple's macOS 13.3.1 runtime declarations, newer Apple
/// types, and uti's own declarations for common formats Apple does not declare.
///
/// The generated tables (`BuiltInCatalog+Generated.swift`) are flat arrays of literals, which the
/// compiler lays out in the binary: a one-shot command reads the few rows it needs and builds no
/// catalog at start.
enum BuiltInCatalog {
    /// The declaration at `index`, made from the tables.
    static func declaration(at index: Int) -> TypeDeclaration {
        let url = referenceURLs[index]
        return TypeDeclaration(
            identifier: identifiers[index], conformsTo: parentList[parentStart[index]..<parentStart[index + 1]].map { identifiers[$0] },
            tags: tagSpecification(at: index), description: descriptions[index], referenceURL: url.isEmpty ? nil : url,
            declarer: declarer(at: index))
    }

    static func tagSpecification(at index: Int) -> TagSpecification {
        TagSpecification(
            filenameExtensions: tags[tagStart[2 * index]..<tagStart[2 * index + 1]],
            mimeTypes: tags[tagStart[2 * index + 1]..<tagStart[2 * index + 2]])
    }

    static func declarer(at index: Int) -> TypeDeclarer { index < appleCount ? .apple : .uti }

    /// The positions that carry a normalized tag (`UTTagClass.normalize`), best first, by binary
    /// search in the generated tag index; nil for a tag none carries.
    static func positions(carrying tag: String, tagClass: UTTagClass) -> ArraySlice<Int>? {
        let (keys, start, owners): ([String], [Int], [Int])
        switch tagClass {
        case .filenameExtension: (keys, start, owners) = (extensionTagKeys, extensionTagStart, extensionTagOwners)
        case .mimeType: (keys, start, owners) = (mimeTagKeys, mimeTagStart, mimeTagOwners)
        default: return nil
        }
        return search(tag, count: keys.count) { keys[$0] }.map { owners[start[$0]..<start[$0 + 1]] }
    }

    /// The position of the entry whose lowercased identifier is `key`, by binary search.
    static func index(forKey key: String) -> Int? {
        search(key, count: keyOrder.count) { keys[keyOrder[$0]] }.map { keyOrder[$0] }
    }

    /// Where `target` stands among `count` strings sorted ascending (`key(i)` the i-th), by
    /// binary search; nil when it is not among them.
    private static func search(_ target: String, count: Int, _ key: (Int) -> String) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let candidate = key(middle)
            if candidate == target { return middle }
            if candidate < target { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}

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
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = keys[middle]
            if candidate == tag { return owners[start[middle]..<start[middle + 1]] }
            if candidate < tag { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The position of the entry whose lowercased identifier is `key`, by binary search.
    static func index(forKey key: String) -> Int? {
        var low = 0, high = keyOrder.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = keys[keyOrder[middle]]
            if candidate == key { return keyOrder[middle] }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}

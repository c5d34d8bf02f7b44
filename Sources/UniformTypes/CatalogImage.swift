// The C library for memcmp, the in-place key comparison (not re-exported: FileAccess passes the C
// library on).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The types a catalog adds to the built-in tables, with their indexes, as one block of bytes that
/// lookups search in place: what uti's cache keeps of the system's shared-mime-info types, so
/// that a one-shot command reads one file and builds nothing (decoding six hundred declarations
/// and indexing them by key, tag and alias was half of `uti identify FILE`'s own time).
///
/// Every number is a little-endian UInt32. A header of eight words (`UTCI`, the layout's version,
/// the built-in catalog's count, the counts of records, aliases and tags, the count of words
/// and the length of the strings), then the words, then the strings (UTF-8, referred to by
/// offset and length). The words are, in order:
/// - records, ten words each: identifier, key (the identifier case-folded), entry (each an
///   offset and a length), parents (start and count in the words: catalog positions), tags
///   (start and count: four words each, the tag class's string and the start and count of its
///   values, an offset and a length each);
/// - the key index: record numbers sorted by key;
/// - aliases, four words each (name, target), sorted by name;
/// - tags, six words each (tag class, normalized value, start and count of positions, best
///   first), sorted by class and value;
/// - then the lists the records and tags point into.
/// Sorted means by bytes, as memcmp compares; lookups search by halves.
///
/// `read(_:base:)` checks the whole image before anything reads it: every reference inside
/// it, every parent before its child (so the graph has no cycle), every table sorted. A damaged
/// image is refused, never read out of bounds.
package final class CatalogImage: @unchecked Sendable {
    static let magic: UInt32 = 0x4943_5455  // "UTCI"
    static let version: UInt32 = 1
    private static let headerWords = 8
    private static let recordWords = 10

    /// The image's bytes, in memory `owner` keeps (anywhere: read unaligned).
    private let buffer: UnsafeRawBufferPointer
    private let owner: AnyObject & Sendable
    /// The built-in catalog's count, where the records' positions start.
    let base: Int
    /// The number of records.
    let count: Int
    private let aliasCount: Int
    private let tagCount: Int
    private let wordCount: Int
    private let stringsStart: Int
    private let stringsLength: Int
    /// Whether the header names this layout and the built-in catalog's count.
    private let isCurrent: Bool
    private var keyIndexStart: Int { Self.recordWords * count }
    private var aliasesStart: Int { keyIndexStart + count }
    private var tagsStart: Int { aliasesStart + 4 * aliasCount }

    /// The image in `bytes`, when it is whole and every reference in it holds; `base` is the
    /// count of the built-in catalog it must have been made on.
    package static func read(_ bytes: ArraySlice<UInt8>, base: Int) -> CatalogImage? {
        let copy = Allocation(bytes)
        return read(copy.bytes, keeping: copy, base: base)
    }

    /// The image in `bytes`, memory that `owner` keeps (and never changes) while the image lives:
    /// a file read once, searched where it was read.
    package static func read(_ bytes: UnsafeRawBufferPointer, keeping owner: AnyObject & Sendable, base: Int) -> CatalogImage? {
        guard bytes.count >= 4 * headerWords else { return nil }
        let image = CatalogImage(bytes, owner: owner, base: base)
        return image.isWhole(byteCount: bytes.count) ? image : nil
    }

    /// Memory of its own for a copy of bytes.
    private final class Allocation: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        init(_ source: ArraySlice<UInt8>) {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 4)
            source.withUnsafeBytes { memory.copyMemory(from: $0) }
            bytes = UnsafeRawBufferPointer(memory)
        }

        deinit { bytes.deallocate() }
    }

    /// The header read as it says, not yet checked.
    private init(_ buffer: UnsafeRawBufferPointer, owner: AnyObject & Sendable, base: Int) {
        func header(_ index: Int) -> Int { Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))) }
        self.buffer = buffer
        self.owner = owner
        self.base = base
        count = header(3)
        aliasCount = header(4)
        tagCount = header(5)
        wordCount = header(6)
        stringsLength = header(7)
        stringsStart = 4 * Self.headerWords + 4 * wordCount
        isCurrent = header(0) == Int(Self.magic) && header(1) == Int(Self.version) && header(2) == base
    }

    private func word(_ index: Int) -> Int {
        Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: 4 * (Self.headerWords + index), as: UInt32.self)))
    }

    private func bytes(at index: Int) -> UnsafeRawBufferPointer {
        let start = stringsStart + word(index)
        return UnsafeRawBufferPointer(rebasing: buffer[start..<start + word(index + 1)])
    }

    private func string(at index: Int) -> String { String(decoding: bytes(at: index), as: UTF8.self) }

    /// Whether the header is current and its sizes add up to `byteCount`, every reference lies
    /// inside the image, parents come before their children, and the tables are sorted.
    private func isWhole(byteCount: Int) -> Bool {
        guard isCurrent, byteCount == stringsStart + stringsLength,
            Self.recordWords * count + count + 4 * aliasCount + 6 * tagCount <= wordCount
        else { return false }
        func isString(_ index: Int) -> Bool { word(index) <= stringsLength && word(index + 1) <= stringsLength - word(index) }
        func isList(_ index: Int, width: Int) -> Bool { word(index) <= wordCount && word(index + 1) <= (wordCount - word(index)) / width }
        for record in 0..<count {
            let at = Self.recordWords * record
            guard isString(at), isString(at + 2), isString(at + 4), isList(at + 6, width: 1), isList(at + 8, width: 4) else { return false }
            for parent in word(at + 6)..<word(at + 6) + word(at + 7) where word(parent) >= base + record { return false }
            for tag in 0..<word(at + 9) {
                let entry = word(at + 8) + 4 * tag
                guard isString(entry), isList(entry + 2, width: 2) else { return false }
                for value in 0..<word(entry + 3) where !isString(word(entry + 2) + 2 * value) { return false }
            }
        }
        /// The order of the strings referred to at two indexes (both checked already).
        func order(_ left: Int, _ right: Int) -> Int { compare(bytes(at: left), bytes(at: right)) }
        for rank in 0..<count {
            guard word(keyIndexStart + rank) < count else { return false }
            if rank > 0, order(Self.recordWords * word(keyIndexStart + rank - 1) + 2, Self.recordWords * word(keyIndexStart + rank) + 2) >= 0 {
                return false
            }
        }
        for alias in 0..<aliasCount {
            let at = aliasesStart + 4 * alias
            guard isString(at), isString(at + 2) else { return false }
            if alias > 0, order(at - 4, at) >= 0 { return false }
        }
        for tag in 0..<tagCount {
            let at = tagsStart + 6 * tag
            guard isString(at), isString(at + 2), isList(at + 4, width: 1) else { return false }
            for position in word(at + 4)..<word(at + 4) + word(at + 5) where word(position) >= base + count { return false }
            if tag > 0 {
                // By class, then by value.
                let byClass = order(at - 6, at)
                if byClass > 0 || (byClass == 0 && order(at - 4, at + 2) >= 0) { return false }
            }
        }
        return true
    }

    /// memcmp's order, then the shorter first.
    private func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    /// The first of `count` entries (by `entry`) for which `order` is not below zero, by halves.
    private func search(_ count: Int, _ order: (Int) -> Int) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let found = order(middle)
            if found == 0 { return middle }
            if found < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    // MARK: Records

    /// The record's identifier and key: one string for both where they are the same bytes (a
    /// shared-mime-info type's identifier is mostly lowercase already).
    func identifierAndKey(_ record: Int) -> (identifier: String, key: String) {
        let at = Self.recordWords * record
        let identifier = string(at: at)
        return (identifier, bytes(at: at).elementsEqual(bytes(at: at + 2)) ? identifier : string(at: at + 2))
    }

    /// Appends the record's parents, as catalog positions, to `list`.
    func appendParents(_ record: Int, to list: inout [Int]) {
        let at = Self.recordWords * record + 6
        for index in word(at)..<word(at) + word(at + 1) { list.append(word(index)) }
    }

    func entry(_ record: Int) -> String { string(at: Self.recordWords * record + 4) }

    func tags(_ record: Int) -> TagSpecification {
        let at = Self.recordWords * record + 8
        return TagSpecification(
            (0..<word(at + 1)).map { tag in
                let entry = word(at) + 4 * tag
                return (UTTagClass(rawValue: string(at: entry)), (0..<word(entry + 3)).map { string(at: word(entry + 2) + 2 * $0) })
            })
    }

    // MARK: Lookups

    /// The catalog position of the record whose key is `key`.
    func index(forKey key: String) -> Int? {
        var key = key
        return key.withUTF8 { query in
            search(count) { rank in compare(bytes(at: Self.recordWords * word(keyIndexStart + rank) + 2), UnsafeRawBufferPointer(query)) }
                .map { base + word(keyIndexStart + $0) }
        }
    }

    /// The alias `name` leads to.
    func alias(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { query in
            search(aliasCount) { compare(bytes(at: aliasesStart + 4 * $0), UnsafeRawBufferPointer(query)) }
                .map { string(at: aliasesStart + 4 * $0 + 2) }
        }
    }

    /// Every alias, in name order.
    var aliases: [(name: String, target: String)] {
        (0..<aliasCount).map { (string(at: aliasesStart + 4 * $0), string(at: aliasesStart + 4 * $0 + 2)) }
    }

    /// The positions of the records that carry a normalized tag, best first.
    func positions(tagClass: UTTagClass, value: String) -> [Int]? {
        var tagClass = tagClass.rawValue
        var value = value
        return tagClass.withUTF8 { classBytes in
            value.withUTF8 { valueBytes in
                search(tagCount) { tag in
                    let at = tagsStart + 6 * tag
                    let order = compare(bytes(at: at), UnsafeRawBufferPointer(classBytes))
                    return order != 0 ? order : compare(bytes(at: at + 2), UnsafeRawBufferPointer(valueBytes))
                }
                .map { tag in
                    let at = tagsStart + 6 * tag + 4
                    return (word(at)..<word(at) + word(at + 1)).map(word)
                }
            }
        }
    }

    // MARK: Writing

    /// One record to write: its catalog position's parents and its tags.
    package struct Record {
        let identifier: String
        let key: String
        let entry: String
        let parents: [Int]
        let tags: TagSpecification
    }

    /// The bytes of an image of `records` (in catalog order, from position `base`), `aliases`, and
    /// `tags` (normalized tag -> positions, best first).
    static func bytes(base: Int, records: [Record], aliases: [String: String], tags: [(tagClass: UTTagClass, value: String, positions: [Int])]) -> [UInt8] {
        var strings: [UInt8] = []
        var offsets: [String: Int] = [:]
        func reference(_ text: String) -> [UInt32] {
            let offset =
                offsets[text]
                ?? {
                    let start = strings.count
                    strings += text.utf8
                    offsets[text] = start
                    return start
                }()
            return [UInt32(offset), UInt32(text.utf8.count)]
        }
        func precedes(_ left: [String], _ right: [String]) -> Bool {
            for (a, b) in zip(left, right) where a != b { return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }
            return false
        }
        let fixed = recordWords * records.count + records.count + 4 * aliases.count + 6 * tags.count
        var words = [UInt32](repeating: 0, count: fixed)
        /// Appends a list after the fixed tables; its start.
        func append(_ list: [UInt32]) -> UInt32 {
            words += list
            return UInt32(words.count - list.count)
        }
        for (number, record) in records.enumerated() {
            var at = recordWords * number
            for text in [record.identifier, record.key, record.entry] {
                words.replaceSubrange(at..<at + 2, with: reference(text))
                at += 2
            }
            words[at] = append(record.parents.map(UInt32.init))
            words[at + 1] = UInt32(record.parents.count)
            var entries: [UInt32] = []
            for (tagClass, values) in record.tags.entries {
                entries += reference(tagClass.rawValue)
                entries += [append(values.flatMap(reference)), UInt32(values.count)]
            }
            words[at + 2] = append(entries)
            words[at + 3] = UInt32(record.tags.entries.count)
        }
        let byKey = records.indices.sorted { precedes([records[$0].key], [records[$1].key]) }
        for (rank, number) in byKey.enumerated() { words[recordWords * records.count + rank] = UInt32(number) }
        var at = (recordWords + 1) * records.count
        for (name, target) in aliases.sorted(by: { precedes([$0.key], [$1.key]) }) {
            words.replaceSubrange(at..<at + 4, with: reference(name) + reference(target))
            at += 4
        }
        for tag in tags.sorted(by: { precedes([$0.tagClass.rawValue, $0.value], [$1.tagClass.rawValue, $1.value]) }) {
            let list = append(tag.positions.map(UInt32.init))
            words.replaceSubrange(at..<at + 6, with: reference(tag.tagClass.rawValue) + reference(tag.value) + [list, UInt32(tag.positions.count)])
            at += 6
        }
        let header = [
            magic, version, UInt32(base), UInt32(records.count), UInt32(aliases.count), UInt32(tags.count), UInt32(words.count), UInt32(strings.count),
        ]
        var image: [UInt8] = []
        image.reserveCapacity(4 * (header.count + words.count) + strings.count)
        for word in header + words { withUnsafeBytes(of: word.littleEndian) { image += $0 } }
        return image + strings
    }
}

import UniformTypes

/// What identifies a document inside OLE compound storage ([MS-CFB]): the root entry's class
/// identifier and the names of the storages and streams in the directory. Read with bounded
/// reads anywhere in the file: the header, the FAT sectors the header lists (up to 109, which
/// covers files of about 7 MB with 512-byte sectors and 448 MB with 4 KiB ones) and the
/// directory chain, at most `entryLimit` entries; a chain that loops or leaves the file ends the
/// read.
@_spi(Fuzzing) public struct CompoundFile: Equatable {
    /// The root entry's CLSID as text (`00020906-0000-0000-C000-000000000046`), uppercase; nil
    /// when it is all zeros.
    public let rootClassID: String?
    /// Directory entry names (storages and streams), in directory order.
    public let names: [String]
    /// Whether the Word document's File Information Block says it is a template ([MS-DOC]
    /// 2.5.2, FibBase: `wIdent` 0xA5EC, then `fDot`, bit 0 of the flags at byte 10); nil where
    /// there is no WordDocument stream whose first sector holds a FIB.
    public var isWordTemplate: Bool? = nil

    static let entryLimit = 4_096

    static func read(descriptor: Int32, size: Int) -> CompoundFile? {
        read(size: size) { count, offset in ZipDirectory.pread(descriptor, count: count, offset: offset) }
    }

    /// Reads the directory of a compound file of `size` bytes whose ranges `pread` returns.
    @_spi(Fuzzing) public static func read(size: Int, pread: (_ count: Int, _ offset: Int) -> [UInt8]?) -> CompoundFile? {
        guard size >= 512, let header = pread(512, 0),
            header.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]),
            le16(header, 0x1C) == 0xFFFE
        else { return nil }
        let shift = Int(le16(header, 0x1E))
        guard shift == 9 || shift == 12 else { return nil }
        let sectorSize = 1 << shift
        func sector(_ number: UInt32) -> [UInt8]? {
            let offset = (Int(number) + 1) * sectorSize
            guard number < 0xFFFF_FFFA, offset <= size - sectorSize else { return nil }
            return pread(sectorSize, offset)
        }
        // The FAT: the sectors the header's DIFAT lists, in order.
        var fat: [UInt32] = []
        for index in 0..<109 {
            let number = le32(header, 0x4C + 4 * index)
            guard number < 0xFFFF_FFFA, let bytes = sector(number) else { break }
            for entry in 0..<(sectorSize / 4) { fat.append(le32(bytes, 4 * entry)) }
        }
        var root: [UInt8]?
        var names: [String] = []
        var wordDocument: (start: UInt32, size: Int)?
        var miniStreamStart: UInt32?
        var visited = Set<UInt32>()
        var current = le32(header, 0x30)
        while current < 0xFFFF_FFFA, visited.insert(current).inserted, names.count < entryLimit, let bytes = sector(current) {
            for start in stride(from: 0, to: sectorSize, by: 128) {
                let kind = bytes[start + 0x42]
                let length = Int(le16(bytes, start + 0x40))
                guard kind == 1 || kind == 2 || kind == 5, length >= 2, length <= 64, length % 2 == 0 else { continue }
                if kind == 5 && root == nil {
                    root = Array(bytes[(start + 0x50)..<(start + 0x60)])
                    miniStreamStart = le32(bytes, start + 0x74)
                    continue
                }
                var units: [UInt16] = []
                for position in stride(from: start, to: start + length - 2, by: 2) { units.append(le16(bytes, position)) }
                let name = String(decoding: units, as: UTF16.self)
                names.append(name)
                if kind == 2, name == "WordDocument", wordDocument == nil {
                    wordDocument = (le32(bytes, start + 0x74), Int(le32(bytes, start + 0x78)))
                }
            }
            guard Int(current) < fat.count else { break }
            current = fat[Int(current)]
        }
        guard root != nil || !names.isEmpty else { return nil }
        // The WordDocument stream starts with the FIB. A stream under the mini-stream cutoff
        // (header byte 0x38, 4,096 bytes: [MS-CFB] 2.2) lives in the mini stream, the root
        // entry's own stream, in 64-byte mini sectors; a larger one in ordinary sectors.
        var fib: [UInt8]?
        if let (start, size) = wordDocument, size >= 12 {
            if size >= Int(le32(header, 0x38)) {
                fib = sector(start)
            } else if let miniStreamStart, le16(header, 0x20) == 6 {
                // Walk the root's chain to the sector holding the mini sector.
                let offset = Int(start) << 6
                var current = miniStreamStart
                var steps = offset / sectorSize
                var seen = Set<UInt32>()
                while steps > 0, Int(current) < fat.count, seen.insert(current).inserted {
                    current = fat[Int(current)]
                    steps -= 1
                }
                if steps == 0, let bytes = sector(current) { fib = Array(bytes[(offset % sectorSize)...]) }
            }
        }
        let isWordTemplate = fib.flatMap { $0.count >= 12 && le16($0, 0) == 0xA5EC ? $0[10] & 1 == 1 : nil }
        return CompoundFile(rootClassID: root.flatMap(Self.classID), names: names, isWordTemplate: isWordTemplate)
    }

    /// A CLSID as stored (the first three fields little-endian) in its usual text form.
    static func classID(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 16, bytes.contains(where: { $0 != 0 }) else { return nil }
        func hex(_ slice: [UInt8]) -> String {
            slice.map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + text : text
            }.joined()
        }
        return [
            hex(bytes[0..<4].reversed()), hex(bytes[4..<6].reversed()), hex(bytes[6..<8].reversed()),
            hex(Array(bytes[8..<10])), hex(Array(bytes[10..<16])),
        ].joined(separator: "-")
    }

    /// The MIME type of the document: by the root's class identifier, else by a stream only one
    /// application writes (`Catalog/compound-files.json`); nil when neither says (Word, Excel
    /// and PowerPoint are libmagic's).
    public var mimeType: String? {
        if let rootClassID, let mime = Self.classIDs[rootClassID] { return mime }
        for (stream, mime) in Self.streams where names.contains(stream) { return mime }
        return nil
    }
}

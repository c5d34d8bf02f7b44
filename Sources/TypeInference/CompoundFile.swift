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
    /// application writes; nil when neither says (Word, Excel and PowerPoint are libmagic's).
    public var mimeType: String? {
        if let rootClassID, let mime = Self.classIDs[rootClassID] { return mime }
        for (stream, mime) in Self.streams where names.contains(stream) { return mime }
        return nil
    }

    /// Root class identifiers. StarOffice's are LibreOffice's include/comphelper/classids.hxx
    /// (3.0 and 4.0 files are the x-star* types, 5.0 files Star Division's vnd types); the others
    /// are the applications' registered storage classes.
    static let classIDs: [String: String] = [
        "DC5C7E40-B35C-101B-9961-04021C007002": "application/x-starwriter",  // SO3_SW_CLASSID_30
        "8B04E9B0-420E-11D0-A45E-00A0249D57B1": "application/x-starwriter",  // SO3_SW_CLASSID_40
        "C20CF9D1-85AE-11D1-AAB4-006097DA561A": "application/vnd.stardivision.writer",  // SO3_SW_CLASSID_50
        "340AC970-E30D-11D0-A53F-00A0249D57B1": "application/x-starwriter-global",  // SO3_SWGLOB_CLASSID_40
        "C20CF9D3-85AE-11D1-AAB4-006097DA561A": "application/vnd.stardivision.writer-global",  // SO3_SWGLOB_CLASSID_50
        "3F543FA0-B6A6-101B-9961-04021C007002": "application/x-starcalc",  // SO3_SC_CLASSID_30
        "6361D441-4235-11D0-89CB-008029E4B0B1": "application/x-starcalc",  // SO3_SC_CLASSID_40
        "C6A5B861-85D6-11D1-89CB-008029E4B0B1": "application/vnd.stardivision.calc",  // SO3_SC_CLASSID_50
        "AF10AAE0-B36D-101B-9961-04021C007002": "application/x-starimpress",  // SO3_SIMPRESS_CLASSID_30
        "012D3CC0-4216-11D0-89CB-008029E4B0B1": "application/x-starimpress",  // SO3_SIMPRESS_CLASSID_40
        "565C7221-85BC-11D1-89D0-008029E4B0B1": "application/vnd.stardivision.impress",  // SO3_SIMPRESS_CLASSID_50
        "2E8905A0-85BD-11D1-89D0-008029E4B0B1": "application/vnd.stardivision.draw",  // SO3_SDRAW_CLASSID_50
        "FB9C99E0-2C6D-101C-8E2C-00001B4CC711": "application/x-starchart",  // SO3_SCH_CLASSID_30
        "02B3B7E0-4225-11D0-89CA-008029E4B0B1": "application/x-starchart",  // SO3_SCH_CLASSID_40
        "BF884321-85DD-11D1-89D0-008029E4B0B1": "application/vnd.stardivision.chart",  // SO3_SCH_CLASSID_50
        "D4590460-35FD-101C-B12A-04021C007002": "application/x-starmath",  // SO3_SM_CLASSID_30
        "02B3B7E1-4225-11D0-89CA-008029E4B0B1": "application/x-starmath",  // SO3_SM_CLASSID_40
        "FFB5E640-85DE-11D1-89D0-008029E4B0B1": "application/vnd.stardivision.math",  // SO3_SM_CLASSID_50
        "56616700-C154-11CE-8553-00AA00A1F95B": "image/fpx",  // FlashPix image (FlashPix 1.0 specification)
        "00021201-0000-0000-00C0-000000000046": "application/vnd.ms-publisher",  // Microsoft Publisher
        "00021A14-0000-0000-C000-000000000046": "application/vnd.visio",  // Microsoft Visio
        "000C1084-0000-0000-C000-000000000046": "application/x-msi",  // Windows Installer package
        "000C1086-0000-0000-C000-000000000046": "application/microsoftpatch",  // Windows Installer patch
    ]

    /// Streams only one application writes, as the import libraries of the Document Liberation
    /// Project look for them (libwpd, libwps, libvisio, libmspub).
    static let streams: [(String, String)] = [
        ("PerfectOffice_MAIN", "application/vnd.wordperfect"),
        ("NativeContent_MAIN", "application/x-quattropro"),
        ("MatOST", "application/vnd.ms-works"),
        ("VisioDocument", "application/vnd.visio"),
        ("Quill", "application/vnd.ms-publisher"),
        // [MS-OXMSG] 2.4: every .msg file has a property stream of this name in its root.
        ("__properties_version1.0", "application/vnd.ms-outlook"),
    ]
}

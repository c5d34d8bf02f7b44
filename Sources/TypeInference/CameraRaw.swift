/// Camera raw images told from their structure, on the bytes already read: the TIFF-based ones
/// (DNG, NEF, ARW, PEF, SRW, CR2) by their tags, the others (ORF, RW2, RAF, CR3) by their headers.
/// A camera raw is not a TIFF an image decoder reads: without its name it must not pass for one.
///
/// Sources: TIFF 6.0 (header, IFDs, tags 254, 262, 271, 330); TIFF/EP, ISO 12234-2
/// (PhotometricInterpretation 32803, CFA); DNG 1.4 (DNGVersion, tag 50706, "required in IFD 0";
/// PhotometricInterpretation 34892, LinearRaw); the vendors' formats as the open decoders that
/// read them describe them (LibRaw, dcraw, ExifTool's tag tables): a Make in IFD 0, raw data in
/// a SubIFD; Canon's CR2 header ("CR", version 2, at offset 8); Olympus' "IIRO"/"MMOR", Panasonic's
/// "IIU", Fujifilm's "FUJIFILMCCD-RAW", and CR3's ISO BMFF brand "crx ".
enum CameraRaw {
    /// The camera raw type of a file starting with `head`, or nil for anything else (a TIFF that
    /// holds no raw sensor data stays a TIFF, whoever made it).
    static func type(_ head: [UInt8]) -> (identifier: String, description: String)? {
        if head.starts(with: Array("FUJIFILMCCD-RAW ".utf8)) { return ("com.fuji.raw-image", "Fujifilm RAF raw image") }
        if head.count >= 12, head[4..<12].elementsEqual(Array("ftypcrx ".utf8)) { return ("com.canon.cr3-raw-image", "Canon CR3 raw image") }
        if head.starts(with: Array("IIRO".utf8)) || head.starts(with: Array("IIRS".utf8)) || head.starts(with: Array("MMOR".utf8)) {
            return ("com.olympus.raw-image", "Olympus ORF raw image")
        }
        if head.starts(with: [0x49, 0x49, 0x55, 0x00]) { return ("com.panasonic.rw2-raw-image", "Panasonic RW2 raw image") }
        guard let tiff = Tiff(head) else { return nil }
        if head.count >= 11, head[8] == 0x43, head[9] == 0x52, head[10] == 2 {
            return ("com.canon.cr2-raw-image", "Canon CR2 raw image")
        }
        let first = tiff.directory(at: tiff.firstDirectory)
        if first?[Tag.dngVersion] != nil { return ("com.adobe.raw-image", "DNG raw image") }
        // Raw sensor data in IFD 0, in one of its SubIFDs, or in a later IFD of the chain.
        guard let first, tiff.holdsRawData(from: first) else { return nil }
        let make = first[Tag.make].flatMap(tiff.ascii)?.uppercased() ?? ""
        for (prefix, identifier, description) in vendors where make.hasPrefix(prefix) {
            return (identifier, description)
        }
        return ("public.camera-raw-image", "camera raw image")
    }

    /// Makes (TIFF tag 271, as the cameras write them) and the format each vendor's TIFF-based raw is.
    static let vendors: [(make: String, identifier: String, description: String)] = [
        ("NIKON", "com.nikon.raw-image", "Nikon NEF raw image"),
        ("SONY", "com.sony.arw-raw-image", "Sony ARW raw image"),
        ("PENTAX", "com.pentax.raw-image", "Pentax PEF raw image"),
        ("SAMSUNG", "com.samsung.raw-image", "Samsung SRW raw image"),
        ("HASSELBLAD", "com.hasselblad.3fr-raw-image", "Hasselblad 3FR raw image"),
    ]

    enum Tag {
        static let newSubfileType: UInt16 = 254
        static let photometric: UInt16 = 262
        static let make: UInt16 = 271
        static let subIFDs: UInt16 = 330
        static let dngVersion: UInt16 = 50706
    }

    /// PhotometricInterpretation values of raw sensor data: CFA (TIFF/EP) and LinearRaw (DNG).
    static let rawPhotometric: Set<UInt32> = [32803, 34892]

    /// A TIFF's directories, read from the bytes at hand only (bounded: at most `directoryLimit`
    /// directories of at most 512 entries each).
    struct Tiff {
        let bytes: [UInt8]
        let bigEndian: Bool
        let firstDirectory: Int
        static let directoryLimit = 16

        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 8 else { return nil }
            switch (bytes[0], bytes[1]) {
            case (0x49, 0x49): bigEndian = false
            case (0x4D, 0x4D): bigEndian = true
            default: return nil
            }
            self.bytes = bytes
            guard Self.read16(bytes, 2, bigEndian) == 42 else { return nil }
            firstDirectory = Int(Self.read32(bytes, 4, bigEndian))
        }

        /// One entry: its type, count and the value or offset field's position.
        struct Entry {
            let type: UInt16
            let count: UInt32
            let field: Int
        }

        /// The entries of the directory at `offset`, by tag, and the next directory's offset.
        func directory(at offset: Int) -> [UInt16: Entry]? {
            guard offset >= 8, offset + 2 <= bytes.count else { return nil }
            let count = Int(Self.read16(bytes, offset, bigEndian))
            guard count > 0, count <= 512, offset + 2 + count * 12 <= bytes.count else { return nil }
            var entries: [UInt16: Entry] = [:]
            for index in 0..<count {
                let at = offset + 2 + index * 12
                entries[Self.read16(bytes, at, bigEndian)] = Entry(
                    type: Self.read16(bytes, at + 2, bigEndian), count: Self.read32(bytes, at + 4, bigEndian), field: at + 8)
            }
            return entries
        }

        func next(after offset: Int) -> Int? {
            let count = Int(Self.read16(bytes, offset, bigEndian))
            let at = offset + 2 + count * 12
            guard at + 4 <= bytes.count else { return nil }
            let next = Int(Self.read32(bytes, at, bigEndian))
            return next == 0 ? nil : next
        }

        /// The first value of a SHORT or LONG entry.
        func number(_ entry: Entry) -> UInt32? {
            switch entry.type {
            case 3: return UInt32(Self.read16(bytes, entry.field, bigEndian))
            case 4: return Self.read32(bytes, entry.field, bigEndian)
            default: return nil
            }
        }

        /// The values of a LONG (or IFD) entry: SubIFD offsets.
        func offsets(_ entry: Entry) -> [Int] {
            guard entry.type == 4 || entry.type == 13, entry.count > 0, entry.count <= 64 else { return [] }
            let start = entry.count == 1 ? entry.field : Int(Self.read32(bytes, entry.field, bigEndian))
            guard start + Int(entry.count) * 4 <= bytes.count else { return [] }
            return (0..<Int(entry.count)).map { Int(Self.read32(bytes, start + $0 * 4, bigEndian)) }
        }

        /// An ASCII entry's text, up to its first NUL.
        func ascii(_ entry: Entry) -> String? {
            guard entry.type == 2, entry.count > 0, entry.count <= 256 else { return nil }
            let start = entry.count <= 4 ? entry.field : Int(Self.read32(bytes, entry.field, bigEndian))
            guard start + Int(entry.count) <= bytes.count else { return nil }
            return String(decoding: bytes[start..<(start + Int(entry.count))].prefix { $0 != 0 }, as: UTF8.self)
        }

        /// Whether raw sensor data is described by IFD 0, one of its SubIFDs, or a later IFD.
        func holdsRawData(from first: [UInt16: Entry]) -> Bool {
            func isRaw(_ entries: [UInt16: Entry]) -> Bool {
                entries[Tag.photometric].flatMap(number).map(CameraRaw.rawPhotometric.contains) ?? false
            }
            if isRaw(first) { return true }
            var visited = 1
            for offset in first[Tag.subIFDs].map(offsets) ?? [] where visited < Self.directoryLimit {
                visited += 1
                if let entries = directory(at: offset), isRaw(entries) { return true }
            }
            var offset = next(after: firstDirectory)
            var seen: Set<Int> = [firstDirectory]
            while let current = offset, visited < Self.directoryLimit, seen.insert(current).inserted {
                visited += 1
                guard let entries = directory(at: current) else { return false }
                if isRaw(entries) { return true }
                offset = next(after: current)
            }
            return false
        }

        static func read16(_ bytes: [UInt8], _ at: Int, _ bigEndian: Bool) -> UInt16 {
            guard at >= 0, at + 2 <= bytes.count else { return 0 }
            return bigEndian ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
        }

        static func read32(_ bytes: [UInt8], _ at: Int, _ bigEndian: Bool) -> UInt32 {
            guard at >= 0, at + 4 <= bytes.count else { return 0 }
            let values = (0..<4).map { UInt32(bytes[at + $0]) }
            return bigEndian
                ? values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
                : values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
        }
    }
}

import FileAccess
import UniformTypes

/// Writes a folder as a zip archive whose top-level entry is the folder itself, as a drag of a
/// folder delivers it when loaded as data. Entries are stored (not compressed) and streamed: each
/// file is read in chunks and its CRC and size follow it in a data descriptor. Names are flagged
/// UTF-8, Unix modes are kept, symbolic links are stored as links, and zip64 records are written
/// where a size, an offset or the entry count passes what 32 and 16 bits hold.
enum ZipWriter {
    struct Entry {
        let name: [UInt8]
        let crc: UInt32
        let size: UInt64
        let offset: UInt64
        let mode: UInt32
        let isDirectory: Bool
    }

    /// Past this, a size or offset needs zip64 (0xFFFFFFFF itself marks "see zip64").
    static let limit32: UInt64 = 0xFFFF_FFFF
    /// Past this, the entry count needs zip64.
    static let limit16 = 0xFFFF

    /// Archives `folder`. `skipping` names a file (by device and inode) never to include, such as
    /// the archive being written when it lies inside the folder. `zip64Threshold` and
    /// `entryThreshold` lower the points where zip64 starts (sizes and offsets; entry count), for
    /// tests that cannot write 4 GiB or 65,535 files.
    static func archive(
        folder: String, skipping: (device: UInt64, inode: UInt64)? = nil, zip64Threshold: UInt64 = limit32,
        entryThreshold: Int = limit16,
        write: (ArraySlice<UInt8>) throws(UTIError) -> Void
    ) throws(UTIError) {
        var entries: [Entry] = []
        var offset: UInt64 = 0
        func emit(_ bytes: [UInt8]) throws(UTIError) {
            try write(bytes[...])
            offset += UInt64(bytes.count)
        }
        var root = stat()
        guard stat(folder, &root) == 0 else { throw FileContents.error(path: folder, errno: errno) }
        let top = RawPath(folder).lastComponent
        let topName = top.isEmpty || top == "/" ? "folder" : top
        var stack: [(path: String, name: String, mode: UInt32)] = [(folder, topName + "/", UInt32(root.st_mode))]
        while let (path, prefix, mode) = stack.popLast() {
            entries.append(Entry(name: Array(prefix.utf8), crc: 0, size: 0, offset: offset, mode: mode, isDirectory: true))
            try emit(localHeader(name: Array(prefix.utf8), zip64: false, isDirectory: true))
            var folders: [(path: String, name: String, mode: UInt32)] = []
            for child in try FileContents.entries(ofFolder: path) {
                let childName = String(decoding: child, as: UTF8.self)
                guard Array(childName.utf8) == child else {
                    throw UTIError(.invalidInput, "\(path)/\(childName): a name that is not UTF-8 cannot be stored in a zip archive faithfully")
                }
                let childPath = path + "/" + childName
                let name = prefix + childName
                var status = stat()
                guard lstat(childPath, &status) == 0 else { throw FileContents.error(path: childPath, errno: errno) }
                if let skipping, UInt64(truncatingIfNeeded: status.st_dev) == skipping.device, UInt64(status.st_ino) == skipping.inode { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    folders.append((childPath, name + "/", UInt32(status.st_mode)))
                case S_IFREG, S_IFLNK:
                    let isLink = status.st_mode & S_IFMT == S_IFLNK
                    let expected = UInt64(max(0, Int64(status.st_size)))
                    let zip64 = expected >= zip64Threshold || offset >= zip64Threshold
                    let entryName = Array(name.utf8)
                    let start = offset
                    try emit(localHeader(name: entryName, zip64: zip64, isDirectory: false))
                    var crc = CRC32()
                    var size: UInt64 = 0
                    func take(_ chunk: ArraySlice<UInt8>) throws(UTIError) {
                        crc.update(chunk)
                        size += UInt64(chunk.count)
                        try emit(Array(chunk))
                    }
                    if isLink {
                        try take(try linkTarget(childPath)[...])
                    } else {
                        try FileContents.stream(path: childPath, followSymlinks: false) { (chunk) throws(UTIError) in try take(chunk) }
                    }
                    guard zip64 || size < zip64Threshold else {
                        throw UTIError(.ioError, "\(childPath): grew past 4 GiB while it was being archived")
                    }
                    var descriptor = le32(0x0807_4B50) + le32(crc.value)
                    descriptor += zip64 ? le64(size) + le64(size) : le32(UInt32(size)) + le32(UInt32(size))
                    try emit(descriptor)
                    entries.append(
                        Entry(
                            name: entryName, crc: crc.value, size: size, offset: start,
                            mode: UInt32(status.st_mode), isDirectory: false))
                default:
                    continue  // FIFOs, sockets and devices are not archived (and never opened)
                }
            }
            stack += folders.reversed()
        }
        let directoryStart = offset
        for entry in entries {
            try emit(centralHeader(entry, threshold: zip64Threshold))
        }
        let directorySize = offset - directoryStart
        let needs64 = entries.count >= entryThreshold || directorySize >= zip64Threshold || directoryStart >= zip64Threshold
        if needs64 {
            let recordStart = offset
            var record = le32(0x0606_4B50) + le64(44) + le16(45 | 3 << 8) + le16(45) + le32(0) + le32(0)
            record += le64(UInt64(entries.count)) + le64(UInt64(entries.count)) + le64(directorySize) + le64(directoryStart)
            try emit(record)
            try emit(le32(0x0706_4B50) + le32(0) + le64(recordStart) + le32(1))
        }
        // Past the entry threshold the 16-bit counts say 0xFFFF: "see the zip64 record".
        let count16 = UInt16(entries.count >= entryThreshold ? limit16 : entries.count)
        try emit(
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(count16) + le16(count16)
                + le32(needs64 ? UInt32(limit32) : UInt32(directorySize))
                + le32(needs64 ? UInt32(limit32) : UInt32(directoryStart)) + le16(0))
    }

    /// General purpose flags: bit 3, sizes follow in a data descriptor; bit 11, names are UTF-8.
    private static let flags: UInt16 = 0x0808

    /// A folder has no data and so no descriptor: its entry is flagged UTF-8 only, or readers
    /// that check for overlapping entries look for a descriptor that is not there.
    private static let folderFlags: UInt16 = 0x0800

    private static func localHeader(name: [UInt8], zip64: Bool, isDirectory: Bool) -> [UInt8] {
        // A zip64 extra field with zero sizes tells readers that the descriptor's sizes are 64-bit.
        let extra = zip64 ? le16(0x0001) + le16(16) + le64(0) + le64(0) : []
        return le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(isDirectory ? folderFlags : flags) + le16(0) + le16(0) + le16(0x21)
            + le32(0) + le32(zip64 ? UInt32(limit32) : 0) + le32(zip64 ? UInt32(limit32) : 0)
            + le16(UInt16(name.count)) + le16(UInt16(extra.count)) + name + extra
    }

    private static func centralHeader(_ entry: Entry, threshold: UInt64) -> [UInt8] {
        let bigSize = entry.size >= threshold
        let bigOffset = entry.offset >= threshold
        var extra: [UInt8] = []
        if bigSize { extra += le64(entry.size) + le64(entry.size) }
        if bigOffset { extra += le64(entry.offset) }
        if !extra.isEmpty { extra = le16(0x0001) + le16(UInt16(extra.count)) + extra }
        let size32 = bigSize ? UInt32(limit32) : UInt32(entry.size)
        let version: UInt16 = extra.isEmpty ? 20 : 45
        var header = le32(0x0201_4B50) + le16(version | 3 << 8) + le16(version) + le16(entry.isDirectory ? folderFlags : flags)
        header += le16(0) + le16(0) + le16(0x21) + le32(entry.crc) + le32(size32) + le32(size32)
        header += le16(UInt16(entry.name.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0)
        // External attributes: the Unix mode in the high half, MS-DOS's directory bit in the low.
        header += le32(entry.mode << 16 | (entry.isDirectory ? 0x10 : 0))
        header += le32(bigOffset ? UInt32(limit32) : UInt32(entry.offset)) + entry.name + extra
        return header
    }

    private static func linkTarget(_ path: String) throws(UTIError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        guard count >= 0 else { throw FileContents.error(path: path, errno: errno) }
        return Array(buffer[0..<count])
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    private static func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }
}

/// CRC-32 (IEEE 802.3), as zip uses.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    private var state: UInt32 = 0xFFFF_FFFF

    mutating func update(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes { state = Self.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
    }

    var value: UInt32 { state ^ 0xFFFF_FFFF }
}

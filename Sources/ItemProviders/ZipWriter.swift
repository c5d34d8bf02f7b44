#if canImport(Glibc)
import Glibc
#endif
import UniformTypes

/// Writes a folder as a zip archive (entries stored, not compressed), streaming: each file is read
/// in chunks and its CRC and size follow it in a data descriptor. This is how a folder's data is
/// delivered when a destination loads it as bytes.
enum ZipWriter {
    struct Entry {
        let name: [UInt8]
        let crc: UInt32
        let size: UInt64
        let offset: UInt64
        let isDirectory: Bool
    }

    static func archive(folder: String, write: (ArraySlice<UInt8>) throws(UTIError) -> Void) throws(UTIError) {
        var entries: [Entry] = []
        var offset: UInt64 = 0
        func emit(_ bytes: [UInt8]) throws(UTIError) {
            try write(bytes[...])
            offset += UInt64(bytes.count)
        }
        var stack: [(path: String, name: String)] = [(folder, "")]
        while let (path, prefix) = stack.popLast() {
            for child in try FileContents.entries(ofFolder: path).map({ String(decoding: $0, as: UTF8.self) }) {
                let childPath = path + "/" + child
                let name = prefix + child
                var status = stat()
                guard lstat(childPath, &status) == 0 else { throw FileContents.error(path: childPath, errno: errno) }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    let entryName = Array((name + "/").utf8)
                    entries.append(Entry(name: entryName, crc: 0, size: 0, offset: offset, isDirectory: true))
                    try emit(localHeader(name: entryName, descriptor: false))
                    stack.append((childPath, name + "/"))
                case S_IFREG:
                    let entryName = Array(name.utf8)
                    let start = offset
                    try emit(localHeader(name: entryName, descriptor: true))
                    var crc = CRC32()
                    var size: UInt64 = 0
                    try FileContents.stream(path: childPath, followSymlinks: false) { (chunk) throws(UTIError) in
                        crc.update(chunk)
                        size += UInt64(chunk.count)
                        try emit(Array(chunk))
                    }
                    guard size < 0xFFFF_FFFF, offset < 0xFFFF_FFFF else {
                        throw UTIError(.tooLarge, "\(folder): is too large for a zip archive without zip64")
                    }
                    try emit(le32(0x0807_4B50) + le32(crc.value) + le32(UInt32(size)) + le32(UInt32(size)))
                    entries.append(Entry(name: entryName, crc: crc.value, size: size, offset: start, isDirectory: false))
                default:
                    continue  // links, FIFOs and devices are not archived (and never opened)
                }
            }
        }
        let directoryStart = offset
        for entry in entries {
            var header = le32(0x0201_4B50) + le16(20) + le16(20) + le16(entry.isDirectory ? 0 : 0x08) + le16(0)
            header += le16(0) + le16(0x21) + le32(entry.crc) + le32(UInt32(entry.size)) + le32(UInt32(entry.size))
            header += le16(UInt16(entry.name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            header += le32(entry.isDirectory ? 0x10 : 0) + le32(UInt32(entry.offset)) + entry.name
            try emit(header)
        }
        let directorySize = offset - directoryStart
        try emit(le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
                 + le32(UInt32(directorySize)) + le32(UInt32(directoryStart)) + le16(0))
    }

    private static func localHeader(name: [UInt8], descriptor: Bool) -> [UInt8] {
        le32(0x0403_4B50) + le16(20) + le16(descriptor ? 0x08 : 0) + le16(0) + le16(0) + le16(0x21)
            + le32(0) + le32(0) + le32(0) + le16(UInt16(name.count)) + le16(0) + name
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
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

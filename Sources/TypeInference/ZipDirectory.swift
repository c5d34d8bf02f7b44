#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry names of a zip file's central directory, read from the end of the file with at most
/// two bounded reads (64 KiB for the end record, 4 MiB for the directory).
@_spi(Fuzzing) public struct ZipDirectory {
    public let names: [String]
    /// Whether the directory holds more entries than `nameLimit`, of which only the first were
    /// read: an answer from them says so.
    public var isTruncated = false

    static let directoryLimit = 4 << 20
    static let nameLimit = 20_000

    static func read(descriptor: Int32, size: Int) -> ZipDirectory? {
        read(size: size) { count, offset in pread(descriptor, count: count, offset: offset) }
    }

    /// Reads the directory of an archive of `size` bytes whose ranges `pread` returns (nil for a
    /// range that cannot be read whole).
    @_spi(Fuzzing) public static func read(size: Int, pread: (_ count: Int, _ offset: Int) -> [UInt8]?) -> ZipDirectory? {
        let tailLength = min(size, 65_557)
        guard tailLength >= 22, let tail = pread(tailLength, size - tailLength) else { return nil }
        var end = tail.count - 22
        while end >= 0 {
            if tail[end] == 0x50 && tail[end + 1] == 0x4B && tail[end + 2] == 0x05 && tail[end + 3] == 0x06 { break }
            end -= 1
        }
        guard end >= 0 else { return nil }
        var directorySize = UInt64(le32(tail, end + 12))
        var directoryOffset = UInt64(le32(tail, end + 16))
        if directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // Zip64: the locator just before the end record points at the zip64 end record. Its
            // 64-bit fields are checked against the file before any arithmetic: a hostile archive
            // may hold any value there.
            let locator = end - 20
            guard locator >= 0, le32(tail, locator) == 0x0706_4B50 else { return nil }
            let recordOffset = le64(tail, locator + 8)
            guard recordOffset <= UInt64(size), let record = pread(56, Int(recordOffset)),
                le32(record, 0) == 0x0606_4B50
            else { return nil }
            directorySize = le64(record, 40)
            directoryOffset = le64(record, 48)
        }
        guard directorySize > 0, directorySize <= UInt64(directoryLimit), directoryOffset <= UInt64(size),
            UInt64(size) - directoryOffset >= directorySize,
            let directory = pread(Int(directorySize), Int(directoryOffset))
        else { return nil }
        var names: [String] = []
        var position = 0
        var isTruncated = false
        while position + 46 <= directory.count, le32(directory, position) == 0x0201_4B50 {
            guard names.count < nameLimit else {
                isTruncated = true
                break
            }
            let nameLength = Int(le16(directory, position + 28))
            let extraLength = Int(le16(directory, position + 30))
            let commentLength = Int(le16(directory, position + 32))
            let nameStart = position + 46
            guard nameStart + nameLength <= directory.count else { break }
            names.append(String(decoding: directory[nameStart..<(nameStart + nameLength)], as: UTF8.self))
            position = nameStart + nameLength + extraLength + commentLength
        }
        return ZipDirectory(names: names, isTruncated: isTruncated)
    }

    /// The content of a first entry named `mimetype` stored uncompressed, as ODF and EPUB require.
    @_spi(Fuzzing) public static func storedMimetype(head: [UInt8]) -> String? {
        guard head.count >= 30, le32(head, 0) == 0x0403_4B50, le16(head, 8) == 0 else { return nil }
        let size = Int(le32(head, 18))
        let nameLength = Int(le16(head, 26))
        let extraLength = Int(le16(head, 28))
        guard nameLength == 8, head.count >= 30 + 8,
            String(decoding: head[30..<38], as: UTF8.self) == "mimetype", size > 0, size < 256
        else { return nil }
        let start = 30 + nameLength + extraLength
        guard start + size <= head.count else { return nil }
        return String(decoding: head[start..<(start + size)], as: UTF8.self).trimmingSpaces()
    }

    /// The package formats whose specifications make a first, stored entry named `mimetype` the
    /// declaration of what the zip is. Only these are believed; any other value (`image/png`,
    /// `application/x-executable`) is a claim the zip makes about itself and it stays a zip.
    /// A value is accepted when it equals an entry or, for entries ending in `.`, begins with it.
    static let mimetypeConventions: [(mimeType: String, specification: String)] = [
        ("application/vnd.oasis.opendocument.", "OASIS OpenDocument 1.3, part 2 (packages), 3.3 MIME media type"),
        ("application/epub+zip", "EPUB Open Container Format 3.3, 4.2.3 The mimetype file"),
        ("application/vnd.sun.xml.", "OpenOffice.org XML File Format 1.0, 2.1.2 MIME type (the mimetype stream)"),
        ("image/openraster", "OpenRaster 0.0.6, File layout: mimetype first, stored"),
        ("application/x-krita", "Krita's .kra, an OpenRaster-style package (mimetype first, stored)"),
        ("application/vnd.adobe.air-application-installer-package+zip", "Adobe Universal Container Format (UCF) 1.0, mimetype"),
        ("application/vnd.etsi.asic-e+zip", "ETSI EN 319 162-1, A.1 mimetype (ASiC-E)"),
        ("application/vnd.etsi.asic-s+zip", "ETSI EN 319 162-1, A.1 mimetype (ASiC-S)"),
        ("application/vnd.recordare.musicxml", "MusicXML 4.0, compressed file format: the optional mimetype file"),
        ("application/vnd.adobe.indesign-idml-package", "Adobe IDML File Format Specification, 2.1 package: mimetype"),
    ]

    /// Whether `mimeType`, found in a zip's `mimetype` entry, is one the package conventions above
    /// let a zip declare.
    @_spi(Fuzzing) public static func mimetypeIsDeclaration(_ mimeType: String) -> Bool {
        let value = mimeType.lowercased()
        return mimetypeConventions.contains { entry in
            entry.mimeType.hasSuffix(".") ? value.hasPrefix(entry.mimeType) && value.count > entry.mimeType.count : value == entry.mimeType
        }
    }

    static func pread(_ descriptor: Int32, count: Int, offset: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= Int(Int64.max) - count else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = buffer.withUnsafeMutableBytes {
                systemPread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return nil }
            filled += result
        }
        return buffer
    }
}

/// The `pread` the directory readers take (`ZipDirectory`, `CompoundFile`), over bytes in memory:
/// the range, or nil when it is not all there.
@_spi(Fuzzing) public func inMemoryRead(_ bytes: [UInt8]) -> (_ count: Int, _ offset: Int) -> [UInt8]? {
    { count, offset in
        guard offset >= 0, count >= 0, offset <= bytes.count, bytes.count - offset >= count else { return nil }
        return Array(bytes[offset..<(offset + count)])
    }
}

func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
}

func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(le16(bytes, offset)) | UInt32(le16(bytes, offset + 2)) << 16
}

func le64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    UInt64(le32(bytes, offset)) | UInt64(le32(bytes, offset + 4)) << 32
}

/// pread(2), named apart from ZipDirectory.pread.
private func systemPread(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(descriptor, buffer, count, offset)
}

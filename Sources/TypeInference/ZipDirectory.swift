import FileAccess
import UniformTypes

/// The entry names of a zip file's central directory, read from the end of the file with at most
/// two bounded reads (64 KiB for the end record, 4 MiB for the directory).
@_spi(Fuzzing) public struct ZipDirectory {
    /// The entry names, in the directory's order.
    public let names: [String]
    /// Whether the directory holds more entries than `nameLimit`, of which only the first were
    /// read: an answer from them says so.
    public var isTruncated = false
    /// The content types an Open Packaging Conventions package declares for its parts (the
    /// `ContentType` attributes of `[Content_Types].xml`, ECMA-376 Part 2, 10.1.2), empty for
    /// any other zip: the main part's type names the document (a template, a macro-enabled
    /// workbook, a slide show).
    public var packageContentTypes: [String] = []

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
        var contentTypesEntry: (method: UInt16, compressed: Int, uncompressed: Int, offset: Int)?
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
            let name = String(decoding: directory[nameStart..<(nameStart + nameLength)], as: UTF8.self)
            if name == "[Content_Types].xml" {
                contentTypesEntry = (
                    le16(directory, position + 10), Int(le32(directory, position + 20)),
                    Int(le32(directory, position + 24)), Int(le32(directory, position + 42))
                )
            }
            names.append(name)
            position = nameStart + nameLength + extraLength + commentLength
        }
        var found = ZipDirectory(names: names, isTruncated: isTruncated)
        if let entry = contentTypesEntry, let xml = entryBytes(entry, size: size, pread: pread) {
            found.packageContentTypes = contentTypes(in: xml)
        }
        return found
    }

    /// The largest `[Content_Types].xml` uti reads, compressed and whole (Office writes a few KiB).
    static let contentTypesLimit = 1 << 20

    /// An entry's bytes, from its local header: stored, or deflated (inflated by zlib, bounded).
    private static func entryBytes(
        _ entry: (method: UInt16, compressed: Int, uncompressed: Int, offset: Int), size: Int,
        pread: (_ count: Int, _ offset: Int) -> [UInt8]?
    ) -> [UInt8]? {
        guard entry.compressed <= contentTypesLimit, entry.uncompressed <= contentTypesLimit, entry.offset <= size - 30,
            let local = pread(30, entry.offset), le32(local, 0) == 0x0403_4B50
        else { return nil }
        let start = entry.offset + 30 + Int(le16(local, 26)) + Int(le16(local, 28))
        guard start <= size, entry.compressed <= size - start, let data = pread(entry.compressed, start) else { return nil }
        switch entry.method {
        case 0: return data
        case 8: return Inflate.raw(data, limit: contentTypesLimit)
        default: return nil
        }
    }

    /// The values of the `ContentType` attributes of a `[Content_Types].xml` (its `Default` and
    /// `Override` elements), in order.
    static func contentTypes(in xml: [UInt8]) -> [String] {
        var types: [String] = []
        let key = Array("ContentType=".utf8)
        var index = 0
        while index + key.count < xml.count {
            guard xml[index] == key[0], xml[index..<(index + key.count)].elementsEqual(key) else {
                index += 1
                continue
            }
            let quote = xml[index + key.count]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                index += 1
                continue
            }
            let valueStart = index + key.count + 1
            guard let valueEnd = xml[valueStart...].firstIndex(of: quote) else { break }
            types.append(String(decoding: xml[valueStart..<valueEnd], as: UTF8.self))
            index = valueEnd + 1
        }
        return types
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

    /// Whether `mimeType`, found in a zip's `mimetype` entry, is one the package formats that
    /// define the entry let a zip declare (`Catalog/package-rules.json`).
    @_spi(Fuzzing) public static func mimetypeIsDeclaration(_ mimeType: String) -> Bool {
        PackageRules.declaresPackage(mimetype: mimeType)
    }

    static func pread(_ descriptor: Int32, count: Int, offset: Int) -> [UInt8]? {
        guard let read = preadUpTo(descriptor, count: count, offset: offset), read.count == count else { return nil }
        return read
    }

    /// Up to `count` bytes at `offset`, fewer where the file ends; nil when none can be read.
    static func preadUpTo(_ descriptor: Int32, count: Int, offset: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= Int(Int64.max) - count else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = buffer.withUnsafeMutableBytes {
                systemPread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { break }
            filled += result
        }
        guard filled > 0 || count == 0 else { return nil }
        buffer.removeLast(count - filled)
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

/// A reader over bytes in memory that gives up to `count` bytes at `offset`, fewer where the bytes
/// end, nil past them (`Uncompress.firstBytes` reads a stream so).
@_spi(Fuzzing) public func inMemoryReadUpTo(_ bytes: [UInt8]) -> (_ count: Int, _ offset: Int) -> [UInt8]? {
    { count, offset in
        guard offset >= 0, count >= 0, offset < bytes.count else { return nil }
        return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count - offset))])
    }
}

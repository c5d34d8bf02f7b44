import UniformTypes

/// Windows bitmaps, decoded from Microsoft's specification of the format (BITMAPFILEHEADER,
/// BITMAPCOREHEADER, BITMAPINFOHEADER and its V2 to V5 extensions): uncompressed pixels of 1, 4
/// or 8 bits through a color table, run-length compressed ones of 4 and 8 bits (BI_RLE4,
/// BI_RLE8), and 16, 24 or 32 bits with the default or given channel masks. Embedded JPEG or PNG
/// is refused with a message.
/// Every read is bounds-checked, and the size is checked against `Limits.imagePixels` before
/// any pixel is allocated.
enum BMP {
    /// The header fields the decoder uses.
    struct Header {
        var width = 0
        var height = 0
        var topDown = false
        var bitCount = 0
        var compression = 0
        var pixelOffset = 0
        var palette: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        var masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) = (0, 0, 0, 0)
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    static func header(_ bytes: [UInt8], label: String) throws(UTIError) -> Header {
        func invalid(_ why: String) -> UTIError { UTIError(.invalidInput, "\(label): the BMP does not decode (\(why))") }
        guard bytes.count >= 26, bytes[0] == 0x42, bytes[1] == 0x4D, let offset = u32(bytes, 10), let size = u32(bytes, 14) else {
            throw invalid("no bitmap file header")
        }
        var header = Header()
        header.pixelOffset = Int(offset)
        let infoSize = Int(size)
        var paletteEntry = 4
        switch infoSize {
        case 12:  // BITMAPCOREHEADER: 16-bit sizes, 3-byte color table entries
            guard let width = u16(bytes, 18), let height = u16(bytes, 20), let bits = u16(bytes, 24) else { throw invalid("a short header") }
            (header.width, header.height, header.bitCount) = (width, height, bits)
            paletteEntry = 3
        case 40, 52, 56, 64, 108, 124:
            guard let width = u32(bytes, 18), let height = u32(bytes, 22), let bits = u16(bytes, 28), let compression = u32(bytes, 30),
                bytes.count >= 14 + infoSize
            else { throw invalid("a short header") }
            header.width = Int(Int32(bitPattern: width))
            let signedHeight = Int(Int32(bitPattern: height))
            header.topDown = signedHeight < 0
            header.height = signedHeight.magnitude > Int(Int32.max) ? 0 : abs(signedHeight)
            header.bitCount = bits
            header.compression = Int(compression)
        default:
            throw invalid("an unknown header of \(infoSize) bytes")
        }
        guard header.width > 0, header.height > 0 else { throw invalid("no pixels (\(header.width)×\(header.height))") }
        var tableStart = 14 + infoSize
        switch header.compression {
        case 0: break
        case 3, 6:  // BI_BITFIELDS, BI_ALPHABITFIELDS: masks in the header (V2 and later) or after it
            guard header.bitCount == 16 || header.bitCount == 32 else { throw invalid("bit fields with \(header.bitCount) bits a pixel") }
            let count = header.compression == 6 ? 4 : 3
            let at = 54
            if infoSize == 40 { tableStart += count * 4 }
            guard let red = u32(bytes, at), let green = u32(bytes, at + 4), let blue = u32(bytes, at + 8) else { throw invalid("no channel masks") }
            let alpha = (count == 4 || infoSize >= 56) ? (u32(bytes, at + 12) ?? 0) : 0
            header.masks = (red, green, blue, alpha)
        case 1, 2:
            guard header.bitCount == (header.compression == 1 ? 8 : 4), !header.topDown else {
                throw invalid("run-length compression \(header.compression) with \(header.bitCount) bits a pixel")
            }
        default: throw invalid("compression \(header.compression) (an embedded JPEG or PNG, or unknown) is not decoded")
        }
        switch header.bitCount {
        case 1, 4, 8:
            let used = infoSize >= 40 ? Int(u32(bytes, 46) ?? 0) : 0
            let count = used == 0 || used > 1 << header.bitCount ? 1 << header.bitCount : used
            for index in 0..<count {
                let at = tableStart + index * paletteEntry
                guard at + 3 <= bytes.count else { throw invalid("the color table is cut short") }
                header.palette.append((bytes[at + 2], bytes[at + 1], bytes[at]))
            }
        case 16:
            if header.compression == 0 { header.masks = (0x7C00, 0x03E0, 0x001F, 0) }
        case 24: break
        case 32:
            if header.compression == 0 { header.masks = (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0) }
        default: throw invalid("\(header.bitCount) bits a pixel")
        }
        return header
    }

    /// A bitmap's size from its header.
    static func dimensions(_ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        let header = try header(bytes, label: label)
        return (header.width, header.height)
    }

    /// The value of the channel `mask` selects, scaled to 8 bits (to the nearest value: a 5-bit
    /// 28 is 230; bit replication, which some decoders use, gives 231).
    static func channel(_ pixel: UInt32, _ mask: UInt32) -> UInt8 {
        guard mask != 0 else { return 0 }
        let value = (pixel & mask) >> UInt32(mask.trailingZeroBitCount)
        let maximum = mask >> UInt32(mask.trailingZeroBitCount)
        return UInt8((UInt64(value) * 255 + UInt64(maximum) / 2) / UInt64(maximum))
    }

    /// A run-length compressed bitmap's color indices, rows top to bottom; a pixel the runs skip
    /// (a delta, an early end of line) is -1 and stays black. RLE8 runs are a count and an index,
    /// RLE4 runs a count and two indices that alternate; a zero count escapes: 0 ends the line, 1
    /// the bitmap, 2 moves by the next two bytes, more is that many literal indices padded to a
    /// 16-bit boundary.
    static func runs(_ bytes: [UInt8], header: Header, label: String) throws(UTIError) -> [Int16] {
        var indices = [Int16](repeating: -1, count: header.width * header.height)
        let nibbles = header.compression == 2
        var at = header.pixelOffset
        var x = 0
        var y = 0  // y counts from the bottom row
        func put(_ index: Int) {
            guard x < header.width, y < header.height else { return }
            indices[(header.height - 1 - y) * header.width + x] = Int16(index)
        }
        while at + 1 < bytes.count, y < header.height {
            let count = Int(bytes[at])
            let value = Int(bytes[at + 1])
            at += 2
            if count > 0 {
                for step in 0..<count {
                    put(nibbles ? (step % 2 == 0 ? value >> 4 : value & 0x0F) : value)
                    x += 1
                }
                continue
            }
            switch value {
            case 0: (x, y) = (0, y + 1)
            case 1: return indices
            case 2:
                guard at + 1 < bytes.count else { return indices }
                (x, y) = (x + Int(bytes[at]), y + Int(bytes[at + 1]))
                at += 2
            default:
                let length = nibbles ? (value + 1) / 2 : value
                guard at + length <= bytes.count else {
                    throw UTIError(.invalidInput, "\(label): the BMP does not decode (a literal run is cut short)")
                }
                for step in 0..<value {
                    let byte = Int(bytes[at + (nibbles ? step / 2 : step)])
                    put(nibbles ? (step % 2 == 0 ? byte >> 4 : byte & 0x0F) : byte)
                    x += 1
                }
                at += (length + 1) / 2 * 2
            }
        }
        return indices
    }

    /// Decodes a bitmap to RGB, rows top to bottom; an alpha channel is composited onto black.
    static func decode(_ bytes: [UInt8], label: String) throws(UTIError) -> RGBImage {
        let header = try header(bytes, label: label)
        try ImageCodec.checkSize(width: header.width, height: header.height, label: label)
        if header.compression == 1 || header.compression == 2 {
            guard header.pixelOffset >= 14, header.pixelOffset <= bytes.count else {
                throw UTIError(.invalidInput, "\(label): the BMP does not decode (its pixels are cut short)")
            }
            var pixels = [UInt8](repeating: 0, count: header.width * header.height * 3)
            for (position, index) in try runs(bytes, header: header, label: label).enumerated() where index >= 0 && Int(index) < header.palette.count {
                let color = header.palette[Int(index)]
                (pixels[position * 3], pixels[position * 3 + 1], pixels[position * 3 + 2]) = (color.red, color.green, color.blue)
            }
            return RGBImage(width: header.width, height: header.height, pixels: pixels)
        }
        let stride = (header.width * header.bitCount + 31) / 32 * 4
        guard header.pixelOffset >= 14, header.pixelOffset <= bytes.count,
            stride.multipliedReportingOverflow(by: header.height).partialValue <= bytes.count - header.pixelOffset
        else {
            throw UTIError(.invalidInput, "\(label): the BMP does not decode (its pixels are cut short)")
        }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 3)
        for row in 0..<header.height {
            let source = header.pixelOffset + (header.topDown ? row : header.height - 1 - row) * stride
            for column in 0..<header.width {
                var red: UInt8 = 0
                var green: UInt8 = 0
                var blue: UInt8 = 0
                switch header.bitCount {
                case 1, 4, 8:
                    let bit = column * header.bitCount
                    let byte = bytes[source + bit / 8]
                    let index = Int(byte >> UInt8(8 - header.bitCount - bit % 8)) & (1 << header.bitCount - 1)
                    if index < header.palette.count { (red, green, blue) = header.palette[index] }
                case 24:
                    let at = source + column * 3
                    (red, green, blue) = (bytes[at + 2], bytes[at + 1], bytes[at])
                default:
                    let at = source + column * header.bitCount / 8
                    let value = header.bitCount == 16 ? UInt32(u16(bytes, at) ?? 0) : u32(bytes, at) ?? 0
                    (red, green, blue) = (channel(value, header.masks.red), channel(value, header.masks.green), channel(value, header.masks.blue))
                    if header.masks.alpha != 0 {
                        let alpha = UInt16(channel(value, header.masks.alpha))
                        (red, green, blue) = (UInt8(UInt16(red) * alpha / 255), UInt8(UInt16(green) * alpha / 255), UInt8(UInt16(blue) * alpha / 255))
                    }
                }
                let target = (row * header.width + column) * 3
                (pixels[target], pixels[target + 1], pixels[target + 2]) = (red, green, blue)
            }
        }
        return RGBImage(width: header.width, height: header.height, pixels: pixels)
    }
}

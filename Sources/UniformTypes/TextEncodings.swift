/// Text encodings: decoding bytes as libmagic names their encoding, and finding UTF-16 and
/// UTF-32 that carry no byte-order mark.
public enum TextEncodings {
    /// The text of `bytes` in an encoding as libmagic names it (`utf-16le`, `iso-8859-1`, ...);
    /// anything else is read as UTF-8, invalid sequences replaced.
    public static func decode(_ bytes: ArraySlice<UInt8>, encoding: String) -> String {
        switch encoding {
        case "utf-16le", "utf-16be":
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let pair = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(encoding == "utf-16le" ? pair.0 | pair.1 << 8 : pair.0 << 8 | pair.1)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        case "iso-8859-1", "unknown-8bit", "ebcdic":
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        default:
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether `bytes` are UTF-32 code units without a byte-order mark, little- or big-endian:
    /// every four bytes a scalar value from U+0001 to U+10FFFF. Text whose encoding puts NULs
    /// between its characters, not binary.
    public static func isBOMlessUTF32(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let units = bytes.count / 4
        guard units > 0 else { return false }
        return [false, true].contains { bigEndian in
            (0..<units).allSatisfy { unit in
                let word = bytes.loadUnaligned(fromByteOffset: unit * 4, as: UInt32.self)
                return (1...0x10FFFF).contains(bigEndian ? UInt32(bigEndian: word) : UInt32(littleEndian: word))
            }
        }
    }

    /// The encoding of UTF-16 text without a byte-order mark, which libmagic calls data: most
    /// code units decode to printable characters, and ASCII ones put their zero byte on one side.
    public static func bomlessUTF16(_ head: [UInt8]) -> String? {
        let count = head.count & ~1
        guard count >= 8 else { return nil }
        var zeroEven = 0
        var zeroOdd = 0
        for index in stride(from: 0, to: count, by: 2) {
            if head[index] == 0 { zeroEven += 1 }
            if head[index + 1] == 0 { zeroOdd += 1 }
        }
        let units = count / 2
        let encoding: String
        if zeroOdd * 10 >= units * 3 && zeroEven * 10 < units {
            encoding = "utf-16le"
        } else if zeroEven * 10 >= units * 3 && zeroOdd * 10 < units {
            encoding = "utf-16be"
        } else {
            return nil
        }
        let text = decode(head[0..<count], encoding: encoding)
        let printable = text.unicodeScalars.filter { $0.properties.isWhitespace || ($0.value >= 0x20 && $0 != "\u{FFFD}") }
        return printable.count * 100 >= text.unicodeScalars.count * 95 ? encoding : nil
    }

    /// The encoding of `head` when it is plainly text that uti reads itself: a UTF-8 or UTF-16
    /// byte-order mark, or ASCII or UTF-8 with no control characters but tab, line breaks, form
    /// feed, backspace, bell and escape. nil means "ask libmagic" (binary, Latin-1, UTF-16
    /// without a mark, UTF-32). A multibyte sequence cut off by the end of an incomplete head counts.
    public static func plainEncoding(of head: [UInt8], isComplete: Bool) -> String? {
        if head.starts(with: [0xFF, 0xFE]) { return head.starts(with: [0xFF, 0xFE, 0, 0]) ? nil : "utf-16le" }
        if head.starts(with: [0xFE, 0xFF]) { return "utf-16be" }
        return head.withUnsafeBufferPointer { head in
            var ascii = true
            var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if index == 3 { ascii = false }
            while index < head.count {
                // Eight bytes at a time while they are all printable ASCII, tabs or line ends (no
                // high bit, no DEL, nothing else below 0x20): most of a text file. With the high
                // bits clear no byte carries into the next: a byte's high bit after adding 0x60
                // says it is 0x20 or above, after adding 1 that it is DEL.
                if index + 8 <= head.count {
                    let word = UnsafeRawPointer(head.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    let highBits: UInt64 = 0x8080_8080_8080_8080
                    if word & highBits == 0 {
                        let belowSpace = ~(word &+ 0x6060_6060_6060_6060) & highBits
                        let isDelete = (word &+ 0x0101_0101_0101_0101) & highBits
                        let whiteSpace = Self.bytesEqual(word, 0x0A) | Self.bytesEqual(word, 0x09) | Self.bytesEqual(word, 0x0D)
                        if belowSpace & ~whiteSpace == 0 && isDelete == 0 {
                            index += 8
                            continue
                        }
                    }
                }
                let byte = head[index]
                if byte < 0x80 {
                    if isForbiddenInText(byte) { return nil }
                    index += 1
                    continue
                }
                ascii = false
                let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
                guard length > 0, byte < 0xF5 else { return nil }
                if index + length > head.count { return isComplete ? nil : "utf-8" }
                for offset in 1..<length where head[index + offset] & 0xC0 != 0x80 { return nil }
                if length == 3 && ((byte == 0xE0 && head[index + 1] < 0xA0) || (byte == 0xED && head[index + 1] >= 0xA0)) { return nil }
                if length == 4 && ((byte == 0xF0 && head[index + 1] < 0x90) || (byte == 0xF4 && head[index + 1] >= 0x90)) { return nil }
                index += length
            }
            return ascii ? "us-ascii" : "utf-8"
        }
    }

    /// The encoding of text in a single-byte character set, as libmagic classifies it (its
    /// encoding.c: every byte text in plain ASCII, in ISO 8859, or in an extended set such as a
    /// Mac or PC code page): `iso-8859-1` when every byte is a printable ASCII character, an
    /// allowed control, NEL (0x85) or 0xA0 to 0xFF; `unknown-8bit` when bytes 0x80 to 0x9F occur
    /// too; `us-ascii` for ASCII whose only other byte is NEL, which libmagic counts as ASCII.
    /// nil for anything else (a NUL, another control, DEL): binary, or text in an encoding
    /// libmagic tells (UTF-16 without a mark, EBCDIC). For `head`s `plainEncoding` refused:
    /// libmagic decides the encoding on the first 64 KiB (MAGIC_PARAM_ENCODING_MAX), as uti
    /// reads a head.
    public static func eightBitEncoding(of head: [UInt8]) -> String? {
        var latin1 = false
        var extended = false
        for byte in head {
            if byte < 0x80 {
                if isForbiddenInText(byte) { return nil }
            } else if byte >= 0xA0 {
                latin1 = true
            } else if byte != 0x85 {
                extended = true
            }
        }
        return extended ? "unknown-8bit" : latin1 ? "iso-8859-1" : "us-ascii"
    }

    /// The high bit of each byte of `word` (whose high bits are clear) that equals `byte`.
    @inline(__always)
    private static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        // A byte is zero when adding 0x7F to it leaves the high bit clear (no carry: under 0x80).
        return ~(difference &+ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
    }

    /// Whether an ASCII byte is one text does not hold: a control character but those
    /// `allowedControls` names, or DEL.
    @inline(__always)
    private static func isForbiddenInText(_ byte: UInt8) -> Bool {
        byte < 0x20 && (allowedControls >> byte) & 1 == 0 || byte == 0x7F
    }

    /// The control characters text may hold (BEL, BS, TAB, LF, VT, FF, CR, ESC), one bit each, so
    /// that the check per byte is a shift rather than a set lookup.
    private static let allowedControls: UInt32 = 0b0111_1111 << 7 | 1 << 0x1B
}

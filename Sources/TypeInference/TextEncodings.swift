/// Text encodings: decoding bytes as libmagic names their encoding, and finding UTF-16 that
/// carries no byte-order mark.
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

    /// The encoding of UTF-16 text without a byte-order mark, which libmagic calls data: most
    /// code units decode to printable characters, and ASCII ones put their zero byte on one side.
    public static func bomlessUTF16(_ head: [UInt8]) -> String? {
        let count = head.count & ~1
        guard count >= 8 else { return nil }
        var zeroEven = 0, zeroOdd = 0
        for index in stride(from: 0, to: count, by: 2) {
            if head[index] == 0 { zeroEven += 1 }
            if head[index + 1] == 0 { zeroOdd += 1 }
        }
        let units = count / 2
        let encoding: String
        if zeroOdd * 10 >= units * 3 && zeroEven * 10 < units { encoding = "utf-16le" }
        else if zeroEven * 10 >= units * 3 && zeroOdd * 10 < units { encoding = "utf-16be" }
        else { return nil }
        let text = decode(head[0..<count], encoding: encoding)
        let printable = text.unicodeScalars.filter { $0.properties.isWhitespace || ($0.value >= 0x20 && $0 != "\u{FFFD}") }
        return printable.count * 100 >= text.unicodeScalars.count * 95 ? encoding : nil
    }
}

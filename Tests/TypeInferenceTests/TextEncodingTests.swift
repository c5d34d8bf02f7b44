import Testing
import UTITestSupport
import UniformTypes

@testable import TypeInference

/// The text check reads eight bytes at a time while they are printable ASCII; a byte that is not
/// must be found wherever it stands in a word.
@Suite struct TextEncodingTests {
    static let line = Array("The quick brown fox jumps over the lazy dog, 0123456789!".utf8)

    @Test(arguments: 0..<24)
    func aForbiddenControlIsFoundAnywhere(position: Int) {
        for forbidden: UInt8 in [0x00, 0x01, 0x06, 0x0E, 0x1A, 0x1F, 0x7F] {
            var bytes = Self.line
            bytes[position] = forbidden
            #expect(TextEncodings.plainEncoding(of: bytes, isComplete: true) == nil, "byte \(forbidden) at \(position)")
        }
    }

    @Test(arguments: 0..<24)
    func allowedControlsAndUTF8AreTextAnywhere(position: Int) {
        for allowed: UInt8 in [0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B] {
            var bytes = Self.line
            bytes[position] = allowed
            #expect(TextEncodings.plainEncoding(of: bytes, isComplete: true) == "us-ascii", "byte \(allowed) at \(position)")
        }
        var bytes = Self.line
        bytes.replaceSubrange(position..<position + 2, with: [0xC3, 0xA9])  // é
        #expect(TextEncodings.plainEncoding(of: bytes, isComplete: true) == "utf-8")
        bytes[position + 1] = 0x41  // a lead byte without its continuation
        #expect(TextEncodings.plainEncoding(of: bytes, isComplete: true) == nil)
    }

    /// Text in a single-byte set is named as libmagic's encoding.c classifies it: ISO 8859 when
    /// every byte is ASCII text or 0xA0 to 0xFF, an unknown 8-bit set when 0x80 to 0x9F occur
    /// (Windows-1252's quotes), ASCII where the only other byte is NEL; a NUL or DEL is no text.
    @Test func singleByteTextIsNamedAsLibmagicNamesIt() {
        #expect(TextEncodings.eightBitEncoding(of: Array("Caf".utf8) + [0xE9, 0x0A]) == "iso-8859-1")
        #expect(TextEncodings.eightBitEncoding(of: [0x93] + Array("quoted".utf8) + [0x94, 0xE9]) == "unknown-8bit")
        #expect(TextEncodings.eightBitEncoding(of: Array("line".utf8) + [0x85] + Array("next".utf8)) == "us-ascii")
        #expect(TextEncodings.eightBitEncoding(of: Array("Caf".utf8) + [0xE9, 0x00]) == nil)
        #expect(TextEncodings.eightBitEncoding(of: Array("Caf".utf8) + [0xE9, 0x7F]) == nil)
    }

    @Test func plainASCIIOfEveryLengthIsASCII() {
        for length in 0...20 {
            #expect(TextEncodings.plainEncoding(of: Array(Self.line.prefix(length)), isComplete: true) == "us-ascii")
        }
    }
}

/// MIME types are compared bare: no parameters, no surrounding blanks, lowercase; names that are
/// bare already come back as they are.
@Suite struct BareMIMETypeTests {
    @Test(arguments: [
        ("image/png", "image/png"), ("text/plain; charset=utf-8", "text/plain"), ("Image/PNG", "image/png"),
        (" text/html\t", "text/html"), ("application/vnd.ms-excel;x=1", "application/vnd.ms-excel"), ("", ""),
    ])
    func bare(mime: String, expected: String) {
        #expect(FileMIME.bare(mime) == expected)
    }
}

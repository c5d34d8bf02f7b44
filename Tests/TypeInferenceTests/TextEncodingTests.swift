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

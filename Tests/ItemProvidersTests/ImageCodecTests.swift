import FileAccess
import Foundation
import ImageCodecs
import Testing
import UTITestSupport
import UniformTypes

/// The image encoders behind a UIImage's PNG and JPEG: bounded, and faithful on real files.
@Suite struct ImageCodecTests {
    func fixture(_ name: String) throws -> [UInt8] {
        try FileContents.read(path: repositoryRoot.appendingPathComponent("Fixtures/files/\(name)").path)
    }

    @Test func aJPEGRoundTripsThroughPNGPixelForPixel() throws {
        let decoded = try ImageCodec.decodeJPEG(try fixture("photo.jpg"), label: "photo.jpg")
        #expect(decoded.width == 16 && decoded.height == 16)
        let png = try ImageCodec.encodePNG(decoded, label: "photo.jpg")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try ImageCodec.decodePNG(png, label: "png") == decoded)
    }

    @Test func aHeaderClaimingTooManyPixelsIsRefusedBeforeAnythingIsAllocated() throws {
        // A PNG signature and an IHDR chunk for 100000 x 100000 pixels (CRC from zlib's crc32).
        var ihdr: [UInt8] = Array("IHDR".utf8)
        for value in [UInt32(100_000), 100_000] { ihdr += withUnsafeBytes(of: value.bigEndian, Array.init) }
        ihdr += [8, 2, 0, 0, 0]
        let crc = crc32(ihdr)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr + withUnsafeBytes(of: crc.bigEndian, Array.init)
        // An empty IDAT and the IEND, so that libpng reaches the end of the header.
        for name in ["IDAT", "IEND"] { png += [0, 0, 0, 0] + Array(name.utf8) + withUnsafeBytes(of: crc32(Array(name.utf8)).bigEndian, Array.init) }
        let error = #expect(throws: UTIError.self) { try ImageCodec.decodePNG(png, label: "huge.png") }
        #expect(error?.message == "huge.png: a 100000×100000 image: exceeds uti's image-pixels limit (40000000)")
        #expect(error?.code == .invalidInput)
    }

    @Test func bytesThatAreNotImagesAreErrorsNamingTheFile() throws {
        let notJPEG = #expect(throws: UTIError.self) { try ImageCodec.decodeJPEG(Array("hello".utf8), label: "x.jpg") }
        #expect(notJPEG?.message.hasPrefix("x.jpg: not a JPEG libjpeg-turbo reads (") == true)
        let notPNG = #expect(throws: UTIError.self) { try ImageCodec.decodePNG(Array("hello".utf8), label: "x.png") }
        #expect(notPNG?.message.hasPrefix("x.png: not a PNG libpng reads (") == true)
    }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

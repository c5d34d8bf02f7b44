import FileAccess
import Foundation
import ImageCodecs
import Testing
import UTITestSupport
import UniformTypes

/// The decoders behind a UIImage made from a GIF, WebP, TIFF or BMP (giflib, libwebp, libtiff,
/// and BMP from Microsoft's specification): each fixture decodes to the pixels ImageMagick reads
/// from it (Fixtures/images/README.md says how they were made and compared).
@Suite struct ImageDecoderTests {
    func read(_ path: String) throws -> [UInt8] {
        try FileContents.read(path: repositoryRoot.appendingPathComponent("Fixtures/\(path)").path)
    }

    func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> [Int] {
        let at = (y * image.width + x) * 3
        return image.pixels[at..<at + 3].map(Int.init)
    }

    func decode(_ path: String) throws -> RGBImage {
        let bytes = try read(path)
        // The decoders are named after the fixtures' extensions (gif, webp, tiff, bmp).
        let decoder = try #require(ImageCodec.decoders.first { path.hasSuffix(".\($0.name)") })
        return try decoder.decode(bytes, path)
    }

    // Lossless copies of photo.png: the same 16×16 pixels, exactly.
    @Test(arguments: ["files/photo.gif", "files/photo.tiff", "files/photo.bmp", "images/rgb24.bmp", "images/palette8.bmp", "images/rle8.bmp"])
    func losslessCopiesDecodeToThePhotosPixels(path: String) throws {
        let photo = try ImageCodec.decodePNG(try read("files/photo.png"), label: "photo.png")
        let decoded = try decode(path)
        #expect(decoded == photo)
    }

    // Pixels ImageMagick reads (convert FILE -background black -alpha remove -depth 8 txt:-) at
    // (0,0), (7,7), (3,12) and (15,15); 16-bit channels may differ by 1 (ImageMagick replicates
    // bits, uti rounds to the nearest value).
    @Test(arguments: [
        ("images/palette4.bmp", [[255, 0, 0], [136, 0, 119], [51, 0, 204], [0, 0, 255]], 0),
        ("images/mono1.bmp", [[255, 255, 255], [255, 255, 255], [0, 0, 0], [0, 0, 0]], 0),
        ("images/rgba32.bmp", [[128, 0, 0], [68, 0, 59], [25, 0, 102], [0, 0, 128]], 1),
        ("images/rgb555.bmp", [[255, 0, 0], [132, 0, 115], [49, 0, 198], [0, 0, 255]], 1),
        ("images/interlaced.gif", [[0, 0, 0], [136, 0, 119], [51, 0, 204], [0, 0, 255]], 0),
        ("files/photo.webp", [[250, 6, 11], [137, 0, 118], [48, 3, 205], [10, 0, 250]], 0),
    ])
    func otherLayoutsDecodeAsImageMagickReadsThem(path: String, expected: [[Int]], tolerance: Int) throws {
        let decoded = try decode(path)
        #expect(decoded.width == 16 && decoded.height == 16)
        for (point, want) in zip([(0, 0), (7, 7), (3, 12), (15, 15)], expected) {
            let got = pixel(decoded, point.0, point.1)
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "\(path) at \(point): \(got), not \(want)")
        }
    }

    // Bad input is a one-line error naming the file and the library's reason, never a crash or
    // a message from the library on standard error; a header past the pixel limit is refused
    // before anything is allocated.
    @Test func brokenAndHugeImagesAreRefused() throws {
        let gif = try read("files/photo.gif")
        #expect(throws: UTIError.self) { try ImageCodec.decodeGIF(Array(gif.prefix(40)), label: "cut.gif") }
        #expect(throws: UTIError.self) { try ImageCodec.decodeTIFF(Array("II*\u{0}garbage".utf8), label: "bad.tiff") }
        #expect(throws: UTIError.self) { try ImageCodec.decodeWebP(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), label: "bad.webp") }
        let bmp = try read("images/rgb24.bmp")
        #expect(throws: UTIError.self) { try ImageCodec.decoders.first { $0.name == "bmp" }!.decode(Array(bmp.prefix(100)), "cut.bmp") }
        // 10,000 × 10,000: 100 million pixels, over the 40 million limit.
        var huge = Array(bmp.prefix(54))
        huge.replaceSubrange(18..<26, with: [0x10, 0x27, 0, 0, 0x10, 0x27, 0, 0])
        do {
            _ = try ImageCodec.decoders.first { $0.name == "bmp" }!.decode(huge, "huge.bmp")
            Issue.record("a 10,000 × 10,000 bitmap decoded")
        } catch {
            #expect(error.message.contains("huge.bmp: a 10000×10000 image"))
            #expect(error.message.contains("image-pixels"))
        }
    }
}
